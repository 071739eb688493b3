// Malformed text: a layout has exactly one `:`.
fn main() {
    let _ = cute::layout!((4,8):(1,4):(2,2));
}
