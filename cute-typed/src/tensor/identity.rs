//! Identity (coordinate) tensors: CuTe's `make_identity_tensor(shape)`.
use super::engine::Counting;
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use super::typed_access::IndexWith;
use crate::dynamic::{DLayout, DTuple};
use crate::error::Error;
use crate::typed::{Congruent, IntLike, IntTuple, Layout, _1};

/// Bits of one coordinate digit of an identity tensor of rank `rank`: the 62
/// usable bits of a non-negative `i64`, shared equally among the modes.
const fn digit_bits(rank: usize) -> u32 {
    (62 / rank) as u32
}

/// CuTe's `make_identity_tensor(shape)`: the tensor whose element at coordinate
/// `(m, n, …)` is that coordinate. Partitioned and tiled exactly like a data
/// tensor of the same shape, it tells each thread *which* coordinates its values
/// stand for; comparing them with the shape predicates ragged edges.
///
/// `shape` must be flat (a tuple of integers, or one integer) of rank ≤ 6; each
/// extent must be below `2^(⌊62/rank⌋ - 1)` so that tiles overhanging the shape by
/// up to the shape itself still have exact coordinates (violations are
/// [`Error::Overflow`]; non-flat shapes are [`Error::Unsupported`]).
///
/// ```
/// use cute_typed::tensor::make_identity_tensor;
/// let c = make_identity_tensor(&"(3,5)".parse().unwrap()).unwrap();
/// assert_eq!(c.coord((2, 4)).unwrap().to_string(), "(2,4)");
/// assert_eq!(c.coord(7).unwrap().to_string(), "(1,2)");
/// ```
pub fn make_identity_tensor(shape: &DTuple) -> Result<Tensor<Counting, DLayout>, Error> {
    let flat = shape.as_tuple();
    let rank = flat.rank();
    if rank == 0 || rank > 6 || flat.depth() > 1 {
        return Err(Error::Unsupported);
    }
    let bits = digit_bits(rank);
    let mut stride = DTuple::empty();
    for j in 0..rank {
        let extent = flat.leaf(j).value;
        if extent >= 1i64 << (bits - 1) {
            return Err(Error::Overflow);
        }
        stride = stride.push(&DTuple::d(1i64 << (bits * j as u32)))?;
    }
    let layout = if shape.is_tuple() {
        DLayout::new(shape.clone(), stride)?
    } else {
        DLayout::new(shape.clone(), stride.get(0)?)?
    };
    Tensor::new(Counting { rank, bits }, layout)
}

impl<L: TensorLayout> Tensor<Counting, L> {
    /// The coordinate stored at `coord` (any coordinate form of the layout): a
    /// tuple of the identity's rank (an integer for a rank-1 identity made from an
    /// integer shape).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let id = make_identity_tensor(&"(3,5)".parse().unwrap()).unwrap();
    /// assert_eq!(id.coord((2, 4)).unwrap().to_string(), "(2,4)");
    /// assert_eq!(id.coord(7).unwrap().to_string(), "(1,2)"); // 1-D index 7 of (3,5)
    /// ```
    pub fn coord<C: super::IntoCoord>(&self, coord: C) -> Result<DTuple, Error> {
        let code = self.index_of(coord)?;
        decode(code, self.engine())
    }
    /// The coordinate encoded by an engine index (see [`Counting`]).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let id = make_identity_tensor(&"(3,5)".parse().unwrap()).unwrap();
    /// let i = id.index_of((2, 4)).unwrap();
    /// assert_eq!(id.decode(i).unwrap().to_string(), "(2,4)");
    /// ```
    pub fn decode(&self, index: i64) -> Result<DTuple, Error> {
        decode(index, self.engine())
    }
    /// Coordinate digit `mode` of an engine index, as a plain integer.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let id = make_identity_tensor(&"(3,5)".parse().unwrap()).unwrap();
    /// let i = id.index_of((2, 4)).unwrap();
    /// assert_eq!((id.digit(i, 0).unwrap(), id.digit(i, 1).unwrap()), (2, 4));
    /// ```
    pub fn digit(&self, index: i64, mode: usize) -> Result<i64, Error> {
        digit(index, self.engine(), mode)
    }
}

