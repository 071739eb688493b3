//! The typed layer: `Layout<Shape, Stride>` over nested tuples whose leaves are
//! typenum static integers or plain `i64`s.
mod compact;
mod coord;
mod flag;
mod int;
mod layout;
mod layout_like;
mod operand;
mod ops_core;
mod ops_macros;
mod ops_modes;
mod ops_tiling;
pub(crate) mod static_result;
pub(crate) mod tuple;

pub use compact::*;
pub use coord::*;
pub use flag::{And, False, StaticFlag, True};
pub use int::*;
pub use layout::*;
pub use layout_like::*;
pub use operand::{DTilerArg, TilerOperand};
pub use ops_core::*;
pub use ops_modes::*;
pub use ops_tiling::*;
pub use static_result::{Dispatch, DispatchInt, Out, StaticInt};
pub use tuple::{
    compatible, congruent, make_shape, make_stride, static_compatible, weakly_congruent,
    Congruent, Get, IntTuple, WeaklyCongruent,
};
