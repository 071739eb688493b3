//! Hostile run-time leaves in the typed mixed algebra (`typed/mixed.rs`):
//! zero, negative, `i64::MAX`/`MIN`, values whose products overflow, `u64`
//! and `usize` above `i64::MAX`, and chains of operations on failing
//! results. Every typed result agrees with the dynamic algebra on the same
//! values (the same layout or the same typed `Error`), evaluation agrees with
//! `DLayout::eval_index` at hostile indices, and nothing panics (tests run
//! with overflow checks, so a wrapping `+`/`*` would panic here).
use cute_typed::typed::*;
use cute_typed::{algebra, DLayout, DTuple, Error};
use proptest::prelude::*;

const HOSTILE: [i64; 14] = [
    0,
    1,
    -1,
    2,
    3,
    -7,
    1 << 31,
    1 << 32,
    -(1 << 32),
    i64::MAX,
    i64::MIN,
    i64::MAX / 2,
    i64::MIN + 1,
    3_037_000_500, // ⌈√i64::MAX⌉: its square overflows
];

const INDICES: [i64; 9] = [0, 1, -1, 7, -7, i64::MAX, i64::MIN, i64::MIN + 1, 1 << 40];

fn hostile() -> impl Strategy<Value = i64> {
    prop_oneof![
        prop::sample::select(HOSTILE.to_vec()),
        -9i64..=9,
        any::<i64>(),
    ]
}

/// The typed result and the dynamic one agree: same layout or same error,
/// and the same value (or error) at hostile indices.
fn agree<M: MixedPattern>(typed: Result<Mixed<M>, Error>, dynamic: Result<DLayout, Error>) {
    match (typed, dynamic) {
        (Ok(m), Ok(d)) => {
            assert_eq!(m.to_dynamic(), d);
            assert_eq!(m.to_string(), d.to_string());
            assert_eq!(m.size(), d.size().unwrap().value);
            assert_eq!(LayoutLike::cosize(&m), d.cosize().unwrap().value);
            for i in INDICES.into_iter().chain([m.size() - 1, m.size()]) {
                let want = d.eval_index(i).map(|v| v.value);
                assert_eq!(m.eval_index(i), want, "{d} at {i}");
                assert_eq!(LayoutLike::eval(&m, i), want, "{d} at {i}");
            }
        }
        (Err(a), Err(b)) => assert_eq!(a, b),
        // Documented (`Mixed::from_dynamic`): a typed mixed result's size and
        // cosize fit in `i64`; the dynamic algebra computes such layouts and
        // reports the overflow when the cosize is asked for.
        (Err(Error::Overflow), Ok(d)) => {
            assert!(d.size().is_err() || d.cosize().is_err(), "{d}")
        }
        (t, d) => panic!("typed {t:?}, dynamic {d:?}"),
    }
}

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

/// `Layout::new` with run-time leaves refuses what `DLayout::new` refuses,
/// with the same error, and also a cosize beyond `i64` (documented: the typed
/// layer checks the size and cosize at construction, `DLayout` when it is asked).
type Operand = Layout<(i64, _4), (i64, i64)>;

