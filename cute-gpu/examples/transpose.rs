//! A user-written kernel: out-of-place fp32 transpose through a padded shared tile,
//! its addresses read off cute layouts, launched through a small safe wrapper.
//!
//! `out (cols × rows, row-major) = inᵀ`, `in` is `rows × cols` row-major.
//! A block moves one 32×32 tile with 256 threads (32 × 8, four rows each): it
//! reads rows of `in` (coalesced), stores them into the shared tile
//! `S = (32,32):(33,1)` (a row of 33 words: the transposed reads below hit 32
//! different banks), and writes rows of `out` (coalesced) from columns of `S`.
//! Thread `t`'s shared offsets are cute compositions: `S ∘ (32,8):(32,1)` writes
//! row `t/32`, column `t%32`; `S ∘ (32,8):(1,32)` reads row `t%32`, column
//! `t/32`; `layout_code::emit_eval` turns each into shifts and masks.
//!
//! ```text
//! transpose --simulate                  # the kernel in cute-gpu's CPU simulator (no GPU)
//! transpose [--sizes 4096,8192|RxC,...] [--iters 50] [--warmup 10]   # check, then time
//! ```
//! Timing: `--warmup` launches, then `--iters` launches each between two events;
//! median → GB/s counting each element read once and written once (`8·rows·cols`
//! bytes). Without a GPU driver the program says so and exits with status 1.
use cute_gpu::cuda::{arg, DeviceBuffer, Event, Gpu, GpuError, LaunchShape, Module, Result};
use cute_gpu::launch::{check_len, grid_dim, mul};
use cute_gpu::layout_code::emit_eval;
use cute_gpu::ptx::{
    kind::{Pred, F32, U32, U64},
    Address, BinOp, Bounds, Cmp, Kernel, KernelBuilder, Space, Special,
};
use cute_gpu::sim::{Arg, Grid, Simulator};
use cute_types::{algebra::composition, parse_layout, DLayout};
use std::process::ExitCode;

const TILE: u32 = 32;
const ROWS_PER_PASS: u32 = 8;
const THREADS: u32 = TILE * ROWS_PER_PASS;

fn layout(s: &str) -> DLayout {
    parse_layout(s).expect("a literal layout")
}

/// The shared tile and the two thread → offset layouts composed from it.
fn smem_layouts() -> (DLayout, DLayout, DLayout) {
    let tile = layout("(32,32):(33,1)");
    let write = composition(&tile, &layout("(32,8):(32,1)")).expect("composable");
    let read = composition(&tile, &layout("(32,8):(1,32)")).expect("composable");
    (tile, write, read)
}

/// The transpose kernel: parameters `in, out, rows, cols`; grid `(⌈cols/32⌉, ⌈rows/32⌉)`.
fn transpose_kernel() -> Kernel {
    let (tile, write, read) = smem_layouts();
    let mut b = KernelBuilder::new("transpose_f32");
    b.bounds(Bounds {
        max_ntid: Some(THREADS),
        ..Bounds::default()
    });
    let p_in = b.param::<U64>("in");
    let p_out = b.param::<U64>("out");
    let p_rows = b.param::<U32>("rows");
    let p_cols = b.param::<U32>("cols");
    let smem_bytes = 4 * cute_gpu::layout_code::all_offsets(&tile)
        .expect("offsets")
        .into_iter()
        .max()
        .unwrap_or(0) as u32
        + 4;
    let smem = b.shared_array("tile", 16, Some(smem_bytes));
    let (src, dst) = (b.ld_param(&p_in), b.ld_param(&p_out));
    let (rows, cols) = (b.ld_param(&p_rows), b.ld_param(&p_cols));
    let tid = b.special(Special::TidX);
    let bx = b.special(Special::CtaidX);
    let by = b.special(Special::CtaidY);
    let tx = b.bin(BinOp::And, tid, TILE - 1);
    let ty = b.shr(tid, TILE.trailing_zeros());
    let base = b.symbol_address(&smem);
    let w_off = emit_eval(&mut b, &write, tid);
    let w_bytes = b.shl(w_off, 2);
    let w_addr = b.add(base, w_bytes);
    let r_off = emit_eval(&mut b, &read, tid);
    let r_bytes = b.shl(r_off, 2);
    let r_addr = b.add(base, r_bytes);
    // rows i of the four passes: `S(8·pass, 0)` and `S(0, 8·pass)` as immediates
    let row_step = 4 * ROWS_PER_PASS as i64 * 33;
    let col_step = 4 * ROWS_PER_PASS as i64;
    let passes = TILE / ROWS_PER_PASS;
    // load: in[(by·32 + ty + 8j), (bx·32 + tx)]
    let col = b.mad_lo(bx, TILE, tx);
    let col_in = b.setp(Cmp::Lt, col, cols);
    let row0 = b.mad_lo(by, TILE, ty);
    for j in 0..passes {
        let row = b.add(row0, ROWS_PER_PASS * j);
        let row_in = b.setp(Cmp::Lt, row, rows);
        let ok: cute_gpu::ptx::Reg<Pred> = b.and_pred(row_in, col_in);
        let col64 = b.cvt_u64_u32(col);
        let idx = b.mad_wide(row, cols, col64);
        let off = b.shl(idx, 2);
        let at = b.add(src, off);
        let v = b.reg::<F32>();
        b.mov_to(v, 0.0f32);
        b.when(ok).ld(Space::Global, true, &[v], Address::at(at, 0));
        b.st::<F32>(
            Space::Shared,
            &[v.into()],
            Address::at(w_addr, row_step * j as i64),
        );
    }
    b.bar_sync();
    // store: out[(bx·32 + ty + 8j), (by·32 + tx)] = S(tx, ty + 8j)
    let ocol = b.mad_lo(by, TILE, tx);
    let ocol_in = b.setp(Cmp::Lt, ocol, rows);
    let orow0 = b.mad_lo(bx, TILE, ty);
    for j in 0..passes {
        let orow = b.add(orow0, ROWS_PER_PASS * j);
        let orow_in = b.setp(Cmp::Lt, orow, cols);
        let ok = b.and_pred(orow_in, ocol_in);
        let v = b.reg::<F32>();
        b.ld(
            Space::Shared,
            false,
            &[v],
            Address::at(r_addr, col_step * j as i64),
        );
        let ocol64 = b.cvt_u64_u32(ocol);
        let idx = b.mad_wide(orow, rows, ocol64);
        let off = b.shl(idx, 2);
        let at = b.add(dst, off);
        b.when(ok)
            .st::<F32>(Space::Global, &[v.into()], Address::at(at, 0));
    }
    b.ret();
    b.finish()
}

