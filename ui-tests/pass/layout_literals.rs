// The literal forms of layout! and the values they give.
use cute::typed::{Layout, StaticLayout, _1, _2, _4, _8};

fn main() {
    // Fully static: zero-sized, the type is spelled out by the macro.
    let a: Layout<(_4, (_2, _2)), (_4, (_1, _2))> = cute::layout!((4,(2,2)):(4,(1,2)));
    assert_eq!(a.to_string(), "(_4,(_2,_2)):(_4,(_1,_2))");
    assert_eq!(core::mem::size_of_val(&a), 0);
    assert_eq!((a.eval(4), a.eval(8), a.eval(5)), (Ok(1), Ok(2), Ok(5)));

    // A shape alone: compact column-major, static shape-1 modes get stride 0.
    let b: Layout<(_4, _8), (_1, _4)> = cute::layout!((4, 8));
    assert_eq!(b.to_string(), "(_4,_8):(_1,_4)");
    assert_eq!(cute::layout!((1, 4)).to_string(), "(_1,_4):(_0,_1)");
    assert_eq!(cute::layout!(8:2).to_string(), "_8:_2");
    assert_eq!(cute::layout!((3):(1)).to_string(), "(_3):(_1)");

    // Values beyond the aliases and CuTe's `_N` spelling.
    let c = cute::layout!((1000,_8):(_8,8000));
    assert_eq!(c.to_string(), "(_1000,_8):(_8,_8000)");
    assert_eq!(
        <Layout<(_8,), (_1,)> as StaticLayout>::LAYOUT.to_string(),
        "(_8):(_1)"
    );
    let d = cute::layout!((4294967296):(1));
    assert_eq!(d.size(), 4294967296);
}
