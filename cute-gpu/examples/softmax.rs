//! A user-written kernel with its own ISA extension: row softmax in fp32,
//! `y[r, c] = exp(x[r, c] − max_r) / Σ_c exp(x[r, c] − max_r)`, `x` and `y`
//! `rows × cols` row-major.
//!
//! One warp per row, 8 rows per block. Pass 1 reads the row once with an online
//! maximum and sum (`s ← s·2^((m−m')·log2 e) + 2^((v−m')·log2 e)`), then the 32
//! lanes merge their `(m, s)` pairs with butterfly shuffles; pass 2 reads the row
//! again and writes `2^((v−m)·log2 e) / s`. The instructions the core emitter does
//! not have (`max.f32`, `ex2.approx.ftz.f32`, `div.rn.f32`, `shfl.sync.bfly.b32`)
//! are defined here as a [`cute_gpu::ptx::ExtInstr`]: an extension plugs in from
//! above, as the Hopper ISA does. The CPU simulator does not model them, so this
//! kernel is checked on the GPU only (against an fp64 host reference).
//!
//! ```text
//! softmax [--sizes 4096,8192|RxC,...] [--iters 50] [--warmup 10]
//! ```
//! Timing: `--warmup` launches, then `--iters` launches each between two events;
//! median → GB/s counting each element read once and written once (`8·rows·cols`
//! bytes; the kernel reads each row twice, the second time mostly from L2/L1).
//! Without a GPU driver the program says so and exits with status 1.
use cute_gpu::cuda::{arg, DeviceBuffer, Event, Gpu, GpuError, LaunchShape, Module, Result};
use cute_gpu::launch::{check_len, grid_dim, mul};
use cute_gpu::ptx::{
    kind::{F32, U32, U64},
    Address, BinOp, Bounds, Cmp, Kernel, KernelBuilder, Reg, RegId, Space, Special,
};
use std::fmt;
use std::process::ExitCode;

const WARPS: u32 = 8;
const LOG2E: f32 = std::f32::consts::LOG2_E;

/// The instructions this kernel needs beyond the core emitter.
#[derive(Clone, Debug, PartialEq)]
enum Math {
    /// `max.f32 d, a, b;`
    Max { d: RegId, a: RegId, b: RegId },
    /// `ex2.approx.ftz.f32 d, a;` (2^a)
    Ex2 { d: RegId, a: RegId },
    /// `div.rn.f32 d, a, b;`
    Div { d: RegId, a: RegId, b: RegId },
    /// `shfl.sync.bfly.b32 d, a, lanes, 0x1f, 0xffffffff;`: the value of lane `lane ^ lanes`
    ShflXor { d: RegId, a: RegId, lanes: u32 },
}

impl fmt::Display for Math {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Math::Max { d, a, b } => write!(f, "max.f32 {d}, {a}, {b};"),
            Math::Ex2 { d, a } => write!(f, "ex2.approx.ftz.f32 {d}, {a};"),
            Math::Div { d, a, b } => write!(f, "div.rn.f32 {d}, {a}, {b};"),
            Math::ShflXor { d, a, lanes } => {
                write!(f, "shfl.sync.bfly.b32 {d}, {a}, {lanes}, 0x1f, 0xffffffff;")
            }
        }
    }
}

/// Typed helpers over [`Math`].
struct Ops<'b>(&'b mut KernelBuilder);

impl Ops<'_> {
    fn max(&mut self, a: Reg<F32>, b: Reg<F32>) -> Reg<F32> {
        let d = self.0.reg::<F32>();
        self.0.ext(Math::Max {
            d: d.id(),
            a: a.id(),
            b: b.id(),
        });
        d
    }
    /// `2^((a − b)·log2 e)` = `e^(a − b)`.
    fn exp_diff(&mut self, a: Reg<F32>, b: Reg<F32>) -> Reg<F32> {
        let diff = self.0.sub(a, b);
        let scaled = self.0.mul(diff, LOG2E);
        let d = self.0.reg::<F32>();
        self.0.ext(Math::Ex2 {
            d: d.id(),
            a: scaled.id(),
        });
        d
    }
    fn div(&mut self, a: Reg<F32>, b: Reg<F32>) -> Reg<F32> {
        let d = self.0.reg::<F32>();
        self.0.ext(Math::Div {
            d: d.id(),
            a: a.id(),
            b: b.id(),
        });
        d
    }
    fn shfl_xor(&mut self, a: Reg<F32>, lanes: u32) -> Reg<F32> {
        let d = self.0.reg::<F32>();
        self.0.ext(Math::ShflXor {
            d: d.id(),
            a: a.id(),
            lanes,
        });
        d
    }
    /// Merges the running pair `(m, s)` with `(mo, so)` into `(m, s)`.
    fn merge(&mut self, m: Reg<F32>, s: Reg<F32>, mo: Reg<F32>, so: Reg<F32>) {
        let mn = self.max(m, mo);
        let ka = self.exp_diff(m, mn);
        let kb = self.exp_diff(mo, mn);
        let t = self.0.mul(so, kb);
        self.0.fma_to(s, s, ka, t);
        self.0.mov_to(m, mn);
    }
}

