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
//! A layout with a nested mode is tiled as C++ tiles it, through the typed
//! algebra: `zipped_divide(layout, tiler)` sliced at `((_, …), coord)`
//! ([`TileDispatch`]): a static result for a static layout (zero-sized), a
//! [`DLayout`] otherwise (CuTe's `((2,2),_5):((_1,2),12)` for
//! `((2,6),10):((_1,2),12)` by `(_4,_5)` at `(2,1)`).
//!
//! Preconditions of the mode-by-mode path, checked at compile time: every tile extent is at least 2
//! (CuTe reads a tile extent `_1` as the layout `_1:_0`, which changes the
//! stride's kind; tile by a [`DTiler`] there), and a static `sᵢ` is a multiple of
//! `Bᵢ` (CuTe's static shape divisibility).
use super::coord::IntoCoord;
use super::divide::DivideArg;
use super::flat_coord::FlatCoord;
use super::flat_coord::IndexLeaf;
use super::layout_trait::TensorLayout;
use super::local_tile::{local_tile_layout, tile_of_zipped};
use super::slice::SliceBy;
use crate::dynamic::{DLayout, DTiler};
use crate::error::Error;
use crate::typed::numeral::Numeral;
use crate::typed::{
    And, Congruent, Coord, False, IntDiv, IntLike, IntMul, IntTuple, Layout, RuntimeInt,
    StaticFlag, TilerOperand, True, Underscore, C,
};

/// A tiler of [`Tensor::local_tile`](super::Tensor::local_tile) for a tensor of
/// layout `L` at coordinate `K`: a [`DTiler`] (any layout, any coordinate
/// [`IntoCoord`] accepts, a [`DLayout`] tile) or a typed tiler, a tuple of
/// static extents (a typed tile, see [`TiledBy`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
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
///   module docs); `K` is one integer indexing the tiles colexicographically,
///   or a tuple of one entry per mode: an index (`i64` or `_N`), or `_`, which
///   keeps that mode's tiles as a trailing mode ([`TileCoord`]: CuTe's
///   `(BM, BK, k)` for `(m, _)`, in any rank up to 4).
/// * The same layouts by run-time extents `(bm, bk)` (`i64`, as C++'s
///   `make_shape(bm, bk)` with `int`s): the tile `Layout<(i64, …), (D₀, …)>`,
///   `(bm,bk):(d₀,d₁)` at offset `Σ cᵢ·bᵢ·dᵢ`, `⌈sᵢ/bᵢ⌉` tiles per mode; `_`
///   in the coordinate keeps a mode's tiles as the run-time mode
///   `⌈sᵢ/bᵢ⌉ : bᵢ·dᵢ` (`RtTileCoord`); an extent below 1 is
///   [`Error::NonPositiveShape`]. A rank-1 tile keeps its mode nested, as C++.
/// * [`DLayout`] by any typed tiler and coordinate: a [`DLayout`] tile, through
///   the layout algebra (the same as a [`DTiler`]).
///
/// A tile coordinate outside the grid of tiles is [`Error::OutOfDomain`].
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
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
/// Run-time tile extents:
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let a = Layout::new((100i64, 60i64), (60i64, _1)).unwrap();
/// let (t, off) = a.tile_by(&(32i64, 8i64), (3, 7)).unwrap();
/// let _: &Layout<(i64, i64), (i64, _1)> = &t;
/// assert_eq!((t.to_string(), off), ("(32,8):(60,_1)".to_string(), 5816));
/// assert_eq!(a.tile_by(&(0i64, 8i64), (0, 0)).unwrap_err(), Error::NonPositiveShape);
/// ```
///
/// A static extent that the tile does not divide does not compile (the rule is
/// the message):
///
/// ```compile_fail
/// use cute_typed::tensor::*;
/// use cute_typed::*;
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
        tile_of_zipped(
            &zipped,
            &crate::dynamic::DTuple::from_fixed(&coord.to_dcoord()),
        )
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
        DTilerArg::Layout(b) => crate::algebra::zipped_divide(layout, &DLayout::from_fixed(&b)),
        DTilerArg::Tiler(t) => {
            crate::algebra::zipped_divide_tiler(layout, &crate::dynamic::DTiler::from_fixed(&t))
        }
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

