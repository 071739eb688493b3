//! `zipped_divide(A, B)`: [`logical_divide`](super::logical_divide) with the tile
//! modes gathered in mode 0 and the rest modes in mode 1.
use super::logical_divide::{logical_divide, logical_divide_tiler};
use super::tile_unzip::tile_unzip;
use crate::dynamic::{DLayoutN, DTilerN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! zipped_divide_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `zipped_divide(A, B)`: [`logical_divide`](fn@crate::algebra::logical_divide) with the tile
/// modes gathered in mode 0 and the rest modes in mode 1.
///
/// # Definition
///
/// ```text
/// zipped_divide(A, B)          = logical_divide(A, B)                        (already rank 2)
/// zipped_divide(A, [t0, t1, …]) = tile_unzip(logical_divide(A, [t0, t1, …]), [t0, t1, …])
///                               = ((A0∘t0, A1∘t1, …), (rest0, rest1, …, A_r, …))
/// ```
///
/// # Preconditions
///
/// Those of [`logical_divide`](fn@crate::algebra::logical_divide) (including the functional
/// composition rule: `zipped_divide((3,3):(4,2), 2:1)` is an error).
///
/// # Example
///
/// ```
/// use cute_types::algebra::{zipped_divide, zipped_divide_tiler};
/// use cute_types::dynamic::{DLayout, DTiler};
/// let a: DLayout = "_10:_1".parse().unwrap();
/// assert_eq!(zipped_divide(&a, &"_4:_1".parse().unwrap()).unwrap().to_string(), "(_4,_3):(_1,_4)");
/// let m: DLayout = "(_8,_8):(_1,_8)".parse().unwrap();
/// let t = DTiler::from_layouts(&["_2:_1".parse().unwrap(), "_4:_1".parse().unwrap()]).unwrap();
/// assert_eq!(zipped_divide_tiler(&m, &t).unwrap().to_string(), "((_2,_4),(_4,_2)):((_1,_8),(_2,_32))");
/// ```
pub $($c)? fn zipped_divide $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    logical_divide(a, b)
}

/// CuTe's `zipped_divide(A, [t0, t1, …])`.
pub $($c)? fn zipped_divide_tiler $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    zipped_divide_tiler_at(a, tiler)
}

/// The body of [`zipped_divide_tiler`].
pub(crate) $($c)? fn zipped_divide_tiler_at $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    tile_unzip(&tri!(logical_divide_tiler(a, tiler)), tiler)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use zipped_divide_body;
zipped_divide_body!(const; []);
