//! The engine against the defining equation and against CuTe's recursive
//! definition, over every small layout of a list of nestings (static, dynamic
//! and mixed leaves), indices inside and outside the domain, and 1-D, R-D and
//! natural coordinates.
use super::{crd2idx, index_offset, FixedTerms};
use crate::dynamic::fixed::idx2crd;
use crate::dynamic::{DInt, FixedLayout, FixedTuple};
use crate::error::Error;
use crate::tri;
use std::vec::Vec;

/// CuTe C++'s `crd2idx` as it recurses (`crd2idx_itt`): a tuple coordinate
/// sums its modes; an integer meeting a tuple shape is split by `divmod` with
/// each mode's size, the last mode taking the rest. The engine must give the
/// same value and the same static flag.
const fn nested(
    coord: &FixedTuple,
    shape: &FixedTuple,
    stride: &FixedTuple,
) -> Result<DInt, Error> {
    if coord.is_underscore() {
        return Err(Error::CoordinateMismatch);
    }
    if coord.is_tuple() {
        if !shape.is_tuple() || coord.rank() != shape.rank() {
            return Err(Error::CoordinateMismatch);
        }
        let mut acc = DInt::s(0);
        let mut i = 0;
        while i < coord.rank() {
            let v = tri!(nested(
                &tri!(coord.get(i)),
                &tri!(shape.get(i)),
                &tri!(stride.get(i))
            ));
            acc = tri!(acc.add(v));
            i += 1;
        }
        return Ok(acc);
    }
    let c = tri!(coord.to_int());
    if !shape.is_tuple() {
        return c.mul(tri!(stride.to_int()));
    }
    let r = shape.rank();
    let mut acc = DInt::s(0);
    let mut rest = c;
    let mut i = 0;
    while i < r {
        let s = tri!(shape.get(i));
        let d = tri!(stride.get(i));
        if i + 1 == r {
            acc = tri!(acc.add(tri!(nested(&FixedTuple::int(rest), &s, &d))));
        } else {
            let p = tri!(s.product());
            let m = tri!(rest.rem(p));
            acc = tri!(acc.add(tri!(nested(&FixedTuple::int(m), &s, &d))));
            rest = tri!(rest.div(p));
        }
        i += 1;
    }
    Ok(acc)
}

/// CuTe C++'s `idx2crd(i, shape)` as it recurses: `divmod` by each mode's
/// size, the last mode taking the rest.
fn nested_idx2crd(i: DInt, shape: &FixedTuple) -> Result<FixedTuple, Error> {
    if !shape.is_tuple() {
        return Ok(FixedTuple::int(i));
    }
    let mut out = FixedTuple::empty();
    let mut rest = i;
    for m in 0..shape.rank() {
        let s = shape.get(m)?;
        if m + 1 == shape.rank() {
            out.push_in(&nested_idx2crd(rest, &s)?)?;
        } else {
            let p = s.product()?;
            out.push_in(&nested_idx2crd(rest.rem(p)?, &s)?)?;
            rest = rest.div(p)?;
        }
    }
    Ok(out)
}

/// The defining equation: `L(i) = Σₖ cₖ·dₖ` over the leaves of the natural
/// coordinate `c = idx2crd(i, S)`, in `i128` (no overflow on these sizes).
fn defining_equation(l: &FixedLayout, i: i64) -> i128 {
    let c = nested_idx2crd(DInt::d(i), &l.shape()).unwrap();
    let d = l.stride();
    (0..c.leaf_count())
        .map(|k| i128::from(c.leaf(k).value) * i128::from(d.leaf(k).value))
        .sum()
}

/// The flat form that the compiled consumers (static plan, PTX) evaluate:
/// `Σ ((i / divₖ) mod sₖ)·dₖ`, the leaf taking the rest unreduced.
fn flat_form(l: &FixedLayout, i: i64) -> i128 {
    FixedTerms::new(l)
        .map(|t| {
            let q = i / t.div.unwrap().value;
            let c = if t.takes_rest { q } else { q % t.extent.value };
            i128::from(c) * i128::from(t.stride.value)
        })
        .sum()
}

/// Nestings with `#` for leaves (up to four leaves, empty tuples included).
const NESTINGS: [&str; 16] = [
    "#",
    "()",
    "(#)",
    "(#,#)",
    "(#,#,#)",
    "(#,(#,#))",
    "((#,#),#)",
    "(#,())",
    "((),#)",
    "((#,#),())",
    "(#,(#,()))",
    "((#),#)",
    "(#,#,#,#)",
    "((#,#),(#,#))",
    "(#,((#,#),#))",
    "(((#,#),#),#)",
];

