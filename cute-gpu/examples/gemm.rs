//! fp32 GEMM on the GPU: check against an fp64 reference, then time.
//!
//! ```text
//! gemm --m 4096 --n 4096 --k 4096 --layout tn --check
//! gemm --m 8192 --n 8192 --k 8192 --layout nt --config all --iters 50
//! ```
//! `--config` takes shipped configuration names, `all`, or `best` (the default:
//! the configuration measured fastest for each layout).
//! `--check` runs the pass criterion of `gemm::tolerance` on the requested shape
//! and on edge shapes (ragged M/N/K, K of one and two tiles, unaligned leading
//! dimensions through the 32-bit fallback, exact small-integer inputs, α and β),
//! for every layout unless `--layout` is given. Timing: warm-up launches, then
//! `--iters` launches each between two CUDA events, cycling through enough
//! copies of A and B to exceed three times the L2 (the same inputs for every
//! configuration of a layout); prints the median as TFLOP/s on a `RESULT` line
//! per kernel, with the tail-split schedule it ran (`split=none`, or
//! `whole+tail*splits/k_tiles`). `--splits` sets how configurations with a tail
//! split (`…_ts`, and `best`) choose it: `auto` (the model of
//! `gemm::split`), `off`, or a slice count for the tiles of the partial last
//! wave; their check suite adds problems with forced splits. `--refusals` launches with a B one element short, a C one column
//! short and prints each refusal
//! (the run fails if any launch is accepted). Without a GPU driver the program
//! says so and exits with status 1; `--help` needs no driver.
use cute_gpu::cuda::{DeviceBuffer, Gpu, GpuGemm, GpuReference, Result};
use cute_gpu::gemm::reference::{host_entry, Rng};
use cute_gpu::gemm::shipped::{best, find, shipped, Shipped};
use cute_gpu::gemm::tolerance::{check, Scaling, Tolerance};
use cute_gpu::gemm::{GemmLayout, Problem, SplitPolicy};
use std::collections::HashMap;
use std::process::ExitCode;

