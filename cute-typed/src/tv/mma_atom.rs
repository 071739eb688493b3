//! MMA atoms as data: the thread–value layouts of one hardware MMA instruction.
//!
//! The layouts are facts from CuTe 4.2 (`mma_traits_sm80.hpp`,
//! `mma_traits_sm90_gmma.hpp`); all leaves are static, as in C++. Each maps
//! `(thread, value)` to the column-major index of the operand tile:
//! A is `M × K`, B is `N × K`, C is `M × N`.
use crate::dynamic::{DLayout, FixedLayout, FixedTuple};
use crate::error::Error;
use crate::tri;

/// `DTuple::tuple` for constants: a bad literal is a compile error.
macro_rules! tup {
    ($($x:expr),* $(,)?) => {
        match FixedTuple::tuple(&[$($x),*]) {
            Ok(t) => t,
            Err(e) => e.raise(),
        }
    };
}

const fn s(v: i64) -> FixedTuple {
    FixedTuple::s(v)
}

/// The run-time value of a layout written here as a constant.
fn run_time(l: FixedLayout) -> DLayout {
    DLayout::from_fixed(&l)
}

const fn lay(shape: FixedTuple, stride: FixedTuple) -> FixedLayout {
    match FixedLayout::new(shape, stride) {
        Ok(l) => l,
        Err(e) => e.raise(),
    }
}

/// SM80 accumulator (and 16×8×8 A) layout `SM80_16x8_Row`:
/// `((4,8),(2,2)):((32,1),(16,8))`, `(T32,V4) → (M16,N8)`:
/// thread `t` value `v` holds `m = t/4 + 8·v₁`, `n = 2·(t%4) + v₀`.
#[doc(hidden)]
pub const SM80_16X8_ROW: FixedLayout = lay(
    tup!(tup!(s(4), s(8)), tup!(s(2), s(2))),
    tup!(tup!(s(32), s(1)), tup!(s(16), s(8))),
);

/// SM80 `m16n8k16` A layout: `((4,8),(2,2,2)):((32,1),(16,8,128))`,
/// `(T32,V8) → (M16,K16)`: `m = t/4 + 8·v₁`, `k = 2·(t%4) + v₀ + 8·v₂`.
#[doc(hidden)]
pub const SM80_16X8X16_A: FixedLayout = lay(
    tup!(tup!(s(4), s(8)), tup!(s(2), s(2), s(2))),
    tup!(tup!(s(32), s(1)), tup!(s(16), s(8), s(128))),
);

/// SM80 `m16n8k16` B layout: `((4,8),(2,2)):((16,1),(8,64))`,
/// `(T32,V4) → (N8,K16)`: `n = t/4`, `k = 2·(t%4) + v₀ + 8·v₁`.
#[doc(hidden)]
pub const SM80_16X8X16_B: FixedLayout = lay(
    tup!(tup!(s(4), s(8)), tup!(s(2), s(2))),
    tup!(tup!(s(16), s(1)), tup!(s(8), s(64))),
);

/// One MMA instruction: its tile `M × N × K`, the layout of its threads and the
/// TV layouts of its operands (CuTe's `MMA_Traits`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaAtom {
    /// Instruction name (CuTe's operation name).
    pub name: &'static str,
    /// `(M, N, K)` of one instruction.
    pub shape_mnk: (i64, i64, i64),
    /// The atom's threads: `ThrID`, from atom-thread index to thread index.
    pub thr_id: DLayout,
    /// `(T, V) → m + M·k`.
    pub a: DLayout,
    /// `(T, V) → n + N·k`.
    pub b: DLayout,
    /// `(T, V) → m + M·n`.
    pub c: DLayout,
}

