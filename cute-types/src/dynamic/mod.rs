//! The fully dynamic representation: [`DInt`], [`DTuple`], [`DLayout`], and the
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
pub use eval::{crd2idx, index_offset, Term, Terms};
pub use int::DInt;
pub use layout::{
    crd2idx_compact, idx2crd, idx2crd_strided, product_like, DLayout, DLayoutN, Major,
};
pub use tiler::{DTiler, DTilerN, TilerMode, TilerModeN, MAX_TILER_DEPTH, TILER_CAPACITY};
pub use tuple::{DTuple, DTupleN, Token, CAPACITY};
pub(crate) use tuple_methods::{K_LEAF, K_STAR};
