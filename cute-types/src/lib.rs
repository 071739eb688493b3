//! # cute-types
//!
//! The `no_std` core of cute-rs: CuTe's layout algebra (NVIDIA CUTLASS) in Rust.
//!
//! Two representations share one algorithm:
//!
//! * [`dynamic`]: [`DInt`], [`DTuple`] and [`DLayout`], a fixed-capacity, `Copy`
//!   representation whose structure is known only at run time. Every leaf records
//!   whether its value is *static* (known at compile time, printed `_4`) or
//!   *dynamic* (printed `4`). All algebra is written once, as `const fn` over this
//!   representation, so the same code runs at compile time (for static layouts)
//!   and at run time.
//! * the typed layer ([`Layout`]): `Layout<Shape, Stride>` over nested Rust tuples
//!   whose leaves are static integers (`_4`, zero-sized) or plain `i64`s.
//!
//! See `docs/architecture.md` in the repository for the map.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

pub mod algebra;
pub mod dynamic;
pub mod error;
#[cfg(feature = "alloc")]
pub mod expr;
pub mod print;
pub mod tensor;
pub mod text;
pub mod tv;
pub mod typed;

pub use dynamic::{DInt, DLayout, DTiler, DTuple};
pub use error::Error;
pub use text::{parse_coord, parse_layout, parse_tuple, ParseError};
pub use typed::*;
