// Rule: tile_to_shape needs a block that divides the target shape.
fn main() {
    let _ = cute::layout!(tile_to_shape((2,3), (8,8)));
}
