//! The configurations this crate ships: the rungs of the ladder, in order, and
//! the tuning variants the timing sweep compares.
use super::config::{
    Consumers, DirectStore, Hgemm, HgemmParams, HopperConfig, InlineProducer, Persistent,
    ProducerWarpgroup, SnakeKAlternate, Stages, Sw128, TilePerCta, TmaStore,
};
use super::isa::Half;
use super::kernel::{generate, HopperKernel, Io, Output};
use super::layouts::OperandMajor;
use crate::gemm::Tile;
use cute_typed::Error;
use cute_typed::{_1, _128, _16, _2, _232, _256, _4, _40, _6, _64, _8};

/// Rung 1: TMA loads, an mbarrier pipeline and wgmma in one warpgroup; thread 0
/// refills each stage as soon as the wgmmas reading it retire.
pub type R1TmaWgmma = Hgemm<
    Tile<_128, _128, _64>,
    Consumers<_1>,
    InlineProducer,
    Stages<_4>,
    TilePerCta<_1>,
    DirectStore,
    Sw128,
>;
/// Rung 2: a producer warpgroup (40 registers) feeds one consumer warpgroup (232).
pub type R2WarpSpecialized = Hgemm<
    Tile<_128, _128, _64>,
    Consumers<_1>,
    ProducerWarpgroup<_40, _232>,
    Stages<_6>,
    TilePerCta<_1>,
    DirectStore,
    Sw128,
>;
/// Rung 3: rung 2 on a persistent grid with a grouped-raster tile scheduler.
pub type R3Persistent = Hgemm<
    Tile<_128, _128, _64>,
    Consumers<_1>,
    ProducerWarpgroup<_40, _232>,
    Stages<_6>,
    Persistent<_8>,
    DirectStore,
    Sw128,
>;
/// Rung 4: two consumer warpgroups on a 128×256 tile (m64n256k16 each).
pub type R4TwoConsumers = Hgemm<
    Tile<_128, _256, _64>,
    Consumers<_2>,
    ProducerWarpgroup<_40, _232>,
    Stages<_4>,
    Persistent<_8>,
    DirectStore,
    Sw128,
>;
/// Rung 5: rung 4 with a stmatrix + TMA-store epilogue.
pub type R5TmaStore = Hgemm<
    Tile<_128, _256, _64>,
    Consumers<_2>,
    ProducerWarpgroup<_40, _232>,
    Stages<_4>,
    Persistent<_8>,
    TmaStore,
    Sw128,
>;
/// Rung 6: rung 5 visiting its tiles in an order made for L2 reuse between waves:
/// raster groups of 16 tile rows, odd groups right to left (snake), and each
/// block's odd tiles walking K backwards ([`SnakeKAlternate`]). The bf16/fp16
/// parity configuration: bf16/fp16 4096³ at 100.8–101.7% of cuBLAS on the H100 and
/// the H200, where rung 5 gave 98.7–100.5% in the same runs (`docs/benchmarks.md`).
pub type R6TileOrder = Hgemm<
    Tile<_128, _256, _64>,
    Consumers<_2>,
    ProducerWarpgroup<_40, _232>,
    Stages<_4>,
    Persistent<_16, SnakeKAlternate>,
    TmaStore,
    Sw128,
>;
/// Tuning: 256×128 tiles, each consumer two m64n128 blocks, TMA-store epilogue.
pub type T256x128 = Hgemm<
    Tile<_256, _128, _64>,
    Consumers<_2>,
    ProducerWarpgroup<_40, _232>,
    Stages<_4>,
    Persistent<_8>,
    TmaStore,
    Sw128,
>;

/// Tuning: rung 5 with raster groups of 4 tile rows (a wave of 128 blocks at
/// 4096³ covers 2 groups of 4×16 tiles instead of one of 8×16).
pub type R5G4 = Hgemm<
    Tile<_128, _256, _64>,
    Consumers<_2>,
    ProducerWarpgroup<_40, _232>,
    Stages<_4>,
    Persistent<_4>,
    TmaStore,
    Sw128,
