//! # cute-typed
//!
//! The typed layer of cute-rs over its `no_std` core (`cute-types`): CuTe's
//! layout algebra (NVIDIA CUTLASS) on Rust types, tensors and thread–value
//! layouts. Most users depend on the `cute` crate (package `cute-rs`), which
//! re-exports this crate and adds the `layout!` macros.
//!
//! * the typed layer ([`typed`], re-exported here): [`Layout<Shape, Stride>`](Layout)
//!   over nested Rust tuples whose leaves are static integers (`_4`, zero-sized)
//!   or plain `i64`s. Its operations run the core's one algorithm
//!   (`cute_types::algebra`, `const fn` over [`DLayout`]) at compile time for
//!   static layouts and at run time otherwise.
//! * [`tensor`] puts a layout over storage (CuTe's `Tensor`): tiles, partitions,
//!   slices and host algorithms, every view checked against its storage.
//! * [`tv`] holds thread–value layouts (tiled copies, SM80/SM90 MMA atoms).
//!
//! The core's modules and root items ([`dynamic`](mod@dynamic), [`algebra`], [`text`],
//! [`error`], [`DLayout`], [`Error`], …) are re-exported, so `use cute_typed::*;`
//! names everything `cute-types` and this crate define.
//!
//! # A tour
//!
//! Static layouts are zero-sized; the typed algebra computes their results at
//! compile time, and a violated precondition is a compile error:
//!
//! ```
//! use cute_typed::*;
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
//! use cute_typed::*;
//! let b = make_layout((_4, 8i64)).unwrap();
//! assert_eq!(b.to_string(), "(_4,8):(_1,_4)");
//! // As in C++, coalesce merges only modes it can prove mergeable statically.
//! assert_eq!(coalesce(b).unwrap().to_string(), "(_4,8):(_1,_4)");
//! assert_eq!(b.size(), 32);
//! let e = composition(make_layout((3i64, 5i64)).unwrap(), make_layout(_10)).unwrap_err();
//! assert!(e.to_string().contains("composition"));
//! ```
//!
//! Tensors: both globs can be imported together:
//!
//! ```
//! use cute_typed::tensor::*;
//! use cute_typed::*;
//! let data: Vec<i32> = (0..64).collect();
//! let m = make_tensor(&data[..], make_layout((_8, _8))).unwrap();
//! let tile = m.view().local_tile(&shape_tiler(&"(4,4)".parse().unwrap()).unwrap(), (1, 0)).unwrap();
//! assert_eq!(*tile.get((0, 0)).unwrap(), 4);
//! assert_eq!(*tile.get((3, 3)).unwrap(), 3 * 8 + 7);
//! ```
//!
//! # Features
//!
//! * `std` (default): `alloc`, and `std::error::Error` for the error types.
//! * `alloc`: owned tensors, the host GEMM, thread–value owner tables.
//! * neither: `no_std` without allocation: the typed layer, borrowed tensors.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

pub mod tensor;
pub mod tv;
pub mod typed;

// The core, re-exported: `use cute_typed::*;` names what `use cute_types::*;`
// did before the typed layer had its own crate, and the moved code keeps its
// `crate::dynamic::…` paths.
#[doc(no_inline)]
pub use cute_types::{algebra, dynamic, error, text};
#[doc(no_inline)]
pub use cute_types::{parse_coord, parse_layout, parse_tuple, DInt, DLayout, DTiler, DTuple};
#[doc(no_inline)]
pub use cute_types::{Error, ParseError};
#[doc(hidden)]
pub use cute_types::{FixedLayout, FixedTiler, FixedTuple};
pub use typed::*;
// `?` for `const fn`, shared with the core (hidden there too).
#[doc(hidden)]
pub use cute_types::tri;
