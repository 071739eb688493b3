//! `flat_divide(A, B)`: [`zipped_divide`](super::zipped_divide) with both modes
//! unpacked: `(T0, T1, …, rest0, rest1, …)`.
use super::tiled_divide::push_unpacked;
use super::zipped_divide::{zipped_divide, zipped_divide_tiler};
use crate::dynamic::{DLayoutN, DTilerN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! flat_divide_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `flat_divide(A, B)`: [`zipped_divide`](fn@crate::algebra::zipped_divide) with both modes
/// unpacked: `(T0, T1, …, rest0, rest1, …)`.
///
/// # Definition
///
/// With `Z = zipped_divide(A, B) = (Z0, Z1)`, C++'s `Z(repeat<rank(Z0)>(_), repeat<rank(Z1)>(_))`:
/// the modes of `Z0` then those of `Z1`, where a mode of rank 1 is kept whole
/// (`flat_divide(8:1, [2:1])` is `((2),(4)):((1),(2))`).
///
/// # Preconditions
///
/// Those of [`logical_divide`](fn@crate::algebra::logical_divide).
///
/// # Example
///
/// ```
/// use cute_types::algebra::flat_divide_tiler;
/// use cute_types::dynamic::{DLayout, DTiler};
/// let m: DLayout = "(_8,_8):(_1,_8)".parse().unwrap();
/// let t = DTiler::from_layouts(&["_2:_1".parse().unwrap(), "_4:_1".parse().unwrap()]).unwrap();
/// assert_eq!(flat_divide_tiler(&m, &t).unwrap().to_string(), "(_2,_4,_4,_2):(_1,_8,_2,_32)");
/// ```
pub $($c)? fn flat_divide $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    unpack_both(&tri!(zipped_divide(a, b)))
}

/// CuTe's `flat_divide(A, [t0, t1, …])`.
pub $($c)? fn flat_divide_tiler $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    unpack_both(&tri!(zipped_divide_tiler(a, tiler)))
}

/// `(Z0, Z1)` to the modes of `Z0` followed by those of `Z1` (rank-1 halves kept whole).
pub(crate) $($c)? fn unpack_both $($g)* (z: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    let (shape, stride) = tri!(push_unpacked(
        DTupleN::empty(),
        DTupleN::empty(),
        &tri!(z.get(0))
    ));
    let (shape, stride) = tri!(push_unpacked(shape, stride, &tri!(z.get(1))));
    DLayoutN::new(shape, stride)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use flat_divide_body;
flat_divide_body!(const; []);
