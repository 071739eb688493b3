//! Typed mixed algebra (`typed/mixed.rs`): operations on typed layouts with
//! run-time leaves return `Mixed<…>` layouts whose nesting and static leaves
//! are compile-time constants. Each result is compared, over exhaustive small
//! sets of run-time values, with the dynamic algebra on the same values in
//! the mixed reading (`to_dynamic()` keeps the static flags): the same layout
//! (printed with C++'s `_` marks), the same error, and the same value at every
//! index of the domain and past it.
use cute_typed::typed::*;
use cute_typed::{algebra, DLayout, Error};
use std::path::PathBuf;

/// Counts of one exhaustive run: results that computed, and errors (both paths agreeing).
#[derive(Default, Debug)]
struct Tally {
    ok: usize,
    err: usize,
}

/// Compares a typed mixed result with the dynamic algebra's on the same values.
fn agree<M: MixedPattern>(
    tally: &mut Tally,
    typed: Result<Mixed<M>, Error>,
    dynamic: Result<DLayout, Error>,
    what: &str,
) {
    match (typed, dynamic) {
        (Ok(m), Ok(d)) => {
            tally.ok += 1;
            assert_eq!(m.to_string(), d.to_string(), "{what}");
            assert_eq!(m.to_dynamic(), d, "{what}");
            assert_eq!(m.size(), d.size().unwrap().value, "{what}");
            assert_eq!(m.cosize(), d.cosize().unwrap().value, "{what}");
            assert_eq!((m.rank(), m.depth()), (d.rank(), d.depth()), "{what}");
            let n = m.size().min(4096);
            for i in (-3..n + 3).chain([i64::MAX, i64::MIN, i64::MIN + 1]) {
                let want = d.eval_index(i).map(|v| v.value);
                assert_eq!(m.eval_index(i), want, "{what} = {d} at {i}");
                assert_eq!(LayoutLike::eval(&m, i), want, "{what} = {d} at {i}");
            }
            assert_eq!(LayoutLike::eval(&m, _0), Ok(0), "{what}");
            // A natural coordinate of the result, as a tuple, goes through the
            // dynamic layout; compared at the last index.
            if n > 0 {
                let c = d.idx2crd(n - 1).unwrap();
                assert_eq!(m.idx2crd_dynamic(n - 1).unwrap(), c, "{what}");
            }
        }
        (Err(a), Err(b)) => {
            tally.err += 1;
            assert_eq!(a, b, "{what}");
        }
        (t, d) => panic!("{what}: typed {t:?}, dynamic {d:?}"),
    }
}

const SHAPES: [i64; 6] = [1, 2, 3, 4, 6, 8];
const STRIDES: [i64; 7] = [0, 1, 2, 3, 4, 8, 16];

#[test]
fn composition_of_mixed_layouts() {
    let mut t = Tally::default();
    for s in SHAPES {
        for d in STRIDES {
            let a = Layout::new((_4, s), (_1, d)).unwrap();
            let da = a.to_dynamic();
            // Static right-hand side.
            let b = make_layout_strided(_4, _2);
            agree(
                &mut t,
                composition(a, b),
                algebra::composition(&da, &b.to_dynamic()),
                "a∘4:2",
            );
            let b = make_layout_strided((_2, _4), (_4, _1));
            agree(
                &mut t,
                composition(a, b),
                algebra::composition(&da, &b.to_dynamic()),
                "a∘(2,4):(4,1)",
            );
            // Mixed right-hand side.
            for (bs, bd) in [(1, 1), (2, 1), (3, 2), (4, 4), (2, 8)] {
                let b = Layout::new((bs, _2), (_1, bd)).unwrap();
                agree(
                    &mut t,
                    composition(a, b),
                    algebra::composition(&da, &b.to_dynamic()),
                    "a∘b",
                );
            }
            // An integer tiler (`n:_1`) and a by-mode tiler.
            for n in [1i64, 2, 4, 8] {
                agree(
                    &mut t,
                    composition(a, n),
                    algebra::composition(
                        &da,
                        &DLayout::new(cute_typed::DTuple::d(n), cute_typed::DTuple::s(1)).unwrap(),
                    ),
                    "a∘n",
                );
                let by_mode = composition(a, (_2, n));
                let want = algebra::composition_tiler(
                    &da,
                    &tiler(&[make_layout(_2).to_dynamic(), dl(&format!("{n}:_1"))]),
                );
                agree(&mut t, by_mode, want, "a∘[_2,n]");
            }
        }
    }
    // Fully dynamic leaves in a nested layout.
    for s0 in SHAPES {
        for s1 in [1i64, 2, 3, 4] {
            let a = Layout::new((s0, (_2, s1)), (_1, (s0, 16i64))).unwrap();
            let b = make_layout_strided((_2, _2), (_1, _2));
            agree(
                &mut t,
                composition(a, b),
                algebra::composition(&a.to_dynamic(), &b.to_dynamic()),
                "nested",
            );
        }
    }
    assert!(t.ok > 300 && t.err > 0, "{t:?}");
}

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

