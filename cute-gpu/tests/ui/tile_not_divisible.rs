// BM = 96 is not a multiple of the warp tile WM = 64.
use cute_gpu::gemm::{Copy, GemmConfig, GemmParams, Padded, Pipeline, Sgemm, Tile, WarpTiled};
use typenum::{U128, U2, U3, U32, U4, U64, U8, U96};

type Bad = Sgemm<
    Tile<U96, U128, U8>,
    WarpTiled<U64, U32, U8, U8>,
    Padded<U4, U4>,
    Copy<U4>,
    Pipeline<U3, U2>,
>;

// Evaluated in a constant, the check runs under `cargo check` too; inside
// `sgemm::<Bad>(…)` it fails the build the same way.
const PARAMS: GemmParams = Bad::PARAMS;

fn main() {
    let _ = PARAMS;
}
