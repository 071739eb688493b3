//! Iteration in layout order: 1-D index `0, 1, …, size-1`, i.e. the
//! colexicographic order of the natural coordinate (the first leaf fastest).
use crate::dynamic::{DLayout, CAPACITY};
use crate::error::Error;

/// The indices `L(0), L(1), …, L(size-1)` of a layout, produced incrementally
/// (an odometer over the leaves: one addition per step, no division).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let l: DLayout = "(2,3):(3,1)".parse().unwrap();
/// let o: Vec<i64> = Offsets::new(&l, 0).unwrap().collect();
/// assert_eq!(o, [0, 3, 1, 4, 2, 5]);
/// ```
#[derive(Clone)]
pub struct Offsets {
    shape: [i64; CAPACITY],
    stride: [i64; CAPACITY],
    digit: [i64; CAPACITY],
    leaves: usize,
    current: i64,
    remaining: usize,
    /// The size exceeds `usize` and `remaining` was saturated (no upper bound).
    unbounded: bool,
}

impl Offsets {
    /// The offsets of `layout`, starting from `base`.
    ///
    /// Errors if a shape entry is not positive or the size overflows `usize`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let l: DLayout = "(2,2):(1,4)".parse().unwrap();
    /// let o: Vec<i64> = Offsets::new(&l, 10).unwrap().collect();
    /// assert_eq!(o, [10, 11, 14, 15]);
    /// ```
    pub fn new(layout: &DLayout, base: i64) -> Result<Offsets, Error> {
        Offsets::build(layout, base, false)
    }

    /// As [`Offsets::new`], but a size beyond `usize` walks `usize::MAX` offsets
    /// (what [`Tensor::size`](super::Tensor::size) reports for such a tensor)
    /// instead of being an error.
    pub(crate) fn saturating(layout: &DLayout, base: i64) -> Result<Offsets, Error> {
        Offsets::build(layout, base, true)
    }

    fn build(layout: &DLayout, base: i64, saturate: bool) -> Result<Offsets, Error> {
        let shape_t = layout.shape();
        let stride_t = layout.stride();
        let leaves = shape_t.leaf_count();
        let mut shape = [0i64; CAPACITY];
        let mut stride = [0i64; CAPACITY];
        let mut size = 1usize;
        let mut unbounded = false;
        for k in 0..leaves {
            let s = shape_t.leaf(k).value;
            if s <= 0 {
                return Err(Error::NonPositiveShape);
            }
            shape[k] = s;
            stride[k] = stride_t.leaf(k).value;
            let s_usize = usize::try_from(s).map_err(|_| Error::Overflow)?;
            size = match size.checked_mul(s_usize) {
                Some(n) => n,
                None if saturate => {
                    unbounded = true;
                    usize::MAX
                }
                None => return Err(Error::Overflow),
            };
        }
        // Every offset reached is bounded by index_range, so checking it once here
        // makes the unchecked additions in `next` safe from overflow.
        let (lo, hi) = super::bounds::index_range(layout)?;
        base.checked_add(lo).ok_or(Error::Overflow)?;
        base.checked_add(hi).ok_or(Error::Overflow)?;
        Ok(Offsets {
            shape,
            stride,
            digit: [0; CAPACITY],
            leaves,
            current: base,
            remaining: size,
            unbounded,
        })
    }
}

impl Offsets {
    /// The walk over nothing.
    pub(crate) fn empty() -> Offsets {
        Offsets {
            shape: [0; CAPACITY],
            stride: [0; CAPACITY],
            digit: [0; CAPACITY],
            leaves: 0,
            current: 0,
            remaining: 0,
            unbounded: false,
        }
    }
}

impl Iterator for Offsets {
    type Item = i64;
    fn next(&mut self) -> Option<i64> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let out = self.current;
        if self.remaining > 0 {
            // Advance the odometer: bump the first leaf that has room, reset the
            // ones before it.
            let mut k = 0;
            while k < self.leaves {
                self.digit[k] += 1;
                // Wrapping: the one transient value past the last digit may exceed
                // i64 for extreme strides; every value returned fits (checked in `new`).
                self.current = self.current.wrapping_add(self.stride[k]);
                if self.digit[k] < self.shape[k] {
                    break;
                }
                self.current = self
                    .current
                    .wrapping_sub(self.stride[k].wrapping_mul(self.shape[k]));
                self.digit[k] = 0;
                k += 1;
            }
        }
        Some(out)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, (!self.unbounded).then_some(self.remaining))
    }
}

impl ExactSizeIterator for Offsets {}

/// The elements of a tensor in layout order (see [`super::Tensor::iter`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
/// let it: TensorIter<'_, i32> = t.iter();
/// // Layout order: the 1-D index runs down the columns first.
/// assert_eq!(it.take(5).copied().collect::<Vec<_>>(), [0, 4, 8, 12, 1]);
/// ```
pub struct TensorIter<'a, T> {
    pub(crate) storage: &'a [T],
    pub(crate) offsets: Offsets,
}

impl<'a, T> Iterator for TensorIter<'a, T> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        let o = self.offsets.next()?;
        // In range by the tensor's bounds invariant; `get` keeps it safe regardless.
        usize::try_from(o).ok().and_then(|o| self.storage.get(o))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.offsets.size_hint()
    }
}
