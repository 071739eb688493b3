// Rule: shape and stride must have the same nesting, in the type form too.
type Tile = cute::Layout![(4,(2,2)):(4,2)];

fn main() {
    let _ = core::mem::size_of::<Tile>();
}