const HELP: &str = "\
usage: gemm [--m M --n N --k K | --size S] [--layout nn,nt,tn,tt] [--config best|all|NAME,...]
            [--check] [--no-time] [--iters 50] [--warmup 10] [--cubin-dir DIR] [--refusals]
            [--splits auto|off|N]
  --check      fp64-reference check suite (edge shapes, unaligned leading dimensions, alpha/beta)
  --splits     tail split of the `_ts` configurations (and best): auto (default), off, or N slices
  --cubin-dir  load ptxas cubins named <kernel>.cubin from DIR (you vouch that they are ptxas's
               output for this build's PTX)
  --refusals   show out-of-bounds launches refused before the GPU runs them";

struct Args {
    refusals: bool,
    m: usize,
    n: usize,
    k: usize,
    layouts: Vec<GemmLayout>,
    configs: Vec<Shipped>,
    best: bool,
    check: bool,
    time: bool,
    iters: usize,
    warmup: usize,
    cubin_dir: Option<String>,
    splits: SplitPolicy,
}

fn parse_args() -> std::result::Result<Args, String> {
    let mut a = Args {
        refusals: false,
        m: 4096,
        n: 4096,
        k: 4096,
        layouts: Vec::new(),
        configs: Vec::new(),
        best: false,
        check: false,
        time: true,
        iters: 50,
        warmup: 10,
        cubin_dir: None,
        splits: SplitPolicy::Auto,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    let value = |i: usize| -> std::result::Result<&String, String> {
        argv.get(i + 1)
            .ok_or_else(|| format!("{} needs a value", argv[i]))
    };
    let number = |s: &String| -> std::result::Result<usize, String> {
        s.parse().map_err(|_| format!("not a number: {s}"))
    };
    while i < argv.len() {
        match argv[i].as_str() {
            "--m" => a.m = number(value(i)?)?,
            "--n" => a.n = number(value(i)?)?,
            "--k" => a.k = number(value(i)?)?,
            "--size" => {
                let s = number(value(i)?)?;
                (a.m, a.n, a.k) = (s, s, s);
            }
            "--layout" => {
                for l in value(i)?.split(',') {
                    a.layouts.push(l.parse().map_err(|e| format!("{e}"))?);
                }
            }
            "--config" => {
                for c in value(i)?.split(',') {
                    if c == "best" {
                        a.best = true;
                    } else if c == "all" {
                        a.configs
                            .extend(shipped().into_iter().filter(|s| s.name != "small"));
                    } else {
                        a.configs.push(find(c).ok_or_else(|| {
                            let names: Vec<_> = shipped().iter().map(|s| s.name).collect();
                            format!("unknown config {c}; known: best, all, {}", names.join(", "))
                        })?);
                    }
                }
            }
            "--iters" => a.iters = number(value(i)?)?,
            "--warmup" => a.warmup = number(value(i)?)?,
            "--cubin-dir" => a.cubin_dir = Some(value(i)?.clone()),
            "--splits" => {
                a.splits = match value(i)?.as_str() {
                    "auto" => SplitPolicy::Auto,
                    "off" => SplitPolicy::Off,
                    v => SplitPolicy::Splits(
                        v.parse()
                            .map_err(|_| format!("--splits takes auto, off or a number: {v}"))?,
                    ),
                }
            }
            "-h" | "--help" => return Err(String::new()),
            "--refusals" => {
                a.refusals = true;
                i += 1;
                continue;
            }
            "--check" => {
                a.check = true;
                i += 1;
                continue;
            }
            "--no-time" => {
                a.time = false;
                i += 1;
                continue;
            }
            other => return Err(format!("unknown argument {other}")),
        }
        i += 2;
    }
    if a.configs.is_empty() {
        a.best = true;
    }
    if a.iters == 0 {
        return Err("--iters must be positive".into());
    }
    Ok(a)
}

/// Loaded kernels, by (config, layout).
struct Kernels<'g> {
    gpu: &'g Gpu,
    cubin_dir: Option<String>,
    splits: SplitPolicy,
    loaded: HashMap<(String, GemmLayout), GpuGemm<'g>>,
}

impl<'g> Kernels<'g> {
    fn get(&mut self, s: &Shipped, layout: GemmLayout) -> Result<&GpuGemm<'g>> {
        let key = (s.name.to_string(), layout);
        if !self.loaded.contains_key(&key) {
            let k = s.kernel(layout);
            let cubin = self
                .cubin_dir
                .as_ref()
                .and_then(|d| std::fs::read(format!("{d}/{}.cubin", k.name())).ok());
            let g = match cubin {
                // the tail split loads both kernels from PTX
                _ if s.tail_split => {
                    let g = GpuGemm::load_tail_split(self.gpu, k)?;
                    g.set_split_policy(self.splits);
                    g
                }
                // SAFETY: `--cubin-dir` names ptxas's output for the shipped
                // kernels' PTX (`cute-gpu-ptx` then `ptxas`); whoever passes the
                // flag vouches for the files, as the flag's help says.
                Some(bin) => unsafe { GpuGemm::load_cubin(self.gpu, k, &bin)? },
                None => GpuGemm::load(self.gpu, k)?,
            };
            self.loaded.insert(key.clone(), g);
        }
        Ok(&self.loaded[&key])
    }
}

