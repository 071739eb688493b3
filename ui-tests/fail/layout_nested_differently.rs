// Rule: shape and stride must have the same nesting, not just the same number of leaves.
fn main() {
    let _ = cute::layout!((4,(2,2)):((4,2),1));
}
