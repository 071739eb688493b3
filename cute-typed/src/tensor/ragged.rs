//! Ragged edge tiles: [`Ragged`], the engine of a view that may reach past its
//! storage, and [`Tensor::local_tile_ragged`].
//!
//! CuTe makes every tile of `zipped_divide(A, tiler)`, also the last tile of a
//! mode whose extent the tile does not divide: for a `100×60` row-major `A`
//! tiled by `(_32,_8)`, the tile at `(3,7)` is `(_32,_8):(60,_1)` at offset
//! `3·32·60 + 7·8 = 5816`, and its rows `100..128` lie past the buffer. A
//! kernel then predicates each access with the identity tensor tiled the same
//! way (`elem_less(cA(i,j), shape(A))`).
//!
//! Here such a tile is a tensor over `Ragged<E>`: its views (slices,
//! partitions, divides, tiles) are made without the storage check, and each
//! element access checks its index against the storage, returning
//! [`Error::OutOfStorage`] outside it. Walks over every element (`iter`,
//! `to_vec`, `copy`, …) need [`Storage`] and so do not compile on a ragged
//! view: only predicated access does. Predicates come from the identity tensor
//! tiled the same way ([`super::make_identity_tensor_typed`],
//! [`Tensor::in_bounds`]).
use super::engine::{Engine, Storage, StorageMut};
use super::layout_trait::TensorLayout;
use super::tensor::{element, element_mut, Tensor};
use super::typed_access::{element_at, element_at_mut, IndexWith};
use super::typed_tile::LocalTiler;
use super::IntoCoord;
use crate::dynamic::DLayout;
use crate::error::Error;

/// The engine of a view that may overhang its storage (see the module docs).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let data = [1, 2, 3];
/// // A layout of 4 elements over 3: refused as a plain tensor, accepted as ragged.
/// assert!(Tensor::new(&data[..], make_layout(_4)).is_err());
/// let t = Tensor::new(Ragged::new(&data[..]), make_layout(_4)).unwrap();
/// assert_eq!(t.at(2i64), Ok(&3));
/// assert_eq!(t.at(3i64), Err(Error::OutOfStorage));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ragged<E> {
    inner: E,
}

impl<E> Ragged<E> {
    /// `inner`, to be viewed by layouts that may reach past it.
    pub fn new(inner: E) -> Ragged<E> {
        Ragged { inner }
    }
    /// The storage.
    pub fn inner(&self) -> &E {
        &self.inner
    }
    /// The storage, mutably.
    pub fn inner_mut(&mut self) -> &mut E {
        &mut self.inner
    }
    /// The storage, giving up the wrapper.
    pub fn into_inner(self) -> E {
        self.inner
    }
}

impl<E: Engine> Engine for Ragged<E> {
    fn extent(&self) -> Option<usize> {
        self.inner.extent()
    }
    /// A ragged view keeps only the rule that makes its index arithmetic
    /// exact: `offset + L(c)` fits in `i64` for every `c` of the domain (and
    /// the shape is positive). Each access checks the storage.
    fn admits(&self, layout: &DLayout, offset: i64) -> Result<(), Error> {
        let (lo, hi) = super::bounds::index_range(layout)?;
        offset.checked_add(lo).ok_or(Error::Overflow)?;
        offset.checked_add(hi).ok_or(Error::Overflow)?;
        Ok(())
    }
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `local_tile` for every tile, the ragged edge tiles included:
    /// the tile at `coord` (as [`Tensor::local_tile`]: a typed tile for a typed
    /// tiler), over a [`Ragged`] engine, so the tile exists where it overhangs
    /// the storage. Accesses outside the storage are [`Error::OutOfStorage`];
    /// predicate them with an identity tensor tiled the same way.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let (m, n) = (100i64, 60i64);
    /// let data: Vec<f32> = (0..m * n).map(|i| i as f32).collect();
    /// let a = make_tensor(&data[..], Layout::new((m, n), (n, _1)).unwrap()).unwrap();
    /// // The last tile of both modes: rows 96..128, columns 56..64 (CuTe: offset 5816).
    /// assert_eq!(a.view().local_tile(&(_32, _8), (3, 7)).unwrap_err(), Error::OutOfStorage);
    /// let g = a.view().local_tile_ragged(&(_32, _8), (3, 7)).unwrap();
    /// let _: &Layout<(_32, _8), (i64, _1)> = g.layout();
    /// assert_eq!((g.layout().to_string(), g.offset()), ("(_32,_8):(60,_1)".to_string(), 5816));
    /// // The identity tiled the same way tells which elements are inside A.
    /// let c = make_identity_tensor_typed((m, n)).unwrap().local_tile(&(_32, _8), (3, 7)).unwrap();
    /// assert_eq!(c.in_bounds((3, 3), &[m, n]), Ok(true)); // (99, 59)
    /// assert_eq!(*g.at((3, 3)).unwrap(), (99 * 60 + 59) as f32);
    /// assert_eq!(c.in_bounds((4, 0), &[m, n]), Ok(false)); // row 100
    /// assert_eq!(g.at((4, 0)), Err(Error::OutOfStorage)); // past the buffer
    /// ```
    pub fn local_tile_ragged<T, K>(
        self,
        tiler: &T,
        coord: K,
    ) -> Result<Tensor<Ragged<E>, T::Tile>, Error>
    where
        T: LocalTiler<L, K>,
    {
        let (layout, offset) = tiler.tile_layout(self.layout(), coord)?;
        let base = self.offset().checked_add(offset).ok_or(Error::Overflow)?;
        Tensor::with_offset(Ragged::new(self.into_engine()), layout, base)
    }
}

