//! Kernel configurations as types.
//!
//! A configuration is [`Sgemm`]`<Tile, Threads, Smem, Copy, Pipe, Elem>` whose
//! parameters are cute-typed static integers (`_4`, `_128`, see [`crate::static_int`]). [`GemmConfig::PARAMS`] reads them and
//! checks, at compile time, that the configuration can exist: a tile the thread
//! layout does not divide, a copy the threads cannot split evenly or shared memory
//! over the limit stops the build with the rule in plain words.
//!
//! ```
//! use cute_gpu::gemm::{GemmConfig, Sgemm, Tile, WarpTiled, Padded, Copy, Pipeline};
//! use cute_typed::{_1, _2, _3, _4, _8, _32, _64, _128};
//! type Cfg = Sgemm<Tile<_128, _128, _8>, WarpTiled<_32, _64, _8, _8>, Padded<_4, _4>, Copy<_4>, Pipeline<_3, _2>>;
//! assert_eq!(Cfg::PARAMS.threads(), 256);
//! ```
//!
//! ```compile_fail
//! use cute_gpu::gemm::{GemmConfig, Sgemm, Tile, WarpTiled, Padded, Copy, Pipeline};
//! use cute_typed::{_1, _2, _3, _4, _8, _32, _64, _96, _128};
//! // BM = 96 is not a multiple of the warp tile WM = 64: rejected at compile time.
//! type Bad = Sgemm<Tile<_96, _128, _8>, WarpTiled<_64, _32, _8, _8>, Padded<_4, _4>, Copy<_4>, Pipeline<_3, _2>>;
//! let _ = Bad::PARAMS;
//! ```
use crate::static_int::StaticUsize;
use core::marker::PhantomData;

/// The element type of A, B and C. Only `f32` (SIMT `fma.rn.f32`) is generated.
pub trait GemmElement {
    /// bytes per element
    const BYTES: usize;
    /// name used in kernel names
    const NAME: &'static str;
}

impl GemmElement for f32 {
    const BYTES: usize = 4;
    const NAME: &'static str = "f32";
}

/// The block tile: `BM × BN` of C per block, stepping `BK` along K.
pub struct Tile<BM, BN, BK>(PhantomData<(BM, BN, BK)>);

/// How threads and their values cover the block tile of C.
pub trait Threads {
    /// The arrangement, read as numbers.
    const ARRANGEMENT: Arrangement;
}

/// Warp tiling: warps cover `WM × WN` each; inside a warp, 32 lanes form a
/// `(WM/TM) × (WN/TN)` grid and each lane owns a `TM × TN` thread tile made of
/// 4-wide groups spread with a stride of the lane grid, so that a warp's shared
/// loads are contiguous 16-byte vectors.
pub struct WarpTiled<WM, WN, TM, TN>(PhantomData<(WM, WN, TM, TN)>);

/// Each thread owns one contiguous `TM × TN` block of C (no warp level).
pub struct Blocked<TM, TN>(PhantomData<(TM, TN)>);

/// The numbers behind a [`Threads`] type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrangement {
    /// warp tile (0 for [`Blocked`])
    pub wm: usize,
    /// warp tile (0 for [`Blocked`])
    pub wn: usize,
    /// thread tile
    pub tm: usize,
    /// thread tile
    pub tn: usize,
}

impl<WM: StaticUsize, WN: StaticUsize, TM: StaticUsize, TN: StaticUsize> Threads
    for WarpTiled<WM, WN, TM, TN>
{
    const ARRANGEMENT: Arrangement = Arrangement {
        wm: WM::USIZE,
        wn: WN::USIZE,
        tm: TM::USIZE,
        tn: TN::USIZE,
    };
}

impl<TM: StaticUsize, TN: StaticUsize> Threads for Blocked<TM, TN> {
    const ARRANGEMENT: Arrangement = Arrangement {
        wm: 0,
        wn: 0,
        tm: TM::USIZE,
        tn: TN::USIZE,
    };
}

/// Shared-memory layouts: A is stored `(BM, BK):(1, BM+PA)` and B `(BN, BK):(1, BN+PB)`
/// (M or N contiguous); the padding spreads transposed stores over the banks.
pub struct Padded<PA, PB>(PhantomData<(PA, PB)>);