/// The launch of a `rows × cols` transpose, checked: sizes below 2³¹ (the
/// kernel's 32-bit indices), both buffers holding `rows·cols` elements, the grid
/// inside CUDA's limits. Returns the launch shape.
fn plan(rows: usize, cols: usize, len_in: usize, len_out: usize) -> Result<LaunchShape> {
    if rows > i32::MAX as usize || cols > i32::MAX as usize {
        return Err(GpuError::Overflow(
            "rows or cols past 2^31 (32-bit indices)",
        ));
    }
    let n = mul(rows, cols, "rows·cols")?;
    check_len("in", len_in, n)?;
    check_len("out", len_out, n)?;
    Ok(LaunchShape {
        grid: (
            grid_dim('x', cols.div_ceil(TILE as usize) as u64)?,
            grid_dim('y', rows.div_ceil(TILE as usize) as u64)?,
            1,
        ),
        threads: THREADS,
        smem: 0,
    })
}

/// The kernel loaded on a GPU, with a safe launch.
struct Transpose<'g> {
    module: Module<'g>,
}

impl<'g> Transpose<'g> {
    fn load(gpu: &'g Gpu) -> Result<Transpose<'g>> {
        let ptx = cute_gpu::module_ptx(vec![transpose_kernel()]);
        // SAFETY: this program's own kernel, launched only by `launch`, which
        // checks its buffers first.
        let module = unsafe { Module::load_ptx(gpu, &ptx)? };
        Ok(Transpose { module })
    }

    /// Issues `out = inᵀ` to the stream; the caller's borrows last until it is
    /// waited for (`launch` and `time` below wait before returning).
    fn enqueue(
        &self,
        rows: usize,
        cols: usize,
        input: &DeviceBuffer<'g, f32>,
        out: &mut DeviceBuffer<'g, f32>,
    ) -> Result<()> {
        let shape = plan(rows, cols, input.len(), out.len())?;
        if rows == 0 || cols == 0 {
            return Ok(());
        }
        if !std::ptr::eq(input.gpu(), self.module.gpu()) || !std::ptr::eq(out.gpu(), input.gpu()) {
            return Err(GpuError::ForeignBuffer);
        }
        let f = self.module.function("transpose_f32")?;
        let (pi, po) = (input.kernel_arg(), out.kernel_arg_mut());
        let (r, c) = (rows as u32, cols as u32);
        let mut args = [arg(&pi), arg(&po), arg(&r), arg(&c)];
        // SAFETY: arguments follow the kernel's parameters (two u64 addresses, two
        // u32); every load and store is predicated on row < rows and col < cols,
        // and `plan` checked that both buffers hold rows·cols elements.
        unsafe { self.module.launch(f, shape, &mut args) }
    }

    /// `out = inᵀ`, waiting for the GPU.
    fn launch(
        &self,
        rows: usize,
        cols: usize,
        input: &DeviceBuffer<'g, f32>,
        out: &mut DeviceBuffer<'g, f32>,
    ) -> Result<()> {
        self.enqueue(rows, cols, input, out)?;
        self.module.gpu().synchronize()
    }
}

fn host_transpose(rows: usize, cols: usize, x: &[f32]) -> Vec<f32> {
    let mut out = vec![0.0; x.len()];
    for r in 0..rows {
        for c in 0..cols {
            out[c * rows + r] = x[r * cols + c];
        }
    }
    out
}

fn inputs(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 1000) as f32 * 0.5 - 7.0).collect()
}

