//! Fast paths of the run-time algebra ([`super::rt`]) for layouts of at most
//! [`LEAVES`] leaves: the same steps as the bodies written once
//! (`coalesce_walk`, `filter_modes`, `complement_of_filtered`), on fixed
//! arrays on the stack, the result written straight into compact tuples.
//!
//! Why: the bodies keep their flat modes in growing lists (`lists::rt`) and
//! return them by value, and build results one push at a time; on the small
//! layouts of everyday use that bookkeeping, not the arithmetic, is most of the
//! time (callgrind on `benches/vs-cpp`). Each fast path answers `None` when it
//! does not apply, and the caller then runs the body; when it applies it
//! returns exactly what the body returns, errors included (the differential
//! tests at the end of this file check that on every small flat layout and on
//! random nested ones).
use crate::dynamic::rt::{CLayout, CTuple};
use crate::dynamic::DInt;
use crate::error::Error;

/// Most leaves a fast path takes (a flat tuple of them is still stored inline).
const LEAVES: usize = 11;
/// Room of a [`Flat`]: a complement adds one mode to at most [`LEAVES`].
const ROOM: usize = LEAVES + 1;

/// Flat modes `(shape, stride)` in fixed arrays (values, and the static flags
/// as bit masks): the fast paths' `Modes`, small enough to set up cheaply.
#[derive(Clone, Copy)]
struct Flat {
    s: [i64; ROOM],
    d: [i64; ROOM],
    s_static: u64,
    d_static: u64,
    len: usize,
}

impl Flat {
    /// No modes.
    fn new() -> Flat {
        Flat {
            s: [0; ROOM],
            d: [0; ROOM],
            s_static: 0,
            d_static: 0,
            len: 0,
        }
    }
    /// The leaves of `l` (`Modes::of_layout`), `None` past [`LEAVES`].
    fn of(l: &CLayout, f: &mut Flat) -> Option<()> {
        let (n, s_static) = l.shape_ref().leaves_fit(&mut f.s[..LEAVES])?;
        let (_, d_static) = l.stride_ref().leaves_fit(&mut f.d[..LEAVES])?;
        f.len = n;
        f.s_static = s_static;
        f.d_static = d_static;
        Some(())
    }
    /// Shape of mode `k`.
    fn s(&self, k: usize) -> DInt {
        DInt {
            value: self.s[k],
            is_static: self.s_static >> k & 1 != 0,
        }
    }
    /// Stride of mode `k`.
    fn d(&self, k: usize) -> DInt {
        DInt {
            value: self.d[k],
            is_static: self.d_static >> k & 1 != 0,
        }
    }
    /// Sets mode `k` to `s:d`.
    fn set(&mut self, k: usize, s: DInt, d: DInt) {
        self.s[k] = s.value;
        self.d[k] = d.value;
        let bit = 1u64 << k;
        self.s_static = (self.s_static & !bit) | (u64::from(s.is_static) << k);
        self.d_static = (self.d_static & !bit) | (u64::from(d.is_static) << k);
    }
    /// `_1:_0` (`Modes::unit`).
    fn set_unit(&mut self) {
        self.set(0, DInt::s(1), DInt::s(0));
        self.len = 1;
    }
    /// Appends a mode (room is the caller's: at most [`ROOM`] modes are made).
    fn push(&mut self, s: DInt, d: DInt) {
        self.set(self.len, s, d);
        self.len += 1;
    }
    /// Whether every stride is static.
    fn strides_static(&self) -> bool {
        let all = (1u64 << self.len) - 1;
        self.d_static & all == all
    }
    /// Removes mode `i`, keeping the order of the others (`Modes::remove`).
    fn remove(&mut self, i: usize) {
        self.s.copy_within(i + 1..self.len, i);
        self.d.copy_within(i + 1..self.len, i);
        // The flags above `i` move down one place.
        let low = (1u64 << i) - 1;
        self.s_static = (self.s_static & low) | ((self.s_static >> 1) & !low);
        self.d_static = (self.d_static & low) | ((self.d_static >> 1) & !low);
        self.len -= 1;
    }
    /// Reverses the first `len` modes.
    fn reverse(&mut self, len: usize) {
        for k in 0..len / 2 {
            let (a, b) = (
                (self.s(k), self.d(k)),
                (self.s(len - 1 - k), self.d(len - 1 - k)),
            );
            self.set(k, b.0, b.1);
            self.set(len - 1 - k, a.0, a.1);
        }
    }
    /// `Modes::layout`: integer-shaped for one mode, flat tuples otherwise,
    /// checked as `CLayout::new` checks them.
    fn layout(&self) -> Result<CLayout, Error> {
        let mask = (1u64 << self.len) - 1;
        CLayout::from_flat(
            &self.s[..self.len],
            self.s_static & mask,
            &self.d[..self.len],
            self.d_static & mask,
        )
    }
}

