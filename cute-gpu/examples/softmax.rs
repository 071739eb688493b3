//! A user-written kernel: fused row softmax, fp32 or bf16 in memory, fp32 math,
//! `y[r, c] = e^(x[r,c] − m_r) / Σ_c e^(x[r,c] − m_r)`, `m_r = max_c x[r, c]`.
//!
//! A group of `G` threads owns a row and holds all of it in registers: thread
//! `t` loads `n` accesses of `vec` elements at columns `(j·G + t)·vec`, all in
//! flight before the first use, so every element is read once and written once.
//! Max and sum are reduced by butterfly shuffles in each warp, then through shared
//! memory across the group's warps; `e^(x−m) = 2^(x·log2e − m·log2e)` (one `fma`,
//! one `ex2`). Accesses are 16 bytes when `cols` allows, masked at the row's end.
//! The harness (checks, timing, command line) is `common/softmax_harness.rs`.
#[path = "common/softmax_harness.rs"]
mod harness;

use cute_gpu::cuda::{arg, DeviceBuffer, Gpu, GpuError, LaunchShape, Module, Result};
use cute_gpu::launch::{check_len, grid_dim, mul};
use cute_gpu::ptx::kind::{Kind, F32, U32, U64};
use cute_gpu::ptx::{BinOp, Bounds, Cmp, Kernel, KernelBuilder, Reg, Special, Ty};
use harness::{Elem, RowSoftmax};
use std::collections::HashMap;

