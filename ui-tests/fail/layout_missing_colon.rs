// Malformed text: shape and stride are separated by `:`.
fn main() {
    let _ = cute::layout!((4,8)(1,4));
}