/// Digit `mode` of `code` in radix `2^bits`.
pub(crate) const fn digit(code: i64, e: &Counting, mode: usize) -> Result<i64, Error> {
    if mode >= e.rank {
        return Err(Error::ModeOutOfRange {
            index: mode,
            rank: e.rank,
        });
    }
    if code < 0 {
        return Err(Error::OutOfDomain);
    }
    Ok((code >> (e.bits * mode as u32)) & ((1i64 << e.bits) - 1))
}

fn decode(code: i64, e: &Counting) -> Result<DTuple, Error> {
    let mut out = DTuple::empty();
    for j in 0..e.rank {
        out = out.push(&DTuple::d(digit(code, e, j)?))?;
    }
    Ok(out)
}

/// The identity's bounds rule: `offset` and every stride are non-negative and
/// move one digit each, and no digit can exceed its radix over the domain (so
/// every coordinate decodes exactly, overhanging tiles included).
pub(crate) fn check_digits(e: &Counting, layout: &DLayout, offset: i64) -> Result<(), Error> {
    if offset < 0 {
        return Err(Error::OutOfDomain);
    }
    let radix = 1i64 << e.bits;
    let mut reach = [0i64; 6];
    for (j, r) in reach.iter_mut().enumerate().take(e.rank) {
        *r = digit(offset, e, j)?;
    }
    if offset >> (e.bits * e.rank as u32) != 0 {
        return Err(Error::Overflow);
    }
    let shape = layout.shape();
    let stride = layout.stride();
    for k in 0..shape.leaf_count() {
        let s = shape.leaf(k).value;
        let d = stride.leaf(k).value;
        if s <= 0 {
            return Err(Error::NonPositiveShape);
        }
        if d < 0 {
            return Err(Error::Unsupported);
        }
        if d == 0 || s == 1 {
            continue;
        }
        // The digit this stride moves: the lowest non-zero one; the stride must
        // have no other non-zero digit.
        let j = (d.trailing_zeros() / e.bits) as usize;
        if j >= e.rank {
            return Err(Error::Overflow);
        }
        let step = d >> (e.bits * j as u32);
        if step >= radix {
            return Err(Error::Unsupported);
        }
        let add = (s - 1).checked_mul(step).ok_or(Error::Overflow)?;
        reach[j] = reach[j].checked_add(add).ok_or(Error::Overflow)?;
        if reach[j] >= radix {
            return Err(Error::Overflow);
        }
    }
    Ok(())
}

/// A flat shape of typed leaves (static `_N` or run-time) that has an identity
/// tensor: `(S₀, …)` of rank 1 to 4. Its stride moves one coordinate digit per
/// mode ([`Counting`]): `_1` for mode 0, a run-time power of two for the others.
pub trait IdentityShape: Congruent<Self::Stride> + Copy {
    /// The strides of the identity layout.
    type Stride: IntTuple;
    /// The rank.
    const RANK: usize;
    /// The strides for digits of `bits` bits.
    fn digit_strides(bits: u32) -> Self::Stride;
    /// Extent of mode `j`.
    fn extent(&self, j: usize) -> i64;
}

macro_rules! identity_shape {
    ($n:literal: $S0:ident $(, $S:ident $j:tt)*) => {
        impl<$S0: IntLike + Congruent<_1>, $($S: IntLike + Congruent<i64>),*> IdentityShape for ($S0, $($S,)*) {
            type Stride = (_1, $(identity_shape!(@i64 $S),)*);
            const RANK: usize = $n;
            #[inline]
            fn digit_strides(#[allow(unused)] bits: u32) -> Self::Stride {
                (_1::new(), $(1i64 << (bits * $j),)*)
            }
            fn extent(&self, j: usize) -> i64 {
                let all = [IntLike::value(&self.0), $(identity_shape!(@val self $j $S),)*];
                all[j]
            }
        }
    };
    (@i64 $S:ident) => { i64 };
    (@val $self:ident $j:tt $S:ident) => { IntLike::value(&$self.$j) };
}
identity_shape!(1: S0);
identity_shape!(2: S0, S1 1);
identity_shape!(3: S0, S1 1, S2 2);
identity_shape!(4: S0, S1 1, S2 2, S3 3);

