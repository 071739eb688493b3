//! [`Modes`]: a flat list of `(shape, stride)` leaves, the working form of the
//! algebra files that fold over modes (coalesce, composition, complement, inverses).
//!
//! A [`DTuple`](crate::DTuple) answers `leaf(k)` in linear time; the algorithms here touch every
//! mode several times, so they copy the leaves once into plain lists (fixed
//! arrays at compile time, growing lists at run time: [`crate::lists`]).
use crate::dynamic::{DInt, DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::lists::ct::{filled, is_full, reserve, List};
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! modes_body {
    ($($c:ident)?; [$($g:tt)*]; $Modes:ident) => {
/// Flat modes of a layout, in order. `len` of them are meaningful.
#[derive(Clone)]
pub(crate) struct $Modes $($g)* {
    pub(crate) shape: List<DInt, N>,
    pub(crate) stride: List<DInt, N>,
    pub(crate) len: usize,
}

impl $($g)* Modes<N> {
    /// No modes, with room for `n` before the run-time lists grow.
    pub(crate) $($c)? fn with_room(n: usize) -> Modes<N> {
        Modes {
            shape: filled(DInt::s(0), n),
            stride: filled(DInt::s(0), n),
            len: 0,
        }
    }
    /// No modes.
    pub(crate) $($c)? fn new() -> Modes<N> {
        Modes::with_room(0)
    }
    /// The single static mode `_1:_0` (CuTe's `Layout<_1,_0>`).
    pub(crate) $($c)? fn unit() -> Modes<N> {
        let mut m = Modes::new();
        m.shape[0] = DInt::s(1);
        m.stride[0] = DInt::s(0);
        m.len = 1;
        m
    }
    /// The leaves of `l`, flattened.
    pub(crate) $($c)? fn of_layout(l: &DLayoutN<N>) -> Modes<N> {
        // (leaves, not nodes: a list of up to 8 entries stays inline at run time)
        let n = l.shape_ref().leaf_count();
        let mut m = Modes::with_room(n);
        reserve(&mut m.shape, n);
        reserve(&mut m.stride, n);
        m.len = l.shape_ref().leaves_into(&mut m.shape);
        l.stride_ref().leaves_into(&mut m.stride);
        m
    }
    /// Appends a mode.
    pub(crate) $($c)? fn push(&mut self, s: DInt, d: DInt) -> Result<(), Error> {
        if is_full(&self.shape, self.len) {
            return Err(Error::Capacity);
        }
        self.shape[self.len] = s;
        self.stride[self.len] = d;
        self.len += 1;
        Ok(())
    }
    /// Removes mode `i`, keeping the order of the others.
    pub(crate) $($c)? fn remove(&mut self, i: usize) {
        let mut k = i;
        while k + 1 < self.len {
            self.shape[k] = self.shape[k + 1];
            self.stride[k] = self.stride[k + 1];
            k += 1;
        }
        if i < self.len {
            self.len -= 1;
        }
    }
    /// Product of the shapes (static `_1` when empty).
    pub(crate) $($c)? fn size(&self) -> Result<DInt, Error> {
        let mut acc = DInt::s(1);
        let mut k = 0;
        while k < self.len {
            acc = tri!(acc.mul(self.shape[k]));
            k += 1;
        }
        Ok(acc)
    }
    /// The flat tuples of shapes and strides, always as tuples.
    pub(crate) $($c)? fn tuples(&self) -> Result<(DTupleN<N>, DTupleN<N>), Error> {
        let mut s = DTupleN::empty();
        let mut d = DTupleN::empty();
        let mut k = 0;
        while k < self.len {
            tri!(s.push_int(self.shape[k]));
            tri!(d.push_int(self.stride[k]));
            k += 1;
        }
        Ok((s, d))
    }
    /// Shapes and strides as integers when there is exactly one mode, else as tuples.
    pub(crate) $($c)? fn int_or_tuples(&self) -> Result<(DTupleN<N>, DTupleN<N>), Error> {
        if self.len == 1 {
            return Ok((DTupleN::int(self.shape[0]), DTupleN::int(self.stride[0])));
        }
        self.tuples()
    }
    /// The layout of these modes: integer-shaped when there is exactly one mode.
    pub(crate) $($c)? fn layout(&self) -> Result<DLayoutN<N>, Error> {
        let (s, d) = tri!(self.int_or_tuples());
        DLayoutN::new(s, d)
    }
    /// `L(x)` for a 1-D index, CuTe's way: colexicographic split over the modes,
    /// the last mode taking the rest (C++ truncating `/` and `%`, so `L(-x) = -L(x)`);
    /// the evaluation engine's flat form (`dynamic::eval::flat_offset`).
    pub(crate) $($c)? fn eval(&self, x: i64) -> Result<i64, Error> {
        let (extents, _) = self.shape.split_at(self.len);
        let (strides, _) = self.stride.split_at(self.len);
        crate::dynamic::flat_offset(extents, strides, x)
    }
}

/// Exclusive prefix products of the shapes: `(_1, s0, s0*s1, …)`, one per mode.
pub(crate) $($c)? fn prefix_products $($g)* (m: &Modes<N>) -> Result<List<DInt, N>, Error> {
    let mut out: List<DInt, N> = filled(DInt::s(1), m.len);
    let mut acc = DInt::s(1);
    let mut k = 0;
    while k < m.len {
        out[k] = acc;
        acc = tri!(acc.mul(m.shape[k]));
        k += 1;
    }
    Ok(out)
}

/// CuTe's `exchange_sort` of mode indices by stride value (ascending).
///
/// The same swap sequence as C++ (not a stable sort), so that ties come out in
/// the order C++ produces. `keep[k]` false drops mode `k` before sorting.
pub(crate) $($c)? fn sort_by_stride $($g)* (
    m: &Modes<N>,
    keep: &List<bool, N>,
) -> (List<usize, N>, usize) {
    let mut idx: List<usize, N> = filled(0usize, m.len);
    let mut key: List<i64, N> = filled(0i64, m.len);
    let mut n = 0;
    let mut k = 0;
    while k < m.len {
        if keep[k] {
            idx[n] = k;
            key[n] = m.stride[k].value;
            n += 1;
        }
        k += 1;
    }
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n {
            if key[j] < key[i] {
                let tk = key[j];
                key[j] = key[i];
                key[i] = tk;
                let ti = idx[j];
                idx[j] = idx[i];
                idx[i] = ti;
            }
            j += 1;
        }
        i += 1;
    }
    (idx, n)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use modes_body;
modes_body!(const; []; ModesFixed);
/// [`ModesFixed`] under the bodies' name.
pub(crate) type Modes<const M: usize> = ModesFixed;

impl Copy for Modes<N> {}
impl Modes<N> {
    /// A copy (what `clone` is on the run-time form).
    pub(crate) const fn dup(&self) -> Modes<N> {
        *self
    }
}
