//! The Hopper GEMM kernel family as types.
//!
//! A configuration is [`Hgemm`]`<Tile, Consumers, Producer, Stages, Schedule,
//! Epilogue, Swizzle>`; every parameter is a type whose static integers are
//! cute-typed static integers (`_64`, `_232`). [`HopperConfig::PARAMS`] reads them and checks, when the
//! constant is evaluated (at compile time), that the kernel can exist on sm_90a:
//! a tile the warpgroups cannot split, a register budget over the file, shared
//! memory over 227 KiB or a K tile that is not one swizzle atom wide stops the
//! build with the rule in words.
//!
//! ```
//! use cute_gpu::gemm::Tile;
//! use cute_gpu::hopper::config::*;
//! use cute_typed::{_1, _2, _4, _8, _40, _64, _128, _232, _256};
//! type Cfg = Hgemm<Tile<_128, _256, _64>, Consumers<_2>, ProducerWarpgroup<_40, _232>,
//!                  Stages<_4>, Persistent<_8>, TmaStore, Sw128>;
//! assert_eq!(Cfg::PARAMS.threads(), 384);
//! ```
//!
//! ```compile_fail
//! use cute_gpu::gemm::Tile;
//! use cute_gpu::hopper::config::*;
//! use cute_typed::{_1, _2, _8, _40, _64, _128, _232, _256};
//! // 8 stages of 128×256×64 need 384 KiB of shared memory: rejected at compile time.
//! type Bad = Hgemm<Tile<_128, _256, _64>, Consumers<_2>, ProducerWarpgroup<_40, _232>,
//!                  Stages<_8>, Persistent<_8>, TmaStore, Sw128>;
//! let _ = Bad::PARAMS;
//! ```
use crate::gemm::Tile;
use crate::static_int::StaticUsize;
use core::marker::PhantomData;

/// Bytes of one wgmma input element (bf16 and fp16 alike).
pub const INPUT_BYTES: usize = 2;

/// Shared memory one block may use on sm_90 (227 KiB).
pub const SMEM_LIMIT: usize = 227 * 1024;

/// Extra bytes allocated so that the kernel can round the dynamic shared-memory
/// base up to the 1024-byte alignment the 128-byte swizzle needs.
pub const SMEM_ALIGN_SLACK: usize = 1024;

/// Registers of one multiprocessor's file.
pub const REGISTER_FILE: usize = 65536;

/// Number of consumer warpgroups: each owns `BM / C` rows of the C tile.
pub struct Consumers<C>(PhantomData<C>);

/// Who issues the TMA loads.
pub trait Producer {
    /// `Some((producer_regs, consumer_regs))` for a dedicated producer warpgroup
    /// whose registers `setmaxnreg` moves to the consumers; `None` when a thread of
    /// the (single) consumer warpgroup issues the loads itself.
    const WARP_SPECIALIZED: Option<(usize, usize)>;
}

/// No warp specialization: thread 0 of the consumer warpgroup refills each stage
/// right after the wgmmas that read it retire.
pub struct InlineProducer;

/// A dedicated producer warpgroup (warp specialization): it keeps `P` registers per
/// thread and gives the rest to the consumers, which raise theirs to `C`.
pub struct ProducerWarpgroup<P, C>(PhantomData<(P, C)>);

impl Producer for InlineProducer {
    const WARP_SPECIALIZED: Option<(usize, usize)> = None;
}

impl<P: StaticUsize, C: StaticUsize> Producer for ProducerWarpgroup<P, C> {
    const WARP_SPECIALIZED: Option<(usize, usize)> = Some((P::USIZE, C::USIZE));
}

/// Shared-memory pipeline depth (A and B tiles per stage).
pub struct Stages<S>(PhantomData<S>);

/// How C tiles are assigned to blocks.
pub trait Schedule {
    /// `(persistent, group_m)`: a persistent grid loops over tiles; tiles are
    /// visited in groups of `group_m` tile rows (column by column inside a group),
    /// so that blocks running at the same time share A and B tiles in L2.
    const SCHEDULE: (bool, usize);
    /// The order refinements on top of the grouped raster ([`TileOrder`]).
    const ORDER: TileOrder = TileOrder::RASTER;
}

