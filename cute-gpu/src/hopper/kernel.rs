//! The Hopper GEMM generator: `C (M×N, row-major) = A (M×K, row-major) · Bᵀ`
//! with B stored `N×K` row-major (both operands K-major), fp32 accumulation.
//!
//! Structure (every constant below comes from [`Derived`]):
//! * thread 0 initialises a `full` and an `empty` mbarrier per stage;
//! * the producer (a dedicated warpgroup, or thread 0 of the consumer warpgroup
//!   when there is none) waits for `empty[s]`, announces the stage's bytes on
//!   `full[s]` and issues two TMA box loads (A rows `m0…`, B rows `n0…`, K `k0…`);
//! * each consumer warpgroup waits for `full[s]`, issues `BK/16 × m-blocks`
//!   wgmmas reading both operands through descriptors, keeps one k-block of
//!   wgmmas in flight (`wait_group 1`) and then releases the previous stage;
//! * the epilogue stores the accumulators (predicated direct stores, or
//!   `stmatrix` into a swizzled staging tile plus TMA stores);
//! * a persistent grid loops over tiles in grouped raster order; producer and
//!   consumers walk the same sequence and the stage/phase counters carry over.
use super::config::{HgemmParams, C_STAGE, INPUT_BYTES};
use super::isa::{Half, HopperInstr as H, HopperOps};
use super::layouts::{Derived, OperandMajor, StorePlan};
use crate::layout_code::emit_eval;
use crate::ptx::{
    kind, Address, BinOp, Bounds, Cmp, Kernel, KernelBuilder, Operand, Reg, Special, Ty,
};
use cute_typed::{DTuple, Error};

/// The format of C.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    /// the input's 16-bit format
    Half(Half),
    /// fp32
    F32,
}

impl Output {
    /// Bytes per element.
    pub const fn bytes(self) -> usize {
        match self {
            Output::Half(_) => 2,
            Output::F32 => 4,
        }
    }
}

/// Input and output formats of one kernel, and how B is stored (A is always
/// row-major `M×K`, C row-major `M×N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Io {
    /// A and B
    pub input: Half,
    /// C
    pub output: Output,
    /// B stored `N×K` row-major (K-major, `a @ b.t()`) or `K×N` row-major (`a @ b`)
    pub b_major: OperandMajor,
}

/// Polls of a barrier after which a wait traps instead of hanging.
pub const SPIN_LIMIT: u32 = 1 << 26;

/// The kernel parameters, in order: three tensor-map addresses (A, B, C; global
/// memory), the C pointer, then `m, n, k_tiles, tiles_m, tiles_n, ctas` (u32).
pub const PARAMS: [&str; 10] = [
    "map_a", "map_b", "map_c", "c", "m", "n", "k_tiles", "tiles_m", "tiles_n", "ctas",
];

/// A generated kernel with what the host needs to launch it.
#[derive(Clone, Debug)]
pub struct HopperKernel {
    /// the PTX kernel
    pub kernel: Kernel,
    /// its configuration
    pub params: HgemmParams,
    /// formats
    pub io: Io,
    /// the layouts it was generated from
    pub derived: Derived,
    /// whether C leaves through TMA stores (16-bit C with a TMA-store configuration)
    pub tma_store: bool,
}

impl HopperKernel {
    /// Threads per block.
    pub fn threads(&self) -> u32 {
        self.params.threads() as u32
    }
    /// Dynamic shared memory to request.
    pub fn smem_bytes(&self) -> u32 {
        self.params.smem_bytes() as u32
    }
}

/// Shared-memory byte offsets from the 1024-aligned base.
struct Regions {
    b: u32,
    c: u32,
    bars: u32,
    stages: u32,
}

impl Regions {
    fn full(&self) -> i64 {
        self.bars as i64
    }
    fn empty(&self) -> i64 {
        (self.bars + 8 * self.stages) as i64
    }
}

struct Ctx<'a> {
    p: &'a HgemmParams,
    d: &'a Derived,
    io: Io,
    tma_store: bool,
    r: Regions,
    base: Reg<kind::U32>,
    map_a: Reg<kind::U64>,
    map_b: Reg<kind::U64>,
    map_c: Reg<kind::U64>,
    c: Reg<kind::U64>,
    m: Reg<kind::U32>,
    n: Reg<kind::U32>,
    k_tiles: Reg<kind::U32>,
    tiles_m: Reg<kind::U32>,
    tiles_n: Reg<kind::U32>,
    ctas: Reg<kind::U32>,
    total: Reg<kind::U32>,
    stuck: crate::ptx::Label,
}

