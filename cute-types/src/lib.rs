//! # cute-types
//!
//! The `no_std` core of cute-rs: CuTe's layout algebra (NVIDIA CUTLASS) in Rust.
//! Most users depend on the `cute` crate (package `cute-rs`), which re-exports
//! this crate and adds the `layout!` macros.
//!
//! The layouts of this crate are [`dynamic`](mod@dynamic): [`DInt`], [`DTuple`],
//! [`DLayout`] and [`DTiler`], whose structure is known only at run time, of any
//! size (small ones inline, without allocation; larger ones on the heap). Every
//! leaf records whether its value is *static* (known at compile time, printed
//! `_4`) or *dynamic* (printed `4`). All algebra ([`algebra`]) is written once
//! and instantiated twice: over these values, and as `const fn` over
//! fixed-capacity `Copy` forms (hidden), so the same code runs at compile time
//! (for static layouts, through `cute-typed`) and at run time. Errors
//! ([`error`]) name the violated rule.
//!
//! [`DLayout`] is parsed from and printed in CuTe notation ([`text`]):
//!
//! ```
//! use cute_types::DLayout;
//! let d: DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
//! assert_eq!(d.eval_index(5).unwrap().value, 5);
//! assert_eq!(d.to_string(), "(4,(2,2)):(4,(1,2))");
//! let s: DLayout = "(_2,_4):(_1,_2)".parse().unwrap();
//! assert_eq!(cute_types::algebra::coalesce(&s).unwrap().to_string(), "_8:_1");
//! ```
//!
//! Three crates build on this one: `cute-typed`, the typed layer
//! (`Layout<Shape, Stride>` over static integers `_4` and `i64`), tensors and
//! thread–value layouts; `cute-calc`, the calculator engine (`cute eval`, the
//! algebra inside `layout!`); and `cute-print`, the pictures (CuTe's
//! `print_layout` table, SVG, LaTeX/TikZ).
//!
//! # Features
//!
//! * `std` (default): `alloc`, and `std::error::Error` for the error types.
//! * `alloc`: the allocating text helpers (`text::escape_line_tail`).
//! * neither: `no_std` without allocation: the dynamic layer, the algebra, text.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod algebra;
pub mod dynamic;
pub mod error;
mod lists;
pub mod text;

mod ops;

pub use dynamic::DInt;
#[cfg(feature = "alloc")]
pub use dynamic::{DLayout, DTiler, DTuple};
#[doc(hidden)]
pub use dynamic::{FixedLayout, FixedTiler, FixedTuple};
pub use error::Error;
pub use text::ParseError;
#[cfg(feature = "alloc")]
pub use text::{parse_coord, parse_layout, parse_tuple};
