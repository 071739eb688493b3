//! fp32 GEMM: configurations, the generator, references and the pass criterion.
pub mod config;
pub mod kernel;
pub mod layouts;
pub mod problem;
pub mod reference;
pub mod shipped;
pub mod split;
pub mod tolerance;

pub use config::{
    Arrangement, Async, Blocked, Copy, Direct, FragmentLoads, GemmConfig, GemmElement, GemmParams,
    GroupOrder, Padded, Pipeline, Prefetch, Raster, Sgemm, Snake, Staged, StagedMid, Threads, Tile,
    WarpTiled,
};
pub use kernel::{generate, generate_tail_split, sgemm, GemmKernel};
pub use problem::{GemmLayout, Major, Problem, ProblemError};
pub use split::{plan_tail_split, SplitPolicy, TailSplit};