fn check(ok: bool) -> Result<(), Error> {
    if ok {
        Ok(())
    } else {
        Err(Error::Unsupported)
    }
}

/// Generates the kernel `name` for configuration `p` and formats `io`.
pub fn generate(p: &HgemmParams, io: Io, name: &str) -> Result<HopperKernel, Error> {
    let d = Derived::new(p, io.b_major)?;
    let tma_store = p.tma_store && matches!(io.output, Output::Half(_));
    check(d.a.descriptor()?.fits() && d.b.descriptor()?.fits())?;
    let a_bytes = d.a.stage_bytes()? * p.stages as u32;
    let b_bytes = d.b.stage_bytes()? * p.stages as u32;
    let c_bytes = if tma_store {
        p.c_stage_bytes() as u32
    } else {
        0
    };
    // every region starts on the 1024-byte swizzle period
    check(
        a_bytes.is_multiple_of(1024)
            && b_bytes.is_multiple_of(1024)
            && c_bytes.is_multiple_of(1024),
    )?;
    let r = Regions {
        b: a_bytes,
        c: a_bytes + b_bytes,
        bars: a_bytes + b_bytes + c_bytes,
        stages: p.stages as u32,
    };
    check(
        (r.bars as usize + p.barrier_bytes()) <= p.smem_bytes() - super::config::SMEM_ALIGN_SLACK,
    )?;

    let mut b = KernelBuilder::new(name);
    b.bounds(Bounds {
        max_ntid: Some(p.threads() as u32),
        min_ncta_per_sm: Some(1),
        max_nreg: None,
    });
    let pm = [
        b.param::<kind::U64>(PARAMS[0]),
        b.param::<kind::U64>(PARAMS[1]),
        b.param::<kind::U64>(PARAMS[2]),
        b.param::<kind::U64>(PARAMS[3]),
    ];
    let pu: Vec<_> = PARAMS[4..]
        .iter()
        .map(|n| b.param::<kind::U32>(n))
        .collect();
    let smem = b.shared_array("smem", 1024, None);

    let tid = b.special(Special::TidX);
    let raw = b.symbol_address(&smem);
    let rounded = b.add(raw, 1023u32);
    let base = b.bin(BinOp::And, rounded, 0xFFFF_FC00u32);

    // barrier initialisation by thread 0, made visible to the async proxy
    let is_t0 = b.setp(Cmp::Eq, tid, 0u32);
    let after_init = b.label();
    b.unless(is_t0).bra(after_init);
    for s in 0..p.stages as i64 {
        b.ext(H::MbarInit {
            bar: Address::at(base, r.full() + 8 * s),
            count: 1,
        });
        b.ext(H::MbarInit {
            bar: Address::at(base, r.empty() + 8 * s),
            count: p.consumers as u32,
        });
    }
    b.ext(H::FenceMbarrierInit);
    b.place(after_init);
    b.bar_sync();

    let map_a = b.ld_param(&pm[0]);
    let map_b = b.ld_param(&pm[1]);
    let map_c = b.ld_param(&pm[2]);
    let c = b.ld_param(&pm[3]);
    let u: Vec<Reg<kind::U32>> = pu.iter().map(|q| b.ld_param(q)).collect();
    let total = b.mul(u[3], u[4]);
    let stuck = b.label();
    let cx = Ctx {
        p,
        d: &d,
        io,
        tma_store,
        r,
        base,
        map_a,
        map_b,
        map_c,
        c,
        m: u[0],
        n: u[1],
        k_tiles: u[2],
        tiles_m: u[3],
        tiles_n: u[4],
        ctas: u[5],
        total,
        stuck,
    };

    match p.warp_specialized {
        Some((producer_regs, consumer_regs)) => {
            let wg = b.shr(tid, 7);
            let is_producer = b.setp(Cmp::Eq, wg, 0u32);
            let consumer = b.label();
            b.unless(is_producer).bra_uniform(consumer);
            b.ext(H::SetMaxNReg {
                inc: false,
                regs: producer_regs as u32,
            });
            let done = b.label();
            b.unless(is_t0).bra(done);
            producer(&mut b, &cx)?;
            b.place(done);
            b.ret();
            b.place(consumer);
            b.ext(H::SetMaxNReg {
                inc: true,
                regs: consumer_regs as u32,
            });
            let ctid = b.sub(tid, 128u32);
            consumer_warpgroup(&mut b, &cx, ctid)?;
        }
        None => consumer_warpgroup(&mut b, &cx, tid)?,
    }
    b.stuck_block(stuck, true);
    Ok(HopperKernel {
        kernel: b.finish(),
        params: *p,
        io,
        derived: d,
        tma_store,
    })
}

