//! Register arithmetic for tile kernels: fragments viewed as fp32 values, `max`,
//! `2^x`, the reciprocal, and reductions over a group of consecutive threads
//! (butterfly shuffles in each warp, then shared memory across its warps).
//!
//! These are register-only instructions: no memory access but the shared
//! memory of [`TileKernel::reduce`], so a kernel using them stays checked
//! ([`super::TileProgram::is_checked`]).
//!
//! ```
//! use cute_gpu::tile::{Reduce, ThreadValues, TileKernel};
//! use cute_gpu::ptx::Special;
//! use cute_types::_1;
//! // y[i] = 2^(x[i] − max x) over a row of 512 values, one block of 128 threads
//! let mut k = TileKernel::new("row_exp2", 128)?;
//! let (x, y, n) = (k.input::<f32>("x")?, k.output::<f32>("y")?, k.scalar("n")?);
//! let gx = k.global(&x, &[n.into()], &[_1.into()])?;
//! let gy = k.global(&y, &[n.into()], &[_1.into()])?;
//! let zero = k.builder().mov(0u32);
//! let (tx, ty) = (gx.tile(&[512], &[zero])?, gy.tile(&[512], &[zero])?);
//! let tv = ThreadValues::new("(128,4):(4,1)", &[512])?;
//! let f = k.fragment::<f32>("4:1")?;
//! k.load(&tx, &f, &tv)?;
//! let v = k.to_f32(&f)?;
//! let m = k.reduce(Reduce::Max, &v, 128)?;
//! let e: Vec<_> = v.iter().map(|&x| {
//!     let d = k.builder().sub(x, m);
//!     k.exp2(d)
//! }).collect::<Result<_, _>>()?;
//! k.from_f32(&e, &f)?;
//! k.store(&f, &ty, &tv)?;
//! let program = k.finish()?;
//! assert!(program.is_checked());
//! assert!(program.ptx().contains("shfl.sync.bfly.b32"));
//! # Ok::<(), cute_gpu::tile::TileError>(())
//! ```
use super::element::Element;
use super::kernel::TileKernel;
use super::tensor::Fragment;
use super::TileError;
use crate::ptx::kind::{Pred, F32, U32};
use crate::ptx::{Address, BinOp, Cmp, KernelBuilder, Reg, RegId, Space, Special};
use core::fmt;

/// A register-only instruction of the tile layer. Crate-private: no variant
/// reads or writes memory, which is what lets the launch checks accept it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum RegOp {
    /// `max.f32 d, a, b`
    Max { d: RegId, a: RegId, b: RegId },
    /// `ex2.approx.ftz.f32 d, a` (2^a, relative error about 2⁻²²)
    Ex2 { d: RegId, a: RegId },
    /// `rcp.rn.f32 d, a` (1/a, correctly rounded)
    Rcp { d: RegId, a: RegId },
    /// `shfl.sync.bfly.b32 d, a, lanes, 0x1f, 0xffffffff` (lane `l ^ lanes`'s `a`)
    Bfly { d: RegId, a: RegId, lanes: u32 },
    /// `mov.b32 d, a` (the same 32 bits, another register class)
    Bits { d: RegId, a: RegId },
    /// `shl.b32 d, a, 16` (bf16 in the low half of `a` → f32, exact)
    Bf16ToF32 { d: RegId, a: RegId },
    /// `cvt.rn.bf16x2.f32 d, a, a` (f32 → bf16, nearest even, in both halves)
    F32ToBf16 { d: RegId, a: RegId },
}

impl fmt::Display for RegOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegOp::Max { d, a, b } => write!(f, "max.f32 {d}, {a}, {b};"),
            RegOp::Ex2 { d, a } => write!(f, "ex2.approx.ftz.f32 {d}, {a};"),
            RegOp::Rcp { d, a } => write!(f, "rcp.rn.f32 {d}, {a};"),
            RegOp::Bfly { d, a, lanes } => {
                write!(f, "shfl.sync.bfly.b32 {d}, {a}, {lanes}, 0x1f, 0xffffffff;")
            }
            RegOp::Bits { d, a } => write!(f, "mov.b32 {d}, {a};"),
            RegOp::Bf16ToF32 { d, a } => write!(f, "shl.b32 {d}, {a}, 16;"),
            RegOp::F32ToBf16 { d, a } => write!(f, "cvt.rn.bf16x2.f32 {d}, {a}, {a};"),
        }
    }
}