fn tiler(modes: &[DLayout]) -> cute_typed::DTiler {
    cute_typed::DTiler::from_layouts(modes).unwrap()
}

#[test]
fn coalesce_of_mixed_layouts() {
    let mut t = Tally::default();
    for s0 in SHAPES {
        for s1 in SHAPES {
            for d in STRIDES {
                let a = Layout::new((_2, (s0, _4), s1), (_1, (_2, d), d)).unwrap();
                agree(
                    &mut t,
                    coalesce(a),
                    algebra::coalesce(&a.to_dynamic()),
                    "coalesce",
                );
                let b = Layout::new((s0, _1, _3), (_1, d, s1)).unwrap();
                agree(
                    &mut t,
                    coalesce(b),
                    algebra::coalesce(&b.to_dynamic()),
                    "coalesce",
                );
            }
        }
    }
    assert!(t.ok > 400, "{t:?}");
}

#[test]
fn divides_and_products_of_mixed_layouts() {
    let mut t = Tally::default();
    for m in [1i64, 2, 4, 6, 8, 12, 16] {
        for n in [1i64, 3, 4, 8] {
            let a = make_layout((m, n)).unwrap();
            let da = a.to_dynamic();
            // A static by-mode tiler.
            let st = tiler(&[dl("_2:_1"), dl("_4:_1")]);
            agree(
                &mut t,
                logical_divide(a, (_2, _4)),
                algebra::logical_divide_tiler(&da, &st),
                "ld",
            );
            agree(
                &mut t,
                zipped_divide(a, (_2, _4)),
                algebra::zipped_divide_tiler(&da, &st),
                "zd",
            );
            agree(
                &mut t,
                tiled_divide(a, (_2, _4)),
                algebra::tiled_divide_tiler(&da, &st),
                "td",
            );
            agree(
                &mut t,
                flat_divide(a, (_2, _4)),
                algebra::flat_divide_tiler(&da, &st),
                "fd",
            );
            // A static layout tiler and a run-time integer tiler.
            let l = make_layout_strided(_2, _3);
            agree(
                &mut t,
                logical_divide(a, l),
                algebra::logical_divide(&da, &l.to_dynamic()),
                "ld l",
            );
            let k = m.min(4);
            let kl = DLayout::col_major(cute_typed::DTuple::d(k)).unwrap();
            agree(
                &mut t,
                zipped_divide(a, k),
                algebra::zipped_divide(&da, &kl),
                "zd k",
            );
            // Products complement their layout operand: typed mixed for
            // static strides (run-time shapes), as C++ computes them.
            let a = Layout::new((m, n), (_1, _16)).unwrap();
            let da = a.to_dynamic();
            let b = make_layout((_2, _3));
            agree(
                &mut t,
                logical_product(a, b),
                algebra::logical_product(&da, &b.to_dynamic()),
                "lp",
            );
            agree(
                &mut t,
                zipped_product(a, b),
                algebra::zipped_product(&da, &b.to_dynamic()),
                "zp",
            );
            agree(
                &mut t,
                tiled_product(a, b),
                algebra::tiled_product(&da, &b.to_dynamic()),
                "tp",
            );
            agree(
                &mut t,
                flat_product(a, b),
                algebra::flat_product(&da, &b.to_dynamic()),
                "fp",
            );
            let bt = tiler(&[dl("_2:_1"), dl(&format!("{n}:_1"))]);
            agree(
                &mut t,
                logical_product(a, (_2, n)),
                algebra::logical_product_tiler(&da, &bt),
                "lp tiler",
            );
            let s = make_layout((_4, _2));
            let dm = make_layout((m, n)).unwrap();
            agree(
                &mut t,
                logical_product(s, dm),
                algebra::logical_product(&s.to_dynamic(), &dm.to_dynamic()),
                "lp s",
            );
            agree(
                &mut t,
                blocked_product(s, dm),
                algebra::blocked_product(&s.to_dynamic(), &dm.to_dynamic()),
                "bp",
            );
            agree(
                &mut t,
                raked_product(s, dm),
                algebra::raked_product(&s.to_dynamic(), &dm.to_dynamic()),
                "rp",
            );
            // Run-time strides in the complemented layout: C++ does not
            // compute that complement; the answer is a run-time `DLayout`.
            let p: Result<DLayout, Error> = logical_product(dm, b);
            assert_eq!(
                p,
                algebra::logical_product(&dm.to_dynamic(), &b.to_dynamic())
            );
            let d: Result<DLayout, Error> = logical_divide(s, Layout::new(_2, n).unwrap());
            assert_eq!(
                d,
                algebra::logical_divide(
                    &s.to_dynamic(),
                    &DLayout::new(cute_typed::DTuple::s(2), cute_typed::DTuple::d(n)).unwrap()
                )
            );
        }
    }
    assert!(t.ok > 300, "{t:?}");
}

