// Rule: shape and stride must have the same nesting, also through the typed
// constructors. Nesting is part of the type, so this holds for run-time leaves too.
use cute::typed::*;

fn main() {
    let _ = make_layout_strided((4, (2, 2)), (4, 2));
}
