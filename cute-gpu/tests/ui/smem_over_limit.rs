// 8 stages of a 128×128×64 tile need 528 KiB of shared memory.
use cute_gpu::gemm::{Copy, GemmConfig, GemmParams, Padded, Pipeline, Sgemm, Tile, WarpTiled};
use typenum::{U1, U128, U32, U4, U64, U8};

type Bad = Sgemm<
    Tile<U128, U128, U64>,
    WarpTiled<U32, U64, U8, U8>,
    Padded<U4, U4>,
    Copy<U4>,
    Pipeline<U8, U1>,
>;

// Evaluated in a constant, the check runs under `cargo check` too; inside
// `sgemm::<Bad>(…)` it fails the build the same way.
const PARAMS: GemmParams = Bad::PARAMS;

fn main() {
    let _ = PARAMS;
}
