//! `flat_product(A, B)`: [`zipped_product`](super::zipped_product) with both modes
//! unpacked: `(A0, A1, …, copy0, copy1, …)`.
use super::flat_divide::unpack_both;
use super::zipped_product::{zipped_product, zipped_product_tiler};
use crate::dynamic::{DLayoutN, DTilerN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! flat_product_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `flat_product(A, B)`: [`zipped_product`](fn@crate::algebra::zipped_product) with both modes
/// unpacked: `(A0, A1, …, copy0, copy1, …)`.
///
/// # Definition
///
/// With `Z = zipped_product(A, B) = (Z0, Z1)`: the modes of `Z0` then those of
/// `Z1`, a half of rank 1 kept whole (C++'s `Z(repeat<rank(Z0)>(_), repeat<rank(Z1)>(_))`):
/// `flat_product(2:1, [3:1])` is `((2),(3)):((1),(2))`.
///
/// # Preconditions
///
/// Those of [`logical_product`](fn@crate::algebra::logical_product).
///
/// # Example
///
/// ```
/// use cute_types::algebra::flat_product_tiler;
/// use cute_types::dynamic::{DLayout, DTiler};
/// let a: DLayout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let t = DTiler::from_layouts(&["_3:_1".parse().unwrap(), "_2:_1".parse().unwrap()]).unwrap();
/// assert_eq!(flat_product_tiler(&a, &t).unwrap().to_string(), "(_2,_2,_3,_2):(_1,_2,_2,_1)");
/// ```
pub $($c)? fn flat_product $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    unpack_both(&tri!(zipped_product(a, b)))
}

/// CuTe's `flat_product(A, [t0, t1, …])`.
pub $($c)? fn flat_product_tiler $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    unpack_both(&tri!(zipped_product_tiler(a, tiler)))
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use flat_product_body;
flat_product_body!(const; []);
