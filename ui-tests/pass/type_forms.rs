// The type forms: Layout![…] and IntTuple![…] name the types layout!, shape!,
// stride! and coord! produce, for signatures and type aliases.
use cute::typed::*;
use cute::{layout, Layout};

type Tile = Layout![(4,8):(8,1)];
type Column = Layout![(4,{}):(1,4)];
type Composed = Layout![composition((20):(2), (4,5):(1,4))];

fn rows(t: Tile) -> i64 {
    t.eval((1, 0)).unwrap()
}

fn takes_shape(s: cute::IntTuple![(4, ({}, 2))]) -> i64 {
    s.product().unwrap()
}

fn main() {
    let t: Tile = layout!((4,8):(8,1));
    assert_eq!(rows(t), 8);
    let _: Layout<(_4, _8), (_8, _1)> = t;

    let n = 7;
    let c: Column = layout!((4,{n}):(1,4)).unwrap();
    assert_eq!(c.size(), 28);

    let r = Composed::default();
    assert_eq!(r.to_string(), "(_4,_5):(_2,_8)");

    assert_eq!(takes_shape(cute::shape!((4, ({ n }, 2)))), 56);

    // A dynamic leaf of another integer type than i64.
    let d: cute::IntTuple![({ i64 }, _8)] = cute::stride!(({ n }, 8));
    assert_eq!(d.0, 7);

    // Static values beyond the aliases name the same type either way.
    let big: Layout![(1000):(1)] = layout!((1000):(1));
    let _: Layout<(C<(D1, D0, D0, D0)>,), (_1,)> = big;
}
