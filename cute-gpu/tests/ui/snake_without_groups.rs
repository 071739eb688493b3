// The snake order mirrors the columns of odd raster groups: without raster groups
// (Group = 0, plain 2-D order) there are none, and the configuration is refused.
use cute_gpu::gemm::{
    Copy, Direct, GemmConfig, GemmParams, Padded, Pipeline, Sgemm, Snake, Tile, WarpTiled,
};
use cute_typed::{_0, _1, _128, _2, _32, _4, _64, _8};

type Bad = Sgemm<
    Tile<_128, _128, _8>,
    WarpTiled<_32, _64, _8, _8>,
    Padded<_4, _4>,
    Copy<_4>,
    Pipeline<_2, _1, _0, Direct, Snake>,
>;

const PARAMS: GemmParams = Bad::PARAMS;

fn main() {
    let _ = PARAMS;
}
