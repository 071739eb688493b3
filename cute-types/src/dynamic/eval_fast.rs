//! The evaluation engine's fast path: `L(i)` and the natural coordinate of a
//! run-time index `i`, and `L(c)` of a coordinate of the shape's own nesting,
//! in one pass over a layout's node arrays. Written once and instantiated,
//! like the engine, as `const fn` over the fixed-capacity layouts (here) and
//! as `fn` over the compact ones (`dynamic/rt.rs`).
//!
//! What it computes is the flat form of the engine (`eval.rs`):
//!
//! ```text
//! L(i) = Σₖ cₖ(i)·dₖ      cₖ(i) = (i / divₖ) mod sₖ    (the last leaf: i / divₖ)
//! ```
//!
//! which equals the engine's mode-by-mode split when every extent is positive,
//! because truncating division satisfies `(i / a) / b = i / (a·b)` and
//! `(i mod a·b) / a = (i / a) mod b` for positive `a`, `b` and any sign of `i`.
//! Static flags: the index is run-time, so every coordinate is run-time unless
//! the split divides by a static `_1` (C++'s `x % _1` is `_0`) or by the size
//! `_1` of an empty tuple; the path declines those layouts, so each term is
//! run-time except a product with a static `_0` stride (`_0`), and the sum is
//! static exactly when every stride is a static `_0`.
//!
//! Why: the engine's walk (`Terms`, the mode-by-mode split with a stack of
//! the tuple's capacity per call: 1.5 KB cleared for a fixed layout) follows
//! CuTe's nesting to get its static flags right in every case; on the layouts
//! of everyday use its bookkeeping, not the arithmetic, is the time. Each
//! function answers `None` when it does not apply (a star, an empty tuple, an
//! extent that is not positive or is a static `_1`, a prefix product past
//! `i64`) and the caller runs the engine; when it applies it returns what the engine returns, errors
//! included (every error here is [`Error::Overflow`], raised at the same leaf
//! or earlier by the engine). The tests at the end compare the two.
use super::int::DInt;
use super::layout::DLayoutN;
use super::tuple::{DTupleN, N};
use super::tuple_methods::{K_LEAF, K_STAR};
use crate::error::Error;

/// `(i / div) mod s`, or `i / div` for the last leaf, with shifts and masks
/// when `i` is not negative and `div`, `s` are powers of two.
#[inline(always)]
pub(crate) const fn leaf_coord(i: i64, div: i64, s: i64, last: bool) -> i64 {
    let q = if div == 1 {
        i
    } else if i >= 0 && div & (div - 1) == 0 {
        i >> div.trailing_zeros()
    } else {
        i / div
    };
    if last {
        q
    } else if q >= 0 && s & (s - 1) == 0 {
        q & (s - 1)
    } else {
        q % s
    }
}

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! eval_fast_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// Whether the flat form gives the engine's answer on `shape` for a run-time
/// index (see the module docs): no star, no empty tuple, every extent
/// positive and none a static `_1`.
$($c)? fn splits_flat $($g)* (shape: &DTupleN<N>) -> bool {
    let mut p = 0;
    while p < shape.node_count() {
        let k = shape.kind_at(p);
        if k == K_LEAF {
            let s = shape.val_at(p);
            if s <= 0 || (s == 1 && shape.static_at(p)) {
                return false;
            }
        } else if k == 0 || k == K_STAR {
            return false;
        }
        p += 1;
    }
    true
}

/// `L(i)` for a run-time index (the engine's `index_offset`), or `None` when
/// the fast path does not apply.
pub(crate) $($c)? fn index_offset $($g)* (l: &DLayoutN<N>, i: i64) -> Option<Result<DInt, Error>> {
    let (shape, stride) = (l.shape_ref(), l.stride_ref());
    if !splits_flat(shape) {
        return None;
    }
    let n = shape.node_count();
    let (mut div, mut acc, mut all_static_zero) = (1i64, 0i64, true);
    let mut p = 0;
    while p < n {
        if shape.kind_at(p) == K_LEAF {
            let s = shape.val_at(p);
            // The engine's leaf taking the rest is the last node (a leaf:
            // empty tuples are declined).
            let last = p + 1 == n;
            let d = stride.val_at(p);
            all_static_zero = all_static_zero && d == 0 && stride.static_at(p);
            let term = match leaf_coord(i, div, s, last).checked_mul(d) {
                Some(t) => t,
                None => return Some(Err(Error::Overflow)),
            };
            acc = match acc.checked_add(term) {
                Some(v) => v,
                None => return Some(Err(Error::Overflow)),
            };
            if !last {
                // Past `i64`, the engine's split may still compute (each
                // mode's size may fit): let it.
                div = match div.checked_mul(s) {
                    Some(v) => v,
                    None => return None,
                };
            }
        }
        p += 1;
    }
    Some(Ok(DInt {
        value: acc,
        is_static: all_static_zero,
    }))
}