/// A tuple type with one more element `X` at its end (the kept modes of a
/// tile coordinate with `_` are appended this way).
pub trait Push<X> {
    /// `(A₀, …, X)`.
    type Out;
    /// `(a₀, …, x)`.
    fn push(self, x: X) -> Self::Out;
}

macro_rules! push {
    ($($A:ident $i:tt),*) => {
        impl<$($A,)* X> Push<X> for ($($A,)*) {
            type Out = ($($A,)* X,);
            #[inline(always)]
            fn push(self, x: X) -> Self::Out {
                ($(self.$i,)* x,)
            }
        }
    };
}
push!(A0 0);
push!(A0 0, A1 1);
push!(A0 0, A1 1, A2 2);
push!(A0 0, A1 1, A2 2, A3 3);
push!(A0 0, A1 1, A2 2, A3 3, A4 4);
push!(A0 0, A1 1, A2 2, A3 3, A4 4, A5 5);
push!(A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6);

/// One entry of a tile coordinate, for a leaf mode `S:D` tiled by `_B`, given
/// the tile's shape and stride so far (`Acc = (shape, stride)`):
///
/// * an index `c` (`i64` or `_N`) picks the `c`-th tile of the mode
///   (`0 ≤ c < ⌈s/B⌉`, else [`Error::OutOfDomain`]): offset `c·B·d`, nothing kept;
/// * `_` keeps the mode's tiles: the mode `⌈s/B⌉ : B·d` is appended (static
///   when `s` is, as C++'s `shape_div`; the stride static when `d` is), offset 0.
pub trait TileEntry<S, D, B, Acc> {
    /// The tile's `(shape, stride)` after this entry.
    type Acc;
    /// The tile after this entry and this entry's part of the offset.
    fn place(&self, extent: S, stride: D, acc: Acc) -> Result<(Self::Acc, i64), Error>;
}

impl<S: IntLike, D: IntLike, B: Numeral, Acc, K: IndexLeaf> TileEntry<S, D, B, Acc> for K {
    type Acc = Acc;
    #[inline(always)]
    fn place(&self, extent: S, stride: D, acc: Acc) -> Result<(Acc, i64), Error> {
        let count = tile_count(extent.value(), C::<B>::VALUE);
        let c = self.index();
        if c < 0 || c >= count {
            return Err(Error::OutOfDomain);
        }
        Ok((
            acc,
            c.checked_mul(tile_step::<B, D>(stride)?)
                .ok_or(Error::Overflow)?,
        ))
    }
}

impl<S, D, B, Sh, St> TileEntry<S, D, B, (Sh, St)> for Underscore
where
    S: IntLike + IntDiv<C<B>>,
    D: IntLike,
    B: Numeral,
    C<B>: IntMul<D>,
    Sh: Push<<S as IntDiv<C<B>>>::Output>,
    St: Push<<C<B> as IntMul<D>>::Output>,
{
    type Acc = (Sh::Out, St::Out);
    #[inline(always)]
    fn place(&self, extent: S, stride: D, (sh, st): (Sh, St)) -> Result<(Self::Acc, i64), Error> {
        // ⌈s/B⌉; a static extent is a multiple of B (checked at compile time),
        // so the static count's value is this one.
        let count =
            <S as IntDiv<C<B>>>::Output::from_value(tile_count(extent.value(), C::<B>::VALUE))?;
        let step = C::<B>::new().int_mul(stride)?;
        Ok(((sh.push(count), st.push(step)), 0))
    }
}

