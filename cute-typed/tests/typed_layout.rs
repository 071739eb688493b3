//! The typed `Layout<S, D>`: constructors, printing, evaluation, coordinates,
//! sub-layouts and conversions. Expected values come from CuTe C++ 4.2
//! (`/work/shared/tools/cute-cpp`) and the tutorials in `/work/shared/seeds`.
// Spelled-out layout types are what these tests check.
#![allow(clippy::type_complexity)]
use cute_typed::typed::*;
use cute_typed::{DLayout, DTuple, Error};
use static_assertions::assert_eq_size;

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

#[test]
fn compact_constructors_print_like_cpp() {
    assert_eq!(make_layout(_8).to_string(), "_8:_1");
    assert_eq!(make_layout(8).unwrap().to_string(), "8:_1");
    assert_eq!(make_layout((_2, 4)).unwrap().to_string(), "(_2,4):(_1,_2)");
    assert_eq!(
        make_layout_right((_2, 4)).unwrap().to_string(),
        "(_2,4):(4,_1)"
    );
    assert_eq!(
        make_layout_with((_2, 4), LayoutRight).unwrap().to_string(),
        "(_2,4):(4,_1)"
    );
    assert_eq!(
        make_layout_right((_2, 4, _3)).unwrap().to_string(),
        "(_2,4,_3):(12,_3,_1)"
    );
    assert_eq!(
        make_layout((_1, 4, _1, _3)).unwrap().to_string(),
        "(_1,4,_1,_3):(_0,_1,_0,4)"
    );
    assert_eq!(
        make_layout_right((_3, (_1, 5), 2)).unwrap().to_string(),
        "(_3,(_1,5),2):(10,(_0,2),_1)"
    );
    assert_eq!(
        make_layout((_2, _3, _5, _7)).to_string(),
        "(_2,_3,_5,_7):(_1,_2,_6,_30)"
    );
}

#[test]
fn compact_stride_types_are_computed_by_the_type_system() {
    let a: Layout<(_4, _8), (_1, _4)> = make_layout((_4, _8));
    let b: Layout<(_2, _3, _4), (_12, _4, _1)> = make_layout_right((_2, _3, _4));
    let c: Layout<(_1, _4), (_0, _1)> = make_layout((_1, _4));
    let d: Layout<(_2, i64), (_1, _2)> = make_layout((_2, 4)).unwrap();
    let e: Layout<(_2, i64), (i64, _1)> = make_layout_right((_2, 4)).unwrap();
    let f: Layout<((_16, _16), _2), ((_1, _16), _256)> = make_layout(((_16, _16), _2));
    assert_eq!(a.stride(), (_1, _4));
    assert_eq!(b.stride(), (_12, _4, _1));
    assert_eq!(c.to_string(), "(_1,_4):(_0,_1)");
    assert_eq!(d.stride(), (_1, _2));
    assert_eq!(e.stride(), (4, _1));
    assert_eq!(f.to_string(), "((_16,_16),_2):((_1,_16),_256)");
}

#[test]
fn static_layouts_are_zero_sized() {
    assert_eq_size!(Layout<(_4, _8), (_1, _4)>, ());
    assert_eq_size!(Layout<((_2, _2), _8), ((_1, _2), _4)>, ());
    assert_eq_size!(Layout<(_2, i64), (_1, _2)>, i64);
    assert_eq_size!(Layout<(i64, i64), (i64, i64)>, [i64; 4]);
    assert_eq!(core::mem::size_of_val(&make_layout((_4, (_2, _2)))), 0);
}

#[test]
fn size_and_cosize() {
    // `make_layout(4, 2)` of the tutorial: 4:2, size 4, cosize 7.
    let b = make_layout_strided(4, 2).unwrap();
    assert_eq!(b.to_string(), "4:2");
    assert_eq!((b.size(), b.cosize()), (4, 7));
    let s = make_layout_strided(_8, _2);
    assert_eq!((s.size(), s.cosize()), (8, 15));
    let z = make_layout_strided(_8, _0);
    assert_eq!((z.size(), z.cosize()), (8, 1));
    let n = make_layout_strided((4, 2), (-1, 3)).unwrap();
    assert_eq!((n.size(), n.cosize()), (8, 7));
    let h = make_layout_strided((4, (2, 2)), (4, (1, 2))).unwrap();
    assert_eq!((h.rank(), h.depth(), h.size(), h.cosize()), (2, 2, 16, 16));
}