/// Two refinements of the order in which a persistent grid visits its work, both
/// aimed at L2 reuse between consecutive waves (a wave is the set of tiles the
/// blocks run at the same time: with `ctas` blocks, linear tiles `j·ctas …
/// (j+1)·ctas − 1`).
///
/// * `snake`: odd raster groups visit their tile columns right to left, so the
///   first wave of group `g + 1` needs the B columns the last wave of group `g`
///   just read (tile `t` of group `g`, column `c` becomes column
///   `tiles_n − 1 − c` when `g` is odd).
/// * `k_alternate`: a block's odd tiles (its 2nd, 4th, … tile, i.e. odd waves)
///   walk K from the last K tile down to the first, so a wave starts on the
///   K slices of the shared operand that the previous wave read last, the ones
///   most likely still in L2. Only the order of the fp32 partial sums changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileOrder {
    /// odd raster groups run their columns right to left
    pub snake: bool,
    /// odd tiles of a block run K backwards
    pub k_alternate: bool,
}

impl TileOrder {
    /// Plain grouped raster order, K ascending.
    pub const RASTER: TileOrder = TileOrder {
        snake: false,
        k_alternate: false,
    };
}

/// A type naming a [`TileOrder`].
pub trait OrderMode {
    /// the order
    const ORDER: TileOrder;
}

/// Plain grouped raster order, K ascending ([`TileOrder::RASTER`]).
pub struct Raster;
/// Odd raster groups right to left.
pub struct Snake;
/// A block's odd tiles walk K backwards.
pub struct KAlternate;
/// [`Snake`] and [`KAlternate`] together.
pub struct SnakeKAlternate;

impl OrderMode for Raster {
    const ORDER: TileOrder = TileOrder::RASTER;
}
impl OrderMode for Snake {
    const ORDER: TileOrder = TileOrder {
        snake: true,
        k_alternate: false,
    };
}
impl OrderMode for KAlternate {
    const ORDER: TileOrder = TileOrder {
        snake: false,
        k_alternate: true,
    };
}
impl OrderMode for SnakeKAlternate {
    const ORDER: TileOrder = TileOrder {
        snake: true,
        k_alternate: true,
    };
}

/// One block per C tile, grouped raster order of `G` tile rows.
pub struct TilePerCta<G>(PhantomData<G>);

/// A persistent grid (one block per multiprocessor) looping over the tiles in
/// grouped raster order of `G` tile rows, refined by the order `O`.
pub struct Persistent<G, O = Raster>(PhantomData<(G, O)>);

impl<G: StaticUsize> Schedule for TilePerCta<G> {
    const SCHEDULE: (bool, usize) = (false, G::USIZE);
}

impl<G: StaticUsize, O: OrderMode> Schedule for Persistent<G, O> {
    const SCHEDULE: (bool, usize) = (true, G::USIZE);
    const ORDER: TileOrder = O::ORDER;
}

/// How the accumulators reach C.
pub trait Epilogue {
    /// whether C goes through shared memory and TMA stores
    const TMA_STORE: bool;
}

/// Each thread stores its accumulators straight to global memory (predicated at
/// the edges).
pub struct DirectStore;

/// Accumulators go to a swizzled shared tile through `stmatrix`, then to global
/// memory with TMA stores (16-bit C; an fp32 C is stored directly).
pub struct TmaStore;

impl Epilogue for DirectStore {
    const TMA_STORE: bool = false;
}

impl Epilogue for TmaStore {
    const TMA_STORE: bool = true;
}

/// The shared-memory swizzle of the A and B tiles, named by its row width in bytes.
pub trait SwizzleMode {
    /// 32, 64 or 128
    const BYTES: usize;
}