/// A tile coordinate of a layout `(S₀, …):(D₀, …)` whose modes are leaves,
/// tiled by `(_B₀, …)`: it decides the tile's type.
///
/// * One integer (`i64` or `_N`): a 1-D index over the grid of tiles
///   (colexicographic); the tile is `(_B₀, …):(D₀, …)`.
/// * A tuple of the layout's rank, each entry an index or `_` ([`TileEntry`]):
///   the tile `(_B₀, …, kept…):(D₀, …, kept…)`, one kept mode `⌈sᵢ/Bᵢ⌉ : Bᵢ·dᵢ`
///   per `_`, in mode order, as CuTe's `local_tile(A, tiler, (m, _, k))`.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// // CuTe C++: (9,10,11):(_1,9,90) tiled by (_4,_2,_3) at (2,_,3) is
/// // (_4,_2,_3,5):(_1,9,90,18) at offset 818.
/// let a = Layout::new((9i64, 10i64, 11i64), (_1, 9i64, 90i64)).unwrap();
/// let (t, off) = a.tile_by(&(_4, _2, _3), (2, Underscore, 3)).unwrap();
/// let _: &Layout<(_4, _2, _3, i64), (_1, i64, i64, i64)> = &t;
/// assert_eq!((t.to_string(), off), ("(_4,_2,_3,5):(_1,9,90,18)".to_string(), 818));
/// // A static extent keeps a static count: (_8,…) by _4 gives _2 tiles.
/// let b = Layout::new((_8, 6i64), (_1, _8)).unwrap();
/// let (t, _) = b.tile_by(&(_4, _2), (Underscore, 1)).unwrap();
/// assert_eq!(t.to_string(), "(_4,_2,_2):(_1,_8,_4)");
/// ```
pub trait TileCoord<S, D, B>: Coord {
    /// The tile's layout.
    type Tile: TensorLayout;
    /// The tile of `shape:stride` at this coordinate, and its offset.
    fn place(&self, shape: S, stride: D) -> Result<(Self::Tile, i64), Error>;
}

/// `Bᵢ·dᵢ` as a run-time value (the step between tiles of mode `i`).
#[inline(always)]
fn tile_step<B: Numeral, D: IntLike>(d: D) -> Result<i64, Error> {
    C::<B>::VALUE.checked_mul(d.value()).ok_or(Error::Overflow)
}

macro_rules! leaf_tile_coord {
    ([$($gen:tt)*] $K:ty; $($S:ident $D:ident $B:ident $i:tt),+) => {
        impl<$($S, $D, $B,)+ $($gen)*> TileCoord<($($S,)+), ($($D,)+), ($(C<$B>,)+)> for $K
        where
            $($S: IntLike, $D: IntLike + IntTuple, $B: Numeral, C<$B>: Congruent<$D>,)+
        {
            type Tile = Layout<($(C<$B>,)+), ($($D,)+)>;
            #[inline(always)]
            fn place(&self, shape: ($($S,)+), stride: ($($D,)+)) -> Result<(Self::Tile, i64), Error> {
                let counts = [$(tile_count(shape.$i.value(), C::<$B>::VALUE),)+];
                let steps = [$(tile_step::<$B, $D>(stride.$i)?,)+];
                let offset = grid_offset(&counts, &steps, self)?;
                Ok((Layout::try_new(($(C::<$B>::new(),)+), stride)?, offset))
            }
        }
    };
}

/// The tuple coordinates of one rank: entry `i` maps the tile's
/// `(shape, stride)` from `$From` to `$To` (the plain tile first, `(ShN, StN)`
/// last, the `$A` in between).
macro_rules! tuple_tile_coord {
    ($($S:ident $D:ident $B:ident $K:ident $i:tt : $From:ty => $To:ty),+ ; $($A:ident)*) => {
        impl<$($S, $D, $B, $K,)+ $($A,)* ShN, StN> TileCoord<($($S,)+), ($($D,)+), ($(C<$B>,)+)>
            for ($($K,)+)
        where
            $($S: IntLike, $D: IntLike + IntTuple, $B: Numeral, $K: TileEntry<$S, $D, $B, $From, Acc = $To>,)+
            ($($K,)+): Coord,
            ShN: Congruent<StN>,
            StN: IntTuple,
        {
            type Tile = Layout<ShN, StN>;
            #[inline(always)]
            fn place(&self, shape: ($($S,)+), stride: ($($D,)+)) -> Result<(Self::Tile, i64), Error> {
                let acc = (($(C::<$B>::new(),)+), stride);
                let mut offset = 0i64;
                $(
                    let (acc, part) = self.$i.place(shape.$i, stride.$i, acc)?;
                    offset = offset.checked_add(part).ok_or(Error::Overflow)?;
                )+
                let (sh, st) = acc;
                Ok((Layout::try_new(sh, st)?, offset))
            }
        }
    };
}

