//! The Hopper GEMM command line (feature `cuda`): a correctness suite and a timed
//! sweep on the GPU, behind the `gemm_tc` example and `--dtype bf16|fp16` of `gemm`.
//!
//! `C (M×N, row-major) = A (M×K, row-major) · Bᵀ` with B stored `N×K` row-major
//! (torch: `a @ b.t()`), bf16 or fp16 inputs, fp32 accumulation, C in the input
//! format or fp32.
//!
//! ```text
//! gemm_tc --dtype bf16|fp16 [--out same|f32|both] [--configs all|r1_tma_wgmma,…]
//!         [--suite] [--sizes 4096,8192|MxNxK,…] [--iters 50] [--warmup 10]
//!         [--ctas N] [--dump DIR] [--b-layout nk|kn|both]
//! ```
//! * `--suite`: shapes that exercise ragged M, N, K, odd N, K = BK and 2·BK, plus
//!   an exact small-integer product (fp32 C must match bit for bit); every
//!   configuration and output format is checked against an fp64 GPU reference.
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
//! `--dtype fp32` is the SIMT GEMM of the `gemm` example.
//!
//! The `gemm` example hands `--dtype bf16|fp16` here with [`dispatch_dtype`].
use crate::cuda::{Call, Gpu, GpuReference};
use crate::gemm::reference::Rng;
use crate::gemm::tolerance::{check, Report, Scaling, Tolerance};
use crate::gemm::Problem;
use crate::hopper::host::{poison, HopperGemm, TcProblem};
use crate::hopper::isa::Half;
use crate::hopper::kernel::{Io, Output};
use crate::hopper::layouts::OperandMajor;
use crate::hopper::numeric::{from_half, to_half, unit_roundoff};
use crate::hopper::shipped::{shipped, Shipped};
use cust::event::{Event, EventFlags};
use cust::memory::DeviceBuffer;
use std::process::ExitCode;

type AnyResult<T> = Result<T, Box<dyn std::error::Error>>;

