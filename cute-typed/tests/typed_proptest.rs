//! Property tests: every layout function of the typed layer agrees with the
//! dynamic layer (`DLayout`, `DTuple` and `cute_typed::algebra`) on random
//! shapes, strides and coordinates, for several fixed nestings (types are fixed
//! at compile time; values, including those of dynamic leaves, are random).
use cute_typed::dynamic::{self, DTiler};
use cute_typed::typed::*;
use cute_typed::{algebra, DInt, DLayout, DTuple};
use proptest::prelude::*;

fn shape_leaf() -> impl Strategy<Value = i64> {
    1i64..=6
}
fn stride_leaf() -> impl Strategy<Value = i64> {
    -12i64..=12
}

/// The checks every typed layout must pass against its `DLayout`.
fn agrees<S, D>(t: Layout<S, D>, extra: i64) -> Result<(), TestCaseError>
where
    S: Congruent<D>,
    D: IntTuple,
    S::Dyn: Coord + CoordOf<S, D>,
{
    let d = DLayout::new(t.shape().to_dynamic(), t.stride().to_dynamic()).unwrap();
    prop_assert_eq!(t.to_dynamic(), d.clone());
    prop_assert_eq!(t.to_string(), d.to_string());
    prop_assert_eq!(Layout::<S, D>::from_dynamic(&d), Ok(t));
    prop_assert_eq!(t.size(), d.size().unwrap().value);
    prop_assert_eq!(t.cosize(), d.cosize().unwrap().value);
    prop_assert_eq!(t.rank(), d.rank());
    prop_assert_eq!(t.depth(), d.depth());
    for i in 0..t.size() {
        let v = d.eval_index(i).unwrap().value;
        prop_assert_eq!(t.eval(i), Ok(v));
        // The natural coordinate names the same element, in both layers.
        let nat = t.idx2crd(i).unwrap();
        prop_assert!(
            cute_typed::DTuple::from_fixed(&nat.to_dcoord()).eq_values(&d.idx2crd(i).unwrap())
        );
        prop_assert_eq!(t.eval(nat), Ok(v));
        prop_assert_eq!(LayoutLike::eval(&t, nat), Ok(v));
    }
    // Beyond the domain (and negative): CuTe's rule, the last mode takes the rest.
    for i in [extra, -extra, t.size() + extra] {
        prop_assert_eq!(t.eval(i), d.eval_index(i).map(|v| v.value));
    }
    Ok(())
}

/// The compact constructors agree with `DLayout::compact`, flags included.
fn compact_agrees<S>(s: S) -> Result<(), TestCaseError>
where
    S: CompactStride<LayoutLeft, _1>
        + CompactStride<LayoutRight, _1>
        + Congruent<CompactOf<S, LayoutLeft>>
        + Congruent<CompactOf<S, LayoutRight>>,
{
    let ds = s.to_dynamic();
    let left = DLayout::compact(ds.clone(), dynamic::Major::Left).unwrap();
    let right = DLayout::compact(ds, dynamic::Major::Right).unwrap();
    let (l, _) = CompactStride::<LayoutLeft, _1>::compact_stride(&s, _1).unwrap();
    prop_assert_eq!(Layout::try_new(s, l).unwrap().to_dynamic(), left);
    let (r, _) = CompactStride::<LayoutRight, _1>::compact_stride(&s, _1).unwrap();
    prop_assert_eq!(Layout::try_new(s, r).unwrap().to_dynamic(), right);
    Ok(())
}

/// A typed mixed result as the `DLayout` it stands for, after checking that
/// it evaluates as that `DLayout` on its domain and a little beyond.
fn mixed_dyn<M: MixedPattern>(
    r: Result<Mixed<M>, cute_typed::Error>,
) -> Result<DLayout, cute_typed::Error> {
    r.map(|m| {
        let d = m.to_dynamic();
        let n = d.size().map_or(0, |s| s.value.min(512));
        for i in -3..n + 3 {
            assert_eq!(
                m.eval_index(i),
                d.eval_index(i).map(|v| v.value),
                "{d} at {i}"
            );
        }
        assert_eq!(m.to_string(), d.to_string());
        d
    })
}

