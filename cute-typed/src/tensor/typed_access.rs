//! Element access with typed coordinates: [`Tensor::at`] and [`Tensor::at_mut`].
//!
//! `tensor.at((i, j))` on a tensor of a typed `Layout<S, D>` evaluates
//! `offset + Σ cᵢ·dᵢ` with the typed layout's own arithmetic — static strides
//! are constants, static extents are constants in the domain check — instead of
//! reading the layout as a [`crate::DLayout`] as [`Tensor::get`] does. The
//! coordinate's structure is checked at compile time (a coordinate of the wrong
//! rank does not compile); its values are checked at run time against the shape
//! ([`Error::OutOfDomain`]) and the resulting index against the storage
//! ([`Error::OutOfStorage`]), so access stays checked.
use super::engine::{Storage, StorageMut};
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use crate::error::Error;
use crate::typed::numeral::Numeral;
use crate::typed::{Congruent, CoordOf, IntLike, IntTuple, Layout, C};

/// A coordinate that a layout `S:D` evaluates after checking that it lies in
/// the shape: an integer (a 1-D index) `0 ≤ c < size(S)`, or a tuple whose
/// modes lie in the shape's modes.
///
/// Inside the domain, `Σ cᵢ·dᵢ` is bounded by the layout's cosize, which a valid
/// layout keeps within `i64` (checked when it was built), so the sum needs no
/// overflow checks: what remains is the index arithmetic itself.
///
/// ```
/// use cute_typed::tensor::InShape;
/// use cute_typed::typed::*;
/// let (shape, stride) = ((_2, _4), (_4, 10i64));
/// assert_eq!((1i64, 3i64).index_in(&shape, &stride), Some(4 + 30));
/// assert_eq!((2i64, 0i64).index_in(&shape, &stride), None); // outside the shape
/// assert_eq!(7i64.index_in(&shape, &stride), Some(4 + 30)); // 1-D index 7 is (1, 3)
/// assert_eq!(8i64.index_in(&shape, &stride), None);
/// ```
pub trait InShape<S, D> {
    /// `L(self)` if `self` lies in `shape`, else `None`.
    fn index_in(&self, shape: &S, stride: &D) -> Option<i64>;
}

/// The value of an integer coordinate leaf.
trait LeafValue: Copy {
    fn leaf(&self) -> i64;
}
impl LeafValue for i64 {
    #[inline(always)]
    fn leaf(&self) -> i64 {
        *self
    }
}
impl<N: Numeral> LeafValue for C<N> {
    #[inline(always)]
    fn leaf(&self) -> i64 {
        C::<N>::VALUE
    }
}

/// An integer coordinate against a leaf mode: `0 ≤ c < s`, then `c·d`.
macro_rules! leaf_in_leaf {
    ([$($gen:tt)*] $K:ty, $S:ty) => {
        impl<$($gen)* D: IntLike> InShape<$S, D> for $K {
            #[inline(always)]
            fn index_in(&self, shape: &$S, stride: &D) -> Option<i64> {
                let c = self.leaf();
                // In the domain, |c·d| ≤ cosize - 1: no overflow.
                (c >= 0 && c < shape.value()).then(|| c.wrapping_mul(stride.value()))
            }
        }
    };
}
leaf_in_leaf!([] i64, i64);
leaf_in_leaf!([N: Numeral,] i64, C<N>);
leaf_in_leaf!([M: Numeral,] C<M>, i64);
leaf_in_leaf!([M: Numeral, N: Numeral,] C<M>, C<N>);

/// An integer coordinate against a tuple mode: a 1-D index into it (the
/// layout's own checked 1-D evaluation).
macro_rules! leaf_in_tuple {
    ($($S:ident $D:ident),+) => {
        impl<$($S: Congruent<$D>, $D: IntTuple),+> InShape<($($S,)+), ($($D,)+)> for i64 {
            #[inline(always)]
            fn index_in(&self, shape: &($($S,)+), stride: &($($D,)+)) -> Option<i64> {
                let size = shape.product().ok()?;
                if *self < 0 || *self >= size {
                    return None;
                }
                shape.eval_index(stride, *self).ok()
            }
        }
        impl<N: Numeral, $($S: Congruent<$D>, $D: IntTuple),+> InShape<($($S,)+), ($($D,)+)> for C<N> {
            #[inline(always)]
            fn index_in(&self, shape: &($($S,)+), stride: &($($D,)+)) -> Option<i64> {
                C::<N>::VALUE.index_in(shape, stride)
            }
        }
    };
}
leaf_in_tuple!(S0 D0);
leaf_in_tuple!(S0 D0, S1 D1);
leaf_in_tuple!(S0 D0, S1 D1, S2 D2);
leaf_in_tuple!(S0 D0, S1 D1, S2 D2, S3 D3);
leaf_in_tuple!(S0 D0, S1 D1, S2 D2, S3 D3, S4 D4);
leaf_in_tuple!(S0 D0, S1 D1, S2 D2, S3 D3, S4 D4, S5 D5);

