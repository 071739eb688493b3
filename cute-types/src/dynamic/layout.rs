//! The layout's items, written once (`layout_body!`) and instantiated over the
//! run-time [`DLayout`](crate::DLayout) (`dynamic/rt.rs`) and here over the
//! fixed form [`FixedLayout`].
use super::eval::{
    crd2idx_colex, crd2idx_congruent, index_offset, natural_coord, strided_coord,
    strided_leaf_coord, Terms,
};
use super::eval_fast;
use super::int::DInt;
use super::tuple::{DTupleN, N};
use crate::error::Error;
use crate::tri;

/// A layout `shape:stride`: a function from coordinates to indices,
/// `L(c) = Σ cᵢ·dᵢ` over the leaves of a coordinate `c` congruent with the shape.
///
/// Invariant: `shape` and `stride` are congruent. Shape leaves may be any
/// integer the constructor accepted (positive for [`DLayout::new`]).
///
/// The fixed form: room for [`CAPACITY`](super::CAPACITY) nodes per tuple,
/// `Copy`, `const fn` methods, for the typed layer's compile-time values. Not
/// a user API: run-time layouts are [`DLayout`](crate::DLayout).
#[doc(hidden)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct FixedLayout {
    shape: DTupleN<N>,
    stride: DTupleN<N>,
}

/// [`FixedLayout`] under the bodies' name.
pub(crate) type DLayoutN<const M: usize> = FixedLayout;

#[cfg(feature = "alloc")]
impl DLayoutN<N> {
    /// `shape:stride` of tuples known congruent and free of `_` (the compact
    /// form's own, converted): the check is not repeated (debug builds repeat it).
    pub(crate) fn from_congruent(shape: DTupleN<N>, stride: DTupleN<N>) -> DLayoutN<N> {
        debug_assert!(shape.check_layout(&stride, false).is_ok());
        DLayoutN { shape, stride }
    }
    /// [`DLayoutN::from_congruent`] of two [`DTupleN::from_nodes`], written in
    /// place (a 64-node layout is large: not built apart and moved in).
    pub(crate) fn from_congruent_nodes(
        shape: (&[u8], &[i64], u64),
        stride: (&[u8], &[i64], u64),
    ) -> DLayoutN<N> {
        let mut l = DLayoutN {
            shape: DTupleN::blank(),
            stride: DTupleN::blank(),
        };
        l.shape.set_nodes(shape.0, shape.1, shape.2);
        l.stride.set_nodes(stride.0, stride.1, stride.2);
        debug_assert!(l.shape.check_layout(&l.stride, false).is_ok());
        l
    }
}

