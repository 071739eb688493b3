//! The Hopper GEMM command line of the `gemm_tc` example: a correctness suite and
//! a timed sweep on the GPU.
//!
//! `C (M×N, row-major) = A (M×K, row-major) · Bᵀ` with B stored `N×K` row-major
//! (torch: `a @ b.t()`), bf16 or fp16 inputs, fp32 accumulation, C in the input
//! format or fp32.
//!
//! ```text
//! gemm_tc --dtype bf16|fp16 [--out same|f32|both] [--configs all|NAME[:gG][:s][:k],…]
//!         [--suite] [--sizes 4096,8192|MxNxK,…] [--iters 50] [--warmup 10]
//!         [--ctas N] [--dump DIR] [--b-layout nk|kn|both] [--pad auto|tma|lines,…]
//!         [--wall N]
//! ```
//! * `--configs`: shipped names (`r1_tma_wgmma`, …), each optionally refined:
//!   `:gG` raster groups of `G` tile rows, `:s` odd groups right to left, `:k` a
//!   block's odd tiles walk K backwards (e.g. `r5_tma_store:g16:s`).
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
//! `--pad`: the padding policies to run (`cute_gpu::hopper::pitch`; default
//! `auto`), each checked and timed: `tma` pads only rows the TMA cannot address,
//! to 16 bytes; `auto` pads those to 128 bytes, and B's rows to whole 128-byte
//! lines where that pays; `lines` pads B's rows to whole lines whenever they are
//! not. `--wall N`: after the timing,
//! also the host's wall-clock time of `N` synchronous `launch` calls (scratch
//! allocation, tensor maps, copies, GEMM and the wait), median per call.
//!
//! `--dtype fp32` is the SIMT GEMM of the `gemm` example. `--refusals` shows
//! out-of-bounds launches refused before the GPU runs them.
use cute_gpu::cuda::{DeviceBuffer, Gpu, GpuReference};
use cute_gpu::gemm::reference::Rng;
use cute_gpu::gemm::tolerance::{check, Report, Scaling, Tolerance};
use cute_gpu::gemm::Problem;
use cute_gpu::hopper::host::{HopperGemm, TcProblem};
use cute_gpu::hopper::isa::Half;
use cute_gpu::hopper::kernel::{Io, Output};
use cute_gpu::hopper::layouts::OperandMajor;
use cute_gpu::hopper::numeric::{from_half, to_half, unit_roundoff};
use cute_gpu::hopper::pitch::PadPolicy;
use cute_gpu::hopper::shipped::{shipped, Shipped};
use std::process::ExitCode;

pub const HELP: &str = "\
usage: gemm_tc --dtype bf16|fp16 [--out same|f32|both] [--configs all|NAME[:gG][:s][:k],...]
               [--suite] [--sizes 4096,8192|MxNxK,...] [--iters 50] [--warmup 10]
               [--ctas N] [--dump DIR] [--b-layout nk|kn|both] [--refusals]
               [--pad auto|tma|lines,...] [--wall N]";

type AnyResult<T> = Result<T, Box<dyn std::error::Error>>;

struct Args {
    refusals: bool,
    dtype: Half,
    outs: Vec<Output>,
    configs: Vec<Shipped>,
    suite: bool,
    sizes: Vec<TcProblem>,
    iters: usize,
    warmup: usize,
    ctas: Option<u32>,
    dump: Option<std::path::PathBuf>,
    b_majors: Vec<OperandMajor>,
    pads: Vec<PadPolicy>,
    wall: usize,
}

fn parse_size(s: &str) -> Result<TcProblem, String> {
    let v: Vec<usize> = s
        .split('x')
        .map(|t| t.parse::<usize>().map_err(|_| format!("bad size `{s}`")))
        .collect::<Result<_, _>>()?;
    match v.as_slice() {
        [n] => Ok(TcProblem {
            m: *n,
            n: *n,
            k: *n,
        }),
        [m, n, k] => Ok(TcProblem {
            m: *m,
            n: *n,
            k: *k,
        }),
        _ => Err(format!("size `{s}` is neither N nor MxNxK")),
    }
}

