//! Printing and pictures of layouts: CuTe's text table ([`print_layout`]), SVG
//! ([`print_svg`]) and LaTeX/TikZ ([`print_latex`]).
//!
//! Everything writes to any [`core::fmt::Write`] and allocates nothing, so it
//! works without `std`.
//!
//! The pictures are drawn from a [`Grid`]: rows × columns of [`Cell`]s, each with
//! a label and a colour key. [`LayoutGrid`] is the grid of a rank-1 or rank-2
//! layout (cell `(m, n)` holds `L(m, n)`); other pictures, such as a thread/value
//! layout whose cells read `T<t>V<v>` and are coloured by thread, implement
//! [`Grid`] and reuse the same renderers.
//!
//! [`tv`] draws thread–value layouts, tiled MMAs and tiled copies (feature
//! `alloc`).
//!
//! # Features
//!
//! * `std` (default): `alloc`, and `std::error::Error` for the error types.
//! * `alloc`: the thread–value pictures ([`tv`]).
//! * neither: `no_std` without allocation: the table, SVG and LaTeX renderers.
//!
//! ```
//! use cute_print::{print_layout, print_svg, LayoutGrid};
//! let l: cute_types::DLayout = "(2,3):(3,1)".parse().unwrap();
//! let mut table = String::new();
//! print_layout(&mut table, &l).unwrap();
//! assert!(table.contains(" 1  | 3 | 4 | 5 |"));
//! let mut svg = String::new();
//! print_svg(&mut svg, &LayoutGrid::new(&l).unwrap()).unwrap();
//! assert!(svg.starts_with("<svg"));
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod error;
mod escape;
mod grid;
mod palette;
mod print_latex;
mod print_layout;
mod print_svg;
mod scan;
#[cfg(feature = "alloc")]
pub mod tv;

pub use error::PrintError;
pub use grid::{Cell, CellLabel, Grid, LayoutGrid, Shade};
pub use palette::{category_colour, ramp_colour, text_colour_on, Rgb};
pub use print_latex::print_latex;
pub use print_layout::{print_layout, print_table};
pub use print_svg::print_svg;
pub use scan::MAX_PICTURE_CELLS;
