//! `local_tile` with typed tilers: a tuple of static extents `(_BM, _BN)` (or a
//! [`DTiler`]) and a typed coordinate, giving a typed tile.
//!
//! For a layout whose modes are single leaves, `(s₀, s₁, …):(d₀, d₁, …)` with
//! static or run-time leaves, tiled by static extents `(B₀, B₁, …)`, CuTe's
//! `zipped_divide` is, mode by mode,
//!
//! ```text
//! sᵢ:dᵢ  ÷  Bᵢ  =  (Bᵢ, ⌈sᵢ/Bᵢ⌉) : (dᵢ, Bᵢ·dᵢ)
//! ```
//!
//! so the tile at coordinate `(c₀, c₁, …)` is `(B₀, B₁, …):(d₀, d₁, …)` — a
//! static shape, the input's strides with their kinds — at offset
//! `Σ cᵢ·Bᵢ·dᵢ`, where `0 ≤ cᵢ < ⌈sᵢ/Bᵢ⌉`. The typed result is that
//! `Layout<(_B₀, _B₁, …), (D₀, D₁, …)>`, computed with this arithmetic rather than
//! through [`DLayout`]. As in CuTe, the last tile of a mode whose extent is not a
//! multiple of the tile is not clipped (the tile keeps its static shape).
//!
//! Preconditions, checked at compile time: every tile extent is at least 2
//! (CuTe reads a tile extent `_1` as the layout `_1:_0`, which changes the
//! stride's kind; tile by a [`DTiler`] there), and a static `sᵢ` is a multiple of
//! `Bᵢ` (CuTe's static shape divisibility).
use super::coord::IntoCoord;
use super::flat_coord::FlatCoord;
use super::flat_coord::IndexLeaf;
use super::layout_trait::TensorLayout;
use super::local_tile::{local_tile_layout, tile_of_zipped};
use crate::dynamic::{DLayout, DTiler};
use crate::error::Error;
use crate::typed::numeral::Numeral;
use crate::typed::{
    Congruent, Coord, IntLike, IntMul, IntTuple, Layout, TilerOperand, Underscore, C,
};

/// A tiler of [`Tensor::local_tile`](super::Tensor::local_tile) for a tensor of
/// layout `L` at coordinate `K`: a [`DTiler`] (any layout, any coordinate
/// [`IntoCoord`] accepts, a [`DLayout`] tile) or a typed tiler, a tuple of
/// static extents (a typed tile, see [`TiledBy`]).
///
/// ```
/// use cute_types::tensor::*;
/// use cute_types::*;
/// let l = make_layout_right((_8, _8)); // 8×8 row-major, static
/// // Typed: the tile is a static layout of the type.
/// let (t, off): (Layout<(_2, _4), (_8, _1)>, i64) = (_2, _4).tile_layout(&l, (1i64, 1i64)).unwrap();
/// assert_eq!((t.to_string(), off), ("(_2,_4):(_8,_1)".to_string(), 20));
/// // The same tile through a run-time tiler.
/// let d = shape_tiler(&"(2,4)".parse().unwrap()).unwrap();
/// let (td, offd) = d.tile_layout(&l, (1, 1)).unwrap();
/// assert_eq!((td.to_string(), offd), ("(2,4):(_8,_1)".to_string(), 20));
/// ```
pub trait LocalTiler<L, K> {
    /// The layout of a tile.
    type Tile: TensorLayout;
    /// The tile of `layout` at `coord` and the offset of its first element.
    fn tile_layout(&self, layout: &L, coord: K) -> Result<(Self::Tile, i64), Error>;
}

impl<L: TensorLayout, K: IntoCoord> LocalTiler<L, K> for DTiler {
    type Tile = DLayout;
    fn tile_layout(&self, layout: &L, coord: K) -> Result<(DLayout, i64), Error> {
        local_tile_layout(&layout.to_dlayout(), self, &coord.into_coord()?)
    }
}