/// A shipped configuration, or one refined on the command line:
/// `NAME[:gG][:s][:k]` is the shipped `NAME` with raster groups of `G` tile rows
/// (`:gG`), odd groups right to left (`:s`, snake) and a block's odd tiles
/// walking K backwards (`:k`). The variant's name is the spec with `_` for `:`
/// (it names the kernel), so that one binary can time candidates side by side.
fn variant(spec: &str) -> Result<Shipped, String> {
    let mut parts = spec.split(':');
    let base = parts.next().unwrap_or_default();
    let mut s =
        cute_gpu::hopper::shipped::find(base).ok_or(format!("unknown configuration `{base}`"))?;
    let mut order = s.params.order();
    let mut refined = false;
    for part in parts {
        refined = true;
        if let Some(g) = part.strip_prefix('g') {
            let g: usize = g
                .parse()
                .map_err(|_| format!("bad raster group `{part}` in `{spec}`"))?;
            s.params = s
                .params
                .try_with_group(g)
                .map_err(|e| format!("`{spec}`: {e}"))?;
        } else if part == "s" {
            order.snake = true;
        } else if part == "k" {
            order.k_alternate = true;
        } else {
            return Err(format!(
                "unknown refinement `{part}` in `{spec}` (gG, s, k)"
            ));
        }
    }
    if refined {
        s.params = s
            .params
            .try_with_order(order)
            .map_err(|e| format!("`{spec}`: {e}"))?;
        // a command-line argument, named once per process: leaking it is bounded
        s.name = Box::leak(spec.replace(':', "_").into_boxed_str());
    }
    Ok(s)
}

fn parse(cli: Vec<String>) -> Result<Args, String> {
    let mut a = Args {
        refusals: false,
        dtype: Half::Bf16,
        outs: Vec::new(),
        configs: shipped(),
        suite: false,
        sizes: Vec::new(),
        iters: 50,
        warmup: 10,
        ctas: None,
        dump: None,
        b_majors: vec![OperandMajor::K],
        pads: vec![PadPolicy::Auto],
        wall: 0,
    };
    let mut out = "default".to_string();
    let mut it = cli.into_iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--dtype" => {
                a.dtype = match value()?.as_str() {
                    "bf16" => Half::Bf16,
                    "fp16" | "f16" => Half::F16,
                    "fp32" | "f32" => {
                        return Err("--dtype fp32 is the SIMT GEMM: run the `gemm` example".into())
                    }
                    other => return Err(format!("unknown dtype `{other}` (bf16, fp16)")),
                }
            }
            "--out" => out = value()?,
            "--configs" => {
                let v = value()?;
                if v != "all" {
                    a.configs = v.split(',').map(variant).collect::<Result<_, _>>()?;
                }
            }
            "--suite" => a.suite = true,
            "--refusals" => a.refusals = true,
            "--sizes" => {
                a.sizes = value()?
                    .split(',')
                    .map(parse_size)
                    .collect::<Result<_, _>>()?;
            }
            "--iters" => a.iters = value()?.parse().map_err(|_| "bad --iters")?,
            "--warmup" => a.warmup = value()?.parse().map_err(|_| "bad --warmup")?,
            "--ctas" => a.ctas = Some(value()?.parse().map_err(|_| "bad --ctas")?),
            "--dump" => a.dump = Some(value()?.into()),
            "--b-layout" => {
                a.b_majors = match value()?.as_str() {
                    "nk" => vec![OperandMajor::K],
                    "kn" => vec![OperandMajor::Mn],
                    "both" => vec![OperandMajor::K, OperandMajor::Mn],
                    other => return Err(format!("unknown --b-layout `{other}` (nk, kn, both)")),
                }
            }
            "--pad" => {
                a.pads = value()?
                    .split(',')
                    .map(|p| {
                        PadPolicy::parse(p).ok_or(format!("unknown --pad `{p}` (auto, tma, lines)"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--wall" => a.wall = value()?.parse().map_err(|_| "bad --wall")?,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown flag `{other}`")),
        }
    }
    let same = Output::Half(a.dtype);
    a.outs = match out.as_str() {
        "same" => vec![same],
        "f32" => vec![Output::F32],
        "both" => vec![same, Output::F32],
        "default" if a.suite => vec![same, Output::F32],
        "default" => vec![same],
        other => return Err(format!("unknown --out `{other}` (same, f32, both)")),
    };
    if a.iters == 0 {
        return Err("--iters must be at least 1".into());
    }
    Ok(a)
}