#[test]
fn complements_and_inverses_of_static_strides() {
    let mut t = Tally::default();
    for s0 in SHAPES {
        for s1 in SHAPES {
            let a = Layout::new((s0, _2, s1), (_1, _16, _64)).unwrap();
            let da = a.to_dynamic();
            for cot in [64i64, 128, 512, 4096] {
                agree(
                    &mut t,
                    complement(a, cot),
                    algebra::complement(&da, &cute_typed::DTuple::d(cot)),
                    "complement",
                );
            }
            agree(
                &mut t,
                complement(a, _256),
                algebra::complement(&da, &cute_typed::DTuple::s(256)),
                "complement _256",
            );
            agree(
                &mut t,
                complement_default(a),
                algebra::complement_default(&da),
                "complement_default",
            );
            agree(
                &mut t,
                right_inverse(a),
                algebra::right_inverse(&da),
                "right_inverse",
            );
            agree(
                &mut t,
                left_inverse(a),
                algebra::left_inverse(&da),
                "left_inverse",
            );
            agree(
                &mut t,
                make_layout_like(a),
                algebra::make_layout_like(&da),
                "make_layout_like",
            );
            agree(&mut t, nullspace(a), algebra::nullspace(&da), "nullspace");
            agree(&mut t, filter(a), algebra::filter(&da), "filter");
            let prof = (_1, _1, _1);
            agree(
                &mut t,
                coalesce_profile(a, prof),
                algebra::coalesce_profile(&da, &prof.to_dynamic()),
                "coalesce_profile",
            );
            let b = make_layout_right((s0, _2)).unwrap();
            let r = max_common_layout(b, b);
            agree(
                &mut t,
                r,
                algebra::max_common_layout(&b.to_dynamic(), &b.to_dynamic()),
                "max_common_layout",
            );
            let blk = Layout::new((s0, _2), (_1, _8)).unwrap();
            let shp = (s0 * 2, s1 * 4);
            agree(
                &mut t,
                tile_to_shape(blk, shp),
                algebra::tile_to_shape(&blk.to_dynamic(), &shp.to_dynamic(), None),
                "tile_to_shape",
            );
            let order = (_1, _0);
            agree(
                &mut t,
                tile_to_shape_ordered(blk, shp, order),
                algebra::tile_to_shape(
                    &blk.to_dynamic(),
                    &shp.to_dynamic(),
                    Some(&order.to_dynamic()),
                ),
                "tile_to_shape_ordered",
            );
            // A run-time order decides the nesting: a run-time `DLayout`.
            let r: Result<DLayout, Error> = tile_to_shape_ordered(blk, shp, (1i64, 0i64));
            let dyn_order = (1i64, 0i64).to_dynamic();
            assert_eq!(
                r,
                algebra::tile_to_shape(&blk.to_dynamic(), &shp.to_dynamic(), Some(&dyn_order))
            );
            let u = Layout::new((_4, s0), (_1, _4)).unwrap();
            agree(
                &mut t,
                upcast(u, _2),
                algebra::upcast(&u.to_dynamic(), 2),
                "upcast",
            );
            agree(
                &mut t,
                downcast(u, _2),
                algebra::downcast(&u.to_dynamic(), 2),
                "downcast",
            );
            // Run-time strides: C++ complements rank > 1 only for static
            // strides; a run-time `DLayout` here.
            let dyn_stride = make_layout((s0, s1)).unwrap();
            let r: Result<DLayout, Error> = complement(dyn_stride, 64i64);
            assert_eq!(
                r,
                algebra::complement(&dyn_stride.to_dynamic(), &cute_typed::DTuple::d(64))
            );
            let r: Result<DLayout, Error> = right_inverse(dyn_stride);
            assert_eq!(r, algebra::right_inverse(&dyn_stride.to_dynamic()));
        }
    }
    assert!(t.ok > 500 && t.err > 0, "{t:?}");
}

