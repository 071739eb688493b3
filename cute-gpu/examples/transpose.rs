//! A user-written kernel on the tile API: out-of-place transpose `y = xᵀ` of a
//! row-major `m × n` matrix, fp32 or bf16, any `m × n`.
//!
//! `y` is `n × m` row-major, i.e. the `m × n` tensor with strides `(1, m)`. A
//! block copies a tile of `x` (read along `n`) into shared memory and the tile
//! back out into `y` (written along `m`). The thread–value layouts give each
//! thread runs of 16 bytes on the global side (4 fp32, 8 bf16), so both global
//! accesses are 16-byte vectors (`ld.global.nc.v4`, `st.global.v4`; lane by lane
//! at ragged edges). When `m` or `n` is not a multiple of the run, no vector is
//! aligned and `copy_with` takes layouts of single coalesced elements instead.
//! The shared rows are padded (33 words for fp32, 66 halves for bf16) so that
//! the strided side spreads over the banks. The tile layer predicates the edges
//! and checks the launch.
//!
//! ```text
//! transpose --simulate [--dtype f32|bf16]   # the kernel in cute-gpu's CPU simulator
//! transpose --ptx [--dtype f32|bf16]        # print its PTX
//! transpose [--dtype f32|bf16] [--sizes 4096,8192|MxN,...] [--iters 50] [--warmup 10]
//! ```
//! Timing: `--warmup` launches, then `--iters` launches each between two events;
//! median → GB/s counting each element read once and written once. Without a
//! GPU driver the program says so and exits with status 1.
#[path = "common/cli.rs"]
mod cli;
use cute_gpu::cuda::{DeviceBuffer, DeviceElement, Gpu, GpuError, TileArg, TileModule};
use cute_gpu::sim::{Arg, Grid, Simulator};
use cute_gpu::tile::{Bf16, Element, ThreadValues, TileError, TileKernel, TileProgram};
use cute_types::_1;
use std::process::ExitCode;

/// Per element type: tile side `T`, the shared layout of a `T × T` tile (rows
/// padded), and thread–value layouts `(thread, value) → m + T·n` for 256
/// threads: runs of 16 bytes along `n` (reads) and `m` (writes), and, for
/// leading dimensions that are not multiples of 4, consecutive threads along
/// `n` and `m` (single elements, coalesced).
trait Dtype: Element + DeviceElement {
    const CFG: Cfg;
}
type Cfg = (u32, &'static str, [&'static str; 4]);
impl Dtype for f32 {
    const CFG: Cfg = (
        32,
        "(32,32):(33,1)",
        [
            "((8,32),4):((128,1),32)",
            "((8,32),4):((4,32),1)",
            "((32,8),4):((32,1),8)",
            "((32,8),4):((1,32),256)",
        ],
    );
}
impl Dtype for Bf16 {
    const CFG: Cfg = (
        64,
        "(64,64):(66,1)",
        [
            "((8,32),(8,2)):((512,1),(64,32))",
            "((8,32),(8,2)):((8,64),(1,2048))",
            "((64,4),16):((64,1),4)",
            "((64,4),16):((1,64),256)",
        ],
    );
}

/// `y = xᵀ`: parameters `x, y, m, n`; grid `(⌈n/T⌉, ⌈m/T⌉)`.
fn kernel<E: Dtype>() -> Result<TileProgram, TileError> {
    let (t, smem, [vec_n, vec_m, one_n, one_m]) = E::CFG;
    let mut k = TileKernel::new("transpose", 256)?;
    let (x, y) = (k.input::<E>("x")?, k.output::<E>("y")?);
    let (m, n) = (k.scalar("m")?, k.scalar("n")?);
    let gx = k.global(&x, &[m.into(), n.into()], &[n.into(), _1.into()])?;
    let gy = k.global(&y, &[m.into(), n.into()], &[_1.into(), m.into()])?;
    let (bx, by) = k.block_index()?;
    let (tx, ty) = (gx.tile(&[t, t], &[by, bx])?, gy.tile(&[t, t], &[by, bx])?);
    let (s, tv) = (k.shared::<E>(smem)?, |l| ThreadValues::new(l, &[t, t]));
    k.copy_with(&tx, &s, &tv(vec_n)?, &tv(one_n)?)?;
    k.sync()?;
    k.copy_with(&s, &ty, &tv(vec_m)?, &tv(one_m)?)?;
    k.finish()
}