/// Whether a shape mode is a single leaf ([`True`]) or a tuple ([`False`]):
/// how [`TiledBy`] tiles a typed layout.
pub trait ModeKind {
    /// `True` for a leaf (`_N` or a run-time integer).
    type IsLeaf: StaticFlag;
}
impl<N: Numeral> ModeKind for C<N> {
    type IsLeaf = True;
}
impl<T: RuntimeInt> ModeKind for T {
    type IsLeaf = True;
}
macro_rules! tuple_mode_kind {
    ($($A:ident),+) => {
        impl<$($A),+> ModeKind for ($($A,)+) {
            type IsLeaf = False;
        }
    };
}
tuple_mode_kind!(A0);
tuple_mode_kind!(A0, A1);
tuple_mode_kind!(A0, A1, A2);
tuple_mode_kind!(A0, A1, A2, A3);
tuple_mode_kind!(A0, A1, A2, A3, A4);
tuple_mode_kind!(A0, A1, A2, A3, A4, A5);
tuple_mode_kind!(A0, A1, A2, A3, A4, A5, A6);
tuple_mode_kind!(A0, A1, A2, A3, A4, A5, A6, A7);

/// How a typed layout `L` is tiled by `T` at `K`, chosen by whether every mode
/// of `L` is a leaf:
///
/// * [`True`]: mode by mode, `sᵢ:dᵢ ÷ Bᵢ` (see the module docs): the tile is a
///   `Layout` of the static tile shape and the input's strides ([`TileCoord`]);
/// * [`False`] (some mode is a tuple): as C++ does, `zipped_divide(L, T)` by
///   the typed algebra, then the slice `((_, …), K)` keeping the tile modes:
///   a static result for a static layout, a [`DLayout`] otherwise.
pub trait TileDispatch<L, T, K> {
    /// The tile's layout.
    type Tile: TensorLayout;
    /// The tile and its offset.
    fn tile(layout: &L, tiler: &T, coord: K) -> Result<(Self::Tile, i64), Error>;
}

