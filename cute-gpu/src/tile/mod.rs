//! Writing kernels from cute layouts: tensors in global, shared and register
//! memory, copies between them, and a checked launch.
//!
//! * [`TileKernel`] builds one kernel. Its parameters are declared first:
//!   buffers ([`TileKernel::input`], [`TileKernel::output`]) of an [`Element`]
//!   type (`f32`, [`Bf16`], [`F16`], raw 16-bit words `u16`) and `u32` scalars ([`TileKernel::scalar`]).
//! * [`GlobalTensor`]: a buffer with a flat layout whose extents and strides are
//!   [`Ix`]: static (immediates, shifts) or scalars (read at run time).
//!   [`GlobalTensor::tile`] takes the tile at block coordinates.
//! * [`SharedTensor`]: a static cute layout in shared memory, allocated by its
//!   cosize. [`Fragment`]: registers, value `v` in register `layout(v)`.
//! * [`ThreadValues`]: CuTe's thread–value layout `(thread, value) → tile
//!   index`; [`TileKernel::load`], [`TileKernel::store`] and
//!   [`TileKernel::copy`] move thread `t`'s elements `TV(t, ·)`.
//!
//! Tile coordinates are any `u32` registers, not only the block index: a loop
//! counter (labels and branches of the raw builder) walks a row tile by tile,
//! and a fragment loaded from one tile can be changed with the builder's
//! arithmetic (`fragment.reg(v)`) and stored to another.
//!
//! **Vector widths** come from the layouts ([`vector`]): the widest power of two
//! (≤ 16 bytes; 16-bit elements in packed pairs) for which every thread's groups of values are
//! consecutive and aligned in the memory side's layout; a global tensor's
//! scalar strides are checked at run time to be multiples of it.
//!
//! **Predication**: a global element at coordinate `c` is read or written only
//! when `cᵢ < extentᵢ` for every mode; a vector only when all its lanes are
//! inside (and the run-time alignment holds), else lane by lane. So any
//! `M × N` is handled, ragged edges included.
//!
//! # Soundness of the launch
//!
//! [`TileProgram::plan`] (called by `cuda::TileModule::launch` before any driver
//! call) checks every argument's kind and element type, that each buffer holds
//! `Σᵢ (extentᵢ − 1)·strideᵢ + 1` elements for every tensor over it (with the
//! launch's scalars, checked arithmetic), and the grid limits. Every element a
//! tile copy touches has `cᵢ < extentᵢ`, so its offset is below that bound: the
//! kernel stays inside its buffers **when all its global accesses come from
//! this module**. Each copy computes its predicates and addresses in one
//! straight sequence from the thread index, the parameters and the block
//! registers you pass (read once; any value is safe), so no code you add can
//! separate a predicate from its address. The raw builder
//! ([`TileKernel::builder`]) stays available for arithmetic and control flow;
//! a global load or store (or an ISA extension) issued through it makes the
//! program unchecked ([`TileProgram::is_checked`]), and only the `unsafe`
//! launch takes an unchecked program. So does any text the builder prints
//! verbatim that is not a plain identifier (a comment with a line break, a
//! symbol or shared-array name): such text could carry instructions.
//!
//! Fragment arithmetic goes through the builder (`add`, `fma_to`, …) and the
//! tile layer's own instructions ([`TileKernel::to_f32`],
//! [`TileKernel::from_f32`], [`TileKernel::max_f32`], [`TileKernel::exp2_approx`],
//! [`TileKernel::div_f32`], [`TileKernel::shfl_bfly_f32`]), which keep the
//! program checked; an `ExtInstr` of your own makes it unchecked.
//!
//! One residual assumption: a block register you pass must be written before
//! the copy runs (a register never written holds an undefined value, which the
//! PTX assembler need not read consistently).
//!
//! ```
//! use cute_gpu::tile::{TileKernel, ThreadValues, Bf16};
//! use cute_gpu::ptx::Special;
//! use cute_typed::_1;
//! // out-of-place transpose of an m × n row-major bf16 matrix, 32×32 tiles
//! let mut k = TileKernel::new("transpose", 256)?;
//! let (x, y) = (k.input::<Bf16>("x")?, k.output::<Bf16>("y")?);
//! let (m, n) = (k.scalar("m")?, k.scalar("n")?);
//! let gx = k.global(&x, &[m.into(), n.into()], &[n.into(), _1.into()])?;
//! let gy = k.global(&y, &[m.into(), n.into()], &[_1.into(), m.into()])?; // y = xᵀ
//! let (bx, by) = (k.builder().special(Special::CtaidX), k.builder().special(Special::CtaidY));
//! let (tx, ty) = (gx.tile(&[32, 32], &[by, bx])?, gy.tile(&[32, 32], &[by, bx])?);
//! let s = k.shared::<Bf16>("(32,32):(34,1)")?;
//! let rows = ThreadValues::new("((8,32),4):((128,1),32)", &[32, 32])?; // along n
//! let cols = ThreadValues::new("((8,32),4):((4,32),1)", &[32, 32])?; // along m
//! assert_eq!(k.copy(&tx, &s, &rows)?.0, 4); // ld.global.nc.v4.b16
//! k.sync()?;
//! assert_eq!(k.copy(&s, &ty, &cols)?.1, 4); // st.global.v4.b16
//! let program = k.finish()?;
//! assert!(program.is_checked());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
mod copy;
mod element;
mod error;
mod ix;
mod kernel;
mod math;
mod partition;
mod program;
mod reduce;
mod tensor;
pub mod vector;

pub use copy::{Memory, TileMemory};
pub use element::{Bf16, Element, F16};
pub use error::TileError;
pub use ix::{Ix, Scalar};
pub use kernel::{Buffer, TileKernel, MAX_STATIC_SMEM};
pub use partition::{IntoLayout, ThreadValues, MAX_VALUES};
pub use program::{ArgInfo, TileProgram};
pub use reduce::Reduce;
pub use tensor::{Fragment, GlobalTensor, GlobalTile, SharedTensor};