/// `(tm, tn)` of linear tile `tile` in grouped raster order: groups of `G` tile
/// rows, column-major inside a group; with `snake`, odd groups run their columns
/// right to left (`tn → tiles_n − 1 − tn`).
fn raster(
    b: &mut KernelBuilder,
    cx: &Ctx<'_>,
    tile: Reg<kind::U32>,
) -> (Reg<kind::U32>, Reg<kind::U32>) {
    let g = cx.p.group_m as u32;
    let (group, tm, tn) = if g == 1 {
        let tm = b.bin(BinOp::Div, tile, cx.tiles_n);
        let tn = b.bin(BinOp::Rem, tile, cx.tiles_n);
        (tm, tm, tn)
    } else {
        let group_tiles = b.mul(cx.tiles_n, g);
        let group = b.bin(BinOp::Div, tile, group_tiles);
        let first_m = b.mul(group, g);
        let left = b.sub(cx.tiles_m, first_m);
        let height = b.bin(BinOp::Min, left, g);
        let in_group = b.bin(BinOp::Rem, tile, group_tiles);
        let dm = b.bin(BinOp::Rem, in_group, height);
        let tm = b.add(first_m, dm);
        let tn = b.bin(BinOp::Div, in_group, height);
        (group, tm, tn)
    };
    if cx.p.order.snake {
        let odd = b.bin(BinOp::And, group, 1u32);
        let is_odd = b.setp(Cmp::Ne, odd, 0u32);
        let last = b.sub(cx.tiles_n, 1u32);
        let mirrored = b.sub(last, tn);
        b.when(is_odd).mov_to(tn, mirrored);
    }
    (tm, tn)
}

/// `s += 1`, wrapping to 0 at the stage count and flipping the phase parity.
fn advance(b: &mut KernelBuilder, stages: u32, s: Reg<kind::U32>, phase: Reg<kind::U32>) {
    b.add_to(s, s, 1u32);
    let wrap = b.setp(Cmp::Eq, s, stages);
    b.when(wrap).mov_to(s, 0u32);
    b.when(wrap).ext(H::Xor {
        dst: phase.id(),
        a: phase.id(),
        b: Operand::Int(1),
    });
}

/// Announces stage `s`'s bytes on `full[s]` and issues its two TMA loads at K
/// coordinate `kc`, rows `ma` of A and `nb` of B.
fn load_stage(
    b: &mut KernelBuilder,
    cx: &Ctx<'_>,
    s: Reg<kind::U32>,
    kc: Reg<kind::U32>,
    ma: Reg<kind::U32>,
    nb: Reg<kind::U32>,
) -> Result<(), Error> {
    let bar = b.mad_lo(s, 8u32, cx.base);
    let full = Address::at(bar, cx.r.full());
    let bytes = cx.d.a.box_bytes()? + cx.d.b.box_bytes()?;
    b.ext(H::MbarArriveExpectTx {
        bar: full.clone(),
        bytes,
    });
    let sa = b.mad_lo(s, cx.d.a.stage_bytes()?, cx.base);
    let sb = b.mad_lo(s, cx.d.b.stage_bytes()?, cx.base);
    b.ext(H::TmaLoad {
        dst: Address::at(sa, 0),
        map: cx.map_a.id(),
        coords: [kc.id(), ma.id()],
        bar: full.clone(),
    });
    match cx.d.b.major {
        OperandMajor::K => b.ext(H::TmaLoad {
            dst: Address::at(sb, cx.r.b as i64),
            map: cx.map_b.id(),
            coords: [kc.id(), nb.id()],
            bar: full,
        }),
        OperandMajor::Mn => {
            // one box per swizzle-row-wide block of N: {n, k} coordinates
            let [width, _] = cx.d.b.tma_box()?;
            let step = cx.d.b.box_offset()? * INPUT_BYTES as i64;
            for j in 0..cx.d.b.boxes()? {
                let nj = b.add(nb, width * j as u32);
                b.ext(H::TmaLoad {
                    dst: Address::at(sb, cx.r.b as i64 + step * j as i64),
                    map: cx.map_b.id(),
                    coords: [nj.id(), kc.id()],
                    bar: full.clone(),
                });
            }
        }
    }
    Ok(())
}

