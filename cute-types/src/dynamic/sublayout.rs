//! Sub-layouts and concatenation: `select`, `take`, `group`, `append`, `prepend`,
//! `replace`, `flatten`, and slicing with the placeholder `_` (`slice`, `dice`,
//! `slice_and_offset`).
//!
//! Each operation applies the same tuple operation to the shape and the stride,
//! as CuTe C++ does (`make_layout(op(shape), op(stride))`), so the result is a layout
//! whose modes are modes of the input: `R(c) == L(c')` where `c'` places `c`'s modes
//! where the operation took them from.
//!
//! Tuple-shape conventions follow C++: an integer-shaped layout counts as rank 1,
//! and `take`, `select`, `group`, `append` and `prepend` always give tuple shapes
//! (`select(8:2, 0)` is `(8):(2)`, `group(8:1, 0, 1)` is `((8)):((1))`, `append(8:1,
//! 4:8)` is `(8,4):(1,8)`); `flatten(8:2)` stays `8:2`.
//!
//! ```
//! use cute_types::{DLayout, DTuple};
//! let l: DLayout = "(2,3,4):(1,2,6)".parse().unwrap();
//! assert_eq!(l.take(1, 3).unwrap().to_string(), "(3,4):(2,6)");
//! assert_eq!(l.group(0, 2).unwrap().to_string(), "((2,3),4):((1,2),6)");
//! let c: DTuple = "(_,1,_)".parse().unwrap();
//! let (s, off) = l.slice_and_offset(&c).unwrap();
//! assert_eq!((s.to_string(), off.value), ("(2,4):(1,6)".to_string(), 2));
//! ```
use super::eval::crd2idx;
use super::int::DInt;
use super::layout::DLayoutN;
use super::tuple::{DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! sublayout_body {
    ($($c:ident)?; [$($g:tt)*]) => {
impl $($g)* DLayoutN<N> {
    /// CuTe's `select<I...>(L)`: the modes `indices` (repeats allowed), as a tuple.
    /// An index out of range is [`Error::ModeOutOfRange`].
    pub $($c)? fn select(&self, indices: &[usize]) -> Result<DLayoutN<N>, Error> {
        let mut shape = DTupleN::empty();
        let mut stride = DTupleN::empty();
        let mut k = 0;
        while k < indices.len() {
            let mode = tri!(self.get(indices[k]));
            tri!(shape.push_in(mode.shape_ref()));
            tri!(stride.push_in(mode.stride_ref()));
            k += 1;
        }
        DLayoutN::new_unchecked_shape(shape, stride)
    }

    /// CuTe's `take<B,E>(L)`: the modes `[b, e)`, as a tuple. Requires `b < e`
    /// ([`Error::EmptyRange`]) and `e <= rank` ([`Error::ModeOutOfRange`]).
    pub $($c)? fn take(&self, b: usize, e: usize) -> Result<DLayoutN<N>, Error> {
        DLayoutN::new_unchecked_shape(
            tri!(self.shape().take(b, e)),
            tri!(self.stride().take(b, e)),
        )
    }

    /// CuTe's `group<B,E>(L)`: the modes `[b, e)` gathered into one mode, the others
    /// unchanged. `b == e` leaves the modes as they are (still as a tuple). Requires
    /// `b <= e` ([`Error::EmptyRange`]) and `e <= rank` ([`Error::ModeOutOfRange`]).
    pub $($c)? fn group(&self, b: usize, e: usize) -> Result<DLayoutN<N>, Error> {
        DLayoutN::new_unchecked_shape(
            tri!(group_tuple(&self.shape(), b, e)),
            tri!(group_tuple(&self.stride(), b, e)),
        )
    }

    /// CuTe's `append(L, X)`: `X` becomes the last mode (an integer-shaped `L` becomes
    /// the pair `(L, X)`).
    pub $($c)? fn append(&self, x: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
        DLayoutN::new_unchecked_shape(
            tri!(append_tuple(&self.shape(), &x.shape())),
            tri!(append_tuple(&self.stride(), &x.stride())),
        )
    }

    /// CuTe's `prepend(L, X)`: `X` becomes the first mode.
    pub $($c)? fn prepend(&self, x: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
        DLayoutN::new_unchecked_shape(
            tri!(prepend_tuple(&self.shape(), &x.shape())),
            tri!(prepend_tuple(&self.stride(), &x.stride())),
        )
    }

    /// CuTe's `replace<I>(L, X)`: mode `i` becomes `X`. For an integer-shaped `L`
    /// only `i == 0` is valid and the result is `X` itself.
    pub $($c)? fn replace(&self, i: usize, x: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
        DLayoutN::new_unchecked_shape(
            tri!(replace_tuple(&self.shape(), i, &x.shape())),
            tri!(replace_tuple(&self.stride(), i, &x.stride())),
        )
    }

    /// CuTe's `flatten(L)`: depth at most 1; an integer-shaped layout stays as it is.
    pub $($c)? fn flatten(&self) -> DLayoutN<N> {
        match DLayoutN::new_unchecked_shape(self.shape().flatten(), self.stride().flatten()) {
            Ok(l) => l,
            // flatten keeps shape and stride congruent
            Err(_) => self.dup(),
        }
    }

    /// CuTe's `slice(c, L)`: the modes of `L` where the coordinate `c` has the
    /// placeholder `_`, in order, flattened into one tuple (`c = _` gives `L`; an
    /// integer `c` gives the empty layout). A tuple in `c` must match `L`'s rank
    /// there ([`Error::CoordinateMismatch`]).
    pub $($c)? fn slice(&self, c: &DTupleN<N>) -> Result<DLayoutN<N>, Error> {
        if c.is_underscore() {
            return Ok(self.dup());
        }
        if c.is_int() {
            return DLayoutN::new_unchecked_shape(DTupleN::empty(), DTupleN::empty());
        }
        let mut shape = DTupleN::empty();
        let mut stride = DTupleN::empty();
        tri!(keep_modes(
            c,
            &self.shape(),
            &self.stride(),
            true,
            &mut shape,
            &mut stride
        ));
        DLayoutN::new_unchecked_shape(shape, stride)
    }

    /// CuTe's `dice(c, L)`: the modes of `L` where the coordinate `c` has an integer,
    /// the complement of [`slice`](Self::slice) (`c = _` gives the empty layout; an
    /// integer `c` gives `L`).
    pub $($c)? fn dice(&self, c: &DTupleN<N>) -> Result<DLayoutN<N>, Error> {
        if c.is_underscore() {
            return DLayoutN::new_unchecked_shape(DTupleN::empty(), DTupleN::empty());
        }
        if c.is_int() {
            return Ok(self.dup());
        }
        let mut shape = DTupleN::empty();
        let mut stride = DTupleN::empty();
        tri!(keep_modes(
            c,
            &self.shape(),
            &self.stride(),
            false,
            &mut shape,
            &mut stride
        ));
        DLayoutN::new_unchecked_shape(shape, stride)
    }

    /// CuTe's `slice_and_offset(c, L)`: `(slice(c, L), L(c'))`, where `c'` is `c` with
    /// every `_` read as 0, so that `L(c) == offset + sliced(c restricted to the _ modes)`.
    pub $($c)? fn slice_and_offset(&self, c: &DTupleN<N>) -> Result<(DLayoutN<N>, DInt), Error> {
        let sliced = tri!(self.slice(c));
        let offset = tri!(crd2idx(
            &tri!(underscores_as_zero(c)),
            &self.shape(),
            &self.stride()
        ));
        Ok((sliced, offset))
    }
}

/// The modes of `(shape, stride)` paired with `_` (`keep_underscore`) or with an
/// integer (otherwise) in `c`, appended to `out_*`; tuples of `c` are walked into.
$($c)? fn keep_modes $($g)* (
    c: &DTupleN<N>,
    shape: &DTupleN<N>,
    stride: &DTupleN<N>,
    keep_underscore: bool,
    out_shape: &mut DTupleN<N>,
    out_stride: &mut DTupleN<N>,
) -> Result<(), Error> {
    if c.is_underscore() || c.is_int() {
        if c.is_underscore() == keep_underscore {
            tri!(out_shape.push_in(shape));
            tri!(out_stride.push_in(stride));
        }
        return Ok(());
    }
    if !shape.is_tuple() || shape.rank() != c.rank() {
        return Err(Error::CoordinateMismatch);
    }
    // Mode by mode, by node position (shape and stride share them).
    let (mut p, mut q) = (1, 1);
    let mut i = 0;
    while i < c.rank() {
        let (ci, next_p) = c.mode_at(p);
        let (si, next_q) = shape.mode_at(q);
        let (di, _) = stride.mode_at(q);
        (p, q) = (next_p, next_q);
        tri!(keep_modes(
            &ci,
            &si,
            &di,
            keep_underscore,
            out_shape,
            out_stride
        ));
        i += 1;
    }
    Ok(())
}

/// `c` with every `_` replaced by a static 0 (CuTe's `Underscore` is an `Int<0>`).
$($c)? fn underscores_as_zero $($g)* (c: &DTupleN<N>) -> Result<DTupleN<N>, Error> {
    if c.is_underscore() {
        return Ok(DTupleN::s(0));
    }
    if c.is_int() {
        return Ok(c.dup());
    }
    let mut out = DTupleN::empty();
    let mut p = 1;
    let mut i = 0;
    while i < c.rank() {
        let (m, next) = c.mode_at(p);
        p = next;
        tri!(out.push_in(&tri!(underscores_as_zero(&m))));
        i += 1;
    }
    Ok(out)
}

/// The modes of `t` as a tuple (an integer is the 1-tuple of itself).
$($c)? fn modes_of $($g)* (t: &DTupleN<N>) -> DTupleN<N> {
    t.as_tuple()
}

$($c)? fn group_tuple $($g)* (
    t: &DTupleN<N>,
    b: usize,
    e: usize,
) -> Result<DTupleN<N>, Error> {
    let modes = modes_of(t);
    let r = modes.rank();
    if b > e {
        return Err(Error::EmptyRange);
    }
    if e > r {
        return Err(Error::ModeOutOfRange {
            index: e - 1,
            rank: r,
        });
    }
    let mut out = DTupleN::empty();
    let mut p = 1;
    let mut i = 0;
    while i < b {
        let (m, next) = modes.mode_at(p);
        p = next;
        tri!(out.push_in(&m));
        i += 1;
    }
    if b < e {
        tri!(out.push_in(&tri!(modes.take(b, e))));
    }
    if e < r {
        p = tri!(modes.mode_range(e)).0;
    }
    i = e;
    while i < r {
        let (m, next) = modes.mode_at(p);
        p = next;
        tri!(out.push_in(&m));
        i += 1;
    }
    Ok(out)
}

$($c)? fn append_tuple $($g)* (t: &DTupleN<N>, x: &DTupleN<N>) -> Result<DTupleN<N>, Error> {
    modes_of(t).push(x)
}

$($c)? fn prepend_tuple $($g)* (
    t: &DTupleN<N>,
    x: &DTupleN<N>,
) -> Result<DTupleN<N>, Error> {
    let modes = modes_of(t);
    let mut out = tri!(DTupleN::empty().push(x));
    let mut p = 1;
    let mut i = 0;
    while i < modes.rank() {
        let (m, next) = modes.mode_at(p);
        p = next;
        tri!(out.push_in(&m));
        i += 1;
    }
    Ok(out)
}

$($c)? fn replace_tuple $($g)* (
    t: &DTupleN<N>,
    i: usize,
    x: &DTupleN<N>,
) -> Result<DTupleN<N>, Error> {
    if !t.is_tuple() {
        if i != 0 {
            return Err(Error::ModeOutOfRange { index: i, rank: 1 });
        }
        return Ok(x.dup());
    }
    let r = t.rank();
    if i >= r {
        return Err(Error::ModeOutOfRange { index: i, rank: r });
    }
    let mut out = DTupleN::empty();
    let mut p = 1;
    let mut k = 0;
    while k < r {
        let (m, next) = t.mode_at(p);
        p = next;
        if k == i {
            tri!(out.push_in(x));
        } else {
            tri!(out.push_in(&m));
        }
        k += 1;
    }
    Ok(out)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use sublayout_body;
sublayout_body!(const; []);
