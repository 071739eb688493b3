// BM = 96 is not a multiple of the warp tile WM = 64.
use cute_gpu::gemm::{Copy, GemmConfig, GemmParams, Padded, Pipeline, Sgemm, Tile, WarpTiled};
use cute_typed::{_128, _2, _3, _32, _4, _64, _8, _96};

type Bad = Sgemm<
    Tile<_96, _128, _8>,
    WarpTiled<_64, _32, _8, _8>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_3, _2>,
>;

// Evaluated in a constant, the check runs under `cargo check` too; inside
// `sgemm::<Bad>(…)` it fails the build the same way.
const PARAMS: GemmParams = Bad::PARAMS;

fn main() {
    let _ = PARAMS;
}
