//! Host algorithms over tensors, written through their layouts.
mod axpby;
mod clear;
mod copy;
mod fill;
#[cfg(feature = "alloc")]
mod gemm;
#[cfg(feature = "alloc")]
mod gemm_leaf;
#[cfg(feature = "alloc")]
mod gemm_typed;
mod numeric;

pub use axpby::axpby;
pub use clear::clear;
pub use copy::copy;
pub use fill::fill;
#[cfg(feature = "alloc")]
pub use gemm::{gemm, gemm_reference, GemmConfig, GemmPlan};
#[cfg(feature = "alloc")]
pub use gemm_typed::{gemm_typed, LineThreads};
pub use numeric::Numeric;
