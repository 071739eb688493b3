//! Composition with right-hand sides whose modes have size 1 (CuTe C++ 4.2).
//!
//! C++ composes an integral tiler `n` as the layout `n:_1`, even a static 1,
//! while divides and products read the same integer as `make_layout(n)`, which
//! gives a static 1 the stride `_0`. So a size-1 mode of a composition keeps the
//! composed stride: `composition((2,4):(6,64), _1)` is `_1:_64`, not `_1:_0`.
//! Every expected text below was printed by CuTe C++ 4.2 (g++), except where a
//! test checks the defining equation itself.
use cute::expr::{eval_line_as, Reading};
use cute_typed::typed::*;
use cute_types::algebra;
use cute_types::DLayout;

fn static_reading(e: &str) -> String {
    eval_line_as(e, Reading::Static)
}

fn mixed_reading(e: &str) -> String {
    eval_line_as(e, Reading::Mixed)
}

#[test]
fn integral_tilers_compose_with_unit_stride() {
    let cases = [
        ("composition((_2,_4):(_6,_64), _1)", "_1:_64"),
        ("composition((_6,_3):(_1,_16), [_3,_1])", "(_3,_1):(_1,_16)"),
        (
            "composition((_6,_3):(_1,_16), [_3:_1,_1:_1])",
            "(_3,_1):(_1,_16)",
        ),
        // A written layout `_1:_0` keeps C++'s shortcut for a static stride 0.
        (
            "composition((_6,_3):(_1,_16), [_3,_1:_0])",
            "(_3,_1):(_1,_0)",
        ),
        (
            "composition(composition(swizzle(3,0,3),(_8,_8):(_8,_1)),[_2,_1])",
            "Sw<3,0,3>o_0o(_2,_1):(_8,_1)",
        ),
        // Run-time ints: `1` is `make_layout(1)` = `1:_1` either way.
        ("composition((_6,3):(_1,16), [_3,1])", "(_3,1):(_1,16)"),
    ];
    for (expr, cpp) in cases {
        assert_eq!(mixed_reading(expr), cpp, "{expr}");
        // The static reading prints the same values without the marks.
        assert_eq!(static_reading(expr), cpp.replace('_', ""), "{expr}");
    }
}

#[test]
fn divides_and_products_read_an_integer_as_make_layout() {
    let cases = [
        (
            "logical_divide((_6,_3):(_1,_16), [_3,_1])",
            "((_3,_2),(_1,_3)):((_1,_3),(_0,_16))",
        ),
        (
            "logical_divide((_2,_4):(_6,_64), _1)",
            "(_1,(_2,_4)):(_0,(_6,_64))",
        ),
    ];
    for (expr, cpp) in cases {
        assert_eq!(mixed_reading(expr), cpp, "{expr}");
    }
}

#[test]
fn typed_composition_with_a_static_one() {
    let a = Layout::new((_2, _4), (_6, _64));
    assert_eq!(composition(a, _1).to_dynamic().to_string(), "_1:_64");
    let b = Layout::new((_6, _3), (_1, _16));
    let r = composition(b, (_3, _1));
    assert_eq!(r.to_dynamic().to_string(), "(_3,_1):(_1,_16)");
    // Divides read the same integer as `make_layout(_1)` = `_1:_0`.
    let d = logical_divide(b, (_3, _1));
    assert_eq!(
        d.to_dynamic().to_string(),
        "((_3,_2),(_1,_3)):((_1,_3),(_0,_16))"
    );
    // With a run-time layout the same answers come at run time.
    let m = Layout::new((_6, 3i64), (_1, 16i64)).unwrap();
    assert_eq!(
        composition(m, (_3, _1)).unwrap().to_string(),
        "(_3,_1):(_1,16)"
    );
}

/// The defining equation `R(i) == A(B(i))` on every small layout `A` and every
/// integral tiler with size-1 modes (exhaustive over a small set).
#[test]
fn size_one_modes_satisfy_the_defining_equation() {
    let lhs = [
        "(_2,_4):(_6,_64)",
        "(_6,_3):(_1,_16)",
        "(_4,_2,_3):(_2,_1,_16)",
        "(_3,(_2,_2)):(_4,(_1,_24))",
    ];
    let mut checked = 0;
    for a_text in lhs {
        let a: DLayout = a_text.parse().unwrap();
        for n in 1..=4 {
            let expr = format!("composition({a_text}, _{n})");
            let text = mixed_reading(&expr);
            if text.starts_with("error") {
                continue;
            }
            let r: DLayout = text.parse().unwrap();
            let b: DLayout = format!("_{n}:_1").parse().unwrap();
            let expected = algebra::composition(&a, &b).unwrap();
            assert_eq!(r.to_string(), expected.to_string(), "{expr}");
            for i in 0..n {
                let ri = r.eval_index(i).unwrap().value;
                let abi = a.eval_index(b.eval_index(i).unwrap().value).unwrap().value;
                assert_eq!(ri, abi, "{expr} at {i}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} compositions were valid");
}

/// A left-hand side whose last mode is an empty tuple takes the rest of an
/// index beyond its domain to nowhere (`eval((3,()):(1,()), 3)` is 0), so no
/// composition reaching there satisfies its equation: refused. An empty mode
/// that is not last is only a size-1 mode.
#[test]
fn an_empty_last_mode_is_refused() {
    let a: DLayout = "(3,()):(1,())".parse().unwrap();
    assert_eq!(a.eval_index(3).unwrap().value, 0);
    let b: DLayout = "6:1".parse().unwrap();
    assert_eq!(
        algebra::composition(&a, &b),
        Err(cute_types::Error::Unsupported)
    );
    assert!(static_reading("composition((_3,()):(8,()), (_3,()):(8,()))").starts_with("error"));
    assert_eq!(static_reading("composition(((),3):((),1), 6:1)"), "6:1");
}
