//! `clear(dst)`.
use crate::error::Error;
use crate::tensor::engine::StorageMut;
use crate::tensor::layout_trait::TensorLayout;
use crate::tensor::Tensor;

/// CuTe's `clear(dst)`: every element of `dst` becomes zero (`Default`).
///
/// ```
/// use cute_typed::{tensor::{clear, make_tensor}, DLayout};
/// let mut b = [5.0f32; 4];
/// clear(&mut make_tensor(&mut b[..], "(2,2):(2,1)".parse::<DLayout>().unwrap()).unwrap()).unwrap();
/// assert_eq!(b, [0.0; 4]);
/// ```
pub fn clear<D, L>(dst: &mut Tensor<D, L>) -> Result<(), Error>
where
    D: StorageMut,
    D::Elem: Default,
    L: TensorLayout,
{
    dst.for_each_mut(|x| *x = Default::default())
}
