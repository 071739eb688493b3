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
///
/// ```
/// use cute_types::tensor::*;
/// use cute_types::*;
/// let l: DLayout = "2:1".parse().unwrap();
/// let by_mode = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
/// assert!(matches!(Tiler::from(&l), Tiler::Layout(_)));
/// assert!(matches!(Tiler::from(&by_mode), Tiler::ByMode(_)));
/// ```
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
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// // The first column: L ∘ (4:4) over the 1-D (column-major) index.
    /// let col0: DLayout = "4:4".parse().unwrap();
    /// let c = t.view().compose(&col0).unwrap();
    /// assert_eq!(c.to_vec(), [0, 1, 2, 3]);
    /// let row0: DLayout = "4:1".parse().unwrap();
    /// assert_eq!(t.view().compose(&row0).unwrap().to_vec(), [0, 4, 8, 12]);
    /// ```
    pub fn compose<'a>(self, b: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(b, algebra::composition, algebra::composition_tiler)
    }
    /// `logical_divide(tensor, T)`: `(tile, rest)` per divided mode.
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// let d = t.view().logical_divide(&tiler).unwrap();
    /// assert_eq!(d.dlayout().to_string(), "((2,2),(2,2)):((_4,8),(_1,2))");
    /// assert_eq!(*d.get(((1, 0), (0, 1))).unwrap(), 4 + 2);
    /// ```
    pub fn logical_divide<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::logical_divide, algebra::logical_divide_tiler)
    }
    /// `zipped_divide(tensor, T)`: `((tile…), (rest…))` — mode 0 indexes within a
    /// tile, mode 1 picks the tile.
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// let d = t.view().zipped_divide(&tiler).unwrap();
    /// assert_eq!(d.dlayout().to_string(), "((2,2),(2,2)):((_4,_1),(8,2))");
    /// assert_eq!(*d.get((3, 1)).unwrap(), 4 + 1 + 8);
    /// ```
    pub fn zipped_divide<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::zipped_divide, algebra::zipped_divide_tiler)
    }
    /// `tiled_divide(tensor, T)`: `((tile…), rest0, rest1, …)`.
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// let d = t.view().tiled_divide(&tiler).unwrap();
    /// assert_eq!(d.dlayout().to_string(), "((2,2),2,2):((_4,_1),8,2)");
    /// assert_eq!(*d.get((3, 1, 1)).unwrap(), 4 + 1 + 8 + 2);
    /// ```
    pub fn tiled_divide<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::tiled_divide, algebra::tiled_divide_tiler)
    }
    /// `flat_divide(tensor, T)`: `(tile0, tile1, …, rest0, rest1, …)`.
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// let d = t.view().flat_divide(&tiler).unwrap();
    /// assert_eq!(d.dlayout().to_string(), "(2,2,2,2):(_4,_1,8,2)");
    /// assert_eq!(*d.get((1, 1, 1, 0)).unwrap(), 4 + 1 + 8);
    /// ```
    pub fn flat_divide<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::flat_divide, algebra::flat_divide_tiler)
    }
    /// `logical_product(tensor, T)`. A product repeats the layout, so its cosize
    /// grows: over storage sized for the tensor alone this is
    /// [`Error::OutOfStorage`]; it is meant for storage sized for the product (or a
    /// broadcast, stride-0 `T`).
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..24).collect();
    /// let t = make_tensor(&data[..], make_layout((_2, _2))).unwrap();
    /// // The storage holds the 6 repeats of the 2×2 block.
    /// let b: DLayout = "(3,2)".parse().unwrap();
    /// let p = t.view().logical_product(&b).unwrap();
    /// assert_eq!(p.dlayout().to_string(), "((_2,_2),(3,2)):((_1,_2),(_4,12))");
    /// assert_eq!(p.size(), 24);
    /// // Over the 2×2 tensor's own 4 elements, the product does not fit.
    /// assert!(make_tensor(&data[..4], make_layout((_2, _2))).unwrap().logical_product(&b).is_err());
    /// ```
    pub fn logical_product<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::logical_product, algebra::logical_product_tiler)
    }
    /// `zipped_product(tensor, T)` (see [`Tensor::logical_product`] on storage).
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..24).collect();
    /// let t = make_tensor(&data[..], make_layout((_2, _2))).unwrap();
    /// // The storage holds the 6 repeats of the 2×2 block.
    /// let b: DLayout = "(3,2)".parse().unwrap();
    /// let p = t.view().zipped_product(&b).unwrap();
    /// assert_eq!(p.dlayout().to_string(), "((_2,_2),(3,2)):((_1,_2),(_4,12))");
    /// assert_eq!(p.size(), 24);
    /// // Over the 2×2 tensor's own 4 elements, the product does not fit.
    /// assert!(make_tensor(&data[..4], make_layout((_2, _2))).unwrap().zipped_product(&b).is_err());
    /// ```
    pub fn zipped_product<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::zipped_product, algebra::zipped_product_tiler)
    }
    /// `tiled_product(tensor, T)` (see [`Tensor::logical_product`] on storage).
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..24).collect();
    /// let t = make_tensor(&data[..], make_layout((_2, _2))).unwrap();
    /// // The storage holds the 6 repeats of the 2×2 block.
    /// let b: DLayout = "(3,2)".parse().unwrap();
    /// let p = t.view().tiled_product(&b).unwrap();
    /// assert_eq!(p.dlayout().to_string(), "((_2,_2),3,2):((_1,_2),_4,12)");
    /// assert_eq!(p.size(), 24);
    /// // Over the 2×2 tensor's own 4 elements, the product does not fit.
    /// assert!(make_tensor(&data[..4], make_layout((_2, _2))).unwrap().tiled_product(&b).is_err());
    /// ```
    pub fn tiled_product<'a>(self, t: impl Into<Tiler<'a>>) -> Result<Tensor<E, DLayout>, Error> {
        self.apply(t, algebra::tiled_product, algebra::tiled_product_tiler)
    }
    /// `flat_product(tensor, T)` (see [`Tensor::logical_product`] on storage).
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..24).collect();
    /// let t = make_tensor(&data[..], make_layout((_2, _2))).unwrap();
    /// // The storage holds the 6 repeats of the 2×2 block.
    /// let b: DLayout = "(3,2)".parse().unwrap();
    /// let p = t.view().flat_product(&b).unwrap();
    /// assert_eq!(p.dlayout().to_string(), "(_2,_2,3,2):(_1,_2,_4,12)");
    /// assert_eq!(p.size(), 24);
    /// // Over the 2×2 tensor's own 4 elements, the product does not fit.
    /// assert!(make_tensor(&data[..4], make_layout((_2, _2))).unwrap().flat_product(&b).is_err());
    /// ```
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
///
/// ```
/// use cute_types::tensor::*;
/// use cute_types::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
/// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
/// let d = cute_types::tensor::divide::logical_divide(t.view(), &tiler).unwrap();
/// assert_eq!(d.dlayout().to_string(), "((2,2),(2,2)):((_4,8),(_1,2))");
/// ```
pub fn logical_divide<'a, E: Engine, L: TensorLayout>(
    tensor: Tensor<E, L>,
    tiler: impl Into<Tiler<'a>>,
) -> Result<Tensor<E, DLayout>, Error> {
    tensor.logical_divide(tiler)
}