#[test]
fn modes_of_mixed_layouts() {
    let mut t = Tally::default();
    for s0 in SHAPES {
        for d in STRIDES {
            let a = Layout::new((s0, (_2, s0), _3), (_1, (d, _8), d)).unwrap();
            let da = a.to_dynamic();
            agree(&mut t, take::<1, 3, _>(a), da.take(1, 3), "take");
            agree(&mut t, group::<0, 2, _>(a), da.group(0, 2), "group");
            let x = Layout::new(s0, d).unwrap();
            agree(
                &mut t,
                replace::<2, _, _>(a, x),
                da.replace(2, &x.to_dynamic()),
                "replace",
            );
            agree(&mut t, append(a, x), da.append(&x.to_dynamic()), "append");
            agree(
                &mut t,
                prepend(a, make_layout(_4)),
                da.prepend(&make_layout(_4).to_dynamic()),
                "prepend",
            );
            agree(&mut t, flatten(a), Ok(da.flatten()), "flatten");
            for k in [0i64, 1] {
                let coord = (k, Underscore, _1);
                let dc = "(0,_,_1)"
                    .parse::<cute_typed::DTuple>()
                    .unwrap()
                    .with_leaf(0, cute_typed::DInt::d(k));
                agree(&mut t, slice(a, coord), da.slice(&dc), "slice");
                agree(&mut t, dice(a, coord), da.dice(&dc), "dice");
            }
        }
    }
    assert!(t.ok > 400, "{t:?}");
}

#[test]
fn results_are_operands_of_the_next_operation() {
    let mut t = Tally::default();
    for m in [32i64, 64, 96, 128, 100] {
        for n in [16i64, 48, 64] {
            let a = Layout::new((m, n), (_1, m)).unwrap();
            let da = a.to_dynamic();
            // A chain that stays typed: tile, take the first tile's rows.
            let typed = logical_divide(a, (_16, _8)).and_then(|d| zipped_divide(d, (_4, _2)));
            let st = tiler(&[dl("_16:_1"), dl("_8:_1")]);
            let st2 = tiler(&[dl("_4:_1"), dl("_2:_1")]);
            let dynamic = algebra::logical_divide_tiler(&da, &st)
                .and_then(|d| algebra::zipped_divide_tiler(&d, &st2));
            agree(&mut t, typed, dynamic, "ld then zd");
            let b = make_layout_strided((_4, _8), (_8, _1));
            let typed = composition(a, b)
                .and_then(coalesce)
                .and_then(|c| composition(c, (_2, _4)));
            let dynamic = algebra::composition(&da, &b.to_dynamic())
                .and_then(|c| algebra::coalesce(&c))
                .and_then(|c| algebra::composition_tiler(&c, &tiler(&[dl("_2:_1"), dl("_4:_1")])));
            agree(&mut t, typed, dynamic, "compose, coalesce, compose");
            // Operations that only rearrange modes keep static strides static
            // in the type: the product of a coalesced layout with static
            // strides is typed mixed too.
            let s = Layout::new(((m, _2), n), ((_1, _128), _512)).unwrap();
            let typed = coalesce(s).and_then(|c| logical_product(c, make_layout(_2)));
            let dynamic = algebra::coalesce(&s.to_dynamic())
                .and_then(|c| algebra::logical_product(&c, &dl("_2:_1")));
            agree(&mut t, typed, dynamic, "coalesce then product");
            let typed = flatten(s).and_then(|f| complement(f, 1i64 << 20));
            let dynamic =
                algebra::complement(&s.to_dynamic().flatten(), &cute_typed::DTuple::d(1 << 20));
            agree(&mut t, typed, dynamic, "flatten then complement");
            // A mixed result whose strides come from run-time shapes, as the
            // layout a product complements: whether its strides are static is
            // a constant, not a type, so this is a run-time `DLayout` (see
            // `LayoutOperand::StrideStatic`).
            let c = composition(a, b).unwrap();
            let p: Result<DLayout, Error> = logical_product(c, _2);
            assert_eq!(p, algebra::logical_product(&c.to_dynamic(), &dl("_2:_1")));
        }
    }
    assert!(t.ok >= 40, "{t:?}");
}