fn make(s0: i64, d0: i64, d1: i64) -> Result<Operand, Error> {
    let typed = Layout::new((s0, _4), (d0, d1));
    let dynamic = DLayout::new(
        DTuple::tuple(&[DTuple::d(s0), DTuple::s(4)]).unwrap(),
        DTuple::tuple(&[DTuple::d(d0), DTuple::d(d1)]).unwrap(),
    );
    match (&typed, &dynamic) {
        (Ok(t), Ok(d)) => assert_eq!(&t.to_dynamic(), d),
        (Err(a), Err(b)) => assert_eq!(a, b),
        (Err(Error::Overflow), Ok(d)) => {
            assert!(d.size().is_err() || d.cosize().is_err(), "{d}")
        }
        (t, d) => panic!("typed {t:?}, dynamic {d:?}"),
    }
    typed
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn hostile_leaves_agree_with_the_dynamic_algebra(
        s0 in hostile(), d0 in hostile(), d1 in hostile(), n in hostile()
    ) {
        let Ok(a) = make(s0, d0, d1) else { return Ok(()) };
        let da = a.to_dynamic();
        agree(coalesce(a), algebra::coalesce(&da));
        agree(filter(a), algebra::filter(&da));
        agree(flatten(a), Ok(da.flatten()));
        let b = make_layout_strided((_2, _4), (_4, _1));
        agree(composition(a, b), algebra::composition(&da, &b.to_dynamic()));
        if let Ok(t) = DLayout::new(DTuple::d(n), DTuple::s(1)) {
            agree(composition(a, n), algebra::composition(&da, &t));
        }
        let st = cute_typed::DTiler::from_layouts(&[dl("_2:_1"), dl("_2:_1")]).unwrap();
        agree(logical_divide(a, (_2, _2)), algebra::logical_divide_tiler(&da, &st));
        agree(zipped_divide(a, (_2, _2)), algebra::zipped_divide_tiler(&da, &st));
        // Static strides: products, complements, inverses stay typed mixed.
        let c = Layout::new((s0, _4), (_1, _16));
        let dc = DLayout::new(
            DTuple::tuple(&[DTuple::d(s0), DTuple::s(4)]).unwrap(),
            DTuple::tuple(&[DTuple::s(1), DTuple::s(16)]).unwrap(),
        );
        prop_assert_eq!(c.as_ref().err(), dc.as_ref().err());
        if let (Ok(c), Ok(dc)) = (c, dc) {
            agree(complement(c, n), algebra::complement(&dc, &DTuple::d(n)));
            agree(right_inverse(c), algebra::right_inverse(&dc));
            agree(left_inverse(c), algebra::left_inverse(&dc));
            let b = make_layout((_2, _3));
            agree(logical_product(c, b), algebra::logical_product(&dc, &b.to_dynamic()));
            let s = make_layout((_4, _2));
            if let Ok(m) = make_layout((s0, _2)) {
                agree(blocked_product(s, m), algebra::blocked_product(&s.to_dynamic(), &m.to_dynamic()));
                agree(raked_product(s, m), algebra::raked_product(&s.to_dynamic(), &m.to_dynamic()));
            }
        }
    }

    /// A chain on a failing result: the first failure's error comes through
    /// every later step unchanged (no step turns it into a panic or a value).
    #[test]
    fn chains_keep_the_first_error(s0 in hostile(), d0 in hostile(), d1 in hostile()) {
        let Ok(a) = make(s0, d0, d1) else { return Ok(()) };
        let da = a.to_dynamic();
        let b = make_layout_strided((_4, _8), (_8, _1));
        let typed = composition(a, b)
            .and_then(coalesce)
            .and_then(|c| composition(c, (_2, _4)))
            .and_then(|c| logical_divide(c, (_2, _2)));
        // Each typed step's result has a size and cosize in `i64` (the
        // documented rule of `Mixed`): the dynamic chain checks the same.
        let fits = |d: DLayout| -> Result<DLayout, Error> {
            d.size()?;
            d.cosize()?;
            Ok(d)
        };
        let dynamic = algebra::composition(&da, &b.to_dynamic())
            .and_then(fits)
            .and_then(|c| algebra::coalesce(&c))
            .and_then(fits)
            .and_then(|c| algebra::composition_tiler(
                &c, &cute_typed::DTiler::from_layouts(&[dl("_2:_1"), dl("_4:_1")]).unwrap()))
            .and_then(fits)
            .and_then(|c| algebra::logical_divide_tiler(
                &c, &cute_typed::DTiler::from_layouts(&[dl("_2:_1"), dl("_2:_1")]).unwrap()));
        agree(typed, dynamic);
    }
}

#[test]
fn zero_and_negative_extents_are_refused_by_name() {
    assert_eq!(
        make_layout((0i64, _4)).map(|_| ()),
        Err(Error::NonPositiveShape)
    );
    assert_eq!(
        make_layout((-3i64, _4)).map(|_| ()),
        Err(Error::NonPositiveShape)
    );
    assert_eq!(
        make_layout((i64::MIN, _4)).map(|_| ()),
        Err(Error::NonPositiveShape)
    );
}

#[test]
fn unsigned_leaves_above_i64_max_are_overflow() {
    assert_eq!(
        make_layout((u64::MAX, _4)).map(|_| ()),
        Err(Error::Overflow)
    );
    assert_eq!(
        make_layout((usize::MAX, _4)).map(|_| ()),
        Err(Error::Overflow)
    );
    assert_eq!(
        make_layout(((i64::MAX as u64) + 1, _4)).map(|_| ()),
        Err(Error::Overflow)
    );
    assert_eq!(
        Layout::new((_4, 2u64), (_1, u64::MAX)).map(|_| ()),
        Err(Error::Overflow)
    );
}

