// The slicing placeholder `_` belongs in coordinates, not in shapes.
fn main() {
    let _ = cute::shape!((_,4));
}
