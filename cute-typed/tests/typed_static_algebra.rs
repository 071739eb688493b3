//! Static in, static out: typed algebra on static layouts returns zero-sized
//! results computed at compile time, equal to the run-time `const fn` path and
//! to CuTe C++ (expected texts from `/work/shared/conformance/public.tsv`, which
//! prints without `_` marks).
use cute_typed::dynamic::DTiler;
use cute_typed::typed::*;
use cute_typed::{algebra, DLayout, Error};

/// CuTe text without static marks, as in `public.tsv`.
fn plain(x: impl core::fmt::Display) -> String {
    x.to_string().replace('_', "")
}

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

/// A static result is zero-sized, prints `expect` and equals `dynamic` (the
/// `const fn` run at run time on the same static-flagged inputs).
fn check<L: StaticLayout + Copy>(r: L, expect: &str, dynamic: Result<DLayout, Error>) {
    assert_eq!(core::mem::size_of_val(&r), 0);
    assert_eq!(plain(r), expect);
    assert_eq!(Ok(r.to_dynamic()), dynamic);
    assert_eq!(cute_typed::DLayout::from_fixed(&L::LAYOUT), r.to_dynamic());
    assert_eq!(r.size(), L::LAYOUT.size().unwrap().value);
    assert_eq!(r.cosize(), L::LAYOUT.cosize().unwrap().value);
}

#[test]
fn coalesce_filter_composition_complement() {
    let a = make_layout_strided((_4, (_2, _2)), (_1, (_4, _8)));
    check(coalesce(a), "16:1", algebra::coalesce(&a.to_dynamic()));
    let b = make_layout_strided((_1, _4), (_0, _1));
    check(coalesce(b), "4:1", algebra::coalesce(&b.to_dynamic()));
    let p = coalesce_profile(a, (_1, _1));
    check(
        p,
        "(4,4):(1,4)",
        algebra::coalesce_profile(&a.to_dynamic(), &"(1,1)".parse().unwrap()),
    );
    let z = make_layout_strided((_2, _2), (_0, _0));
    check(filter(z), "1:0", algebra::filter(&z.to_dynamic()));
    let c = make_layout_strided((_5,), (_24,));
    let d = make_layout_strided((_1, _5), (_5, _1));
    check(
        composition(c, d),
        "(1,5):(120,24)",
        algebra::composition(&c.to_dynamic(), &d.to_dynamic()),
    );
    let e = make_layout_strided((_2, _4), (_1, _6));
    check(
        complement_default(e),
        "3:2",
        algebra::complement_default(&e.to_dynamic()),
    );
    let f = make_layout_strided(_6, _1);
    check(
        complement(f, _24),
        "4:6",
        algebra::complement(&f.to_dynamic(), &"_24".parse().unwrap()),
    );
    let g = make_layout_strided((_2, _8), (_8, _1));
    check(
        right_inverse(g),
        "(8,2):(2,1)",
        algebra::right_inverse(&g.to_dynamic()),
    );
    let h = make_layout_strided((_2, _3), (_1, _4));
    check(
        left_inverse(h),
        "(4,3):(1,2)",
        algebra::left_inverse(&h.to_dynamic()),
    );
    let m = make_layout_strided((_2, _2, _2, _2), (_0, _2, _4, _1));
    check(
        make_layout_like(m),
        "(2,2,2,2):(0,2,4,1)",
        algebra::make_layout_like(&m.to_dynamic()),
    );
    let s = make_layout_strided(_7, _1);
    check(
        max_common_layout(s, s),
        "7:1",
        algebra::max_common_layout(&s.to_dynamic(), &s.to_dynamic()),
    );
    let v1 = make_layout_strided((_8, _4), (_4, _1));
    let v2 = make_layout((_8, _4));
    let n: i64 = max_common_vector(v1, v2);
    assert_eq!(n, 1);
    let n: i64 = max_common_vector(v2, v2);
    assert_eq!(n, 32);
    check(
        nullspace(z),
        &plain(algebra::nullspace(&z.to_dynamic()).unwrap()),
        algebra::nullspace(&z.to_dynamic()),
    );
}

