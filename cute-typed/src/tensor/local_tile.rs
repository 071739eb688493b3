//! `local_tile`: the tile of a tensor at a tile coordinate (CuTe's
//! `inner_partition`).
use super::coord::IntoCoord;
use super::engine::Engine;
use super::layout_trait::TensorLayout;
use super::mode_eval::ModeEval;
use super::slice::slice_layout;
use super::tensor::Tensor;
use super::typed_tile::LocalTiler;
use crate::dynamic::{DLayout, DTiler, DTuple};
use crate::error::Error;

/// A by-mode tiler from a tile shape: CuTe's `Shape<_32,_64>` used as a tiler is
/// `[32:1, 64:1]`.
///
/// A leaf shape `8` is read as the one-mode shape `(8)` (C++'s `make_shape(_8)`),
/// so a tile keeps that mode nested, `((_8)):((_2))`. C++'s bare `Int<8>` tiler,
/// which gives the flat `(_8):(_2)`, is not expressible as a by-mode tiler.
///
/// ```
/// use cute_typed::tensor::shape_tiler;
/// assert_eq!(shape_tiler(&"(32,64)".parse().unwrap()).unwrap().to_string(), "[32:_1,64:_1]");
/// ```
pub fn shape_tiler(shape: &DTuple) -> Result<DTiler, Error> {
    let flat = shape.as_tuple();
    let mut t = DTiler::new();
    for i in 0..flat.rank() {
        // `make_layout(s)`: compact column-major (a static 1 gets stride 0).
        t = t.push_layout(DLayout::col_major(flat.get(i)?)?)?;
    }
    Ok(t)
}

/// The tiles of a layout: `zipped_divide(layout, tiler)`, i.e.
/// `((tile modes…), (rest modes…))`, and the slicing that picks one tile.
///
/// Tiling does not depend on which tile is picked — only the offset does — so
/// a loop over tiles builds this once and calls [`TileGrid::tile`] per tile.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let m: DLayout = "(8,8):(8,1)".parse().unwrap(); // 8×8 row-major
/// let tiler = shape_tiler(&"(4,2)".parse().unwrap()).unwrap();
/// let g = TileGrid::new(&m, &tiler).unwrap();
/// assert_eq!(g.tiles().unwrap().to_string(), "(2,4)");
/// let (tile, off) = g.tile(&"(1,2)".parse().unwrap()).unwrap();
/// assert_eq!((tile.to_string(), off), ("(4,2):(8,1)".to_string(), 36));
/// ```
#[derive(Clone, Debug)]
pub struct TileGrid {
    zipped: DLayout,
    rest: ModeEval,
}

impl TileGrid {
    /// `zipped_divide(layout, tiler)`; the algebra's preconditions apply (a tiler
    /// mode must divide, or overhang functionally, the mode it tiles).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let m: DLayout = "(8,8):(8,1)".parse().unwrap(); // 8×8 row-major
    /// let tiler = shape_tiler(&"(4,2)".parse().unwrap()).unwrap();
    /// assert!(TileGrid::new(&m, &tiler).is_ok());
    /// ```
    pub fn new(layout: &DLayout, tiler: &DTiler) -> Result<TileGrid, Error> {
        let zipped = crate::algebra::zipped_divide_tiler(layout, tiler)?;
        Ok(TileGrid {
            zipped: zipped.clone(),
            rest: ModeEval::new(&zipped.get(1)?)?,
        })
    }
    /// The zipped layout `((tile),(rest))`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let m: DLayout = "(8,8):(8,1)".parse().unwrap(); // 8×8 row-major
    /// let tiler = shape_tiler(&"(4,2)".parse().unwrap()).unwrap();
    /// let g = TileGrid::new(&m, &tiler).unwrap();
    /// assert_eq!(g.zipped().to_string(), "((4,2),(2,4)):((8,1),(32,2))");
    /// ```
    pub fn zipped(&self) -> &DLayout {
        &self.zipped
    }
    /// The offset of the tile at `coord`, one integer per rest mode (missing
    /// trailing modes count as `_`, i.e. 0): the same offset as [`TileGrid::tile`],
    /// by plain arithmetic.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let m: DLayout = "(8,8):(8,1)".parse().unwrap(); // 8×8 row-major
    /// let tiler = shape_tiler(&"(4,2)".parse().unwrap()).unwrap();
    /// let g = TileGrid::new(&m, &tiler).unwrap();
    /// assert_eq!(g.offset(&[1, 2]).unwrap(), 36); // rows 4.., columns 4..
    /// assert_eq!(g.offset(&[1]).unwrap(), 32); // missing modes count as 0
    /// ```
    pub fn offset(&self, coord: &[i64]) -> Result<i64, Error> {
        if coord.len() > self.rest.modes() {
            return Err(Error::TilerRank);
        }
        let mut offset = 0i64;
        for (i, &c) in coord.iter().enumerate() {
            if c < 0 || c >= self.rest.mode_size(i)? {
                return Err(Error::OutOfDomain);
            }
            offset = offset
                .checked_add(self.rest.mode_offset(i, c)?)
                .ok_or(Error::Overflow)?;
        }
        Ok(offset)
    }
    /// The shape of the rest mode: how many tiles there are along each mode.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let m: DLayout = "(8,8):(8,1)".parse().unwrap(); // 8×8 row-major
    /// let tiler = shape_tiler(&"(4,2)".parse().unwrap()).unwrap();
    /// assert_eq!(TileGrid::new(&m, &tiler).unwrap().tiles().unwrap().to_string(), "(2,4)");
    /// ```
    pub fn tiles(&self) -> Result<DTuple, Error> {
        self.zipped.shape().get(1)
    }
    /// The tile at `coord` (CuTe's `local_tile`): slices the rest mode with
    /// `coord` and keeps every tile mode. A tuple `coord` addresses the rest
    /// mode by mode (missing trailing modes are kept, as `_`); an integer indexes it
    /// as a 1-D index. `_` in `coord` keeps that rest mode (a stack of tiles).
    ///
    /// Returns the layout of the tile and the offset of its first element; a
    /// coordinate outside the grid of tiles ([`TileGrid::tiles`]) is
    /// [`Error::OutOfDomain`].
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let m: DLayout = "(8,8):(8,1)".parse().unwrap(); // 8×8 row-major
    /// let tiler = shape_tiler(&"(4,2)".parse().unwrap()).unwrap();
    /// let g = TileGrid::new(&m, &tiler).unwrap();
    /// let (t, off) = g.tile(&"(0,3)".parse().unwrap()).unwrap();
    /// assert_eq!((t.to_string(), off), ("(4,2):(8,1)".to_string(), 6));
    /// // `_` keeps a rest mode: every tile of row-block 1.
    /// let (stack, _) = g.tile(&"(1,_)".parse().unwrap()).unwrap();
    /// assert_eq!(stack.size().unwrap().value, 32);
    /// ```
    pub fn tile(&self, coord: &DTuple) -> Result<(DLayout, i64), Error> {
        tile_of_zipped(&self.zipped, coord)
    }
}

