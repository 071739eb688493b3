//! `Layout::eval` of a typed layout at a 1-D index goes through the evaluation
//! engine's compile-time plan (for run-time leaves, the plan of the pattern
//! with the leaves' values in its slots): the same values and errors as the
//! engine on the `DLayout` and as the typed per-leaf sum.
use cute_typed::typed::*;

fn check<S: Congruent<D>, D: IntTuple>(l: Layout<S, D>) {
    let d = l.to_dynamic();
    let size = d.size().unwrap().value;
    for i in -40..size + 40 {
        let want = d.eval_index(i).map(|v| v.value);
        assert_eq!(l.eval(i), want, "{d} at {i}");
        assert_eq!(
            CoordOf::crd2idx(&i, &l.shape(), &l.stride()),
            want,
            "{d} at {i}"
        );
    }
    // Static coordinates inside the shape (checked at compile time) and the
    // 1-D index of a `C<N>`.
    assert_eq!(l.eval(_3), d.eval_index(3).map(|v| v.value));
}

#[test]
fn static_one_d_evaluation_is_the_engine() {
    check(make_layout((_4, (_2, _2))));
    check(Layout::new((_4, (_2, _2)), (_4, (_1, _2))));
    check(Layout::new(((_2, _3), _5), ((_15, _1), _3)));
    check(Layout::new((_8, _1, _4), (_0, _7, _2)));
    check(Layout::new(_16, _3));
    check(make_layout_right((_3, _5, _2)));
}

#[test]
fn run_time_leaves_evaluate_through_the_engine() {
    check(Layout::new((4i64, (_2, 3i64)), (_1, (8i64, _2))).unwrap());
    check(Layout::new((_4, (_2, _3)), (_1, (_4, 8i64))).unwrap());
    check(Layout::new(((2i64, _3), 5i64), ((15i64, _1), -3i64)).unwrap());
    check(Layout::new((8i64, 1i64, 4i64), (0i64, 7i64, 2i64)).unwrap());
    check(Layout::new(16i64, 3i64).unwrap());
    check(Layout::new((3u32, 5i32), (5usize, 1isize)).unwrap());
    // 18 run-time leaves: more than the plan's slots, the typed sum.
    check(
        Layout::new(
            ((2i64, 2i64, 2i64), (2i64, 2i64, 2i64), (2i64, 2i64, 2i64)),
            (
                (1i64, 2i64, 4i64),
                (8i64, 16i64, 32i64),
                (64i64, 128i64, 256i64),
            ),
        )
        .unwrap(),
    );
}

#[test]
fn run_time_overflow_is_reported_as_by_the_engine() {
    // A run-time stride 2^61: the rest's term overflows past the domain.
    let l = Layout::new((_2, 4i64), (_1, 1i64 << 61)).unwrap();
    let d = l.to_dynamic();
    for i in [0i64, 7, 8, 100, i64::MAX, -9, i64::MIN] {
        assert_eq!(l.eval(i), d.eval_index(i).map(|v| v.value), "{d} at {i}");
    }
    assert_eq!(l.eval(8i64), Err(cute_typed::Error::Overflow));
}

#[test]
fn overflow_is_reported_as_by_the_engine() {
    // Stride 2^61: the rest's term overflows past the domain (index 8 on).
    let l = Layout::new(
        (_2, _4),
        (
            _1,
            C::<(
                D2,
                D3,
                D0,
                D5,
                D8,
                D4,
                D3,
                D0,
                D0,
                D9,
                D2,
                D1,
                D3,
                D6,
                D9,
                D3,
                D9,
                D5,
                D2,
            )>::new(),
        ),
    );
    let d = l.to_dynamic();
    for i in [0i64, 7, 8, 100, i64::MAX, -9, i64::MIN] {
        assert_eq!(l.eval(i), d.eval_index(i).map(|v| v.value), "{d} at {i}");
    }
    assert_eq!(l.eval(8i64), Err(cute_typed::Error::Overflow));
}
