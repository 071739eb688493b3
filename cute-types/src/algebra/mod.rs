//! CuTe's layout algebra over [`crate::FixedLayout`], one operation per file.
//!
//! Every function is `const fn`: the same code computes static layouts at compile
//! time and dynamic ones at run time. Static-vs-dynamic behaviour of C++ is kept
//! through each leaf's `is_static` flag.

mod swizzle;
pub use swizzle::*;
mod composed_layout;
pub use composed_layout::*;
mod make_ordered_layout;
pub use make_ordered_layout::*;
mod make_layout_like;
pub use make_layout_like::*;
mod upcast;
pub use upcast::*;
mod downcast;
pub use downcast::*;
mod recast;
pub use recast::*;
mod greatest_common_domain;
pub use greatest_common_domain::*;
mod nullspace;
pub use nullspace::*;
mod coalesce;
mod modes;
pub use coalesce::*;
mod filter;
pub use filter::*;
mod composition;
pub use composition::*;
mod complement;
pub use complement::*;
mod right_inverse;
pub use right_inverse::*;
mod left_inverse;
pub use left_inverse::*;
mod layout_add;
pub use layout_add::*;
mod max_common;
pub use max_common::*;
mod logical_divide;
pub use logical_divide::*;
mod tile_unzip;
pub use tile_unzip::*;
mod zipped_divide;
pub use zipped_divide::*;
mod tiled_divide;
pub use tiled_divide::*;
mod flat_divide;
pub use flat_divide::*;
mod logical_product;
pub use logical_product::*;
mod zipped_product;
pub use zipped_product::*;
mod tiled_product;
pub use tiled_product::*;
mod flat_product;
pub use flat_product::*;
mod zip;
pub use zip::*;
mod blocked_product;
mod by_mode;
#[cfg(test)]
mod differential;
#[cfg(feature = "alloc")]
#[cfg(not(doctest))]
mod fast;
#[cfg(feature = "alloc")]
#[cfg(not(doctest))]
#[doc(hidden)]
pub mod rt;
pub use blocked_product::*;
pub use by_mode::unit_stride;
mod raked_product;
pub use raked_product::*;
mod tile_to_shape;
pub use tile_to_shape::*;
