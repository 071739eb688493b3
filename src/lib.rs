//! # cute
//!
//! CuTe's layout algebra (NVIDIA CUTLASS) as a Rust compile-time layout DSL.
//! This crate re-exports the public API of `cute-types` and `cute-macros`; the
//! `cute` command-line calculator and visualiser is the separate package `cute-cli`.
pub use cute_macros::*;
pub use cute_types::*;
