//! # cute
//!
//! CuTe's layout algebra (NVIDIA CUTLASS) as a Rust compile-time layout DSL.
//!
//! This crate (package `cute-rs`) re-exports [`cute_types`], the `no_std` core
//! (integers, tuples, layouts, the algebra, text, errors), [`cute_typed`] over it
//! (the typed layer, tensors, thread–value layouts),
//! [`cute_calc`] as [`expr`](mod@expr) (the calculator engine behind `cute eval`),
//! [`cute_print`] as [`print`](mod@print) (CuTe's `print_layout` table, SVG and LaTeX
//! pictures; [`tv`](mod@tv) gathers the thread–value layouts and their pictures) and
//! [`cute_macros`], the layout literals. The re-exports link to those crates'
//! pages, where every item is documented with an example; the command-line
//! calculator and visualiser `cute` is the separate package `cute-cli`.
//!
//! # A tour
//!
//! ```
//! use cute::*;
//!
//! // A literal in CuTe notation: integers are static, so the layout is zero-sized.
//! let a = layout!((4,(2,2)):(4,(1,2)));
//! assert_eq!(a.to_string(), "(_4,(_2,_2)):(_4,(_1,_2))");
//! assert_eq!(core::mem::size_of_val(&a), 0);
//!
//! // The typed algebra: static in, static out, computed by the compiler.
//! let b = make_layout((_4, _8)); // Layout<(_4, _8), (_1, _4)>
//! assert_eq!(zipped_divide(b, (_2, _4)).to_string(), "((_2,_4),(_2,_2)):((_1,_4),(_2,_16))");
//!
//! // A run-time leaf: the same function checks at run time and returns a Result.
//! let c = make_layout((_4, 8i64)).unwrap();
//! // As in C++, coalesce merges only modes it can prove mergeable statically.
//! assert_eq!(coalesce(c).unwrap().to_string(), "(_4,8):(_1,_4)");
//! assert_eq!(c.size(), 32);
//!
//! // Layouts from text, evaluated as functions.
//! let d: DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
//! assert_eq!(d.eval_index(5).unwrap().value, 5);
//! ```
//!
//! Tensors (`use cute::tensor::*;`, which can be imported beside `use cute::*;`):
//!
//! ```
//! use cute::tensor::*;
//! use cute::*;
//! let data: Vec<i32> = (0..12).collect();
//! let t = make_tensor(&data[..], make_layout_right((_3, _4))).unwrap();
//! let row: Vec<i32> = t.slice((1i64, Underscore)).unwrap().iter().copied().collect();
//! assert_eq!(row, [4, 5, 6, 7]);
//! ```
//!
//! See [`cute_types`] and [`cute_typed`] for the map of the modules and their
//! crate-level tours.
#![forbid(unsafe_code)]
// Not inlined: rustdoc would print the typed functions' return types with their
// aliases (`CompositionOut<A, B>`) expanded into trait projections.
/// The calculator engine (`cute eval`, the algebra inside `layout!`).
pub use cute_calc;
/// The calculator engine (the `cute-calc` crate): `cute::expr::eval_line`, ….
pub use cute_calc as expr;
/// The layout literals: `layout!`, `Layout![…]`, `shape!`, `stride!`, `coord!`.
pub use cute_macros;
#[doc(no_inline)]
pub use cute_macros::*;
/// The pictures: CuTe's `print_layout` table, SVG and LaTeX/TikZ (`cute-print`).
pub use cute_print;
/// The pictures (the `cute-print` crate): `cute::print::print_layout`, ….
pub use cute_print as print;
/// The typed layer, tensors and thread–value layouts, over the core.
pub use cute_typed;
/// The `no_std` core: integers, tuples, `DLayout`, the algebra, text, errors.
pub use cute_types;
// `cute_typed`'s root re-exports the core's, so this one glob names both.
#[doc(no_inline)]
pub use cute_typed::*;

/// Thread–value layouts ([`cute_typed::tv`]) and their pictures
/// ([`cute_print::tv`]), in one module as before the pictures had their own crate.
pub mod tv {
    #[doc(no_inline)]
    pub use cute_print::tv::*;
    #[doc(no_inline)]
    pub use cute_typed::tv::*;
}
