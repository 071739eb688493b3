//! `copy(src, dst)`: element-wise copy in layout order.
use crate::error::Error;
use crate::tensor::engine::{Storage, StorageMut};
use crate::tensor::layout_trait::{check_same_static_size, TensorLayout};
use crate::tensor::tensor::{element, element_mut};
use crate::tensor::Tensor;

/// CuTe's `copy(src, dst)`: `dst(i) = src(i)` for every 1-D index `i` (layout
/// order), whatever the two layouts are — a transpose is a copy between a
/// row-major and a column-major tensor of the same shape.
///
/// Precondition: equal sizes ([`Error::SizeMismatch`]); for two wholly static
/// layouts a compile error.
///
/// ```
/// use cute_typed::{tensor::{copy, make_tensor}, DLayout};
/// let a = [1, 2, 3, 4, 5, 6];
/// let mut b = [0; 6];
/// let src = make_tensor(&a[..], "(2,3):(3,1)".parse::<DLayout>().unwrap()).unwrap();
/// let mut dst = make_tensor(&mut b[..], "(2,3):(1,2)".parse::<DLayout>().unwrap()).unwrap();
/// copy(&src, &mut dst).unwrap();
/// assert_eq!(b, [1, 4, 2, 5, 3, 6]); // row-major to column-major
/// ```
pub fn copy<S, LS, D, LD>(src: &Tensor<S, LS>, dst: &mut Tensor<D, LD>) -> Result<(), Error>
where
    S: Storage,
    D: StorageMut<Elem = S::Elem>,
    S::Elem: Clone,
    LS: TensorLayout,
    LD: TensorLayout,
{
    let () = const { check_same_static_size(LS::STATIC_SIZE, LD::STATIC_SIZE) };
    if src.size() != dst.size() {
        return Err(Error::SizeMismatch);
    }
    let from = src.offsets()?;
    let to = dst.offsets()?;
    let input = src.engine().as_slice();
    let output = dst.engine_mut_slice();
    for (i, o) in from.zip(to) {
        *element_mut(output, o)? = element(input, i)?.clone();
    }
    Ok(())
}
