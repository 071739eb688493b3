//! CuTe's layout algebra over [`crate::DLayout`], one operation per file.
//!
//! Each operation is written once and instantiated twice: the functions here,
//! over the run-time values (no node ceiling), and `const fn`s over the
//! fixed-capacity forms (`algebra::fixed`, hidden), which the typed layer
//! evaluates at compile time. Static-vs-dynamic behaviour of C++ is kept
//! through each leaf's `is_static` flag.

mod blocked_product;
mod by_mode;
mod coalesce;
mod complement;
mod composed_layout;
mod composition;
#[cfg(test)]
mod differential;
mod downcast;
#[cfg(feature = "alloc")]
mod fast;
mod filter;
mod flat_divide;
mod flat_product;
mod greatest_common_domain;
mod layout_add;
mod left_inverse;
mod logical_divide;
mod logical_product;
mod make_layout_like;
mod make_ordered_layout;
mod max_common;
mod modes;
mod nullspace;
mod recast;
mod right_inverse;
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub mod rt;
mod swizzle;
mod tile_unzip;
mod tiled_divide;
mod tiled_product;
mod upcast;
mod zip;
mod zipped_divide;
mod zipped_product;
#[cfg(feature = "alloc")]
pub use rt::*;
pub use swizzle::Swizzle;

/// The algebra over the fixed-capacity forms (`const fn`, 64 nodes per
/// tuple): what the typed layer evaluates at compile time; not a user API.
#[doc(hidden)]
pub mod fixed {
    pub use super::blocked_product::*;
    pub use super::by_mode::unit_stride;
    pub use super::coalesce::*;
    pub use super::complement::*;
    pub use super::composed_layout::*;
    pub use super::composition::*;
    pub use super::downcast::*;
    pub use super::filter::*;
    pub use super::flat_divide::*;
    pub use super::flat_product::*;
    pub use super::greatest_common_domain::*;
    pub use super::layout_add::*;
    pub use super::left_inverse::*;
    pub use super::logical_divide::*;
    pub use super::logical_product::*;
    pub use super::make_layout_like::*;
    pub use super::make_ordered_layout::*;
    pub use super::max_common::*;
    pub use super::nullspace::*;
    pub use super::raked_product::*;
    pub use super::recast::*;
    pub use super::right_inverse::*;
    pub use super::swizzle::*;
    pub use super::tile_to_shape::*;
    pub use super::tile_unzip::*;
    pub use super::tiled_divide::*;
    pub use super::tiled_product::*;
    pub use super::upcast::*;
    pub use super::zip::*;
    pub use super::zipped_divide::*;
    pub use super::zipped_product::*;
}
mod raked_product;
mod tile_to_shape;