/// The tile at `coord` of a zipped layout `((tile…),(rest…))` (see [`TileGrid::tile`]).
pub(crate) fn tile_of_zipped(zipped: &DLayout, coord: &DTuple) -> Result<(DLayout, i64), Error> {
    let tile_modes = zipped.shape().get(0)?.as_tuple().rank();
    let rest_rank = zipped.shape().get(1)?.as_tuple().rank();
    // C++'s `repeat<R>(_)`: a bare `_` for one tile mode (kept whole, nested),
    // `(_, …)` for more (flattened one level).
    let keep_tile = if tile_modes == 1 {
        DTuple::underscore()
    } else {
        repeat_underscore(tile_modes)?
    };
    let rest = if coord.is_tuple() {
        append_underscores(coord, rest_rank)?
    } else {
        coord.clone()
    };
    // A tile outside the grid of tiles would be a view past the tensor (inside
    // its storage when the storage is longer): refused, as the typed tilers do.
    let grid = zipped.shape().get(1)?;
    let grid = if rest.is_tuple() {
        grid.as_tuple()
    } else {
        grid
    };
    if !super::bounds::in_domain(&rest, &grid)? {
        return Err(Error::OutOfDomain);
    }
    let c = DTuple::tuple(&[keep_tile, rest])?;
    slice_layout(&c, zipped)
}

/// `(_, _, …)` with `n` entries.
pub(crate) fn repeat_underscore(n: usize) -> Result<DTuple, Error> {
    let mut t = DTuple::empty();
    for _ in 0..n {
        t = t.push(&DTuple::underscore())?;
    }
    Ok(t)
}

/// `coord` padded with `_` to rank `n` (CuTe's `append<n>(coord, _)`).
pub(crate) fn append_underscores(coord: &DTuple, n: usize) -> Result<DTuple, Error> {
    let mut t = coord.as_tuple();
    if t.rank() > n {
        return Err(Error::TilerRank);
    }
    while t.rank() < n {
        t = t.push(&DTuple::underscore())?;
    }
    Ok(t)
}

/// CuTe's `local_tile(layout, tiler, coord)` on a bare layout: the layout of the
/// tile and the offset of its first element (see [`TileGrid::tile`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let m: DLayout = "(8,8):(8,1)".parse().unwrap(); // 8×8 row-major
/// let tiler = shape_tiler(&"(4,2)".parse().unwrap()).unwrap();
/// let (t, off) = local_tile_layout(&m, &tiler, &"(1,2)".parse().unwrap()).unwrap();
/// assert_eq!((t.to_string(), off), ("(4,2):(8,1)".to_string(), 36));
/// ```
pub fn local_tile_layout(
    layout: &DLayout,
    tiler: &DTiler,
    coord: &DTuple,
) -> Result<(DLayout, i64), Error> {
    TileGrid::new(layout, tiler)?.tile(coord)
}