/// `coalesce(l)` when `l` has at most [`LEAVES`] leaves.
pub(crate) fn coalesce(l: &CLayout) -> Option<Result<CLayout, Error>> {
    let mut m = Flat::new();
    Flat::of(l, &mut m)?;
    let mut out = Flat::new();
    Some(coalesce_walk(&m, false, &mut out).and_then(|()| out.layout()))
}

/// `coalesce_walk(m, false, by_value)` of `coalesce.rs` into `out`.
fn coalesce_walk(m: &Flat, by_value: bool, out: &mut Flat) -> Result<(), Error> {
    if m.len == 0 {
        out.set_unit();
        return Ok(());
    }
    let last = m.len - 1;
    // Built back to front, reversed at the end (as the body does).
    let mut top = 0;
    out.set(0, m.s(last), m.d(last));
    let mut single = true;
    let mut i = last;
    while i > 0 {
        i -= 1;
        let (s, d) = (m.s(i), m.d(i));
        if is_one(s, by_value) {
            continue;
        }
        if single && is_one(out.s(top), by_value) {
            out.set(top, s, d);
            continue;
        }
        let (fs, fd) = (out.s(top), out.d(top));
        let provable = by_value || (fs.is_static && s.is_static && d.is_static && fd.is_static);
        if provable && s.value.checked_mul(d.value) == Some(fd.value) {
            out.set(top, s.mul(fs)?, d);
        } else {
            top += 1;
            out.set(top, s, d);
            single = false;
        }
    }
    if single && is_one(out.s(top), by_value) {
        out.set_unit();
        return Ok(());
    }
    let len = top + 1;
    out.reverse(len);
    out.len = len;
    Ok(())
}

fn is_one(s: DInt, by_value: bool) -> bool {
    if by_value {
        s.value == 1
    } else {
        s.is_static_eq(1)
    }
}

/// `complement(l, c)` for an integer cotarget `c` and `l` of at most
/// [`LEAVES`] leaves.
pub(crate) fn complement(l: &CLayout, cotarget: &CTuple) -> Option<Result<CLayout, Error>> {
    let c = cotarget.as_int()?;
    let mut m = Flat::new();
    Flat::of(l, &mut m)?;
    Some(complement_flat(&mut m, c))
}

/// `complement_at` of `complement.rs` on an integer cotarget (no `_`, so
/// the first check is the positive one).
fn complement_flat(m: &mut Flat, c: DInt) -> Result<CLayout, Error> {
    if c.value <= 0 {
        return Err(Error::NonPositiveCotarget);
    }
    // filter_modes
    for k in 0..m.len {
        if m.d(k).is_static_eq(0) {
            m.set(k, DInt::s(1), m.d(k));
        }
    }
    let mut f = Flat::new();
    coalesce_walk(m, false, &mut f)?;
    // complement_of_filtered (`m` is free again: it takes the by-value walk)
    let f = if f.strides_static() || f.len == 1 {
        &f
    } else {
        coalesce_walk(&f, true, m)?;
        &*m
    };
    let mut rest = Flat::new();
    moving_modes(f, &mut rest)?;
    let mut gaps = Flat::new();
    if rest.len == 0 {
        // The compact layout of the cotarget (an integer: one leaf).
        push_compact(&mut gaps, c, DInt::s(1));
        return gaps.layout();
    }
    let mut reached = DInt::s(1);
    while rest.len > 0 {
        let (k, min_stride) = first_min_stride(&rest);
        let gap = min_stride.div(reached)?;
        if gap.value == 0 {
            return Err(Error::NotInjective);
        }
        gaps.push(gap, reached);
        reached = min_stride.mul(rest.s(k))?;
        rest.remove(k);
    }
    push_compact(&mut gaps, c.ceil_div(reached)?, reached);
    let mut out = Flat::new();
    coalesce_walk(&gaps, false, &mut out)?;
    out.layout()
}

/// `moving_modes` of `complement.rs`.
fn moving_modes(f: &Flat, out: &mut Flat) -> Result<(), Error> {
    let all_static = f.strides_static();
    for k in 0..f.len {
        let (s, d) = (f.s(k), f.d(k));
        let is_unit = s.is_static_eq(1) && d.is_static_eq(0);
        let value_unit = !(all_static || f.len == 1) && s.value == 1;
        if d.value < 0 {
            return Err(Error::NotAdmissible);
        }
        if is_unit || value_unit || (s.value == 1 && d.value == 0) {
            continue;
        }
        if d.value == 0 {
            return Err(Error::NotInjective);
        }
        out.push(s, d);
    }
    Ok(())
}

/// `first_min_stride` of `complement.rs`.
fn first_min_stride(m: &Flat) -> (usize, DInt) {
    let mut best = 0;
    let mut min = m.d(0);
    for k in 1..m.len {
        if m.d[k] < m.d[best] {
            best = k;
        }
        min = min.min(m.d(k));
    }
    (best, min)
}

/// `push_compact` of `complement.rs` for a one-leaf shape `s`.
fn push_compact(out: &mut Flat, s: DInt, start: DInt) {
    if s.is_static_eq(1) {
        out.push(s, DInt::s(0));
    } else {
        out.push(s, start);
    }
}

