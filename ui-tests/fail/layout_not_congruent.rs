// Rule: shape and stride must have the same nesting (congruence).
fn main() {
    let _ = cute::layout!((4,(2,2)):(4,2));
}
