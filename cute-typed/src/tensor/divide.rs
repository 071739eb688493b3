//! The layout algebra applied to a tensor's layout: composition, the four
//! divides and the four products. Each returns a view of the same storage
//! under the new layout, checked against the storage like every view.
//!
//! The methods ([`Tensor::zipped_divide`], …) are the API; the free functions of
//! this module ([`zipped_divide`], …) spell CuTe's `zipped_divide(tensor, tiler)`.
//! They live here, not in [`crate::tensor`], so that `use cute_typed::*;` and
//! `use cute_typed::tensor::*;` together leave `zipped_divide` the typed layer's.
use super::engine::Engine;
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use crate::algebra;
use crate::dynamic::{DLayout, DTiler};
use crate::error::Error;
use crate::typed::{
    self, And, Congruent, Dispatch, IntTuple, Layout, LayoutOperand, StaticLayout, TilerOperand,
};

/// The right-hand side of a tensor's composition, divide or product: a layout
/// (applied to the whole tensor) or a by-mode tiler (mode `i` to mode `i`).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
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

/// The result of a typed algebra function as a tensor's layout: a static
/// result (zero-sized, computed at compile time) is kept as it is; a run-time
/// `Result<DLayout, Error>` gives its [`DLayout`].
///
/// ```
/// use cute_typed::tensor::IntoTensorLayout;
/// use cute_typed::typed::*;
/// let s = zipped_divide(make_layout((_4, _4)), (_2, _2)).into_tensor_layout().unwrap();
/// assert_eq!(s.to_string(), "((_2,_2),(_2,_2)):((_1,_4),(_2,_8))");
/// let d = zipped_divide(make_layout((4i64, _4)).unwrap(), (_2, _2)).into_tensor_layout().unwrap();
/// assert_eq!(d.to_string(), "((_2,_2),(2,_2)):((_1,4),(_2,8))");
/// ```
pub trait IntoTensorLayout {
    /// The layout.
    type Layout: TensorLayout;
    /// The layout, or the run-time computation's error.
    fn into_tensor_layout(self) -> Result<Self::Layout, Error>;
}

impl<M: StaticLayout> IntoTensorLayout for M {
    type Layout = M;
    fn into_tensor_layout(self) -> Result<M, Error> {
        Ok(self)
    }
}

/// A typed mixed result becomes a [`DLayout`] (tensors over typed mixed
/// layouts are not built yet).
impl<M: typed::MixedPattern> IntoTensorLayout for Result<typed::Mixed<M>, Error> {
    type Layout = DLayout;
    fn into_tensor_layout(self) -> Result<DLayout, Error> {
        self.map(|m| m.to_dynamic())
    }
}

impl IntoTensorLayout for Result<DLayout, Error> {
    type Layout = DLayout;
    fn into_tensor_layout(self) -> Result<DLayout, Error> {
        self
    }
}

/// The right-hand side of a tensor's divides: a run-time [`Tiler`] (`&DLayout`,
/// `&DTiler`), whose results are [`DLayout`]s, or a typed tiler (a tuple of
/// tilers such as `(_2, _4)`, or a typed `Layout`), whose results are those of
/// the typed algebra: static results for a static tensor layout and a static
/// tiler, a [`DLayout`] otherwise.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap();
/// // Static layout, static tiler: the divided layout is static (zero-sized).
/// let z = t.view().zipped_divide((_2, _2)).unwrap();
/// assert_eq!(z.layout().to_string(), "((_2,_2),(_2,_2)):((_4,_1),(_8,_2))");
/// assert_eq!(core::mem::size_of_val(z.layout()), 0);
/// assert_eq!(*z.get((3, 1)).unwrap(), 4 + 1 + 8);
/// ```
pub trait DivideArg<L> {
    /// Layout of `logical_divide`.
    type Logical: TensorLayout;
    /// Layout of `zipped_divide`.
    type Zipped: TensorLayout;
    /// Layout of `tiled_divide`.
    type Tiled: TensorLayout;
    /// Layout of `flat_divide`.
    type Flat: TensorLayout;
    /// `logical_divide(layout, self)`.
    fn logical(self, layout: &L) -> Result<Self::Logical, Error>;
    /// `zipped_divide(layout, self)`.
    fn zipped(self, layout: &L) -> Result<Self::Zipped, Error>;
    /// `tiled_divide(layout, self)`.
    fn tiled(self, layout: &L) -> Result<Self::Tiled, Error>;
    /// `flat_divide(layout, self)`.
    fn flat(self, layout: &L) -> Result<Self::Flat, Error>;
}

fn run_time<'a, L: TensorLayout>(
    l: &L,
    t: Tiler<'a>,
    by_layout: LayoutOp,
    by_mode: TilerOp,
) -> Result<DLayout, Error> {
    let l = l.to_dlayout();
    match t {
        Tiler::Layout(b) => by_layout(&l, b),
        Tiler::ByMode(b) => by_mode(&l, b),
    }
}

