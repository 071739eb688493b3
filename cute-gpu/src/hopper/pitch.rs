//! Which operands a Hopper GEMM copies into scratch rows first, and to what
//! row length: the padding policy ([`padding`]).
//!
//! The TMA needs rows of 16-byte multiples; operands without them are always
//! padded ([`super::pad`]). Rows that are 16-byte but not 128-byte multiples
//! run, but slower: each 128-byte row of a TMA box (64 elements with the
//! 128-byte swizzle) then straddles two lines. On the H100 (bf16,
//! `r6_tile_order`, `docs/benchmarks.md`, "Row pitches"), that costs much when
//! it is B's rows (4096×4096×4104, B `N×K`: 549 TFLOP/s against 793 at 4096³),
//! little when only A's are (B `K×N`, same size: 765), and C's rows 1–10%
//! beyond the extra column of tiles (4096×4104×4096 against 4096×4160×4096,
//! both 17 columns of 256-wide tiles; C is not padded).
//!
//! [`PadPolicy::Auto`] therefore copies B into rows of a multiple of 64 elements
//! when the GEMM reads it often enough to repay the copy:
//!
//! ```text
//! pad B to 64 ⇔ cols mod 64 ≠ 0  ∧  cols ≥ 512  ∧  ⌈M/BM⌉ ≥ B_LINE_MIN_TILES_M (12)
//!               ∧  rows·cols ≥ B_LINE_MIN_ELEMS (2²²)
//! ```
//!
//! (`rows × cols` is B as stored: `N×K` or `K×N`). The GEMM reads B once per
//! row of tiles, `⌈M/BM⌉` times, and the loss grows with that count, while the
//! copy reads and writes B once. Measured with B `4096×4104` (the loss: B `N×K`
//! against B `K×N`; the copy: padded against B `K×N`; first sweep): a loss of
//! 19, 43, 80 and 177 µs at M = 1024, 2048, 4096, 8192, a copy of 17–26 µs;
//! break-even near M = 1300, so 12 rows of 128-row tiles (M > 1408). Padded,
//! M = 1536 was 6% faster (second sweep), M = 1024 10% slower (first) and
//! M = 512 45% slower (second). Below 2²² elements the copy's fixed cost dominates (2048×2048×2056
//! gained 3%). On the H200 the unpadded launches lose less at the threshold's
//! edge: M = 1536 and 2048×2048×2056 neither gained nor lost measurably there,
//! 4096×4096×4104 gained 24% as on the H100.
//! A is never padded for this: it was measured to cost more than it saves at
//! every size timed. An operand padded anyway (rows not 16-byte multiples) is
//! padded to 64 elements when `cols ≥ 512` (the scratch grows by at most an
//! eighth, the copy costs the same; 4096×4096×4100 went from 436 to 601 TFLOP/s).
//!
//! The copy's scratch is owned by the `HopperGemm` (feature `cuda`) and grown
//! on demand, so a synchronous launch pays the copy, not an allocation: on the
//! H100 (`gemm_tc --wall 20`, median host wall clock of `launch()`),
//! 4096×4096×4104 nk took 0.36 ms padded against 0.42 unpadded, 8192×8192×8200
//! 1.88 against 2.39, and 2048×2048×2056 0.18 against 0.14 (the copy's launch
//! and checks cost more than its 5 µs of GPU time saves there). When the
//! scratch was allocated at each launch, 4096×4096×4104 took 0.52 against 0.41.
use super::layouts::OperandMajor;
use super::pad::{Pad, Padding, RowAlign};
use super::plan::TcProblem;
use crate::error::GpuError;

/// Rows of output tiles (`⌈M/BM⌉`) from which [`PadPolicy::Auto`] pads B to
/// whole lines.
pub const B_LINE_MIN_TILES_M: usize = 12;

/// Elements of B from which [`PadPolicy::Auto`] pads it to whole lines.
pub const B_LINE_MIN_ELEMS: usize = 1 << 22;

