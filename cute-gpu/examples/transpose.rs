//! A user-written kernel on the tile API: out-of-place transpose `y = xᵀ` of a
//! row-major `m × n` matrix, fp32 or bf16, any `m × n`.
//!
//! `y` is an `n × m` row-major matrix, i.e. the `m × n` tensor with strides
//! `(1, m)`: the kernel copies a tile of `x` (read along `n`) into shared
//! memory and the tile back out into `y` (written along `m`). The thread–value
//! layouts give each thread 4 consecutive elements on the global side, so both
//! global accesses are 4-wide vectors (`ld.global.nc.v4`, `st.global.v4`);
//! the shared rows are padded (33 words for fp32, 66 halves for bf16) so that
//! the strided side does not serialise on banks. Edges are predicated by the
//! tile layer; the launch is checked by it.
//!
//! ```text
//! transpose --simulate [--dtype f32|bf16]   # the kernel in cute-gpu's CPU simulator
//! transpose --ptx [--dtype f32|bf16]        # print the kernel's PTX
//! transpose [--dtype f32|bf16] [--sizes 4096,8192|MxN,...] [--iters 50] [--warmup 10]
//! ```
//! Timing: `--warmup` launches, then `--iters` launches each between two events;
//! median → GB/s counting each element read once and written once. Without a
//! GPU driver the program says so and exits with status 1.
use cute_gpu::cuda::{DeviceElement, Event, Gpu, Result, TileArg, TileModule};
use cute_gpu::ptx::Special;
use cute_gpu::sim::{Arg, Grid, Simulator};
use cute_gpu::tile::{Bf16, Element, ThreadValues, TileError, TileKernel, TileProgram};
use cute_types::_1;
use std::process::ExitCode;

/// A tile configuration per element type (256 threads, 4 values per access).
trait Dtype: Element + DeviceElement {
    const TILE: u32;
    const SMEM: &'static str; // tile (m, n) → shared offset, rows padded
    const ALONG_N: &'static str; // (thread, value) → tile index, 4 consecutive n
    const ALONG_M: &'static str; // (thread, value) → tile index, 4 consecutive m
    fn to_bits(self) -> u32;
    fn sample(h: u32) -> Self;
}
impl Dtype for f32 {
    const TILE: u32 = 32;
    const SMEM: &'static str = "(32,32):(33,1)";
    const ALONG_N: &'static str = "((8,32),4):((128,1),32)";
    const ALONG_M: &'static str = "((8,32),4):((4,32),1)";
    fn sample(h: u32) -> f32 {
        f32::from_bits(0x3000_0000 | (h >> 4)) // normal numbers, no NaN
    }
    fn to_bits(self) -> u32 {
        f32::to_bits(self)
    }
}
impl Dtype for Bf16 {
    const TILE: u32 = 64;
    const SMEM: &'static str = "(64,64):(66,1)";
    const ALONG_N: &'static str = "((16,16),(4,4)):((256,1),(64,16))";
    const ALONG_M: &'static str = "((16,16),(4,4)):((4,64),(1,1024))";
    fn sample(h: u32) -> Bf16 {
        Bf16((0x3000 | (h >> 20)) as u16)
    }
    fn to_bits(self) -> u32 {
        self.0 as u32
    }
}

/// `y = xᵀ`: parameters `x, y, m, n`; grid `(⌈n/T⌉, ⌈m/T⌉)`.
fn kernel<E: Dtype>() -> std::result::Result<TileProgram, TileError> {
    let t = E::TILE;
    let mut k = TileKernel::new("transpose", 256)?;
    let (x, y) = (k.input::<E>("x")?, k.output::<E>("y")?);
    let (m, n) = (k.scalar("m")?, k.scalar("n")?);
    let gx = k.global(&x, &[m.into(), n.into()], &[n.into(), _1.into()])?;
    let gy = k.global(&y, &[m.into(), n.into()], &[_1.into(), m.into()])?;
    let (bx, by) = (
        k.builder().special(Special::CtaidX),
        k.builder().special(Special::CtaidY),
    );
    let smem = k.shared::<E>(E::SMEM)?;
    k.copy(
        &gx.tile(&[t, t], &[by, bx])?,
        &smem,
        &ThreadValues::new(E::ALONG_N, &[t, t])?,
    )?;
    k.sync()?;
    k.copy(
        &smem,
        &gy.tile(&[t, t], &[by, bx])?,
        &ThreadValues::new(E::ALONG_M, &[t, t])?,
    )?;
    k.finish()
}