struct Args {
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

fn parse(cli: Vec<String>) -> Result<Args, String> {
    let mut a = Args {
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
                    a.configs = v
                        .split(',')
                        .map(|n| {
                            crate::hopper::shipped::find(n)
                                .ok_or(format!("unknown configuration `{n}`"))
                        })
                        .collect::<Result<_, _>>()?;
                }
            }
            "--suite" => a.suite = true,
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
            "-h" | "--help" => return Err("see the doc comment of examples/gemm_tc.rs".into()),
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

/// `Some(exit code)` when `args` (without the program name) ask for a 16-bit
/// dtype (`--dtype bf16` or `--dtype fp16`), after running them here; `None`
/// otherwise, so that the caller handles fp32 itself.
pub fn dispatch_dtype(args: &[String]) -> Option<ExitCode> {
    let at = args.iter().position(|a| a == "--dtype")?;
    match args.get(at + 1).map(String::as_str) {
        Some("bf16" | "fp16" | "f16") => Some(run_cli(args.to_vec())),
        _ => None,
    }
}

/// Runs the command line `args` (without the program name); see the module docs.
pub fn run_cli(args: Vec<String>) -> ExitCode {
    let args = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("gemm_tc: {e}");
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
struct Inputs {
    a: DeviceBuffer<u16>,
    b: DeviceBuffer<u16>,
    b_kn: DeviceBuffer<u16>,
}

impl Inputs {
    fn b_for(&self, major: OperandMajor) -> u64 {
        match major {
            OperandMajor::K => self.b.as_device_ptr().as_raw(),
            OperandMajor::Mn => self.b_kn.as_device_ptr().as_raw(),
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
fn make_inputs(
    gpu: &Gpu,
    fmt: Half,
    p: TcProblem,
    rng: &mut Rng,
    small_ints: bool,
) -> AnyResult<(Inputs, Vec<f32>, Vec<f32>)> {
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
fn reference(
    gpu: &Gpu,
    r: &GpuReference,
    p: TcProblem,
    a: &[f32],
    b: &[f32],
) -> AnyResult<(Problem, Vec<f64>, Vec<f64>)> {
    let q = Problem::new(p.n, p.m, p.k, "tn".parse().map_err(|e| format!("{e:?}"))?);
    let da = gpu.upload(b)?;
    let db = gpu.upload(a)?;
    let (rv, sv) = r.run(gpu, &q, &da, &db)?;
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
enum CBuf {
    Half(DeviceBuffer<u16>),
    F32(DeviceBuffer<f32>),
}

impl CBuf {
    fn new(out: Output, len: usize) -> AnyResult<CBuf> {
        Ok(match out {
            Output::Half(_) => CBuf::Half(DeviceBuffer::zeroed(len.max(1)).call("cuMemAlloc")?),
            Output::F32 => CBuf::F32(DeviceBuffer::zeroed(len.max(1)).call("cuMemAlloc")?),
        })
    }
    fn addr(&self) -> u64 {
        match self {
            CBuf::Half(b) => b.as_device_ptr().as_raw(),
            CBuf::F32(b) => b.as_device_ptr().as_raw(),
        }
    }
    fn bytes(&self) -> usize {
        match self {
            CBuf::Half(b) => 2 * b.len(),
            CBuf::F32(b) => 4 * b.len(),
        }
    }
    fn poison(&mut self) -> AnyResult<()> {
        match self {
            CBuf::Half(b) => poison(b, 0xFFFF)?,
            CBuf::F32(b) => poison(b, f32::NAN)?,
        }
        Ok(())
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
fn check_once(
    gpu: &Gpu,
    g: &HopperGemm,
    p: TcProblem,
    inp: &Inputs,
    c: &mut CBuf,
    q: &Problem,
    rs: (&[f64], &[f64]),
    tol: Tolerance,
    fmt: Half,
) -> AnyResult<Report> {
    c.poison()?;
    let bound = g.bind(
        p,
        inp.a.as_device_ptr().as_raw(),
        inp.b_for(g.io().b_major),
        c.addr(),
        c.bytes(),
    )?;
    g.launch(gpu, &bound, None)?;
    gpu.synchronize()?;
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
    let reference_kernel = GpuReference::load(&gpu)?;
    let mut all_ok = true;
    let fmt = args.dtype;
    let mut loaded: Vec<(Output, HopperGemm)> = Vec::new();
    for &b_major in &args.b_majors {
        for &out in &args.outs {
            for s in &args.configs {
                let g = HopperGemm::load(
                    &gpu,
                    *s,
                    Io {
                        input: fmt,
                        output: out,
                        b_major,
                    },
                )?;
                loaded.push((out, g));
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
                if g.io().b_major == OperandMajor::Mn && p.n % 8 != 0 {
                    continue; // K×N rows of N·2 bytes: TMA needs 16-byte pitches
                }
                let mut c = CBuf::new(*out, p.m * p.n)?;
                let tol = tolerance(fmt, *out, p.k, exact);
                let rep = check_once(&gpu, g, p, &inp, &mut c, &q, (&rv, &sv), tol, fmt)?;
                all_ok &= rep.passed();
                println!(
                    "check {:<20} {} {}->{:<4} {:>5}x{:<5}x{:<5}{} {} {}",
                    g.shipped.name,
                    b_name(g.io().b_major),
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
            let bytes = |b: &DeviceBuffer<u16>| -> AnyResult<Vec<u8>> {
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
            let mut c = CBuf::new(*out, p.m * p.n)?;
            let tol = tolerance(fmt, *out, p.k, false);
            let rep = check_once(&gpu, g, p, &inputs[0], &mut c, &q, (&rv, &sv), tol, fmt)?;
            all_ok &= rep.passed();
            if let (Some(dir), 0) = (&args.dump, si) {
                let tag = match g.io().b_major {
                    OperandMajor::K => "",
                    OperandMajor::Mn => "-kn",
                };
                std::fs::write(
                    dir.join(format!("c_{}{tag}_{}.bin", g.shipped.name, out_name(*out))),
                    c.raw_bytes(&gpu)?,
                )?;
            }
            let bounds: Vec<_> = inputs
                .iter()
                .map(|i| {
                    g.bind(
                        p,
                        i.a.as_device_ptr().as_raw(),
                        i.b_for(g.io().b_major),
                        c.addr(),
                        c.bytes(),
                    )
                })
                .collect::<Result<_, _>>()?;
            for w in 0..args.warmup {
                g.launch(&gpu, &bounds[w % sets], args.ctas)?;
            }
            let events: Vec<(Event, Event)> = (0..args.iters)
                .map(|_| {
                    Ok((
                        Event::new(EventFlags::DEFAULT)?,
                        Event::new(EventFlags::DEFAULT)?,
                    ))
                })
                .collect::<Result<_, cust::error::CudaError>>()
                .call("cuEventCreate")?;
            for (i, (start, stop)) in events.iter().enumerate() {
                start.record(&gpu.stream).call("cuEventRecord")?;
                g.launch(&gpu, &bounds[i % sets], args.ctas)?;
                stop.record(&gpu.stream).call("cuEventRecord")?;
            }
            gpu.synchronize()?;
            let mut ms: Vec<f32> = events
                .iter()
                .map(|(a, b)| b.elapsed_time_f32(a))
                .collect::<Result<_, _>>()
                .call("cuEventElapsedTime")?;
            ms.sort_by(|a, b| a.total_cmp(b));
            let med = ms[ms.len() / 2] as f64;
            let p90 = ms[(ms.len() * 9 / 10).min(ms.len() - 1)] as f64;
            let flops = 2.0 * p.m as f64 * p.n as f64 * p.k as f64;
            let tf = |t: f64| flops / (t * 1e-3) / 1e12;
            table.push(format!(
                "time {:<20} {} {}->{:<4} {:>5}x{:<5}x{:<5} median {:8.4} ms {:7.1} TFLOP/s  (min {:7.1}, p90 {:7.1})  sets={} check={} max|C-R|/S={:.2e}",
                g.shipped.name,
                b_name(g.io().b_major),
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
                rep.max_ratio
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