/// Runs the command line `args` (without the program name); see the module docs.
pub fn run_cli(args: Vec<String>) -> ExitCode {
    let args = match parse(args) {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("gemm_tc: {e}\n{HELP}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("gemm_tc: some checks FAILED");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("gemm_tc: {e}");
            ExitCode::FAILURE
        }
    }
}

/// One input set on the device: A (`M×K`), B as `N×K` and as `K×N`.
struct Inputs<'g> {
    a: DeviceBuffer<'g, u16>,
    b: DeviceBuffer<'g, u16>,
    b_kn: DeviceBuffer<'g, u16>,
}

impl<'g> Inputs<'g> {
    fn b_for(&self, major: OperandMajor) -> &DeviceBuffer<'g, u16> {
        match major {
            OperandMajor::K => &self.b,
            OperandMajor::Mn => &self.b_kn,
        }
    }
}

/// `rows × cols` row-major to `cols × rows` row-major, in cache-sized blocks.
fn transpose(src: &[u16], rows: usize, cols: usize) -> Vec<u16> {
    let mut out = vec![0u16; src.len()];
    const T: usize = 64;
    for r0 in (0..rows).step_by(T) {
        for c0 in (0..cols).step_by(T) {
            for r in r0..(r0 + T).min(rows) {
                for c in c0..(c0 + T).min(cols) {
                    out[c * rows + r] = src[r * cols + c];
                }
            }
        }
    }
    out
}

/// The rounded inputs of one problem: device copies and the values as f32.
fn make_inputs<'g>(
    gpu: &'g Gpu,
    fmt: Half,
    p: TcProblem,
    rng: &mut Rng,
    small_ints: bool,
) -> AnyResult<(Inputs<'g>, Vec<f32>, Vec<f32>)> {
    let mut gen = |len: usize| -> (Vec<u16>, Vec<f32>) {
        let bits: Vec<u16> = (0..len)
            .map(|_| {
                to_half(
                    fmt,
                    if small_ints {
                        rng.small_int()
                    } else {
                        rng.uniform()
                    },
                )
            })
            .collect();
        let vals = bits.iter().map(|&h| from_half(fmt, h)).collect();
        (bits, vals)
    };
    let (ab, av) = gen(p.m * p.k);
    let (bb, bv) = gen(p.n * p.k);
    let a = gpu.upload(&ab)?;
    let b = gpu.upload(&bb)?;
    let b_kn = gpu.upload(&transpose(&bb, p.n, p.k))?;
    Ok((Inputs { a, b, b_kn }, av, bv))
}

/// `(R, S)` in fp64 on the GPU, indexed like C (row-major `M×N`): the core
/// reference computes `Cᵀ = B·Aᵀ` column-major, which is our row-major C.
fn reference<'g>(
    gpu: &'g Gpu,
    r: &GpuReference<'g>,
    p: TcProblem,
    a: &[f32],
    b: &[f32],
) -> AnyResult<(Problem, Vec<f64>, Vec<f64>)> {
    let q = Problem::new(p.n, p.m, p.k, "tn".parse().map_err(|e| format!("{e:?}"))?);
    let da = gpu.upload(b)?;
    let db = gpu.upload(a)?;
    let (rv, sv) = r.run(&q, &da, &db)?;
    // cross-check a few entries on the host
    let mut rng = Rng::new(0xC0FFEE);
    for _ in 0..16 {
        if p.m == 0 || p.n == 0 {
            break;
        }
        let (i, j) = (rng.below(p.m), rng.below(p.n));
        let (mut x, mut s) = (0.0f64, 0.0f64);
        for kk in 0..p.k {
            let (u, v) = (a[i * p.k + kk] as f64, b[j * p.k + kk] as f64);
            x = u.mul_add(v, x);
            s = u.abs().mul_add(v.abs(), s);
        }
        let at = j + i * p.n;
        if (x - rv[at]).abs() > 1e-9 * s.max(1.0) || (s - sv[at]).abs() > 1e-9 * s.max(1.0) {
            return Err(format!("fp64 reference disagrees with the host at ({i},{j})").into());
        }
    }
    Ok((q, rv, sv))
}