/// Runs one problem through `kernel` (or the 32-bit fallback when the leading
/// dimensions are not multiples of 4) and checks it. Returns whether it passed.
#[allow(clippy::too_many_arguments)]
fn check_one<'g>(
    gpu: &'g Gpu,
    kernels: &mut Kernels<'g>,
    reference: &GpuReference<'g>,
    s: &Shipped,
    p: &Problem,
    rng: &mut Rng,
    ints: bool,
    alpha: f32,
    beta: f32,
    split: Option<SplitPolicy>,
) -> Result<bool> {
    let Some(fallback) = find("fallback32") else {
        return Ok(false);
    };
    let cfg = if s.params.vec() == 4 && !p.allows_vector4() {
        &fallback
    } else {
        s
    };
    let gen = |rng: &mut Rng, n: usize| {
        if ints {
            rng.small_int_vec(n)
        } else {
            rng.uniform_vec(n)
        }
    };
    let a = gen(rng, p.a_len());
    let b = gen(rng, p.b_len());
    let c0: Vec<f32> = if beta == 0.0 {
        vec![f32::NAN; p.c_len()]
    } else {
        rng.uniform_vec(p.c_len())
    };
    let (da, db) = (gpu.upload(&a)?, gpu.upload(&b)?);
    let mut dc = gpu.upload(&c0)?;
    let policy = kernels.splits;
    let k = kernels.get(cfg, p.layout)?;
    if let Some(sp) = split {
        k.set_split_policy(sp);
    }
    let schedule = k.schedule(p)?;
    k.launch(p, &da, &db, &mut dc, alpha, beta)?;
    let c = gpu.download(&dc)?;
    // the split's sum is in a fixed order: a second run gives the same bits
    let mut same_bits = true;
    if schedule.is_some() {
        let mut dc2 = gpu.upload(&c0)?;
        k.launch(p, &da, &db, &mut dc2, alpha, beta)?;
        let c2 = gpu.download(&dc2)?;
        same_bits = c.iter().zip(&c2).all(|(x, y)| x.to_bits() == y.to_bits());
    }
    k.set_split_policy(policy);
    let (r, sabs) = reference.run(p, &da, &db)?;
    // the GPU reference against the host on sampled entries
    let mut ref_ok = true;
    if p.m > 0 && p.n > 0 {
        for _ in 0..1000 {
            let (i, j) = (rng.below(p.m), rng.below(p.n));
            let (hr, hs) = host_entry(p, &a, &b, i, j);
            let idx = i + j * p.m;
            let tol = 1e-12 * hs.max(f64::MIN_POSITIVE);
            if (hr - r[idx]).abs() > tol || (hs - sabs[idx]).abs() > tol {
                ref_ok = false;
            }
        }
    }
    let sc = Scaling {
        alpha,
        beta,
        c0: Some(&c0),
    };
    let rep = check(p, &c, &r, &sabs, sc, Tolerance::fp32(p.k));
    let exact = if ints {
        (0..p.n).all(|j| (0..p.m).all(|i| c[p.c_index(i, j)] as f64 == r[i + j * p.m]))
    } else {
        true
    };
    let pass = rep.passed() && ref_ok && exact && same_bits;
    println!(
        "CHECK {} kernel={} split={}{} m={} n={} k={} lda={} ldb={} ldc={} alpha={} beta={}{} max|C-R|/S={:.3e} mean={:.3e} tau={:.3e} failures={} nonfinite={} ref_vs_host={}{}",
        if pass { "pass" } else { "FAIL" },
        kernels.get(cfg, p.layout)?.kernel().name(),
        split_text(schedule),
        if same_bits { "" } else { " NOT-REPRODUCIBLE" },
        p.m, p.n, p.k, p.lda, p.ldb, p.ldc, alpha, beta,
        if ints { " ints" } else { "" },
        rep.max_ratio,
        rep.mean_ratio,
        Tolerance::fp32(p.k).tau,
        rep.failures,
        rep.non_finite,
        if ref_ok { "ok" } else { "MISMATCH" },
        match (rep.first, exact) {
            (Some(f), _) => format!(" first=({},{}) c={} expected={} s={}", f.i, f.j, f.c, f.expected, f.s),
            (None, false) => " not-exact".to_string(),
            _ => String::new(),
        }
    );
    Ok(pass)
}