/// `TiledBy` for a typed layout by static extents of its rank.
macro_rules! leaf_tiled_by {
    ($($S:ident $D:ident $B:ident $i:tt),+; $Flag:ty; $Keep:ty = $keep:expr) => {

        impl<$($S, $D, $B,)+ K> TileDispatch<Layout<($($S,)+), ($($D,)+)>, ($(C<$B>,)+), K> for True
        where
            $($S: IntLike + Congruent<$D>, $D: IntLike + IntTuple, $B: Numeral,)+
            K: TileCoord<($($S,)+), ($($D,)+), ($(C<$B>,)+)>,
        {
            type Tile = K::Tile;
            #[inline(always)]
            fn tile(
                layout: &Layout<($($S,)+), ($($D,)+)>,
                _: &($(C<$B>,)+),
                coord: K,
            ) -> Result<(K::Tile, i64), Error> {
                let () = const {
                    $(check_leaf_tile(<$S as IntLike>::STATIC, C::<$B>::VALUE);)+
                };
                coord.place(layout.shape(), layout.stride())
            }
        }

        impl<$($S, $D, $B,)+ K> TileDispatch<Layout<($($S,)+), ($($D,)+)>, ($(C<$B>,)+), K> for False
        where
            ($($S,)+): Congruent<($($D,)+)>,
            ($($D,)+): IntTuple,
            $($B: Numeral,)+
            ($(C<$B>,)+): DivideArg<Layout<($($S,)+), ($($D,)+)>>,
            <($(C<$B>,)+) as DivideArg<Layout<($($S,)+), ($($D,)+)>>>::Zipped:
                SliceBy<($Keep, K)>,
        {
            type Tile = <<($(C<$B>,)+) as DivideArg<Layout<($($S,)+), ($($D,)+)>>>::Zipped as SliceBy<
                ($Keep, K),
            >>::Sliced;
            #[inline]
            fn tile(
                layout: &Layout<($($S,)+), ($($D,)+)>,
                tiler: &($(C<$B>,)+),
                coord: K,
            ) -> Result<(Self::Tile, i64), Error> {
                let zipped = (*tiler).zipped(layout)?;
                zipped.slice_by(($keep, coord))
            }
        }

        impl<$($S, $D, $B,)+ K> TiledBy<($(C<$B>,)+), K> for Layout<($($S,)+), ($($D,)+)>
        where
            ($($S,)+): Congruent<($($D,)+)>,
            ($($D,)+): IntTuple,
            $($S: ModeKind,)+
            $Flag: TileDispatch<Self, ($(C<$B>,)+), K>,
        {
            type Tile = <$Flag as TileDispatch<Self, ($(C<$B>,)+), K>>::Tile;
            #[inline]
            fn tile_by(&self, tiler: &($(C<$B>,)+), coord: K) -> Result<(Self::Tile, i64), Error> {
                <$Flag as TileDispatch<Self, ($(C<$B>,)+), K>>::tile(self, tiler, coord)
            }
        }
    };
}
// C++ keeps the tile modes with `repeat<R>(_)`: for one mode that is `_`,
// which keeps the mode whole (`((_8)):((_2))`); for more, `(_, …)`, which
// flattens them one level (`(_32,_8):(60,_1)`).
leaf_tiled_by!(S0 D0 B0 0; S0::IsLeaf; Underscore = Underscore);
leaf_tiled_by!(
    S0 D0 B0 0, S1 D1 B1 1;
    And<S0::IsLeaf, S1::IsLeaf>;
    (Underscore, Underscore) = (Underscore, Underscore)
);
leaf_tiled_by!(
    S0 D0 B0 0, S1 D1 B1 1, S2 D2 B2 2;
    And<S0::IsLeaf, And<S1::IsLeaf, S2::IsLeaf>>;
    (Underscore, Underscore, Underscore) = (Underscore, Underscore, Underscore)
);
leaf_tiled_by!(
    S0 D0 B0 0, S1 D1 B1 1, S2 D2 B2 2, S3 D3 B3 3;
    And<S0::IsLeaf, And<S1::IsLeaf, And<S2::IsLeaf, S3::IsLeaf>>>;
    (Underscore, Underscore, Underscore, Underscore) = (Underscore, Underscore, Underscore, Underscore)
);
leaf_tile_coord!([] i64; S0 D0 B0 0, S1 D1 B1 1);
leaf_tile_coord!([N: Numeral] C<N>; S0 D0 B0 0, S1 D1 B1 1);
leaf_tile_coord!([] i64; S0 D0 B0 0, S1 D1 B1 1, S2 D2 B2 2);
leaf_tile_coord!([N: Numeral] C<N>; S0 D0 B0 0, S1 D1 B1 1, S2 D2 B2 2);
leaf_tile_coord!([] i64; S0 D0 B0 0, S1 D1 B1 1, S2 D2 B2 2, S3 D3 B3 3);
leaf_tile_coord!([N: Numeral] C<N>; S0 D0 B0 0, S1 D1 B1 1, S2 D2 B2 2, S3 D3 B3 3);