impl<E: Storage, L: TensorLayout> Tensor<Ragged<E>, L> {
    /// The element at a typed coordinate (see [`Tensor::at`]); outside the
    /// storage, [`Error::OutOfStorage`].
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data = [1, 2, 3];
    /// let t = Tensor::new(Ragged::new(&data[..]), make_layout((_2, _2))).unwrap();
    /// assert_eq!((t.at((0i64, 1i64)), t.at((1i64, 1i64))), (Ok(&3), Err(Error::OutOfStorage)));
    /// ```
    #[inline]
    pub fn at<K>(&self, k: K) -> Result<&E::Elem, Error>
    where
        L: IndexWith<K>,
    {
        let i = self.layout().index_with(&k)?;
        // `offset + L(k)` fits in i64 (the engine's rule), so the addition is exact.
        element_at(
            self.engine().inner().as_slice(),
            self.offset().wrapping_add(i),
        )
    }
    /// The element at any coordinate [`Tensor::index_of`] accepts; outside the
    /// storage, [`Error::OutOfStorage`].
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data = [1, 2, 3];
    /// let t = Tensor::new(Ragged::new(&data[..]), make_layout(_4)).unwrap();
    /// assert_eq!((t.get(1), t.get(3)), (Ok(&2), Err(Error::OutOfStorage)));
    /// ```
    pub fn get<C: IntoCoord>(&self, coord: C) -> Result<&E::Elem, Error> {
        let i = self.index_of(coord)?;
        element(self.engine().inner().as_slice(), i)
    }
}

impl<E: StorageMut, L: TensorLayout> Tensor<Ragged<E>, L> {
    /// The element at a typed coordinate, mutably; outside the storage,
    /// [`Error::OutOfStorage`].
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let mut data = [0; 3];
    /// let mut t = Tensor::new(Ragged::new(&mut data[..]), make_layout(_4)).unwrap();
    /// *t.at_mut(2i64).unwrap() = 7;
    /// assert_eq!(t.at_mut(3i64), Err(Error::OutOfStorage));
    /// assert_eq!(data, [0, 0, 7]);
    /// ```
    #[inline]
    pub fn at_mut<K>(&mut self, k: K) -> Result<&mut E::Elem, Error>
    where
        L: IndexWith<K>,
    {
        let i = self.layout().index_with(&k)?;
        let i = self.offset().wrapping_add(i);
        element_at_mut(self.engine_mut().inner_mut().as_mut_slice(), i)
    }
    /// The element at any coordinate [`Tensor::index_of`] accepts, mutably;
    /// outside the storage, [`Error::OutOfStorage`].
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let mut data = [0; 3];
    /// let mut t = Tensor::new(Ragged::new(&mut data[..]), make_layout(_4)).unwrap();
    /// *t.get_mut(0).unwrap() = 5;
    /// assert!(t.get_mut(3).is_err());
    /// assert_eq!(data, [5, 0, 0]);
    /// ```
    pub fn get_mut<C: IntoCoord>(&mut self, coord: C) -> Result<&mut E::Elem, Error> {
        let i = self.index_of(coord)?;
        element_mut(self.engine_mut().inner_mut().as_mut_slice(), i)
    }
}
