//! `tiled_divide(A, B)`: [`zipped_divide`](super::zipped_divide) with the rest
//! mode unpacked: `((T0, T1, …), rest0, rest1, …)`.
use super::zipped_divide::{zipped_divide, zipped_divide_tiler};
use crate::dynamic::{DLayoutN, DTilerN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! tiled_divide_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `tiled_divide(A, B)`: [`zipped_divide`](fn@crate::algebra::zipped_divide) with the rest
/// mode unpacked: `((T0, T1, …), rest0, rest1, …)`.
///
/// # Definition
///
/// With `Z = zipped_divide(A, B) = (Z0, Z1)`:
///
/// ```text
/// tiled_divide(A, B) = (Z0, Z1_0, Z1_1, …)     when rank(Z1) > 1
///                    = (Z0, Z1)                when rank(Z1) == 1   (Z1 kept whole)
/// ```
///
/// This is C++'s `Z(_, repeat<rank(Z1)>(_))`: a rank-1 rest mode is kept as it is,
/// so `tiled_divide(8:1, [2:1])` is `((2),(4)):((1),(2))` (pycute differs).
///
/// # Preconditions
///
/// Those of [`logical_divide`](fn@crate::algebra::logical_divide).
///
/// # Example
///
/// ```
/// use cute_types::algebra::tiled_divide_tiler;
/// use cute_types::dynamic::{DLayout, DTiler};
/// let m: DLayout = "(_8,_8):(_1,_8)".parse().unwrap();
/// let t = DTiler::from_layouts(&["_2:_1".parse().unwrap(), "_4:_1".parse().unwrap()]).unwrap();
/// assert_eq!(tiled_divide_tiler(&m, &t).unwrap().to_string(), "((_2,_4),_4,_2):((_1,_8),_2,_32)");
/// ```
pub $($c)? fn tiled_divide $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    unpack_rest(&tri!(zipped_divide(a, b)))
}

/// CuTe's `tiled_divide(A, [t0, t1, …])`.
pub $($c)? fn tiled_divide_tiler $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    unpack_rest(&tri!(zipped_divide_tiler(a, tiler)))
}

/// `(Z0, Z1)` to `(Z0, Z1_0, Z1_1, …)`, keeping a rank-1 `Z1` whole.
pub(crate) $($c)? fn unpack_rest $($g)* (z: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    let mut shape = DTupleN::empty();
    let mut stride = DTupleN::empty();
    let tile = tri!(z.get(0));
    tri!(shape.push_in(tile.shape_ref()));
    tri!(stride.push_in(tile.stride_ref()));
    let (shape, stride) = tri!(push_unpacked(shape, stride, &tri!(z.get(1))));
    DLayoutN::new(shape, stride)
}

/// Appends the modes of `m` one by one, or `m` itself when it has rank 1 (C++'s
/// slice by `repeat<rank(m)>(_)`, which is `_` for rank 1).
pub(crate) $($c)? fn push_unpacked $($g)* (
    mut shape: DTupleN<N>,
    mut stride: DTupleN<N>,
    m: &DLayoutN<N>,
) -> Result<(DTupleN<N>, DTupleN<N>), Error> {
    if m.rank() == 1 {
        tri!(shape.push_in(m.shape_ref()));
        tri!(stride.push_in(m.stride_ref()));
        return Ok((shape, stride));
    }
    // The modes by node range, one after the other (shape and stride are
    // congruent: the same ranges): `get(i)` for each would walk the modes
    // before `i` each time.
    let (s, d) = (m.shape_ref(), m.stride_ref());
    let mut p = 1;
    let mut i = 0;
    while i < m.rank() {
        let end = s.subtree_end(p);
        tri!(shape.push_range_in(s, p, end));
        tri!(stride.push_range_in(d, p, end));
        p = end;
        i += 1;
    }
    Ok((shape, stride))
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use tiled_divide_body;
tiled_divide_body!(const; []);
