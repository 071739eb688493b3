//! The run-time arm of the typed functions (`Result<DLayout, Error>` for
//! operands with run-time structure or leaves) runs the run-time algebra on
//! compact values: its results must be those of the const algebra on the same
//! `DLayout`s, and a result past a `DLayout`'s 64 nodes must be
//! `Error::Capacity`, as before.
use cute_typed::algebra;
use cute_typed::typed::*;
use cute_typed::{DLayout, DTuple, Error};

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

/// A run-time result (a typed mixed layout or a `DLayout`) as a `DLayout`.
fn d<L: LayoutOperand>(r: Result<L, Error>) -> Result<DLayout, Error> {
    r.map(|l| l.to_dynamic())
}

#[test]
fn runtime_results_equal_the_const_algebra() {
    let a = Layout::new((4i64, (2i64, 6i64)), (1i64, (4i64, 8i64))).unwrap();
    let b = Layout::new((2i64, 3i64), (3i64, 1i64)).unwrap();
    let da = a.to_dynamic();
    let db = b.to_dynamic();
    assert_eq!(d(composition(a, b)), algebra::composition(&da, &db));
    // An integer tiler `n` composes as `n:_1`.
    assert_eq!(
        d(composition(a, 4i64)),
        algebra::composition(&da, &dl("4:_1"))
    );
    // `DLayout` operands: the plain run-time result.
    assert_eq!(logical_divide(&da, &db), algebra::logical_divide(&da, &db));
    assert_eq!(
        coalesce_profile(&da, (1i64, 1i64)),
        algebra::coalesce_profile(&da, &"(1,1)".parse().unwrap())
    );
    assert_eq!(d(coalesce(a)), algebra::coalesce(&da));
    assert_eq!(d(logical_divide(a, b)), algebra::logical_divide(&da, &db));
    assert_eq!(d(logical_product(a, b)), algebra::logical_product(&da, &db));
    assert_eq!(d(append(a, b)), da.append(&db));
    assert_eq!(d(flatten(a)), Ok(da.flatten()));
    let s = Layout::new((4i64, 8i64), (8i64, 1i64)).unwrap();
    let ds = s.to_dynamic();
    assert_eq!(d(right_inverse(s)), algebra::right_inverse(&ds));
    assert_eq!(
        d(complement(s, 64i64)),
        algebra::complement(&ds, &DTuple::d(64))
    );
    // By-mode tilers and integer tilers, as the const adapters read them.
    let t = d(logical_divide(
        make_layout((8i64, 6i64)).unwrap(),
        (2i64, 3i64),
    ));
    assert_eq!(t, Ok(dl("((2,4),(3,2)):((_1,2),(8,24))")));
    let z = d(zipped_divide(make_layout((8i64, 6i64)).unwrap(), 4i64));
    assert_eq!(z, algebra::zipped_divide(&dl("(8,6):(_1,8)"), &dl("4:_1")));
    let block = make_layout((2i64, 2i64)).unwrap();
    assert_eq!(
        d(tile_to_shape(block, (4i64, 6i64))),
        algebra::tile_to_shape(&block.to_dynamic(), &"(4,6)".parse().unwrap(), None)
    );
    // Errors name the same rule.
    let x = dl("(4,6):(1,5)");
    let y = dl("(3,2):(1,3)");
    assert!(algebra::composition(&x, &y).is_err());
    assert_eq!(composition(&x, &y), algebra::composition(&x, &y));
}

#[test]
fn a_result_past_64_nodes_is_computed() {
    // 1 + 4 + 32 = 37 nodes per tuple; appended to itself: 74, past the
    // fixed form's 64 (which answered `Capacity`): the run-time `DLayout`
    // result has no node ceiling.
    let m = (1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64);
    // `DLayout` operands (a typed mixed result this large is refused at compile time).
    let a = make_layout((m, m, m, m)).unwrap().to_dynamic();
    assert_eq!(a.shape().node_count(), 37);
    let twice = append(&a, &a).unwrap();
    assert_eq!(twice.shape().node_count(), 1 + 36 + 37);
    assert_eq!(twice, a.append(&a).unwrap());
    assert_eq!(twice.get(4).unwrap(), a);
    // Within 64 nodes the same operation computes too.
    let small = make_layout((m, m)).unwrap().to_dynamic();
    assert_eq!(append(&small, &small), small.append(&small));
}
