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
use super::tensor::{element, element_mut, Tensor};
use crate::error::Error;
use crate::typed::numeral::Numeral;
use crate::typed::{Congruent, CoordOf, IntTuple, Layout, C};

/// A coordinate inside a shape: an integer (a 1-D index) `0 ≤ c < size(S)`, or
/// a tuple whose modes lie inside the shape's modes.
///
/// ```
/// use cute_types::tensor::InShape;
/// use cute_types::typed::*;
/// assert!((1i64, 3i64).in_shape(&(_2, _4)));
/// assert!(!(2i64, 0i64).in_shape(&(_2, _4)));
/// assert!(7i64.in_shape(&(_2, _4)) && !8i64.in_shape(&(_2, _4)));
/// ```
pub trait InShape<S> {
    /// Whether `self` lies inside `shape`.
    fn in_shape(&self, shape: &S) -> bool;
}

impl<S: IntTuple> InShape<S> for i64 {
    #[inline(always)]
    fn in_shape(&self, shape: &S) -> bool {
        // The product of a valid layout's shape fits (checked when it was built).
        *self >= 0 && shape.product().is_ok_and(|n| *self < n)
    }
}

impl<S: IntTuple, N: Numeral> InShape<S> for C<N> {
    #[inline(always)]
    fn in_shape(&self, shape: &S) -> bool {
        shape.product().is_ok_and(|n| C::<N>::VALUE < n)
    }
}

macro_rules! tuple_in_shape {
    ($($K:ident $S:ident $i:tt),+) => {
        impl<$($K: InShape<$S>, $S),+> InShape<($($S,)+)> for ($($K,)+) {
            #[inline(always)]
            fn in_shape(&self, shape: &($($S,)+)) -> bool {
                true $(&& self.$i.in_shape(&shape.$i))+
            }
        }
    };
}
tuple_in_shape!(K0 S0 0);
tuple_in_shape!(K0 S0 0, K1 S1 1);
tuple_in_shape!(K0 S0 0, K1 S1 1, K2 S2 2);
tuple_in_shape!(K0 S0 0, K1 S1 1, K2 S2 2, K3 S3 3);
tuple_in_shape!(K0 S0 0, K1 S1 1, K2 S2 2, K3 S3 3, K4 S4 4);
tuple_in_shape!(K0 S0 0, K1 S1 1, K2 S2 2, K3 S3 3, K4 S4 4, K5 S5 5);

/// A layout that evaluates coordinates of type `K` with its typed arithmetic,
/// checking that they lie in its shape.
///
/// ```
/// use cute_types::tensor::IndexWith;
/// use cute_types::typed::*;
/// let l = Layout::new((_4, _8), (96i64, _1)).unwrap();
/// assert_eq!(l.index_with(&(2i64, 5i64)), Ok(2 * 96 + 5));
/// assert_eq!(l.index_with(&(4i64, 0i64)), Err(cute_types::Error::OutOfDomain));
/// ```
pub trait IndexWith<K> {
    /// `L(k)`, or [`Error::OutOfDomain`] when `k` is outside the shape.
    fn index_with(&self, k: &K) -> Result<i64, Error>;
}

impl<S: Congruent<D>, D: IntTuple, K: CoordOf<S, D> + InShape<S>> IndexWith<K> for Layout<S, D> {
    #[inline(always)]
    fn index_with(&self, k: &K) -> Result<i64, Error> {
        if !k.in_shape(&self.shape()) {
            return Err(Error::OutOfDomain);
        }
        self.eval(*k)
    }
}

impl<E: Storage, L: TensorLayout> Tensor<E, L> {
    /// The element at a typed coordinate (`i64` or `_N` leaves, the layout's
    /// rank or a 1-D index), through the typed layout's arithmetic (see the
    /// module docs); the same element as [`Tensor::get`].
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
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
        let i = self.offset().checked_add(i).ok_or(Error::Overflow)?;
        element(self.engine().as_slice(), i)
    }
}

impl<E: StorageMut, L: TensorLayout> Tensor<E, L> {
    /// The element at a typed coordinate, mutably (see [`Tensor::at`]).
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
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
        let i = self.offset().checked_add(i).ok_or(Error::Overflow)?;
        element_mut(self.engine_mut_slice(), i)
    }
}
