//! Identity (coordinate) tensors: CuTe's `make_identity_tensor(shape)`.
use super::engine::Counting;
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use crate::dynamic::{DLayout, DTuple};
use crate::error::Error;

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
/// use cute_types::tensor::make_identity_tensor;
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
        DLayout::new(*shape, stride)?
    } else {
        DLayout::new(*shape, stride.get(0)?)?
    };
    Tensor::new(Counting { rank, bits }, layout)
}

impl<L: TensorLayout> Tensor<Counting, L> {
    /// The coordinate stored at `coord` (any coordinate form of the layout): a
    /// tuple of the identity's rank (an integer for a rank-1 identity made from an
    /// integer shape).
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
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
    /// use cute_types::tensor::*;
    /// use cute_types::*;
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
    /// use cute_types::tensor::*;
    /// use cute_types::*;
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