#[test]
fn composition_with_tilers() {
    let a = make_layout((_8, _8));
    // A tuple of integers is the by-mode tiler [_2:_1, _4:_1].
    let t = composition(a, (_2, _4));
    let tiler = DTiler::from_layouts(&[dl("_2:_1"), dl("_4:_1")]).unwrap();
    check(
        t,
        "(2,4):(1,8)",
        algebra::composition_tiler(&a.to_dynamic(), &tiler),
    );
    // A layout in a tuple, and a nested tuple.
    let u = composition(a, (make_layout_strided(_2, _4), _4));
    assert_eq!(plain(u), "(2,4):(4,8)");
    let w = make_layout(((_2, _4), _8));
    assert_eq!(plain(composition(w, ((_2, _2), _4))), "((2,2),4):((1,2),8)");
    // An integer is the layout `n:1`.
    assert_eq!(plain(composition(a, _4)), "4:1");
}

#[test]
fn divides() {
    let a = make_layout((_8, _8));
    check(
        logical_divide(a, (_2, _4)),
        "((2,4),(4,2)):((1,2),(8,32))",
        algebra::logical_divide_tiler(
            &a.to_dynamic(),
            &DTiler::from_layouts(&[dl("_2:_1"), dl("_4:_1")]).unwrap(),
        ),
    );
    let b = make_layout(_8);
    let t = make_layout_strided(_2, _1);
    check(
        tiled_divide(b, t),
        "(2,4):(1,2)",
        algebra::tiled_divide(&b.to_dynamic(), &t.to_dynamic()),
    );
    assert_eq!(
        plain(tiled_divide(a, (make_layout(_2), make_layout(_4)))),
        "((2,4),4,2):((1,8),2,32)"
    );
    let z = make_layout_strided((_128, _5), (_0, _1));
    let zt = make_layout_strided(C::<(D3, D2, D0)>::new(), _2);
    check(
        zipped_divide(z, zt),
        "((64,5),2):((0,1),0)",
        algebra::zipped_divide(&z.to_dynamic(), &zt.to_dynamic()),
    );
    let f = make_layout_strided(
        (_4, _5, ((_4, _6), _2)),
        (_1, _16, ((_4, _80), C::<(D4, D8, D0)>::new())),
    );
    let fd = flat_divide(f, (_4, _5, make_layout_strided(_16, _1)));
    assert_eq!(plain(fd), "(4,5,(4,4),1,1,3):(1,16,(4,80),0,0,320)");
    assert_eq!(core::mem::size_of_val(&fd), 0);
}

#[test]
fn products_tile_to_shape_and_casts() {
    let a = make_layout_strided((_2, _2), (_4, _1));
    let b = make_layout(_6);
    check(
        logical_product(a, b),
        "((2,2),(2,3)):((4,1),(2,8))",
        algebra::logical_product(&a.to_dynamic(), &b.to_dynamic()),
    );
    let c = make_layout((_2, _2));
    assert_eq!(
        plain(zipped_product(c, (_3, _2))),
        "((2,2),(3,2)):((1,2),(2,1))"
    );
    assert_eq!(plain(tiled_product(c, (_3, _2))), "((2,2),3,2):((1,2),2,1)");
    assert_eq!(plain(flat_product(c, (_3, _2))), "(2,2,3,2):(1,2,2,1)");
    let d = make_layout_strided((_2, _5), (_5, _1));
    let e = make_layout((_3, _4));
    check(
        blocked_product(d, e),
        "((2,3),(5,4)):((5,10),(1,30))",
        algebra::blocked_product(&d.to_dynamic(), &e.to_dynamic()),
    );
    let r1 = make_layout((_7, _3));
    let r2 = make_layout(((_4, _3), _2));
    check(
        raked_product(r1, r2),
        "(((4,3),7),(2,3)):(((21,84),1),(252,7))",
        algebra::raked_product(&r1.to_dynamic(), &r2.to_dynamic()),
    );
    let blk = make_layout((_2, _2));
    check(
        tile_to_shape(blk, (_8, _4)),
        "((2,4),(2,2)):((1,4),(2,16))",
        algebra::tile_to_shape(&blk.to_dynamic(), &"(_8,_4)".parse().unwrap(), None),
    );
    assert_eq!(
        plain(tile_to_shape_ordered(blk, (_8, _4), (_2, _1))),
        "((2,4),(2,2)):((1,8),(2,4))"
    );
    let u = make_layout_strided(
        (_3, _4, (_5, _2)),
        (C::<(D3, D6, D0)>::new(), _90, (_6, _1)),
    );
    check(
        upcast(u, _2),
        "(3,4,(5,1)):(180,45,(3,1))",
        algebra::upcast(&u.to_dynamic(), 2),
    );
    let w = make_layout_strided((_4, _2), (_1, _0));
    check(
        downcast(w, _4),
        "(16,2):(1,0)",
        algebra::downcast(&w.to_dynamic(), 4),
    );
}

