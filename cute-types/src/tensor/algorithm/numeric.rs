//! [`Numeric`]: the element types of the arithmetic algorithms.
use core::ops::{Add, Mul};

/// An element type `axpby` and `gemm` can compute with: copyable, with `+`, `*`
/// and a zero (`Default`). Implemented for every type that has these.
pub trait Numeric: Copy + Add<Output = Self> + Mul<Output = Self> + Default {}

impl<T: Copy + Add<Output = T> + Mul<Output = T> + Default> Numeric for T {}
