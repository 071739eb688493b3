//! `logical_product(A, B)`: `A` repeated over the layout `B` of copies.
use super::by_mode::{by_mode, ModeOp};
use super::complement::complement;
use super::composition::composition;
use crate::dynamic::{DLayoutN, DTilerN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! logical_product_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `logical_product(A, B)`: `A` repeated over the layout `B` of copies.
///
/// # Definition
///
/// ```text
/// logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)
/// ```
///
/// Mode 0 is `A` itself, mode 1 places the copies: the complement of `A` (what
/// `A` leaves free) walked by `B`. With a by-mode tiler `[t0, t1, …]` the product
/// applies mode by mode, `(A0 × t0, A1 × t1, …, A_r, …)`; untouched modes are
/// kept and the result is always tuple-shaped.
///
/// # Preconditions
///
/// * those of [`complement`](fn@crate::algebra::complement) (`A` injective, …);
/// * the composition must be functional ([`Error::NotFunctional`]):
///   `logical_product(2:4, 6:3)` is refused although C++ answers;
/// * with a tiler, `rank(tiler) <= rank(A)` ([`Error::TilerRank`]).
///
/// # Example
///
/// ```
/// use cute_types::algebra::logical_product;
/// use cute_types::DLayout;
/// let a: DLayout = "(_2,_2):(_4,_1)".parse().unwrap();
/// let b: DLayout = "_6:_1".parse().unwrap();
/// assert_eq!(logical_product(&a, &b).unwrap().to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
pub $($c)? fn logical_product $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    logical_product_at(a, b)
}

/// The body of [`logical_product`].
pub(crate) $($c)? fn logical_product_at $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    let extent = tri!(tri!(a.size()).mul(tri!(b.cosize())));
    let free = tri!(complement(a, &DTupleN::int(extent)));
    let copies = tri!(composition(&free, b));
    DLayoutN::pair(a, &copies)
}

/// CuTe's `logical_product(A, [t0, t1, …])`: mode-by-mode product.
pub $($c)? fn logical_product_tiler $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    logical_product_tiler_at(a, tiler)
}

/// The body of [`logical_product_tiler`].
pub(crate) $($c)? fn logical_product_tiler_at $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    by_mode(a, tiler, ModeOp::Product)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use logical_product_body;
logical_product_body!(const; []);
