// Rule: shape and stride must have the same nesting (a rank-2 shape with an integer stride).
use cute::typed::*;

fn main() {
    let _ = Layout::new((4, 8), 1);
}
