//! The fully dynamic representation: [`DInt`], [`FixedTuple`], [`FixedLayout`], and the
//! evaluation engine ([`Terms`], [`index_offset`], [`crd2idx`]): the one
//! definition of `layout → offset` that every evaluation goes through.
//!
//! Everything here is `Copy`, allocation-free and `const fn`, so the same code
//! computes static layouts at compile time and dynamic ones at run time.
#[cfg(feature = "alloc")]
mod compact;
mod eval;
mod eval_fast;
mod int;
mod layout;
#[cfg(feature = "alloc")]
#[cfg(not(doctest))]
#[doc(hidden)]
pub mod rt;
mod sublayout;
mod tiler;
mod tuple;
mod tuple_methods;

#[cfg(feature = "alloc")]
pub use compact::{CTuple, INLINE_NODES, MAX_NODES};
pub(crate) use eval::flat_offset;
pub use eval::{crd2idx, index_offset, FixedTerms, Term};
pub use int::DInt;
pub(crate) use layout::DLayoutN;
pub use layout::{crd2idx_compact, idx2crd, idx2crd_strided, product_like, FixedLayout, Major};
pub(crate) use tiler::{DTilerN, TilerModeN};
pub use tiler::{FixedTiler, FixedTilerMode, MAX_TILER_DEPTH, TILER_CAPACITY};
pub(crate) use tuple::{DTupleN, N};
pub use tuple::{FixedTuple, Token, CAPACITY};
pub(crate) use tuple_methods::{K_LEAF, K_STAR};