/// A tuple coordinate against a tuple mode of its rank: mode by mode.
macro_rules! tuple_in_tuple {
    ($($K:ident $S:ident $D:ident $i:tt),+) => {
        impl<$($K: InShape<$S, $D>, $S, $D),+> InShape<($($S,)+), ($($D,)+)> for ($($K,)+) {
            #[inline(always)]
            fn index_in(&self, shape: &($($S,)+), stride: &($($D,)+)) -> Option<i64> {
                // Each term lies between -(cosize-1) and cosize-1, and so does
                // every partial sum of terms of one layout: no overflow.
                Some(0i64 $(.wrapping_add(self.$i.index_in(&shape.$i, &stride.$i)?))+)
            }
        }
    };
}
tuple_in_tuple!(K0 S0 D0 0);
tuple_in_tuple!(K0 S0 D0 0, K1 S1 D1 1);
tuple_in_tuple!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2);
tuple_in_tuple!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2, K3 S3 D3 3);
tuple_in_tuple!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2, K3 S3 D3 3, K4 S4 D4 4);
tuple_in_tuple!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2, K3 S3 D3 3, K4 S4 D4 4, K5 S5 D5 5);

/// A layout that evaluates coordinates of type `K` with its typed arithmetic,
/// checking that they lie in its shape.
///
/// ```
/// use cute_typed::tensor::IndexWith;
/// use cute_typed::typed::*;
/// let l = Layout::new((_4, _8), (96i64, _1)).unwrap();
/// assert_eq!(l.index_with(&(2i64, 5i64)), Ok(2 * 96 + 5));
/// assert_eq!(l.index_with(&(4i64, 0i64)), Err(cute_typed::Error::OutOfDomain));
/// ```
pub trait IndexWith<K> {
    /// `L(k)`, or [`Error::OutOfDomain`] when `k` is outside the shape.
    fn index_with(&self, k: &K) -> Result<i64, Error>;
}

impl<S: Congruent<D>, D: IntTuple, K: CoordOf<S, D> + InShape<S, D>> IndexWith<K> for Layout<S, D> {
    #[inline(always)]
    fn index_with(&self, k: &K) -> Result<i64, Error> {
        let () = const { crate::typed::check_static_coord(&K::COORD_PATTERN, &S::PATTERN) };
        k.index_in(&self.shape(), &self.stride())
            .ok_or(Error::OutOfDomain)
    }
}

impl<E: Storage, L: TensorLayout> Tensor<E, L> {
    /// The element at a typed coordinate (`i64` or `_N` leaves, the layout's
    /// rank or a 1-D index), through the typed layout's arithmetic (see the
    /// module docs); the same element as [`Tensor::get`].
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..64).collect();
    /// let m = make_tensor(&data[..], Layout::new((8i64, 8i64), (8i64, _1)).unwrap()).unwrap();
    /// let tile = m.local_tile(&(_4, _2), (1, 2)).unwrap(); // rows 4..8, columns 4..6
    /// assert_eq!(tile.at((1, 1)), Ok(&(5 * 8 + 5)));
    /// assert_eq!(tile.at((1, 1)), tile.get((1, 1)));
    /// assert_eq!(tile.at((4, 0)), Err(Error::OutOfDomain));
    /// ```
    #[inline]
    pub fn at<K>(&self, k: K) -> Result<&E::Elem, Error>
    where
        L: IndexWith<K>,
    {
        let i = self.layout().index_with(&k)?;
        element_at(self.engine().as_slice(), self.offset().wrapping_add(i))
    }
}

impl<E: StorageMut, L: TensorLayout> Tensor<E, L> {
    /// The element at a typed coordinate, mutably (see [`Tensor::at`]).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let mut t = make_tensor(vec![0i32; 6], make_layout_right((_2, _3))).unwrap();
    /// *t.at_mut((1, 2)).unwrap() = 7;
    /// assert_eq!(t.to_vec(), [0, 0, 0, 0, 0, 7]);
    /// ```
    #[inline]
    pub fn at_mut<K>(&mut self, k: K) -> Result<&mut E::Elem, Error>
    where
        L: IndexWith<K>,
    {
        let i = self.layout().index_with(&k)?;
        let i = self.offset().wrapping_add(i);
        element_at_mut(self.engine_mut_slice(), i)
    }
}

// The tensor's invariant: `offset + L(c)` is an index of the storage for every
// `c` of the domain, so for an in-domain coordinate the addition cannot
// overflow (`wrapping_add` above is exact) and the index is not negative. The
// storage access below stays checked all the same: a negative value becomes a
// `usize` beyond any slice (64-bit targets) and fails `get`.

#[cfg(target_pointer_width = "64")]
#[inline(always)]
fn to_index(i: i64) -> usize {
    i as usize
}

#[cfg(not(target_pointer_width = "64"))]
#[inline(always)]
fn to_index(i: i64) -> usize {
    usize::try_from(i).unwrap_or(usize::MAX)
}

#[inline(always)]
pub(crate) fn element_at<T>(data: &[T], i: i64) -> Result<&T, Error> {
    data.get(to_index(i)).ok_or(Error::OutOfStorage)
}

#[inline(always)]
pub(crate) fn element_at_mut<T>(data: &mut [T], i: i64) -> Result<&mut T, Error> {
    data.get_mut(to_index(i)).ok_or(Error::OutOfStorage)
}