/// The natural coordinate of a run-time index (the engine's `idx2crd` of an
/// integer: the shape's nesting, every leaf run-time), or `None` when the
/// fast path does not apply.
pub(crate) $($c)? fn idx2crd $($g)* (shape: &DTupleN<N>, i: i64) -> Option<Result<DTupleN<N>, Error>> {
    if !splits_flat(shape) {
        return None;
    }
    let n = shape.node_count();
    let mut out = shape.dup();
    let mut div = 1i64;
    let mut p = 0;
    while p < n {
        if shape.kind_at(p) == K_LEAF {
            let s = shape.val_at(p);
            let last = p + 1 == n;
            out.set_node(p, K_LEAF, leaf_coord(i, div, s, last), false);
            if !last {
                div = match div.checked_mul(s) {
                    Some(v) => v,
                    None => return None,
                };
            }
        }
        p += 1;
    }
    Some(Ok(out))
}

/// `L(c)` for a coordinate of the shape's own nesting (a natural
/// coordinate: the engine's `crd2idx` where every coordinate leaf meets a
/// shape leaf), `Σ cₖ·dₖ` in [`DInt`] arithmetic; `None` when `coord` is not
/// of that nesting.
pub(crate) $($c)? fn crd2idx_natural $($g)* (l: &DLayoutN<N>, coord: &DTupleN<N>) -> Option<Result<DInt, Error>> {
    let (shape, stride) = (l.shape_ref(), l.stride_ref());
    let n = shape.node_count();
    if coord.node_count() != n {
        return None;
    }
    let mut acc = DInt::s(0);
    let mut p = 0;
    while p < n {
        let k = shape.kind_at(p);
        if coord.kind_at(p) != k || k == K_STAR {
            return None;
        }
        p += 1;
    }
    p = 0;
    while p < n {
        if shape.kind_at(p) == K_LEAF {
            let term = match coord.node_int(p).mul(stride.node_int(p)) {
                Ok(t) => t,
                Err(e) => return Some(Err(e)),
            };
            acc = match acc.add(term) {
                Ok(v) => v,
                Err(e) => return Some(Err(e)),
            };
        }
        p += 1;
    }
    Some(Ok(acc))
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use eval_fast_body;
eval_fast_body!(const; []);

#[cfg(test)]
mod tests {
    use crate::dynamic::rt::eval_fast::{crd2idx_natural, idx2crd, index_offset};
    use crate::dynamic::rt::index_offset as engine_offset;
    use crate::dynamic::rt::{DLayout, DTuple, Terms};
    use crate::dynamic::{DInt, FixedLayout, FixedTerms, FixedTuple};
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// A few hundred layouts of up to 11 nodes: nestings, extents 1 to 5
    /// (static or not), strides -3 to 6 and 0 (static or not), and edge
    /// values near `i64`'s ends.
    fn layouts(seed: u64, count: usize) -> Vec<String> {
        let mut x = seed;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let mut out = Vec::new();
        for _ in 0..count {
            let leaves = 1 + next(5) as usize;
            let mut shape = Vec::new();
            let mut stride = Vec::new();
            for _ in 0..leaves {
                let st = if next(2) == 0 { "_" } else { "" };
                let s = match next(12) {
                    0 => 1i64 << 40,
                    1 => i64::MAX / 3,
                    k => (k % 5 + 1) as i64,
                };
                let sd = if next(2) == 0 { "_" } else { "" };
                let d = match next(14) {
                    0 => 1i64 << 50,
                    1 => -(1i64 << 61),
                    k => k as i64 - 5,
                };
                shape.push(format!("{st}{s}"));
                stride.push(format!("{sd}{d}"));
            }
            // Nest: a random split into a first mode and the rest, twice.
            let group = |v: &[String], cut: usize| -> String {
                if v.len() == 1 {
                    return v[0].clone();
                }
                let cut = cut % v.len();
                if cut == 0 {
                    format!("({})", v.join(","))
                } else {
                    format!("(({}),{})", v[..cut].join(","), v[cut..].join(","))
                }
            };
            let cut = next(4) as usize;
            out.push(format!("{}:{}", group(&shape, cut), group(&stride, cut)));
        }
        out
    }

    #[test]
    fn fast_eval_agrees_with_the_engine() {
        let (mut used, mut natural) = (0, 0);
        for text in layouts(0x9e37_79b9, 600) {
            let l: DLayout = text.parse().unwrap();
            let f: FixedLayout = text.parse().unwrap();
            for i in [
                -37,
                -8,
                -1,
                0,
                1,
                2,
                3,
                5,
                7,
                8,
                13,
                31,
                64,
                1000,
                i64::MAX,
                i64::MIN,
            ] {
                let engine = engine_offset(Terms::new(&l), DInt::d(i));
                if let Some(fast) = index_offset(&l, i) {
                    used += 1;
                    assert_eq!(fast, engine, "L({i}) of {text}");
                }
                assert_eq!(l.eval_index(i), engine, "eval_index({i}) of {text}");
                // The fixed-capacity instantiation: the same answers.
                let fixed_engine =
                    crate::dynamic::fixed::index_offset(FixedTerms::new(&f), DInt::d(i));
                assert_eq!(fixed_engine, engine, "fixed engine L({i}) of {text}");
                assert_eq!(f.eval_index(i), engine, "fixed eval_index({i}) of {text}");
                assert_eq!(
                    f.idx2crd(i).map(|t| format!("{t}")),
                    l.idx2crd(i).map(|t| format!("{t}")),
                    "fixed idx2crd({i}) of {text}"
                );
                let coord = l.idx2crd(i);
                if let Some(fast) = idx2crd(l.shape_ref(), i) {
                    let fast = fast.map(|t| format!("{t}"));
                    let slow = crate::dynamic::rt::idx2crd(&DTuple::d(i), l.shape_ref())
                        .map(|t| format!("{t}"));
                    assert_eq!(fast, slow, "idx2crd({i}) of {text}");
                    assert_eq!(coord.clone().map(|t| format!("{t}")), slow);
                }
                // Natural coordinates, run-time and static, and a few near
                // `i64`'s ends: `L(c)` against the engine's `crd2idx`.
                let Ok(c) = coord else { continue };
                let texts = [
                    format!("{c}"),
                    format!("{c}").replace('(', "(_").replace(",", ",_"),
                    format!("{c}").replace('1', "4611686018427387904"),
                ];
                for t in texts {
                    let Ok(c) = t.parse::<DTuple>() else { continue };
                    let engine = crate::dynamic::rt::crd2idx(&c, l.shape_ref(), l.stride_ref());
                    if let Some(fast) = crd2idx_natural(&l, &c) {
                        natural += 1;
                        assert_eq!(fast, engine, "L({t}) of {text}");
                    }
                    assert_eq!(l.eval(&c), engine, "eval({t}) of {text}");
                    let fc: FixedTuple = t.parse().unwrap();
                    assert_eq!(f.eval(&fc), engine, "fixed eval({t}) of {text}");
                }
            }
        }
        // The path must be taken on most of them, or the test shows nothing.
        assert!(used > 4000, "fast path used {used} times");
        assert!(
            natural > 4000,
            "natural-coordinate path used {natural} times"
        );
    }

    #[test]
    fn declined_layouts_fall_back() {
        for text in ["(_1,4):(1,2)", "((),4):((),2)", "(4,(_1,2)):(1,(5,4))"] {
            let l: DLayout = text.parse().unwrap();
            assert_eq!(index_offset(&l, 5), None, "{text}");
            assert_eq!(l.eval_index(5), engine_offset(Terms::new(&l), DInt::d(5)));
        }
    }
}