/// The producer thread: for every tile of this block and every k-block, wait for
/// the stage to be empty, then fill it.
fn producer(b: &mut KernelBuilder, cx: &Ctx<'_>) -> Result<(), Error> {
    let stuck = b.label();
    let s = b.mov(0u32);
    let phase = b.mov(0u32);
    let tile = b.special(Special::CtaidX);
    let bk = cx.p.bk as u32;
    // with `k_alternate`: the parity of this block's tile count so far
    let odd_tile = cx.p.order.k_alternate.then(|| b.mov(0u32));
    let tile_loop = b.label();
    let exit = b.label();
    b.place(tile_loop);
    let finished = b.setp(Cmp::Ge, tile, cx.total);
    b.when(finished).bra(exit);
    let (tm, tn) = raster(b, cx, tile);
    let ma = b.mul(tm, cx.p.bm as u32);
    let nb = b.mul(tn, cx.p.bn as u32);
    let kb = b.mov(0u32);
    let kc = b.mov(0u32);
    // K step per k-block: +BK, or −BK (two's complement) from the last K tile
    let k_step = match odd_tile {
        None => None,
        Some(odd) => {
            let step = b.mov(bk);
            let backwards = b.setp(Cmp::Ne, odd, 0u32);
            let last = b.sub(cx.k_tiles, 1u32);
            let last_kc = b.mul(last, bk);
            b.when(backwards).mov_to(kc, last_kc);
            b.when(backwards).mov_to(step, bk.wrapping_neg());
            b.ext(H::Xor {
                dst: odd.id(),
                a: odd.id(),
                b: Operand::Int(1),
            });
            Some(step)
        }
    };
    let k_loop = b.label();
    b.place(k_loop);
    let bar = b.mad_lo(s, 8u32, cx.base);
    let empty_parity = b.xor(phase, Operand::Int(1));
    b.wait_parity(
        Address::at(bar, cx.r.empty()),
        empty_parity,
        SPIN_LIMIT,
        stuck,
    );
    load_stage(b, cx, s, kc, ma, nb)?;
    advance(b, cx.r.stages, s, phase);
    match k_step {
        Some(step) => b.add_to(kc, kc, step),
        None => b.add_to(kc, kc, bk),
    }
    b.add_to(kb, kb, 1u32);
    let more = b.setp(Cmp::Lt, kb, cx.k_tiles);
    b.when(more).bra(k_loop);
    b.add_to(tile, tile, cx.ctas);
    b.bra(tile_loop);
    b.place(exit);
    b.ret();
    b.stuck_block(stuck, false);
    Ok(())
}