#[test]
fn products_that_overflow_are_overflow() {
    // size = 4·(2^62) overflows i64.
    assert_eq!(
        make_layout((_4, 1i64 << 62)).map(|_| ()),
        Err(Error::Overflow)
    );
    // A legal layout whose product with a static tile overflows.
    let a = Layout::new((1i64 << 40, _4), (_1, 1i64 << 40)).unwrap();
    let r = logical_product(a, make_layout(_2));
    assert!(r.is_ok(), "{r:?}");
    let a = Layout::new((1i64 << 60, _4), (_1, _1)).unwrap();
    let dyn_r = algebra::logical_product(&a.to_dynamic(), &dl("_16:_1"));
    let typed: Result<DLayout, Error> =
        logical_product(a, make_layout(_16)).map(|m| m.to_dynamic());
    assert_eq!(typed, dyn_r);
    assert_eq!(typed, Err(Error::Overflow));
}

/// Two operands whose spans fit, appended: `L(size − 1) = a` fits but an
/// index of the domain reaches `a + b > i64::MAX`. The result is refused
/// ([`Error::Overflow`]: a mixed result's cosize bounds `|L(i)|` over the
/// domain, which is what lets `Mixed::eval_index` add without checks), as the
/// dynamic result's cosize is.
#[test]
fn a_result_whose_domain_overflows_is_refused() {
    let (a, b) = (4_700_000_000_000_000_000i64, 4_600_000_000_000_000_000i64);
    let x = Layout::new(_2, a).unwrap();
    let y = Layout::new((_2, _2), (b, -b)).unwrap();
    let d = x.to_dynamic().append(&y.to_dynamic()).unwrap();
    assert_eq!(d.eval_index(3), Err(Error::Overflow));
    assert_eq!(d.cosize(), Err(Error::Overflow));
    assert_eq!(append(x, y).map(|m| m.to_string()), Err(Error::Overflow));
    // One less: accepted, and every index evaluates.
    let y = Layout::new((_2, _2), (b - a, a - b)).unwrap();
    let m = append(x, y).unwrap();
    for i in -9..9 {
        assert_eq!(
            m.eval_index(i),
            m.to_dynamic().eval_index(i).map(|v| v.value)
        );
    }
}

/// `Mixed::from_dynamic` accepts a layout exactly when its size and cosize fit
/// in `i64` (its check runs over the pattern's leaves gathered at compile
/// time, with `DLayout::size`/`cosize`'s own steps): hostile extents and
/// strides, among them an extent 1 with stride `i64::MIN` (which adds 0 to the
/// cosize) and the same stride under an extent 2 (which overflows).
#[test]
fn mixed_values_are_accepted_exactly_when_size_and_cosize_fit() {
    // The pattern `(_4,s):(_1,d)`, `s` and `d` run-time.
    type M = Coalesced<Layout<(_4, i64), (_1, i64)>>;
    let mut seen = [0usize; 2];
    for s in [
        1,
        2,
        3,
        1 << 31,
        1 << 32,
        i64::MAX / 4,
        i64::MAX,
        3_037_000_500,
    ] {
        for d in HOSTILE {
            let l = DLayout::new(
                DTuple::tuple(&[DTuple::s(4), DTuple::d(s)]).unwrap(),
                DTuple::tuple(&[DTuple::s(1), DTuple::d(d)]).unwrap(),
            )
            .unwrap();
            let fits = l.size().is_ok() && l.cosize().is_ok();
            let m = Mixed::<M>::from_dynamic(&l);
            match &m {
                Ok(m) => assert_eq!(m.to_dynamic(), l),
                Err(e) => assert_eq!(*e, Error::Overflow, "{l}"),
            }
            assert_eq!(m.is_ok(), fits, "{l}");
            seen[fits as usize] += 1;
        }
    }
    // Both sides of the rule were reached, and the extent-1 case is accepted.
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    let one = DLayout::new(
        DTuple::tuple(&[DTuple::s(4), DTuple::d(1)]).unwrap(),
        DTuple::tuple(&[DTuple::s(1), DTuple::d(i64::MIN)]).unwrap(),
    )
    .unwrap();
    assert!(Mixed::<M>::from_dynamic(&one).is_ok());
}
