//! The test and timing harness of the `softmax` example (not part of the kernel):
//! its command line, inputs, the fp64 host reference and the timing protocol.
//!
//! ```text
//! softmax [--dtype f32|bf16] [--sizes 4096,8192|RxC,...] [--iters 50] [--warmup 10]
//! ```
//! Each run first shows a launch refused (y one element short), then checks ragged
//! shapes (odd column counts, rows up to 32768 columns) and the timed sizes against
//! an fp64 host reference (max relative error; y is poisoned with NaN first, so an
//! element not written fails). Timing: `--warmup` launches, then `--iters` launches
//! each between two events; median → GB/s counting each element read once and
//! written once. `--ptx` prints the kernels of `--sizes` and runs nothing. Without a GPU driver the program says so and exits with status 1.
use cute_gpu::cuda::{DeviceBuffer, DeviceElement, Event, Gpu, Pending, Result};
use cute_gpu::hopper::numeric::{bf16_to_f32, f32_to_bf16};
use cute_gpu::tile::{Bf16, Element};
use std::process::ExitCode;

#[path = "cli.rs"]
mod cli;
pub use cli::Cli;

/// An element type the example runs in, with its host conversions.
pub trait Elem: Element + DeviceElement {
    /// Largest accepted relative error against the fp64 reference.
    const TOL: f64;
    /// The nearest element to `v`.
    fn from_f32(v: f32) -> Self;
    /// The element's value.
    fn to_f32(self) -> f32;
}

impl Elem for f32 {
    // ex2.approx (2 ulp) and the roundings of the sum and the scaling
    const TOL: f64 = 2e-6;
    fn from_f32(v: f32) -> f32 {
        v
    }
    fn to_f32(self) -> f32 {
        self
    }
}

impl Elem for Bf16 {
    // bf16's unit roundoff 2^-8 = 3.9e-3, plus the fp32 math
    const TOL: f64 = 4e-3;
    fn from_f32(v: f32) -> Bf16 {
        Bf16(f32_to_bf16(v))
    }
    fn to_f32(self) -> f32 {
        bf16_to_f32(self.0)
    }
}

/// The kernel under test, loaded for one column count: `y = softmax(x)` by rows
/// of a `rows × cols` row-major matrix.
pub trait RowSoftmax<'g, T: Elem>: Sized {
    /// Generates and loads the kernel for rows of `cols` elements.
    fn load(gpu: &'g Gpu, cols: usize) -> Result<Self>;
    /// Checks, then enqueues one launch; the guard holds the borrows.
    fn launch<'a>(
        &'a self,
        rows: usize,
        cols: usize,
        x: &'a DeviceBuffer<'g, T>,
        y: &'a mut DeviceBuffer<'g, T>,
    ) -> Result<Pending<'a>>;
}

fn inputs(n: usize, seed: u64) -> Vec<f32> {
    // values in about [−8, 8): a spread that makes the maximum matter
    let mut state = 0x2545F4914F6CDD1Du64 ^ seed.wrapping_mul(0x9E3779B97F4A7C15);
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 24) as f32 * 16.0 - 8.0
        })
        .collect()
}

/// Largest `|y − ŷ| / ŷ` over rows sampled every `step` rows, `ŷ` in fp64 (NaN: ∞).
fn max_rel_error(cols: usize, x: &[f32], y: &[f32], step: usize) -> f64 {
    let mut worst = 0.0f64;
    for (r, row) in x.chunks(cols).enumerate().step_by(step.max(1)) {
        let m = row.iter().fold(f64::MIN, |a, &v| a.max(v as f64));
        let sum: f64 = row.iter().map(|&v| (v as f64 - m).exp()).sum();
        for (c, &v) in row.iter().enumerate() {
            let want = (v as f64 - m).exp() / sum;
            let err = (y[r * cols + c] as f64 - want).abs() / want;
            worst = worst.max(if err.is_nan() { f64::INFINITY } else { err });
        }
    }
    worst
}