/// C on the device, in its output format.
enum CBuf<'g> {
    Half(DeviceBuffer<'g, u16>),
    F32(DeviceBuffer<'g, f32>),
}

impl<'g> CBuf<'g> {
    fn new(gpu: &'g Gpu, out: Output, len: usize) -> AnyResult<CBuf<'g>> {
        Ok(match out {
            Output::Half(_) => CBuf::Half(gpu.alloc_zeroed(len)?),
            Output::F32 => CBuf::F32(gpu.alloc_zeroed(len)?),
        })
    }
    /// All bytes 0xFF: a NaN in every format, so an unwritten element shows.
    fn poison(&mut self) -> AnyResult<()> {
        match self {
            CBuf::Half(b) => b.fill_bytes(0xFF)?,
            CBuf::F32(b) => b.fill_bytes(0xFF)?,
        }
        Ok(())
    }
    fn launch(
        &mut self,
        g: &HopperGemm<'g>,
        p: TcProblem,
        a: &DeviceBuffer<'g, u16>,
        b: &DeviceBuffer<'g, u16>,
    ) -> AnyResult<()> {
        match self {
            CBuf::Half(c) => g.launch(&p, a, b, c, None)?,
            CBuf::F32(c) => g.launch(&p, a, b, c, None)?,
        }
        Ok(())
    }
    fn time(
        &mut self,
        g: &HopperGemm<'g>,
        p: TcProblem,
        sets: &[(&DeviceBuffer<'g, u16>, &DeviceBuffer<'g, u16>)],
        args: &Args,
    ) -> AnyResult<Vec<f32>> {
        Ok(match self {
            CBuf::Half(c) => g.time(&p, sets, c, args.warmup, args.iters, args.ctas)?,
            CBuf::F32(c) => g.time(&p, sets, c, args.warmup, args.iters, args.ctas)?,
        })
    }
    /// The median host wall-clock milliseconds of `n` synchronous launches
    /// (each allocates its scratch and tensor maps, issues, and waits).
    fn wall_ms(
        &mut self,
        g: &HopperGemm<'g>,
        p: TcProblem,
        (a, b): (&DeviceBuffer<'g, u16>, &DeviceBuffer<'g, u16>),
        n: usize,
    ) -> AnyResult<f64> {
        let mut ms = Vec::with_capacity(n);
        for _ in 0..n {
            let t = std::time::Instant::now();
            self.launch(g, p, a, b)?;
            ms.push(t.elapsed().as_secs_f64() * 1e3);
        }
        ms.sort_by(|x, y| x.total_cmp(y));
        Ok(ms.get(n / 2).copied().unwrap_or(0.0))
    }

    fn read(&self, gpu: &Gpu, fmt: Half) -> AnyResult<Vec<f32>> {
        Ok(match self {
            CBuf::Half(b) => gpu
                .download(b)?
                .into_iter()
                .map(|h| from_half(fmt, h))
                .collect(),
            CBuf::F32(b) => gpu.download(b)?,
        })
    }
    fn raw_bytes(&self, gpu: &Gpu) -> AnyResult<Vec<u8>> {
        Ok(match self {
            CBuf::Half(b) => gpu
                .download(b)?
                .iter()
                .flat_map(|h| h.to_le_bytes())
                .collect(),
            CBuf::F32(b) => gpu
                .download(b)?
                .iter()
                .flat_map(|x| x.to_le_bytes())
                .collect(),
        })
    }
}

fn tolerance(fmt: Half, out: Output, k: usize, exact: bool) -> Tolerance {
    if exact {
        return Tolerance {
            tau: 0.0,
            u_out: 0.0,
        };
    }
    Tolerance {
        // products of 16-bit values are exact; fp32 accumulation as for SIMT
        tau: Tolerance::fp32(k).tau,
        u_out: match out {
            Output::Half(_) => unit_roundoff(fmt),
            Output::F32 => 0.0,
        },
    }
}

fn b_name(m: OperandMajor) -> &'static str {
    match m {
        OperandMajor::K => "B:nk",
        OperandMajor::Mn => "B:kn",
    }
}

fn out_name(out: Output) -> &'static str {
    match out {
        Output::Half(h) => h.name(),
        Output::F32 => "f32",
    }
}