fn sample<E: Dtype>(len: usize) -> Vec<E> {
    (0..len)
        .map(|i| E::sample((i as u32).wrapping_mul(2654435761)))
        .collect()
}

fn host_transpose<E: Copy>(m: usize, n: usize, x: &[E]) -> Vec<E> {
    (0..m * n).map(|i| x[(i % m) * n + i / m]).collect()
}

fn grid<E: Dtype>(m: usize, n: usize) -> [u64; 3] {
    [
        n.div_ceil(E::TILE as usize) as u64,
        m.div_ceil(E::TILE as usize) as u64,
        1,
    ]
}

/// The kernel in the CPU simulator on ragged shapes, compared bit for bit.
fn simulate<E: Dtype>() -> std::result::Result<bool, String> {
    let p = kernel::<E>().map_err(|e| e.to_string())?;
    let mut ok = true;
    for (m, n) in [(1, 1), (33, 65), (70, 31), (96, 40), (130, 66)] {
        let x: Vec<E> = sample(m * n);
        let le = |e: &E| {
            e.to_bits()
                .to_le_bytes()
                .into_iter()
                .take(E::BYTES as usize)
        };
        let bytes = |v: &[E]| v.iter().flat_map(le).collect::<Vec<u8>>();
        let mut sim = Simulator::new();
        let size = m * n * E::BYTES as usize;
        let (dx, dy) = (sim.alloc(size), sim.alloc(size));
        sim.write_bytes(dx, &bytes(&x));
        let g = grid::<E>(m, n);
        let args = [dx.into(), dy.into(), Arg::U32(m as u32), Arg::U32(n as u32)];
        sim.launch(
            p.kernel(),
            Grid::new((g[0] as u32, g[1] as u32), 256),
            &args,
        )
        .map_err(|e| e.to_string())?;
        let pass = sim.read_bytes(dy, size) == bytes(&host_transpose(m, n, &x));
        println!(
            "simulate {} {m}x{n}: {}",
            E::NAME,
            if pass { "PASS" } else { "FAIL" }
        );
        ok &= pass;
    }
    Ok(ok)
}

