//! `logical_product(A, B)`: `A` repeated over the layout `B` of copies.
use super::by_mode::{by_mode, ModeOp};
use super::complement::complement;
use super::composition::composition;
use super::small::small_first;
use crate::dynamic::{DLayoutN, DTilerN, DTupleN};
use crate::error::Error;
use crate::tri;

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
/// * those of [`complement`](super::complement) (`A` injective, …);
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
pub const fn logical_product<const N: usize>(
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    small_first!(logical_product_at(a, b));
    logical_product_at(a, b)
}

/// [`logical_product`] at capacity `N` (the body; see [`super::small`]).
pub(crate) const fn logical_product_at<const N: usize>(
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    let extent = tri!(tri!(a.size()).mul(tri!(b.cosize())));
    let free = tri!(complement(a, &DTupleN::int(extent)));
    let copies = tri!(composition(&free, b));
    DLayoutN::from_modes(&[*a, copies])
}

/// CuTe's `logical_product(A, [t0, t1, …])`: mode-by-mode product.
pub const fn logical_product_tiler<const N: usize>(
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    small_first!(logical_product_tiler_at(a, tiler));
    logical_product_tiler_at(a, tiler)
}

/// [`logical_product_tiler`] at capacity `N` (the body; see [`super::small`]).
pub(crate) const fn logical_product_tiler_at<const N: usize>(
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    by_mode(a, tiler, ModeOp::Product)
}