/// Global loads of `V` elements (1 or 4, i.e. 32- or 128-bit) per instruction;
/// `K` says how a K-major operand (whose vectors run along K while shared memory
/// keeps M or N contiguous) is copied: [`Staged`] or [`Async`].
pub struct Copy<V, K = Staged>(PhantomData<(V, K)>);

/// How a K-major operand reaches shared memory.
pub trait KMajorCopy {
    /// `true`: 128-bit loads into registers, then transposing shared stores.
    const STAGED: bool;
    /// `true`: the staged stores come halfway through the K tile's math
    /// ([`StagedMid`]) rather than after it.
    const STORE_MID: bool = false;
}

/// K-major operands: `ld.global.nc.v4` into registers, stored transposed with four
/// `st.shared.f32` after the step's math (the load's latency hides behind it).
pub struct Staged;

/// K-major operands as [`Staged`], but stored to shared memory halfway through
/// the K tile's math (before k step `BK/2` of `BK`) instead of after it; the
/// loads then have half a tile of math to land. Measured faster for every layout
/// with a K-major operand on the 128×256×8 tile (README.md).
pub struct StagedMid;

/// K-major operands: one 4-byte `cp.async` per element (no registers held).
pub struct Async;

impl KMajorCopy for Staged {
    const STAGED: bool = true;
}

impl KMajorCopy for StagedMid {
    const STAGED: bool = true;
    const STORE_MID: bool = true;
}

impl KMajorCopy for Async {
    const STAGED: bool = false;
}

/// `Stages` shared-memory buffers filled ahead by `cp.async` (1: load, then
/// compute); `MinBlocks` blocks per multiprocessor requested through
/// `.minnctapersm` (which bounds the registers per thread); `Group` > 0 orders
/// blocks in groups of `Group` tile rows along M (all N tiles of a group before
/// the next group) so that concurrent blocks share A and B panels in L2;
/// `Frag` says when a step's register fragments are read from shared memory
/// ([`Direct`] or [`Prefetch`]); `Order` is the order of the tile columns
/// inside the raster groups ([`Raster`] or [`Snake`]).
pub struct Pipeline<Stages, MinBlocks, Group = cute_typed::_0, Frag = Direct, Order = Raster>(
    PhantomData<(Stages, MinBlocks, Group, Frag, Order)>,
);

/// The order of the tile columns inside the raster groups.
pub trait GroupOrder {
    /// `true`: [`Snake`].
    const SNAKE: bool;
}

/// Every raster group visits its tile columns left to right.
pub struct Raster;

/// Odd raster groups visit their tile columns right to left (column `c` of group
/// `g` becomes `tiles_n − 1 − c` when `g` is odd), so that the first blocks of
/// group `g + 1` read the B columns that the last blocks of group `g` just
/// read, which are the likeliest still in L2. Needs raster groups (`Group > 0`).
pub struct Snake;

impl GroupOrder for Raster {
    const SNAKE: bool = false;
}

impl GroupOrder for Snake {
    const SNAKE: bool = true;
}

/// When the register fragments of a k step are read from shared memory.
pub trait FragmentLoads {
    /// `true`: [`Prefetch`].
    const PREFETCH: bool;
}

/// Each k step reads its own fragments; the block waits at the top of every K
/// tile, before its first fragment read.
pub struct Direct;

/// Two fragment buffers: step `k` reads the fragments of step `k+1` while its
/// FMAs run; the block waits for the next K tile before the last step of the
/// current one, so the next tile's first fragments load behind that step's FMAs
/// (needs two or more stages and an even BK).
pub struct Prefetch;

impl FragmentLoads for Direct {
    const PREFETCH: bool = false;
}

impl FragmentLoads for Prefetch {
    const PREFETCH: bool = true;
}

/// A full kernel configuration.
pub struct Sgemm<T, Th, S, C, P, E = f32>(PhantomData<(T, Th, S, C, P, E)>);