/// Row length (elements) from which an operand is ever padded to whole lines:
/// the scratch is then at most `1 + 64/512` times the operand.
pub const LINE_MIN_COLS: usize = 512;

/// Which operands a launch copies into scratch rows, and to what length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PadPolicy {
    /// only rows the TMA cannot address (not 16-byte multiples), to 8 elements
    Tma,
    /// the module's rule: [`PadPolicy::Tma`]'s operands to 64 elements when
    /// `cols ≥ 512`, and B's rows to 64 elements where that was measured to pay
    #[default]
    Auto,
    /// B's rows to 64 elements whenever they are not (and `cols ≥ 512`), A as
    /// [`PadPolicy::Auto`]: a comparison point and a test of the wide padding
    /// on every shape (padding A as well was measured never to pay)
    Lines,
}

impl PadPolicy {
    /// Its command-line name: `tma`, `auto`, `lines`.
    pub fn name(self) -> &'static str {
        match self {
            PadPolicy::Tma => "tma",
            PadPolicy::Auto => "auto",
            PadPolicy::Lines => "lines",
        }
    }

    /// The policy of a command-line name.
    pub fn parse(s: &str) -> Option<PadPolicy> {
        [PadPolicy::Tma, PadPolicy::Auto, PadPolicy::Lines]
            .into_iter()
            .find(|p| p.name() == s)
    }
}

/// The padding of a launch of `p` with tiles of `bm` rows and B stored
/// `b_major` (`N×K` for K-major, `K×N` for MN-major), under `policy`: for each
/// operand, `None` or its [`Pad`] (sizes and grid checked).
///
/// ```
/// use cute_gpu::hopper::{layouts::OperandMajor, pitch::{padding, PadPolicy}, plan::TcProblem};
/// let p = TcProblem { m: 4096, n: 4096, k: 4104 };
/// let auto = padding(PadPolicy::Auto, &p, OperandMajor::K, 128).unwrap();
/// assert_eq!((auto.a, auto.b.map(|b| b.pitch)), (None, Some(4160)));
/// let tma = padding(PadPolicy::Tma, &p, OperandMajor::K, 128).unwrap();
/// assert_eq!((tma.a, tma.b), (None, None));
/// // M = 1024 (8 rows of tiles): B is read too few times to repay its copy
/// let short = TcProblem { m: 1024, ..p };
/// assert_eq!(padding(PadPolicy::Auto, &short, OperandMajor::K, 128).unwrap().b, None);
/// ```
pub fn padding(
    policy: PadPolicy,
    p: &TcProblem,
    b_major: OperandMajor,
    bm: usize,
) -> Result<Padding, GpuError> {
    let (b_rows, b_cols) = match b_major {
        OperandMajor::K => (p.n, p.k),
        OperandMajor::Mn => (p.k, p.n),
    };
    let b_lines = match policy {
        PadPolicy::Tma => false,
        PadPolicy::Lines => true,
        PadPolicy::Auto => {
            p.m.div_ceil(bm.max(1)) >= B_LINE_MIN_TILES_M
                && b_rows.saturating_mul(b_cols) >= B_LINE_MIN_ELEMS
        }
    };
    let wide = policy != PadPolicy::Tma;
    Ok(Padding {
        a: operand(p.m, p.k, wide, false)?,
        b: operand(b_rows, b_cols, wide, b_lines)?,
    })
}

/// One operand's pad: to whole lines when `lines`, or when it is padded anyway
/// and `wide`, provided its rows are long enough; else only as the TMA needs.
fn operand(rows: usize, cols: usize, wide: bool, lines: bool) -> Result<Option<Pad>, GpuError> {
    let needed = !cols.is_multiple_of(RowAlign::Tma.elements());
    let align = if cols >= LINE_MIN_COLS && (lines || (needed && wide)) {
        RowAlign::Line
    } else {
        RowAlign::Tma
    };
    Pad::to(rows, cols, align)
}
