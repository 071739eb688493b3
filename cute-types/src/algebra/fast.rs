//! Fast paths of the run-time algebra ([`super::rt`]) for layouts of at most
//! [`LEAVES`] leaves: the same steps as the bodies written once
//! (`coalesce_walk`, `filter_modes`, `complement_of_filtered`), on fixed
//! arrays on the stack, the result written straight into compact tuples.
//! The by-mode divide and product (`by_mode`) chain those steps per mode on
//! the operands' node ranges, without building the intermediate layouts, and
//! `tile_unzip` moves node ranges in one pass.
//!
//! Why: the bodies keep their flat modes in growing lists (`lists::rt`) and
//! return them by value, and build results one push at a time; on the small
//! layouts of everyday use that bookkeeping, not the arithmetic, is most of the
//! time (callgrind on `benches/vs-cpp`). Each fast path answers `None` when it
//! does not apply, and the caller then runs the body; when it applies it
//! returns exactly what the body returns, errors included (the differential
//! tests at the end of this file check that on every small flat layout and on
//! random nested ones).
use super::composition::{digits_per_step, overhang, step_is_exact, walk_step};
use super::rt::ModeOp;
use crate::dynamic::rt::{DLayout, DTiler, DTuple, TilerMode};
use crate::dynamic::DInt;
use crate::dynamic::{K_LEAF, K_STAR};
use crate::error::Error;

/// Most leaves a fast path takes (a flat tuple of them is still stored inline).
const LEAVES: usize = 11;
/// Room of a [`Flat`]: a complement adds one mode to at most [`LEAVES`].
const ROOM: usize = LEAVES + 1;

/// Flat modes `(shape, stride)` in fixed arrays (values, and the static flags
/// one `bool` each: read and written without shifts and masks): the fast
/// paths' `Modes`, small enough to set up cheaply.
#[derive(Clone, Copy)]
struct Flat {
    s: [i64; ROOM],
    d: [i64; ROOM],
    s_static: [bool; ROOM],
    d_static: [bool; ROOM],
    len: usize,
}