/// One consumer warpgroup (`ctid` = thread index counted from its first
/// consumer thread). With an inline producer, thread 0 also issues the loads.
fn consumer_warpgroup(
    b: &mut KernelBuilder,
    cx: &Ctx<'_>,
    ctid: Reg<kind::U32>,
) -> Result<(), Error> {
    let p = cx.p;
    let d = cx.d;
    let inline = p.warp_specialized.is_none();
    let wtid = b.bin(BinOp::And, ctid, 127u32);
    let cw = b.shr(ctid, 7);
    let leader = b.setp(Cmp::Eq, wtid, 0u32);
    let always = b.setp(Cmp::Eq, wtid, wtid);

    // descriptors: high word fixed, low word = (address >> 4) | LBO field
    let desc_a = d.a.descriptor()?;
    let desc_b = d.b.descriptor()?;
    let hi_a = b.mov(desc_a.high_word());
    let hi_b = if desc_b.high_word() == desc_a.high_word() {
        hi_a
    } else {
        b.mov(desc_b.high_word())
    };
    let base16 = b.shr(cx.base, 4);
    let a_lo0 = b.add(base16, desc_a.low_flags());
    let a_lo0 = b.mad_lo(cw, d.a.row_step_bytes(p.rows_per_consumer())? >> 4, a_lo0);
    let b_lo0 = b.add(base16, desc_b.low_flags() + (cx.r.b >> 4));

    let values = d.acc.values();
    let acc: Vec<Vec<Reg<kind::F32>>> = (0..p.m_blocks())
        .map(|_| b.regs::<kind::F32>(values))
        .collect();
    let epi = EpilogueRegs::new(b, cx, wtid, cw)?;

    let s = b.mov(0u32);
    let phase = b.mov(0u32);
    let prev_bar = b.mov(0u32);
    let prev_s = b.mov(0u32);
    let tile = b.special(Special::CtaidX);
    let tile_loop = b.label();
    let exit = b.label();
    b.place(tile_loop);
    let finished = b.setp(Cmp::Ge, tile, cx.total);
    b.when(finished).bra(exit);
    let (tm, tn) = raster(b, cx, tile);
    let ma = b.mul(tm, p.bm as u32);
    let nb = b.mul(tn, p.bn as u32);

    if inline {
        // prologue: thread 0 fills the first `stages` stages
        let skip = b.label();
        b.unless(leader).bra(skip);
        for j in 0..p.stages as u32 {
            let has = b.setp(Cmp::Gt, cx.k_tiles, j);
            let next = b.label();
            b.unless(has).bra(next);
            let sj = b.mov(j);
            let kc = b.mov(j * p.bk as u32);
            load_stage(b, cx, sj, kc, ma, nb)?;
            b.place(next);
        }
        b.place(skip);
    }

    let kb = b.mov(0u32);
    let k_loop = b.label();
    b.place(k_loop);
    let bar = b.mad_lo(s, 8u32, cx.base);
    b.wait_parity(Address::at(bar, cx.r.full()), phase, SPIN_LIMIT, cx.stuck);
    let accumulate = b.setp(Cmp::Ne, kb, 0u32);
    b.ext(H::WgmmaFence);
    let a_lo = b.mad_lo(s, d.a.stage_bytes()? >> 4, a_lo0);
    let b_lo = b.mad_lo(s, d.b.stage_bytes()? >> 4, b_lo0);
    for kk in 0..p.bk / 16 {
        let b_word = b.add(b_lo, d.b.k_step_bytes(kk)? >> 4);
        let desc_b = b.pack64(b_word, hi_b);
        for (i, acc_i) in acc.iter().enumerate() {
            let step = d.a.k_step_bytes(kk)? + d.a.row_step_bytes(64 * i)?;
            let a_word = b.add(a_lo, step >> 4);
            let desc_a = b.pack64(a_word, hi_a);
            b.ext(H::Wgmma {
                n: p.bn as u32,
                input: cx.io.input,
                acc: acc_i.iter().map(|r| r.id()).collect(),
                desc_a: desc_a.id(),
                desc_b: desc_b.id(),
                scale_d: if kk == 0 {
                    accumulate.id()
                } else {
                    always.id()
                },
                trans_b: d.b.major == OperandMajor::Mn,
            });
        }
    }
    b.ext(H::WgmmaCommit);
    b.ext(H::WgmmaWait(1));
    // the previous k-block's wgmmas are done: its stage may be refilled
    if inline {
        let refill = b.label();
        let next = b.add(kb, p.stages as u32 - 1);
        let more = b.setp(Cmp::Lt, next, cx.k_tiles);
        let go = b.and_pred(accumulate, more);
        let go = b.and_pred(go, leader);
        b.unless(go).bra(refill);
        let kc = b.mul(next, p.bk as u32);
        load_stage(b, cx, prev_s, kc, ma, nb)?;
        b.place(refill);
        b.mov_to(prev_s, s);
    } else {
        let release = b.and_pred(accumulate, leader);
        b.when(release).ext(H::MbarArrive {
            bar: Address::at(prev_bar, cx.r.empty()),
        });
    }
    b.mov_to(prev_bar, bar);
    advance(b, cx.r.stages, s, phase);
    b.add_to(kb, kb, 1u32);
    let more = b.setp(Cmp::Lt, kb, cx.k_tiles);
    b.when(more).bra(k_loop);
    b.ext(H::WgmmaWait(0));
    if !inline {
        b.when(leader).ext(H::MbarArrive {
            bar: Address::at(prev_bar, cx.r.empty()),
        });
    }

    if cx.tma_store {
        tma_store_epilogue(b, cx, &epi, &acc, ma, nb, cw, leader)?;
    } else {
        direct_epilogue(b, cx, &epi, &acc, ma, nb)?;
    }
    b.add_to(tile, tile, cx.ctas);
    b.bra(tile_loop);
    b.place(exit);
    if cx.tma_store {
        b.when(leader).ext(H::BulkWait { n: 0, read: false });
    }
    b.ret();
    Ok(())
}

