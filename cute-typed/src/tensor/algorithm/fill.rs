//! `fill(dst, value)`.
use crate::error::Error;
use crate::tensor::engine::StorageMut;
use crate::tensor::layout_trait::TensorLayout;
use crate::tensor::Tensor;

/// CuTe's `fill(dst, value)`: every element of `dst` becomes `value`.
///
/// ```
/// use cute_typed::{tensor::{fill, make_tensor}, DLayout};
/// let mut b = [0; 6];
/// // Column 1 of a 2×3 row-major matrix.
/// let mut col = make_tensor(&mut b[1..], "2:3".parse::<DLayout>().unwrap()).unwrap();
/// fill(&mut col, 9).unwrap();
/// assert_eq!(b, [0, 9, 0, 0, 9, 0]);
/// ```
pub fn fill<D, L>(dst: &mut Tensor<D, L>, value: D::Elem) -> Result<(), Error>
where
    D: StorageMut,
    D::Elem: Clone,
    L: TensorLayout,
{
    dst.for_each_mut(|x| *x = value.clone())
}