fn describe(rep: &Report) -> String {
    let first = rep
        .first
        .map(|f| {
            format!(
                " first=(m={},n={}) c={} want={} S={}",
                f.j, f.i, f.c, f.expected, f.s
            )
        })
        .unwrap_or_default();
    format!(
        "max|C-R|/S={:.3e} mean={:.3e} fail={} nonfinite={}{}",
        rep.max_ratio, rep.mean_ratio, rep.failures, rep.non_finite, first
    )
}

/// Launches once on poisoned C and checks the result.
#[allow(clippy::too_many_arguments)]
fn check_once<'g>(
    gpu: &'g Gpu,
    g: &HopperGemm<'g>,
    p: TcProblem,
    inp: &Inputs<'g>,
    c: &mut CBuf<'g>,
    q: &Problem,
    rs: (&[f64], &[f64]),
    tol: Tolerance,
    fmt: Half,
) -> AnyResult<Report> {
    c.poison()?;
    c.launch(g, p, &inp.a, inp.b_for(g.io().b_major))?;
    let got = c.read(gpu, fmt)?;
    Ok(check(q, &got[..p.m * p.n], rs.0, rs.1, Scaling::PLAIN, tol))
}

fn suite_shapes() -> Vec<(TcProblem, bool)> {
    let s = |m, n, k| TcProblem { m, n, k };
    vec![
        (s(128, 128, 64), false),     // one tile, K = BK
        (s(256, 256, 128), false),    // K = 2·BK
        (s(128, 256, 320), false),    // K = 5·BK (wraps the stages)
        (s(1536, 2560, 3072), false), // non-square, many tiles
        (s(1000, 1000, 1000), false), // ragged M, N, K (K = 15·64 + 40)
        (s(999, 1001, 1000), false),  // odd N: scalar stores, direct-store fallback
        (s(333, 517, 264), false),    // small and ragged everywhere
        (s(64, 8, 8), false),         // smaller than one tile
        (s(2304, 4352, 1024), false), // 9 × 17 tiles of 256×256: the persistent loop wraps
        (s(512, 768, 1024), true),    // exact: small integers, fp32 C bit for bit
        // rows of A (and of an N×K B) not 16-byte multiples: padded copies first
        (s(128, 256, 1), false),    // K = 1
        (s(300, 200, 7), false),    // K = 7
        (s(77, 1001, 13), false),   // K = 13, odd N
        (s(256, 512, 4103), false), // K = 4100 + 3, many k-tiles
        (s(96, 160, 13), true),     // exact, K = 13
        // B stored K×N with N not a multiple of 8: B padded
        (s(1000, 3, 64), false), // N = 3
        (s(129, 9, 100), false), // N = 9
        (s(65, 3, 5), false),    // N = 3 and K = 5: A and B padded
    ]
}

