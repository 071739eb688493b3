//! A user-written kernel on the tile API: fused row softmax, fp32 or bf16 in
//! memory, fp32 math, `y[r, c] = e^(x[r,c] − m_r) / Σ_c e^(x[r,c] − m_r)` with
//! `m_r = max_c x[r, c]`.
//!
//! A group of `G` threads owns a row and holds all of it in registers: thread
//! `t` loads columns `a·t + e + a·G·j` (`e < a`, `j < n`, `a` elements = 16 bytes),
//! accesses that the tile copies vectorise and predicate from the layouts, all in flight before
//! the first use: each element is read once and written once. Max and sum are
//! reduced over the group (`TileKernel::reduce`: shuffles, then shared memory);
//! `e^(x−m) = 2^(x·log2e − m·log2e)`, one `fma` and one `ex2` an element. The
//! launch is the tile API's checked one (buffer lengths against the tensors'
//! extents, element types, grid). The harness (checks against fp64, timing,
//! command line) is `common/softmax_harness.rs`.
#[path = "common/softmax_harness.rs"]
mod harness;

use cute_gpu::cuda::{DeviceBuffer, Gpu, GpuError, Pending, Result, TileArg, TileModule};
use cute_gpu::ptx::{kind::U32, BinOp, Cmp, Special, Ty};
use cute_gpu::tile::{Bf16, Reduce, ThreadValues, TileError, TileKernel, TileProgram};
use cute_typed::_1;
use harness::Elem;
use std::f32::consts::LOG2_E;

/// The kernel for rows of up to `cols` elements (parameters `x`, `y`: `rows ×
/// cols` row-major; scalars `rows`, `cols`), the rows a block handles and the
/// columns a row may have.
fn program<E: Elem>(cols: usize) -> Result<(TileProgram, u32, u32)> {
    if !(1..=32768).contains(&cols) {
        return Err(GpuError::Overflow("cols must be in 1..=32768"));
    }
    // G threads a row, each n accesses of 16 bytes (a elements): about 16 values a
    // thread, at most 512 threads (1024 measured slower) unless 32 values do not
    // hold the row
    let a = 16 / E::BYTES;
    let g = (cols.div_ceil(16) as u32).next_power_of_two();
    let mut g = g.clamp(32, 512);
    while cols.div_ceil((a * g) as usize) * a as usize > 32 {
        g *= 2;
    }
    let (n, r) = (cols.div_ceil((a * g) as usize) as u32, (128 / g).max(1));
    let w = a * g * n; // the tile: w columns × r rows
    let mut k = TileKernel::new(&format!("softmax_{}_g{g}_n{n}", E::NAME), g * r)?;
    let (x, y) = (k.input::<E>("x")?, k.output::<E>("y")?);
    let (rows, cols) = (k.scalar("rows")?, k.scalar("cols")?);
    let (shape, stride) = ([cols.into(), rows.into()], [_1.into(), cols.into()]);
    let gx = k.global(&x, &shape, &stride)?;
    let gy = k.global(&y, &shape, &stride)?;
    let (zero, bx) = (k.builder().mov(0u32), k.builder().special(Special::CtaidX));
    let (tx, ty) = (
        gx.tile(&[w, r], &[zero, bx])?,
        gy.tile(&[w, r], &[zero, bx])?,
    );
    // thread (t, row) holds columns a·t + e + a·g·j (e < a, j < n)
    let tv = format!("(({g},{r}),({a},{n})):(({a},{w}),(1,{}))", a * g);
    let tv = ThreadValues::new(tv.as_str(), &[w, r])?;
    let f = k.fragment::<E>(format!("{}:1", a * n).as_str())?;
    k.load(&tx, &f, &tv)?;
    let reg = |v| f.reg(v).ok_or(TileError::Layout("a value"));
    // −∞ past the row's end (the loads leave 0): column a·t + c < cols ⇔ cols − a·t > c
    let (c, tid) = (k.scalar_value(cols)?, k.thread_index()?);
    let b = k.builder();
    let t = b.bin(BinOp::And, tid, g - 1);
    let at = b.mul(t, a);
    let left = b.sub(c, at);
    let mut xs = Vec::new();
    for v in 0..(a * n) as usize {
        let x = k.to_f32::<E>(reg(v)?)?;
        let col = (v as u32 % a + a * g * (v as u32 / a)) as i32;
        let b = k.builder();
        let inside = b.setp_as::<U32>(Cmp::Gt, Ty::S32, left, col);
        xs.push(b.selp(x, f32::NEG_INFINITY, inside));
    }
    let m = k.reduce(Reduce::Max, &xs, g)?;
    let nml = k.builder().mul(m, -LOG2_E);
    let mut es = Vec::new();
    for &x in &xs {
        let a = k.builder().reg();
        k.builder().fma_to(a, x, LOG2_E, nml);
        es.push(k.exp2_approx(a)?);
    }
    let sum = k.reduce(Reduce::Sum, &es, g)?;
    let one = k.builder().mov(1.0f32);
    let inv = k.div_f32(one, sum)?;
    for (v, &e) in es.iter().enumerate() {
        let y = k.builder().mul(e, inv);
        let y = k.from_f32::<E>(y)?;
        k.builder().mov_to(reg(v)?, y);
    }
    k.store(&f, &ty, &tv)?;
    Ok((k.finish()?, r, w))
}

/// The kernel for one column count, loaded: rows a block handles, columns a row may have.
struct Softmax<'g>(TileModule<'g>, u32, u32);

impl<'g, E: Elem> harness::RowSoftmax<'g, E> for Softmax<'g> {
    fn load(gpu: &'g Gpu, cols: usize) -> Result<Self> {
        let (p, rows, width) = program::<E>(cols)?;
        Ok(Softmax(TileModule::load(gpu, p)?, rows, width))
    }

    fn launch<'a>(
        &'a self,
        rows: usize,
        cols: usize,
        x: &'a DeviceBuffer<'g, E>,
        y: &'a mut DeviceBuffer<'g, E>,
    ) -> Result<Pending<'a>> {
        if cols > self.2 as usize {
            return Err(GpuError::Overflow("cols past the row this kernel holds"));
        }
        let r = u32::try_from(rows).map_err(|_| GpuError::Overflow("rows past 2^32"))?;
        let (r, c) = (TileArg::scalar(r), TileArg::scalar(cols as u32));
        let args = [TileArg::input(x), TileArg::output(y), r, c];
        self.0
            .launch_async([rows.div_ceil(self.1 as usize) as u64, 1, 1], &args)
    }
}

fn main() -> std::process::ExitCode {
    harness::main(
        |dtype, cols| match dtype {
            "bf16" => Ok(program::<Bf16>(cols)?.0.ptx()),
            _ => Ok(program::<f32>(cols)?.0.ptx()),
        },
        |gpu, o| match o.dtype.as_str() {
            "bf16" => harness::run::<Bf16, Softmax>(gpu, o),
            _ => harness::run::<f32, Softmax>(gpu, o),
        },
    )
}