/// A layout that the typed tiler `T` tiles at the coordinate `K`:
///
/// * `Layout<(S₀, …), (D₀, …)>`, every mode a leaf (static `_N` or `i64`), by
///   `(_B₀, …)` of the same rank: the tile `Layout<(_B₀, …), (D₀, …)>` (see the
///   module docs); `K` is a tuple of one index per mode (`i64` or `_N`), or one
///   integer indexing the tiles colexicographically. For rank 2, `_` in a
///   mode of run-time extent keeps that mode's tiles ([`TileCoord2`]: CuTe's
///   `(BM, BK, k)` for `(m, _)`); elsewhere `_` does not compile.
/// * [`DLayout`] by any typed tiler and coordinate: a [`DLayout`] tile, through
///   the layout algebra (the same as a [`DTiler`]).
///
/// A tile coordinate outside the grid of tiles is [`Error::OutOfDomain`].
///
/// ```
/// use cute_types::tensor::*;
/// use cute_types::*;
/// // (M, N):(N, _1), M and N known at run time, tiled by (_32, _8):
/// let a = Layout::new((100i64, 60i64), (60i64, _1)).unwrap();
/// let (t, off) = a.tile_by(&(_32, _8), (3i64, 7i64)).unwrap();
/// let _: &Layout<(_32, _8), (i64, _1)> = &t; // the tile's type
/// assert_eq!(t.to_string(), "(_32,_8):(60,_1)");
/// assert_eq!(off, 3 * 32 * 60 + 7 * 8);
/// // 4 × 8 tiles (the last ones partial, not clipped): (4, 0) is outside.
/// assert_eq!(a.tile_by(&(_32, _8), (4i64, 0i64)).unwrap_err(), Error::OutOfDomain);
/// ```
///
/// A static extent that the tile does not divide does not compile (the rule is
/// the message):
///
/// ```compile_fail
/// use cute_types::tensor::*;
/// use cute_types::*;
/// let a = make_layout_right((_6, _4));
/// let _ = a.tile_by(&(_4, _2), (0i64, 0i64)); // 6 is not a multiple of 4
/// ```
pub trait TiledBy<T, K>: Sized {
    /// The layout of a tile.
    type Tile: TensorLayout;
    /// The tile at `coord` and the offset of its first element.
    fn tile_by(&self, tiler: &T, coord: K) -> Result<(Self::Tile, i64), Error>;
}

impl<T: TilerOperand, K: Coord> TiledBy<T, K> for DLayout {
    type Tile = DLayout;
    fn tile_by(&self, tiler: &T, coord: K) -> Result<(DLayout, i64), Error> {
        let zipped = zipped_divide_arg(self, &tiler.to_tiler()?)?;
        tile_of_zipped(&zipped, &coord.to_dcoord())
    }
}

/// `zipped_divide(layout, tiler)` for a run-time tiler argument (an integer is
/// `make_layout(n)`, as for every divide).
pub(crate) fn zipped_divide_arg(
    layout: &DLayout,
    tiler: &crate::typed::DTilerArg,
) -> Result<DLayout, Error> {
    use crate::typed::DTilerArg;
    match tiler.as_layout_or_tiler()? {
        DTilerArg::Layout(b) => crate::algebra::zipped_divide(layout, &b),
        DTilerArg::Tiler(t) => crate::algebra::zipped_divide_tiler(layout, &t),
        DTilerArg::Int(_) => Err(Error::TilerRank),
    }
}

macro_rules! tuple_local_tiler {
    ($($T:ident),+) => {
        impl<L: TiledBy<($($T,)+), K>, K, $($T),+> LocalTiler<L, K> for ($($T,)+) {
            type Tile = L::Tile;
            #[inline]
            fn tile_layout(&self, layout: &L, coord: K) -> Result<(L::Tile, i64), Error> {
                layout.tile_by(self, coord)
            }
        }
    };
}
tuple_local_tiler!(T0);
tuple_local_tiler!(T0, T1);
tuple_local_tiler!(T0, T1, T2);
tuple_local_tiler!(T0, T1, T2, T3);

/// The compile-time preconditions of a leaf mode of extent `extent` (`None`:
/// run-time) tiled by `b`.
#[track_caller]
pub(crate) const fn check_leaf_tile(extent: Option<i64>, b: i64) {
    if b < 2 {
        panic!(
            "typed local_tile: every tile extent must be at least 2 (CuTe reads a tile extent _1 \
             as the layout _1:_0, which is not the stride the typed tile keeps; tile by a DTiler)"
        )
    }
    if let Some(s) = extent {
        if s % b != 0 {
            Error::ShapeDivisibility.raise()
        }
    }
}

