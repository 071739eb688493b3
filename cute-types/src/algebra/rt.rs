//! The run-time instantiation of the algebra: every file's body, written once,
//! here as plain `fn` over the compact types of [`crate::dynamic::rt`]
//! ([`DTuple`], [`DLayout`], [`DTiler`]), which have no 64-node ceiling (up to
//! [`MAX_NODES`](crate::dynamic::MAX_NODES) nodes per tuple). Inside
//! this module the fixed-capacity names stand for the compact types, so the
//! bodies read the same in both instantiations.
#![allow(dead_code, unused_imports)]
use super::composition::{digits_per_step, overhang, step_is_exact, walk_step};
pub use super::swizzle::Swizzle;
use crate::dynamic::rt::*;
use crate::dynamic::{flat_offset, DInt, Major};
use crate::error::Error;
use crate::lists::rt::{filled, is_full, reserve, List};
use crate::tri;

/// The flat modes of the run-time bodies (see `modes.rs`).
pub(crate) type Modes<const M: usize> = ModesRt;
type DigitUse<const M: usize> = DigitUseRt;
type DigitLoad<const M: usize> = DigitLoadRt;
type DigitGroup<const M: usize> = DigitGroupRt;
type Walk<const M: usize> = WalkRt;
type Ranking<const M: usize> = RankingRt;
/// [`DComposedLayout`] under the bodies' name.
pub(crate) type DComposedLayoutN<const M: usize> = DComposedLayout;
/// [`SwizzledLayout`] under the bodies' name.
pub(crate) type SwizzledLayoutN<const M: usize> = SwizzledLayout;

super::modes::modes_body!(; []; ModesRt);
impl ModesRt {
    /// A copy (`clone`; the name the bodies use on both forms).
    pub(crate) fn dup(&self) -> ModesRt {
        self.clone()
    }
}
super::coalesce::coalesce_body!(; []; super::fast::coalesce);
super::filter::filter_body!(; []);
super::composition::composition_body!(; []; DigitUseRt, DigitLoadRt, DigitGroupRt; super::fast::composition);
super::complement::complement_body!(; []; super::fast::complement);
super::right_inverse::right_inverse_body!(; []; super::fast::right_inverse);
super::left_inverse::left_inverse_body!(; []);
super::layout_add::layout_add_body!(; []);
super::max_common::max_common_body!(; []);
super::logical_divide::logical_divide_body!(; []);
super::tile_unzip::tile_unzip_body!(; []; super::fast::tile_unzip);
super::zipped_divide::zipped_divide_body!(; []);
super::tiled_divide::tiled_divide_body!(; []);
super::flat_divide::flat_divide_body!(; []);
super::logical_product::logical_product_body!(; []);
super::zipped_product::zipped_product_body!(; []);
super::tiled_product::tiled_product_body!(; []);
super::flat_product::flat_product_body!(; []);
super::zip::zip_body!(; []);
super::blocked_product::blocked_product_body!(; []);
super::by_mode::by_mode_body!(; []; super::fast::by_mode);
super::raked_product::raked_product_body!(; []);
super::tile_to_shape::tile_to_shape_body!(; []);
super::make_ordered_layout::make_ordered_layout_body!(; []; RankingRt);
super::make_layout_like::make_layout_like_body!(; []);
super::upcast::upcast_body!(; []);
super::downcast::downcast_body!(; []);
super::recast::recast_body!(; []);
super::greatest_common_domain::greatest_common_domain_body!(; []; WalkRt);
super::nullspace::nullspace_body!(; []);
super::composed_layout::composed_layout_body!(; []; DComposedLayout, SwizzledLayout);