fn run(args: &Args) -> AnyResult<bool> {
    let gpu = Gpu::new()?;
    println!(
        "device: {} ({} SMs, L2 {} MiB)",
        gpu.name()?,
        gpu.sm_count()?,
        gpu.l2_bytes()? >> 20
    );
    if args.refusals {
        return refusals(&gpu, args.dtype);
    }
    let reference_kernel = GpuReference::load(&gpu)?;
    let mut all_ok = true;
    let fmt = args.dtype;
    let mut loaded: Vec<(Output, HopperGemm<'_>)> = Vec::new();
    for &b_major in &args.b_majors {
        for &out in &args.outs {
            for s in &args.configs {
                for &pad in &args.pads {
                    let mut g = HopperGemm::load(
                        &gpu,
                        *s,
                        Io {
                            input: fmt,
                            output: out,
                            b_major,
                        },
                    )?;
                    g.set_pad_policy(pad);
                    loaded.push((out, g));
                }
            }
        }
    }
    if args.suite {
        let mut rng = Rng::new(7);
        for (p, exact) in suite_shapes() {
            let (inp, av, bv) = make_inputs(&gpu, fmt, p, &mut rng, exact)?;
            let (q, rv, sv) = reference(&gpu, &reference_kernel, p, &av, &bv)?;
            for (out, g) in &loaded {
                if exact && *out != Output::F32 {
                    continue;
                }
                let mut c = CBuf::new(&gpu, *out, p.m * p.n)?;
                let tol = tolerance(fmt, *out, p.k, exact);
                let rep = check_once(&gpu, g, p, &inp, &mut c, &q, (&rv, &sv), tol, fmt)?;
                all_ok &= rep.passed();
                println!(
                    "check {:<20} {} pad={:<5} {}->{:<4} {:>5}x{:<5}x{:<5}{} {} {}",
                    g.shipped().name,
                    b_name(g.io().b_major),
                    g.pad_policy().name(),
                    fmt.name(),
                    out_name(*out),
                    p.m,
                    p.n,
                    p.k,
                    if exact { " exact" } else { "" },
                    if rep.passed() { "PASS" } else { "FAIL" },
                    describe(&rep)
                );
            }
        }
    }
    let mut table = Vec::new();
    for (si, &p) in args.sizes.iter().enumerate() {
        let mut rng = Rng::new(11 + si as u64);
        let ab_bytes = 2 * (p.m + p.n) * p.k;
        let l2 = gpu.l2_bytes()?;
        let sets = (3 * l2 / ab_bytes.max(1) + 1).clamp(1, 4);
        let mut inputs = Vec::new();
        let (first, av, bv) = make_inputs(&gpu, fmt, p, &mut rng, false)?;
        inputs.push(first);
        for _ in 1..sets {
            inputs.push(make_inputs(&gpu, fmt, p, &mut rng, false)?.0);
        }
        let (q, rv, sv) = reference(&gpu, &reference_kernel, p, &av, &bv)?;
        drop((av, bv));
        if let (Some(dir), 0) = (&args.dump, si) {
            std::fs::create_dir_all(dir)?;
            let bytes = |b: &DeviceBuffer<'_, u16>| -> AnyResult<Vec<u8>> {
                Ok(gpu
                    .download(b)?
                    .iter()
                    .flat_map(|h| h.to_le_bytes())
                    .collect())
            };
            std::fs::write(dir.join("a.bin"), bytes(&inputs[0].a)?)?;
            std::fs::write(dir.join("b.bin"), bytes(&inputs[0].b)?)?;
            std::fs::write(
                dir.join("meta.txt"),
                format!("m={} n={} k={} dtype={}\n", p.m, p.n, p.k, fmt.name()),
            )?;
        }
        for (out, g) in &loaded {
            let mut c = CBuf::new(&gpu, *out, p.m * p.n)?;
            let tol = tolerance(fmt, *out, p.k, false);
            let rep = check_once(&gpu, g, p, &inputs[0], &mut c, &q, (&rv, &sv), tol, fmt)?;
            all_ok &= rep.passed();
            if let (Some(dir), 0) = (&args.dump, si) {
                let tag = match g.io().b_major {
                    OperandMajor::K => "",
                    OperandMajor::Mn => "-kn",
                };
                std::fs::write(
                    dir.join(format!(
                        "c_{}{tag}_{}.bin",
                        g.shipped().name,
                        out_name(*out)
                    )),
                    c.raw_bytes(&gpu)?,
                )?;
            }
            let pairs: Vec<_> = inputs
                .iter()
                .map(|i| (&i.a, i.b_for(g.io().b_major)))
                .collect();
            let mut ms = c.time(g, p, &pairs, args)?;
            let wall = match args.wall {
                0 => String::new(),
                n => format!("  launch() wall {:.4} ms", c.wall_ms(g, p, pairs[0], n)?),
            };
            ms.sort_by(|a, b| a.total_cmp(b));
            let med = ms[ms.len() / 2] as f64;
            let p90 = ms[(ms.len() * 9 / 10).min(ms.len() - 1)] as f64;
            let flops = 2.0 * p.m as f64 * p.n as f64 * p.k as f64;
            let tf = |t: f64| flops / (t * 1e-3) / 1e12;
            table.push(format!(
                "time {:<20} {} pad={:<7} {}->{:<4} {:>5}x{:<5}x{:<5} median {:8.4} ms {:7.1} TFLOP/s  (min {:7.1}, p90 {:7.1})  sets={} check={} max|C-R|/S={:.2e}{}",
                g.shipped().name,
                b_name(g.io().b_major),
                g.pad_policy().name(),
                fmt.name(),
                out_name(*out),
                p.m,
                p.n,
                p.k,
                med,
                tf(med),
                tf(ms[0] as f64),
                tf(p90),
                sets,
                if rep.passed() { "PASS" } else { "FAIL" },
                rep.max_ratio,
                wall
            ));
            println!("{}", table.last().map(String::as_str).unwrap_or_default());
            if !rep.passed() {
                println!("  {}", describe(&rep));
            }
        }
    }
    if !table.is_empty() {
        println!("\n== summary ({} timed launches each, median)", args.iters);
        for line in &table {
            println!("{line}");
        }
    }
    Ok(all_ok)
}