/// Checks, then times, each size; one refused launch first.
fn run<E: Dtype>(sizes: &[(usize, usize)], iters: usize, warmup: usize) -> Result<bool> {
    let gpu = Gpu::new()?;
    println!("device: {}", gpu.name()?);
    let module = TileModule::load(&gpu, kernel::<E>()?)?;
    let (small, mut short) = (
        gpu.upload(&sample::<E>(64 * 64))?,
        gpu.alloc_zeroed::<E>(64 * 64 - 1)?,
    );
    let args = [
        TileArg::input(&small),
        TileArg::output(&mut short),
        TileArg::scalar(64),
        TileArg::scalar(64),
    ];
    let refused = module.launch(grid::<E>(64, 64), &args);
    println!(
        "{} y one element short: {refused:?}",
        if refused.is_err() {
            "REFUSED"
        } else {
            "ACCEPTED"
        }
    );
    let mut ok = refused.is_err();
    for &(m, n) in sizes {
        let x = sample::<E>(m * n);
        let input = gpu.upload(&x)?;
        let mut out = gpu.alloc_zeroed::<E>(m * n)?;
        out.fill_bytes(0xFF)?;
        let args = [
            TileArg::input(&input),
            TileArg::output(&mut out),
            TileArg::scalar(m as u32),
            TileArg::scalar(n as u32),
        ];
        module.launch(grid::<E>(m, n), &args)?;
        for _ in 0..warmup {
            module.launch_async(grid::<E>(m, n), &args)?.wait()?;
        }
        let (start, stop) = (Event::new(&gpu)?, Event::new(&gpu)?);
        let mut ms = Vec::with_capacity(iters);
        for _ in 0..iters {
            start.record()?;
            let pending = module.launch_async(grid::<E>(m, n), &args)?;
            stop.record()?;
            pending.wait()?;
            ms.push(stop.elapsed_ms(&start)?);
        }
        drop(args);
        let pass = gpu.download(&out)? == host_transpose(m, n, &x);
        ok &= pass;
        ms.sort_by(f32::total_cmp);
        let med = ms[ms.len() / 2] as f64;
        let gbs = 2.0 * (m * n) as f64 * E::BYTES as f64 / (med * 1e-3) / 1e9;
        let check = if pass { "PASS" } else { "FAIL" };
        println!(
            "RESULT transpose {} {m}x{n} check={check} median_ms={med:.4} GB/s={gbs:.0}",
            E::NAME
        );
    }
    Ok(ok)
}

fn parse_sizes(s: &str) -> std::result::Result<Vec<(usize, usize)>, String> {
    let size = |t: &str| -> Option<(usize, usize)> {
        let v: Vec<usize> = t
            .split('x')
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        match v[..] {
            [n] => Some((n, n)),
            [m, n] => Some((m, n)),
            _ => None,
        }
    };
    s.split(',')
        .map(|t| size(t).ok_or(format!("bad size `{t}`")))
        .collect()
}

const HELP: &str = "usage: transpose [--simulate | --ptx] [--dtype f32|bf16] [--sizes 4096,8192|MxN,...] [--iters 50] [--warmup 10]";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let (mut sizes, mut iters, mut warmup, mut sim, mut dtype) =
        (vec![(4096, 4096)], 50, 10, false, "f32".to_string());
    let mut ptx = false;
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        let num = |v: String| v.parse::<usize>().map_err(|_| format!("bad {a}"));
        let parsed = match a.as_str() {
            "-h" | "--help" => {
                println!("{HELP}");
                return ExitCode::SUCCESS;
            }
            "--simulate" => Ok(sim = true),
            "--ptx" => Ok(ptx = true),
            "--dtype" => value().map(|v| dtype = v),
            "--sizes" => value().and_then(|v| parse_sizes(&v)).map(|s| sizes = s),
            "--iters" => value().and_then(num).map(|v| iters = v),
            "--warmup" => value().and_then(num).map(|v| warmup = v),
            other => Err(format!("unknown argument `{other}`")),
        };
        if let Err(e) = parsed {
            eprintln!("error: {e}\n{HELP}");
            return ExitCode::from(2);
        }
    }
    let print = |p: std::result::Result<TileProgram, TileError>| p.map(|p| println!("{}", p.ptx()));
    let result = match (dtype.as_str(), sim) {
        ("f32", _) if ptx => print(kernel::<f32>())
            .map(|_| true)
            .map_err(|e| e.to_string()),
        ("bf16", _) if ptx => print(kernel::<Bf16>())
            .map(|_| true)
            .map_err(|e| e.to_string()),
        (_, false) if iters == 0 => Err("--iters must be positive".to_string()),
        ("f32", true) => simulate::<f32>(),
        ("bf16", true) => simulate::<Bf16>(),
        ("f32", false) => run::<f32>(&sizes, iters, warmup).map_err(|e| e.to_string()),
        ("bf16", false) => run::<Bf16>(&sizes, iters, warmup).map_err(|e| e.to_string()),
        (other, _) => Err(format!("unknown --dtype `{other}` (f32 or bf16)")),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