/// CuTe's `make_identity_tensor(shape)` for a typed flat shape: the element at
/// coordinate `(m, n, …)` is that coordinate, and the layout is typed
/// (`Layout<(S₀, S₁, …), (_1, i64, …)>`), so the typed `local_tile`,
/// `local_partition` and `at`-style access apply to it as to a data tensor of
/// the same shape, overhanging tiles included. [`Tensor::in_bounds`] is CuTe's
/// `elem_less(c(k), shape)`, the predicate of ragged edge tiles. Extents as
/// [`make_identity_tensor`].
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let id = make_identity_tensor_typed((10i64, _8)).unwrap();
/// let t = id.local_tile(&(_4, _4), (2, 1)).unwrap(); // rows 8..12, columns 4..8
/// assert_eq!((t.coord_at((1, 3), 0), t.coord_at((1, 3), 1)), (Ok(9), Ok(7)));
/// assert_eq!(t.in_bounds((1, 1), &[10, 8]), Ok(true));
/// assert_eq!(t.in_bounds((2, 1), &[10, 8]), Ok(false)); // row 10
/// ```
pub fn make_identity_tensor_typed<S: IdentityShape>(
    shape: S,
) -> Result<Tensor<Counting, Layout<S, S::Stride>>, Error> {
    let rank = <S as IdentityShape>::RANK;
    let bits = digit_bits(rank);
    for j in 0..rank {
        if shape.extent(j) >= 1i64 << (bits - 1) {
            return Err(Error::Overflow);
        }
    }
    let layout = Layout::try_new(shape, S::digit_strides(bits))?;
    Tensor::new(Counting { rank, bits }, layout)
}

impl<L: TensorLayout> Tensor<Counting, L> {
    /// Coordinate `mode` of the identity's element at the typed coordinate `k`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let id = make_identity_tensor_typed((_3, _5)).unwrap();
    /// assert_eq!((id.coord_at((2, 4), 0), id.coord_at((2, 4), 1)), (Ok(2), Ok(4)));
    /// ```
    #[inline]
    pub fn coord_at<K>(&self, k: K, mode: usize) -> Result<i64, Error>
    where
        L: IndexWith<K>,
    {
        let code = self.code_at(&k)?;
        digit(code, self.engine(), mode)
    }
    /// Whether the coordinate held at `k` lies inside `bounds`, one extent per
    /// mode of the identity (CuTe's `elem_less(c(k), bounds)`):
    /// [`Error::CoordinateMismatch`] for a `bounds` of another rank.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let id = make_identity_tensor_typed((_3, _5)).unwrap();
    /// assert_eq!(id.in_bounds((2, 4), &[3, 5]), Ok(true));
    /// assert_eq!(id.in_bounds((2, 4), &[3, 4]), Ok(false));
    /// assert!(id.in_bounds((2, 4), &[3]).is_err());
    /// ```
    #[inline]
    pub fn in_bounds<K>(&self, k: K, bounds: &[i64]) -> Result<bool, Error>
    where
        L: IndexWith<K>,
    {
        let e = self.engine();
        if bounds.len() != e.rank {
            return Err(Error::CoordinateMismatch);
        }
        let code = self.code_at(&k)?;
        let mask = (1i64 << e.bits) - 1;
        let mut inside = true;
        for (j, &b) in bounds.iter().enumerate() {
            inside &= (code >> (e.bits * j as u32)) & mask < b;
        }
        Ok(inside)
    }
    /// The engine index (the coordinate's code) at `k`.
    #[inline(always)]
    fn code_at<K>(&self, k: &K) -> Result<i64, Error>
    where
        L: IndexWith<K>,
    {
        let i = self.layout().index_with(k)?;
        // The digits rule keeps every code of the domain in 0..2^62.
        Ok(self.offset().wrapping_add(i))
    }
}