#[test]
fn evaluation_of_the_documented_layouts() {
    // (2,3):(1,2): all indices and one 2-D coordinate (C++: 0..5, a(1,2) == 5).
    let a = make_layout_strided((2, 3), (1, 2)).unwrap();
    let all: Vec<i64> = (0..6).map(|i| a.eval(i).unwrap()).collect();
    assert_eq!(all, [0, 1, 2, 3, 4, 5]);
    assert_eq!(a.eval((1, 2)), Ok(5));
    assert_eq!(a.call((1, 2)), Ok(5));
    // (4,(2,2)):(4,(1,2)): C++ gives 0 4 8 12 1 5 9 13 2 6 10 14 3 7 11 15.
    let b = make_layout_strided((4, (2, 2)), (4, (1, 2))).unwrap();
    let all: Vec<i64> = (0..16).map(|i| b.eval(i).unwrap()).collect();
    assert_eq!(all, [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15]);
    assert_eq!(b.eval((1, 3)), Ok(7));
    assert_eq!(b.eval((1, (1, 1))), Ok(7));
    assert_eq!(b.eval((2, (0, 1))), Ok(10));
    assert_eq!(b.crd2idx((_2, (0, _1))), Ok(10));
    // The same layout, all static, agrees.
    let s = make_layout_strided((_4, (_2, _2)), (_4, (_1, _2)));
    for i in 0..16 {
        assert_eq!(s.eval(i), b.eval(i));
    }
    assert_eq!(crd2idx((1, (1, 1)), &(4, (2, 2)), &(4, (1, 2))), Ok(7));
}

#[test]
fn evaluation_overflow_is_an_error() {
    // Within the domain nothing can overflow (size and cosize were checked);
    // beyond it the arithmetic is checked.
    let a = make_layout_strided(4, 1i64 << 40).unwrap();
    assert_eq!(a.eval(3), Ok(3 << 40));
    assert_eq!(a.eval(1i64 << 30), Err(Error::Overflow));
    let b = make_layout_strided((4, 4), (1, 8)).unwrap();
    assert_eq!(b.eval(i64::MAX), Err(Error::Overflow));
    assert_eq!(make_layout_strided(4, i64::MAX / 2), Err(Error::Overflow));
}

/// The 18-row table of the tutorial for the shape `(3,(2,3))`: index, 2-D
/// coordinate (in the shape `(3,6)`), natural coordinate. Rows from CuTe C++.
const TABLE: [(i64, (i64, i64), (i64, (i64, i64))); 18] = [
    (0, (0, 0), (0, (0, 0))),
    (1, (1, 0), (1, (0, 0))),
    (2, (2, 0), (2, (0, 0))),
    (3, (0, 1), (0, (1, 0))),
    (4, (1, 1), (1, (1, 0))),
    (5, (2, 1), (2, (1, 0))),
    (6, (0, 2), (0, (0, 1))),
    (7, (1, 2), (1, (0, 1))),
    (8, (2, 2), (2, (0, 1))),
    (9, (0, 3), (0, (1, 1))),
    (10, (1, 3), (1, (1, 1))),
    (11, (2, 3), (2, (1, 1))),
    (12, (0, 4), (0, (0, 2))),
    (13, (1, 4), (1, (0, 2))),
    (14, (2, 4), (2, (0, 2))),
    (15, (0, 5), (0, (1, 2))),
    (16, (1, 5), (1, (1, 2))),
    (17, (2, 5), (2, (1, 2))),
];