impl MmaAtom {
    /// An atom by a short name, for command lines: `sm80_16x8x16` (f32 += f16·f16),
    /// `sm90_64xNx16` for `N` a multiple of 8 up to 256 (f32 += f16·f16, both
    /// operands in shared memory), `fma` (UniversalFMA). Anything else is
    /// [`Error::Unsupported`].
    pub fn by_name(name: &str) -> Result<MmaAtom, Error> {
        let is = |s: &str| name.eq_ignore_ascii_case(s);
        if is("sm80_16x8x16") || is("sm80_16x8x16_f32f16f16f32_tn") {
            return Ok(sm80_16x8x16_f32f16f16f32_tn());
        }
        if is("fma") || is("universalfma") {
            return Ok(universal_fma());
        }
        // sm90_64x<N>x16, any letter case.
        let rest = match name.get(..8) {
            Some(p) if p.eq_ignore_ascii_case("sm90_64x") => &name[8..],
            _ => return Err(Error::Unsupported),
        };
        let x = rest.find(['x', 'X']).ok_or(Error::Unsupported)?;
        let (n, tail) = rest.split_at(x);
        if !tail.eq_ignore_ascii_case("x16") {
            return Err(Error::Unsupported);
        }
        sm90_64xnx16_f32f16f16_ss(n.parse::<i64>().map_err(|_| Error::Unsupported)?)
    }
}

/// `SM80_16x8x16_F32F16F16F32_TN` (`mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`):
/// one warp, `16 × 8 × 16`.
pub fn sm80_16x8x16_f32f16f16f32_tn() -> MmaAtom {
    MmaAtom {
        name: "SM80_16x8x16_F32F16F16F32_TN",
        shape_mnk: (16, 8, 16),
        thr_id: run_time(lay(s(32), s(1))),
        a: run_time(SM80_16X8X16_A),
        b: run_time(SM80_16X8X16_B),
        c: run_time(SM80_16X8_ROW),
    }
}

/// SM90 wgmma accumulator layout `CLayout_64xN`:
/// `((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512))`, `(T128, V) → (M64, N)`:
/// `m = 16·(t/32) + (t%32)/4 + 8·((v/2)%2)`, `n = 2·(t%4) + v%2 + 8·(v/4)`.
///
/// `n` must be a multiple of 8 in `[8, 256]` ([`Error::Unsupported`] otherwise).
pub fn sm90_c_layout_64xn(n: i64) -> Result<DLayout, Error> {
    Ok(run_time(tri!(sm90_c_layout_64xn_fixed(n))))
}

/// [`sm90_c_layout_64xn`] in the fixed form (`const`).
const fn sm90_c_layout_64xn_fixed(n: i64) -> Result<FixedLayout, Error> {
    if n < 8 || n > 256 || n % 8 != 0 {
        return Err(Error::Unsupported);
    }
    FixedLayout::new(
        tri!(FixedTuple::tuple(&[
            tup!(s(4), s(8), s(4)),
            tup!(s(2), s(2), s(n / 8)),
        ])),
        tri!(FixedTuple::tuple(&[
            tup!(s(128), s(1), s(16)),
            tup!(s(64), s(8), s(512)),
        ])),
    )
}

/// SM90 `wgmma.m64nNk16` with both operands in shared memory (`SS`), f16 inputs,
/// f32 accumulators: one warpgroup (128 threads), `64 × N × 16`.
///
/// A and B are CuTe's `ABLayout<M,K> = (128,(M,K)):(0,(1,M))`: every thread
/// "holds" the whole operand (it is read through a descriptor), so the thread
/// mode has stride 0.
pub fn sm90_64xnx16_f32f16f16_ss(n: i64) -> Result<MmaAtom, Error> {
    let c = sm90_c_layout_64xn(n)?;
    Ok(MmaAtom {
        name: "SM90_64xNx16_F32F16F16_SS",
        shape_mnk: (64, n, 16),
        thr_id: run_time(lay(s(128), s(1))),
        a: run_time(ab_layout(64, 16)?),
        b: run_time(ab_layout(n, 16)?),
        c,
    })
}

/// `ABLayout<M,K>`: `(128,(M,K)):(0,(1,M))`.
const fn ab_layout(m: i64, k: i64) -> Result<FixedLayout, Error> {
    FixedLayout::new(
        tri!(FixedTuple::tuple(&[s(128), tup!(s(m), s(k))])),
        tri!(FixedTuple::tuple(&[s(0), tup!(s(1), s(m))])),
    )
}

/// `UniversalFMA`: one thread, `1 × 1 × 1` (a scalar multiply-add); the atom of
/// SIMT GEMMs.
pub fn universal_fma() -> MmaAtom {
    let one = run_time(lay(tup!(s(1), s(1)), tup!(s(0), s(0))));
    MmaAtom {
        name: "UniversalFMA",
        shape_mnk: (1, 1, 1),
        thr_id: run_time(lay(s(1), s(0))),
        a: one.clone(),
        b: one.clone(),
        c: one,
    }
}