/// CuTe's `tiled_divide(tensor, tiler)` (see [`Tensor::tiled_divide`]).
///
/// ```
/// use cute_types::tensor::*;
/// use cute_types::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
/// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
/// let d = cute_types::tensor::divide::tiled_divide(t.view(), &tiler).unwrap();
/// assert_eq!(d.dlayout().to_string(), "((2,2),2,2):((_4,_1),8,2)");
/// ```
pub fn tiled_divide<'a, E: Engine, L: TensorLayout>(
    tensor: Tensor<E, L>,
    tiler: impl Into<Tiler<'a>>,
) -> Result<Tensor<E, DLayout>, Error> {
    tensor.tiled_divide(tiler)
}

/// CuTe's `flat_divide(tensor, tiler)` (see [`Tensor::flat_divide`]).
///
/// ```
/// use cute_types::tensor::*;
/// use cute_types::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
/// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
/// let d = cute_types::tensor::divide::flat_divide(t.view(), &tiler).unwrap();
/// assert_eq!(d.dlayout().to_string(), "(2,2,2,2):(_4,_1,8,2)");
/// ```
pub fn flat_divide<'a, E: Engine, L: TensorLayout>(
    tensor: Tensor<E, L>,
    tiler: impl Into<Tiler<'a>>,
) -> Result<Tensor<E, DLayout>, Error> {
    tensor.flat_divide(tiler)
}
