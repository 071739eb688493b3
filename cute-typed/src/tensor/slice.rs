//! Slicing a tensor with the placeholder `_`: CuTe's `tensor(1, _)`.
use super::bounds::in_domain;
use super::coord::IntoCoord;
use super::engine::Engine;
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use crate::dynamic::{DLayout, DTuple, FixedLayout, FixedTuple};
use crate::error::Error;
use crate::typed::static_result::static_layout;
use crate::typed::{Coord, Dispatch, False, LayoutOperand, StaticLayout, True};
use core::marker::PhantomData;

/// CuTe's `slice_and_offset(coord, layout)` with the offset as a plain integer:
/// the sub-layout of the modes where `coord` is `_` (gathered one level deep:
/// `(_, (1, _))` over `(4, (2, 3))` keeps `(4, 3)`) and the index of the fixed part.
pub(crate) fn slice_layout(coord: &DTuple, layout: &DLayout) -> Result<(DLayout, i64), Error> {
    let (sliced, offset) = layout.slice_and_offset(coord)?;
    Ok((sliced, offset.value))
}

/// The layout of the one element a slice without `_` keeps: `_1:_0` (a
/// rank-0 view is not a layout here).
const ONE_ELEMENT: FixedLayout = match FixedLayout::new(FixedTuple::s(1), FixedTuple::s(0)) {
    Ok(l) => l,
    Err(e) => e.raise(),
};

/// A tensor's slice of `layout` at `coord`: the kept layout (or [`ONE_ELEMENT`])
/// and the offset, the fixed entries checked against the shape.
fn slice_checked(coord: &DTuple, layout: &DLayout) -> Result<(DLayout, i64), Error> {
    if !in_domain(coord, &layout.shape())? {
        return Err(Error::OutOfDomain);
    }
    let (sliced, offset) = slice_layout(coord, layout)?;
    if sliced.shape().rank() == 0 {
        return Ok((DLayout::from_fixed(&ONE_ELEMENT), offset));
    }
    Ok((sliced, offset))
}

/// The layout kept by a tensor's slice: [`DLayout`] for run-time layouts, and
/// for a static layout `L` the static [`TensorSliced`] (the kept modes depend
/// only on where the coordinate holds `_`, which its type says).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let l = make_layout_right((_4, _8));
/// let (row, off) = l.slice_by((2, Underscore)).unwrap();
/// assert_eq!((row.to_string(), off), ("(_8):(_1)".to_string(), 16));
/// let d: DLayout = "(4,8):(8,1)".parse().unwrap();
/// let (row, off) = d.slice_by((2, Underscore)).unwrap();
/// assert_eq!((row.to_string(), off), ("(8):(1)".to_string(), 16));
/// ```
pub trait SliceBy<K> {
    /// The kept layout.
    type Sliced: TensorLayout;
    /// The kept layout and the offset of `coord` with `_` read as 0.
    fn slice_by(&self, coord: K) -> Result<(Self::Sliced, i64), Error>;
}

/// How a layout of static flag `Self` slices: statically (typed coordinates)
/// or at run time (any [`IntoCoord`]).
pub trait SliceDispatch<L, K> {
    /// The kept layout.
    type Sliced: TensorLayout;
    /// See [`SliceBy::slice_by`].
    fn slice(layout: &L, coord: K) -> Result<(Self::Sliced, i64), Error>;
}

impl<L: LayoutOperand<IsStatic = True>, K: Coord> SliceDispatch<L, K> for True {
    type Sliced = TensorSliced<L, K>;
    fn slice(layout: &L, coord: K) -> Result<(TensorSliced<L, K>, i64), Error> {
        let () = <True as Dispatch<TensorSliced<L, K>>>::CHECK;
        let coord = DTuple::from_fixed(&coord.to_dcoord());
        let (_, offset) = slice_checked(&coord, &layout.to_dynamic())?;
        Ok((TensorSliced(PhantomData), offset))
    }
}

impl<L: LayoutOperand, K: IntoCoord> SliceDispatch<L, K> for False {
    type Sliced = DLayout;
    fn slice(layout: &L, coord: K) -> Result<(DLayout, i64), Error> {
        slice_checked(&coord.into_coord()?, &layout.to_dynamic())
    }
}

impl<L: LayoutOperand, K> SliceBy<K> for L
where
    L::IsStatic: SliceDispatch<L, K>,
{
    type Sliced = <L::IsStatic as SliceDispatch<L, K>>::Sliced;
    fn slice_by(&self, coord: K) -> Result<(Self::Sliced, i64), Error> {
        <L::IsStatic as SliceDispatch<L, K>>::slice(self, coord)
    }
}

/// The static layout a tensor of static layout `L` keeps when sliced by a
/// coordinate of type `K` (zero-sized; computed at compile time from where `K`
/// holds `_`). A slice without `_` keeps one element, `_1:_0`.
///
/// ```
/// use cute_typed::tensor::TensorSliced;
/// use cute_typed::typed::*;
/// type Col = TensorSliced<Layout<(_4, _8), (_8, _1)>, (Underscore, i64)>;
/// assert_eq!(<Col as StaticLayout>::LAYOUT.to_string(), "(_4):(_8)");
/// ```
pub struct TensorSliced<L, K>(PhantomData<fn() -> (L, K)>);

impl<L: LayoutOperand<IsStatic = True>, K: Coord> StaticLayout for TensorSliced<L, K> {
    const RESULT: Result<FixedLayout, Error> = if L::FAILED {
        Err(Error::FailedOperand)
    } else {
        static_slice(&static_layout(L::STATIC), &K::COORD_PATTERN)
    };
    fn from_checked_operation() -> Self {
        TensorSliced(PhantomData)
    }
}
crate::typed::static_result::marker_impls!([L, K] TensorSliced<L, K>, [L: LayoutOperand<IsStatic = True>, K: Coord]);

/// The kept modes of `layout` for the coordinate pattern `coord` (its integer
/// values do not matter), or one element.
const fn static_slice(layout: &FixedLayout, coord: &FixedTuple) -> Result<FixedLayout, Error> {
    match layout.slice(coord) {
        Ok(l) if l.shape().rank() == 0 => Ok(ONE_ELEMENT),
        r => r,
    }
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `tensor(coord)` with `_` in `coord`: the sub-tensor of the modes
    /// where `coord` is `_`, as a view (`t.slice((1, Underscore))` is row 1).
    /// Fixed entries must lie in the shape ([`Error::OutOfDomain`]).
    ///
    /// A static layout keeps a static layout ([`TensorSliced`], for typed
    /// coordinates: `i64`, `_N`, [`crate::typed::Underscore`]); a run-time one a
    /// [`DLayout`] (any coordinate [`IntoCoord`] accepts).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let col = t.view().slice((Underscore, 2)).unwrap();
    /// assert_eq!(col.to_vec(), [2, 6, 10, 14]);
    /// assert_eq!(t.view().slice((3, Underscore)).unwrap().to_vec(), [12, 13, 14, 15]);
    /// ```
    pub fn slice<K>(self, coord: K) -> Result<Tensor<E, L::Sliced>, Error>
    where
        L: SliceBy<K>,
    {
        let (layout, offset) = self.layout().slice_by(coord)?;
        let base = self.offset().checked_add(offset).ok_or(Error::Overflow)?;
        Tensor::with_offset(self.into_engine(), layout, base)
    }
}