/// The typed algebra on a dynamic layout returns what `algebra` returns.
macro_rules! algebra_agrees {
    ($t:expr, $other:expr, $n:expr) => {{
        let (t, other, n): (_, DLayout, i64) = ($t, $other, $n);
        let d = t.to_dynamic();
        prop_assert_eq!(mixed_dyn(coalesce(t)), algebra::coalesce(&d));
        prop_assert_eq!(mixed_dyn(filter(t)), algebra::filter(&d));
        prop_assert_eq!(complement_default(t), algebra::complement_default(&d));
        prop_assert_eq!(right_inverse(t), algebra::right_inverse(&d));
        prop_assert_eq!(left_inverse(t), algebra::left_inverse(&d));
        prop_assert_eq!(mixed_dyn(flatten(t)), Ok(d.flatten()));
        prop_assert_eq!(mixed_dyn(take::<0, 1, _>(t)), d.take(0, 1));
        prop_assert_eq!(mixed_dyn(group::<0, 1, _>(t)), d.group(0, 1));
        prop_assert_eq!(select(t, &[0, 0]), d.select(&[0, 0]));
        prop_assert_eq!(composition(t, &other), algebra::composition(&d, &other));
        prop_assert_eq!(composition(&other, t), algebra::composition(&other, &d));
        let tile = DLayout::col_major(DTuple::d(n)).unwrap();
        prop_assert_eq!(
            mixed_dyn(logical_divide(t, n)),
            algebra::logical_divide(&d, &tile)
        );
        prop_assert_eq!(zipped_divide(t, &other), algebra::zipped_divide(&d, &other));
        prop_assert_eq!(tiled_divide(t, &other), algebra::tiled_divide(&d, &other));
        prop_assert_eq!(flat_divide(t, &other), algebra::flat_divide(&d, &other));
        prop_assert_eq!(
            logical_product(t, &other),
            algebra::logical_product(&d, &other)
        );
        prop_assert_eq!(
            zipped_product(t, &other),
            algebra::zipped_product(&d, &other)
        );
        prop_assert_eq!(tiled_product(t, &other), algebra::tiled_product(&d, &other));
        prop_assert_eq!(flat_product(t, &other), algebra::flat_product(&d, &other));
        prop_assert_eq!(
            blocked_product(t, &other),
            algebra::blocked_product(&d, &other)
        );
        prop_assert_eq!(raked_product(t, &other), algebra::raked_product(&d, &other));
        prop_assert_eq!(append(t, &other), d.append(&other));
        prop_assert_eq!(prepend(t, &other), d.prepend(&other));
        prop_assert_eq!(
            complement(t, n * 8),
            algebra::complement(&d, &DTuple::d(n * 8))
        );
        prop_assert_eq!(upcast(t, n), algebra::upcast(&d, n));
        prop_assert_eq!(downcast(t, n), algebra::downcast(&d, n));
        prop_assert_eq!(
            max_common_layout(t, &other),
            algebra::max_common_layout(&d, &other)
        );
        prop_assert_eq!(
            max_common_vector(t, &other),
            algebra::max_common_vector(&d, &other).map(|v| v.value)
        );
        prop_assert_eq!(make_layout_like(t), algebra::make_layout_like(&d));
    }};
}

