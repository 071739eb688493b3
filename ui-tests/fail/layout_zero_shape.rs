// Rule: shape entries must be positive.
fn main() {
    let _ = cute::layout!((4,0):(1,4));
}
