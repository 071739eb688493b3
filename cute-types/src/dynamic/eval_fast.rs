//! The evaluation engine's fast path for small compact layouts: `L(i)` and
//! the natural coordinate of a run-time index `i` over a [`CLayout`] stored
//! inline, in one pass over its node arrays.
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
//! Why: the engine's walk (`Terms`, the mode-by-mode split with a stack per
//! call) is what the run-time instantiation shares with the `const fn` one;
//! on the few-leaf layouts of everyday use its bookkeeping, not the
//! arithmetic, is the time. Each function answers `None` when it does not
//! apply (heap form, a star, an empty tuple, an extent that is not positive
//! or is a static `_1`, a prefix product past `i64`) and the caller runs the
//! engine; when it applies it returns what the engine returns, errors
//! included (every error here is [`Error::Overflow`], raised at the same leaf
//! or earlier by the engine). The tests at the end compare the two.
use super::compact::{CTuple, I_LEAF, I_STAR};
use super::int::DInt;
use super::rt::CLayout;
use crate::error::Error;

/// `(i / div) mod s`, or `i / div` for the last leaf, with shifts and masks
/// when `i` is not negative and `div`, `s` are powers of two.
#[inline(always)]
fn leaf_coord(i: i64, div: i64, s: i64, last: bool) -> i64 {
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

/// Calls `leaf(p, x)` for each leaf node `p` of `shape` (inline nodes
/// `kinds`, `statics`, `vals`) with its coordinate `x` of the index `i`, in
/// node order; `None` when the layout is one the path declines (see the
/// module docs), checked before any leaf is visited.
#[inline(always)]
fn split(
    kinds: &[u8],
    statics: u16,
    vals: &[i64],
    i: i64,
    mut leaf: impl FnMut(usize, i64) -> Result<(), Error>,
) -> Option<Result<(), Error>> {
    let n = kinds.len();
    // The engine's leaf taking the rest is the last node, when it is a leaf;
    // a last node that is a tuple is empty, declined below.
    let mut div: i64 = 1;
    for p in 0..n {
        match kinds[p] {
            I_LEAF => {
                let s = vals[p];
                if s <= 0 || (s == 1 && statics >> p & 1 != 0) {
                    return None;
                }
            }
            0 | I_STAR => return None,
            _ => {}
        }
    }
    for p in 0..n {
        if kinds[p] != I_LEAF {
            continue;
        }
        let s = vals[p];
        let last = p + 1 == n;
        if let Err(e) = leaf(p, leaf_coord(i, div, s, last)) {
            return Some(Err(e));
        }
        if !last {
            // Past `i64`, the engine's split still computes (each mode's
            // size may fit): let it.
            div = div.checked_mul(s)?;
        }
    }
    Some(Ok(()))
}

/// `L(i)` for a run-time index (the engine's `index_offset`), or `None` when
/// the fast path does not apply.
pub(crate) fn index_offset(l: &CLayout, i: i64) -> Option<Result<DInt, Error>> {
    let (kinds, s_statics, s_vals) = l.shape_ref().inline_nodes()?;
    let (_, d_statics, d_vals) = l.stride_ref().inline_nodes()?;
    let mut acc: i64 = 0;
    let mut all_static_zero = true;
    let r = split(kinds, s_statics, s_vals, i, |p, x| {
        let d = d_vals[p];
        all_static_zero &= d == 0 && d_statics >> p & 1 != 0;
        let term = x.checked_mul(d).ok_or(Error::Overflow)?;
        acc = acc.checked_add(term).ok_or(Error::Overflow)?;
        Ok(())
    })?;
    Some(r.map(|()| DInt {
        value: acc,
        is_static: all_static_zero,
    }))
}

/// The natural coordinate of a run-time index (the engine's `idx2crd` of an
/// integer: the shape's nesting, every leaf run-time), or `None` when the
/// fast path does not apply.
pub(crate) fn idx2crd(shape: &CTuple, i: i64) -> Option<Result<CTuple, Error>> {
    let (kinds, statics, vals) = shape.inline_nodes()?;
    let mut out = shape.clone();
    let (out_statics, out_vals) = out.inline_nodes_mut()?;
    let r = split(kinds, statics, vals, i, |p, x| {
        out_vals[p] = x;
        *out_statics &= !(1u16 << p);
        Ok(())
    })?;
    Some(r.map(|()| out))
}

/// `L(c)` for a coordinate of the shape's own nesting (a natural
/// coordinate: the engine's `crd2idx` where every coordinate leaf meets a
/// shape leaf), `Σ cₖ·dₖ` in [`DInt`] arithmetic; `None` when `coord` is not
/// of that nesting or either is stored on the heap.
pub(crate) fn crd2idx_natural(l: &CLayout, coord: &CTuple) -> Option<Result<DInt, Error>> {
    let (kinds, _, _) = l.shape_ref().inline_nodes()?;
    let (c_kinds, c_statics, c_vals) = coord.inline_nodes()?;
    if c_kinds != kinds || kinds.contains(&I_STAR) {
        return None;
    }
    let (_, d_statics, d_vals) = l.stride_ref().inline_nodes()?;
    let mut acc = DInt::s(0);
    for (p, &k) in kinds.iter().enumerate() {
        if k != I_LEAF {
            continue;
        }
        let c = DInt {
            value: c_vals[p],
            is_static: c_statics >> p & 1 != 0,
        };
        let d = DInt {
            value: d_vals[p],
            is_static: d_statics >> p & 1 != 0,
        };
        let term = match c.mul(d) {
            Ok(t) => t,
            Err(e) => return Some(Err(e)),
        };
        acc = match acc.add(term) {
            Ok(v) => v,
            Err(e) => return Some(Err(e)),
        };
    }
    Some(Ok(acc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::rt::index_offset as engine_offset;
    use crate::dynamic::rt::CTerms;
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
            let l: CLayout = text.parse().unwrap();
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
                let engine = engine_offset(CTerms::new(&l), DInt::d(i));
                if let Some(fast) = index_offset(&l, i) {
                    used += 1;
                    assert_eq!(fast, engine, "L({i}) of {text}");
                }
                assert_eq!(l.eval_index(i), engine, "eval_index({i}) of {text}");
                let coord = l.idx2crd(i);
                if let Some(fast) = idx2crd(l.shape_ref(), i) {
                    let fast = fast.map(|t| format!("{t}"));
                    let slow = crate::dynamic::rt::idx2crd(&CTuple::d(i), l.shape_ref())
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
                    let Ok(c) = t.parse::<CTuple>() else { continue };
                    let engine = crate::dynamic::rt::crd2idx(&c, l.shape_ref(), l.stride_ref());
                    if let Some(fast) = crd2idx_natural(&l, &c) {
                        natural += 1;
                        assert_eq!(fast, engine, "L({t}) of {text}");
                    }
                    assert_eq!(l.eval(&c), engine, "eval({t}) of {text}");
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
            let l: CLayout = text.parse().unwrap();
            assert_eq!(index_offset(&l, 5), None, "{text}");
            assert_eq!(l.eval_index(5), engine_offset(CTerms::new(&l), DInt::d(5)));
        }
    }
}