/// Out-of-bounds Hopper launches on the GPU: each must come back as an error
/// before any kernel runs, and C must be left as it was.
fn refusals(gpu: &Gpu, fmt: Half) -> AnyResult<bool> {
    let io = Io {
        input: fmt,
        output: Output::F32,
        b_major: OperandMajor::K,
    };
    let s = shipped()[0];
    let g = HopperGemm::load(gpu, s, io)?;
    let p = TcProblem {
        m: 256,
        n: 256,
        k: 128,
    };
    let one = to_half(fmt, 1.0);
    let a = gpu.upload(&vec![one; p.m * p.k])?;
    let a_short = gpu.upload(&vec![one; p.m * p.k - 1])?;
    let b = gpu.upload(&vec![one; p.n * p.k])?;
    let mut c = gpu.upload(&vec![7.0f32; p.m * p.n])?;
    let mut c_short = gpu.upload(&vec![7.0f32; p.m * p.n - 1])?;
    let mut c_half = gpu.upload(&vec![0u16; p.m * p.n])?;
    let mut ok = true;
    let mut expect = |what: &str, r: Result<(), cute_gpu::hopper::host::HopperError>| match r {
        Err(e) => println!("REFUSED {what}: {e}"),
        Ok(()) => {
            println!("ACCEPTED {what} (wrong)");
            ok = false;
        }
    };
    expect(
        "A one element short",
        g.launch(&p, &a_short, &b, &mut c, None),
    );
    expect(
        "C one element short",
        g.launch(&p, &a, &b, &mut c_short, None),
    );
    let k0 = TcProblem { k: 0, ..p };
    expect(
        "K = 0 with C one element short",
        g.launch(&k0, &a, &b, &mut c_short, None),
    );
    expect(
        "16-bit C for an f32 kernel",
        g.launch(&p, &a, &b, &mut c_half, None),
    );
    let untouched = gpu.download(&c)?.iter().all(|&v| v == 7.0)
        && gpu.download(&c_short)?.iter().all(|&v| v == 7.0);
    println!("C untouched after the refusals: {untouched}");
    g.launch(&p, &a, &b, &mut c, None)?;
    let right = gpu.download(&c)?.iter().all(|&v| v == p.k as f32);
    println!(
        "valid launch after the refusals: C = {} everywhere: {right}",
        p.k
    );
    Ok(ok && untouched && right)
}