/// Checks one shape against the reference and, when `timed`, times it.
fn case<'g, T: Elem, K: RowSoftmax<'g, T>>(
    gpu: &'g Gpu,
    o: &Cli,
    (rows, cols): (usize, usize),
    timed: bool,
) -> Result<bool> {
    let k = K::load(gpu, cols)?;
    let xh: Vec<T> = inputs(rows * cols, (rows * 131 + cols) as u64)
        .into_iter()
        .map(T::from_f32)
        .collect();
    let (x, mut y) = (gpu.upload(&xh)?, gpu.alloc_zeroed::<T>(xh.len())?);
    y.fill_bytes(0xFF)?;
    k.launch(rows, cols, &x, &mut y)?.wait()?;
    let yh: Vec<f32> = gpu.download(&y)?.into_iter().map(T::to_f32).collect();
    let xf: Vec<f32> = xh.iter().map(|v| v.to_f32()).collect();
    let err = max_rel_error(cols, &xf, &yh, if rows * cols > 1 << 22 { 97 } else { 1 });
    let (pass, name) = (err <= T::TOL, T::NAME);
    println!(
        "CHECK softmax {name} {rows}x{cols} max_rel_err={err:.2e} {}",
        cli::verdict(pass)
    );
    if timed {
        for _ in 0..o.warmup {
            k.launch(rows, cols, &x, &mut y)?.wait()?;
        }
        let (start, stop) = (Event::new(gpu)?, Event::new(gpu)?);
        let mut ms = Vec::with_capacity(o.iters);
        for _ in 0..o.iters {
            start.record()?;
            let pending = k.launch(rows, cols, &x, &mut y)?;
            stop.record()?;
            pending.wait()?;
            ms.push(stop.elapsed_ms(&start)?);
        }
        let bytes = 2.0 * size_of::<T>() as f64 * (rows * cols) as f64;
        cli::report("softmax", name, (rows, cols), pass, &mut ms, bytes);
    }
    Ok(pass)
}

/// The refusal, the ragged checks and the timed sizes, in element type `T`.
pub fn run<'g, T: Elem, K: RowSoftmax<'g, T>>(gpu: &'g Gpu, o: &Cli) -> Result<bool> {
    println!("device: {}", gpu.name()?);
    let k = K::load(gpu, 64)?;
    let x = gpu.alloc_zeroed::<T>(64 * 64)?;
    let mut short = gpu.alloc_zeroed::<T>(64 * 64 - 1)?;
    let mut ok = match k.launch(64, 64, &x, &mut short) {
        Err(e) => {
            println!("REFUSED y one element short: {e}");
            true
        }
        Ok(p) => {
            p.wait()?;
            println!("ACCEPTED y one element short (wrong)");
            false
        }
    };
    let ragged = [
        (1, 1),
        (3, 31),
        (9, 33),
        (17, 1000),
        (100, 4097),
        (37, 4098),
        (5, 16383),
        (300, 16384),
        (3, 32767),
        (3, 32768),
    ];
    for &shape in &ragged {
        ok &= case::<T, K>(gpu, o, shape, false)?;
    }
    for &shape in &o.sizes {
        ok &= case::<T, K>(gpu, o, shape, true)?;
    }
    Ok(ok)
}

const HELP: &str = "usage: softmax [--dtype f32|bf16] [--sizes 4096,8192|RxC,...] [--iters 50] [--warmup 10] [--ptx]";

/// Parses the command line (`common/cli.rs`); with `--ptx` prints `ptx(dtype,
/// cols)` for each size, else opens the GPU and calls `go`. Exit status 0 when
/// every check passed, 1 on a failure or an error (printed), 2 on a bad argument.
pub fn main(
    ptx: impl Fn(&str, usize) -> Result<String>,
    go: impl FnOnce(&Gpu, &Cli) -> Result<bool>,
) -> ExitCode {
    cli::main(HELP, |c| {
        if !matches!(c.dtype.as_str(), "f32" | "bf16") {
            return Err(format!("--dtype is f32 or bf16, not `{}`", c.dtype));
        }
        if c.simulate {
            return Err(
                "the simulator does not run shuffles and ex2: softmax runs on a GPU".into(),
            );
        }
        if c.ptx {
            for &(_, cols) in &c.sizes {
                print!("{}", ptx(&c.dtype, cols).map_err(|e| e.to_string())?);
            }
            return Ok(true);
        }
        let gpu = Gpu::new().map_err(|e| e.to_string())?;
        go(&gpu, c).map_err(|e| e.to_string())
    })
}