/// The configuration read as numbers, checked. Its fields are private: a value
/// comes only from [`GemmConfig::PARAMS`] (checked at compile time) or from the
/// checked constructors, so a kernel generated from it can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GemmParams {
    /// block tile, M
    pub(crate) bm: usize,
    /// block tile, N
    pub(crate) bn: usize,
    /// block tile, K
    pub(crate) bk: usize,
    /// thread arrangement
    pub(crate) arrangement: Arrangement,
    /// threads per block
    pub(crate) threads: usize,
    /// padding of A's shared rows (elements)
    pub(crate) pad_a: usize,
    /// padding of B's shared rows (elements)
    pub(crate) pad_b: usize,
    /// elements per global load
    pub(crate) vec: usize,
    /// shared-memory stages
    pub(crate) stages: usize,
    /// `.minnctapersm`
    pub(crate) min_blocks: usize,
    /// bytes per element
    pub(crate) elem_bytes: usize,
    /// K-major operands go through registers ([`Staged`]) rather than 4-byte `cp.async`
    pub(crate) k_staged: bool,
    /// staged stores halfway through the K tile's math ([`StagedMid`])
    pub(crate) k_store_mid: bool,
    /// fragments double-buffered in registers ([`Prefetch`])
    pub(crate) frag_prefetch: bool,
    /// tile rows per raster group (0: plain row-by-row order)
    pub(crate) group_m: usize,
    /// odd raster groups run their tile columns right to left ([`Snake`])
    pub(crate) snake: bool,
}

/// The shared-memory limit of one block on sm_90 (227 KiB).
pub const SMEM_LIMIT: usize = 227 * 1024;