/// Which compact stride to generate from a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    /// Column-major, generalised: the first mode is contiguous (CuTe's `LayoutLeft`).
    Left,
    /// Row-major, generalised: the last mode is contiguous (CuTe's `LayoutRight`).
    Right,
}

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! layout_body {
    ($($c:ident)?; [$($g:tt)*] $(; $fast:ident)?) => {
impl $($g)* DLayoutN<N> {
    /// `shape:stride`; errors unless the two are congruent and every shape entry is positive.
    ///
    /// ```
    /// use cute_types::{DLayout, DTuple};
    /// let l: DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
    /// assert_eq!(l.eval_index(5).unwrap().value, 5);
    /// ```
    pub $($c)? fn new(shape: DTupleN<N>, stride: DTupleN<N>) -> Result<DLayoutN<N>, Error> {
        tri!(shape.check_layout(&stride, true));
        Ok(DLayoutN { shape, stride })
    }
    /// `shape:stride` without the positive-shape check (algebra results that CuTe
    /// allows to carry shape-0 or negative modes use this). Congruence is still checked.
    pub $($c)? fn new_unchecked_shape(
        shape: DTupleN<N>,
        stride: DTupleN<N>,
    ) -> Result<DLayoutN<N>, Error> {
        // The slicing placeholder `_` belongs in coordinates: a layout of it has
        // no size, and the algebra's walks would not terminate on it.
        tri!(shape.check_layout(&stride, false));
        Ok(DLayoutN { shape, stride })
    }
    /// The compact layout of `shape` in the given major order. As in CuTe C++, a
    /// *static* shape-1 mode gets the static stride `_0`.
    pub $($c)? fn compact(shape: DTupleN<N>, major: Major) -> Result<DLayoutN<N>, Error> {
        let stride = tri!(compact_stride(&shape, major, DInt::s(1)));
        DLayoutN::new(shape, stride)
    }
    /// CuTe's `make_layout(shape)`: compact column-major (`LayoutLeft`).
    pub $($c)? fn col_major(shape: DTupleN<N>) -> Result<DLayoutN<N>, Error> {
        DLayoutN::compact(shape, Major::Left)
    }
    /// `make_layout(shape, LayoutRight{})`: compact row-major.
    pub $($c)? fn row_major(shape: DTupleN<N>) -> Result<DLayoutN<N>, Error> {
        DLayoutN::compact(shape, Major::Right)
    }
    /// The layout whose modes are `modes` (CuTe's `make_layout(l0, l1, …)`).
    pub $($c)? fn from_modes(modes: &[DLayoutN<N>]) -> Result<DLayoutN<N>, Error> {
        let mut shape = DTupleN::empty();
        let mut stride = DTupleN::empty();
        let mut i = 0;
        while i < modes.len() {
            tri!(shape.push_in(&modes[i].shape));
            tri!(stride.push_in(&modes[i].stride));
            i += 1;
        }
        Ok(DLayoutN { shape, stride })
    }
    /// The layout of the two modes `(m0, m1)`: [`from_modes`](Self::from_modes)
    /// of two borrowed modes (no copy of them first).
    pub(crate) $($c)? fn pair(m0: &DLayoutN<N>, m1: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
        let mut shape = DTupleN::empty();
        let mut stride = DTupleN::empty();
        tri!(shape.push_in(&m0.shape));
        tri!(stride.push_in(&m0.stride));
        tri!(shape.push_in(&m1.shape));
        tri!(stride.push_in(&m1.stride));
        Ok(DLayoutN { shape, stride })
    }
    /// The shape.
    pub $($c)? fn shape(&self) -> DTupleN<N> {
        self.shape.dup()
    }
    /// The stride.
    pub $($c)? fn stride(&self) -> DTupleN<N> {
        self.stride.dup()
    }
    /// The same layout with the value of every run-time leaf set to `v` (see
    /// [`DTupleN::with_dynamic_values`]); `v` must be positive for the shape to
    /// stay valid.
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub $($c)? fn with_dynamic_values(&self, v: i64) -> DLayoutN<N> {
        DLayoutN {
            shape: self.shape.dup().with_dynamic_values(v),
            stride: self.stride.dup().with_dynamic_values(v),
        }
    }
    /// The shape, borrowed (no copy).
    pub $($c)? fn shape_ref(&self) -> &DTupleN<N> {
        &self.shape
    }
    /// The stride, borrowed (no copy).
    pub $($c)? fn stride_ref(&self) -> &DTupleN<N> {
        &self.stride
    }
    /// Number of top-level modes (1 for an integer shape).
    pub $($c)? fn rank(&self) -> usize {
        self.shape.rank()
    }
    /// Nesting depth of the shape (0 for an integer shape).
    pub $($c)? fn depth(&self) -> usize {
        self.shape.depth()
    }
    /// Size of the domain: the product of the shape.
    pub $($c)? fn size(&self) -> Result<DInt, Error> {
        self.shape.product()
    }
    /// Size of the codomain: `1 + Σ (sᵢ - 1)·|dᵢ|` (CuTe's `cosize`, via `coshape`).
    pub $($c)? fn cosize(&self) -> Result<DInt, Error> {
        let mut acc = DInt::s(1);
        let mut p = 0;
        while p < self.shape.node_count() {
            if let (Some(s), Some(d)) = (self.shape.leaf_at_node(p), self.stride.leaf_at_node(p)) {
                acc = tri!(acc.add(tri!(DInt::cosize_term(s, d))));
            }
            p += 1;
        }
        Ok(acc)
    }
    /// Whether every leaf of shape and stride is static.
    pub $($c)? fn is_static(&self) -> bool {
        self.shape.is_static() && self.stride.is_static()
    }
    /// The same layout with every leaf marked static (`true`) or dynamic (`false`).
    pub $($c)? fn with_all_static(self, is_static: bool) -> DLayoutN<N> {
        DLayoutN {
            shape: self.shape.with_all_static(is_static),
            stride: self.stride.with_all_static(is_static),
        }
    }
    /// Mode `i` as a layout (`layout<i>` in CuTe).
    pub $($c)? fn get(&self, i: usize) -> Result<DLayoutN<N>, Error> {
        // One node range for both: shape and stride are congruent.
        let (b, e) = tri!(self.shape.mode_range(i));
        Ok(DLayoutN {
            shape: self.shape.slice(b, e),
            stride: self.stride.slice(b, e),
        })
    }
    /// Mode at an index path (`layout<i, j, …>` in CuTe).
    pub $($c)? fn get_path(&self, path: &[usize]) -> Result<DLayoutN<N>, Error> {
        Ok(DLayoutN {
            shape: tri!(self.shape.get_path(path)),
            stride: tri!(self.stride.get_path(path)),
        })
    }
    /// `L(c)` for a coordinate of any form the shape accepts: an integer (1-D
    /// index), a tuple of the shape's rank (R-D), or a natural (h-D) coordinate.
    /// Coordinates beyond the domain follow CuTe: the last mode takes the rest.
    ///
    /// Evaluated by the evaluation engine ([`super::Terms`]), as every layout is.
    pub $($c)? fn eval(&self, coord: &DTupleN<N>) -> Result<DInt, Error> {
        $(if let Some(r) = $fast::crd2idx_natural(self, coord) {
            return r;
        })?
        crd2idx_congruent(coord, &self.shape, &self.stride)
    }
    /// `L(i)` for a 1-D (dynamic) index.
    pub $($c)? fn eval_index(&self, i: i64) -> Result<DInt, Error> {
        $(if let Some(r) = $fast::index_offset(self, i) {
            return r;
        })?
        index_offset(Terms::new(self), DInt::d(i))
    }
    /// `L(i)` as a plain `i64`, `i` in `[0, size)` assumed (used in hot loops of tests
    /// and pictures). Same result as [`DLayout::eval_index`].
    pub $($c)? fn at(&self, i: i64) -> Result<i64, Error> {
        match self.eval_index(i) {
            Ok(v) => Ok(v.value),
            Err(e) => Err(e),
        }
    }
    /// The natural coordinate of the 1-D index `i` (colexicographic; the last mode is not wrapped).
    pub $($c)? fn idx2crd(&self, i: i64) -> Result<DTupleN<N>, Error> {
        $(if let Some(r) = $fast::idx2crd(&self.shape, i) {
            return r;
        })?
        idx2crd(&DTupleN::d(i), &self.shape)
    }
}

/// Compact strides of `shape` starting at `current`.
///
/// Leaf by leaf, without recursion or scratch arrays, in time linear in the
/// number of leaves (deep shapes must neither exhaust the stack nor take
/// exponential time): each stride is `current` times the product of the leaves
/// laid out before it. `Left` lays the leaves out in order; `Right` reverses
/// the modes at every level, which reverses the leaf order. The product past
/// the last leaf (the size) is never formed, so a layout whose strides fit is
/// built even when its size does not fit (as with 64-bit integers in C++).
$($c)? fn compact_stride $($g)* (
    shape: &DTupleN<N>,
    major: Major,
    current: DInt,
) -> Result<DTupleN<N>, Error> {
    // `_` is neither an integer nor a tuple: it has no compact stride.
    if shape.has_underscore() {
        return Err(Error::ExpectedInt);
    }
    let mut stride = shape.dup();
    let mut cur = current;
    // The shape of the last leaf laid out, multiplied into `cur` only when
    // another leaf needs it.
    let mut pending: Option<DInt> = None;
    // Leaves by node position (shape and stride share them), first to last
    // or last to first: one pass.
    let mut at = match major {
        Major::Left => Some(shape.leaf_from(0)),
        Major::Right => shape.leaf_before(shape.node_count()),
    };
    while let Some(q) = at {
        if q >= shape.node_count() {
            break;
        }
        let s = shape.leaf_at(q);
        // C++: a static shape-1 mode gets the static stride 0 and takes no room.
        if s.is_static_eq(1) {
            stride.set_leaf_at(q, DInt::s(0));
        } else {
            if let Some(p) = pending {
                cur = tri!(cur.mul(p));
            }
            stride.set_leaf_at(q, cur);
            pending = Some(s);
        }
        at = match major {
            Major::Left => Some(shape.leaf_from(q + 1)),
            Major::Right => shape.leaf_before(q),
        };
    }
    Ok(stride)
}

/// CuTe's two-argument `idx2crd(index, shape)`: the natural coordinate of an
/// index (colexicographic, the last mode not wrapped; by the evaluation
/// engine's walk, [`super::Terms`]), or per-mode for a tuple index.
pub $($c)? fn idx2crd $($g)* (
    idx: &DTupleN<N>,
    shape: &DTupleN<N>,
) -> Result<DTupleN<N>, Error> {
    if idx.is_tuple() {
        if !shape.is_tuple() || idx.rank() != shape.rank() {
            return Err(Error::CoordinateMismatch);
        }
        let mut out = DTupleN::empty();
        let (mut p, mut q) = (1, 1);
        let mut i = 0;
        while i < idx.rank() {
            let (x, next_p) = idx.mode_at(p);
            let (s, next_q) = shape.mode_at(q);
            (p, q) = (next_p, next_q);
            tri!(out.push_in(&tri!(idx2crd(&x, &s))));
            i += 1;
        }
        return Ok(out);
    }
    let c = tri!(idx.to_int());
    if shape.has_underscore() {
        // `_` is not a shape leaf: it has no coordinate.
        return Err(Error::ExpectedInt);
    }
    natural_coord(c, shape)
}

/// CuTe's three-argument `idx2crd(index, shape, stride)`: each leaf is `(i / d) % s`
/// (a static shape 1 gives `_0`). An integer `stride` stands for the compact
/// column-major strides of `shape` starting at that value.
pub $($c)? fn idx2crd_strided $($g)* (
    idx: &DTupleN<N>,
    shape: &DTupleN<N>,
    stride: &DTupleN<N>,
) -> Result<DTupleN<N>, Error> {
    if idx.is_tuple() {
        if !shape.is_tuple()
            || !stride.is_tuple()
            || idx.rank() != shape.rank()
            || idx.rank() != stride.rank()
        {
            return Err(Error::CoordinateMismatch);
        }
        let mut out = DTupleN::empty();
        let (mut p, mut q, mut r) = (1, 1, 1);
        let mut i = 0;
        while i < idx.rank() {
            let (x, next_p) = idx.mode_at(p);
            let (s, next_q) = shape.mode_at(q);
            let (d, next_r) = stride.mode_at(r);
            (p, q, r) = (next_p, next_q, next_r);
            let m = tri!(idx2crd_strided(&x, &s, &d));
            tri!(out.push_in(&m));
            i += 1;
        }
        return Ok(out);
    }
    let c = tri!(idx.to_int());
    if shape.is_tuple() {
        if shape.has_underscore() {
            // `_` is not a shape leaf: it has no coordinate.
            return Err(Error::ExpectedInt);
        }
        let strides = if stride.is_tuple() {
            if !shape.congruent(stride) {
                return Err(Error::CoordinateMismatch);
            }
            stride.dup()
        } else {
            tri!(compact_stride(shape, Major::Left, tri!(stride.to_int())))
        };
        // The evaluation engine's walk, each leaf `(i / d) mod s`.
        return strided_coord(c, shape, &strides);
    }
    if stride.is_tuple() {
        return Err(Error::CoordinateMismatch);
    }
    Ok(DTupleN::int(tri!(strided_leaf_coord(
        c,
        tri!(shape.to_int()),
        tri!(stride.to_int())
    ))))
}

/// CuTe's two-argument `crd2idx(coord, shape)`: colexicographic (Horner) index of
/// a coordinate; an integer coordinate is already an index.
pub $($c)? fn crd2idx_compact $($g)* (
    coord: &DTupleN<N>,
    shape: &DTupleN<N>,
) -> Result<DInt, Error> {
    if let Some(c) = coord.as_int() {
        return Ok(c);
    }
    if !shape.is_tuple() || coord.rank() != shape.rank() {
        return Err(Error::CoordinateMismatch);
    }
    // The evaluation engine with the colexicographic prefix products as strides.
    crd2idx_colex(coord, shape)
}

/// CuTe's `product_like(shape, coord)`: `shape` reduced to the nesting of `coord`
/// (each mode where `coord` is an integer becomes its product).
pub $($c)? fn product_like $($g)* (
    shape: &DTupleN<N>,
    coord: &DTupleN<N>,
) -> Result<DTupleN<N>, Error> {
    if !coord.is_tuple() {
        return Ok(DTupleN::int(tri!(shape.product())));
    }
    if !shape.is_tuple() || shape.rank() != coord.rank() {
        return Err(Error::CoordinateMismatch);
    }
    let mut out = DTupleN::empty();
    let (mut p, mut q) = (1, 1);
    let mut i = 0;
    while i < shape.rank() {
        let (s, next_p) = shape.mode_at(p);
        let (c, next_q) = coord.mode_at(q);
        (p, q) = (next_p, next_q);
        tri!(out.push_in(&tri!(product_like(&s, &c))));
        i += 1;
    }
    Ok(out)
}

impl $($g)* core::fmt::Debug for DLayoutN<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}

impl $($g)* core::fmt::Display for DLayoutN<N> {
    /// CuTe notation `shape:stride`, static leaves marked `_`: `(_4,(2,2)):(_4,(1,2))`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use layout_body;
layout_body!(const; []; eval_fast);

impl DLayoutN<N> {
    /// A copy (what `clone` is on the compact form).
    pub(crate) const fn dup(&self) -> DLayoutN<N> {
        *self
    }
}