/// How [`TileKernel::reduce`] combines two values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduce {
    /// the larger (`max.f32`; −∞ is the identity)
    Max,
    /// the sum (`add.f32`; 0 is the identity)
    Sum,
}

fn emit(b: &mut KernelBuilder, op: impl FnOnce(RegId) -> RegOp) -> Reg<F32> {
    let d = b.reg::<F32>();
    b.ext(op(d.id()));
    d
}

fn combine(b: &mut KernelBuilder, op: Reduce, x: Reg<F32>, y: Reg<F32>) -> Reg<F32> {
    match op {
        Reduce::Max => emit(b, |d| RegOp::Max {
            d,
            a: x.id(),
            b: y.id(),
        }),
        Reduce::Sum => b.add(x, y),
    }
}

/// `op` over `v` as a balanced tree (independent operations, short chains).
fn tree(b: &mut KernelBuilder, op: Reduce, mut v: Vec<Reg<F32>>) -> Reg<F32> {
    while v.len() > 1 {
        let mut next = Vec::with_capacity(v.len().div_ceil(2));
        for pair in v.chunks(2) {
            next.push(match pair {
                [x, y] => combine(b, op, *x, *y),
                _ => pair[0],
            });
        }
        v = next;
    }
    v[0]
}

fn group_rule() -> TileError {
    TileError::Layout("a reduction group is a power of two that divides the block's threads")
}

impl TileKernel {
    /// The values of fragment `f` in value order as fp32 registers: `f32`
    /// copied, `bf16` widened (exact). `f16` is refused.
    pub fn to_f32<E: Element>(&mut self, f: &Fragment<E>) -> Result<Vec<Reg<F32>>, TileError> {
        let regs = self.fragment_regs(f)?;
        let b = self.own()?;
        Ok(regs
            .into_iter()
            .map(|a| match E::NAME {
                "bf16" => emit(b, |d| RegOp::Bf16ToF32 { d, a }),
                _ => emit(b, |d| RegOp::Bits { d, a }),
            })
            .collect())
    }

    /// Writes `vals` (one fp32 register per value, in value order) into
    /// fragment `f`: `f32` copied, `bf16` rounded to nearest even.
    pub fn from_f32<E: Element>(
        &mut self,
        vals: &[Reg<F32>],
        f: &Fragment<E>,
    ) -> Result<(), TileError> {
        let regs = self.fragment_regs(f)?;
        if vals.len() != regs.len() {
            return Err(TileError::ShapeMismatch {
                what: "values written into a fragment",
                expected: vec![regs.len() as i64],
                found: vec![vals.len() as i64],
            });
        }
        let b = self.own()?;
        for (d, v) in regs.into_iter().zip(vals) {
            let a = v.id();
            b.ext(match E::NAME {
                "bf16" => RegOp::F32ToBf16 { d, a },
                _ => RegOp::Bits { d, a },
            });
        }
        Ok(())
    }

    /// `f`'s registers in value order, for the element types handled here.
    fn fragment_regs<E: Element>(&self, f: &Fragment<E>) -> Result<Vec<RegId>, TileError> {
        if f.kernel != self.uid {
            return Err(TileError::ForeignHandle);
        }
        if !matches!(E::NAME, "f32" | "bf16") {
            return Err(TileError::Layout(
                "fp32 views exist for f32 and bf16 fragments",
            ));
        }
        (0..f.len())
            .map(|v| {
                f.reg(v)
                    .map(|r| r.id())
                    .ok_or(TileError::Layout("fragment register"))
            })
            .collect()
    }

    /// `max(a, b)`.
    pub fn max(&mut self, a: Reg<F32>, b: Reg<F32>) -> Result<Reg<F32>, TileError> {
        Ok(combine(self.own()?, Reduce::Max, a, b))
    }

    /// `2^a` (`ex2.approx.ftz`: relative error about 2⁻²², subnormal results
    /// flush to 0; `2^−∞ = 0`).
    pub fn exp2(&mut self, a: Reg<F32>) -> Result<Reg<F32>, TileError> {
        Ok(emit(self.own()?, |d| RegOp::Ex2 { d, a: a.id() }))
    }

    /// `1/a`, correctly rounded.
    pub fn rcp(&mut self, a: Reg<F32>) -> Result<Reg<F32>, TileError> {
        Ok(emit(self.own()?, |d| RegOp::Rcp { d, a: a.id() }))
    }