/// Keeps the entries of a tiler, a coordinate or a layout's modes where `proj`
/// is `true` (CuTe's `dice` with a `Step<_1, X, _1>`-style projection).
pub(crate) fn dice_tiler(proj: &[bool], tiler: &DTiler) -> Result<DTiler, Error> {
    if proj.len() != tiler.rank() {
        return Err(Error::TilerRank);
    }
    let mut t = DTiler::new();
    for (i, keep) in proj.iter().enumerate() {
        if *keep {
            t = t.push(&tiler.mode(i)?)?;
        }
    }
    Ok(t)
}

pub(crate) fn dice_tuple(proj: &[bool], coord: &DTuple) -> Result<DTuple, Error> {
    let c = coord.as_tuple();
    if proj.len() != c.rank() {
        return Err(Error::CoordinateMismatch);
    }
    let mut t = DTuple::empty();
    for (i, keep) in proj.iter().enumerate() {
        if *keep {
            t = t.push(&c.get(i)?)?;
        }
    }
    Ok(t)
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `local_tile(tensor, tiler, coord)`: the tile at `coord` of
    /// `zipped_divide(tensor, tiler)`, as a view.
    ///
    /// The tiler is a [`DTiler`] (any layout; `coord` may hold `_` to keep a rest
    /// mode: `local_tile(A, [BM,BK], (m, _))` is `(BM, BK, k)`; the tile is a
    /// [`DLayout`]) or a typed tiler, a tuple of static extents such as
    /// `(_32, _8)`, whose tile is a typed layout with the static tile shape (see
    /// [`TiledBy`](super::TiledBy): CuTe's `(_BM,_BN):(N,_1)` for an
    /// `(M,N):(N,_1)` tensor).
    ///
    /// [`Error::OutOfStorage`] if the tile overhangs the storage (a ragged edge
    /// tile of a matrix whose extent is not a multiple of the tile: CuTe does not
    /// clip it, and a plain view must fit its storage); make it with
    /// [`Tensor::local_tile_ragged`] (a view whose accesses are checked one by
    /// one) and predicate with an identity tensor tiled the same way
    /// ([`super::make_identity_tensor_typed`]).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// // A typed tiler: the tile's layout is static, in the type.
    /// let tile: Tensor<&[i32], Layout<(_2, _2), (_4, _1)>> = t.view().local_tile(&(_2, _2), (1, 1)).unwrap();
    /// assert_eq!(tile.layout().to_string(), "(_2,_2):(_4,_1)");
    /// assert_eq!(tile.to_vec(), [10, 14, 11, 15]);
    /// // A run-time tiler: the same elements, a run-time layout.
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// let tile = t.view().local_tile(&tiler, (1, 1)).unwrap();
    /// assert_eq!(tile.to_vec(), [10, 14, 11, 15]);
    /// ```
    pub fn local_tile<T, K>(self, tiler: &T, coord: K) -> Result<Tensor<E, T::Tile>, Error>
    where
        T: LocalTiler<L, K>,
    {
        let (layout, offset) = tiler.tile_layout(self.layout(), coord)?;
        let base = self.offset().checked_add(offset).ok_or(Error::Overflow)?;
        Tensor::with_offset(self.into_engine(), layout, base)
    }
    /// `local_tile` with a projection: only the tiler modes and coordinate
    /// entries where `proj` is `true` apply (CuTe's `Step<_1, X, _1>` is
    /// `&[true, false, true]`), so one `(BM, BN, BK)` tiler serves A, B and C.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// // One (BM, BN, BK) = (2, 2, 2) tiler; this (M, K) tensor uses modes M and K.
    /// let tiler = shape_tiler(&"(2,2,2)".parse().unwrap()).unwrap();
    /// let a = t.view().local_tile_proj(&tiler, (1, 0, 1), &[true, false, true]).unwrap();
    /// assert_eq!(a.to_vec(), [10, 14, 11, 15]);
    /// ```
    pub fn local_tile_proj<C: IntoCoord>(
        self,
        tiler: &DTiler,
        coord: C,
        proj: &[bool],
    ) -> Result<Tensor<E, DLayout>, Error> {
        let t = dice_tiler(proj, tiler)?;
        let c = dice_tuple(proj, &coord.into_coord()?)?;
        self.local_tile(&t, c)
    }
}

/// CuTe's `local_tile(tensor, tiler, coord)` (see [`Tensor::local_tile`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
/// let tiler = shape_tiler(&"(2,4)".parse().unwrap()).unwrap();
/// let tile = local_tile(t.view(), &tiler, (1, 0)).unwrap();
/// assert_eq!(tile.to_vec(), [8, 12, 9, 13, 10, 14, 11, 15]);
/// let typed = local_tile(t.view(), &(_2, _4), (1, 0)).unwrap();
/// assert_eq!(typed.layout().to_string(), "(_2,_4):(_4,_1)");
/// assert_eq!(typed.to_vec(), tile.to_vec());
/// ```
pub fn local_tile<E: Engine, L: TensorLayout, T: LocalTiler<L, K>, K>(
    tensor: Tensor<E, L>,
    tiler: &T,
    coord: K,
) -> Result<Tensor<E, T::Tile>, Error> {
    tensor.local_tile(tiler, coord)
}
