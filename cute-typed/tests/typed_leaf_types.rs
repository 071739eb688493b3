//! Run-time leaves of the integer types users hold (`usize`, `u32`, `i32`,
//! `isize`, `u64`) are accepted where `i64` is: as shapes, strides, coordinates
//! and tilers. They are run-time ints (printed without `_`), computed in `i64`,
//! and a value beyond `i64` is [`Error::Overflow`], never a wrapped number.
use cute_typed::typed::*;
use cute_typed::{DLayout, Error};

fn dl(s: &str) -> DLayout {
    s.parse().unwrap()
}

#[test]
fn narrower_leaves_build_the_same_layouts_as_i64_leaves() {
    let rows: Vec<f32> = vec![0.0; 6];
    let a = make_layout((_4, rows.len())).unwrap();
    let b = make_layout((_4, 6i64)).unwrap();
    assert_eq!(a.to_string(), "(_4,6):(_1,_4)");
    assert_eq!(a.to_string(), b.to_string());
    let c = Layout::try_new((3u32, (2i32, _2)), (1isize, (3u64, 6usize))).unwrap();
    assert_eq!(c.to_string(), "(3,(2,_2)):(1,(3,6))");
    assert_eq!(c.to_dynamic(), dl("(3,(2,_2)):(1,(3,6))"));
}

#[test]
fn narrower_leaves_evaluate_like_the_dynamic_layout() {
    let l = Layout::try_new((3usize, (2u32, 2i32)), (1usize, (3i32, 6u32))).unwrap();
    let d = dl("(3,(2,2)):(1,(3,6))");
    for i in 0..12 {
        assert_eq!(
            l.eval(i as usize).unwrap(),
            d.eval_index(i).unwrap().value,
            "index {i}"
        );
    }
    for r in 0..3usize {
        for c in 0..4u32 {
            assert_eq!(
                l.eval((r, c)).unwrap(),
                d.eval_index(r as i64 + 3 * c as i64).unwrap().value
            );
        }
    }
    let wide = Layout::try_new((3i64, (2i64, 2i64)), (1i64, (3i64, 6i64))).unwrap();
    assert_eq!(l.eval(12usize), wide.eval(12i64));
    assert_eq!(l.eval((3usize, 0u32)), wide.eval((3i64, 0i64)));
}

#[test]
fn values_beyond_i64_are_overflow_not_wrapped() {
    assert_eq!(
        Layout::try_new(usize::MAX, 1usize).map(|_| ()),
        Err(Error::Overflow)
    );
    assert_eq!(
        Layout::try_new(4usize, u64::MAX).map(|_| ()),
        Err(Error::Overflow)
    );
    let l = make_layout(8usize).unwrap();
    assert!(l.eval(usize::MAX).is_err());
    assert_eq!(usize::MAX.int_mul(_2), Err(Error::Overflow));
    assert_eq!(3u32.int_mul(4usize), Ok(12));
    assert_eq!(_8.int_div(0i32), Err(Error::DivisionByZero));
}

#[test]
fn narrower_leaves_go_through_the_algebra_as_run_time_ints() {
    let n: usize = 8;
    let a = make_layout((n, _4)).unwrap();
    let typed = composition(a, (_4, 2u32)).unwrap();
    let wide = composition(make_layout((8i64, _4)).unwrap(), (_4, 2i64)).unwrap();
    assert_eq!(typed.to_string(), wide.to_string());
    assert_eq!(typed.to_string(), "(_4,2):(_1,8)");
    let tile = logical_divide(make_layout((n, 6u32)).unwrap(), (_4, 3i32)).unwrap();
    let wide = logical_divide(make_layout((8i64, 6i64)).unwrap(), (_4, 3i64)).unwrap();
    assert_eq!(tile.to_string(), wide.to_string());
}
