//! The checks of a Hopper GEMM launch, made before any driver call (always
//! compiled: they run and are tested without a GPU).
use super::config::balanced_grid;
use super::kernel::HopperKernel;
use super::pad::Padding;
use super::pitch::{padding, PadPolicy};
use crate::error::GpuError;
use crate::launch::{check_len, grid_dim, mul, LaunchShape};
use std::fmt;

/// Why a Hopper GEMM could not run.
#[derive(Debug)]
pub enum HopperError {
    /// the driver failed, or a buffer or size was refused before any driver call
    Gpu(GpuError),
    /// the problem breaks a rule of the TMA or of the kernel
    Problem(&'static str),
    /// the generator refused the configuration
    Generation(cute_typed::Error),
    /// `cuTensorMapEncodeTiled` could not be found or rejected a map
    TensorMap(String),
}

impl fmt::Display for HopperError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HopperError::Gpu(e) => write!(f, "{e}"),
            HopperError::Problem(rule) => write!(f, "problem not supported: {rule}"),
            HopperError::Generation(e) => write!(f, "kernel generation failed: {}", e.rule()),
            HopperError::TensorMap(m) => write!(f, "tensor map: {m}"),
        }
    }
}

impl std::error::Error for HopperError {}

impl From<GpuError> for HopperError {
    fn from(e: GpuError) -> Self {
        HopperError::Gpu(e)
    }
}

impl From<cute_typed::Error> for HopperError {
    fn from(e: cute_typed::Error) -> Self {
        HopperError::Generation(e)
    }
}

/// `Result` of the Hopper host path.
pub type Result<T> = std::result::Result<T, HopperError>;

/// `C (M×N, row-major) = A (M×K, row-major) · Bᵀ`, B stored `N×K` row-major
/// (or `K×N` for an MN-major configuration).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TcProblem {
    /// rows of A and C
    pub m: usize,
    /// rows of B, columns of C
    pub n: usize,
    /// the reduction length
    pub k: usize,
}

impl TcProblem {
    /// Checks the rule the TMA imposes on every shape: 32-bit coordinates.
    /// (Rows whose byte length is not a multiple of 16 are padded on the way,
    /// see [`super::pad`].)
    pub fn validate(&self) -> Result<()> {
        let limit = i32::MAX as usize;
        if self.m > limit || self.n > limit || self.k > limit {
            return Err(HopperError::Problem(
                "M, N and K must be below 2^31 (TMA coordinates are 32-bit)",
            ));
        }
        Ok(())
    }
}

/// What a checked launch does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HopperLaunch {
    /// C is empty (`M = 0` or `N = 0`)
    Nothing,
    /// `K = 0`: C is zero; the first `bytes` bytes of C are cleared
    ZeroC {
        /// `M·N·(bytes per element)`
        bytes: usize,
    },
    /// the kernel runs with these arguments
    Kernel {
        /// grid (x only), threads and dynamic shared memory
        shape: LaunchShape,
        /// `⌈K/BK⌉`
        k_tiles: u32,
        /// `⌈M/BM⌉`
        tiles_m: u32,
        /// `⌈N/BN⌉`
        tiles_n: u32,
        /// the operands copied first into scratch rows (of 16- or 128-byte multiples)
        padding: Padding,
    },
}

/// Buffer lengths (elements) and C's element size for [`plan`].
#[derive(Clone, Copy, Debug)]
pub struct Operands {
    /// elements of A's buffer
    pub a: usize,
    /// elements of B's buffer
    pub b: usize,
    /// elements of C's buffer
    pub c: usize,
    /// bytes per element of C's buffer
    pub c_bytes: usize,
}

