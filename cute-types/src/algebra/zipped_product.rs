//! `zipped_product(A, B)`: [`logical_product`](super::logical_product) with the
//! block modes gathered in mode 0 and the copy modes in mode 1.
use super::logical_product::{logical_product, logical_product_tiler};
use super::tile_unzip::tile_unzip;
use crate::dynamic::{DLayoutN, DTilerN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! zipped_product_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `zipped_product(A, B)`: [`logical_product`](fn@crate::algebra::logical_product) with the
/// block modes gathered in mode 0 and the copy modes in mode 1.
///
/// # Definition
///
/// ```text
/// zipped_product(A, B)           = logical_product(A, B)                        (already rank 2)
/// zipped_product(A, [t0, t1, …]) = tile_unzip(logical_product(A, [t0, t1, …]), [t0, t1, …])
/// ```
///
/// # Preconditions
///
/// Those of [`logical_product`](fn@crate::algebra::logical_product).
///
/// # Example
///
/// ```
/// use cute_types::algebra::zipped_product_tiler;
/// use cute_types::dynamic::{DLayout, DTiler};
/// let a: DLayout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let t = DTiler::from_layouts(&["_3:_1".parse().unwrap(), "_2:_1".parse().unwrap()]).unwrap();
/// assert_eq!(zipped_product_tiler(&a, &t).unwrap().to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_2,_1))");
/// ```
pub $($c)? fn zipped_product $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    logical_product(a, b)
}

/// CuTe's `zipped_product(A, [t0, t1, …])`.
pub $($c)? fn zipped_product_tiler $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    tile_unzip(&tri!(logical_product_tiler(a, tiler)), tiler)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use zipped_product_body;
zipped_product_body!(const; []);