fn sample<E: Dtype>(len: usize) -> Vec<E> {
    // normal numbers of varied bits (f32: exponents 2⁻³¹..2⁰; bf16 alike), no NaN
    let bits = |i: usize| (i as u32).wrapping_mul(2654435761) >> (32 - 8 * E::BYTES + 4);
    let exponent = 0x3 << (8 * E::BYTES - 4);
    (0..len).map(|i| E::from_bits(bits(i) | exponent)).collect()
}

fn host_transpose<E: Copy>(m: usize, n: usize, x: &[E]) -> Vec<E> {
    (0..m * n).map(|i| x[(i % m) * n + i / m]).collect()
}

fn grid<E: Dtype>(m: usize, n: usize) -> [u64; 3] {
    let t = E::CFG.0 as usize;
    [n.div_ceil(t) as u64, m.div_ceil(t) as u64, 1]
}

/// The kernel in the CPU simulator on ragged shapes, compared bit for bit.
fn simulate<E: Dtype>() -> Result<bool, String> {
    let p = kernel::<E>().map_err(|e| e.to_string())?;
    let mut ok = true;
    for (m, n) in [(1, 1), (33, 65), (70, 31), (96, 40), (130, 66)] {
        let (x, mut sim) = (sample::<E>(m * n), Simulator::new());
        let (dx, dy) = (sim.upload(&x), sim.upload(&vec![E::from_bits(!0); m * n]));
        let [gx, gy, _] = grid::<E>(m, n).map(|g| g as u32);
        let args = [dx.into(), dy.into(), Arg::U32(m as u32), Arg::U32(n as u32)];
        let run = sim.launch(p.kernel(), Grid::new((gx, gy), 256), &args);
        let pass = run.is_ok() && sim.download::<E>(dy, m * n) == host_transpose(m, n, &x);
        println!("simulate {} {m}x{n}: {}", E::NAME, cli::verdict(pass));
        ok &= pass;
    }
    Ok(ok)
}

type Buf<'g, E> = DeviceBuffer<'g, E>;

fn args<'a, E: Dtype>(x: &'a Buf<E>, y: &'a mut Buf<E>, m: usize, n: usize) -> [TileArg<'a>; 4] {
    let (m, n) = (TileArg::scalar(m as u32), TileArg::scalar(n as u32));
    [TileArg::input(x), TileArg::output(y), m, n]
}

/// A refused launch (`y` one element short), then each size checked and timed.
fn run<E: Dtype>(sizes: &[(usize, usize)], iters: usize, warmup: usize) -> Result<bool, GpuError> {
    let gpu = Gpu::new()?;
    println!("device: {}", gpu.name()?);
    let module = TileModule::load(&gpu, kernel::<E>()?)?;
    let (x, mut short) = (
        gpu.upload(&sample::<E>(64 * 64))?,
        gpu.alloc_zeroed(64 * 64 - 1)?,
    );
    let refused = module.launch(grid::<E>(64, 64), &args(&x, &mut short, 64, 64));
    println!("REFUSED (expected) y one element short: {refused:?}");
    let mut ok = refused.is_err();
    for &(m, n) in sizes {
        let x = sample::<E>(m * n);
        let (dx, mut dy) = (gpu.upload(&x)?, gpu.alloc_zeroed::<E>(m * n)?);
        dy.fill_bytes(0xFF)?;
        let mut ms = module.time(grid::<E>(m, n), &args(&dx, &mut dy, m, n), warmup, iters)?;
        let pass = gpu.download(&dy)? == host_transpose(m, n, &x);
        ok &= pass;
        let bytes = 2.0 * (m * n * E::BYTES as usize) as f64;
        cli::report("transpose", E::NAME, (m, n), pass, &mut ms, bytes);
    }
    Ok(ok)
}

const HELP: &str = "usage: transpose [--simulate | --ptx] [--dtype f32|bf16] [--sizes 4096,8192|MxN,...] [--iters 50] [--warmup 10]";

/// `--ptx`, `--simulate` or the timed run, for element type `E`.
fn go<E: Dtype>(c: &cli::Cli) -> Result<bool, String> {
    match (c.ptx, c.simulate) {
        (true, _) => kernel::<E>()
            .map(|p| println!("{}", p.ptx()))
            .map(|()| true)
            .map_err(|e| e.to_string()),
        (_, true) => simulate::<E>(),
        _ => run::<E>(&c.sizes, c.iters, c.warmup).map_err(|e| e.to_string()),
    }
}

fn main() -> ExitCode {
    cli::main(HELP, |c| match c.dtype.as_str() {
        "f32" => go::<f32>(c),
        "bf16" => go::<Bf16>(c),
        other => Err(format!("unknown --dtype `{other}` (f32 or bf16)")),
    })
}