/// The fast paths against the bodies they stand for (`rt::coalesce_at`,
/// `rt::complement_at`): every flat layout of rank 0 to 2 over a set of
/// shapes and strides (zero and negative included, built unchecked) with every
/// static/dynamic mix, rank 3 and random nested layouts on a fixed random
/// sequence, integer cotargets (non-positive included). Where the fast path
/// applies, the result or error is the same.
#[cfg(test)]
mod tests {
    use super::super::rt;
    use super::*;
    use alloc::vec::Vec;

    const SHAPES: [i64; 6] = [1, 2, 3, 4, 0, -2];
    const STRIDES: [i64; 7] = [0, 1, 2, 3, 4, 8, -1];
    const COTARGETS: [i64; 6] = [1, 2, 12, 24, 0, -4];

    /// `shape:stride`, integer-shaped for an integer `rank`, without the
    /// positive-shape check (so that the fast paths meet such shapes too).
    fn flat(modes: &[(DInt, DInt)], int: bool) -> CLayout {
        let (s, d) = if int {
            (CTuple::int(modes[0].0), CTuple::int(modes[0].1))
        } else {
            let (mut s, mut d) = (CTuple::empty(), CTuple::empty());
            for &(ms, md) in modes {
                s.push_int(ms).unwrap();
                d.push_int(md).unwrap();
            }
            (s, d)
        };
        CLayout::new_unchecked_shape(s, d).unwrap()
    }

    /// Every leaf `(shape, stride)` with both static flags of each.
    fn leaves() -> Vec<(DInt, DInt)> {
        let mut out = Vec::new();
        for &s in &SHAPES {
            for &d in &STRIDES {
                for flags in 0..4 {
                    out.push((
                        DInt {
                            value: s,
                            is_static: flags & 1 != 0,
                        },
                        DInt {
                            value: d,
                            is_static: flags & 2 != 0,
                        },
                    ));
                }
            }
        }
        out
    }

    fn cotargets() -> Vec<CTuple> {
        let mut out: Vec<CTuple> = COTARGETS
            .iter()
            .flat_map(|&c| [CTuple::s(c), CTuple::d(c)])
            .collect();
        // A tuple cotarget: the fast path stands aside.
        out.push("(4,_6)".parse().unwrap());
        out
    }

    /// Returns how many times the fast path applied (0 or the calls made).
    fn check(l: &CLayout, cot: &[CTuple]) -> usize {
        let mut applied = 0;
        if let Some(r) = coalesce(l) {
            assert_eq!(r, rt::coalesce_at(l), "coalesce({l})");
            applied += 1;
        }
        for c in cot {
            if let Some(r) = complement(l, c) {
                assert_eq!(r, rt::complement_at(l, c), "complement({l}, {c})");
                applied += 1;
            }
        }
        applied
    }

    #[test]
    fn flat_layouts_of_rank_up_to_two_exhaustively() {
        let (all, cot) = (leaves(), cotargets());
        let mut applied = 0;
        applied += check(&flat(&[], false), &cot);
        for &m in &all {
            applied += check(&flat(&[m], true), &cot);
            applied += check(&flat(&[m], false), &cot);
        }
        for &m0 in &all {
            for &m1 in &all {
                applied += check(&flat(&[m0, m1], false), &cot);
            }
        }
        // Every layout here is small: the fast path took every call but the
        // tuple cotarget's.
        let layouts = 1 + 2 * all.len() + all.len() * all.len();
        assert_eq!(applied, layouts * (1 + cot.len() - 1));
    }

    /// xorshift64: a fixed sequence, so that a failure reproduces.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A random congruent shape and stride, at most `depth` deep.
    fn nested(rng: &mut Rng, all: &[(DInt, DInt)], depth: u32) -> (CTuple, CTuple) {
        if depth == 0 || rng.below(3) == 0 {
            let (s, d) = all[rng.below(all.len())];
            return (CTuple::int(s), CTuple::int(d));
        }
        let (mut s, mut d) = (CTuple::empty(), CTuple::empty());
        for _ in 0..rng.below(5) {
            let (cs, cd) = nested(rng, all, depth - 1);
            s.push_in(&cs).unwrap();
            d.push_in(&cd).unwrap();
        }
        (s, d)
    }

    #[test]
    fn rank_three_and_nested_layouts_at_random() {
        let (all, cot) = (leaves(), cotargets());
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let (mut applied, mut too_big) = (0, 0);
        for _ in 0..20_000 {
            let modes: Vec<(DInt, DInt)> = (0..3).map(|_| all[rng.below(all.len())]).collect();
            applied += check(&flat(&modes, false), &cot);
        }
        for _ in 0..20_000 {
            let (s, d) = nested(&mut rng, &all, 4);
            let l = CLayout::new_unchecked_shape(s, d).unwrap();
            let n = check(&l, &cot);
            too_big += usize::from(n == 0);
            applied += n;
        }
        // Both sides of the leaf limit were met.
        assert!(applied > 100_000 && too_big > 100, "{applied} {too_big}");
    }
}