/// Per-thread epilogue values computed once, before the tile loop.
struct EpilogueRegs {
    /// row of the thread's first accumulator within the block tile (consumer offset included)
    row: Reg<kind::U32>,
    /// its column
    col: Reg<kind::U32>,
    /// `stmatrix` row addresses (shared, bytes) for the four 16-column groups of a slab
    stsm: Vec<Reg<kind::U32>>,
    /// the consumer's first staging buffer (shared, bytes)
    staging: Option<Reg<kind::U32>>,
    /// named barrier id of the consumer warpgroup
    bar_id: Reg<kind::U32>,
}

impl EpilogueRegs {
    fn new(
        b: &mut KernelBuilder,
        cx: &Ctx<'_>,
        wtid: Reg<kind::U32>,
        cw: Reg<kind::U32>,
    ) -> Result<EpilogueRegs, Error> {
        let acc = &cx.d.acc;
        let m_t = emit_eval(b, &acc.thread_rows()?, wtid);
        let n_t = emit_eval(b, &acc.thread_cols()?, wtid);
        let row = b.mad_lo(cw, cx.p.rows_per_consumer() as u32, m_t);
        let bar_id = b.add(cw, 1u32);
        let (stsm, staging) = match &cx.d.store {
            Some(plan) if cx.tma_store => {
                let (stsm, staging) = stmatrix_addresses(b, cx, plan, wtid, cw)?;
                (stsm, Some(staging))
            }
            _ => (Vec::new(), None),
        };
        Ok(EpilogueRegs {
            row,
            col: n_t,
            stsm,
            staging,
            bar_id,
        })
    }
}

/// `x ^ ((x & Y) >> s)` at run time: the swizzle of a staging offset.
fn emit_swizzle(
    b: &mut KernelBuilder,
    sw: cute_typed::algebra::Swizzle,
    x: Reg<kind::U32>,
) -> Reg<kind::U32> {
    let y = b.bin(BinOp::And, x, sw.yyy_mask() as u32);
    let shifted = b.shr(y, sw.shift() as u32);
    b.xor(x, Operand::Reg(shifted.id()))
}

fn stmatrix_addresses(
    b: &mut KernelBuilder,
    cx: &Ctx<'_>,
    plan: &StorePlan,
    wtid: Reg<kind::U32>,
    cw: Reg<kind::U32>,
) -> Result<(Vec<Reg<kind::U32>>, Reg<kind::U32>), Error> {
    let x = emit_eval(b, &plan.thread_address, wtid);
    let buffer_elems = plan.staging.layout().eval(&coord3(0, 0, 1)?)?.value;
    let period = 1i64
        << (plan.staging.swizzle().bits()
            + plan.staging.swizzle().base()
            + plan.staging.swizzle().shift());
    // buffers and consumers are whole swizzle periods apart: their offsets add after the swizzle
    check(buffer_elems % period == 0)?;
    let consumer_bytes = 2 * buffer_elems as u32 * INPUT_BYTES as u32;
    let staging0 = b.add(cx.base, cx.r.c);
    let staging = b.mad_lo(cw, consumer_bytes, staging0);
    let mut out = Vec::new();
    for jj in 0..C_STAGE.1 / 16 {
        let step = plan
            .staging
            .layout()
            .eval(&coord3(0, 16 * jj as i64, 0)?)?
            .value;
        let xj = b.add(x, step as u32);
        let sw = emit_swizzle(b, plan.staging.swizzle(), xj);
        let bytes = b.shl(sw, 1);
        out.push(b.add(staging, bytes));
    }
    Ok((out, staging))
}

