//! The run-time representation: [`DInt`], [`DTuple`], [`DLayout`], [`DTiler`],
//! and the evaluation engine ([`Terms`], [`index_offset`], [`crd2idx`]): the
//! one definition of `layout → offset` that every evaluation goes through.
//!
//! Every item is written once and instantiated twice: over the compact values
//! above (plain `fn`, no node ceiling: inline up to [`INLINE_NODES`] nodes per
//! tuple, on the heap beyond, up to [`MAX_NODES`]), and as `const fn` over the
//! fixed-capacity `Copy` forms of [`fixed`] (64 nodes), which the typed layer
//! evaluates at compile time.
#[cfg(feature = "alloc")]
mod compact;
mod eval;
mod eval_fast;
mod int;
mod layout;
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub mod rt;
mod sublayout;
mod tiler;
mod tuple;
mod tuple_methods;

#[cfg(feature = "alloc")]
pub use compact::{DTuple, INLINE_NODES, MAX_NODES};
pub(crate) use eval::flat_offset;
pub use eval::{FixedTerms, Term};
#[cfg(feature = "alloc")]
pub use rt::{
    crd2idx, crd2idx_compact, idx2crd, idx2crd_strided, index_offset, product_like,
    CTerms as Terms, DLayout, DTiler, TilerMode,
};
/// The compact tuple's former name.
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub type CTuple = DTuple;

/// The fixed-capacity forms (64 nodes per tuple, `Copy`, `const fn`) and their
/// free functions: the typed layer's compile-time values, not a user API.
#[doc(hidden)]
pub mod fixed {
    pub use super::eval::{crd2idx, index_offset};
    pub use super::layout::{crd2idx_compact, idx2crd, idx2crd_strided, product_like};
    pub use super::{FixedLayout, FixedTerms, FixedTiler, FixedTilerMode, FixedTuple};
}
pub use int::DInt;
pub(crate) use layout::DLayoutN;
pub use layout::{FixedLayout, Major};
pub(crate) use tiler::{DTilerN, TilerModeN};
pub use tiler::{FixedTiler, FixedTilerMode, MAX_TILER_DEPTH, TILER_CAPACITY};
pub(crate) use tuple::{DTupleN, N};
pub use tuple::{FixedTuple, Token, CAPACITY};
pub(crate) use tuple_methods::{K_LEAF, K_STAR};