/// The softmax kernel: parameters `x, y, rows, cols`; grid `⌈rows/8⌉` blocks of 256.
fn softmax_kernel() -> Kernel {
    let mut b = KernelBuilder::new("softmax_rows_f32");
    b.bounds(Bounds {
        max_ntid: Some(32 * WARPS),
        ..Bounds::default()
    });
    let (px, py) = (b.param::<U64>("x"), b.param::<U64>("y"));
    let (prows, pcols) = (b.param::<U32>("rows"), b.param::<U32>("cols"));
    let (x, y) = (b.ld_param(&px), b.ld_param(&py));
    let (rows, cols) = (b.ld_param(&prows), b.ld_param(&pcols));
    let tid = b.special(Special::TidX);
    let bx = b.special(Special::CtaidX);
    let lane = b.bin(BinOp::And, tid, 31u32);
    let warp = b.shr(tid, 5);
    let row = b.mad_lo(bx, WARPS, warp);
    let done = b.label();
    let outside = b.setp(Cmp::Ge, row, rows);
    b.when(outside).bra_uniform(done); // the whole warp leaves together
    let zero = b.mov::<U64>(0u64);
    let row_elems = b.mad_wide(row, cols, zero);
    let lane64 = b.cvt_u64_u32(lane);
    let first = b.add(row_elems, lane64);
    let first_bytes = b.shl(first, 2);
    let x0 = b.add(x, first_bytes);
    let y0 = b.add(y, first_bytes);
    // pass 1: online max and sum over the lane's columns lane, lane+32, …
    let m = b.mov::<F32>(f32::MIN);
    let s = b.mov::<F32>(0.0f32);
    let c = b.mov::<U32>(lane);
    let at = b.mov::<U64>(x0);
    let (lp1, end1) = (b.label(), b.label());
    b.place(lp1);
    let past = b.setp(Cmp::Ge, c, cols);
    b.when(past).bra(end1);
    let v = b.reg::<F32>();
    b.ld(Space::Global, true, &[v], Address::at(at, 0));
    let one = b.mov::<F32>(1.0f32);
    Ops(&mut b).merge(m, s, v, one);
    b.add_to(c, c, 32u32);
    b.add_to(at, at, 128u64);
    b.bra(lp1);
    b.place(end1);
    // the warp's pairs, merged by butterfly shuffles
    for lanes in [16, 8, 4, 2, 1] {
        let mut o = Ops(&mut b);
        let mo = o.shfl_xor(m, lanes);
        let so = o.shfl_xor(s, lanes);
        o.merge(m, s, mo, so);
    }
    // pass 2: y = e^(x − m) / s
    b.mov_to(c, lane);
    b.mov_to(at, x0);
    let out = b.mov::<U64>(y0);
    let (lp2, end2) = (b.label(), b.label());
    b.place(lp2);
    let past = b.setp(Cmp::Ge, c, cols);
    b.when(past).bra(end2);
    let v = b.reg::<F32>();
    b.ld(Space::Global, true, &[v], Address::at(at, 0));
    let mut o = Ops(&mut b);
    let e = o.exp_diff(v, m);
    let r = o.div(e, s);
    b.st::<F32>(Space::Global, &[r.into()], Address::at(out, 0));
    b.add_to(c, c, 32u32);
    b.add_to(at, at, 128u64);
    b.add_to(out, out, 128u64);
    b.bra(lp2);
    b.place(end2);
    b.place(done);
    b.ret();
    b.finish()
}

