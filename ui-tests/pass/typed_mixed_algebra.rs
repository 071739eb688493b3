// Typed layouts with run-time leaves: the algebra returns typed mixed layouts
// (`Mixed<…>`) whose nesting and static leaves are in the type, printed as C++
// prints them, and usable as operands of the next operation.
use cute::typed::{
    coalesce, complement, composition, logical_divide, logical_product, make_layout,
    make_layout_strided, zipped_divide, Layout, Mixed, _1, _128, _16, _2, _32, _4,
    _8,
};

fn main() -> Result<(), cute::Error> {
    let m: usize = 96;
    let a = Layout::new((_128, m), (_1, _128))?;

    // Tiles of 32x16: the static parts stay static.
    let tiles = logical_divide(a, (_32, _16))?;
    assert_eq!(tiles.to_string(), "((_32,_4),(_16,6)):((_1,_32),(_128,_2048))");
    assert_eq!(tiles.size(), 128 * 96);

    // The result is the operand of the next operation, still typed.
    let z = zipped_divide(tiles, (_8, _4))?;
    let _: &Mixed<_> = &z;
    assert_eq!(z.eval_index(33), z.to_dynamic().eval_index(33).map(|v| v.value));

    // Composition with a static layout, then coalesce.
    let b = make_layout_strided((_4, _8), (_8, _1));
    let c = coalesce(composition(a, b)?)?;
    assert_eq!(c.to_string(), "(_4,_8):(_8,_1)");

    // Products and complements of layouts with static strides.
    let rows = Layout::new(m, _1)?;
    let p = logical_product(rows, make_layout((_2, _2)))?;
    assert_eq!(p.to_string(), "(96,(_2,_2)):(_1,(96,192))");
    let k = complement(Layout::new((_4, m), (_1, _8))?, 4096i64)?;
    assert_eq!(k.to_string(), "(_2,6):(_4,768)");
    Ok(())
}