/// The compile-time form of a tile coordinate: one integer, or one integer per
/// mode; no `_`.
#[track_caller]
pub(crate) const fn check_tile_coord(is_leaf: bool, entries: usize, rank: usize, has_us: bool) {
    if has_us {
        panic!(
            "typed local_tile of a layout with leaf modes: `_` in the tile coordinate is not \
             supported (it keeps a rest mode; index each tile, or tile by a DTiler)"
        )
    }
    if !is_leaf && entries != rank {
        Error::CoordinateMismatch.raise()
    }
}

/// Number of tiles of extent `b` along a mode of extent `s` (`⌈s/b⌉`, `s > 0`).
#[inline(always)]
pub(crate) fn tile_count(s: i64, b: i64) -> i64 {
    s / b + i64::from(s % b != 0)
}

/// `Σ cᵢ·stepᵢ` for the tile coordinate `coord` over a grid of `counts` tiles,
/// each coordinate checked to be inside the grid ([`Error::OutOfDomain`]).
#[inline(always)]
pub(crate) fn grid_offset<K: FlatCoord>(
    counts: &[i64],
    steps: &[i64],
    coord: &K,
) -> Result<i64, Error> {
    let mut acc = 0i64;
    if K::IS_LEAF {
        // One 1-D index over the grid, colexicographic (the first mode fastest).
        let mut idx = coord.flat_entry(0).unwrap_or(0);
        if idx < 0 {
            return Err(Error::OutOfDomain);
        }
        for (&n, &step) in counts.iter().zip(steps) {
            let c = idx % n;
            idx /= n;
            acc = add_term(acc, c, step)?;
        }
        if idx != 0 {
            return Err(Error::OutOfDomain);
        }
        return Ok(acc);
    }
    for (i, (&n, &step)) in counts.iter().zip(steps).enumerate() {
        let c = coord.flat_entry(i).unwrap_or(0);
        if c < 0 || c >= n {
            return Err(Error::OutOfDomain);
        }
        acc = add_term(acc, c, step)?;
    }
    Ok(acc)
}

#[inline(always)]
fn add_term(acc: i64, c: i64, step: i64) -> Result<i64, Error> {
    c.checked_mul(step)
        .and_then(|t| acc.checked_add(t))
        .ok_or(Error::Overflow)
}

macro_rules! leaf_tiled_by {
    ($n:literal: $($S:ident $D:ident $B:ident $i:tt),+) => {
        impl<$($S, $D, $B,)+ K> TiledBy<($(C<$B>,)+), K> for Layout<($($S,)+), ($($D,)+)>
        where
            $($S: IntLike + Congruent<$D>, $D: IntLike + IntTuple, $B: Numeral, C<$B>: Congruent<$D>,)+
            K: FlatCoord,
        {
            type Tile = Layout<($(C<$B>,)+), ($($D,)+)>;
            #[inline]
            fn tile_by(&self, _: &($(C<$B>,)+), coord: K) -> Result<(Self::Tile, i64), Error> {
                let () = const {
                    $(check_leaf_tile(<$S as IntLike>::STATIC, C::<$B>::VALUE);)+
                    check_tile_coord(K::IS_LEAF, K::ENTRIES, $n, K::COORD_PATTERN.has_underscore());
                };
                let (shape, stride) = (self.shape(), self.stride());
                let counts = [$(tile_count(shape.$i.value(), C::<$B>::VALUE),)+];
                let steps = [$(C::<$B>::VALUE.checked_mul(stride.$i.value()).ok_or(Error::Overflow)?,)+];
                let offset = grid_offset(&counts, &steps, &coord)?;
                let tile = Layout::try_new(($(C::<$B>::new(),)+), ($(stride.$i,)+))?;
                Ok((tile, offset))
            }
        }
    };
}
leaf_tiled_by!(1: S0 D0 B0 0);
leaf_tiled_by!(3: S0 D0 B0 0, S1 D1 B1 1, S2 D2 B2 2);
leaf_tiled_by!(4: S0 D0 B0 0, S1 D1 B1 1, S2 D2 B2 2, S3 D3 B3 3);

