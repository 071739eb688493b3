//! The kernel configurations this crate ships: the ladder rungs, the tuned
//! variants the timing sweep compares, and the 32-bit fallback used when leading
//! dimensions are not multiples of 4.
use super::config::{Blocked, Copy, GemmConfig, GemmParams, Padded, Pipeline, Sgemm, Tile, WarpTiled};
use super::kernel::{generate, GemmKernel};
use super::problem::GemmLayout;
use typenum::{U0, U1, U128, U16, U2, U256, U3, U32, U4, U64, U8};

/// Rung 1: shared-memory tiling and 8×8 register blocking, 32-bit loads, no pipeline.
pub type Rung1Smem = Sgemm<Tile<U128, U128, U8>, Blocked<U8, U8>, Padded<U4, U4>, Copy<U1>, Pipeline<U1, U1>>;
/// Rung 2: rung 1 with 128-bit global loads.
pub type Rung2Vec = Sgemm<Tile<U128, U128, U8>, Blocked<U8, U8>, Padded<U4, U4>, Copy<U4>, Pipeline<U1, U1>>;
/// Rung 3: rung 2 with a 3-stage `cp.async` pipeline.
pub type Rung3Pipe = Sgemm<Tile<U128, U128, U8>, Blocked<U8, U8>, Padded<U4, U4>, Copy<U4>, Pipeline<U3, U2>>;
/// Rung 4: rung 3 with warp tiling (32×64 per warp, lanes 4×8, strided 4-wide values).
pub type Rung4Warp = Sgemm<Tile<U128, U128, U8>, WarpTiled<U32, U64, U8, U8>, Padded<U4, U4>, Copy<U4>, Pipeline<U3, U2>>;
/// Tuning candidate: rung 4 with 4 stages.
pub type Warp128x128x8S4 = Sgemm<Tile<U128, U128, U8>, WarpTiled<U32, U64, U8, U8>, Padded<U4, U4>, Copy<U4>, Pipeline<U4, U2>>;
/// Tuning candidate: BK = 16, 3 stages (one block per multiprocessor: two would
/// cap registers at 128, which spills with the staged K-major loads).
pub type Warp128x128x16 = Sgemm<Tile<U128, U128, U16>, WarpTiled<U32, U64, U8, U8>, Padded<U4, U4>, Copy<U4>, Pipeline<U3, U1>>;
/// Tuning candidate: 128×256 tile, 8×16 per thread.
pub type Warp128x256x8 = Sgemm<Tile<U128, U256, U8>, WarpTiled<U32, U128, U8, U16>, Padded<U4, U4>, Copy<U4>, Pipeline<U3, U1>>;
/// Tuning candidate: 256×128 tile, 16×8 per thread.
pub type Warp256x128x8 = Sgemm<Tile<U256, U128, U8>, WarpTiled<U64, U64, U16, U8>, Padded<U4, U4>, Copy<U4>, Pipeline<U3, U1>>;
/// Fallback for leading dimensions that are not multiples of 4: rung 4 with 32-bit loads.
pub type Fallback32 = Sgemm<Tile<U128, U128, U8>, WarpTiled<U32, U64, U8, U8>, Padded<U4, U4>, Copy<U1>, Pipeline<U3, U2>>;
/// A small configuration for simulator tests: 64×64×8 tile, 128 threads.
pub type Small = Sgemm<Tile<U64, U64, U8>, WarpTiled<U32, U32, U8, U4>, Padded<U4, U0>, Copy<U4>, Pipeline<U2, U1>>;

/// A shipped configuration.
#[derive(Clone, Copy, Debug)]
pub struct Shipped {
    /// short name, used in kernel names and on the command line
    pub name: &'static str,
    /// what it adds on the ladder
    pub what: &'static str,
    /// its numbers
    pub params: GemmParams,
}

impl Shipped {
    /// The kernel for `layout`, named `sgemm_<name>_<layout>`.
    pub fn kernel(&self, layout: GemmLayout) -> GemmKernel {
        generate(&self.params, layout, &format!("sgemm_{}_{}", self.name, layout))
            .expect("shipped configurations have valid layouts")
    }
}

/// Every shipped configuration, ladder order first.
pub fn shipped() -> Vec<Shipped> {
    vec![
        Shipped { name: "r1_smem", what: "smem tiling + 8x8 register blocking, 32-bit loads", params: Rung1Smem::PARAMS },
        Shipped { name: "r2_vec", what: "+ 128-bit global loads", params: Rung2Vec::PARAMS },
        Shipped { name: "r3_pipe", what: "+ 3-stage cp.async pipeline", params: Rung3Pipe::PARAMS },
        Shipped { name: "r4_warp", what: "+ warp tiling (32x64 warps, 4x8 lanes)", params: Rung4Warp::PARAMS },
        Shipped { name: "w128x128x8s4", what: "tuning: 4 stages", params: Warp128x128x8S4::PARAMS },
        Shipped { name: "w128x128x16", what: "tuning: BK=16", params: Warp128x128x16::PARAMS },
        Shipped { name: "w128x256x8", what: "tuning: 128x256 tile, 8x16 per thread", params: Warp128x256x8::PARAMS },
        Shipped { name: "w256x128x8", what: "tuning: 256x128 tile, 16x8 per thread", params: Warp256x128x8::PARAMS },
        Shipped { name: "fallback32", what: "32-bit loads for any leading dimension", params: Fallback32::PARAMS },
        Shipped { name: "small", what: "64x64x8, 128 threads (tests)", params: Small::PARAMS },
    ]
}

/// The shipped configuration called `name`.
pub fn find(name: &str) -> Option<Shipped> {
    shipped().into_iter().find(|s| s.name == name)
}
