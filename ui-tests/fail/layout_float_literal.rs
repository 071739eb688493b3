// Leaves are integers.
fn main() {
    let _ = cute::layout!((4.0,8):(1,4));
}
