//! # cute-types
//!
//! The `no_std` core of cute-rs: CuTe's layout algebra (NVIDIA CUTLASS) in Rust.
//! Most users depend on the `cute` crate (package `cute-rs`), which re-exports
//! this crate and adds the `layout!` macros.
//!
//! Two representations share one algorithm:
//!
//! * [`dynamic`](mod@dynamic): [`DInt`], [`DTuple`] and [`DLayout`], a
//!   fixed-capacity, `Copy` representation whose structure is known only at run
//!   time. Every leaf records whether its value is *static* (known at compile
//!   time, printed `_4`) or *dynamic* (printed `4`). All algebra ([`algebra`]) is
//!   written once, as `const fn` over this representation, so the same code runs
//!   at compile time (for static layouts) and at run time.
//! * the typed layer ([`typed`], re-exported here): [`Layout<Shape, Stride>`](Layout)
//!   over nested Rust tuples whose leaves are static integers (`_4`, zero-sized)
//!   or plain `i64`s.
//!
//! # A tour
//!
//! Static layouts are zero-sized; the typed algebra computes their results at
//! compile time, and a violated precondition is a compile error:
//!
//! ```
//! use cute_types::*;
//! let a = make_layout((_4, _8)); // Layout<(_4, _8), (_1, _4)>
//! assert_eq!(a.to_string(), "(_4,_8):(_1,_4)");
//! assert_eq!(core::mem::size_of_val(&a), 0);
//! let t = zipped_divide(a, (_2, _4)); // ZippedDivideOut<..> = ZippedDivided<..>
//! assert_eq!(t.to_string(), "((_2,_4),(_2,_2)):((_1,_4),(_2,_16))");
//! assert_eq!(core::mem::size_of_val(&t), 0);
//! ```
//!
//! A run-time (`i64`) leaf makes the same functions check at run time and return
//! `Result<Mixed<…>, Error>`: a typed mixed layout, whose nesting and static
//! leaves (those C++ keeps static) are in its type and which holds only the
//! run-time leaves (`typed::mixed`; a `DLayout` operand gives a `DLayout`).
//! Errors name the rule:
//!
//! ```
//! use cute_types::*;
//! let b = make_layout((_4, 8i64)).unwrap();
//! assert_eq!(b.to_string(), "(_4,8):(_1,_4)");
//! // As in C++, coalesce merges only modes it can prove mergeable statically.
//! assert_eq!(coalesce(b).unwrap().to_string(), "(_4,8):(_1,_4)");
//! assert_eq!(b.size(), 32);
//! let e = composition(make_layout((3i64, 5i64)).unwrap(), make_layout(_10)).unwrap_err();
//! assert!(e.to_string().contains("composition"));
//! ```
//!
//! [`DLayout`] is parsed from and printed in CuTe notation ([`text`]):
//!
//! ```
//! use cute_types::DLayout;
//! let d: DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
//! assert_eq!(d.eval_index(5).unwrap().value, 5);
//! assert_eq!(d.to_string(), "(4,(2,2)):(4,(1,2))");
//! ```
//!
//! Two crates build on this one: `cute-calc`, the calculator engine (`cute
//! eval`, the algebra inside `layout!`), and `cute-print`, the pictures
//! (CuTe's `print_layout` table, SVG, LaTeX/TikZ).
//!
//! [`tensor`] puts a layout over storage (CuTe's `Tensor`): tiles, partitions,
//! slices and host algorithms, every view checked against its storage. Both
//! globs can be imported together:
//!
//! ```
//! use cute_types::tensor::*;
//! use cute_types::*;
//! let data: Vec<i32> = (0..64).collect();
//! let m = make_tensor(&data[..], make_layout((_8, _8))).unwrap();
//! let tile = m.view().local_tile(&shape_tiler(&"(4,4)".parse().unwrap()).unwrap(), (1, 0)).unwrap();
//! assert_eq!(*tile.get((0, 0)).unwrap(), 4);
//! assert_eq!(*tile.get((3, 3)).unwrap(), 3 * 8 + 7);
//! ```
//!
//! [`tv`] holds thread–value layouts (tiled copies, SM80/SM90 MMA atoms).
//!
//! # Features
//!
//! * `std` (default): `alloc`, and `std::error::Error` for the error types.
//! * `alloc`: owned tensors, the host GEMM, thread–value owner tables.
//! * neither: `no_std` without allocation: the dynamic layer, the algebra, the
//!   typed layer, borrowed tensors.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

pub mod algebra;
pub mod dynamic;
pub mod error;
pub mod tensor;
pub mod text;
pub mod tv;
pub mod typed;

pub use dynamic::{DInt, DLayout, DTiler, DTuple};
pub use error::Error;
pub use text::{parse_coord, parse_layout, parse_tuple, ParseError};
pub use typed::*;
