//! The test and timing harness of the `transpose` example (not part of the
//! kernel): its command line, inputs, the host reference, the CPU-simulator
//! check and the timing protocol.
//!
//! ```text
//! transpose --simulate [--dtype f32|bf16]   # the kernel in cute-gpu's CPU simulator
//! transpose --ptx [--dtype f32|bf16]        # print its PTX
//! transpose [--dtype f32|bf16] [--sizes 4096,8192|MxN,...] [--iters 50] [--warmup 10]
//! ```
//! A GPU run first shows a launch refused (`y` one element short), then checks
//! each size bit for bit against the host transpose and times it: `--warmup`
//! launches, then `--iters` launches each between two events; median → GB/s
//! counting each element read once and written once. Without a GPU driver the
//! program says so and exits with status 1.
use cute_gpu::cuda::{DeviceBuffer, DeviceElement, Gpu, GpuError, TileArg, TileModule};
use cute_gpu::sim::{Arg, Grid, Simulator};
use cute_gpu::tile::{Bf16, Element, TileError, TileProgram};
use std::process::ExitCode;

#[path = "cli.rs"]
mod cli;

/// What the example provides per element type: the kernel (parameters `x, y,
/// m, n`) and its grid for an `m × n` input.
pub trait Transpose: Element + DeviceElement {
    fn program() -> Result<TileProgram, TileError>;
    fn grid(m: usize, n: usize) -> [u64; 3];
}

fn sample<E: Element>(len: usize) -> Vec<E> {
    // normal numbers of varied bits (f32: exponents 2⁻³¹..2⁰; bf16 alike), no NaN
    let bits = |i: usize| (i as u32).wrapping_mul(2654435761) >> (32 - 8 * E::BYTES + 4);
    let exponent = 0x3 << (8 * E::BYTES - 4);
    (0..len).map(|i| E::from_bits(bits(i) | exponent)).collect()
}

fn host_transpose<E: Copy>(m: usize, n: usize, x: &[E]) -> Vec<E> {
    (0..m * n).map(|i| x[(i % m) * n + i / m]).collect()
}

/// The kernel in the CPU simulator on ragged shapes, compared bit for bit.
fn simulate<E: Transpose>() -> Result<bool, String> {
    let p = E::program().map_err(|e| e.to_string())?;
    let mut ok = true;
    for (m, n) in [(1, 1), (33, 65), (70, 31), (96, 40), (130, 66)] {
        let (x, mut sim) = (sample::<E>(m * n), Simulator::new());
        let (dx, dy) = (sim.upload(&x), sim.upload(&vec![E::from_bits(!0); m * n]));
        let [gx, gy, _] = E::grid(m, n).map(|g| g as u32);
        let args = [dx.into(), dy.into(), Arg::U32(m as u32), Arg::U32(n as u32)];
        let run = sim.launch(p.kernel(), Grid::new((gx, gy), 256), &args);
        let pass = run.is_ok() && sim.download::<E>(dy, m * n) == host_transpose(m, n, &x);
        println!("simulate {} {m}x{n}: {}", E::NAME, cli::verdict(pass));
        ok &= pass;
    }
    Ok(ok)
}

/// The launch arguments, in the kernel's parameter order.
fn args<'a, E: Transpose>(
    x: &'a DeviceBuffer<E>,
    y: &'a mut DeviceBuffer<E>,
    m: usize,
    n: usize,
) -> [TileArg<'a>; 4] {
    let (m, n) = (TileArg::scalar(m as u32), TileArg::scalar(n as u32));
    [TileArg::input(x), TileArg::output(y), m, n]
}

/// A refused launch (`y` one element short), then each size checked and timed.
fn run<E: Transpose>(
    sizes: &[(usize, usize)],
    iters: usize,
    warmup: usize,
) -> Result<bool, GpuError> {
    let gpu = Gpu::new()?;
    println!("device: {}", gpu.name()?);
    let module = TileModule::load(&gpu, E::program()?)?;
    let (x, mut short) = (
        gpu.upload(&sample::<E>(64 * 64))?,
        gpu.alloc_zeroed(64 * 64 - 1)?,
    );
    let refused = module.launch(E::grid(64, 64), &args(&x, &mut short, 64, 64));
    println!("REFUSED (expected) y one element short: {refused:?}");
    let mut ok = refused.is_err();
    for &(m, n) in sizes {
        let x = sample::<E>(m * n);
        let (dx, mut dy) = (gpu.upload(&x)?, gpu.alloc_zeroed::<E>(m * n)?);
        dy.fill_bytes(0xFF)?;
        let mut ms = module.time(E::grid(m, n), &args(&dx, &mut dy, m, n), warmup, iters)?;
        let pass = gpu.download(&dy)? == host_transpose(m, n, &x);
        ok &= pass;
        let bytes = 2.0 * (m * n * E::BYTES as usize) as f64;
        cli::report("transpose", E::NAME, (m, n), pass, &mut ms, bytes);
    }
    Ok(ok)
}

const HELP: &str = "usage: transpose [--simulate | --ptx] [--dtype f32|bf16] [--sizes 4096,8192|MxN,...] [--iters 50] [--warmup 10]";

/// `--ptx`, `--simulate` or the timed run, for element type `E`.
fn go<E: Transpose>(c: &cli::Cli) -> Result<bool, String> {
    match (c.ptx, c.simulate) {
        (true, _) => E::program()
            .map(|p| println!("{}", p.ptx()))
            .map(|()| true)
            .map_err(|e| e.to_string()),
        (_, true) => simulate::<E>(),
        _ => run::<E>(&c.sizes, c.iters, c.warmup).map_err(|e| e.to_string()),
    }
}

/// The program: parses the command line and runs it for `--dtype`.
pub fn main() -> ExitCode
where
    f32: Transpose,
    Bf16: Transpose,
{
    cli::main(HELP, |c| match c.dtype.as_str() {
        "f32" => go::<f32>(c),
        "bf16" => go::<Bf16>(c),
        other => Err(format!("unknown --dtype `{other}` (f32 or bf16)")),
    })
}
