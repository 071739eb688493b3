//! `tile_unzip(L, tiler)`: gathers the tile modes and the rest modes of a divided
//! or multiplied layout into a rank-2 layout (CuTe's `tile_unzip`, `zip2_by`).
use crate::dynamic::{DLayoutN, DTilerN, DTupleN, TilerModeN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! tile_unzip_body {
    ($($c:ident)?; [$($g:tt)*] $(; $fast:path)?) => {
/// `tile_unzip(L, tiler)`: gathers the tile modes and the rest modes of a divided
/// or multiplied layout into a rank-2 layout (CuTe's `tile_unzip`, `zip2_by`).
///
/// # Definition
///
/// For a layout whose first `r = rank(tiler)` modes are pairs `(T_i, R_i)` (as
/// [`logical_divide_tiler`](fn@crate::algebra::logical_divide_tiler) and
/// [`logical_product_tiler`](fn@crate::algebra::logical_product_tiler) make them) followed by
/// untouched modes `X_r, …`:
///
/// ```text
/// tile_unzip(((T0,R0), (T1,R1), …, X_r, …), [t0, t1, …]) = ((T0, T1, …), (R0, R1, …, X_r, …))
/// ```
///
/// A nested tiler entry `[u0, u1, …]` at mode `i` unzips mode `i` first, so its
/// tile and rest parts are themselves tuples. Both halves are always tuples.
/// The function is a rearrangement: `tile_unzip(L, t)` has the same leaves, in
/// another nesting.
///
/// # Preconditions
///
/// Each mode a layout entry of the tiler reaches has rank 2, else
/// [`Error::ModeOutOfRange`]; `rank(tiler) <= rank(L)`, else [`Error::TilerRank`].
///
/// # Example
///
/// ```
/// use cute_types::algebra::tile_unzip;
/// use cute_types::dynamic::{DLayout, DTiler};
/// let l: DLayout = "((_2,_4),(_4,_2)):((_1,_2),(_8,_32))".parse().unwrap();
/// let t = DTiler::from_layouts(&["_2:_1".parse().unwrap(), "_4:_1".parse().unwrap()]).unwrap();
/// assert_eq!(tile_unzip(&l, &t).unwrap().to_string(), "((_2,_4),(_4,_2)):((_1,_8),(_2,_32))");
/// ```
pub $($c)? fn tile_unzip $($g)* (
    l: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    $(if let Some(r) = $fast(l, tiler) {
        return r;
    })?
    tile_unzip_at(l, tiler)
}

/// The body of [`tile_unzip`].
pub(crate) $($c)? fn tile_unzip_at $($g)* (
    l: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    let (tiles, rests) = tri!(unzip_modes(l, tiler));
    DLayoutN::pair(&tiles, &rests)
}

/// The two halves `(T0, T1, …)` and `(R0, R1, …, X_r, …)` as tuple-shaped layouts.
$($c)? fn unzip_modes $($g)* (
    l: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<(DLayoutN<N>, DLayoutN<N>), Error> {
    if tiler.rank() > l.rank() {
        return Err(Error::TilerRank);
    }
    let mut tile_shape = DTupleN::empty();
    let mut tile_stride = DTupleN::empty();
    let mut rest_shape = DTupleN::empty();
    let mut rest_stride = DTupleN::empty();
    let (shape, stride) = (l.shape_ref(), l.stride_ref());
    let mut i = 0;
    while i < l.rank() {
        // Mode `i` as a node range (the stride's is the same: congruent).
        let (b, e) = tri!(shape.mode_range(i));
        if i < tiler.rank() && !tri!(tiler.mode_is_layout(i)) {
            let (tile, rest) = match tri!(tiler.mode(i)) {
                TilerModeN::Tiler(t) => tri!(unzip_modes(&tri!(l.get(i)), &t)),
                // (`mode_is_layout` said otherwise)
                TilerModeN::Layout(_) => return Err(Error::ExpectedTuple),
            };
            tri!(tile_shape.push_in(tile.shape_ref()));
            tri!(tile_stride.push_in(tile.stride_ref()));
            tri!(rest_shape.push_in(rest.shape_ref()));
            tri!(rest_stride.push_in(rest.stride_ref()));
        } else if i < tiler.rank() {
            // A layout entry: mode `i` is (tile, rest), its two children.
            let rank = if shape.kind_at(b) >= crate::dynamic::K_STAR { 1 } else { shape.kind_at(b) as usize };
            if rank != 2 {
                return Err(Error::ModeOutOfRange { index: 1, rank });
            }
            let mid = shape.subtree_end(b + 1);
            tri!(tile_shape.push_range_in(shape, b + 1, mid));
            tri!(tile_stride.push_range_in(stride, b + 1, mid));
            tri!(rest_shape.push_range_in(shape, mid, e));
            tri!(rest_stride.push_range_in(stride, mid, e));
        } else {
            tri!(rest_shape.push_range_in(shape, b, e));
            tri!(rest_stride.push_range_in(stride, b, e));
        }
        i += 1;
    }
    Ok((
        tri!(DLayoutN::new(tile_shape, tile_stride)),
        tri!(DLayoutN::new(rest_shape, rest_stride)),
    ))
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use tile_unzip_body;
tile_unzip_body!(const; []);