#[test]
fn results_compose_further_and_stay_static() {
    // Static results are operands of further algebra, still zero-sized.
    let a = make_layout((_4, (_2, _2)));
    let c = coalesce(a);
    let r = composition(c, make_layout_strided(_4, _2));
    assert_eq!(r.to_string(), "_4:_2");
    let d = logical_divide(r, _2);
    assert_eq!(d.to_string(), "(_2,_2):(_2,_4)");
    assert_eq!(core::mem::size_of_val(&d), 0);
    assert_eq!(d.eval_index(3), Ok(6));
    assert_eq!(LayoutLike::eval(&d, (1, 1)), Ok(6));
    assert_eq!(
        <Coalesced<Layout<(_4, (_2, _2)), (_1, (_4, _8))>> as StaticLayout>::SIZE,
        16
    );
    // A static marker type can be named, and checked as a `const` item.
    type A = Layout<(_4, _8), (_1, _4)>;
    cute_typed::check_static!(Coalesced<A>);
    assert_eq!(<Coalesced<A> as StaticLayout>::LAYOUT.to_string(), "_32:_1");
}

#[test]
fn dynamic_inputs_give_run_time_results_with_cpp_dynamic_semantics() {
    // C++ with run-time ints does not merge dynamic modes: (4,2,2):(1,4,8)
    // (checked with cute-cpp, as the mixed case below).
    let a = make_layout_strided((4, (2, 2)), (1, (4, 8))).unwrap();
    assert_eq!(coalesce(a).unwrap().to_string(), "(4,2,2):(1,4,8)");
    // A mix: the static part merges as C++ does with Int<N>.
    let m = make_layout_strided((_4, (_2, 2)), (_1, (_4, 8))).unwrap();
    assert_eq!(coalesce(m).unwrap().to_string(), "(_8,2):(_1,8)");
    // The same precondition that is a compile error for static inputs is an Err.
    let b = make_layout_strided((3, 5), (1, 4)).unwrap();
    let c = make_layout_strided(10, 2).unwrap();
    assert_eq!(composition(b, c), Err(Error::NotFunctional));
    // DLayout operands are dynamic.
    assert_eq!(
        coalesce(dl("(_4,(_2,_2)):(_1,(_4,_8))"))
            .unwrap()
            .to_string(),
        "_16:_1"
    );
    // As in C++, only a static stride-1 run counts: dynamic layouts share 1.
    let n: Result<i64, Error> = max_common_vector(a, dl("(4,4):(1,4)"));
    assert_eq!(n, Ok(1));
    let n: Result<i64, Error> = max_common_vector(a, dl("(_4,_4):(_1,_4)"));
    assert_eq!(n, Ok(1));
    // (_4,4):(_1,_4) against (_4,_4):(_1,_4): C++ gives _16.
    let n: Result<i64, Error> =
        max_common_vector(make_layout((_4, 4)).unwrap(), dl("(_4,_4):(_1,_4)"));
    assert_eq!(n, Ok(16));
    // Tilers with dynamic integers.
    let d = make_layout((8, 8)).unwrap();
    assert_eq!(
        plain(logical_divide(d, (2, 4)).unwrap()),
        "((2,4),(4,2)):((1,2),(8,32))"
    );
    assert_eq!(logical_divide(d, (0, 4)), Err(Error::NonPositiveShape));
    // A run-time stride is divided with truncation, unchecked, as CuTe C++ 4.2
    // does (`upcast<2>(make_layout(int(6), int(3)))` prints `6:1`).
    assert_eq!(
        plain(upcast(make_layout_strided(6, 3).unwrap(), 2).unwrap()),
        "6:1"
    );
}
