//! [`make_layout_tv`] and [`TiledCopy`]: a thread layout times a value layout.
use super::tv_layout::TvLayout;
use crate::algebra::fixed::{composition, raked_product, right_inverse};
use crate::dynamic::{FixedLayout, FixedTuple};
use crate::error::Error;

/// CuTe's `make_layout_tv(thr, val)`: the TV layout of `size(thr)` threads that
/// each hold `size(val)` values, arranged so that the *threads* tile the matrix
/// by `thr` and each thread's values form a `val`-shaped block.
///
/// `layout_mn = raked_product(thr, val)` maps a tile coordinate to
/// `(thread, value)`; its right inverse, reshaped to `(size(thr), size(val))`, is
/// the TV layout, over the tile `product_each(shape(layout_mn))`.
///
/// Thread and value layouts are compile-time objects in a kernel, so every leaf
/// is treated as static, as CuTe requires (C++ given run-time integers computes a
/// different, unusable inverse). The result must cover the tile exactly once
/// ([`Error::NotInjective`] otherwise, e.g. for a non-injective `thr` or `val`).
///
/// ```
/// use cute_typed::tv::make_layout_tv;
/// // 32×8 threads (column-major), 4×1 values each: a 128×8 tile.
/// let tv = make_layout_tv(&"(32,8):(1,32)".parse().unwrap(), &"(4,1):(1,0)".parse().unwrap()).unwrap();
/// assert_eq!(tv.tile(), (128, 8));
/// assert_eq!(tv.coord(1, 0).unwrap(), (4, 0)); // thread 1 starts 4 rows down
/// assert_eq!(tv.coord(0, 3).unwrap(), (3, 0)); // its values are consecutive rows
/// ```
pub fn make_layout_tv(thr: &crate::DLayout, val: &crate::DLayout) -> Result<TvLayout, Error> {
    let (thr, val) = (&thr.to_fixed()?, &val.to_fixed()?);
    if thr.rank() != 2 || val.rank() != 2 {
        return Err(Error::CoordinateMismatch);
    }
    let (thr, val) = (&thr.with_all_static(true), &val.with_all_static(true));
    let layout_mn = raked_product(thr, val)?;
    let threads = thr.size()?;
    let values = val.size()?;
    let shape = FixedLayout::col_major(FixedTuple::tuple(&[
        FixedTuple::int(threads),
        FixedTuple::int(values),
    ])?)?;
    let tv = composition(&right_inverse(&layout_mn)?, &shape)?;
    let m = layout_mn.shape().get(0)?.product()?.value;
    let n = layout_mn.shape().get(1)?.product()?.value;
    let tv = TvLayout::from_fixed(tv, m, n)?;
    if !tv.is_bijective()? {
        return Err(Error::NotInjective);
    }
    Ok(tv)
}

/// A tiled copy with a universal (element-wise) copy atom: CuTe's
/// `make_tiled_copy(Copy_Atom<UniversalCopy<T>>, thr, val)`. Source and
/// destination share one TV layout.
#[derive(Clone, Copy, Debug)]
pub struct TiledCopy {
    layout_tv: TvLayout,
}

impl TiledCopy {
    /// `make_tiled_copy(atom, thr, val)` for an element-wise atom.
    pub fn new(thr: &crate::DLayout, val: &crate::DLayout) -> Result<TiledCopy, Error> {
        Ok(TiledCopy {
            layout_tv: make_layout_tv(thr, val)?,
        })
    }
    /// The TV layout of the source tile.
    pub fn layout_s_tv(&self) -> TvLayout {
        self.layout_tv
    }
    /// The TV layout of the destination tile.
    pub fn layout_d_tv(&self) -> TvLayout {
        self.layout_tv
    }
    /// The tile `(M, N)` one application of the tiled copy moves.
    pub fn tile(&self) -> (i64, i64) {
        self.layout_tv.tile()
    }
}
