// 8 stages of a 128×128×64 tile need 528 KiB of shared memory.
use cute_gpu::gemm::{Copy, GemmConfig, GemmParams, Padded, Pipeline, Sgemm, Tile, WarpTiled};
use cute_typed::{_1, _128, _32, _4, _64, _8};

type Bad = Sgemm<
    Tile<_128, _128, _64>,
    WarpTiled<_32, _64, _8, _8>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_8, _1>,
>;

// Evaluated in a constant, the check runs under `cargo check` too; inside
// `sgemm::<Bad>(…)` it fails the build the same way.
const PARAMS: GemmParams = Bad::PARAMS;

fn main() {
    let _ = PARAMS;
}