/// `CU_TENSOR_MAP_SWIZZLE_128B`, `Swizzle<3,4,3>` on byte addresses.
pub struct Sw128;
/// `CU_TENSOR_MAP_SWIZZLE_64B`, `Swizzle<2,4,3>` on byte addresses.
pub struct Sw64;
/// `CU_TENSOR_MAP_SWIZZLE_32B`, `Swizzle<1,4,3>` on byte addresses.
pub struct Sw32;

impl SwizzleMode for Sw128 {
    const BYTES: usize = 128;
}
impl SwizzleMode for Sw64 {
    const BYTES: usize = 64;
}
impl SwizzleMode for Sw32 {
    const BYTES: usize = 32;
}

/// A full kernel configuration.
pub struct Hgemm<T, C, P, S, Sch, E, Sw = Sw128>(PhantomData<(T, C, P, S, Sch, E, Sw)>);

/// A configuration read as numbers, checked. Its fields are private: a value comes
/// only from [`HopperConfig::PARAMS`] (checked at compile time) or
/// [`HgemmParams::try_checked`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HgemmParams {
    /// C tile rows per block
    pub(crate) bm: usize,
    /// C tile columns per block (the wgmma N)
    pub(crate) bn: usize,
    /// K per pipeline stage
    pub(crate) bk: usize,
    /// consumer warpgroups
    pub(crate) consumers: usize,
    /// `(producer, consumer)` registers with a producer warpgroup, `None` inline
    pub(crate) warp_specialized: Option<(usize, usize)>,
    /// pipeline stages
    pub(crate) stages: usize,
    /// persistent grid
    pub(crate) persistent: bool,
    /// raster group height in tiles
    pub(crate) group_m: usize,
    /// TMA-store epilogue for 16-bit C
    pub(crate) tma_store: bool,
    /// swizzle row width in bytes
    pub(crate) swizzle_bytes: usize,
    /// order refinements (snake groups, alternating K direction)
    pub(crate) order: TileOrder,
}

/// Rows and columns of one TMA-store staging tile of C (one 128-byte swizzle row
/// of 16-bit values per row).
pub const C_STAGE: (usize, usize) = (64, 64);

