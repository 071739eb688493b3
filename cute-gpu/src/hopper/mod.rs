//! Hopper (sm_90a) tensor-core GEMM for bf16 and fp16 inputs with fp32
//! accumulation: TMA loads into 128-byte-swizzled shared memory, an mbarrier
//! pipeline, `wgmma.mma_async`, and a family of kernels selected by type
//! ([`config`]): inline or warp-specialized producer, one or two consumer
//! warpgroups, tile-per-block or persistent grid, direct or TMA-store epilogue.
//!
//! Every shared-memory offset, TMA box, wgmma descriptor field and accumulator
//! position is read off cute-rs layouts ([`layouts`]); the generator
//! ([`kernel`]) bakes them into PTX through the core emitter, into which the
//! sm_90a instructions of [`isa`] plug as an extension. [`plan`] checks a launch
//! before any driver call; `host` (feature `cuda`) runs it.
pub mod config;
#[cfg(feature = "cuda")]
pub mod host;
pub mod isa;
pub mod kernel;
pub mod layouts;
pub mod numeric;
pub mod pad;
pub mod pitch;
pub mod plan;
pub mod shipped;