fn check_suite<'g>(
    gpu: &'g Gpu,
    kernels: &mut Kernels<'g>,
    args: &Args,
    s: &Shipped,
    layouts: &[GemmLayout],
) -> Result<bool> {
    let reference = GpuReference::load(gpu)?;
    let mut rng = Rng::new(2024);
    let (bm, bn, bk) = (s.params.bm(), s.params.bn(), s.params.bk());
    let mut ok = true;
    for &layout in layouts {
        let big = Problem::new(args.m, args.n, args.k, layout);
        ok &= check_one(
            gpu, kernels, &reference, s, &big, &mut rng, false, 1.0, 0.0, None,
        )?;
        let shapes = [
            (1536, 2560, 3072),
            (3 * bm + 5, 2 * bn - 3, bk),
            (bm - 1, bn + 1, 2 * bk),
            (2 * bm + 1, 3 * bn + 7, 5 * bk + 3),
            (1, 1, 1),
            (33, 65, 0),
        ];
        for (m, n, k) in shapes {
            let p = Problem::new(m, n, k, layout).padded_to(4);
            let beta = if k == 0 { 0.5 } else { 0.0 };
            ok &= check_one(
                gpu, kernels, &reference, s, &p, &mut rng, false, 1.0, beta, None,
            )?;
        }
        // unaligned leading dimensions: the 32-bit fallback
        let p = Problem::new(997, 1003, 1001, layout);
        ok &= check_one(
            gpu, kernels, &reference, s, &p, &mut rng, false, 1.0, 0.0, None,
        )?;
        // exact: small integers, every partial sum an integer below 2^24
        let p = Problem::new(777, 555, 1024, layout).padded_to(4);
        ok &= check_one(
            gpu, kernels, &reference, s, &p, &mut rng, true, 1.0, 0.0, None,
        )?;
        let p = Problem::new(640, 384, 200, layout).padded_to(4);
        ok &= check_one(
            gpu, kernels, &reference, s, &p, &mut rng, false, -1.5, 0.75, None,
        )?;
        if s.tail_split {
            // more tiles than the device holds at once, ragged M, N and K: whole
            // tiles and split ones in one launch, forced slice counts
            let (m, n) = (12 * bm + 5, 12 * bn - 3);
            for (k, splits, ints, alpha, beta) in [
                (40 * bk + 3, 3, false, 1.0, 0.0),
                (40 * bk + 3, 2, false, -1.5, 0.75),
                (1024, 4, true, 1.0, 0.0),
                (1024, 7, false, 1.0, 0.0),
            ] {
                let p = Problem::new(m, n, k, layout).padded_to(4);
                let sp = Some(SplitPolicy::Splits(splits));
                ok &= check_one(
                    gpu, kernels, &reference, s, &p, &mut rng, ints, alpha, beta, sp,
                )?;
            }
        }
    }
    Ok(ok)
}

/// The timed problem of one layout: enough copies of A and B to exceed three
/// times the L2, and C; made once per layout and shared by every configuration.
struct TimingInputs<'g> {
    problem: Problem,
    sets: Vec<(DeviceBuffer<'g, f32>, DeviceBuffer<'g, f32>)>,
    c: DeviceBuffer<'g, f32>,
}

impl<'g> TimingInputs<'g> {
    fn new(gpu: &'g Gpu, args: &Args, layout: GemmLayout) -> Result<TimingInputs<'g>> {
        let p = Problem::new(args.m, args.n, args.k, layout);
        let mut rng = Rng::new(99);
        let a = rng.uniform_vec(p.a_len());
        let b = rng.uniform_vec(p.b_len());
        let l2 = gpu.l2_bytes()?;
        let set_bytes = 4 * (p.a_len() + p.b_len());
        let count = (3 * l2 / set_bytes.max(1) + 1).max(2);
        let mut sets = Vec::with_capacity(count);
        for _ in 0..count {
            sets.push((gpu.upload(&a)?, gpu.upload(&b)?));
        }
        let c = gpu.alloc_zeroed::<f32>(p.c_len())?;
        Ok(TimingInputs {
            problem: p,
            sets,
            c,
        })
    }
}

fn time_one<'g>(
    kernels: &mut Kernels<'g>,
    args: &Args,
    s: &Shipped,
    inputs: &mut TimingInputs<'g>,
) -> Result<()> {
    let p = inputs.problem;
    let k = kernels.get(s, p.layout)?;
    let sets = inputs.sets.len();
    let pairs: Vec<_> = inputs.sets.iter().map(|(a, b)| (a, b)).collect();
    let split = split_text(k.schedule(&p)?);
    // a forced policy is part of the name, so the rounds of each keep apart
    let name = match args.splits {
        SplitPolicy::Off if s.tail_split => format!("{}@off", s.name),
        SplitPolicy::Splits(n) if s.tail_split => format!("{}@s{n}", s.name),
        _ => s.name.to_string(),
    };
    let mut ms = k.time(&p, &pairs, &mut inputs.c, 1.0, 0.0, args.warmup, args.iters)?;
    ms.sort_by(|x, y| x.total_cmp(y));
    let median = ms[ms.len() / 2] as f64;
    let p90 = ms[(ms.len() * 9 / 10).min(ms.len() - 1)] as f64;
    let tflops = p.flops() / (median * 1e-3) / 1e12;
    println!(
        "RESULT impl=cute config={} layout={} m={} n={} k={} median_ms={:.4} min_ms={:.4} p90_ms={:.4} tflops={:.2} sets={} iters={} split={}",
        name, p.layout, p.m, p.n, p.k, median, ms[0], p90, tflops, sets, args.iters, split
    );
    Ok(())
}

