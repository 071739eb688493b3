// In the type form, braces hold a type (or nothing, for i64), not a value.
type Tile = cute::Layout![(4,{8}):(1,4)];

fn main() {
    let _ = core::mem::size_of::<Tile>();
}