fn small_layout() -> impl Strategy<Value = DLayout> {
    (shape_leaf(), 0i64..=6, shape_leaf(), 0i64..=12).prop_map(|(s0, d0, s1, d1)| {
        DLayout::new(
            DTuple::tuple(&[DTuple::d(s0), DTuple::d(s1)]).unwrap(),
            DTuple::tuple(&[DTuple::d(d0), DTuple::d(d1)]).unwrap(),
        )
        .unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn integer_layouts(s in shape_leaf(), d in stride_leaf(), x in 0i64..50) {
        agrees(Layout::try_new(s, d).unwrap(), x)?;
        compact_agrees(s)?;
    }

    #[test]
    fn rank_2_layouts(s in (shape_leaf(), shape_leaf()), d in (stride_leaf(), stride_leaf()), x in 0i64..50) {
        let t = Layout::try_new(s, d).unwrap();
        agrees(t, x)?;
        compact_agrees(s)?;
        // R-D coordinates.
        for i in 0..t.size() {
            prop_assert_eq!(t.eval((i % s.0, i / s.0)), t.eval(i));
        }
    }

    #[test]
    fn nested_layouts(
        s in (shape_leaf(), (shape_leaf(), shape_leaf())),
        d in (stride_leaf(), (stride_leaf(), stride_leaf())),
        x in 0i64..50,
    ) {
        let t = Layout::try_new(s, d).unwrap();
        agrees(t, x)?;
        compact_agrees(s)?;
        for i in 0..t.size() {
            prop_assert_eq!(t.eval((i % s.0, i / s.0)), t.eval(i));
        }
        prop_assert_eq!(t.get::<1>().to_dynamic(), t.to_dynamic().get(1).unwrap());
        prop_assert_eq!(t.get::<1>().get::<0>().to_dynamic(), t.to_dynamic().get_path(&[1, 0]).unwrap());
    }

    #[test]
    fn deeper_and_wider_layouts(
        s in ((shape_leaf(), shape_leaf()), (shape_leaf(), shape_leaf()), shape_leaf()),
        d in ((stride_leaf(), stride_leaf()), (stride_leaf(), stride_leaf()), stride_leaf()),
        x in 0i64..50,
    ) {
        agrees(Layout::try_new(s, d).unwrap(), x)?;
        compact_agrees(s)?;
    }

    #[test]
    fn mixed_static_and_dynamic_leaves(
        a in shape_leaf(), b in shape_leaf(), da in stride_leaf(), db in stride_leaf(), x in 0i64..50,
    ) {
        agrees(Layout::try_new((_4, a), (_1, da)).unwrap(), x)?;
        agrees(Layout::try_new((_2, (a, _3)), (db, (_2, da))).unwrap(), x)?;
        agrees(Layout::try_new((b, (_1, a)), (_0, (db, _5))).unwrap(), x)?;
        compact_agrees((_4, a))?;
        compact_agrees((_2, (a, _1), b))?;
        compact_agrees((b, _1, (_3, a)))?;
    }

    #[test]
    fn typed_algebra_on_dynamic_layouts(
        s in (shape_leaf(), (shape_leaf(), shape_leaf())),
        d in (0i64..=8, (0i64..=8, 0i64..=8)),
        other in small_layout(),
        n in 1i64..=4,
    ) {
        let t = Layout::try_new(s, d).unwrap();
        algebra_agrees!(t, other.clone(), n);
        // Mixed static and dynamic leaves are dynamic operands too.
        let m = Layout::try_new((_2, s.1), (_1, d.1)).unwrap();
        algebra_agrees!(m, other, n);
    }

    #[test]
    fn tilers_convert_like_dtiler(a in shape_leaf(), b in shape_leaf(), l in small_layout()) {
        let t = (a, (make_layout_strided(b, 2).unwrap(), _2));
        let expect = DTiler::new()
            .push_int(DInt::d(a)).unwrap()
            .push_tiler(
                &DTiler::new()
                    .push_layout(dl(&format!("{b}:2"))).unwrap()
                    .push_int(DInt::s(2)).unwrap(),
            ).unwrap();
        prop_assert_eq!(t.to_tiler(), Ok(DTilerArg::Tiler(expect.to_fixed().unwrap())));
        prop_assert_eq!(
            logical_divide(&l, t),
            algebra::logical_divide_tiler(&l, &expect)
        );
    }

    #[test]
    fn slicing_agrees(s in (shape_leaf(), shape_leaf(), shape_leaf()), d in (stride_leaf(), stride_leaf(), stride_leaf()), c in 0i64..6) {
        let t = Layout::try_new(s, d).unwrap();
        let dlay = t.to_dynamic();
        let coord = (Underscore, c, Underscore);
        let dc: DTuple = format!("(_,{c},_)").parse().unwrap();
        prop_assert_eq!(mixed_dyn(slice(t, coord)), dlay.slice(&dc));
        prop_assert_eq!(mixed_dyn(dice(t, coord)), dlay.dice(&dc));
        prop_assert_eq!(slice_and_offset(t, coord), dlay.slice_and_offset(&dc).map(|(l, o)| (l, o.value)));
    }
}

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}