#[test]
fn idx2crd_table_of_shape_3_2_3() {
    let shape = (3, (2, 3));
    let l = make_layout(shape).unwrap();
    let s = make_layout((_3, (_2, _3)));
    for (i, two_d, natural) in TABLE {
        assert_eq!(idx2crd(i, &(3, 6)), Ok(two_d), "2-D of {i}");
        assert_eq!(idx2crd(i, &shape), Ok(natural), "natural of {i}");
        assert_eq!(l.idx2crd(i), Ok(natural));
        assert_eq!(s.idx2crd(i), Ok(natural));
        // All three coordinate forms name the same element.
        assert_eq!(l.eval(i), Ok(i));
        assert_eq!(l.eval(two_d), Ok(i));
        assert_eq!(l.eval(natural), Ok(i));
        assert_eq!(s.eval(natural), Ok(i));
    }
}

#[test]
fn modes_by_static_index() {
    // layout<I...> of the tutorial on Layout<Shape<_4,Shape<_3,_6>>>.
    let a = make_layout((_4, (_3, _6)));
    assert_eq!(a.to_string(), "(_4,(_3,_6)):(_1,(_4,_12))");
    let a0: Layout<_4, _1> = a.get::<0>();
    let a1: Layout<(_3, _6), (_4, _12)> = a.get::<1>();
    assert_eq!(a0.to_string(), "_4:_1");
    assert_eq!(a1.to_string(), "(_3,_6):(_4,_12)");
    assert_eq!(a.get::<1>().get::<0>().to_string(), "_3:_4");
    assert_eq!(a.get::<1>().get::<1>().to_string(), "_6:_12");
    // An integer has mode 0, itself.
    assert_eq!(a0.get::<0>().to_string(), "_4:_1");
    let d = make_layout_strided((4, (2, 2)), (4, (1, 2))).unwrap();
    assert_eq!(d.get::<1>().to_string(), "(2,2):(1,2)");
    assert_eq!((4, (2, _2)).get::<1>(), (2, _2));
    assert_eq!((4, (2, _2)).get_path(&[1, 1]).unwrap().to_string(), "_2");
}