/// The launch of a `rows × cols` softmax, checked: sizes below 2³¹, both buffers
/// holding `rows·cols` elements, the grid inside CUDA's limits.
fn plan(rows: usize, cols: usize, len_x: usize, len_y: usize) -> Result<LaunchShape> {
    if rows > i32::MAX as usize || cols > i32::MAX as usize {
        return Err(GpuError::Overflow(
            "rows or cols past 2^31 (32-bit indices)",
        ));
    }
    let n = mul(rows, cols, "rows·cols")?;
    check_len("x", len_x, n)?;
    check_len("y", len_y, n)?;
    Ok(LaunchShape {
        grid: (grid_dim('x', rows.div_ceil(WARPS as usize) as u64)?, 1, 1),
        threads: 32 * WARPS,
        smem: 0,
    })
}

/// The kernel loaded on a GPU, with a safe launch.
struct Softmax<'g> {
    module: Module<'g>,
}

impl<'g> Softmax<'g> {
    fn load(gpu: &'g Gpu) -> Result<Softmax<'g>> {
        let ptx = cute_gpu::module_ptx(vec![softmax_kernel()]);
        // SAFETY: this program's own kernel, launched only by `enqueue`, which
        // checks its buffers first.
        let module = unsafe { Module::load_ptx(gpu, &ptx)? };
        Ok(Softmax { module })
    }

    /// Issues `y = softmax(x)` (by rows) to the stream; callers wait before the
    /// borrows end.
    fn enqueue(
        &self,
        rows: usize,
        cols: usize,
        x: &DeviceBuffer<'g, f32>,
        y: &mut DeviceBuffer<'g, f32>,
    ) -> Result<()> {
        let shape = plan(rows, cols, x.len(), y.len())?;
        if rows == 0 || cols == 0 {
            return Ok(());
        }
        if !std::ptr::eq(x.gpu(), self.module.gpu()) || !std::ptr::eq(y.gpu(), x.gpu()) {
            return Err(GpuError::ForeignBuffer);
        }
        let f = self.module.function("softmax_rows_f32")?;
        let (px, py) = (x.kernel_arg(), y.kernel_arg_mut());
        let (r, c) = (rows as u32, cols as u32);
        let mut args = [arg(&px), arg(&py), arg(&r), arg(&c)];
        // SAFETY: arguments follow the kernel's parameters (two u64 addresses, two
        // u32); a warp touches row `row < rows` only, columns `c < cols`, and
        // `plan` checked that both buffers hold rows·cols elements.
        unsafe { self.module.launch(f, shape, &mut args) }
    }

    fn launch(
        &self,
        rows: usize,
        cols: usize,
        x: &DeviceBuffer<'g, f32>,
        y: &mut DeviceBuffer<'g, f32>,
    ) -> Result<()> {
        self.enqueue(rows, cols, x, y)?;
        self.module.gpu().synchronize()
    }
}

fn inputs(n: usize) -> Vec<f32> {
    // values in about [−8, 8): a spread that makes the maximum matter
    let mut state = 0x2545F4914F6CDD1Du64;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 24) as f32 * 16.0 - 8.0
        })
        .collect()
}

/// Largest `|y − ŷ| / ŷ` over rows sampled every `step` rows, `ŷ` in fp64.
fn max_rel_error(rows: usize, cols: usize, x: &[f32], y: &[f32], step: usize) -> f64 {
    let mut worst = 0.0f64;
    for r in (0..rows).step_by(step.max(1)) {
        let row = &x[r * cols..(r + 1) * cols];
        let m = row.iter().fold(f64::MIN, |a, &v| a.max(v as f64));
        let sum: f64 = row.iter().map(|&v| (v as f64 - m).exp()).sum();
        for (cc, &v) in row.iter().enumerate() {
            let want = (v as f64 - m).exp() / sum;
            let got = y[r * cols + cc] as f64;
            let err = if got.is_finite() {
                (got - want).abs() / want
            } else {
                f64::INFINITY
            };
            worst = worst.max(err);
        }
    }
    worst
}

