//! [`Numeric`]: the element types of the arithmetic algorithms.
use core::ops::{Add, Mul};

/// An element type `axpby` and `gemm` can compute with: copyable, with `+`, `*`
/// and a zero (`Default`). Implemented for every type that has these.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// fn dot<T: Numeric>(x: &[T], y: &[T]) -> T {
///     x.iter().zip(y).fold(T::default(), |acc, (&a, &b)| acc + a * b)
/// }
/// assert_eq!(dot(&[1, 2, 3], &[4, 5, 6]), 32);
/// assert_eq!(dot(&[0.5f32], &[4.0]), 2.0);
/// ```
pub trait Numeric: Copy + Add<Output = Self> + Mul<Output = Self> + Default {}

impl<T: Copy + Add<Output = T> + Mul<Output = T> + Default> Numeric for T {}
