//! Slicing a tensor with the placeholder `_`: CuTe's `tensor(1, _)`.
use super::bounds::in_domain;
use super::coord::IntoCoord;
use super::engine::Engine;
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use crate::dynamic::{DLayout, DTuple};
use crate::error::Error;

/// CuTe's `slice_and_offset(coord, layout)` with the offset as a plain integer:
/// the sub-layout of the modes where `coord` is `_` (gathered one level deep:
/// `(_, (1, _))` over `(4, (2, 3))` keeps `(4, 3)`) and the index of the fixed part.
pub(crate) fn slice_layout(coord: &DTuple, layout: &DLayout) -> Result<(DLayout, i64), Error> {
    let (sliced, offset) = layout.slice_and_offset(coord)?;
    Ok((sliced, offset.value))
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `tensor(coord)` with `_` in `coord`: the sub-tensor of the modes
    /// where `coord` is `_`, as a view (`t.slice((1, Underscore))` is row 1).
    /// Fixed entries must lie in the shape ([`Error::OutOfDomain`]).
    ///
    /// ```
    /// use cute_types::tensor::*;
    /// use cute_types::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let col = t.view().slice((Underscore, 2)).unwrap();
    /// assert_eq!(col.to_vec(), [2, 6, 10, 14]);
    /// assert_eq!(t.view().slice((3, Underscore)).unwrap().to_vec(), [12, 13, 14, 15]);
    /// ```
    pub fn slice<C: IntoCoord>(self, coord: C) -> Result<Tensor<E, DLayout>, Error> {
        let c = coord.into_coord()?;
        let l = self.dlayout();
        if !in_domain(&c, &l.shape())? {
            return Err(Error::OutOfDomain);
        }
        let (layout, offset) = slice_layout(&c, &l)?;
        let base = self.offset();
        if layout.shape().rank() == 0 {
            // Nothing kept: a single element, as a rank-0 view is not a layout here.
            let one = DLayout::new(DTuple::s(1), DTuple::s(0))?;
            return self.relayout(one, base.checked_add(offset).ok_or(Error::Overflow)?);
        }
        self.relayout(layout, base.checked_add(offset).ok_or(Error::Overflow)?)
    }
}
