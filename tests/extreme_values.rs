//! The calculator at the edges of `i64`, in both readings, against CuTe C++ 4.2
//! asked with 64-bit leaves (`C<int64_t(N)>` for the static reading, `int64_t`
//! for the mixed one; `scripts/cpp-oracle/oracle.py`'s translation with those
//! leaf types): where C++ answers without overflowing, the calculator gives the
//! same answer; where C++ wraps or does not compile because an intermediate value
//! overflows, the calculator is exact or refuses with an overflow error, and never
//! prints a wrapped value.
use cute::expr::{eval_line_as, Reading};
use cute::DLayout;

const MIN: i64 = i64::MIN;
const MAX: i64 = i64::MAX;
const P62: i64 = 1 << 62;

fn stat(e: &str) -> String {
    eval_line_as(e, Reading::Static)
}

fn mixed(e: &str) -> String {
    eval_line_as(e, Reading::Mixed)
}

/// `R(i) == A(B(i))` for every `i` of B's domain (small domains only).
fn assert_composes(a: &str, b: &str, r: &str) {
    let (a, b, r): (DLayout, DLayout, DLayout) =
        (a.parse().unwrap(), b.parse().unwrap(), r.parse().unwrap());
    for i in 0..b.size().unwrap().value {
        let bi = b.eval_index(i).unwrap().value;
        assert_eq!(
            r.eval_index(i).unwrap().value,
            a.eval_index(bi).unwrap().value,
            "{r} differs from {a} o {b} at {i}"
        );
    }
}

/// Composing `(1,1):(MIN,MIN)` with `1:1`: C++ with 64-bit leaves prints
/// `_1:_-9223372036854775808` (static) and `(1,1):(MIN,MIN)` (run-time), exactly
/// as it prints `_1:_-5` and `(1,1):(-5,-5)` for strides -5: the static walk keeps
/// the last stride times B's stride 1, the run-time walk keeps every mode. No
/// product overflows (`1·MIN`), so both readings are exact, and both are the same
/// function (the constant 0 on a domain of one point).
#[test]
fn composition_with_min_strides_follows_cpp_in_both_readings() {
    let e = format!("composition((1,1):({MIN},{MIN}),1:1)");
    assert_eq!(stat(&e), format!("1:{MIN}"));
    assert_eq!(mixed(&e), format!("(1,1):({MIN},{MIN})"));
    // the small twins, as C++ prints them
    assert_eq!(stat("composition((1,1):(-5,-5),1:1)"), "1:-5");
    assert_eq!(mixed("composition((1,1):(-5,-5),1:1)"), "(1,1):(-5,-5)");
    for r in [stat(&e), mixed(&e)] {
        assert_composes(&format!("(1,1):({MIN},{MIN})"), "1:1", &r);
    }
    // `layout!` keeps the `_1` extents static and reads MIN as a run-time
    // stride (no static integer holds it): the mixed reading of that mix
    let typed = cute::layout!(composition(
        (1, 1):(-9223372036854775808, -9223372036854775808),
        1:1
    ))
    .unwrap();
    assert_eq!(typed.to_string(), format!("_1:{MIN}"));
    assert_eq!(
        mixed(&format!("composition((_1,_1):({MIN},{MIN}),_1:_1)")),
        typed.to_string()
    );
    assert_eq!(mixed("composition((_1,_1):(-5,-5),_1:_1)"), "_1:-5");
    // a product that does overflow is refused in both readings
    for read in [stat, mixed] {
        let got = read(&format!("composition(1:{MIN},1:{MIN})"));
        assert!(
            got.starts_with("error") && got.contains("overflow"),
            "{got}"
        );
    }
}

/// `coalesce_x` (the form of A that composition walks) stands a trailing static
/// shape-1 mode in as `_2` and merges it: `(2^62,1):(1,2^62)` became `2^63:1`,
/// which does not fit, and composing with it was refused as an overflow although
/// the last mode's shape is never read. C++ (64-bit static leaves) answers `_1:_1`
/// and `_2:_1`, as it answers for `(4,1):(1,4)`.
#[test]
fn composition_does_not_overflow_on_the_rest_mode_stand_in() {
    for (a, b, want) in [
        (format!("({P62},1):(1,{P62})"), "1:1", "1:1"),
        (format!("({P62},1):(1,{P62})"), "2:1", "2:1"),
        (format!("({MAX},1):(1,{MAX})"), "2:1", "2:1"),
        // A's last mode really spans past i64 (cosize 2^63): its shape is not read
        (format!("({P62},2):(1,{P62})"), "2:1", "2:1"),
        ("(4,1):(1,4)".to_string(), "1:1", "1:1"),
    ] {
        let e = format!("composition({a},{b})");
        assert_eq!(stat(&e), want, "{e}");
        assert_composes(&a, b, want);
    }
    // operations built on composition
    assert_eq!(
        stat(&format!("max_common_layout(({MAX},1):(1,{MAX}),(2,2))")),
        "4:1"
    );
    assert_eq!(
        stat(&format!(
            "max_common_vector(({MAX},1):(1,{MAX}),({MAX},1):(1,{MAX}))"
        )),
        MAX.to_string()
    );
    // ceil(MAX / 2) = 2^62 (C++ wraps it to -2^62)
    assert_eq!(
        stat(&format!("logical_divide(({MAX},1):(1,{MAX}),2)")),
        format!("(2,{P62}):(1,2)")
    );
}

/// Where C++ wraps (`2·MAX` printed as `-2`, `ceil_div(MAX, 2)` as `-2^62`), the
/// calculator is exact or refuses; it never prints a value C++ wrapped.
#[test]
fn values_cpp_wraps_are_exact_or_refused() {
    assert_eq!(stat(&format!("complement(2:1,{MAX})")), format!("{P62}:2"));
    assert_eq!(
        stat(&format!("logical_divide({MAX},2)")),
        format!("(2,{P62}):(1,2)")
    );
    for e in [
        format!("logical_product(2,(3,2):({MAX},-1))"),
        format!("complement(2:{MAX},{MAX})"),
        format!("logical_product(2,{MAX})"),
        format!("blocked_product(2:{MAX},(2,2))"),
        format!("left_inverse((2,{MAX}):(0,1))"),
    ] {
        for read in [stat, mixed] {
            let got = read(&e);
            assert!(
                got.starts_with("error") && got.contains("overflow"),
                "{e}: {got}"
            );
        }
    }
}
