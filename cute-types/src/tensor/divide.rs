//! The layout algebra applied to a tensor's layout: composition, the four
//! divides and the four products. Each returns a view of the same storage
//! under the new layout, checked against the storage like every view.
//!
//! The methods ([`Tensor::zipped_divide`], …) are the API; the free functions of
//! this module ([`zipped_divide`], …) spell CuTe's `zipped_divide(tensor, tiler)`.
//! They live here, not in [`crate::tensor`], so that `use cute_types::*;` and
//! `use cute_types::tensor::*;` together leave `zipped_divide` the typed layer's.
use super::engine::Engine;
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use crate::algebra;
use crate::dynamic::{DLayout, DTiler};
use crate::error::Error;

/// The right-hand side of a tensor's composition, divide or product: a layout
/// (applied to the whole tensor) or a by-mode tiler (mode `i` to mode `i`).
#[derive(Clone, Copy, Debug)]
pub enum Tiler<'a> {
    /// A layout.
    Layout(&'a DLayout),
    /// A by-mode tiler.
    ByMode(&'a DTiler),
}

impl<'a> From<&'a DLayout> for Tiler<'a> {
    fn from(l: &'a DLayout) -> Self {
        Tiler::Layout(l)
    }
}

impl<'a> From<&'a DTiler> for Tiler<'a> {
    fn from(t: &'a DTiler) -> Self {
        Tiler::ByMode(t)
    }
}

type LayoutOp = fn(&DLayout, &DLayout) -> Result<DLayout, Error>;
type TilerOp = fn(&DLayout, &DTiler) -> Result<DLayout, Error>;

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    fn apply<'a>(
        self,
        t: impl Into<Tiler<'a>>,
        by_layout: LayoutOp,
        by_mode: TilerOp,
    ) -> Result<Tensor<E, DLayout>, Error> {
        let l = self.dlayout();
        let new = match t.into() {
            Tiler::Layout(b) => by_layout(&l, b)?,
            Tiler::ByMode(b) => by_mode(&l, b)?,
        };
        let offset = self.offset();
        self.relayout(new, offset)
    }
    /// `composition(tensor, B)`: the view `L ∘ B` (element `i` is `tensor(B(i))`).
    pub fn compose<'a>(self, b: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(b, algebra::composition, algebra::composition_tiler)
    }
    /// `logical_divide(tensor, T)`: `(tile, rest)` per divided mode.
    pub fn logical_divide<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::logical_divide, algebra::logical_divide_tiler)
    }
    /// `zipped_divide(tensor, T)`: `((tile…), (rest…))` — mode 0 indexes within a
    /// tile, mode 1 picks the tile.
    pub fn zipped_divide<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::zipped_divide, algebra::zipped_divide_tiler)
    }
    /// `tiled_divide(tensor, T)`: `((tile…), rest0, rest1, …)`.
    pub fn tiled_divide<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::tiled_divide, algebra::tiled_divide_tiler)
    }
    /// `flat_divide(tensor, T)`: `(tile0, tile1, …, rest0, rest1, …)`.
    pub fn flat_divide<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::flat_divide, algebra::flat_divide_tiler)
    }
    /// `logical_product(tensor, T)`. A product repeats the layout, so its cosize
    /// grows: over storage sized for the tensor alone this is
    /// [`Error::OutOfStorage`]; it is meant for storage sized for the product (or a
    /// broadcast, stride-0 `T`).
    pub fn logical_product<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::logical_product, algebra::logical_product_tiler)
    }
    /// `zipped_product(tensor, T)` (see [`Tensor::logical_product`] on storage).
    pub fn zipped_product<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::zipped_product, algebra::zipped_product_tiler)
    }
    /// `tiled_product(tensor, T)` (see [`Tensor::logical_product`] on storage).
    pub fn tiled_product<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::tiled_product, algebra::tiled_product_tiler)
    }
    /// `flat_product(tensor, T)` (see [`Tensor::logical_product`] on storage).
    pub fn flat_product<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::flat_product, algebra::flat_product_tiler)
    }
}

/// CuTe's `zipped_divide(tensor, tiler)` (see [`Tensor::zipped_divide`]).
///
/// ```
/// use cute_types::{tensor::{divide::zipped_divide, make_tensor}, DLayout};
/// let data: Vec<u32> = (0..32).collect();
/// let t = make_tensor(&data[..], "(4,8):(8,1)".parse::<DLayout>().unwrap()).unwrap();
/// let tiler = cute_types::tensor::shape_tiler(&"(2,4)".parse().unwrap()).unwrap();
/// let z = zipped_divide(t, &tiler).unwrap(); // ((2,4),(2,2))
/// // Element 5 of tile 3: tile 3 = (1,1) → rows 2..4, cols 4..8; element 5 = (1,2).
/// assert_eq!(*z.get((5, 3)).unwrap(), 3 * 8 + 6);
/// ```
pub fn zipped_divide<'a, E: Engine, L: TensorLayout>(
    tensor: Tensor<E, L>,
    tiler: impl Into<Tiler<'a>>,
) -> Result<Tensor<E, DLayout>, Error> {
    tensor.zipped_divide(tiler)
}

/// CuTe's `logical_divide(tensor, tiler)` (see [`Tensor::logical_divide`]).
pub fn logical_divide<'a, E: Engine, L: TensorLayout>(
    tensor: Tensor<E, L>,
    tiler: impl Into<Tiler<'a>>,
) -> Result<Tensor<E, DLayout>, Error> {
    tensor.logical_divide(tiler)
}

/// CuTe's `tiled_divide(tensor, tiler)` (see [`Tensor::tiled_divide`]).
pub fn tiled_divide<'a, E: Engine, L: TensorLayout>(
    tensor: Tensor<E, L>,
    tiler: impl Into<Tiler<'a>>,
) -> Result<Tensor<E, DLayout>, Error> {
    tensor.tiled_divide(tiler)
}

/// CuTe's `flat_divide(tensor, tiler)` (see [`Tensor::flat_divide`]).
pub fn flat_divide<'a, E: Engine, L: TensorLayout>(
    tensor: Tensor<E, L>,
    tiler: impl Into<Tiler<'a>>,
) -> Result<Tensor<E, DLayout>, Error> {
    tensor.flat_divide(tiler)
}