/// The nesting with its leaves replaced by `vals` (`_` before static ones).
fn fill(nesting: &str, vals: &[i64], statics: &[bool]) -> FixedTuple {
    let mut out = std::string::String::new();
    let mut k = 0;
    for ch in nesting.chars() {
        if ch == '#' {
            if statics[k] {
                out.push('_');
            }
            out += &std::format!("{}", vals[k]);
            k += 1;
        } else {
            out.push(ch);
        }
    }
    out.parse().unwrap()
}

/// Every assignment of `choices` to `n` leaves.
fn assignments(choices: &[i64], n: usize) -> Vec<Vec<i64>> {
    let mut all = std::vec![Vec::new()];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|v| {
                choices.iter().map(move |&c| {
                    let mut w = v.clone();
                    w.push(c);
                    w
                })
            })
            .collect();
    }
    all
}

/// Every small layout: shapes from {1,2,3}, strides from a few values with
/// signs and zero, leaves all static, all dynamic, or alternating.
fn small_layouts() -> Vec<FixedLayout> {
    let mut out = Vec::new();
    for nesting in NESTINGS {
        let n = nesting.matches('#').count();
        let strides: &[i64] = if n <= 3 { &[0, 1, -2, 5] } else { &[1, -3] };
        for s in assignments(&[1, 2, 3], n) {
            for d in assignments(strides, n) {
                for flags in 0..4 {
                    let st: Vec<bool> =
                        (0..n).map(|k| (flags + k) % 2 == 0 || flags == 3).collect();
                    let dt: Vec<bool> = (0..n)
                        .map(|k| (flags + k) % 2 == 1 && flags != 0 || flags == 3)
                        .collect();
                    out.push(
                        FixedLayout::new(fill(nesting, &s, &st), fill(nesting, &d, &dt)).unwrap(),
                    );
                }
            }
        }
    }
    out
}

#[test]
fn engine_equals_the_defining_equation_and_cute_recursion() {
    let layouts = small_layouts();
    assert!(layouts.len() > 20_000);
    for l in &layouts {
        let size = l.size().unwrap().value;
        for i in -7..=size + 7 {
            let got = l.eval_index(i).unwrap();
            let cute = nested(&FixedTuple::d(i), &l.shape(), &l.stride()).unwrap();
            assert_eq!(got, cute, "{l} at {i}");
            assert_eq!(i128::from(got.value), defining_equation(l, i), "{l} at {i}");
            assert_eq!(i128::from(got.value), flat_form(l, i), "{l} at {i}");
            // A static index: same value, flag as CuTe's.
            let si = FixedTuple::s(i);
            assert_eq!(
                l.eval(&si),
                nested(&si, &l.shape(), &l.stride()),
                "{l} at _{i}"
            );
            if (0..size).contains(&i) {
                // The natural and the R-D coordinates of `i` name the same offset.
                let natural = idx2crd(&FixedTuple::d(i), &l.shape()).unwrap();
                assert_eq!(
                    l.eval(&natural).unwrap().value,
                    got.value,
                    "{l} at {natural}"
                );
                assert_eq!(l.eval(&natural), nested(&natural, &l.shape(), &l.stride()));
                if l.shape().is_tuple() {
                    let mut rd = FixedTuple::empty();
                    let mut rest = i;
                    for m in 0..l.rank() {
                        let p = l.shape().get(m).unwrap().product().unwrap().value;
                        rd.push_int(DInt::d(rest % p)).unwrap();
                        rest /= p;
                    }
                    assert_eq!(l.eval(&rd).unwrap().value, got.value, "{l} at {rd}");
                }
            }
        }
    }
}

#[test]
fn terms_are_the_leaves_with_their_divisors() {
    let l: FixedLayout = "((_2,3),_4,(5,())):((_1,2),_0,(7,()))".parse().unwrap();
    let t: Vec<_> = FixedTerms::new(&l).collect();
    let divs: Vec<i64> = t.iter().map(|t| t.div.unwrap().value).collect();
    assert_eq!(divs, [1, 2, 6, 24]);
    assert_eq!(
        t.iter()
            .map(|t| t.div.unwrap().is_static)
            .collect::<Vec<_>>(),
        [true, true, false, false]
    );
    // The last node is `()`: no leaf takes the rest.
    assert!(t.iter().all(|t| !t.takes_rest));
    // A product past i64 is reported as None, and the value is still computed.
    let big: FixedLayout = "(4611686018427387904,4,3):(1,0,5)".parse().unwrap();
    let t: Vec<_> = FixedTerms::new(&big).collect();
    assert_eq!(t[2].div, None);
    assert!(t[2].takes_rest);
    assert_eq!(
        big.eval_index(i64::MAX).unwrap().value,
        i64::MAX % (1 << 62)
    );
}

