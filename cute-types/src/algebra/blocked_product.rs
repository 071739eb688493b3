//! `blocked_product(A, B)`: copies of the block `A` arranged by `B`, each copy
//! contiguous in every mode.
use super::logical_product::logical_product;
use super::zip::zip;
use crate::dynamic::{DInt, DLayoutN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! blocked_product_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `blocked_product(A, B)`: copies of the block `A` arranged by `B`, each copy
/// contiguous in every mode.
///
/// # Definition
///
/// With `R = max(rank(A), rank(B))` and `A'`, `B'` padded to rank `R` with `_1:_0` modes:
///
/// ```text
/// (A', P) = logical_product(A', B')
/// blocked_product(A, B) = zip(A', P) = ((A'_0, P_0), (A'_1, P_1), …)
/// ```
///
/// Mode `i` of the result walks first inside the block (`A'_i`), then across the
/// copies (`P_i`). The result is always tuple-shaped:
/// `blocked_product(4:1, 2:1)` is `((4,2)):((1,4))`.
///
/// # Preconditions
///
/// Those of [`logical_product`](fn@crate::algebra::logical_product) (`blocked_product(2:3, 4:2)`
/// is an error). A rank-1 tuple block with an integer tiler, `blocked_product((4), 2)`,
/// is [`Error::ProductZipRank`]: C++ does not compile it, as its `zip` pairs a
/// tuple only with a tuple of equal rank (`blocked_product((4), (2))` is fine).
///
/// # Example
///
/// ```
/// use cute_types::algebra::blocked_product;
/// use cute_types::DLayout;
/// let a: DLayout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let b: DLayout = "(_3,_4):(_1,_3)".parse().unwrap();
/// assert_eq!(blocked_product(&a, &b).unwrap().to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// ```
pub $($c)? fn blocked_product $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    let (block, copies) = tri!(padded_product(a, b));
    // Padded to one rank, the halves differ only when the block is the tuple
    // `(…)` and the copies an integer.
    if block.shape().is_tuple() && !copies.shape().is_tuple() {
        return Err(Error::ProductZipRank);
    }
    zip(&block, &copies)
}

/// `(A', complement(A', …) ∘ B')` for `A`, `B` padded to their common rank: the two
/// halves that [`blocked_product`] and `raked_product` zip in either order.
pub(crate) $($c)? fn padded_product $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<(DLayoutN<N>, DLayoutN<N>), Error> {
    let rank = if a.rank() > b.rank() {
        a.rank()
    } else {
        b.rank()
    };
    let product = tri!(logical_product(
        &tri!(pad_to_rank(a, rank)),
        &tri!(pad_to_rank(b, rank))
    ));
    Ok((tri!(product.get(0)), tri!(product.get(1))))
}

/// C++'s `append<rank>(l, _1:_0)`: `l` with `_1:_0` modes added up to `rank`;
/// an integer-shaped `l` stays as it is for rank 1 and becomes the first mode otherwise.
pub(crate) $($c)? fn pad_to_rank $($g)* (
    l: &DLayoutN<N>,
    rank: usize,
) -> Result<DLayoutN<N>, Error> {
    if l.rank() >= rank {
        return Ok(l.dup());
    }
    let mut shape = l.shape().as_tuple();
    let mut stride = l.stride().as_tuple();
    while shape.rank() < rank {
        tri!(shape.push_int(DInt::s(1)));
        tri!(stride.push_int(DInt::s(0)));
    }
    DLayoutN::new(shape, stride)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use blocked_product_body;
blocked_product_body!(const; []);