fn run(sizes: &[(usize, usize)], iters: usize, warmup: usize) -> Result<bool> {
    let gpu = Gpu::new()?;
    println!("device: {}", gpu.name()?);
    let k = Softmax::load(&gpu)?;
    let mut ok = true;
    let small = gpu.upload(&inputs(64 * 64))?;
    let mut short = gpu.alloc_zeroed::<f32>(64 * 64 - 1)?;
    match k.launch(64, 64, &small, &mut short) {
        Err(e) => println!("REFUSED y one element short: {e}"),
        Ok(()) => {
            println!("ACCEPTED y one element short (wrong)");
            ok = false;
        }
    }
    // ragged shapes first (checks only), then the timed sizes
    let checks = [(1, 1), (3, 31), (9, 33), (17, 1000), (100, 4097)];
    for &(rows, cols) in checks.iter().chain(sizes) {
        let x = inputs(rows * cols);
        let dx = gpu.upload(&x)?;
        let mut dy = gpu.alloc_zeroed::<f32>(x.len())?;
        dy.fill_bytes(0xFF)?;
        k.launch(rows, cols, &dx, &mut dy)?;
        let y = gpu.download(&dy)?;
        let step = if rows * cols > 1 << 22 { 97 } else { 1 };
        let err = max_rel_error(rows, cols, &x, &y, step);
        // ex2.approx: about 2 ulp; the online sum: cols roundings
        let pass = err <= 1e-5;
        ok &= pass;
        if !sizes.contains(&(rows, cols)) {
            println!(
                "CHECK softmax {rows}x{cols} max_rel_err={err:.2e} {}",
                if pass { "PASS" } else { "FAIL" }
            );
            continue;
        }
        for _ in 0..warmup {
            k.enqueue(rows, cols, &dx, &mut dy)?;
        }
        gpu.synchronize()?;
        let (start, stop) = (Event::new(&gpu)?, Event::new(&gpu)?);
        let mut ms = Vec::with_capacity(iters);
        for _ in 0..iters {
            start.record()?;
            k.enqueue(rows, cols, &dx, &mut dy)?;
            stop.record()?;
            stop.synchronize()?;
            ms.push(stop.elapsed_ms(&start)?);
        }
        ms.sort_by(f32::total_cmp);
        let med = ms[ms.len() / 2] as f64;
        let gbs = 8.0 * rows as f64 * cols as f64 / (med * 1e-3) / 1e9;
        println!(
            "RESULT softmax f32 {rows}x{cols} check={} max_rel_err={err:.2e} median_ms={med:.4} GB/s={gbs:.0}",
            if pass { "PASS" } else { "FAIL" }
        );
    }
    Ok(ok)
}

fn parse_sizes(s: &str) -> std::result::Result<Vec<(usize, usize)>, String> {
    s.split(',')
        .map(|t| {
            let v: Vec<usize> = t
                .split('x')
                .map(|x| x.parse().map_err(|_| format!("bad size `{t}`")))
                .collect::<std::result::Result<_, _>>()?;
            match v.as_slice() {
                [n] => Ok((*n, *n)),
                [r, c] => Ok((*r, *c)),
                _ => Err(format!("size `{t}` is neither N nor RxC")),
            }
        })
        .collect()
}

const HELP: &str = "usage: softmax [--sizes 4096,8192|RxC,...] [--iters 50] [--warmup 10] [--ptx]";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let (mut sizes, mut iters, mut warmup) = (vec![(4096, 4096)], 50, 10);
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        let parsed: std::result::Result<(), String> = match a.as_str() {
            "-h" | "--help" => {
                println!("{HELP}");
                return ExitCode::SUCCESS;
            }
            "--ptx" => {
                print!("{}", cute_gpu::module_ptx(vec![softmax_kernel()]));
                return ExitCode::SUCCESS;
            }
            "--sizes" => value().and_then(|v| parse_sizes(&v)).map(|s| sizes = s),
            "--iters" => value()
                .and_then(|v| v.parse().map_err(|_| "bad --iters".to_string()))
                .map(|v| iters = v),
            "--warmup" => value()
                .and_then(|v| v.parse().map_err(|_| "bad --warmup".to_string()))
                .map(|v| warmup = v),
            other => Err(format!("unknown argument `{other}`")),
        };
        if let Err(e) = parsed {
            eprintln!("error: {e}\n{HELP}");
            return ExitCode::from(2);
        }
    }
    if iters == 0 {
        eprintln!("error: --iters must be positive");
        return ExitCode::from(2);
    }
    match run(&sizes, iters, warmup) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