// Rank 1: the tile mode stays nested, as in C++ (`repeat<1>(_)` is `_`):
// `(37):(_2)` by `(_8)` at 3 is `((_8)):((_2))`.
macro_rules! rank1_leaf_tile_coord {
    ([$($gen:tt)*] $K:ty) => {
        impl<S0, D0, B0, $($gen)*> TileCoord<(S0,), (D0,), (C<B0>,)> for $K
        where
            S0: IntLike,
            D0: IntLike + IntTuple,
            B0: Numeral,
            C<B0>: Congruent<D0>,
        {
            type Tile = Layout<((C<B0>,),), ((D0,),)>;
            #[inline(always)]
            fn place(&self, shape: (S0,), stride: (D0,)) -> Result<(Self::Tile, i64), Error> {
                let counts = [tile_count(shape.0.value(), C::<B0>::VALUE)];
                let steps = [tile_step::<B0, D0>(stride.0)?];
                let offset = grid_offset(&counts, &steps, self)?;
                Ok((Layout::try_new(((C::<B0>::new(),),), (stride,))?, offset))
            }
        }
    };
}
rank1_leaf_tile_coord!([] i64);
rank1_leaf_tile_coord!([N: Numeral] C<N>);

impl<S0, D0, B0, K0, ShN, StN> TileCoord<(S0,), (D0,), (C<B0>,)> for (K0,)
where
    S0: IntLike,
    D0: IntLike + IntTuple,
    B0: Numeral,
    K0: TileEntry<S0, D0, B0, (((C<B0>,),), ((D0,),)), Acc = (ShN, StN)>,
    (K0,): Coord,
    ShN: Congruent<StN>,
    StN: IntTuple,
{
    type Tile = Layout<ShN, StN>;
    #[inline(always)]
    fn place(&self, shape: (S0,), stride: (D0,)) -> Result<(Self::Tile, i64), Error> {
        let ((sh, st), offset) =
            self.0
                .place(shape.0, stride.0, (((C::<B0>::new(),),), (stride,)))?;
        Ok((Layout::try_new(sh, st)?, offset))
    }
}

tuple_tile_coord!(
    S0 D0 B0 K0 0 : ((C<B0>, C<B1>), (D0, D1)) => A1,
    S1 D1 B1 K1 1 : A1 => (ShN, StN);
    A1
);
tuple_tile_coord!(
    S0 D0 B0 K0 0 : ((C<B0>, C<B1>, C<B2>), (D0, D1, D2)) => A1,
    S1 D1 B1 K1 1 : A1 => A2,
    S2 D2 B2 K2 2 : A2 => (ShN, StN);
    A1 A2
);
tuple_tile_coord!(
    S0 D0 B0 K0 0 : ((C<B0>, C<B1>, C<B2>, C<B3>), (D0, D1, D2, D3)) => A1,
    S1 D1 B1 K1 1 : A1 => A2,
    S2 D2 B2 K2 2 : A2 => A3,
    S3 D3 B3 K3 3 : A3 => (ShN, StN);
    A1 A2 A3
);

// `TiledBy` for a layout whose modes are leaves, by run-time tile extents of
// its rank (see the `TiledBy` docs).
/// One entry of a tile coordinate for a leaf mode `S:D` tiled by the run-time
/// extent `b`, given the tile's `(shape, stride)` so far: an index `c` picks a
/// tile (`0 ≤ c < ⌈s/b⌉`, offset `c·b·d`); `_` appends the mode
/// `⌈s/b⌉ : b·d` (run-time values, as C++ with `int` extents).
pub trait RtTileEntry<S, D, Acc> {
    /// The tile's `(shape, stride)` after this entry.
    type Acc;
    /// The tile after this entry and this entry's part of the offset.
    fn place_rt(&self, extent: S, b: i64, stride: D, acc: Acc) -> Result<(Self::Acc, i64), Error>;
}

impl<S: IntLike, D: IntLike, Acc, K: IndexLeaf> RtTileEntry<S, D, Acc> for K {
    type Acc = Acc;
    #[inline(always)]
    fn place_rt(&self, extent: S, b: i64, stride: D, acc: Acc) -> Result<(Acc, i64), Error> {
        let count = tile_count(extent.value(), b);
        let c = self.index();
        if c < 0 || c >= count {
            return Err(Error::OutOfDomain);
        }
        let step = b.checked_mul(stride.value()).ok_or(Error::Overflow)?;
        Ok((acc, c.checked_mul(step).ok_or(Error::Overflow)?))
    }
}

