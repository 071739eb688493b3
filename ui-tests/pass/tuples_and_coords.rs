// shape!, stride! and coord! build nested tuples of static and run-time leaves;
// coord! may hold the slicing placeholder `_`.
use cute::typed::*;

fn main() {
    let n = 3;
    let s = cute::shape!((4, (2, { n })));
    let expect: (_4, (_2, i64)) = (_4, (_2, 3));
    assert_eq!(s, expect);
    assert_eq!(s.product(), Ok(24));

    let d = cute::stride!((1, (4, { 8 * n })));
    let l = Layout::new(s, d).unwrap();
    assert_eq!(l.to_string(), "(_4,(_2,3)):(_1,(_4,24))");

    // Natural and 1-D coordinates.
    let i = 2;
    assert_eq!(l.eval(cute::coord!((1, (1, { i })))), Ok(1 + 4 + 48));
    assert_eq!(l.eval(cute::coord!(5)), l.eval(5));

    // Slicing with `_`.
    let a = cute::layout!((4,8):(1,4));
    let column = slice(a, cute::coord!((_, 3)));
    assert_eq!(column.to_string(), "(_4):(_1)");
    let row = slice(a, cute::coord!((2, _)));
    assert_eq!(row.to_string(), "(_8):(_4)");
}