impl<S0, S1, D0, D1, B0, B1, K> TiledBy<(C<B0>, C<B1>), K> for Layout<(S0, S1), (D0, D1)>
where
    S0: IntLike + Congruent<D0>,
    S1: IntLike + Congruent<D1>,
    D0: IntLike + IntTuple,
    D1: IntLike + IntTuple,
    B0: Numeral,
    B1: Numeral,
    C<B0>: Congruent<D0>,
    C<B1>: Congruent<D1>,
    K: TileCoord2<S0, S1, B0, B1, D0, D1>,
{
    type Tile = K::Tile;
    #[inline]
    fn tile_by(&self, _: &(C<B0>, C<B1>), coord: K) -> Result<(K::Tile, i64), Error> {
        let () = const {
            check_leaf_tile(<S0 as IntLike>::STATIC, C::<B0>::VALUE);
            check_leaf_tile(<S1 as IntLike>::STATIC, C::<B1>::VALUE);
        };
        let (shape, stride) = (self.shape(), self.stride());
        let counts = [
            tile_count(shape.0.value(), C::<B0>::VALUE),
            tile_count(shape.1.value(), C::<B1>::VALUE),
        ];
        coord.place(stride, counts)
    }
}

/// A tile coordinate of a rank-2 layout `(S0, S1):(D0, D1)` with leaf modes
/// tiled by `(_B0, _B1)`: it decides the tile's type. One index per mode, or
/// one 1-D index, gives the `(_B0,_B1):(D0,D1)` tile; `_` in a mode of
/// run-time extent (`i64`) keeps that mode's tiles as a third (and fourth)
/// mode, as CuTe's `local_tile(A, tiler, (m, _))` is `(BM, BK, k)`. (For a
/// static layout, `zipped_divide` and `slice` keep everything static.)
///
/// ```
/// use cute_types::tensor::*;
/// use cute_types::*;
/// let a = Layout::new((100i64, 60i64), (60i64, _1)).unwrap();
/// // The row of tiles m = 3: (_32,_8) tiles, 8 of them along the columns.
/// let (t, off) = a.tile_by(&(_32, _8), (3i64, Underscore)).unwrap();
/// let _: &Layout<(_32, _8, i64), (i64, _1, _8)> = &t;
/// assert_eq!((t.to_string(), off), ("(_32,_8,8):(60,_1,_8)".to_string(), 3 * 32 * 60));
/// ```
pub trait TileCoord2<S0, S1, B0, B1, D0, D1>: Coord {
    /// The tile's layout.
    type Tile: TensorLayout;
    /// The tile and its offset, for tile strides `stride` and `counts` tiles per mode.
    fn place(&self, stride: (D0, D1), counts: [i64; 2]) -> Result<(Self::Tile, i64), Error>;
}

/// `Bᵢ·dᵢ` as a run-time value (the step between tiles of mode `i`).
#[inline(always)]
fn tile_step<B: Numeral, D: IntLike>(d: D) -> Result<i64, Error> {
    C::<B>::VALUE.checked_mul(d.value()).ok_or(Error::Overflow)
}

macro_rules! fixed_tile_coord {
    ([$($gen:tt)*] $K:ty) => {
        impl<S0, S1, B0, B1, D0, D1, $($gen)*> TileCoord2<S0, S1, B0, B1, D0, D1> for $K
        where
            B0: Numeral,
            B1: Numeral,
            D0: IntLike + IntTuple,
            D1: IntLike + IntTuple,
            C<B0>: Congruent<D0>,
            C<B1>: Congruent<D1>,
        {
            type Tile = Layout<(C<B0>, C<B1>), (D0, D1)>;
            #[inline(always)]
            fn place(&self, stride: (D0, D1), counts: [i64; 2]) -> Result<(Self::Tile, i64), Error> {
                let steps = [tile_step::<B0, D0>(stride.0)?, tile_step::<B1, D1>(stride.1)?];
                let offset = grid_offset(&counts, &steps, self)?;
                Ok((Layout::try_new((C::new(), C::new()), stride)?, offset))
            }
        }
    };
}
fixed_tile_coord!([] i64);
fixed_tile_coord!([N: Numeral] C<N>);
fixed_tile_coord!([K0: IndexLeaf, K1: IndexLeaf] (K0, K1));