impl<S: IntLike, D: IntLike, Sh: Push<i64>, St: Push<i64>> RtTileEntry<S, D, (Sh, St)>
    for Underscore
{
    type Acc = (Sh::Out, St::Out);
    #[inline(always)]
    fn place_rt(
        &self,
        extent: S,
        b: i64,
        stride: D,
        (sh, st): (Sh, St),
    ) -> Result<(Self::Acc, i64), Error> {
        let step = b.checked_mul(stride.value()).ok_or(Error::Overflow)?;
        Ok(((sh.push(tile_count(extent.value(), b)), st.push(step)), 0))
    }
}

/// A tile coordinate of a leaf-mode layout tiled by run-time extents: one
/// integer (a 1-D index over the grid of tiles), or one [`RtTileEntry`] per
/// mode (an index or `_`).
pub trait RtTileCoord<S, D>: Coord {
    /// The tile's layout.
    type Tile: TensorLayout;
    /// The tile of `shape:stride` by the extents `b` (all at least 1) at this
    /// coordinate, and its offset.
    fn place_rt(&self, shape: S, stride: D, b: &[i64]) -> Result<(Self::Tile, i64), Error>;
}

macro_rules! rt_leaf_tile_coord {
    ([$($gen:tt)*] $K:ty; $Tile:ty; $tile:expr; $($S:ident $D:ident $i:tt),+) => {
        impl<$($S, $D,)+ $($gen)*> RtTileCoord<($($S,)+), ($($D,)+)> for $K
        where
            $($S: IntLike, $D: IntLike + IntTuple, i64: Congruent<$D>,)+
        {
            type Tile = $Tile;
            #[inline(always)]
            fn place_rt(&self, shape: ($($S,)+), stride: ($($D,)+), b: &[i64]) -> Result<(Self::Tile, i64), Error> {
                let counts = [$(tile_count(shape.$i.value(), b[$i]),)+];
                let steps = [$(b[$i].checked_mul(stride.$i.value()).ok_or(Error::Overflow)?,)+];
                let offset = grid_offset(&counts, &steps, self)?;
                let (sh, st) = $tile(b, stride);
                Ok((Layout::try_new(sh, st)?, offset))
            }
        }
    };
}

macro_rules! rt_tuple_tile_coord {
    ($init:expr; $($S:ident $D:ident $K:ident $i:tt : $From:ty => $To:ty),+ ; $($A:ident)*) => {
        impl<$($S, $D, $K,)+ $($A,)* ShN, StN> RtTileCoord<($($S,)+), ($($D,)+)> for ($($K,)+)
        where
            $($S: IntLike, $D: IntLike + IntTuple, $K: RtTileEntry<$S, $D, $From, Acc = $To>,)+
            ($($K,)+): Coord,
            ShN: Congruent<StN>,
            StN: IntTuple,
        {
            type Tile = Layout<ShN, StN>;
            #[inline(always)]
            fn place_rt(&self, shape: ($($S,)+), stride: ($($D,)+), b: &[i64]) -> Result<(Self::Tile, i64), Error> {
                let acc = $init(b, stride);
                let mut offset = 0i64;
                $(
                    let (acc, part) = self.$i.place_rt(shape.$i, b[$i], stride.$i, acc)?;
                    offset = offset.checked_add(part).ok_or(Error::Overflow)?;
                )+
                let (sh, st) = acc;
                Ok((Layout::try_new(sh, st)?, offset))
            }
        }
    };
}

// The plain tile `(b₀, …):(d₀, …)`; rank 1 keeps its mode nested, as C++.
fn rt_tile1<D0>(b: &[i64], d: (D0,)) -> (((i64,),), ((D0,),)) {
    (((b[0],),), (d,))
}
fn rt_tile2<D0, D1>(b: &[i64], d: (D0, D1)) -> ((i64, i64), (D0, D1)) {
    ((b[0], b[1]), d)
}
fn rt_tile3<D0, D1, D2>(b: &[i64], d: (D0, D1, D2)) -> ((i64, i64, i64), (D0, D1, D2)) {
    ((b[0], b[1], b[2]), d)
}
#[allow(clippy::type_complexity)]
fn rt_tile4<D0, D1, D2, D3>(
    b: &[i64],
    d: (D0, D1, D2, D3),
) -> ((i64, i64, i64, i64), (D0, D1, D2, D3)) {
    ((b[0], b[1], b[2], b[3]), d)
}