impl GemmParams {
    /// block tile, M
    pub const fn bm(&self) -> usize {
        self.bm
    }
    /// block tile, N
    pub const fn bn(&self) -> usize {
        self.bn
    }
    /// block tile, K
    pub const fn bk(&self) -> usize {
        self.bk
    }
    /// thread arrangement
    pub const fn arrangement(&self) -> Arrangement {
        self.arrangement
    }
    /// threads per block
    pub const fn threads(&self) -> usize {
        self.threads
    }
    /// padding of A's shared rows (elements)
    pub const fn pad_a(&self) -> usize {
        self.pad_a
    }
    /// padding of B's shared rows (elements)
    pub const fn pad_b(&self) -> usize {
        self.pad_b
    }
    /// elements per global load
    pub const fn vec(&self) -> usize {
        self.vec
    }
    /// shared-memory stages
    pub const fn stages(&self) -> usize {
        self.stages
    }
    /// `.minnctapersm`
    pub const fn min_blocks(&self) -> usize {
        self.min_blocks
    }
    /// bytes per element
    pub const fn elem_bytes(&self) -> usize {
        self.elem_bytes
    }
    /// K-major operands go through registers ([`Staged`]) rather than 4-byte `cp.async`
    pub const fn k_staged(&self) -> bool {
        self.k_staged
    }
    /// staged stores halfway through the K tile's math ([`StagedMid`])
    pub const fn k_store_mid(&self) -> bool {
        self.k_store_mid
    }
    /// fragments double-buffered in registers ([`Prefetch`])
    pub const fn frag_prefetch(&self) -> bool {
        self.frag_prefetch
    }
    /// tile rows per raster group (0: plain row-by-row order)
    pub const fn group_m(&self) -> usize {
        self.group_m
    }
    /// odd raster groups run their tile columns right to left ([`Snake`])
    pub const fn snake(&self) -> bool {
        self.snake
    }
    /// This configuration with odd raster groups running their tile columns
    /// right to left ([`Snake`]) when `snake`, left to right otherwise; `Err`
    /// names the rule when `snake` is asked of a configuration without raster
    /// groups (`group_m = 0`).
    ///
    /// ```
    /// use cute_gpu::gemm::shipped::find;
    /// let g16 = find("w128x256x8pmg16").unwrap().params;
    /// assert!(g16.try_with_snake(true).unwrap().snake());
    /// let plain = find("w128x256x8pm").unwrap().params;
    /// assert!(plain.try_with_snake(true).is_err());
    /// assert_eq!(plain.try_with_snake(false), Ok(plain));
    /// ```
    pub const fn try_with_snake(self, snake: bool) -> Result<GemmParams, &'static str> {
        if snake && self.group_m == 0 {
            return Err("the snake order needs raster groups (Group > 0)");
        }
        let mut p = self;
        p.snake = snake;
        Ok(p)
    }
    /// Bytes of one stage: an A tile and a B tile with their padding.
    pub const fn stage_bytes(&self) -> usize {
        self.bk * ((self.bm + self.pad_a) + (self.bn + self.pad_b)) * self.elem_bytes
    }
    /// Bytes of shared memory per block.
    pub const fn smem_bytes(&self) -> usize {
        self.stages * self.stage_bytes()
    }
    /// Lanes along M in a warp ([`WarpTiled`]) or threads along M ([`Blocked`]).
    pub const fn lanes_m(&self) -> usize {
        if self.arrangement.wm > 0 {
            self.arrangement.wm / self.arrangement.tm
        } else {
            self.bm / self.arrangement.tm
        }
    }
    /// Lanes along N in a warp, or threads along N.
    pub const fn lanes_n(&self) -> usize {
        if self.arrangement.wn > 0 {
            self.arrangement.wn / self.arrangement.tn
        } else {
            self.bn / self.arrangement.tn
        }
    }

    /// [`GemmParams::checked_full`] with staged K-major copies, direct fragment
    /// loads and plain raster order.
    #[cfg(test)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) const fn checked(
        bm: usize,
        bn: usize,
        bk: usize,
        arrangement: Arrangement,
        pad_a: usize,
        pad_b: usize,
        vec: usize,
        stages: usize,
        min_blocks: usize,
        elem_bytes: usize,
    ) -> GemmParams {
        Self::checked_full(
            bm,
            bn,
            bk,
            arrangement,
            pad_a,
            pad_b,
            vec,
            stages,
            min_blocks,
            elem_bytes,
            true,
            false,
            false,
            0,
        )
    }
    /// Reads a configuration and checks every rule; `Err` names the rule that fails.
    // each check reads as the rule it enforces: `if !(rule) { return Err(..) }`
    #[allow(clippy::too_many_arguments, clippy::nonminimal_bool)]
    pub const fn try_checked_full(
        bm: usize,
        bn: usize,
        bk: usize,
        arrangement: Arrangement,
        pad_a: usize,
        pad_b: usize,
        vec: usize,
        stages: usize,
        min_blocks: usize,
        elem_bytes: usize,
        k_staged: bool,
        k_store_mid: bool,
        frag_prefetch: bool,
        group_m: usize,
    ) -> Result<GemmParams, &'static str> {
        if !(bm > 0 && bn > 0 && bk > 0) {
            return Err("tile sizes BM, BN, BK must be positive");
        }
        let Arrangement { wm, wn, tm, tn } = arrangement;
        if !(tm > 0 && tn > 0) {
            return Err("thread tile TM, TN must be positive");
        }
        if !(tm % 4 == 0 && tn % 4 == 0) {
            return Err(
                "thread tile TM and TN must be multiples of 4 (values are read as 128-bit vectors)",
            );
        }
        let threads = if wm > 0 || wn > 0 {
            if !(wm > 0 && wn > 0) {
                return Err("warp tile WM, WN must be positive");
            }
            if !(bm.is_multiple_of(wm)) {
                return Err("tile BM must be divisible by the warp tile WM");
            }
            if !(bn.is_multiple_of(wn)) {
                return Err("tile BN must be divisible by the warp tile WN");
            }
            if !(wm % tm == 0) {
                return Err("warp tile WM must be divisible by the thread tile TM");
            }
            if !(wn % tn == 0) {
                return Err("warp tile WN must be divisible by the thread tile TN");
            }
            if !((wm / tm) * (wn / tn) == 32) {
                return Err("a warp tile must hold exactly 32 thread tiles: (WM/TM)·(WN/TN) = 32");
            }
            32 * (bm / wm) * (bn / wn)
        } else {
            if !(bm.is_multiple_of(tm)) {
                return Err("tile BM must be divisible by the thread tile TM");
            }
            if !(bn.is_multiple_of(tn)) {
                return Err("tile BN must be divisible by the thread tile TN");
            }
            (bm / tm) * (bn / tn)
        };
        if !(threads % 32 == 0) {
            return Err("threads per block must be a multiple of 32 (whole warps)");
        }
        if !(threads <= 1024) {
            return Err("at most 1024 threads per block");
        }
        if !(vec == 1 || vec == 4) {
            return Err("global loads are 1 or 4 elements wide");
        }
        if !(elem_bytes * vec <= 16) {
            return Err("a global load is at most 16 bytes");
        }
        if !(bm.is_multiple_of(vec) && bn.is_multiple_of(vec) && bk.is_multiple_of(vec)) {
            return Err("BM, BN and BK must be multiples of the load width");
        }
        if !(pad_a.is_multiple_of(4) && pad_b.is_multiple_of(4)) {
            return Err("shared-memory padding must be a multiple of 4 elements (keeps rows 16-byte aligned)");
        }
        // copies: every thread takes the same number of loads per tile, and the
        // loads of one thread differ by a fixed offset in the tile
        if !((bm * bk).is_multiple_of(vec * threads) && (bn * bk).is_multiple_of(vec * threads)) {
            return Err("the A and B tiles must split evenly into loads over the threads");
        }
        if !(copy_rows_fit(bm, bk, vec, threads) && copy_rows_fit(bn, bk, vec, threads)) {
            return Err("threads must cover whole rows of the tile in a copy: (BM/V) and (BN/V) must divide or be divided by the thread count");
        }
        if vec == 1 || !k_staged {
            let k_lanes = k_lanes(bk);
            if !(threads % k_lanes == 0
                && bm.is_multiple_of(threads / k_lanes)
                && bn.is_multiple_of(threads / k_lanes))
            {
                return Err("a K-major copy spreads threads over min(BK,8) columns: BM and BN must be multiples of threads/min(BK,8)");
            }
        } else {
            if !(threads % (bk / vec) == 0
                && bm.is_multiple_of(threads / (bk / vec))
                && bn.is_multiple_of(threads / (bk / vec)))
            {
                return Err("a K-major vector copy spreads threads over BK/V chunks: BM and BN must be multiples of threads·V/BK");
            }
        }
        if !(stages >= 1) {
            return Err("at least one pipeline stage");
        }
        if !(min_blocks >= 1) {
            return Err("MIN_BLOCKS must be at least 1");
        }
        if !(!k_store_mid || (k_staged && stages >= 2)) {
            return Err(
                "staged stores halfway through a K tile need staged copies and at least two stages",
            );
        }
        if !(!frag_prefetch || (stages >= 2 && bk.is_multiple_of(2))) {
            return Err("fragment prefetch needs at least two stages and an even BK");
        }
        let p = GemmParams {
            bm,
            bn,
            bk,
            arrangement,
            threads,
            pad_a,
            pad_b,
            vec,
            stages,
            min_blocks,
            elem_bytes,
            k_staged,
            k_store_mid,
            frag_prefetch,
            group_m,
            snake: false,
        };
        if !(p.smem_bytes() <= SMEM_LIMIT) {
            return Err("shared memory per block exceeds the 227 KiB limit of sm_90");
        }
        if !(p.smem_bytes() * min_blocks <= 228 * 1024) {
            return Err("MIN_BLOCKS blocks of this shared-memory size do not fit on one multiprocessor (228 KiB)");
        }
        Ok(p)
    }

    /// [`GemmParams::try_checked_full`] for constants: a broken rule panics, which is a
    /// compile error naming the rule when evaluated in a constant.
    #[allow(clippy::too_many_arguments)]
    pub(crate) const fn checked_full(
        bm: usize,
        bn: usize,
        bk: usize,
        arrangement: Arrangement,
        pad_a: usize,
        pad_b: usize,
        vec: usize,
        stages: usize,
        min_blocks: usize,
        elem_bytes: usize,
        k_staged: bool,
        k_store_mid: bool,
        frag_prefetch: bool,
        group_m: usize,
    ) -> GemmParams {
        match Self::try_checked_full(
            bm,
            bn,
            bk,
            arrangement,
            pad_a,
            pad_b,
            vec,
            stages,
            min_blocks,
            elem_bytes,
            k_staged,
            k_store_mid,
            frag_prefetch,
            group_m,
        ) {
            Ok(p) => p,
            Err(rule) => panic!("{}", rule),
        }
    }
}