    /// `op` over this thread's `vals` and over the `group` consecutive threads
    /// `⌊tid/group⌋·group ..` that share its group; every thread of the group
    /// gets the result. Preconditions (else [`TileError::Layout`]): `group` is a
    /// power of two dividing the block's threads, and when `group > 1` the
    /// threads are a multiple of 32 (the shuffles name all 32 lanes of a warp).
    /// Past one warp the warps' partials meet in shared memory (`threads/32`
    /// words) behind one `bar.sync`: every thread of the block must reach it,
    /// so call this outside divergent code.
    pub fn reduce(
        &mut self,
        op: Reduce,
        vals: &[Reg<F32>],
        group: u32,
    ) -> Result<Reg<F32>, TileError> {
        let threads = self.threads();
        if vals.is_empty() {
            return Err(TileError::Layout("a reduction needs at least one value"));
        }
        if !group.is_power_of_two() || group > threads || threads % group != 0 {
            return Err(group_rule());
        }
        if group > 1 && threads % 32 != 0 {
            // the shuffles name all 32 lanes: every warp must be whole
            return Err(TileError::Layout(
                "a reduction over threads needs whole warps (threads a multiple of 32)",
            ));
        }
        let warps = threads / 32;
        let sm = if group > 32 {
            Some(self.shared::<f32>(format!("{warps}:1").as_str())?)
        } else {
            None
        };
        let b = self.own()?;
        let mut r = tree(b, op, vals.to_vec());
        let mut lanes = group.min(32) / 2;
        while lanes > 0 {
            let o = emit(b, |d| RegOp::Bfly {
                d,
                a: r.id(),
                lanes,
            });
            r = combine(b, op, r, o);
            lanes /= 2;
        }
        let Some(sm) = sm else { return Ok(r) };
        let tid = b.special(Special::TidX);
        let base = b.symbol_address(&sm.symbol);
        let warp = b.shr(tid, 5);
        let warp = b.shl(warp, 2);
        let mine = b.add(base, warp);
        let lane = b.bin(BinOp::And, tid, 31u32);
        let lane0: Reg<Pred> = b.setp(Cmp::Eq, lane, 0u32);
        b.when(lane0)
            .st::<F32>(Space::Shared, &[r.into()], Address::at(mine, 0));
        b.bar_sync();
        // the group's warps: words ⌊tid/group⌋·(group/32) ..
        let g = b.shr(tid, group.trailing_zeros());
        let first: Reg<U32> = b.shl(g, (group / 32).trailing_zeros() + 2);
        let first = b.add(base, first);
        let parts = b.regs::<F32>((group / 32) as usize);
        for (k, c) in parts.chunks(4).enumerate() {
            b.ld(Space::Shared, false, c, Address::at(first, 16 * k as i64));
        }
        Ok(tree(b, op, parts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{Bf16, ThreadValues, F16};
    use cute_types::_1;

    /// A kernel of `threads` threads that loads `values` per thread of a row of
    /// `E`, reduces them over `group` threads with `op`, and stores `2^(v − r)`.
    fn row_kernel<E: Element>(
        threads: u32,
        values: u32,
        group: u32,
        op: Reduce,
    ) -> Result<String, TileError> {
        let mut k = TileKernel::new("row", threads)?;
        let (x, y, n) = (k.input::<E>("x")?, k.output::<E>("y")?, k.scalar("n")?);
        let gx = k.global(&x, &[n.into()], &[_1.into()])?;
        let gy = k.global(&y, &[n.into()], &[_1.into()])?;
        let zero = k.builder().mov(0u32);
        let w = threads * values;
        let (tx, ty) = (gx.tile(&[w], &[zero])?, gy.tile(&[w], &[zero])?);
        let tv = ThreadValues::new(format!("({threads},{values}):({values},1)").as_str(), &[w])?;
        let f = k.fragment::<E>(format!("{values}:1").as_str())?;
        k.load(&tx, &f, &tv)?;
        let v = k.to_f32(&f)?;
        let r = k.reduce(op, &v, group)?;
        let mut e = Vec::new();
        for &x in &v {
            let d = k.builder().sub(x, r);
            e.push(k.exp2(d)?);
        }
        k.from_f32(&e, &f)?;
        k.store(&f, &ty, &tv)?;
        let p = k.finish()?;
        assert!(
            p.is_checked(),
            "register-only instructions keep the program checked"
        );
        Ok(p.ptx())
    }

    fn count(ptx: &str, what: &str) -> usize {
        ptx.matches(what).count()
    }

    #[test]
    fn a_group_past_a_warp_meets_in_shared_memory() {
        let ptx = row_kernel::<f32>(256, 4, 128, Reduce::Max).unwrap();
        // a tree over 4 values (3), then 5 butterfly steps, then 4 warps' partials (3)
        assert_eq!(count(&ptx, "shfl.sync.bfly.b32"), 5);
        assert_eq!(count(&ptx, "max.f32"), 3 + 5 + 3);
        assert_eq!(count(&ptx, "bar.sync 0;"), 1);
        assert_eq!(count(&ptx, "st.shared.f32"), 1);
        assert_eq!(count(&ptx, "ld.shared.v4.f32"), 1);
        assert_eq!(count(&ptx, "ex2.approx.ftz.f32"), 4);
        // 8 warps' words, one per warp of the block
        assert!(ptx.contains(".shared .align 16 .b8 row_smem0[32];"));
    }

    #[test]
    fn a_group_inside_a_warp_only_shuffles() {
        let ptx = row_kernel::<f32>(128, 2, 8, Reduce::Sum).unwrap();
        // lanes 4, 2, 1: the group of 8 lanes, no shared memory, no barrier
        for lanes in [4, 2, 1] {
            assert!(ptx.contains(&format!(", {lanes}, 0x1f, 0xffffffff;")));
        }
        assert_eq!(count(&ptx, "shfl.sync.bfly.b32"), 3);
        assert_eq!(count(&ptx, "bar.sync"), 0);
        assert_eq!(count(&ptx, "add.f32"), 1 + 3);
        let ptx = row_kernel::<f32>(128, 2, 1, Reduce::Sum).unwrap();
        assert_eq!(count(&ptx, "shfl.sync"), 0);
    }

    #[test]
    fn bf16_values_widen_and_round() {
        let ptx = row_kernel::<Bf16>(64, 4, 64, Reduce::Max).unwrap();
        assert_eq!(count(&ptx, "shl.b32 %f"), 4); // into f32 registers
        assert_eq!(count(&ptx, "cvt.rn.bf16x2.f32"), 4);
        assert!(ptx.contains("ld.global.nc.v4.b16"));
    }

    #[test]
    fn groups_that_do_not_tile_the_block_are_refused() {
        for group in [0, 3, 48, 512] {
            let e = row_kernel::<f32>(256, 4, group, Reduce::Max).unwrap_err();
            assert!(
                matches!(e, TileError::Layout(m) if m.contains("reduction group")),
                "{group}"
            );
        }
        let mut k = TileKernel::new("partial", 48).unwrap();
        let a = k.builder().mov(1.0f32);
        assert!(k.reduce(Reduce::Sum, &[a], 16).is_err());
        assert!(k.reduce(Reduce::Sum, &[a], 1).is_ok());
        let mut k = TileKernel::new("empty", 32).unwrap();
        assert!(matches!(
            k.reduce(Reduce::Sum, &[], 32),
            Err(TileError::Layout(_))
        ));
    }

    #[test]
    fn fp32_views_check_the_fragment() {
        let mut k = TileKernel::new("views", 32).unwrap();
        let h = k.fragment::<F16>("2:1").unwrap();
        assert!(k.to_f32(&h).is_err());
        let f = k.fragment::<f32>("2:1").unwrap();
        let v = k.to_f32(&f).unwrap();
        assert!(matches!(
            k.from_f32(&v[..1], &f),
            Err(TileError::ShapeMismatch { .. })
        ));
        let mut other = TileKernel::new("other", 32).unwrap();
        assert!(matches!(other.to_f32(&f), Err(TileError::ForeignHandle)));
    }

    #[test]
    fn other_extension_instructions_still_make_the_program_unchecked() {
        #[derive(Debug, PartialEq)]
        struct Nop;
        impl fmt::Display for Nop {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("nop;")
            }
        }
        let mut k = TileKernel::new("ext", 32).unwrap();
        let a = k.builder().mov(1.0f32);
        k.exp2(a).unwrap();
        assert!(k.finish().unwrap().is_checked());
        let mut k = TileKernel::new("ext", 32).unwrap();
        k.builder().ext(Nop);
        assert!(!k.finish().unwrap().is_checked());
    }
}