/// The kernel in cute-gpu's CPU simulator on ragged shapes.
fn simulate() -> std::result::Result<bool, String> {
    let k = transpose_kernel();
    let mut ok = true;
    for (rows, cols) in [(1, 1), (32, 32), (33, 65), (70, 31), (96, 40)] {
        let x = inputs(rows * cols);
        let mut sim = Simulator::new();
        let (di, dout) = (sim.alloc_f32(&x), sim.alloc_f32(&vec![f32::NAN; x.len()]));
        let shape = plan(rows, cols, x.len(), x.len()).map_err(|e| e.to_string())?;
        let grid = Grid::new((shape.grid.0, shape.grid.1), shape.threads);
        let args = [
            di.into(),
            dout.into(),
            Arg::U32(rows as u32),
            Arg::U32(cols as u32),
        ];
        sim.launch(&k, grid, &args).map_err(|e| e.to_string())?;
        let got = sim.read_f32(dout, x.len());
        let pass = got == host_transpose(rows, cols, &x);
        println!(
            "simulate {rows}x{cols}: {}",
            if pass { "PASS" } else { "FAIL" }
        );
        ok &= pass;
    }
    Ok(ok)
}

fn run(sizes: &[(usize, usize)], iters: usize, warmup: usize) -> Result<bool> {
    let gpu = Gpu::new()?;
    println!("device: {}", gpu.name()?);
    let t = Transpose::load(&gpu)?;
    let mut ok = true;
    // a refused launch: `out` one element short
    let small = gpu.upload(&inputs(64 * 64))?;
    let mut short = gpu.alloc_zeroed::<f32>(64 * 64 - 1)?;
    match t.launch(64, 64, &small, &mut short) {
        Err(e) => println!("REFUSED out one element short: {e}"),
        Ok(()) => {
            println!("ACCEPTED out one element short (wrong)");
            ok = false;
        }
    }
    for &(rows, cols) in sizes {
        let x = inputs(rows * cols);
        let input = gpu.upload(&x)?;
        let mut out = gpu.alloc_zeroed::<f32>(x.len())?;
        out.fill_bytes(0xFF)?;
        t.launch(rows, cols, &input, &mut out)?;
        let pass = gpu.download(&out)? == host_transpose(rows, cols, &x);
        ok &= pass;
        for _ in 0..warmup {
            t.enqueue(rows, cols, &input, &mut out)?;
        }
        gpu.synchronize()?;
        let (start, stop) = (Event::new(&gpu)?, Event::new(&gpu)?);
        let mut ms = Vec::with_capacity(iters);
        for _ in 0..iters {
            start.record()?;
            t.enqueue(rows, cols, &input, &mut out)?;
            stop.record()?;
            stop.synchronize()?;
            ms.push(stop.elapsed_ms(&start)?);
        }
        ms.sort_by(f32::total_cmp);
        let med = ms[ms.len() / 2] as f64;
        let gbs = 8.0 * rows as f64 * cols as f64 / (med * 1e-3) / 1e9;
        println!(
            "RESULT transpose f32 {rows}x{cols} check={} median_ms={med:.4} GB/s={gbs:.0}",
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

const HELP: &str =
    "usage: transpose [--simulate] [--sizes 4096,8192|RxC,...] [--iters 50] [--warmup 10]";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let (mut sizes, mut iters, mut warmup, mut sim) = (vec![(4096, 4096)], 50, 10, false);
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        let parsed: std::result::Result<(), String> = match a.as_str() {
            "-h" | "--help" => {
                println!("{HELP}");
                return ExitCode::SUCCESS;
            }
            "--simulate" => {
                sim = true;
                Ok(())
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
    let result = if sim {
        simulate()
    } else if iters == 0 {
        Err("--iters must be positive".to_string())
    } else {
        run(&sizes, iters, warmup).map_err(|e| e.to_string())
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