#[test]
fn sublayouts_of_2_3_5_7() {
    let a = make_layout((_2, _3, _5, _7));
    assert_eq!(select(a, &[1, 3]).unwrap().to_string(), "(_3,_7):(_2,_30)");
    assert_eq!(
        select(a, &[0, 1, 3]).unwrap().to_string(),
        "(_2,_3,_7):(_1,_2,_30)"
    );
    assert_eq!(select(a, &[2]).unwrap().to_string(), "(_5):(_6)");
    assert_eq!(take::<1, 3, _>(a).to_string(), "(_3,_5):(_2,_6)");
    assert_eq!(take::<1, 4, _>(a).to_string(), "(_3,_5,_7):(_2,_6,_30)");
    let b = group::<0, 2, _>(a);
    assert_eq!(b.to_string(), "((_2,_3),_5,_7):((_1,_2),_6,_30)");
    let c = group::<1, 3, _>(b);
    assert_eq!(c.to_string(), "((_2,_3),(_5,_7)):((_1,_2),(_6,_30))");
    assert_eq!(flatten(b).to_string(), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
    assert_eq!(flatten(c).to_string(), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
    // Static in, static out: the results are zero-sized.
    assert_eq!(core::mem::size_of_val(&c), 0);
    // The same on a layout with run-time leaves gives typed mixed results with
    // the same values.
    let d = make_layout((2, 3, 5, 7)).unwrap();
    assert_eq!(d.to_string(), "(2,3,5,7):(_1,2,6,30)");
    assert_eq!(take::<1, 3, _>(d).unwrap().to_string(), "(3,5):(2,6)");
    // A typed layout's mode range is checked at compile time (`take::<3, 3, _>(d)`
    // does not compile); a run-time structure checks it at run time.
    assert_eq!(take::<3, 3, _>(d.to_dynamic()), Err(Error::EmptyRange));
}

#[test]
fn concatenation_and_slicing() {
    let a = make_layout_strided(_3, _1);
    let b = make_layout_strided(_4, _3);
    assert_eq!(append(a, b).to_string(), "(_3,_4):(_1,_3)");
    assert_eq!(prepend(a, b).to_string(), "(_4,_3):(_3,_1)");
    let ab = append(a, b);
    let c = append(ab, ab);
    assert_eq!(c.to_string(), "(_3,_4,(_3,_4)):(_1,_3,(_1,_3))");
    assert_eq!(
        replace::<2, _, _>(c, b).to_string(),
        "(_3,_4,_4):(_1,_3,_3)"
    );
    let h = make_layout((_4, _8));
    assert_eq!(slice(h, (Underscore, _3)).to_string(), "(_4):(_1)");
    assert_eq!(slice(h, (2, Underscore)).unwrap().to_string(), "(_8):(_4)");
    assert_eq!(dice(h, (2, Underscore)).unwrap().to_string(), "(_4):(_1)");
    let (s, off) = slice_and_offset(h, (Underscore, 3)).unwrap();
    assert_eq!((s.to_string(), off), ("(_4):(_1)".to_string(), 12));
}

#[test]
fn conversions_to_and_from_dynamic() {
    let t = make_layout_strided((_4, (2, _2)), (_1, (4, 8))).unwrap();
    let d = t.to_dynamic();
    assert_eq!(d, dl("(_4,(2,_2)):(_1,(4,8))"));
    assert_eq!(DLayout::from(t), d);
    type T = Layout<(_4, (i64, _2)), (_1, (i64, i64))>;
    assert_eq!(T::from_dynamic(&d), Ok(t));
    assert_eq!(
        T::try_from(dl("(4,(3,2)):(1,(4,12))")).unwrap().to_string(),
        "(_4,(3,_2)):(_1,(4,12))"
    );
    // Static leaves must hold the type's values; the nesting must match.
    assert_eq!(
        T::from_dynamic(&dl("(5,(2,2)):(1,(4,8))")),
        Err(Error::StaticMismatch)
    );
    assert_eq!(
        T::from_dynamic(&dl("(4,2,2):(1,4,8)")),
        Err(Error::StructureMismatch)
    );
    let zero =
        DLayout::new_unchecked_shape("(4,(0,2))".parse().unwrap(), "(1,(4,8))".parse().unwrap())
            .unwrap();
    assert_eq!(T::from_dynamic(&zero), Err(Error::NonPositiveShape));
    // A dynamic leaf accepts a static value; a static type reads a dynamic value that matches.
    type S = Layout<(_4, _8), (_1, _4)>;
    assert_eq!(
        S::from_dynamic(&dl("(4,8):(1,4)")).unwrap().to_string(),
        "(_4,_8):(_1,_4)"
    );
    assert_eq!(
        <S as StaticLayout>::LAYOUT,
        dl("(_4,_8):(_1,_4)").to_fixed().unwrap()
    );
    assert_eq!(
        <S as LayoutOperand>::STATIC,
        Some(dl("(_4,_8):(_1,_4)").to_fixed().unwrap())
    );
    assert_eq!(<T as LayoutOperand>::STATIC, None);
}

#[test]
fn dynamic_values_are_checked_when_built() {
    assert_eq!(make_layout((_2, 0)), Err(Error::NonPositiveShape));
    assert_eq!(make_layout(-3), Err(Error::NonPositiveShape));
    assert_eq!(
        make_layout_strided((4, -1), (1, 4)),
        Err(Error::NonPositiveShape)
    );
    assert_eq!(make_layout((1i64 << 40, 1i64 << 40)), Err(Error::Overflow));
    assert_eq!(make_layout_strided(3, i64::MAX), Err(Error::Overflow));
    assert_eq!(
        Layout::new((4, 8), (1, 4)).unwrap().to_string(),
        "(4,8):(1,4)"
    );
    assert_eq!(
        Layout::try_new((_4, _8), (_1, _4)).unwrap().to_string(),
        "(_4,_8):(_1,_4)"
    );
    let s: Layout<(_4, _8), (_1, _4)> = Layout::new((_4, _8), (_1, _4));
    assert_eq!(s, Layout::default());
}

#[test]
fn trait_interface_is_shared() {
    fn describe<L: LayoutLike>(l: &L) -> (String, i64, i64, usize, usize) {
        (l.to_string(), l.size(), l.cosize(), l.rank(), l.depth())
    }
    let a = make_layout((_4, (_2, _2)));
    assert_eq!(
        describe(&a),
        ("(_4,(_2,_2)):(_1,(_4,_8))".to_string(), 16, 16, 2, 2)
    );
    let c = coalesce(a);
    assert_eq!(describe(&c), ("_16:_1".to_string(), 16, 16, 1, 0));
    // Through the trait the coordinate's structure is checked at run time.
    assert_eq!(LayoutLike::eval(&a, (1, 3)), Ok(13));
    assert_eq!(
        LayoutLike::eval(&a, (1, 2, 3)),
        Err(Error::CoordinateMismatch)
    );
    assert_eq!(
        LayoutLike::eval(&a, (1, Underscore)),
        Err(Error::CoordinateMismatch)
    );
    assert_eq!(c.eval_index(13), Ok(13));
    assert_eq!(
        a.idx2crd_dynamic(13).unwrap(),
        "(1,(1,1))".parse::<DTuple>().unwrap()
    );
}

/// Whether the compile-time coordinate bound check refuses `coord` in `shape`
/// (run here as a plain function, where its refusal is a panic with the rule).
fn coord_refused(coord: &str, shape: &str) -> bool {
    let coord = cute_typed::text::parse_coord(coord).unwrap();
    let shape = cute_typed::text::parse_tuple(shape).unwrap();
    let caught = std::panic::catch_unwind(|| {
        check_static_coord(&coord.to_fixed().unwrap(), &shape.to_fixed().unwrap())
    });
    match caught {
        Ok(()) => false,
        Err(payload) => {
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            assert!(text.contains("coordinate outside the shape"), "{text}");
            true
        }
    }
}

#[test]
fn static_coordinates_outside_static_shapes_are_refused() {
    // leaf against leaf
    assert!(coord_refused("(_4,_0)", "(_4,_8)"));
    assert!(coord_refused("(_0,_8)", "(_4,_8)"));
    assert!(!coord_refused("(_3,_7)", "(_4,_8)"));
    // a 1-D index into a static mode, or into the whole static shape
    assert!(coord_refused("(_1,_4)", "(_4,(_2,_2))"));
    assert!(!coord_refused("(_1,_3)", "(_4,(_2,_2))"));
    assert!(coord_refused("_32", "(_4,_8)"));
    assert!(!coord_refused("_31", "(_4,_8)"));
    // dynamic leaves or dynamic modes are left to run time (CuTe's rule)
    assert!(!coord_refused("(4,_0)", "(_4,_8)"));
    assert!(!coord_refused("(_4,_0)", "(4,_8)"));
    assert!(!coord_refused("_40", "(4,_8)"));
    // a slicing placeholder is skipped, the other modes are still checked
    assert!(coord_refused("(_,_9)", "(_4,_8)"));
    assert!(!coord_refused("(_,_7)", "(_4,_8)"));
}

#[test]
fn static_coordinates_inside_the_shape_evaluate() {
    let l = make_layout_strided((_4, _8), (_1, _4));
    assert_eq!(l.eval((_3, _7)), Ok(31));
    assert_eq!(l.eval(_31), Ok(31));
    // dynamic indices beyond the domain keep CuTe's meaning: the last mode runs on
    assert_eq!(l.eval(40), Ok(40));
    assert_eq!(l.eval((4, 0)), Ok(4));
}

/// `LayoutLike::eval_index` of a typed layout evaluates from the typed shape and
/// stride; it must agree with the dynamic interpreter everywhere, beyond the
/// domain (the last mode takes the rest) and on overflow included.
#[test]
fn layout_like_eval_index_agrees_with_the_dynamic_layout() {
    fn agree<L: LayoutLike>(l: L) {
        let d = l.to_dynamic();
        for i in (-3..3 * l.size() + 5).chain([i64::MAX / 2, i64::MAX]) {
            let want = d.eval_index(i).map(|v| v.value);
            assert_eq!(LayoutLike::eval_index(&l, i), want, "{l} at {i}");
        }
    }
    agree(Layout::new((_4, (_2, _3)), (_1, (_4, _8))));
    agree(Layout::new((4i64, (_2, 3i64)), (_1, (4i64, -8i64))).unwrap());
    agree(Layout::new((_3, 5i64), (7i64, _0)).unwrap());
    agree(Layout::new(6i64, i64::MAX / 6).unwrap());
}
