//! # cute-gpu
//!
//! PTX kernels generated from cute-rs layouts. A kernel configuration is a type
//! ([`gemm::Sgemm`]) whose static integers set the tiles, the thread and value
//! layouts, the shared-memory layouts and the pipeline; the generator reads them
//! through `cute_typed` layouts and bakes every offset into the PTX as an
//! immediate. [`ptx`] is the structured emitter, [`sim`] a CPU interpreter of what
//! it emits (so kernels are tested without a GPU), and the `cuda` feature loads
//! and launches the kernels through the CUDA driver, opened at run time.
#![warn(missing_docs)]

pub mod error;
pub mod gemm;
pub mod hopper;
pub mod launch;
pub mod layout_code;
pub mod ptx;
pub mod sim;
pub mod static_int;
pub mod tile;

#[cfg(feature = "cuda")]
pub mod cuda;

use ptx::Module;

/// The PTX target kernels are written for. Plain `sm_90` (no `a`): the fp32
/// kernels use no sm_90a-only instruction, and the module then also loads on
/// later architectures through the driver's JIT.
pub const TARGET: &str = "sm_90";

/// A printed module holding `kernels`.
pub fn module_ptx(kernels: Vec<ptx::Kernel>) -> String {
    Module::new(TARGET, kernels).to_string()
}
