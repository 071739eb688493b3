//! The README's "Layouts in code" example, kept compiling and true.
use cute::*;

#[test]
fn readme_layouts_in_code() {
    let a = make_layout((_4, _8));
    assert_eq!(a.to_string(), "(_4,_8):(_1,_4)");
    assert_eq!(core::mem::size_of_val(&a), 0);

    let b = make_layout((_4, 8i64)).unwrap();
    assert_eq!(b.to_string(), "(_4,8):(_1,_4)");

    let t = zipped_divide(a, (_2, _4));
    assert_eq!(
        t.to_dynamic().to_string(),
        "((_2,_4),(_2,_2)):((_1,_4),(_2,_16))"
    );

    let m = logical_divide(make_layout((_128, 96i64)).unwrap(), (_32, _16)).unwrap();
    assert_eq!(m.to_string(), "((_32,_4),(_16,6)):((_1,_32),(_128,_2048))");
    let z = zipped_divide(m, (_8, _4)).unwrap();
    assert_eq!(z.size(), 128 * 96);

    let d: DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
    assert_eq!(d.eval_index(5).unwrap().value, 5);
    assert_eq!(coalesce(&d).unwrap().to_string(), "(4,2,2):(4,1,2)");
}