>;
/// Tuning: rung 5 with raster groups of 16 tile rows (a wave of 128 blocks at
/// 4096³ covers 16×8 tiles: 16 MiB of A and 16 MiB of B instead of 8 and 32).
pub type R5G16 = Hgemm<
    Tile<_128, _256, _64>,
    Consumers<_2>,
    ProducerWarpgroup<_40, _232>,
    Stages<_4>,
    Persistent<_16>,
    TmaStore,
    Sw128,
>;

/// A shipped configuration.
#[derive(Clone, Copy, Debug)]
pub struct Shipped {
    /// short name (command line, kernel names)
    pub name: &'static str,
    /// what it adds on the ladder
    pub what: &'static str,
    /// its numbers
    pub params: HgemmParams,
}

impl Shipped {
    /// The kernel for `io`, named `hgemm_<name>_<in>_<out>`.
    pub fn kernel(&self, io: Io) -> Result<HopperKernel, Error> {
        generate(&self.params, io, &kernel_name(self.name, io))
    }
}

/// `hgemm_<config>_<input>_<output>`, plus `_bkn` when B is stored `K×N`.
pub fn kernel_name(config: &str, io: Io) -> String {
    let out = match io.output {
        Output::Half(h) => h.name(),
        Output::F32 => "f32",
    };
    let b = match io.b_major {
        OperandMajor::K => "",
        OperandMajor::Mn => "_bkn",
    };
    format!("hgemm_{config}_{}_{out}{b}", io.input.name())
}

/// Every shipped configuration, ladder order first.
pub fn shipped() -> Vec<Shipped> {
    vec![
        Shipped {
            name: "r1_tma_wgmma",
            what: "TMA + mbarrier pipeline + wgmma, 1 warpgroup, 128x128x64, 4 stages",
            params: R1TmaWgmma::PARAMS,
        },
        Shipped {
            name: "r2_warp_specialized",
            what: "+ producer warpgroup, setmaxnreg 40/232, 6 stages",
            params: R2WarpSpecialized::PARAMS,
        },
        Shipped {
            name: "r3_persistent",
            what: "+ persistent grid, grouped raster (8 tile rows)",
            params: R3Persistent::PARAMS,
        },
        Shipped {
            name: "r4_two_consumers",
            what: "+ 2 consumer warpgroups, 128x256x64, 4 stages",
            params: R4TwoConsumers::PARAMS,
        },
        Shipped {
            name: "r5_tma_store",
            what: "+ stmatrix/TMA-store epilogue",
            params: R5TmaStore::PARAMS,
        },
        Shipped {
            name: "r6_tile_order",
            what: "+ tile order: raster groups of 16 rows, snake, K direction alternating per tile",
            params: R6TileOrder::PARAMS,
        },
        Shipped {
            name: "t256x128",
            what: "tuning: 256x128x64, 2 consumers x 2 m64 blocks, TMA store",
            params: T256x128::PARAMS,
        },
        Shipped {
            name: "r5_g4",
            what: "tuning: r5_tma_store in raster groups of 4 tile rows",
            params: R5G4::PARAMS,
        },
        Shipped {
            name: "r5_g16",
            what: "tuning: r5_tma_store in raster groups of 16 tile rows",
            params: R5G16::PARAMS,
        },
    ]
}

/// The shipped configuration called `name`.
pub fn find(name: &str) -> Option<Shipped> {
    shipped().into_iter().find(|s| s.name == name)
}

/// Every input/output/B-layout combination the example and CI build.
pub fn all_io() -> Vec<Io> {
    let mut v = Vec::new();
    for b_major in [OperandMajor::K, OperandMajor::Mn] {
        for input in [Half::Bf16, Half::F16] {
            for output in [Output::Half(input), Output::F32] {
                v.push(Io {
                    input,
                    output,
                    b_major,
                });
            }
        }
    }
    v
}