#[test]
fn static_leaves_are_in_the_type() {
    // C++: logical_divide(make_layout(make_shape(128, Int<96>{}) ...)); the
    // static parts print with `_`, the run-time ones without.
    let a = Layout::new((_128, 96i64), (_1, _128)).unwrap();
    let d = logical_divide(a, (_32, _16)).unwrap();
    assert_eq!(d.to_string(), "((_32,_4),(_16,6)):((_1,_32),(_128,_2048))");
    // Only the run-time leaves are stored: here two (96/16 and nothing else).
    assert_eq!(d.slots(), &[6]);
    assert!(core::mem::size_of_val(&d) <= 8 * MIXED_SLOTS);
    let c = composition(
        Layout::new((_4, 8i64), (_1, 4i64)).unwrap(),
        make_layout(_8),
    )
    .unwrap();
    // 8 = 4·2 with B static: C++ keeps the 2 static, and the stride 4 run-time.
    assert_eq!(c.to_string(), "(_4,_2):(_1,4)");
    assert_eq!(c.slots(), &[4]);
}

#[test]
fn a_result_not_of_the_pattern_is_refused() {
    type M = Coalesced<Layout<(_4, i64), (_1, i64)>>;
    assert_eq!(
        Mixed::<M>::from_dynamic(&dl("(_4,8):(_1,4)"))
            .unwrap()
            .slots(),
        &[8, 4]
    );
    for other in [
        "(_4,8):(_1,_4)",
        "(4,8):(_1,4)",
        "(_2,8):(_1,4)",
        "((_4),8):((_1),4)",
        "_4:_1",
    ] {
        assert_eq!(
            Mixed::<M>::from_dynamic(&dl(other)),
            Err(Error::MixedPattern),
            "{other}"
        );
    }
    let neg = DLayout::new_unchecked_shape("(_4,-2)".parse().unwrap(), "(_1,4)".parse().unwrap());
    assert_eq!(
        Mixed::<M>::from_dynamic(&neg.unwrap()),
        Err(Error::NonPositiveShape)
    );
}

/// The text of a typed mixed result (a `DLayout` would not compile here).
fn typed_mixed<M: MixedPattern>(m: Mixed<M>) -> String {
    m.to_string()
}

/// A few typed mixed results printed exactly as CuTe C++ 4.2 prints the same
/// operations on the same `Int<N>`/`int` mix (`tests/data/typed_mixed_cpp.cpp`,
/// its output in `typed_mixed_cpp.txt`).
#[test]
fn matches_cpp() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/typed_mixed_cpp.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let cpp: std::collections::HashMap<&str, &str> =
        text.lines().filter_map(|l| l.split_once('\t')).collect();
    let (m, n, four, big, rows, cols, three) = (96i64, 8i64, 4i64, 4096i64, 100i64, 64i64, 3i64);
    let mut got: Vec<(&str, String)> = Vec::new();
    let a = Layout::new((_128, m), (_1, _128)).unwrap();
    let tiles = logical_divide(a, (_32, _16)).unwrap();
    got.push(("logical_divide", typed_mixed(tiles)));
    got.push((
        "zipped_divide_chain",
        typed_mixed(zipped_divide(tiles, (_8, _4)).unwrap()),
    ));
    let c = Layout::new((_4, n), (_1, four)).unwrap();
    got.push((
        "composition",
        typed_mixed(composition(c, make_layout(_8)).unwrap()),
    ));
    got.push((
        "composition_tiler",
        typed_mixed(composition(c, (_2, four)).unwrap()),
    ));
    let b = make_layout_strided((_4, _8), (_8, _1));
    got.push((
        "coalesce_composition",
        typed_mixed(coalesce(composition(a, b).unwrap()).unwrap()),
    ));
    let p = logical_product(Layout::new(m, _1).unwrap(), make_layout((_2, _2))).unwrap();
    got.push(("logical_product", typed_mixed(p)));
    let k = complement(Layout::new((_4, m), (_1, _8)).unwrap(), big).unwrap();
    got.push(("complement", typed_mixed(k)));
    let r = right_inverse(Layout::new((three, _4), (_4, _1)).unwrap()).unwrap();
    got.push(("right_inverse", typed_mixed(r)));
    let t = tiled_divide(make_layout((rows, cols)).unwrap(), (_16, _8)).unwrap();
    got.push(("tiled_divide", typed_mixed(t)));
    let bp = blocked_product(make_layout((_2, _2)), make_layout((three, four)).unwrap()).unwrap();
    got.push(("blocked_product", typed_mixed(bp)));
    let fp = flat_product(Layout::new((rows, _2), (_1, _128)).unwrap(), (_2, three)).unwrap();
    got.push(("flat_product", typed_mixed(fp)));
    assert_eq!(got.len(), cpp.len());
    for (name, s) in got {
        assert_eq!(Some(&s.as_str()), cpp.get(name), "{name}");
    }
}