/// `none`, or `whole+tail*splits/k_tiles`.
fn split_text(s: Option<cute_gpu::gemm::TailSplit>) -> String {
    match s {
        None => "none".into(),
        Some(s) => format!("{}+{}*{}/{}", s.whole, s.tail, s.splits, s.k_tiles),
    }
}

/// Out-of-bounds launches on the GPU: each must come back as an error before
/// the kernel runs, and C must be left as it was.
fn refusals(gpu: &Gpu) -> Result<bool> {
    let layout: GemmLayout = "nn".parse().map_err(cute_gpu::cuda::GpuError::Problem)?;
    let p = Problem::new(256, 256, 256, layout);
    let k = GpuGemm::load(gpu, best(layout).kernel(layout))?;
    let a = gpu.upload(&vec![1.0f32; p.a_len()])?;
    let b_short = gpu.upload(&vec![1.0f32; p.b_len() - 1])?;
    let b = gpu.upload(&vec![1.0f32; p.b_len()])?;
    let mut c = gpu.upload(&vec![7.0f32; p.c_len()])?;
    let mut c_short = gpu.upload(&vec![7.0f32; p.c_len() - p.ldc])?;
    let mut ok = true;
    let mut expect_refusal = |what: &str, r: Result<()>| match r {
        Err(e) => println!("REFUSED {what}: {e}"),
        Ok(()) => {
            println!("ACCEPTED {what} (wrong)");
            ok = false;
        }
    };
    expect_refusal(
        "B one element short",
        k.launch(&p, &a, &b_short, &mut c, 1.0, 0.0),
    );
    expect_refusal(
        "C one column short",
        k.launch(&p, &a, &b, &mut c_short, 1.0, 0.0),
    );
    let untouched = gpu.download(&c)?.iter().all(|&v| v == 7.0);
    println!("C untouched after the refusals: {untouched}");
    k.launch(&p, &a, &b, &mut c, 1.0, 0.0)?;
    let right = gpu.download(&c)?.iter().all(|&v| v == 256.0);
    println!("valid launch after the refusals: C = 256 everywhere: {right}");
    Ok(ok && untouched && right)
}

fn run(args: &Args) -> Result<bool> {
    let gpu = Gpu::new()?;
    println!(
        "device: {} ({} SMs, L2 {} MiB)",
        gpu.name()?,
        gpu.sm_count()?,
        gpu.l2_bytes()? >> 20
    );
    if args.refusals {
        return refusals(&gpu);
    }
    let mut kernels = Kernels {
        gpu: &gpu,
        cubin_dir: args.cubin_dir.clone(),
        loaded: HashMap::new(),
        splits: args.splits,
    };
    let all_layouts = GemmLayout::ALL.to_vec();
    let layouts = if args.layouts.is_empty() {
        vec!["nt".parse().expect("a layout")]
    } else {
        args.layouts.clone()
    };
    let mut ok = true;
    if args.check {
        let check_layouts = if args.layouts.is_empty() {
            &all_layouts
        } else {
            &layouts
        };
        for s in &args.configs {
            let ls: Vec<GemmLayout> = check_layouts
                .iter()
                .copied()
                .filter(|l| s.layouts.contains(l))
                .collect();
            ok &= check_suite(&gpu, &mut kernels, args, s, &ls)?;
        }
        if args.best {
            for &l in check_layouts {
                ok &= check_suite(&gpu, &mut kernels, args, &best(l), &[l])?;
            }
        }
        println!(
            "CHECK SUMMARY: {}",
            if ok { "all passed" } else { "FAILURES" }
        );
    }
    if args.time {
        for &layout in &layouts {
            let chosen = args.best.then(|| best(layout));
            let configs = args.configs.iter().chain(chosen.iter());
            let mut inputs = TimingInputs::new(&gpu, args, layout)?;
            for s in configs.filter(|s| s.layouts.contains(&layout)) {
                time_one(&mut kernels, args, s, &mut inputs)?;
            }
        }
    }
    Ok(ok)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n{HELP}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