impl HgemmParams {
    /// C tile rows per block
    pub const fn bm(&self) -> usize {
        self.bm
    }
    /// C tile columns per block (the wgmma N)
    pub const fn bn(&self) -> usize {
        self.bn
    }
    /// K per pipeline stage
    pub const fn bk(&self) -> usize {
        self.bk
    }
    /// consumer warpgroups
    pub const fn consumers(&self) -> usize {
        self.consumers
    }
    /// `(producer, consumer)` registers with a producer warpgroup, `None` inline
    pub const fn warp_specialized(&self) -> Option<(usize, usize)> {
        self.warp_specialized
    }
    /// pipeline stages
    pub const fn stages(&self) -> usize {
        self.stages
    }
    /// persistent grid
    pub const fn persistent(&self) -> bool {
        self.persistent
    }
    /// raster group height in tiles
    pub const fn group_m(&self) -> usize {
        self.group_m
    }
    /// TMA-store epilogue for 16-bit C
    pub const fn tma_store(&self) -> bool {
        self.tma_store
    }
    /// swizzle row width in bytes
    pub const fn swizzle_bytes(&self) -> usize {
        self.swizzle_bytes
    }
    /// order refinements on top of the grouped raster
    pub const fn order(&self) -> TileOrder {
        self.order
    }
    /// This configuration visiting its work in `order`; `Err` names the rule
    /// when the order needs what the configuration lacks (alternating the K
    /// direction between a block's tiles needs a persistent grid).
    pub const fn try_with_order(self, order: TileOrder) -> Result<HgemmParams, &'static str> {
        if order.k_alternate && !self.persistent {
            return Err(
                "alternating the K direction needs a persistent grid (a block's odd tiles)",
            );
        }
        let mut p = self;
        p.order = order;
        Ok(p)
    }
    /// This configuration with raster groups of `group_m` tile rows; `Err` names
    /// the rule when `group_m` is 0.
    pub const fn try_with_group(self, group_m: usize) -> Result<HgemmParams, &'static str> {
        if group_m == 0 {
            return Err("the raster group height must be at least 1 tile");
        }
        let mut p = self;
        p.group_m = group_m;
        Ok(p)
    }
    /// Threads per block: 128 per warpgroup.
    pub const fn threads(&self) -> usize {
        128 * (self.consumers
            + if self.warp_specialized.is_some() {
                1
            } else {
                0
            })
    }
    /// C rows each consumer warpgroup owns.
    pub const fn rows_per_consumer(&self) -> usize {
        self.bm / self.consumers
    }
    /// `wgmma.m64` blocks per consumer per K step.
    pub const fn m_blocks(&self) -> usize {
        self.rows_per_consumer() / 64
    }
    /// Accumulator registers per consumer thread.
    pub const fn acc_regs(&self) -> usize {
        self.m_blocks() * self.bn / 2
    }
    /// Bytes of one stage's A tile.
    pub const fn stage_a_bytes(&self) -> usize {
        self.bm * self.bk * INPUT_BYTES
    }
    /// Bytes of one stage's B tile.
    pub const fn stage_b_bytes(&self) -> usize {
        self.bn * self.bk * INPUT_BYTES
    }
    /// Bytes of the C staging tiles (two per consumer, double-buffered).
    pub const fn c_stage_bytes(&self) -> usize {
        if self.tma_store {
            self.consumers * 2 * C_STAGE.0 * C_STAGE.1 * INPUT_BYTES
        } else {
            0
        }
    }
    /// Bytes of the mbarriers (`full` and `empty` per stage).
    pub const fn barrier_bytes(&self) -> usize {
        2 * self.stages * 8
    }
    /// Dynamic shared memory to request at launch, alignment slack included.
    pub const fn smem_bytes(&self) -> usize {
        self.stages * (self.stage_a_bytes() + self.stage_b_bytes())
            + self.c_stage_bytes()
            + self.barrier_bytes()
            + SMEM_ALIGN_SLACK
    }
    /// Reads a configuration and checks every rule; `Err` names the rule that fails.
    // each check reads as the rule it enforces: `if !(rule) { return Err(..) }`
    #[allow(clippy::too_many_arguments, clippy::nonminimal_bool)]
    pub const fn try_checked(
        bm: usize,
        bn: usize,
        bk: usize,
        consumers: usize,
        warp_specialized: Option<(usize, usize)>,
        stages: usize,
        schedule: (bool, usize),
        tma_store: bool,
        swizzle_bytes: usize,
    ) -> Result<HgemmParams, &'static str> {
        if !(swizzle_bytes == 32 || swizzle_bytes == 64 || swizzle_bytes == 128) {
            return Err("the swizzle row width must be 32, 64 or 128 bytes");
        }
        if !(bk * INPUT_BYTES == swizzle_bytes) {
            return Err("BK must be one swizzle row wide: BK·2 bytes = the swizzle width (BK = 64 for Sw128)");
        }
        if !(consumers >= 1 && consumers <= 2) {
            return Err("one or two consumer warpgroups");
        }
        if !(bm.is_multiple_of(64 * consumers) && bm > 0) {
            return Err(
                "BM must be a multiple of 64 rows per consumer warpgroup (wgmma is 64 rows tall)",
            );
        }
        if !(bm <= 256) {
            return Err("BM is at most 256 (a TMA box dimension is at most 256)");
        }
        if !(bn.is_multiple_of(8) && bn >= 8 && bn <= 256) {
            return Err("BN must be a multiple of 8 in [8, 256] (wgmma.m64nNk16)");
        }
        if !(stages >= 2) {
            return Err("at least two pipeline stages");
        }
        let p = HgemmParams {
            bm,
            bn,
            bk,
            consumers,
            warp_specialized,
            stages,
            persistent: schedule.0,
            group_m: schedule.1,
            tma_store,
            swizzle_bytes,
            order: TileOrder::RASTER,
        };
        if !(schedule.1 >= 1) {
            return Err("the raster group height must be at least 1 tile");
        }
        if !(p.acc_regs() <= 128) {
            return Err(
                "a consumer thread may hold at most 128 fp32 accumulators (BM/consumers/64 · BN/2)",
            );
        }
        match warp_specialized {
            None => {
                if !(consumers == 1) {
                    return Err("an inline producer drives exactly one consumer warpgroup");
                }
                if !(!schedule.0) {
                    return Err("a persistent grid needs a producer warpgroup");
                }
            }
            Some((prod, cons)) => {
                if !(prod % 8 == 0
                    && cons % 8 == 0
                    && prod >= 24
                    && cons >= 24
                    && prod <= 256
                    && cons <= 256)
                {
                    return Err("setmaxnreg counts must be multiples of 8 in [24, 256]");
                }
                if !(128 * prod + 128 * consumers * cons <= REGISTER_FILE) {
                    return Err("producer and consumer registers exceed the 65536-register file");
                }
            }
        }
        if tma_store
            && !(bn.is_multiple_of(C_STAGE.1) && p.rows_per_consumer().is_multiple_of(C_STAGE.0))
        {
            return Err(
                "a TMA-store epilogue needs BN a multiple of 64 (one 128-byte staging row)",
            );
        }
        if !(p.smem_bytes() <= SMEM_LIMIT) {
            return Err("shared memory per block exceeds the 227 KiB limit of sm_90");
        }
        Ok(p)
    }

    /// [`HgemmParams::try_checked`] for constants: a broken rule panics, which is a
    /// compile error naming the rule when evaluated in a constant.
    #[allow(clippy::too_many_arguments)]
    pub(crate) const fn checked(
        bm: usize,
        bn: usize,
        bk: usize,
        consumers: usize,
        warp_specialized: Option<(usize, usize)>,
        stages: usize,
        schedule: (bool, usize),
        tma_store: bool,
        swizzle_bytes: usize,
    ) -> HgemmParams {
        match Self::try_checked(
            bm,
            bn,
            bk,
            consumers,
            warp_specialized,
            stages,
            schedule,
            tma_store,
            swizzle_bytes,
        ) {
            Ok(p) => p,
            Err(rule) => panic!("{}", rule),
        }
    }
}

