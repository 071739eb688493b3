//! The sm_90a instructions of the Hopper GEMM, as data.
//!
//! They travel through the core emitter as [`Instr::Ext`](crate::ptx::Instr::Ext)
//! (added with [`KernelBuilder::ext`]) and print as PTX. Each variant is one
//! instruction (or one fixed idiom) of the PTX ISA 8.0 for `sm_90a`: the
//! asynchronous tensor copy (TMA), the transaction-counting `mbarrier`, the
//! warpgroup MMA (`wgmma`), `stmatrix`, `setmaxnreg` and the proxy fences.
use crate::ptx::{kind, Address, KernelBuilder, Label, Operand, Reg, RegId};
use core::fmt;

/// The 16-bit floating-point format of the wgmma inputs (and of a 16-bit C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    /// bfloat16 (`.bf16`)
    Bf16,
    /// IEEE half precision (`.f16`)
    F16,
}

impl Half {
    /// The PTX type name.
    pub const fn name(self) -> &'static str {
        match self {
            Half::Bf16 => "bf16",
            Half::F16 => "f16",
        }
    }
}

/// One sm_90a instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum HopperInstr {
    /// `mbarrier.init.shared::cta.b64 [bar], count`
    MbarInit {
        /// the barrier (8-byte aligned shared address)
        bar: Address,
        /// expected arrivals per phase
        count: u32,
    },
    /// `fence.mbarrier_init.release.cluster`: makes barrier inits visible to the
    /// asynchronous proxy (TMA) before anyone uses them.
    FenceMbarrierInit,
    /// `mbarrier.arrive.expect_tx.shared::cta.b64 _, [bar], bytes`: one arrival
    /// plus `bytes` transaction bytes the phase must still receive.
    MbarArriveExpectTx {
        /// the barrier
        bar: Address,
        /// bytes the TMA copies of this phase will deliver
        bytes: u32,
    },
    /// `mbarrier.arrive.shared::cta.b64 _, [bar]`
    MbarArrive {
        /// the barrier
        bar: Address,
    },
    /// `mbarrier.try_wait.parity.shared::cta.b64 done, [bar], parity`
    MbarTryWait {
        /// set when the phase of parity `parity` has completed
        done: RegId,
        /// the barrier
        bar: Address,
        /// the phase parity waited for (a `b32` register, 0 or 1)
        parity: RegId,
    },
    /// `cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
    /// [dst], [map, {c0, c1}], [bar]`: one TMA box from global to shared memory.
    TmaLoad {
        /// shared destination (aligned as the swizzle mode requires)
        dst: Address,
        /// generic address of the `CUtensorMap`
        map: RegId,
        /// box origin, innermost dimension first (elements)
        coords: [RegId; 2],
        /// the barrier whose transaction count the copy completes
        bar: Address,
    },
    /// `cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [map, {c0, c1}], [src]`:
    /// one TMA box from shared to global memory (out-of-bounds parts are dropped).
    TmaStore {
        /// generic address of the `CUtensorMap`
        map: RegId,
        /// box origin, innermost dimension first (elements)
        coords: [RegId; 2],
        /// shared source
        src: Address,
    },
    /// `cp.async.bulk.commit_group`
    BulkCommit,
    /// `cp.async.bulk.wait_group[.read] n`: at most `n` bulk groups pending
    /// (`.read`: only their reads of shared memory need to be done).
    BulkWait {
        /// groups that may stay pending
        n: u32,
        /// wait for the source reads only
        read: bool,
    },
    /// `wgmma.fence.sync.aligned`: orders register accesses before the next wgmma.
    WgmmaFence,
    /// `wgmma.commit_group.sync.aligned`
    WgmmaCommit,
    /// `wgmma.wait_group.sync.aligned n`
    WgmmaWait(u32),
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.T.T {d…}, descA, descB, scale_d, 1, 1, 0, trans_b`
    Wgmma {
        /// N of the instruction (multiple of 8, at most 256)
        n: u32,
        /// input format of A and B
        input: Half,
        /// the `n/2` accumulator registers (`f32`)
        acc: Vec<RegId>,
        /// shared-memory matrix descriptor of A (`b64`)
        desc_a: RegId,
        /// shared-memory matrix descriptor of B (`b64`)
        desc_b: RegId,
        /// predicate: `D = A·B + D` when true, `D = A·B` when false
        scale_d: RegId,
        /// B is MN-major (N contiguous) rather than K-major
        trans_b: bool,
    },
    /// `fence.proxy.async.shared::cta`: generic-proxy shared writes become
    /// visible to the asynchronous proxy (TMA store, wgmma).
    FenceProxyAsync,
    /// `setmaxnreg.{inc,dec}.sync.aligned.u32 n`
    SetMaxNReg {
        /// raise (consumers) or lower (producer) the register budget
        inc: bool,
        /// registers per thread (multiple of 8 in `[24, 256]`)
        regs: u32,
    },
    /// `bar.sync id, threads`: a named barrier over `threads` threads.
    NamedBarrier {
        /// barrier id (1..15; 0 is the block-wide one), immediate or register
        id: Operand,
        /// participating threads (multiple of 32)
        threads: u32,
    },
    /// `stmatrix.sync.aligned.m8n8.x4.shared.b16 [addr], {r0, r1, r2, r3}`
    Stmatrix {
        /// this lane's row address (lanes 8j..8j+7 address matrix j)
        addr: Address,
        /// one packed pair of 16-bit values per matrix
        src: [RegId; 4],
    },
    /// `cvt.rn.T.f32 dst, hi, lo` with `T` = `bf16x2` or `f16x2`: `lo` lands in
    /// the low half.
    CvtPack {
        /// the 16-bit format
        to: Half,
        /// `b32` destination
        dst: RegId,
        /// goes to bits 16..32
        hi: RegId,
        /// goes to bits 0..16
        lo: RegId,
    },
    /// `mov.b64 dst, {lo, hi}`
    Pack64 {
        /// `b64` destination
        dst: RegId,
        /// low word
        lo: RegId,
        /// high word
        hi: RegId,
    },
    /// `xor.b32 dst, a, b`
    Xor {
        /// destination
        dst: RegId,
        /// first source
        a: RegId,
        /// second source
        b: Operand,
    },
    /// `st.global.b16 [addr], src` (the low half of a `b32` register)
    StGlobalB16 {
        /// the address
        addr: Address,
        /// the source
        src: RegId,
    },
    /// `trap`: aborts the kernel (used when a barrier wait spins far too long).
    Trap,
}

fn reg_list(f: &mut fmt::Formatter<'_>, regs: &[RegId]) -> fmt::Result {
    f.write_str("{")?;
    for (i, r) in regs.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{r}")?;
    }
    f.write_str("}")
}

impl fmt::Display for HopperInstr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use HopperInstr::*;
        match self {
            MbarInit { bar, count } => write!(f, "mbarrier.init.shared::cta.b64 {bar}, {count};"),
            FenceMbarrierInit => f.write_str("fence.mbarrier_init.release.cluster;"),
            MbarArriveExpectTx { bar, bytes } => {
                write!(f, "mbarrier.arrive.expect_tx.shared::cta.b64 _, {bar}, {bytes};")
            }
            MbarArrive { bar } => write!(f, "mbarrier.arrive.shared::cta.b64 _, {bar};"),
            MbarTryWait { done, bar, parity } => {
                write!(f, "mbarrier.try_wait.parity.shared::cta.b64 {done}, {bar}, {parity};")
            }
            TmaLoad {
                dst,
                map,
                coords,
                bar,
            } => write!(
                f,
                "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes {dst}, [{map}, {{{}, {}}}], {bar};",
                coords[0], coords[1]
            ),
            TmaStore { map, coords, src } => write!(
                f,
                "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [{map}, {{{}, {}}}], {src};",
                coords[0], coords[1]
            ),
            BulkCommit => f.write_str("cp.async.bulk.commit_group;"),
            BulkWait { n, read } => {
                let r = if *read { ".read" } else { "" };
                write!(f, "cp.async.bulk.wait_group{r} {n};")
            }
            WgmmaFence => f.write_str("wgmma.fence.sync.aligned;"),
            WgmmaCommit => f.write_str("wgmma.commit_group.sync.aligned;"),
            WgmmaWait(n) => write!(f, "wgmma.wait_group.sync.aligned {n};"),
            Wgmma {
                n,
                input,
                acc,
                desc_a,
                desc_b,
                scale_d,
                trans_b,
            } => {
                let t = input.name();
                write!(f, "wgmma.mma_async.sync.aligned.m64n{n}k16.f32.{t}.{t} ")?;
                reg_list(f, acc)?;
                write!(f, ", {desc_a}, {desc_b}, {scale_d}, 1, 1, 0, {};", u8::from(*trans_b))
            }
            FenceProxyAsync => f.write_str("fence.proxy.async.shared::cta;"),
            SetMaxNReg { inc, regs } => {
                let d = if *inc { "inc" } else { "dec" };
                write!(f, "setmaxnreg.{d}.sync.aligned.u32 {regs};")
            }
            NamedBarrier { id, threads } => write!(f, "bar.sync {id}, {threads};"),
            Stmatrix { addr, src } => {
                write!(f, "stmatrix.sync.aligned.m8n8.x4.shared.b16 {addr}, ")?;
                reg_list(f, src)?;
                f.write_str(";")
            }
            CvtPack { to, dst, hi, lo } => write!(f, "cvt.rn.{}x2.f32 {dst}, {hi}, {lo};", to.name()),
            Pack64 { dst, lo, hi } => write!(f, "mov.b64 {dst}, {{{lo}, {hi}}};"),
            Xor { dst, a, b } => write!(f, "xor.b32 {dst}, {a}, {b};"),
            StGlobalB16 { addr, src } => write!(f, "st.global.b16 {addr}, {src};"),
            Trap => f.write_str("trap;"),
        }
    }
}

/// Typed helpers that emit [`HopperInstr`]s through a [`KernelBuilder`].
pub trait HopperOps {
    /// `mbarrier.try_wait.parity` in a loop until the phase of `parity` is
    /// complete; after `spin_limit` failed polls it branches to `stuck` (see
    /// [`HopperOps::stuck_block`]) instead of hanging, so that a parity or
    /// byte-count mistake fails loudly.
    fn wait_parity(&mut self, bar: Address, parity: Reg<kind::U32>, spin_limit: u32, stuck: Label);
    /// Places `stuck`: retire outstanding wgmmas (`with_wgmma`), then `trap`. Kept
    /// out of every loop: a `trap` inside the k-loop makes ptxas wait for the
    /// wgmmas in flight there (C7517). Each register-budget region (setmaxnreg)
    /// needs its own: one block shared by the producer's 40-register region and
    /// the consumers' wgmma region serializes the wgmmas (C7511).
    fn stuck_block(&mut self, stuck: Label, with_wgmma: bool);
    /// `xor.b32` into a fresh register.
    fn xor(&mut self, a: Reg<kind::U32>, b: Operand) -> Reg<kind::U32>;
    /// Packs two `b32` words into a fresh `b64` (`lo` in the low word).
    fn pack64(&mut self, lo: Reg<kind::U32>, hi: Reg<kind::U32>) -> Reg<kind::U64>;
}

impl HopperOps for KernelBuilder {
    fn wait_parity(&mut self, bar: Address, parity: Reg<kind::U32>, spin_limit: u32, stuck: Label) {
        let done = self.reg::<kind::Pred>();
        let spins = self.mov(0u32);
        let poll = self.label();
        let finished = self.label();
        self.place(poll);
        self.ext(HopperInstr::MbarTryWait {
            done: done.id(),
            bar,
            parity: parity.id(),
        });
        self.when(done).bra(finished);
        self.add_to(spins, spins, 1u32);
        let too_long = self.setp(crate::ptx::Cmp::Gt, spins, spin_limit);
        self.when(too_long).bra(stuck);
        self.bra(poll);
        self.place(finished);
    }

    fn stuck_block(&mut self, stuck: Label, with_wgmma: bool) {
        self.place(stuck);
        if with_wgmma {
            self.ext(HopperInstr::WgmmaWait(0));
        }
        self.ext(HopperInstr::Trap);
    }

    fn xor(&mut self, a: Reg<kind::U32>, b: Operand) -> Reg<kind::U32> {
        let r = self.reg::<kind::U32>();
        self.ext(HopperInstr::Xor {
            dst: r.id(),
            a: a.id(),
            b,
        });
        r
    }

    fn pack64(&mut self, lo: Reg<kind::U32>, hi: Reg<kind::U32>) -> Reg<kind::U64> {
        let r = self.reg::<kind::U64>();
        self.ext(HopperInstr::Pack64 {
            dst: r.id(),
            lo: lo.id(),
            hi: hi.id(),
        });
        r
    }
}
