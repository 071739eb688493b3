use cute_types::dynamic::{idx2crd, DLayout, DTuple, Major};

fn l(s: &str) -> DLayout {
    s.parse().unwrap()
}

#[test]
fn print_round_trip_and_static_marks() {
    for s in [
        "(_4,(2,2)):(_4,(1,2))",
        "8:_1",
        "(_2,4):(4,_1)",
        "((2,3),4):((3,1),1)",
        "():()",
        "(3):(1)",
    ] {
        assert_eq!(l(s).to_string(), s);
    }
}

#[test]
fn compact_major_follows_cpp() {
    let sh: DTuple = "(_2,4)".parse().unwrap();
    assert_eq!(
        DLayout::compact(sh.clone(), Major::Left)
            .unwrap()
            .to_string(),
        "(_2,4):(_1,_2)"
    );
    assert_eq!(
        DLayout::compact(sh, Major::Right).unwrap().to_string(),
        "(_2,4):(4,_1)"
    );
    let one: DTuple = "(_1,_4)".parse().unwrap();
    assert_eq!(
        DLayout::col_major(one).unwrap().to_string(),
        "(_1,_4):(_0,_1)"
    );
    assert_eq!(
        DLayout::col_major("8".parse().unwrap())
            .unwrap()
            .to_string(),
        "8:_1"
    );
}

#[test]
fn evaluation_forms() {
    let a = l("(4,(2,3)):(1,(4,8))");
    assert_eq!(a.eval(&"(1,5)".parse().unwrap()).unwrap().value, 21);
    assert_eq!(a.eval(&"(1,(1,2))".parse().unwrap()).unwrap().value, 21);
    assert_eq!(l("(4,8):(1,4)").eval_index(40).unwrap().value, 40);
    assert_eq!(
        idx2crd(&DTuple::d(37), &"(4,8)".parse().unwrap())
            .unwrap()
            .to_string(),
        "(1,9)"
    );
    assert_eq!(
        idx2crd(&DTuple::d(22), &"(4,(2,3))".parse().unwrap())
            .unwrap()
            .to_string(),
        "(2,(1,2))"
    );
    let m = l("4:2");
    assert_eq!(m.size().unwrap().value, 4);
    assert_eq!(m.cosize().unwrap().value, 7);
    assert_eq!(l("(4,2):(-1,3)").cosize().unwrap().value, 7);
    assert_eq!(a.depth(), 2);
    assert_eq!(l("8:2").depth(), 0);
}

#[test]
fn parse_errors_point_at_the_offence() {
    let e = "(4,3,3):9".parse::<DLayout>().unwrap_err();
    assert_eq!(e.pos, 8);
    let e = "(4,3,x)".parse::<DLayout>().unwrap_err();
    assert_eq!(e.pos, 5);
    assert!("_-4".parse::<DLayout>().is_err());
    assert!("(4,0):(1,4)".parse::<DLayout>().is_err());
    assert!("99999999999999999999".parse::<DLayout>().is_err());
}

// The fixed form (the typed layer's) evaluates in a constant.
const STATIC_EVAL: i64 = match cute_types::FixedLayout::new(
    cute_types::FixedTuple::s(8),
    cute_types::FixedTuple::s(2),
) {
    Ok(l) => match l.eval_index(3) {
        Ok(v) => v.value,
        Err(e) => e.raise(),
    },
    Err(e) => e.raise(),
};

#[test]
fn const_evaluation_works() {
    assert_eq!(STATIC_EVAL, 6);
}

#[test]
fn tiler_nesting_round_trips() {
    use cute_types::dynamic::{DTiler, TilerMode};
    let inner = DTiler::from_layouts(&[l("2:1")]).unwrap();
    let t = DTiler::new()
        .push_tiler(&inner)
        .unwrap()
        .push_layout(l("4:1"))
        .unwrap();
    assert_eq!(t.to_string(), "[[2:1],4:1]");
    assert_eq!(t.rank(), 2);
    assert!(matches!(t.mode(1).unwrap(), TilerMode::Layout(x) if x == l("4:1")));
}

#[test]
fn negative_static_integers_round_trip() {
    let s = "(_3,_4):(_-1,_3)";
    assert_eq!(l(s).to_string(), s);
    assert_eq!(l(s).eval_index(1).unwrap().value, -1);
}

#[test]
fn static_zero_and_one_follow_cpp_flags() {
    use cute_types::DInt;
    // C++: _0 * x = _0, _0 / x = _0, x % _1 = _0, _0 % x = _0 (static even with a dynamic operand).
    assert_eq!(DInt::s(0).mul(DInt::d(7)).unwrap(), DInt::s(0));
    assert_eq!(DInt::d(7).mul(DInt::s(0)).unwrap(), DInt::s(0));
    assert_eq!(DInt::s(0).div(DInt::d(7)).unwrap(), DInt::s(0));
    assert_eq!(DInt::d(7).rem(DInt::s(1)).unwrap(), DInt::s(0));
    assert_eq!(DInt::s(0).rem(DInt::d(7)).unwrap(), DInt::s(0));
    assert_eq!(DInt::d(6).mul(DInt::s(2)).unwrap(), DInt::d(12));
    // C++'s `_0 / n` and `_0 % n` divide nothing: a run-time 0 is no error
    // (`idx2crd(_0,_8,0)` is `_0` in C++), a static one is
    assert_eq!(DInt::s(0).div(DInt::d(0)).unwrap(), DInt::s(0));
    assert_eq!(DInt::s(0).rem(DInt::d(0)).unwrap(), DInt::s(0));
    assert!(DInt::s(0).div(DInt::s(0)).is_err());
    assert!(DInt::d(0).div(DInt::d(0)).is_err());
}

#[test]
fn nested_row_major_strides() {
    let right = |s: &str| {
        DLayout::compact(s.parse().unwrap(), Major::Right)
            .unwrap()
            .to_string()
    };
    assert_eq!(right("(2,(3,4))"), "(2,(3,4)):(12,(4,_1))");
    assert_eq!(right("((2,3),4)"), "((2,3),4):((12,4),_1)");
    assert_eq!(right("(_2,_1,_4)"), "(_2,_1,_4):(_4,_0,_1)");
}