fn coord3(a: i64, b: i64, c: i64) -> Result<DTuple, Error> {
    DTuple::tuple(&[DTuple::d(a), DTuple::d(b), DTuple::d(c)])
}

/// Every accumulator straight to global memory, predicated on `m < M`, `n < N`:
/// pairs of neighbouring columns as one 4- or 8-byte store when N is even,
/// single elements when it is odd (rows are then not pair-aligned).
fn direct_epilogue(
    b: &mut KernelBuilder,
    cx: &Ctx<'_>,
    epi: &EpilogueRegs,
    acc: &[Vec<Reg<kind::F32>>],
    ma: Reg<kind::U32>,
    nb: Reg<kind::U32>,
) -> Result<(), Error> {
    let esize = cx.io.output.bytes() as u32;
    let row0 = b.add(ma, epi.row);
    let col0 = b.add(nb, epi.col);
    let cols_left = b.sub(cx.n, col0);
    let col64 = b.cvt_u64_u32(col0);
    let odd = b.bin(BinOp::And, cx.n, 1u32);
    let is_odd = b.setp(Cmp::Ne, odd, 0u32);
    let scalar = b.label();
    let done = b.label();
    b.when(is_odd).bra_uniform(scalar);
    direct_stores(b, cx, acc, row0, col64, cols_left, esize, true)?;
    b.bra_uniform(done);
    b.place(scalar);
    direct_stores(b, cx, acc, row0, col64, cols_left, esize, false)?;
    b.place(done);
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn direct_stores(
    b: &mut KernelBuilder,
    cx: &Ctx<'_>,
    acc: &[Vec<Reg<kind::F32>>],
    row0: Reg<kind::U32>,
    col64: Reg<kind::U64>,
    cols_left: Reg<kind::U32>,
    esize: u32,
    pairs: bool,
) -> Result<(), Error> {
    let map = &cx.d.acc;
    let values = map.values();
    let shift = esize.trailing_zeros();
    // one row pointer and one row predicate per distinct row offset
    let mut rows: Vec<(i64, Reg<kind::U64>, Reg<kind::Pred>)> = Vec::new();
    let mut cols: Vec<(i64, Reg<kind::Pred>)> = Vec::new();
    for (i, acc_i) in acc.iter().enumerate() {
        let step = if pairs { 2 } else { 1 };
        for v in (0..values).step_by(step) {
            let (dm, dn) = map.value_offset(v)?;
            if pairs {
                check(map.value_offset(v + 1)? == (dm, dn + 1))?;
            }
            let dm = dm + 64 * i as i64;
            let (ptr, row_ok) = match rows.iter().find(|r| r.0 == dm) {
                Some(r) => (r.1, r.2),
                None => {
                    let row = b.add(row0, dm as u32);
                    let ok = b.setp(Cmp::Lt, row, cx.m);
                    let elems = b.mad_wide(row, cx.n, col64);
                    let bytes = b.shl(elems, shift);
                    let ptr = b.add(cx.c, bytes);
                    rows.push((dm, ptr, ok));
                    (ptr, ok)
                }
            };
            let col_ok = match cols.iter().find(|c| c.0 == dn) {
                Some(c) => c.1,
                None => {
                    let ok = b.setp_as::<kind::U32>(Cmp::Gt, Ty::S32, cols_left, dn as u32);
                    cols.push((dn, ok));
                    ok
                }
            };
            let ok = b.and_pred(row_ok, col_ok);
            let addr = Address::at(ptr, dn * esize as i64);
            match (cx.io.output, pairs) {
                (Output::F32, true) => b.when(ok).st::<kind::F32>(
                    crate::ptx::Space::Global,
                    &[acc_i[v].into(), acc_i[v + 1].into()],
                    addr,
                ),
                (Output::F32, false) => {
                    b.when(ok)
                        .st::<kind::F32>(crate::ptx::Space::Global, &[acc_i[v].into()], addr)
                }
                (Output::Half(h), true) => {
                    let packed = b.reg::<kind::U32>();
                    b.ext(H::CvtPack {
                        to: h,
                        dst: packed.id(),
                        hi: acc_i[v + 1].id(),
                        lo: acc_i[v].id(),
                    });
                    b.when(ok)
                        .st::<kind::U32>(crate::ptx::Space::Global, &[packed.into()], addr);
                }
                (Output::Half(h), false) => {
                    let packed = b.reg::<kind::U32>();
                    b.ext(H::CvtPack {
                        to: h,
                        dst: packed.id(),
                        hi: acc_i[v].id(),
                        lo: acc_i[v].id(),
                    });
                    b.when(ok).ext(H::StGlobalB16 {
                        addr,
                        src: packed.id(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// 16-bit C through shared memory: for each 64×64 slab of the consumer's block,
/// `stmatrix` the packed accumulators into one of two swizzled staging buffers,
/// then one thread stores the slab with TMA (the box clips at the edges of C).
#[allow(clippy::too_many_arguments)]
fn tma_store_epilogue(
    b: &mut KernelBuilder,
    cx: &Ctx<'_>,
    epi: &EpilogueRegs,
    acc: &[Vec<Reg<kind::F32>>],
    ma: Reg<kind::U32>,
    nb: Reg<kind::U32>,
    cw: Reg<kind::U32>,
    leader: Reg<kind::Pred>,
) -> Result<(), Error> {
    let plan = cx.d.store.as_ref().ok_or(Error::Unsupported)?;
    let half = match cx.io.output {
        Output::Half(h) => h,
        Output::F32 => return Err(Error::Unsupported),
    };
    let staging = epi.staging.ok_or(Error::Unsupported)?;
    let map = &cx.d.acc;
    let (slab_rows, slab_cols) = C_STAGE;
    let slabs_n = cx.p.bn / slab_cols;
    let slabs = cx.p.m_blocks() * slabs_n;
    let buffer_bytes = (slab_rows * slab_cols * INPUT_BYTES) as i64;
    // with an even slab count the buffers alternate across tiles too
    let keep = if slabs.is_multiple_of(2) { 1 } else { 0 };
    let values_per_slab = slab_cols / 2;
    let m_first = b.mad_lo(cw, cx.p.rows_per_consumer() as u32, ma);
    for (i, acc_i) in acc.iter().enumerate() {
        for j in 0..slabs_n {
            let q = i * slabs_n + j;
            let buf = (q % 2) as i64 * buffer_bytes;
            b.when(leader).ext(H::BulkWait {
                n: keep,
                read: true,
            });
            b.ext(H::NamedBarrier {
                id: Operand::Reg(epi.bar_id.id()),
                threads: 128,
            });
            for (jj, regs) in plan.regs.iter().enumerate() {
                let mut src = [epi.row.id(); 4];
                for (slot, &(lo, hi)) in src.iter_mut().zip(regs.iter()) {
                    let (vlo, vhi) = (lo + values_per_slab * j, hi + values_per_slab * j);
                    // the slab's values are the first slab's, shifted by 64·j columns
                    check(map.value_offset(vlo)? == add_n(map.value_offset(lo)?, 64 * j as i64))?;
                    check(map.value_offset(vhi)? == add_n(map.value_offset(hi)?, 64 * j as i64))?;
                    let packed = b.reg::<kind::U32>();
                    b.ext(H::CvtPack {
                        to: half,
                        dst: packed.id(),
                        hi: acc_i[vhi].id(),
                        lo: acc_i[vlo].id(),
                    });
                    *slot = packed.id();
                }
                b.ext(H::Stmatrix {
                    addr: Address::at(epi.stsm[jj], buf),
                    src,
                });
            }
            b.ext(H::FenceProxyAsync);
            b.ext(H::NamedBarrier {
                id: Operand::Reg(epi.bar_id.id()),
                threads: 128,
            });
            let cn = b.add(nb, (slab_cols * j) as u32);
            let cm = b.add(m_first, (64 * i) as u32);
            b.when(leader).ext(H::TmaStore {
                map: cx.map_c.id(),
                coords: [cn.id(), cm.id()],
                src: Address::at(staging, buf),
            });
            b.when(leader).ext(H::BulkCommit);
        }
    }
    Ok(())
}

fn add_n((m, n): (i64, i64), dn: i64) -> (i64, i64) {
    (m, n + dn)
}