/// Checks a launch of `k` on `p`: the TMA rules, C's element size against the
/// kernel's output, A (`M·K`), B (`N·K`) and C (`M·N`) lengths with checked
/// products, the tile count and grid against 32-bit and CUDA limits, and the
/// padding of operands (scratch sizes and the copy's grid, [`super::pad::Pad::to`])
/// by the default policy, [`PadPolicy::Auto`] (rows not 16-byte multiples always;
/// B's to whole 128-byte lines when that pays, [`super::pitch`]). `ctas`
/// overrides the persistent grid (clamped to the tiles); `sms` is the
/// multiprocessor count.
///
/// ```
/// use cute_gpu::hopper::plan::{plan, HopperError, HopperLaunch, Operands, TcProblem};
/// use cute_gpu::hopper::{kernel::{Io, Output}, isa::Half, layouts::OperandMajor, shipped::shipped};
/// let io = Io { input: Half::Bf16, output: Output::F32, b_major: OperandMajor::K };
/// let k = shipped()[0].kernel(io).unwrap();
/// let p = TcProblem { m: 128, n: 128, k: 64 };
/// let ok = Operands { a: 128 * 64, b: 128 * 64, c: 128 * 128, c_bytes: 4 };
/// assert!(plan(&k, &p, ok, 132, None).is_ok());
/// let short_a = Operands { a: 128 * 64 - 1, ..ok };
/// assert!(matches!(plan(&k, &p, short_a, 132, None), Err(HopperError::Gpu(_))));
/// // K = 13: rows of 26 bytes, padded to 16 elements (not refused)
/// let odd = TcProblem { k: 13, ..p };
/// let ops13 = Operands { a: 128 * 13, b: 128 * 13, ..ok };
/// let Ok(HopperLaunch::Kernel { padding, .. }) = plan(&k, &odd, ops13, 132, None) else { panic!() };
/// assert_eq!(padding.a.map(|pad| pad.pitch), Some(16));
/// ```
pub fn plan(
    k: &HopperKernel,
    p: &TcProblem,
    ops: Operands,
    sms: u32,
    ctas: Option<u32>,
) -> Result<HopperLaunch> {
    plan_with(k, p, ops, sms, ctas, PadPolicy::default())
}

/// [`plan`] with the padding policy `policy` ([`super::pitch`]).
///
/// ```
/// use cute_gpu::hopper::plan::{plan_with, HopperLaunch, Operands, TcProblem};
/// use cute_gpu::hopper::pitch::PadPolicy;
/// use cute_gpu::hopper::{kernel::{Io, Output}, isa::Half, layouts::OperandMajor, shipped::shipped};
/// let io = Io { input: Half::Bf16, output: Output::F32, b_major: OperandMajor::K };
/// let k = shipped()[0].kernel(io).unwrap();
/// let p = TcProblem { m: 2048, n: 4096, k: 1032 };
/// let ops = Operands { a: 2048 * 1032, b: 4096 * 1032, c: 2048 * 4096, c_bytes: 4 };
/// let pitch_b = |policy| match plan_with(&k, &p, ops, 132, None, policy).unwrap() {
///     HopperLaunch::Kernel { padding, .. } => padding.b.map(|b| b.pitch),
///     _ => unreachable!(),
/// };
/// assert_eq!(pitch_b(PadPolicy::Auto), Some(1088)); // B's rows to whole 128-byte lines
/// assert_eq!(pitch_b(PadPolicy::Tma), None); // 2064-byte rows: the TMA takes them
/// ```
pub fn plan_with(
    k: &HopperKernel,
    p: &TcProblem,
    ops: Operands,
    sms: u32,
    ctas: Option<u32>,
    policy: PadPolicy,
) -> Result<HopperLaunch> {
    p.validate()?;
    let out = k.io.output.bytes();
    if ops.c_bytes != out {
        return Err(GpuError::ElementType {
            operand: "C",
            expected: out,
            found: ops.c_bytes,
        }
        .into());
    }
    check_len("A", ops.a, mul(p.m, p.k, "M·K")?)?;
    check_len("B", ops.b, mul(p.n, p.k, "N·K")?)?;
    let c_elems = mul(p.m, p.n, "M·N")?;
    check_len("C", ops.c, c_elems)?;
    if p.m == 0 || p.n == 0 {
        return Ok(HopperLaunch::Nothing);
    }
    if p.k == 0 {
        return Ok(HopperLaunch::ZeroC {
            bytes: mul(c_elems, out, "the bytes of C")?,
        });
    }
    let too_many = || GpuError::Overflow("the number of tiles (u32)");
    let tiles_m = u32::try_from(p.m.div_ceil(k.params.bm)).map_err(|_| too_many())?;
    let tiles_n = u32::try_from(p.n.div_ceil(k.params.bn)).map_err(|_| too_many())?;
    let total = tiles_m.checked_mul(tiles_n).ok_or_else(too_many)?;
    let k_tiles = u32::try_from(p.k.div_ceil(k.params.bk)).map_err(|_| too_many())?;
    let padding = padding(policy, p, k.derived.b.major, k.params.bm)?;
    let grid = match (k.params.persistent, ctas) {
        (false, _) => total,
        (true, Some(n)) => n.clamp(1, total),
        (true, None) => balanced_grid(total, sms.max(1)),
    };
    Ok(HopperLaunch::Kernel {
        shape: LaunchShape {
            grid: (grid_dim('x', grid as u64)?, 1, 1),
            threads: k.threads(),
            smem: k.smem_bytes(),
        },
        k_tiles,
        tiles_m,
        tiles_n,
        padding,
    })
}
