//! `axpby(alpha, x, beta, y)`.
use super::numeric::Numeric;
use crate::error::Error;
use crate::tensor::engine::{Storage, StorageMut};
use crate::tensor::layout_trait::{check_same_static_size, TensorLayout};
use crate::tensor::tensor::{element, element_mut};
use crate::tensor::Tensor;

/// CuTe's `axpby(alpha, x, beta, y)`: `y(i) = alpha·x(i) + beta·y(i)` for every
/// 1-D index `i` (layout order; the layouts may differ).
///
/// Precondition: equal sizes ([`Error::SizeMismatch`]); for two wholly static
/// layouts a compile error.
///
/// ```
/// use cute_typed::{tensor::{axpby, make_tensor}, DLayout};
/// let x = [1, 2, 3, 4];
/// let mut y = [10, 20, 30, 40];
/// let tx = make_tensor(&x[..], "(2,2):(1,2)".parse::<DLayout>().unwrap()).unwrap();
/// let mut ty = make_tensor(&mut y[..], "(2,2):(2,1)".parse::<DLayout>().unwrap()).unwrap();
/// axpby(2, &tx, 1, &mut ty).unwrap();
/// assert_eq!(y, [12, 26, 34, 48]); // x transposed into y
/// ```
pub fn axpby<T, X, LX, Y, LY>(
    alpha: T,
    x: &Tensor<X, LX>,
    beta: T,
    y: &mut Tensor<Y, LY>,
) -> Result<(), Error>
where
    T: Numeric,
    X: Storage<Elem = T>,
    Y: StorageMut<Elem = T>,
    LX: TensorLayout,
    LY: TensorLayout,
{
    let () = const { check_same_static_size(LX::STATIC_SIZE, LY::STATIC_SIZE) };
    if x.size() != y.size() {
        return Err(Error::SizeMismatch);
    }
    let from = x.offsets()?;
    let to = y.offsets()?;
    let input = x.engine().as_slice();
    let output = y.engine_mut_slice();
    for (i, o) in from.zip(to) {
        let yo = element_mut(output, o)?;
        *yo = alpha * *element(input, i)? + beta * *yo;
    }
    Ok(())
}
