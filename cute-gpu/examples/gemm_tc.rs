//! The Hopper tensor-core GEMM on the GPU: a correctness suite and a timed sweep.
//!
//! `C (M×N, row-major) = A (M×K, row-major) · Bᵀ` with B stored `N×K` row-major
//! (torch: `a @ b.t()`), bf16 or fp16 inputs, fp32 accumulation, C in the input
//! format or fp32. Needs `--features cuda`.
//!
//! ```text
//! gemm_tc --dtype bf16|fp16 [--out same|f32|both] [--configs all|NAME[:gG][:s][:k],…]
//!         [--suite] [--sizes 4096,8192|MxNxK,…] [--iters 50] [--warmup 10]
//!         [--ctas N] [--dump DIR] [--b-layout nk|kn|both] [--pad auto|tma|lines,…]
//!         [--wall N]
//! ```
//! * `--suite`: shapes that exercise ragged M, N, K, odd N, K = BK and 2·BK, plus
//!   exact small-integer products (fp32 C must match bit for bit); every
//!   configuration and output format is checked against an fp64 GPU reference.
//!   It includes K not a multiple of 8 (1, 5, 7, 13, 4103) and, with B stored
//!   `K×N`, N not a multiple of 8 (3, 9, 1001): rows the TMA cannot address
//!   (not 16-byte multiples) are first copied into zero-padded scratch rows by a
//!   tile-API kernel (`cute_gpu::hopper::pad`), part of every launch and timing.
//! * `--sizes`: for each size, each configuration is checked once (poisoned C,
//!   fp64 reference) and then timed: `--warmup` launches, then `--iters`
//!   launches each between its own pair of events, input sets rotated so that
//!   their footprint is at least three times the L2; the median is reported.
//! * `--dump DIR`: writes A, B (set 0) and each configuration's C of the first
//!   size for the cuBLAS calibration script (`cute-gpu/bench/cublas_tc.py`).
//!
//! `--b-layout kn` stores B as `K×N` row-major (`a @ b`; wgmma reads it MN-major
//! with the transpose bit); the default `nk` stores it `N×K` (`a @ b.t()`).
//!
//! `--pad` picks the padding policies to check and time (`cute_gpu::hopper::pitch`:
//! `auto`, the default, also pads B's rows to whole 128-byte lines where that
//! pays; `tma` only as the TMA needs; `lines` B's whenever they are not);
//! `--wall N` adds the wall clock of `N` synchronous launches.
//!
//! `--dtype fp32` is the SIMT GEMM of the `gemm` example. `--refusals` shows
//! out-of-bounds launches refused before the GPU runs them. Without a GPU
//! driver the program says so and exits with status 1; `--help` needs no driver.
#[path = "common/tc_cli.rs"]
mod tc_cli;

fn main() -> std::process::ExitCode {
    tc_cli::run_cli(std::env::args().skip(1).collect())
}
