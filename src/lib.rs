//! # cute
//!
//! CuTe's layout algebra (NVIDIA CUTLASS) as a Rust compile-time layout DSL.
//! This crate re-exports the public API of `cute-types` and `cute-macros` and
//! builds the `cute` command-line calculator and visualiser.
pub use cute_macros::*;
pub use cute_types::*;