/// The persistent grid for `tiles` tiles on `sms` multiprocessors: as few blocks
/// as give the same number of waves as one block per multiprocessor, so that
/// every block gets the same number of tiles where possible (512 or 2048 tiles on
/// 132 multiprocessors: 128 blocks, 4 or 16 tiles each, instead of 132 blocks of
/// which 116 take one tile more than the others).
pub fn balanced_grid(tiles: u32, sms: u32) -> u32 {
    let sms = sms.max(1);
    let waves = tiles.div_ceil(sms).max(1);
    tiles.div_ceil(waves).max(1)
}

/// A type that names a Hopper GEMM configuration.
pub trait HopperConfig {
    /// The configuration's numbers, checked when the constant is evaluated.
    const PARAMS: HgemmParams;
}

impl<BM, BN, BK, C, P, S, Sch, E, Sw> HopperConfig
    for Hgemm<Tile<BM, BN, BK>, Consumers<C>, P, Stages<S>, Sch, E, Sw>
where
    BM: StaticUsize,
    BN: StaticUsize,
    BK: StaticUsize,
    C: StaticUsize,
    P: Producer,
    S: StaticUsize,
    Sch: Schedule,
    E: Epilogue,
    Sw: SwizzleMode,
{
    const PARAMS: HgemmParams = match HgemmParams::checked(
        BM::USIZE,
        BN::USIZE,
        BK::USIZE,
        C::USIZE,
        P::WARP_SPECIALIZED,
        S::USIZE,
        Sch::SCHEDULE,
        E::TMA_STORE,
        Sw::BYTES,
    )
    .try_with_order(Sch::ORDER)
    {
        Ok(p) => p,
        Err(rule) => panic!("{}", rule),
    };
}