/// Threads side by side along K in a scalar copy of a K-major tile: up to 8
/// (one 32-byte sector per row), so a warp covers 8 columns of 4 rows.
pub const fn k_lanes(bk: usize) -> usize {
    if bk < 8 {
        bk
    } else {
        8
    }
}

const fn copy_rows_fit(mn: usize, _bk: usize, vec: usize, threads: usize) -> bool {
    let row = mn / vec;
    threads.is_multiple_of(row) || row.is_multiple_of(threads)
}

/// A type that names a kernel configuration.
pub trait GemmConfig {
    /// The configuration's numbers, checked when the constant is evaluated.
    const PARAMS: GemmParams;
}

impl<BM, BN, BK, Th, PA, PB, V, KC, ST, MB, G, FR, O, E> GemmConfig
    for Sgemm<Tile<BM, BN, BK>, Th, Padded<PA, PB>, Copy<V, KC>, Pipeline<ST, MB, G, FR, O>, E>
where
    BM: StaticUsize,
    BN: StaticUsize,
    BK: StaticUsize,
    Th: Threads,
    PA: StaticUsize,
    PB: StaticUsize,
    V: StaticUsize,
    KC: KMajorCopy,
    ST: StaticUsize,
    MB: StaticUsize,
    G: StaticUsize,
    FR: FragmentLoads,
    O: GroupOrder,
    E: GemmElement,
{
    const PARAMS: GemmParams = match GemmParams::checked_full(
        BM::USIZE,
        BN::USIZE,
        BK::USIZE,
        Th::ARRANGEMENT,
        PA::USIZE,
        PB::USIZE,
        V::USIZE,
        ST::USIZE,
        MB::USIZE,
        E::BYTES,
        KC::STAGED,
        KC::STORE_MID,
        FR::PREFETCH,
        G::USIZE,
    )
    .try_with_snake(O::SNAKE)
    {
        Ok(p) => p,
        Err(rule) => panic!("{}", rule),
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use cute_typed::{_0, _1, _128, _16, _2, _256, _3, _32, _4, _64, _8};

    #[test]
    fn a_warp_tiled_configuration_reads_back() {
        type C = Sgemm<
            Tile<_128, _128, _8>,
            WarpTiled<_32, _64, _8, _8>,
            Padded<_4, _4>,
            Copy<_4>,
            Pipeline<_3, _2>,
        >;
        let p = C::PARAMS;
        assert_eq!((p.bm, p.bn, p.bk, p.threads), (128, 128, 8, 256));
        assert_eq!((p.lanes_m(), p.lanes_n()), (4, 8));
        assert_eq!(p.smem_bytes(), 3 * 8 * (132 + 132) * 4);
    }

    #[test]
    fn a_blocked_configuration_reads_back() {
        type C =
            Sgemm<Tile<_64, _64, _16>, Blocked<_4, _4>, Padded<_0, _4>, Copy<_1>, Pipeline<_1, _1>>;
        assert_eq!(C::PARAMS.threads(), 256);
        assert_eq!((C::PARAMS.lanes_m(), C::PARAMS.lanes_n()), (16, 16));
    }

    fn rejects(f: impl FnOnce() -> GemmParams + std::panic::UnwindSafe) -> String {
        let e = std::panic::catch_unwind(f).expect_err("configuration should be rejected");
        e.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| e.downcast_ref::<String>().cloned())
            .unwrap()
    }

    #[test]
    fn invalid_configurations_name_the_rule() {
        fn arr(wm: usize, wn: usize, tm: usize, tn: usize) -> Arrangement {
            Arrangement { wm, wn, tm, tn }
        }
        let msg = rejects(|| GemmParams::checked(96, 128, 8, arr(64, 32, 8, 8), 4, 4, 4, 3, 1, 4));
        assert!(
            msg.contains("BM must be divisible by the warp tile WM"),
            "{msg}"
        );
        let msg = rejects(|| GemmParams::checked(128, 128, 8, arr(32, 32, 8, 8), 4, 4, 4, 3, 1, 4));
        assert!(msg.contains("exactly 32 thread tiles"), "{msg}");
        let msg =
            rejects(|| GemmParams::checked(128, 128, 64, arr(32, 64, 8, 8), 4, 4, 4, 8, 1, 4));
        assert!(msg.contains("227 KiB"), "{msg}");
        let msg = rejects(|| GemmParams::checked(128, 128, 8, arr(32, 64, 8, 8), 2, 4, 4, 3, 1, 4));
        assert!(msg.contains("padding"), "{msg}");
        let msg = rejects(|| GemmParams::checked(128, 128, 8, arr(32, 64, 8, 8), 4, 4, 2, 3, 1, 4));
        assert!(msg.contains("1 or 4 elements"), "{msg}");
    }

    #[test]
    fn other_static_sizes_work() {
        type C = Sgemm<
            Tile<_256, _128, _8>,
            WarpTiled<_64, _64, _16, _8>,
            Padded<_4, _4>,
            Copy<_4>,
            Pipeline<_2, _1>,
        >;
        assert_eq!(C::PARAMS.threads(), 256);
    }
}
