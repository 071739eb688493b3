//! Running kernels on the GPU (feature `cuda`): the driver, loaded at run time
//! (the private `driver` module); a context with one stream ([`Gpu`]); typed device buffers
//! ([`DeviceBuffer`]); modules and raw launches (`unsafe`, [`Module`]); events;
//! and the safe, checked launches of cute-gpu's own kernels ([`GpuGemm`],
//! [`GpuReference`], [`crate::hopper::host::HopperGemm`]).
//!
//! Soundness rules of this module: no safe function takes a device address;
//! a launch borrows its inputs shared and its outputs exclusively for as long as
//! the GPU may use them (synchronous by default; `launch_async` returns a
//! [`Pending`] guard); every copy, fill and launch of a `Gpu` goes to its one
//! stream; every operand's length is checked before any driver call; every
//! driver failure is a [`GpuError`] carrying the driver's message.
mod buffer;
pub(crate) mod driver;
mod event;
mod fork;
mod gemm;
mod gpu;
mod module;
mod pending;
mod reference;
mod tile;

pub use crate::error::{GpuError, Result};
pub use buffer::{DeviceBuffer, DeviceElement, DevicePtr};
pub use event::Event;
pub use gemm::GpuGemm;
pub use gpu::Gpu;
pub use module::{arg, Function, LaunchShape, Module};
pub use pending::Pending;
pub use reference::GpuReference;
pub use tile::{TileArg, TileModule};