rt_leaf_tile_coord!([] i64; Layout<((i64,),), ((D0,),)>; rt_tile1; S0 D0 0);
rt_leaf_tile_coord!([N: Numeral] C<N>; Layout<((i64,),), ((D0,),)>; rt_tile1; S0 D0 0);
rt_leaf_tile_coord!([] i64; Layout<(i64, i64), (D0, D1)>; rt_tile2; S0 D0 0, S1 D1 1);
rt_leaf_tile_coord!([N: Numeral] C<N>; Layout<(i64, i64), (D0, D1)>; rt_tile2; S0 D0 0, S1 D1 1);
rt_leaf_tile_coord!([] i64; Layout<(i64, i64, i64), (D0, D1, D2)>; rt_tile3; S0 D0 0, S1 D1 1, S2 D2 2);
rt_leaf_tile_coord!([N: Numeral] C<N>; Layout<(i64, i64, i64), (D0, D1, D2)>; rt_tile3; S0 D0 0, S1 D1 1, S2 D2 2);
rt_leaf_tile_coord!([] i64; Layout<(i64, i64, i64, i64), (D0, D1, D2, D3)>; rt_tile4; S0 D0 0, S1 D1 1, S2 D2 2, S3 D3 3);
rt_leaf_tile_coord!([N: Numeral] C<N>; Layout<(i64, i64, i64, i64), (D0, D1, D2, D3)>; rt_tile4; S0 D0 0, S1 D1 1, S2 D2 2, S3 D3 3);

rt_tuple_tile_coord!(rt_tile1; S0 D0 K0 0 : (((i64,),), ((D0,),)) => (ShN, StN););
rt_tuple_tile_coord!(
    rt_tile2;
    S0 D0 K0 0 : ((i64, i64), (D0, D1)) => A1,
    S1 D1 K1 1 : A1 => (ShN, StN);
    A1
);
rt_tuple_tile_coord!(
    rt_tile3;
    S0 D0 K0 0 : ((i64, i64, i64), (D0, D1, D2)) => A1,
    S1 D1 K1 1 : A1 => A2,
    S2 D2 K2 2 : A2 => (ShN, StN);
    A1 A2
);
rt_tuple_tile_coord!(
    rt_tile4;
    S0 D0 K0 0 : ((i64, i64, i64, i64), (D0, D1, D2, D3)) => A1,
    S1 D1 K1 1 : A1 => A2,
    S2 D2 K2 2 : A2 => A3,
    S3 D3 K3 3 : A3 => (ShN, StN);
    A1 A2 A3
);

macro_rules! runtime_tiled_by {
    ($($S:ident $D:ident $i:tt $I:ty),+) => {
        impl<$($S, $D,)+ K> TiledBy<($($I,)+), K> for Layout<($($S,)+), ($($D,)+)>
        where
            $($S: IntLike + Congruent<$D>, $D: IntLike + IntTuple,)+
            K: RtTileCoord<($($S,)+), ($($D,)+)>,
        {
            type Tile = K::Tile;
            #[inline]
            fn tile_by(&self, tiler: &($($I,)+), coord: K) -> Result<(Self::Tile, i64), Error> {
                let b = [$(tiler.$i,)+];
                if b.iter().any(|&x| x < 1) {
                    return Err(Error::NonPositiveShape);
                }
                coord.place_rt(self.shape(), self.stride(), &b)
            }
        }
    };
}
runtime_tiled_by!(S0 D0 0 i64);
runtime_tiled_by!(S0 D0 0 i64, S1 D1 1 i64);
runtime_tiled_by!(S0 D0 0 i64, S1 D1 1 i64, S2 D2 2 i64);
runtime_tiled_by!(S0 D0 0 i64, S1 D1 1 i64, S2 D2 2 i64, S3 D3 3 i64);