#[test]
fn errors_name_the_rule() {
    let s: FixedTuple = "(4,(2,2))".parse().unwrap();
    let d: FixedTuple = "(4,(1,2))".parse().unwrap();
    let mismatch = |c: &str| crd2idx(&c.parse().unwrap(), &s, &d);
    assert_eq!(mismatch("(1,2,3)"), Err(Error::CoordinateMismatch));
    assert_eq!(mismatch("((1,1),2)"), Err(Error::CoordinateMismatch));
    assert_eq!(mismatch("(1,_)"), Err(Error::CoordinateMismatch));
    assert_eq!(mismatch("_"), Err(Error::CoordinateMismatch));
    assert_eq!(
        crd2idx(&FixedTuple::d(1), &s, &"(4,2)".parse().unwrap()),
        Err(Error::NotCongruent)
    );
    // Overflow is an error: in a term, and in a sum.
    let l: FixedLayout = "(2,8):(1,4611686018427387904)".parse().unwrap();
    assert_eq!(l.eval_index(2), Ok(DInt::d(1 << 62)));
    assert_eq!(l.eval_index(4), Err(Error::Overflow));
    assert_eq!(l.eval_index(-4), Ok(DInt::d(i64::MIN)));
    let l: FixedLayout = "(2,2):(9223372036854775807,1)".parse().unwrap();
    assert_eq!(l.eval_index(3), Err(Error::Overflow));
    // A shape 0 (allowed in algebra results) divides by zero past its leaf.
    let z = FixedLayout::new_unchecked_shape("(0,3)".parse().unwrap(), "(1,1)".parse().unwrap())
        .unwrap();
    assert_eq!(z.eval_index(1), Err(Error::DivisionByZero));
    assert_eq!(
        index_offset(FixedTerms::new(&z), DInt::d(0)),
        Err(Error::DivisionByZero)
    );
}

/// The flat form for the algebra's leaf lists (`flat_offset`) is the engine's
/// value on the flattened layout, inside and outside the domain.
#[test]
fn flat_offset_equals_the_engine_on_flat_layouts() {
    use super::flat_offset;
    for l in small_layouts() {
        let (s, d) = (l.shape(), l.stride());
        let n = s.leaf_count();
        let extents: Vec<DInt> = (0..n).map(|k| s.leaf(k)).collect();
        let strides: Vec<DInt> = (0..n).map(|k| d.leaf(k)).collect();
        let flat = FixedLayout::new(s.flatten(), d.flatten()).unwrap();
        let size = l.size().unwrap().value;
        for i in -7..=size + 7 {
            let want = index_offset(FixedTerms::new(&flat), DInt::d(i)).map(|v| v.value);
            assert_eq!(flat_offset(&extents, &strides, i), want, "{flat} at {i}");
        }
    }
}

/// CuTe's `idx2crd(i, shape, stride)` and `crd2idx(coord, shape)` through the
/// engine: each leaf `(i / d) mod s` (`_0` for a static 1), and the
/// colexicographic index of every natural coordinate is its 1-D index.
#[test]
fn strided_coordinates_and_colex_indices() {
    use crate::dynamic::fixed::{crd2idx_compact, idx2crd_strided};
    for l in small_layouts() {
        let (s, d) = (l.shape(), l.stride());
        let size = l.size().unwrap().value;
        for i in 0..size {
            let natural = idx2crd(&FixedTuple::d(i), &s).unwrap();
            assert_eq!(
                crd2idx_compact(&natural, &s).unwrap().value,
                i,
                "{s} at {natural}"
            );
            match idx2crd_strided(&FixedTuple::d(i), &s, &d) {
                Ok(c) => {
                    for k in 0..s.leaf_count() {
                        let (sk, dk) = (s.leaf(k), d.leaf(k));
                        let want = if sk.is_static_eq(1) {
                            0
                        } else {
                            (i / dk.value) % sk.value
                        };
                        assert_eq!(c.leaf(k).value, want, "{l} at {i}");
                    }
                }
                // A stride 0 of an extent above 1 divides by zero.
                Err(e) => assert_eq!(e, Error::DivisionByZero, "{l} at {i}"),
            }
        }
    }
}
