//! `raked_product(A, B)`: copies of the block `A` arranged by `B` and interleaved:
//! in every mode the copies vary fastest.
use super::blocked_product::padded_product;
use super::zip::zip;
use crate::dynamic::DLayoutN;
use crate::dynamic::N;
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! raked_product_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `raked_product(A, B)`: copies of the block `A` arranged by `B` and interleaved:
/// in every mode the copies vary fastest.
///
/// # Definition
///
/// With `(A', P)` as in [`blocked_product`](fn@crate::algebra::blocked_product):
///
/// ```text
/// raked_product(A, B) = zip(P, A') = ((P_0, A'_0), (P_1, A'_1), …)
/// ```
///
/// The result is always tuple-shaped: `raked_product(4:1, 2:1)` is `((2,4)):((4,1))`.
///
/// # Preconditions
///
/// Those of [`logical_product`](fn@crate::algebra::logical_product). Where the copies `P`
/// come out tuple-shaped (the composition split a mode) but the block `A'` is
/// an integer, C++'s `zip` does not compile, so the result is
/// [`Error::RakedZipRank`]: `raked_product(2:2, 8:1)` (the copies are
/// `(2,4):(1,4)`), and in the mixed reading `raked_product(4:1, _4:3)`, where a
/// run-time `4` keeps C++ from merging the copies into `4:12`.
///
/// # Example
///
/// ```
/// use cute_types::algebra::raked_product;
/// use cute_types::DLayout;
/// let a: DLayout = "(_2,_5):(_5,_1)".parse().unwrap();
/// let b: DLayout = "(_3,_4):(_1,_3)".parse().unwrap();
/// assert_eq!(raked_product(&a, &b).unwrap().to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
/// ```
pub $($c)? fn raked_product $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    let (block, copies) = tri!(padded_product(a, b));
    // Padded to one rank, the halves differ only when the copies are a tuple
    // and the block an integer.
    if copies.shape().is_tuple() && !block.shape().is_tuple() {
        return Err(Error::RakedZipRank);
    }
    zip(&copies, &block)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use raked_product_body;
raked_product_body!(const; []);