/// The one entry of a tile coordinate with one `_`: its index must lie in `0..count`.
#[inline(always)]
fn kept_offset<K: IndexLeaf>(k: &K, count: i64, step: i64) -> Result<i64, Error> {
    let c = k.index();
    if c < 0 || c >= count {
        return Err(Error::OutOfDomain);
    }
    c.checked_mul(step).ok_or(Error::Overflow)
}

impl<S0, B0, B1, D0, D1, K0: IndexLeaf> TileCoord2<S0, i64, B0, B1, D0, D1> for (K0, Underscore)
where
    B0: Numeral,
    B1: Numeral,
    D0: IntLike + IntTuple,
    D1: IntLike + IntTuple,
    C<B0>: Congruent<D0>,
    C<B1>: Congruent<D1> + IntMul<D1>,
    i64: Congruent<<C<B1> as IntMul<D1>>::Output>,
{
    type Tile = Layout<(C<B0>, C<B1>, i64), (D0, D1, <C<B1> as IntMul<D1>>::Output)>;
    #[inline(always)]
    fn place(&self, stride: (D0, D1), counts: [i64; 2]) -> Result<(Self::Tile, i64), Error> {
        let offset = kept_offset(&self.0, counts[0], tile_step::<B0, D0>(stride.0)?)?;
        let rest = C::<B1>::new().int_mul(stride.1)?;
        let tile = Layout::try_new((C::new(), C::new(), counts[1]), (stride.0, stride.1, rest))?;
        Ok((tile, offset))
    }
}

impl<S1, B0, B1, D0, D1, K1: IndexLeaf> TileCoord2<i64, S1, B0, B1, D0, D1> for (Underscore, K1)
where
    B0: Numeral,
    B1: Numeral,
    D0: IntLike + IntTuple,
    D1: IntLike + IntTuple,
    C<B0>: Congruent<D0> + IntMul<D0>,
    C<B1>: Congruent<D1>,
    i64: Congruent<<C<B0> as IntMul<D0>>::Output>,
{
    type Tile = Layout<(C<B0>, C<B1>, i64), (D0, D1, <C<B0> as IntMul<D0>>::Output)>;
    #[inline(always)]
    fn place(&self, stride: (D0, D1), counts: [i64; 2]) -> Result<(Self::Tile, i64), Error> {
        let offset = kept_offset(&self.1, counts[1], tile_step::<B1, D1>(stride.1)?)?;
        let rest = C::<B0>::new().int_mul(stride.0)?;
        let tile = Layout::try_new((C::new(), C::new(), counts[0]), (stride.0, stride.1, rest))?;
        Ok((tile, offset))
    }
}

impl<B0, B1, D0, D1> TileCoord2<i64, i64, B0, B1, D0, D1> for (Underscore, Underscore)
where
    B0: Numeral,
    B1: Numeral,
    D0: IntLike + IntTuple,
    D1: IntLike + IntTuple,
    C<B0>: Congruent<D0> + IntMul<D0>,
    C<B1>: Congruent<D1> + IntMul<D1>,
    i64: Congruent<<C<B0> as IntMul<D0>>::Output> + Congruent<<C<B1> as IntMul<D1>>::Output>,
{
    #[allow(clippy::type_complexity)]
    type Tile = Layout<
        (C<B0>, C<B1>, i64, i64),
        (
            D0,
            D1,
            <C<B0> as IntMul<D0>>::Output,
            <C<B1> as IntMul<D1>>::Output,
        ),
    >;
    #[inline(always)]
    fn place(&self, stride: (D0, D1), counts: [i64; 2]) -> Result<(Self::Tile, i64), Error> {
        let rests = (
            C::<B0>::new().int_mul(stride.0)?,
            C::<B1>::new().int_mul(stride.1)?,
        );
        let tile = Layout::try_new(
            (C::new(), C::new(), counts[0], counts[1]),
            (stride.0, stride.1, rests.0, rests.1),
        )?;
        Ok((tile, 0))
    }
}