impl Flat {
    /// No modes.
    fn new() -> Flat {
        Flat {
            s: [0; ROOM],
            d: [0; ROOM],
            s_static: [false; ROOM],
            d_static: [false; ROOM],
            len: 0,
        }
    }
    /// The leaves of `l` (`Modes::of_layout`), `None` past [`LEAVES`].
    fn of(l: &DLayout, f: &mut Flat) -> Option<()> {
        f.len = l
            .shape_ref()
            .leaves_fit(&mut f.s[..LEAVES], &mut f.s_static)?;
        l.stride_ref()
            .leaves_fit(&mut f.d[..LEAVES], &mut f.d_static)?;
        Some(())
    }
    /// The leaves of the layout `l` stands for (`None` past [`LEAVES`]).
    fn of_sub(l: Sub<'_>, f: &mut Flat) -> Option<()> {
        f.len =
            l.s.leaves_fit_in(l.start, l.end, &mut f.s[..LEAVES], &mut f.s_static)?;
        l.d.leaves_fit_in(l.start, l.end, &mut f.d[..LEAVES], &mut f.d_static)?;
        Some(())
    }
    /// The static flags of the modes as bit masks (shape, stride).
    fn flag_masks(&self) -> (u64, u64) {
        let (mut s, mut d) = (0u64, 0u64);
        for k in 0..self.len {
            s |= u64::from(self.s_static[k]) << k;
            d |= u64::from(self.d_static[k]) << k;
        }
        (s, d)
    }
    /// The check of [`Flat::layout`] alone: [`Error::NonPositiveShape`] for
    /// a shape below 1.
    fn check_positive(&self) -> Result<(), Error> {
        if self.s[..self.len].iter().any(|&s| s <= 0) {
            return Err(Error::NonPositiveShape);
        }
        Ok(())
    }
    /// `DLayout::size` of these modes (the product of the shapes, leaf by
    /// leaf from `_1`).
    fn size(&self) -> Result<DInt, Error> {
        let mut acc = DInt::s(1);
        for k in 0..self.len {
            acc = acc.mul(self.s(k))?;
        }
        Ok(acc)
    }
    /// `DLayout::cosize` of these modes, step for step.
    fn cosize(&self) -> Result<DInt, Error> {
        let mut acc = DInt::s(1);
        for k in 0..self.len {
            acc = acc.add(DInt::cosize_term(self.s(k), self.d(k))?)?;
        }
        Ok(acc)
    }
    /// Shape of mode `k`.
    fn s(&self, k: usize) -> DInt {
        DInt {
            value: self.s[k],
            is_static: self.s_static[k],
        }
    }
    /// Stride of mode `k`.
    fn d(&self, k: usize) -> DInt {
        DInt {
            value: self.d[k],
            is_static: self.d_static[k],
        }
    }
    /// Sets mode `k` to `s:d`.
    fn set(&mut self, k: usize, s: DInt, d: DInt) {
        self.s[k] = s.value;
        self.d[k] = d.value;
        self.s_static[k] = s.is_static;
        self.d_static[k] = d.is_static;
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
        self.d_static[..self.len].iter().all(|&b| b)
    }
    /// Removes mode `i`, keeping the order of the others (`Modes::remove`).
    fn remove(&mut self, i: usize) {
        self.s.copy_within(i + 1..self.len, i);
        self.d.copy_within(i + 1..self.len, i);
        self.s_static.copy_within(i + 1..self.len, i);
        self.d_static.copy_within(i + 1..self.len, i);
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
    /// checked as `DLayout::new` checks them.
    fn layout(&self) -> Result<DLayout, Error> {
        let (s_static, d_static) = self.flag_masks();
        DLayout::from_flat(&self.s[..self.len], s_static, &self.d[..self.len], d_static)
    }
}

/// `coalesce(l)` when `l` has at most [`LEAVES`] leaves.
pub(crate) fn coalesce(l: &DLayout) -> Option<Result<DLayout, Error>> {
    let mut m = Flat::new();
    Flat::of(l, &mut m)?;
    let mut out = Flat::new();
    Some(coalesce_walk(&m, false, &mut out).and_then(|()| out.layout()))
}

/// `coalesce_walk(m, false, by_value)` of `coalesce.rs` into `out`.
fn coalesce_walk(m: &Flat, by_value: bool, out: &mut Flat) -> Result<(), Error> {
    coalesce_walk_rest(m, false, by_value, out)
}

/// `coalesce_walk(m, keep_rest, by_value)` of `coalesce.rs` into `out`.
fn coalesce_walk_rest(
    m: &Flat,
    keep_rest: bool,
    by_value: bool,
    out: &mut Flat,
) -> Result<(), Error> {
    if m.len == 0 {
        out.set_unit();
        return Ok(());
    }
    if m.len == 1 {
        // (the walk below for one mode: its first step alone)
        let s = if keep_rest && m.s(0).is_static_eq(1) {
            DInt::s(2)
        } else {
            m.s(0)
        };
        if is_one(s, by_value) {
            out.set_unit();
        } else {
            out.set(0, s, m.d(0));
            out.len = 1;
        }
        return Ok(());
    }
    let last = m.len - 1;
    // Built back to front, reversed at the end (as the body does).
    let mut top = 0;
    let first = if keep_rest && m.s(last).is_static_eq(1) {
        DInt::s(2)
    } else {
        m.s(last)
    };
    out.set(0, first, m.d(last));
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
        // (as the body: `s * d` must be a compile-time constant in C++: both
        // static, or a static `_0` stride)
        let static_product = (s.is_static && d.is_static) || d.is_static_eq(0);
        let provable = by_value || (fs.is_static && fd.is_static && static_product);
        if provable && s.value.checked_mul(d.value) == Some(fd.value) {
            let merged = match s.mul(fs) {
                Ok(p) => p,
                // (as the body: the last mode of `coalesce_x` takes the rest)
                Err(_) if keep_rest && top == 0 => DInt {
                    value: i64::MAX,
                    is_static: s.is_static && fs.is_static,
                },
                Err(e) => return Err(e),
            };
            out.set(top, merged, d);
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
pub(crate) fn complement(l: &DLayout, cotarget: &DTuple) -> Option<Result<DLayout, Error>> {
    let c = cotarget.as_int()?;
    let mut m = Flat::new();
    Flat::of(l, &mut m)?;
    Some(complement_flat(&mut m, c))
}

/// `complement_at` of `complement.rs` on an integer cotarget (no `_`, so
/// the first check is the positive one).
fn complement_flat(m: &mut Flat, c: DInt) -> Result<DLayout, Error> {
    let mut out = Flat::new();
    complement_modes(m, c, &mut out)?;
    out.layout()
}

/// [`complement_flat`]'s modes, before they are made a layout (whose one
/// check is [`Flat::check_positive`]).
fn complement_modes(m: &mut Flat, c: DInt, out: &mut Flat) -> Result<(), Error> {
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
    let by_value = !(f.strides_static() || f.len == 1);
    let f = if !by_value {
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
        push_compact(out, c, DInt::s(1));
        return Ok(());
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
    // (as the body: by value, size-1 gaps are dropped as the static twin's are)
    coalesce_walk(&gaps, by_value, out)
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
        // (as the body: a static `_0` stride is gone after filter, and a
        // run-time 0 is dropped as the all-static twin drops it)
        if is_unit || value_unit || d.value == 0 {
            continue;
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

/// `right_inverse(l)` when `l` has at most [`LEAVES`] leaves: `right_inverse_at`
/// of `right_inverse.rs` (coalesce, prefix products, the static-stride modes
/// in C++'s exchange-sort order, the chain from stride 1, coalesced).
pub(crate) fn right_inverse(l: &DLayout) -> Option<Result<DLayout, Error>> {
    let mut m = Flat::new();
    Flat::of(l, &mut m)?;
    Some(right_inverse_flat(&m))
}

fn right_inverse_flat(m: &Flat) -> Result<DLayout, Error> {
    let mut c = Flat::new();
    coalesce_walk(m, false, &mut c)?;
    // prefix_products (every product formed, as the body does)
    let mut prefix = [DInt::s(1); ROOM];
    let mut acc = DInt::s(1);
    for (k, p) in prefix.iter_mut().enumerate().take(c.len) {
        *p = acc;
        acc = acc.mul(c.s(k))?;
    }
    // sort_by_stride over the static-stride modes
    let (mut idx, mut key) = ([0usize; ROOM], [0i64; ROOM]);
    let mut n = 0;
    for k in 0..c.len {
        if c.d(k).is_static {
            idx[n] = k;
            key[n] = c.d[k];
            n += 1;
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            if key[j] < key[i] {
                key.swap(i, j);
                idx.swap(i, j);
            }
        }
    }
    let mut out = Flat::new();
    out.push(DInt::s(1), DInt::s(0));
    let mut next = DInt::s(1);
    for &k in &idx[..n] {
        if next.is_static && c.d[k] == next.value {
            out.push(c.s(k), prefix[k]);
            next = c.s(k).mul(c.d(k))?;
        }
    }
    let mut r = Flat::new();
    coalesce_walk(&out, false, &mut r)?;
    r.layout()
}

/// `composition(a, b)` when `a` has at most [`LEAVES`] leaves and every leaf
/// of `b` composes exactly (`compose_leaf`'s `exact`), and the leaves add up
/// without a digit check (`check_leaves_add_up`'s first case): the body's steps
/// in that case, the result written node by node in `b`'s preorder. Otherwise
/// (and for operands the body refuses) `None`: the body answers.
pub(crate) fn composition(a: &DLayout, b: &DLayout) -> Option<Result<DLayout, Error>> {
    let b = Sub::of(b);
    let an = a.shape_ref().node_count();
    // The body's first checks (refusals are its to report); an `a` ending in
    // `()` (the last node in preorder an empty tuple) also goes to the body.
    if b.end > 64 || !b.admitted() || a.shape_ref().kind_at(an - 1) == 0 {
        return None;
    }
    let mut m = Flat::new();
    Flat::of(a, &mut m)?;
    let mut lhs = Flat::new();
    if let Err(e) = coalesce_walk_rest(&m, true, false, &mut lhs) {
        return Some(Err(e));
    }
    let (mut shape, mut stride) = (DTuple::blank(), DTuple::blank());
    let mut c = Composer::new(&lhs, &mut shape, &mut stride);
    match c
        .sub(b)
        .and_then(|exact| if exact { c.finish() } else { Ok(false) })
    {
        Ok(true) => Some(Ok(DLayout::from_parts(shape, stride))),
        Ok(false) => None,
        Err(e) => Some(Err(e)),
    }
}

/// The layout whose shape and stride are the nodes `[start, end)` of `s`
/// and `d` (congruent): a whole layout, or one mode of a layout or of a
/// tiler's store, read where it lies instead of copied out.
#[derive(Clone, Copy)]
struct Sub<'a> {
    s: &'a DTuple,
    d: &'a DTuple,
    start: usize,
    end: usize,
}

impl<'a> Sub<'a> {
    /// The whole of `l`.
    fn of(l: &'a DLayout) -> Sub<'a> {
        let (s, d) = (l.shape_ref(), l.stride_ref());
        Sub {
            s,
            d,
            start: 0,
            end: s.node_count(),
        }
    }
    /// The fast composition's conditions on its right-hand side (the body's
    /// first checks, whose refusals are its to report): positive shape leaves
    /// (`leaves_positive`), no `_` in shape or stride.
    fn admitted(self) -> bool {
        for p in self.start..self.end {
            let (ks, kd) = (self.s.kind_at(p), self.d.kind_at(p));
            if (ks == K_LEAF && self.s.val_at(p) <= 0) || ks == K_STAR || kd == K_STAR {
                return false;
            }
        }
        true
    }
}

/// `compose_tree` and the checks after it, node by node of `b` in preorder,
/// the result's nodes appended to `shape` and `stride`. Each step answers
/// `Ok(false)` where the body's general checks (inexact leaves, digits
/// that must add up) would be needed: the nodes appended so far are then
/// the caller's to drop.
struct Composer<'a> {
    lhs: &'a Flat,
    shape: &'a mut DTuple,
    stride: &'a mut DTuple,
    modes: Flat,
    moving: usize,
    not_functional: bool,
    positive: bool,
}

impl<'a> Composer<'a> {
    fn new(lhs: &'a Flat, shape: &'a mut DTuple, stride: &'a mut DTuple) -> Composer<'a> {
        Composer {
            lhs,
            shape,
            stride,
            modes: Flat::new(),
            moving: 0,
            not_functional: false,
            positive: true,
        }
    }
    /// A tuple node of `b` with `kind` children.
    fn tuple(&mut self, kind: u32) -> Result<(), Error> {
        self.shape.push_node_end(kind, 0, false)?;
        self.stride.push_node_end(kind, 0, false)
    }
    /// A leaf `s:d` of `b`.
    fn leaf(&mut self, s: DInt, d: DInt) -> Result<bool, Error> {
        match compose_leaf(self.lhs, s, d, &mut self.modes)? {
            Leaf::Inexact => return Ok(false),
            Leaf::Exact { functional } => self.not_functional |= !functional,
        }
        self.moving += usize::from(s.value != 1 && d.value != 0);
        let modes = &self.modes;
        if modes.len != 1 {
            self.shape.push_node_end(modes.len as u32, 0, false)?;
            self.stride.push_node_end(modes.len as u32, 0, false)?;
        }
        for k in 0..modes.len {
            let (ms, md) = (modes.s(k), modes.d(k));
            self.positive &= ms.value > 0;
            self.shape.push_node_end(K_LEAF, ms.value, ms.is_static)?;
            self.stride.push_node_end(K_LEAF, md.value, md.is_static)?;
        }
        Ok(true)
    }
    /// The nodes of `b`.
    fn sub(&mut self, b: Sub<'_>) -> Result<bool, Error> {
        for p in b.start..b.end {
            let kind = b.s.kind_at(p);
            if kind != K_LEAF {
                self.tuple(kind)?;
            } else if !self.leaf(b.s.node_int(p), b.d.node_int(p))? {
                return Ok(false);
            }
        }
        Ok(true)
    }
    /// The nodes of the layout [`Flat::layout`] makes of `f` (an integer
    /// for one mode, a flat tuple otherwise).
    fn flat(&mut self, f: &Flat) -> Result<bool, Error> {
        if f.len != 1 {
            self.tuple(f.len as u32)?;
        }
        for k in 0..f.len {
            if !self.leaf(f.s(k), f.d(k))? {
                return Ok(false);
            }
        }
        Ok(true)
    }
    /// The checks after the walk.
    fn finish(&self) -> Result<bool, Error> {
        if self.not_functional {
            return Err(Error::NotFunctional);
        }
        // `DLayout::new`: the tuples are congruent and hold no `_`.
        if !self.positive {
            return Err(Error::NonPositiveShape);
        }
        Ok(self.moving <= 1 || is_linear(self.lhs))
    }
}

/// What [`compose_leaf`] found.
enum Leaf {
    /// Every step exact; whether the result has the leaf's size.
    Exact { functional: bool },
    /// A step was not exact: the body checks such a leaf by evaluation.
    Inexact,
}

/// `compose_leaf` of `composition.rs` into `out`, up to its functional check
/// (the size check of an exact leaf; an inexact one is left to the body).
fn compose_leaf(lhs: &Flat, s: DInt, d: DInt, out: &mut Flat) -> Result<Leaf, Error> {
    out.len = 0;
    if d.value == 0 && (d.is_static || lhs.len != 1) {
        out.push(s, d);
        return Ok(Leaf::Exact { functional: true });
    }
    if lhs.len == 1 {
        out.push(s, d.mul(lhs.d(0))?);
        return Ok(Leaf::Exact { functional: true });
    }
    let (mut rest_shape, mut rest_stride) = (s, d);
    let mut q: i64 = 1;
    for j in 0..lhs.len - 1 {
        let (cs, cd) = (lhs.s(j), lhs.d(j));
        let (rho, next_shape, next_stride) = walk_step(cs, rest_stride)?;
        if rest_shape.value > 1 && !step_is_exact(cs.value, cd.value, rho.value, rest_shape.value) {
            return Ok(Leaf::Inexact);
        }
        if rest_shape.value > 1 && rho.value < cs.value {
            record(cs.value, rho.value, rest_shape.value, q)?;
        }
        if next_shape.is_static_eq(1) || rest_shape.is_static_eq(1) {
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        if new_shape.is_static && rest_shape.is_static && rest_shape.value % new_shape.value != 0 {
            return Err(Error::ShapeDivisibility);
        }
        out.push(new_shape, rest_stride.mul(cd)?);
        q = q.checked_mul(new_shape.value).ok_or(Error::Overflow)?;
        rest_shape = rest_shape.div(new_shape)?;
        rest_stride = next_stride;
    }
    let last_stride = rest_stride.mul(lhs.d(lhs.len - 1))?;
    if out.len == 0 || !rest_shape.is_static_eq(1) {
        out.push(rest_shape, last_stride);
    }
    // `check_functional` of an exact leaf: the size.
    let mut size = DInt::s(1);
    for k in 0..out.len {
        size = size.mul(out.s(k))?;
    }
    Ok(Leaf::Exact {
        functional: size.value == s.value,
    })
}

/// The errors of `DigitUse::record` (its values serve only the digit check,
/// which the fast path leaves to the body).
fn record(s: i64, rho: i64, m: i64, q: i64) -> Result<(), Error> {
    let n = digits_per_step(s, rho);
    let local = if m <= n {
        m - 1
    } else if s % rho == 0 {
        n - 1
    } else {
        let carried = (m / n - 1)
            .checked_mul(overhang(s, rho))
            .ok_or(Error::Overflow)?;
        ((n - 1) * rho)
            .checked_add(carried)
            .ok_or(Error::Overflow)?;
        m - 1
    };
    local.checked_mul(q).ok_or(Error::Overflow)?;
    Ok(())
}

/// `is_linear` of `composition.rs`: past the leading size-1 modes, each mode
/// continues the one before up to the last (`digit_group(..).unbounded`).
fn is_linear(lhs: &Flat) -> bool {
    if lhs.len < 2 {
        return true;
    }
    let last = lhs.len - 1;
    let mut k = 0;
    while k < last && lhs.s[k] == 1 {
        k += 1;
    }
    if k == last {
        return true;
    }
    loop {
        let mut next = k + 1;
        while next < last && lhs.s[next] == 1 {
            next += 1;
        }
        if lhs.s[k].checked_mul(lhs.d[k]) != Some(lhs.d[next]) {
            return false;
        }
        if next == last {
            return true;
        }
        k = next;
    }
}

/// One mode's fused step ([`divide_into`], [`product_into`]): the mode of `a`,
/// the tiler's layout, the result's shape and stride to append to.
type FusedStep = fn(Sub<'_>, Sub<'_>, &mut DTuple, &mut DTuple) -> Option<Result<(), Error>>;

/// `by_mode(a, tiler, op)` of `by_mode.rs` for a divide or a product: each
/// mode of `a` whose tiler entry is a layout is divided (multiplied) in one
/// pass over flat arrays ([`divide_into`], [`product_into`]), its result
/// written straight into the result's tuples, where the body copies out the
/// mode and the tiler entry, builds every intermediate layout (the
/// coalesced mode, the complement, the pair) and copies the result in.
/// A mode where a step's fast path does not apply takes the body's step; a
/// composition tiler, or one of higher rank than `a` (refused), goes to the body.
pub(crate) fn by_mode(a: &DLayout, tiler: &DTiler, op: ModeOp) -> Option<Result<DLayout, Error>> {
    let into: FusedStep = match op {
        ModeOp::Divide => divide_into,
        ModeOp::Product => product_into,
        ModeOp::Compose => return None,
    };
    if tiler.rank() > a.rank() {
        return None;
    }
    Some(by_mode_with(a, tiler, op, into))
}

fn by_mode_with(
    a: &DLayout,
    tiler: &DTiler,
    op: ModeOp,
    into: FusedStep,
) -> Result<DLayout, Error> {
    let (a_s, a_d) = (a.shape_ref(), a.stride_ref());
    let (mut shape, mut stride) = (DTuple::empty(), DTuple::empty());
    // Whether every mode was written by a fused step, whose results are
    // congruent, free of `_` and positive (what `DLayout::new` checks; a
    // product's result holds the mode of `a` too, whose extents may not be).
    let mut all_fused = a.rank() > 0 && (matches!(op, ModeOp::Divide) || a_s.leaves_positive());
    for i in 0..a.rank() {
        let (start, end) = a_s.mode_range(i)?;
        if i >= tiler.rank() {
            all_fused = false;
            // Past the tiler: the mode as it is.
            shape.push_range_in(a_s, start, end)?;
            stride.push_range_in(a_d, start, end)?;
            continue;
        }
        let mode = Sub {
            s: a_s,
            d: a_d,
            start,
            end,
        };
        let before = shape.node_count();
        let fused = tiler.layout_mode_nodes(i).and_then(|(ts, td, b, e)| {
            let t = Sub {
                s: ts,
                d: td,
                start: b,
                end: e,
            };
            into(mode, t, &mut shape, &mut stride)
        });
        match fused {
            Some(r) => {
                r?;
                // The subtree written is one more child of the result.
                shape.set_kind(0, shape.kind_at(0) + 1);
                stride.set_kind(0, stride.kind_at(0) + 1);
            }
            None => {
                all_fused = false;
                shape.set_len(before);
                stride.set_len(before);
                let part = body_step(a, tiler, op, i)?;
                shape.push_in(part.shape_ref())?;
                stride.push_in(part.stride_ref())?;
            }
        }
    }
    if all_fused {
        return Ok(DLayout::from_parts(shape, stride));
    }
    DLayout::new(shape, stride)
}

/// Mode `i` of `by_mode(a, tiler, op)` as the body computes it.
fn body_step(a: &DLayout, tiler: &DTiler, op: ModeOp, i: usize) -> Result<DLayout, Error> {
    let mode = a.get(i)?;
    match (tiler.mode(i)?, op) {
        (TilerMode::Layout(t), ModeOp::Divide) => super::rt::logical_divide(&mode, &t),
        (TilerMode::Layout(t), _) => super::rt::logical_product(&mode, &t),
        (TilerMode::Tiler(t), _) => super::rt::by_mode(&mode, &t, op),
    }
}

/// `tile_unzip(l, tiler)` of `tile_unzip.rs` when every mode of the tiler is
/// a layout entry: `((l₀₀, l₁₀, …), (l₀₁, l₁₁, …, l_r, …))` written in one
/// pass of node-range copies into the result's tuples, where the body builds
/// the two halves, checks each, and copies them into a pair. `None` (the body
/// answers) for nested tilers and for a tiler of higher rank than `l`.
pub(crate) fn tile_unzip(l: &DLayout, tiler: &DTiler) -> Option<Result<DLayout, Error>> {
    let (rank, tiled) = (l.rank(), tiler.rank());
    if tiled > rank {
        return None;
    }
    for i in 0..tiled {
        if !tiler.mode_is_layout(i).ok()? {
            return None;
        }
    }
    Some(unzip_layouts(l, rank, tiled))
}

fn unzip_layouts(l: &DLayout, rank: usize, tiled: usize) -> Result<DLayout, Error> {
    let (shape, stride) = (l.shape_ref(), l.stride_ref());
    // Mode `i < tiled` is (tile, rest): the node ranges of its two children.
    let halves = |i: usize| -> Result<(usize, usize, usize), Error> {
        let (b, e) = shape.mode_range(i)?;
        let kind = shape.kind_at(b);
        let arity = if kind >= K_STAR { 1 } else { kind as usize };
        if arity != 2 {
            return Err(Error::ModeOutOfRange {
                index: 1,
                rank: arity,
            });
        }
        Ok((b + 1, shape.subtree_end(b + 1), e))
    };
    let (mut s, mut d) = (DTuple::blank(), DTuple::blank());
    for t in [&mut s, &mut d] {
        t.push_node_end(2, 0, false)?;
        t.push_node_end(tiled as u32, 0, false)?;
    }
    for i in 0..tiled {
        let (tile, mid, _) = halves(i)?;
        s.append_nodes(shape, tile, mid)?;
        d.append_nodes(stride, tile, mid)?;
    }
    s.push_node_end(rank as u32, 0, false)?;
    d.push_node_end(rank as u32, 0, false)?;
    for i in 0..rank {
        let (start, end) = if i < tiled {
            let (_, mid, end) = halves(i)?;
            (mid, end)
        } else {
            shape.mode_range(i)?
        };
        s.append_nodes(shape, start, end)?;
        d.append_nodes(stride, start, end)?;
    }
    // (the checks of the body's two halves: extents, as `DLayout::new`)
    DLayout::new(s, d)
}

/// What [`divide_into`] and [`product_into`] return for their last step's
/// outcome: done, declined (`Ok(false)`: the body's own step then runs), or
/// the error.
fn appended(r: Result<bool, Error>) -> Option<Result<(), Error>> {
    match r {
        Ok(true) => Some(Ok(())),
        Ok(false) => None,
        Err(e) => Some(Err(e)),
    }
}

/// `logical_divide(a, b)` of `logical_divide.rs`, `a ∘ (b, complement(b,
/// shape(coalesce(a))))`, its result appended to `shape` and `stride` as one
/// subtree, when every step takes its fast path (`coalesce`, `complement` on
/// an integer cotarget, `composition`); `None` otherwise (what was appended
/// is the caller's to drop). The same steps, checks and errors as those fast
/// paths run one after the other, without building the intermediate layouts.
fn divide_into(
    a: Sub<'_>,
    b: Sub<'_>,
    shape: &mut DTuple,
    stride: &mut DTuple,
) -> Option<Result<(), Error>> {
    let mut m = Flat::new();
    Flat::of_sub(a, &mut m)?;
    // coalesce(a)
    let mut c = Flat::new();
    if let Err(e) = coalesce_walk(&m, false, &mut c).and_then(|()| c.check_positive()) {
        return Some(Err(e));
    }
    // complement(b, shape(coalesce(a))): an integer cotarget for the fast path
    if c.len != 1 {
        return None;
    }
    let mut fb = Flat::new();
    Flat::of_sub(b, &mut fb)?;
    let mut rest = Flat::new();
    if let Err(e) =
        complement_modes(&mut fb, c.s(0), &mut rest).and_then(|()| rest.check_positive())
    {
        return Some(Err(e));
    }
    // composition(a, (b, rest)): `rest` has positive extents and no `_`
    let rest_nodes = if rest.len == 1 { 1 } else { rest.len + 1 };
    if 1 + (b.end - b.start) + rest_nodes > 64 || !b.admitted() || a.s.kind_at(a.end - 1) == 0 {
        return None;
    }
    let mut lhs = Flat::new();
    if let Err(e) = coalesce_walk_rest(&m, true, false, &mut lhs) {
        return Some(Err(e));
    }
    let mut c = Composer::new(&lhs, shape, stride);
    let r = c
        .tuple(2)
        .and_then(|()| Ok(c.sub(b)? && c.flat(&rest)? && c.finish()?));
    appended(r)
}

/// `logical_product(a, b)` of `logical_product.rs`, `(a, complement(a,
/// size(a)·cosize(b)) ∘ b)`, appended as [`divide_into`] appends its result.
fn product_into(
    a: Sub<'_>,
    b: Sub<'_>,
    shape: &mut DTuple,
    stride: &mut DTuple,
) -> Option<Result<(), Error>> {
    let mut ma = Flat::new();
    Flat::of_sub(a, &mut ma)?;
    let mut mb = Flat::new();
    Flat::of_sub(b, &mut mb)?;
    let extent = match ma.size().and_then(|n| mb.cosize().and_then(|c| n.mul(c))) {
        Ok(e) => e,
        Err(e) => return Some(Err(e)),
    };
    // complement(a, extent)
    let mut free = Flat::new();
    if let Err(e) =
        complement_modes(&mut ma, extent, &mut free).and_then(|()| free.check_positive())
    {
        return Some(Err(e));
    }
    // composition(free, b): `free` is flat (a one-leaf or flat layout)
    if b.end - b.start > 64 || !b.admitted() || free.len == 0 || free.len > LEAVES {
        return None;
    }
    let mut lhs = Flat::new();
    if let Err(e) = coalesce_walk_rest(&free, true, false, &mut lhs) {
        return Some(Err(e));
    }
    // (a, copies)
    let r = shape
        .push_node_end(2, 0, false)
        .and_then(|()| stride.push_node_end(2, 0, false))
        .and_then(|()| shape.append_nodes(a.s, a.start, a.end))
        .and_then(|()| stride.append_nodes(a.d, a.start, a.end))
        .and_then(|()| {
            let mut c = Composer::new(&lhs, shape, stride);
            Ok(c.sub(b)? && c.finish()?)
        });
    appended(r)
}

/// The fast paths against the bodies they stand for (`rt::coalesce_at`,
/// `rt::complement_at`, `rt::composition_at`, `rt::right_inverse_at`): every flat layout of rank 0 to
/// 2 over a set of shapes and strides (zero and negative included, built
/// unchecked) with every static/dynamic mix, rank 3 and random nested layouts
/// on a fixed random sequence, integer cotargets (non-positive included), and
/// as second operands of composition random nested layouts. Where the fast
/// path applies, the result or error is the same.
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
    fn flat(modes: &[(DInt, DInt)], int: bool) -> DLayout {
        let (s, d) = if int {
            (DTuple::int(modes[0].0), DTuple::int(modes[0].1))
        } else {
            let (mut s, mut d) = (DTuple::empty(), DTuple::empty());
            for &(ms, md) in modes {
                s.push_int(ms).unwrap();
                d.push_int(md).unwrap();
            }
            (s, d)
        };
        DLayout::new_unchecked_shape(s, d).unwrap()
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

    fn cotargets() -> Vec<DTuple> {
        let mut out: Vec<DTuple> = COTARGETS
            .iter()
            .flat_map(|&c| [DTuple::s(c), DTuple::d(c)])
            .collect();
        // A tuple cotarget: the fast path stands aside.
        out.push("(4,_6)".parse().unwrap());
        out
    }

    /// Returns how many times a fast path applied.
    fn check(l: &DLayout, cot: &[DTuple], rhs: &[DLayout]) -> usize {
        let mut applied = 0;
        for b in rhs {
            if let Some(r) = composition(l, b) {
                assert_eq!(r, rt::composition_at(l, b), "composition({l}, {b})");
                applied += 1;
            }
            if let Some(r) = composition(b, l) {
                assert_eq!(r, rt::composition_at(b, l), "composition({b}, {l})");
                applied += 1;
            }
        }
        if let Some(r) = coalesce(l) {
            assert_eq!(r, rt::coalesce_at(l), "coalesce({l})");
            applied += 1;
        }
        if let Some(r) = right_inverse(l) {
            assert_eq!(r, rt::right_inverse_at(l), "right_inverse({l})");
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
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let rhs = |rng: &mut Rng| -> [DLayout; 2] {
            [
                flat(&[all[rng.below(all.len())]], true),
                random_layout(rng, &all),
            ]
        };
        let (mut applied, mut calls) = (0, 0);
        let mut layouts = std::vec![flat(&[], false)];
        for &m in &all {
            layouts.push(flat(&[m], true));
            layouts.push(flat(&[m], false));
        }
        for &m0 in &all {
            for &m1 in &all {
                layouts.push(flat(&[m0, m1], false));
            }
        }
        for l in &layouts {
            applied += check(l, &cot, &rhs(&mut rng));
            calls += cot.len() + 5;
        }
        // Most calls took a fast path.
        assert!(applied * 10 > calls * 7, "{applied} of {calls}");
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
    fn nested(rng: &mut Rng, all: &[(DInt, DInt)], depth: u32) -> (DTuple, DTuple) {
        if depth == 0 || rng.below(3) == 0 {
            let (s, d) = all[rng.below(all.len())];
            return (DTuple::int(s), DTuple::int(d));
        }
        let (mut s, mut d) = (DTuple::empty(), DTuple::empty());
        for _ in 0..rng.below(5) {
            let (cs, cd) = nested(rng, all, depth - 1);
            s.push_in(&cs).unwrap();
            d.push_in(&cd).unwrap();
        }
        (s, d)
    }

    /// A random layout up to 4 deep, built unchecked.
    fn random_layout(rng: &mut Rng, all: &[(DInt, DInt)]) -> DLayout {
        let (s, d) = nested(rng, all, 4);
        DLayout::new_unchecked_shape(s, d).unwrap()
    }

    #[test]
    fn rank_three_and_nested_layouts_at_random() {
        let (all, cot) = (leaves(), cotargets());
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let (mut applied, mut too_big, mut composed) = (0, 0, 0);
        for _ in 0..20_000 {
            let modes: Vec<(DInt, DInt)> = (0..3).map(|_| all[rng.below(all.len())]).collect();
            let b = random_layout(&mut rng, &all);
            applied += check(&flat(&modes, false), &cot, &[b]);
        }
        for _ in 0..20_000 {
            let l = random_layout(&mut rng, &all);
            let b = random_layout(&mut rng, &all);
            composed += usize::from(composition(&l, &b).is_some_and(|r| r.is_ok()));
            let n = check(&l, &cot, &[b]);
            too_big += usize::from(n == 0);
            applied += n;
        }
        // Both sides of the leaf limit were met.
        assert!(applied > 100_000 && too_big > 100, "{applied} {too_big}");
        assert!(composed > 3_000, "{composed}");
    }

    /// `divide_into` and `product_into` against `logical_divide` and
    /// `logical_product` (bodies whose steps take the fast paths checked
    /// above), and the by-mode fast path against the by-mode body, on random
    /// nested layouts and tilers (integer entries and nested tilers included):
    /// values, static flags and errors.
    #[test]
    fn divide_and_product_by_mode_at_random() {
        let all = leaves();
        let mut rng = Rng(0x6a09_e667_f3bc_c908);
        let (mut fused, mut ok) = (0, 0);
        let small = |rng: &mut Rng| -> DLayout {
            if rng.below(2) == 0 {
                let (s, d) = all[rng.below(all.len())];
                flat(&[(s, d)], true)
            } else {
                random_layout(rng, &all)
            }
        };
        for _ in 0..30_000 {
            let (a, b) = (small(&mut rng), small(&mut rng));
            let (mut s, mut d) = (DTuple::blank(), DTuple::blank());
            if let Some(r) = divide_into(Sub::of(&a), Sub::of(&b), &mut s, &mut d) {
                let r = r.map(|()| DLayout::from_parts(s, d));
                assert_eq!(r, rt::logical_divide(&a, &b), "logical_divide({a}, {b})");
                fused += 1;
                ok += usize::from(r.is_ok());
            }
            let (mut s, mut d) = (DTuple::blank(), DTuple::blank());
            if let Some(r) = product_into(Sub::of(&a), Sub::of(&b), &mut s, &mut d) {
                let r = r.map(|()| DLayout::from_parts(s, d));
                assert_eq!(r, rt::logical_product(&a, &b), "logical_product({a}, {b})");
                fused += 1;
                ok += usize::from(r.is_ok());
            }
        }
        assert!(fused > 20_000 && ok > 5_000, "{fused} {ok}");
        // By mode: tilers of layouts, integers and nested tilers.
        let (mut computed, mut unzipped) = (0, 0);
        for _ in 0..20_000 {
            let a = random_layout(&mut rng, &all);
            let mut t = DTiler::new();
            for _ in 0..rng.below(4) {
                // (an entry the tiler refuses is left out)
                let next = match rng.below(6) {
                    0 => t.clone().push_int(all[rng.below(all.len())].0),
                    1 => DTiler::from_layouts(&[small(&mut rng), small(&mut rng)])
                        .and_then(|inner| t.clone().push_tiler(&inner)),
                    _ => t.clone().push_layout(small(&mut rng)),
                };
                t = next.unwrap_or(t);
            }
            for op in [ModeOp::Divide, ModeOp::Product] {
                if let Some(r) = by_mode(&a, &t, op) {
                    assert_eq!(r, rt::by_mode_at(&a, &t, op), "by_mode({a}, {t:?})");
                    computed += usize::from(r.is_ok());
                    // zipped_divide's second step, on a divide's result and on `a`
                    for l in r.iter().chain([&a]) {
                        if let Some(z) = tile_unzip(l, &t) {
                            assert_eq!(z, rt::tile_unzip_at(l, &t), "tile_unzip({l}, {t:?})");
                            unzipped += usize::from(z.is_ok());
                        }
                    }
                }
            }
        }
        assert!(
            computed > 2_000 && unzipped > 1_000,
            "{computed} {unzipped}"
        );
    }
}
