//! Thread–value (TV) layouts: which thread holds which element of a tile.
//!
//! A [`TvLayout`] maps `(thread, value)` to the column-major index of an element
//! of an `M × N` tile. It is an ordinary layout, so a GPU code generator reads
//! "thread `t`'s value `v` lives at `(m, n)`" off it, evaluates it at compile
//! time, and gets per-thread offsets as immediates.
//!
//! * [`MmaAtom`]: the TV layouts of one hardware MMA instruction, as data —
//!   SM80 `mma.sync.m16n8k16` and SM90 `wgmma.m64nNk16` among them.
//! * [`TiledMma`]: atoms tiled over a grid of atoms (CuTe's `make_tiled_mma`),
//!   with the TV layouts of A, B and C for the whole tile.
//! * [`make_layout_tv`] / [`TiledCopy`]: a thread layout times a value layout
//!   (CuTe's `make_layout_tv`, `make_tiled_copy`).
//!
//! Their pictures (each element coloured by its thread and labelled
//! `T<thread>V<value>`, as CuTe's `print_latex` draws them) are in the
//! `cute-print` crate (`cute_print::tv`).
#[cfg(feature = "alloc")]
extern crate alloc;

mod mma_atom;
mod tiled_copy;
mod tiled_mma;
mod tv_layout;

pub use mma_atom::{
    sm80_16x8x16_f32f16f16f32_tn, sm90_64xnx16_f32f16f16_ss, sm90_c_layout_64xn, universal_fma,
    MmaAtom, SM80_16X8X16_A, SM80_16X8X16_B, SM80_16X8_ROW,
};
pub use tiled_copy::{make_layout_tv, TiledCopy};
pub use tiled_mma::{TiledMma, MAX_ATOMS};
pub use tv_layout::{TvLayout, MAX_OWNER_CELLS, MAX_OWNER_PAIRS};