/// PTX the core emitter does not have, as text: this example's `ExtInstr`.
#[derive(Clone, Debug, PartialEq)]
struct Ptx(String);
impl std::fmt::Display for Ptx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A row split: `group` threads, each `n` accesses of `vec` elements of `bytes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Split {
    bytes: u32,
    vec: u32,
    group: u32,
    n: u32,
}

impl Split {
    /// 16-byte accesses when `cols` allows; about 16 values a thread, at most 512
    /// threads a row (1024 measured slower) unless 32 values a thread do not fit.
    fn new(bytes: u32, cols: usize) -> Result<Split> {
        if cols == 0 || cols > 32768 {
            return Err(GpuError::Overflow("cols must be in 1..=32768"));
        }
        let vec = (0..=(16 / bytes).trailing_zeros()).rev().map(|k| 1 << k);
        let vec = vec
            .into_iter()
            .find(|v| cols % *v as usize == 0)
            .unwrap_or(1);
        let mut group = (cols.div_ceil(16) as u32)
            .next_power_of_two()
            .clamp(32, 512);
        while cols.div_ceil((group * vec) as usize) * vec as usize > 32 {
            group *= 2;
        }
        let n = cols.div_ceil((group * vec) as usize) as u32;
        Ok(Split {
            bytes,
            vec,
            group,
            n,
        })
    }
    fn threads(&self) -> u32 {
        self.group.max(128)
    }
    fn name(&self) -> String {
        let Split {
            bytes,
            vec,
            group,
            n,
        } = self;
        format!("softmax_b{bytes}_v{vec}_g{group}_n{n}")
    }
}

/// The kernel builder with this example's instructions.
struct B(KernelBuilder);

impl B {
    /// A fresh register `d` of kind `K` and the instruction `text(d)`.
    fn op<K: Kind>(&mut self, text: impl FnOnce(Reg<K>) -> String) -> Reg<K> {
        let d = self.0.reg::<K>();
        self.0.ext(Ptx(text(d)));
        d
    }
    /// `op` (`max` or `add`) over `v`, as a tree.
    fn tree(&mut self, op: &str, mut v: Vec<Reg<F32>>) -> Reg<F32> {
        while v.len() > 1 {
            let tail = (v.len() % 2 == 1).then(|| v[v.len() - 1]);
            let pairs: Vec<_> = v.chunks_exact(2).map(|p| (p[0], p[1])).collect();
            v = pairs
                .into_iter()
                .map(|(a, b)| self.op(|d| format!("{op}.f32 {d}, {a}, {b};")))
                .collect();
            v.extend(tail);
        }
        v[0]
    }
    /// `op` over the thread's values `v` and then over its group: shuffles across
    /// the warp, then each warp's partial through shared memory `sym`.
    fn reduce(&mut self, op: &str, v: Vec<Reg<F32>>, s: &Split, ids: &Ids) -> Reg<F32> {
        let mut r = self.tree(op, v);
        for lanes in [16, 8, 4, 2, 1] {
            let o = self
                .op::<F32>(|d| format!("shfl.sync.bfly.b32 {d}, {r}, {lanes}, 31, 0xffffffff;"));
            r = self.op(|d| format!("{op}.f32 {d}, {r}, {o};"));
        }
        if s.group == 32 {
            return r;
        }
        let sym = self.0.shared_array(op, 16, Some(s.threads() / 8));
        let base = self.0.symbol_address(&sym);
        let (warp, first) = (self.0.add(base, ids.warp), self.0.add(base, ids.first));
        let lane0 = self.0.setp(Cmp::Eq, ids.lane, 0u32);
        self.0
            .when(lane0)
            .ext(Ptx(format!("st.shared.f32 [{warp}], {r};")));
        self.0.bar_sync();
        let parts = self.0.regs::<F32>((s.group / 32) as usize);
        for (k, c) in parts.chunks(4).enumerate() {
            let (v, l) = (vsuffix(c.len()), list(c));
            self.0
                .ext(Ptx(format!("ld.shared{v}.f32 {l}, [{first}+{}];", 16 * k)));
        }
        self.tree(op, parts)
    }
}

/// This thread's place: its lane, its warp's byte slot in the shared partials
/// and the byte slot of its group's first warp.
struct Ids {
    lane: Reg<U32>,
    warp: Reg<U32>,
    first: Reg<U32>,
}

fn vsuffix(n: usize) -> String {
    if n == 1 {
        String::new()
    } else {
        format!(".v{n}")
    }
}

fn list<K>(r: &[Reg<K>]) -> String {
    let names: Vec<String> = r.iter().map(|r| r.to_string()).collect();
    if r.len() == 1 {
        names[0].clone()
    } else {
        format!("{{{}}}", names.join(", "))
    }
}

/// The kernel of split `s`; parameters `x, y, rows, cols`.
fn kernel(s: &Split) -> Kernel {
    let mut b = B(KernelBuilder::new(&s.name()));
    b.0.bounds(Bounds {
        max_ntid: Some(s.threads()),
        ..Bounds::default()
    });
    let (px, py) = (b.0.param::<U64>("x"), b.0.param::<U64>("y"));
    let (prows, pcols) = (b.0.param::<U32>("rows"), b.0.param::<U32>("cols"));
    let (x, y, rows, cols) = (
        b.0.ld_param(&px),
        b.0.ld_param(&py),
        b.0.ld_param(&prows),
        b.0.ld_param(&pcols),
    );
    let (tid, bx) = (b.0.special(Special::TidX), b.0.special(Special::CtaidX));
    let t = b.0.bin(BinOp::And, tid, s.group - 1);
    let slot = b.0.shr(tid, s.group.trailing_zeros());
    let row = b.0.mad_lo(bx, s.threads() / s.group, slot);
    // columns left after this thread's first (0 past the last row: all masked,
    // no thread leaves before the barriers)
    let col0 = b.0.mul(t, s.vec);
    let left = b.0.sub(cols, col0);
    let inside = b.0.setp(Cmp::Lt, row, rows);
    let left = b.0.selp(left, 0u32, inside);
    let el = b.0.mul_wide(row, cols);
    let c64 = b.0.cvt_u64_u32(col0);
    let el = b.0.add(el, c64);
    let off = b.0.shl(el, s.bytes.trailing_zeros());
    let (xa, ya) = (b.0.add(x, off), b.0.add(y, off));
    let lane = b.0.bin(BinOp::And, tid, 31u32);
    let warp = b.0.shr(tid, 5);
    let ids = Ids {
        lane,
        warp: b.0.shl(warp, 2),
        first: b.0.mul(slot, s.group / 8),
    };
    let (step, wide) = (s.group * s.vec * s.bytes, s.vec * s.bytes >= 4);
    let (ty, words) = if wide {
        ("b32", (s.vec * s.bytes / 4) as usize)
    } else {
        ("u16", 1)
    };
    let masks: Vec<_> = (0..s.n)
        .map(|j| {
            b.0.setp_as::<U32>(Cmp::Gt, Ty::S32, left, (j * s.group * s.vec) as i32)
        })
        .collect();
    // loads first (−∞ where masked), then the values as f32
    let neg_inf = if s.bytes == 4 {
        0xFF80_0000u32
    } else {
        0xFF80_FF80
    };
    let mut packed = Vec::new();
    for (j, m) in masks.iter().enumerate() {
        let w: Vec<Reg<U32>> = (0..words).map(|_| b.0.mov(neg_inf)).collect();
        let (v, l, at) = (vsuffix(words), list(&w), j as u32 * step);
        b.0.when(*m)
            .ext(Ptx(format!("ld.global.nc{v}.{ty} {l}, [{xa}+{at}];")));
        packed.push(w);
    }
    let mut xs = Vec::new();
    for w in packed.iter().flatten() {
        if s.bytes == 4 {
            xs.push(b.op::<F32>(|d| format!("mov.b32 {d}, {w};")));
        } else {
            xs.push(b.op::<F32>(|d| format!("shl.b32 {d}, {w}, 16;")));
            if s.vec > 1 {
                xs.push(b.op::<F32>(|d| format!("and.b32 {d}, {w}, 0xFFFF0000;")));
            }
        }
    }
    let m = b.reduce("max", xs.clone(), s, &ids);
    let nml = b.0.mul(m, -std::f32::consts::LOG2_E);
    let es: Vec<Reg<F32>> = xs
        .iter()
        .map(|v| {
            let a = b.0.reg::<F32>();
            b.0.fma_to(a, *v, std::f32::consts::LOG2_E, nml);
            b.op(|d| format!("ex2.approx.ftz.f32 {d}, {a};"))
        })
        .collect();
    let sum = b.reduce("add", es.clone(), s, &ids);
    let inv = b.op::<F32>(|d| format!("rcp.rn.f32 {d}, {sum};"));
    let ys: Vec<Reg<F32>> = es.iter().map(|e| b.0.mul(*e, inv)).collect();
    for (j, m) in masks.iter().enumerate() {
        let part = &ys[j * s.vec as usize..(j + 1) * s.vec as usize];
        let w: Vec<Reg<U32>> = if s.bytes == 4 {
            part.iter()
                .map(|f| b.op(|d| format!("mov.b32 {d}, {f};")))
                .collect()
        } else {
            // the first value goes to the low half (the lower address)
            part.chunks(2)
                .map(|p| b.op(|d| format!("cvt.rn.bf16x2.f32 {d}, {}, {};", p[p.len() - 1], p[0])))
                .collect()
        };
        let (v, l, at) = (vsuffix(words), list(&w), j as u32 * step);
        b.0.when(*m)
            .ext(Ptx(format!("st.global{v}.{ty} [{ya}+{at}], {l};")));
    }
    b.0.ret();
    b.0.finish()
}

/// Kernels loaded on a GPU, one module per split (JIT-compiled on first use).
struct Softmax<'g> {
    gpu: &'g Gpu,
    modules: HashMap<Split, Module<'g>>,
}

impl<'g> RowSoftmax<'g> for Softmax<'g> {
    fn enqueue<T: Elem>(
        &mut self,
        rows: usize,
        cols: usize,
        x: &DeviceBuffer<'g, T>,
        y: &mut DeviceBuffer<'g, T>,
    ) -> Result<()> {
        let s = Split::new(size_of::<T>() as u32, cols)?;
        let n = mul(rows, cols, "rows·cols")?;
        check_len("x", x.len(), n)?;
        check_len("y", y.len(), n)?;
        let rows32 = i32::try_from(rows).map_err(|_| GpuError::Overflow("rows past 2^31"))? as u32;
        let per_block = (s.threads() / s.group) as usize;
        let grid = grid_dim('x', rows.div_ceil(per_block) as u64)?;
        if !std::ptr::eq(x.gpu(), self.gpu) || !std::ptr::eq(y.gpu(), self.gpu) {
            return Err(GpuError::ForeignBuffer);
        }
        if rows == 0 {
            return Ok(());
        }
        if !self.modules.contains_key(&s) {
            // SAFETY: this program's own kernel, launched only below, after the checks.
            let m = unsafe { Module::load_ptx(self.gpu, &cute_gpu::module_ptx(vec![kernel(&s)]))? };
            self.modules.insert(s, m);
        }
        let module = &self.modules[&s];
        let f = module.function(&s.name())?;
        let (px, py, c) = (x.kernel_arg(), y.kernel_arg_mut(), cols as u32);
        let shape = LaunchShape {
            grid: (grid, 1, 1),
            threads: s.threads(),
            smem: 0,
        };
        // SAFETY: arguments follow the parameters (two u64 addresses, two u32); a
        // group touches its row `r < rows` only, at columns `< cols` (masked;
        // `vec` divides `cols`), and both buffers hold rows·cols elements.
        unsafe { module.launch(f, shape, &mut [arg(&px), arg(&py), arg(&rows32), arg(&c)]) }
    }
}

fn main() -> std::process::ExitCode {
    harness::main(|o| {
        if o.ptx {
            let bytes = if o.dtype == "bf16" { 2 } else { 4 };
            let ks: Result<Vec<Kernel>> = o
                .sizes
                .iter()
                .map(|&(_, c)| Ok(kernel(&Split::new(bytes, c)?)))
                .collect();
            print!("{}", cute_gpu::module_ptx(ks?));
            return Ok(true);
        }
        let gpu = Gpu::new()?;
        let mut k = Softmax {
            gpu: &gpu,
            modules: HashMap::new(),
        };
        match o.dtype.as_str() {
            "bf16" => harness::run::<u16>(&gpu, &mut k, o),
            _ => harness::run::<f32>(&gpu, &mut k, o),
        }
    })
}
