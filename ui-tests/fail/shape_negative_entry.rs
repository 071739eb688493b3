// Rule: shape entries must be positive (in shape! as in layout!).
fn main() {
    let _ = cute::shape!((4,(2,-2)));
}