macro_rules! run_time_divide_arg {
    ($T:ty) => {
        impl<'a, L: TensorLayout> DivideArg<L> for $T {
            type Logical = DLayout;
            type Zipped = DLayout;
            type Tiled = DLayout;
            type Flat = DLayout;
            fn logical(self, l: &L) -> Result<DLayout, Error> {
                let t: Tiler<'a> = self.into();
                run_time(l, t, algebra::logical_divide, algebra::logical_divide_tiler)
            }
            fn zipped(self, l: &L) -> Result<DLayout, Error> {
                let t: Tiler<'a> = self.into();
                run_time(l, t, algebra::zipped_divide, algebra::zipped_divide_tiler)
            }
            fn tiled(self, l: &L) -> Result<DLayout, Error> {
                let t: Tiler<'a> = self.into();
                run_time(l, t, algebra::tiled_divide, algebra::tiled_divide_tiler)
            }
            fn flat(self, l: &L) -> Result<DLayout, Error> {
                let t: Tiler<'a> = self.into();
                run_time(l, t, algebra::flat_divide, algebra::flat_divide_tiler)
            }
        }
    };
}
run_time_divide_arg!(Tiler<'a>);
run_time_divide_arg!(&'a DLayout);
run_time_divide_arg!(&'a DTiler);

/// The result kind of `L` divided by `T` (see [`typed::Kind`]).
type Flag<L, T> = typed::Kind<
    And<<L as LayoutOperand>::IsStatic, <T as TilerOperand>::IsStatic>,
    And<
        <L as LayoutOperand>::Typed,
        And<<T as TilerOperand>::Typed, <T as TilerOperand>::StrideStatic>,
    >,
>;

macro_rules! typed_divide_arg {
    ([$($gen:tt)*] $T:ty) => {
        impl<L: LayoutOperand, $($gen)*> DivideArg<L> for $T
        where
            $T: TilerOperand,
            <L as LayoutOperand>::Modes: typed::TilerFits<<$T as TilerOperand>::Modes>,
            Flag<L, $T>: Dispatch<typed::LogicalDivided<L, $T>>
                + Dispatch<typed::ZippedDivided<L, $T>>
                + Dispatch<typed::TiledDivided<L, $T>>
                + Dispatch<typed::FlatDivided<L, $T>>,
            typed::LogicalDivideOut<L, $T>: IntoTensorLayout,
            typed::ZippedDivideOut<L, $T>: IntoTensorLayout,
            typed::TiledDivideOut<L, $T>: IntoTensorLayout,
            typed::FlatDivideOut<L, $T>: IntoTensorLayout,
        {
            type Logical = <typed::LogicalDivideOut<L, $T> as IntoTensorLayout>::Layout;
            type Zipped = <typed::ZippedDivideOut<L, $T> as IntoTensorLayout>::Layout;
            type Tiled = <typed::TiledDivideOut<L, $T> as IntoTensorLayout>::Layout;
            type Flat = <typed::FlatDivideOut<L, $T> as IntoTensorLayout>::Layout;
            fn logical(self, l: &L) -> Result<Self::Logical, Error> {
                typed::logical_divide(l.clone(), self).into_tensor_layout()
            }
            fn zipped(self, l: &L) -> Result<Self::Zipped, Error> {
                typed::zipped_divide(l.clone(), self).into_tensor_layout()
            }
            fn tiled(self, l: &L) -> Result<Self::Tiled, Error> {
                typed::tiled_divide(l.clone(), self).into_tensor_layout()
            }
            fn flat(self, l: &L) -> Result<Self::Flat, Error> {
                typed::flat_divide(l.clone(), self).into_tensor_layout()
            }
        }
    };
}
typed_divide_arg!([T0](T0,));
typed_divide_arg!([T0, T1](T0, T1));
typed_divide_arg!([T0, T1, T2](T0, T1, T2));
typed_divide_arg!([T0, T1, T2, T3](T0, T1, T2, T3));
typed_divide_arg!([S: Congruent<D>, D: IntTuple] Layout<S, D>);

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
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
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
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// let d = t.view().logical_divide(&tiler).unwrap();
    /// assert_eq!(d.dlayout().to_string(), "((2,2),(2,2)):((_4,8),(_1,2))");
    /// assert_eq!(*d.get(((1, 0), (0, 1))).unwrap(), 4 + 2);
    /// ```
    pub fn logical_divide<T: DivideArg<L>>(self, t: T) -> Result<Tensor<E, T::Logical>, Error> {
        let new = t.logical(self.layout())?;
        let offset = self.offset();
        Tensor::with_offset(self.into_engine(), new, offset)
    }
    /// `zipped_divide(tensor, T)`: `((tile…), (rest…))` — mode 0 indexes within a
    /// tile, mode 1 picks the tile.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// let d = t.view().zipped_divide(&tiler).unwrap();
    /// assert_eq!(d.dlayout().to_string(), "((2,2),(2,2)):((_4,_1),(8,2))");
    /// assert_eq!(*d.get((3, 1)).unwrap(), 4 + 1 + 8);
    /// ```
    pub fn zipped_divide<T: DivideArg<L>>(self, t: T) -> Result<Tensor<E, T::Zipped>, Error> {
        let new = t.zipped(self.layout())?;
        let offset = self.offset();
        Tensor::with_offset(self.into_engine(), new, offset)
    }
    /// `tiled_divide(tensor, T)`: `((tile…), rest0, rest1, …)`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// let d = t.view().tiled_divide(&tiler).unwrap();
    /// assert_eq!(d.dlayout().to_string(), "((2,2),2,2):((_4,_1),8,2)");
    /// assert_eq!(*d.get((3, 1, 1)).unwrap(), 4 + 1 + 8 + 2);
    /// ```
    pub fn tiled_divide<T: DivideArg<L>>(self, t: T) -> Result<Tensor<E, T::Tiled>, Error> {
        let new = t.tiled(self.layout())?;
        let offset = self.offset();
        Tensor::with_offset(self.into_engine(), new, offset)
    }
    /// `flat_divide(tensor, T)`: `(tile0, tile1, …, rest0, rest1, …)`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// let d = t.view().flat_divide(&tiler).unwrap();
    /// assert_eq!(d.dlayout().to_string(), "(2,2,2,2):(_4,_1,8,2)");
    /// assert_eq!(*d.get((1, 1, 1, 0)).unwrap(), 4 + 1 + 8);
    /// ```
    pub fn flat_divide<T: DivideArg<L>>(self, t: T) -> Result<Tensor<E, T::Flat>, Error> {
        let new = t.flat(self.layout())?;
        let offset = self.offset();
        Tensor::with_offset(self.into_engine(), new, offset)
    }
    /// `logical_product(tensor, T)`. A product repeats the layout, so its cosize
    /// grows: over storage sized for the tensor alone this is
    /// [`Error::OutOfStorage`]; it is meant for storage sized for the product (or a
    /// broadcast, stride-0 `T`).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
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
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
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
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
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
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
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
/// use cute_typed::{tensor::{divide::zipped_divide, make_tensor}, DLayout};
/// let data: Vec<u32> = (0..32).collect();
/// let t = make_tensor(&data[..], "(4,8):(8,1)".parse::<DLayout>().unwrap()).unwrap();
/// let tiler = cute_typed::tensor::shape_tiler(&"(2,4)".parse().unwrap()).unwrap();
/// let z = zipped_divide(t, &tiler).unwrap(); // ((2,4),(2,2))
/// // Element 5 of tile 3: tile 3 = (1,1) → rows 2..4, cols 4..8; element 5 = (1,2).
/// assert_eq!(*z.get((5, 3)).unwrap(), 3 * 8 + 6);
/// ```
pub fn zipped_divide<E: Engine, L: TensorLayout, T: DivideArg<L>>(
    tensor: Tensor<E, L>,
    tiler: T,
) -> Result<Tensor<E, T::Zipped>, Error> {
    tensor.zipped_divide(tiler)
}

/// CuTe's `logical_divide(tensor, tiler)` (see [`Tensor::logical_divide`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
/// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
/// let d = cute_typed::tensor::divide::logical_divide(t.view(), &tiler).unwrap();
/// assert_eq!(d.dlayout().to_string(), "((2,2),(2,2)):((_4,8),(_1,2))");
/// ```
pub fn logical_divide<E: Engine, L: TensorLayout, T: DivideArg<L>>(
    tensor: Tensor<E, L>,
    tiler: T,
) -> Result<Tensor<E, T::Logical>, Error> {
    tensor.logical_divide(tiler)
}

/// CuTe's `tiled_divide(tensor, tiler)` (see [`Tensor::tiled_divide`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
/// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
/// let d = cute_typed::tensor::divide::tiled_divide(t.view(), &tiler).unwrap();
/// assert_eq!(d.dlayout().to_string(), "((2,2),2,2):((_4,_1),8,2)");
/// ```
pub fn tiled_divide<E: Engine, L: TensorLayout, T: DivideArg<L>>(
    tensor: Tensor<E, L>,
    tiler: T,
) -> Result<Tensor<E, T::Tiled>, Error> {
    tensor.tiled_divide(tiler)
}

/// CuTe's `flat_divide(tensor, tiler)` (see [`Tensor::flat_divide`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
/// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
/// let d = cute_typed::tensor::divide::flat_divide(t.view(), &tiler).unwrap();
/// assert_eq!(d.dlayout().to_string(), "(2,2,2,2):(_4,_1,8,2)");
/// ```
pub fn flat_divide<E: Engine, L: TensorLayout, T: DivideArg<L>>(
    tensor: Tensor<E, L>,
    tiler: T,
) -> Result<Tensor<E, T::Flat>, Error> {
    tensor.flat_divide(tiler)
}
