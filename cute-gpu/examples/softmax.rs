//! A user-written kernel on the tile API: fused row softmax, fp32 or bf16 in
//! memory, fp32 math, `y[r, c] = e^(x[r,c] − m_r) / Σ_c e^(x[r,c] − m_r)` with
//! `m_r = max_c x[r, c]`.
//!
//! A group of `G` threads owns a row and holds all of it in registers: thread
//! `t` loads columns `4t + e + 4G·j` (`e < 4`, `j < n`), 4-wide accesses that the
//! tile copies vectorise and predicate from the layouts, all in flight before
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
use cute_gpu::tile::{Bf16, Reduce, ThreadValues, TileKernel, TileProgram};
use cute_types::_1;
use harness::Elem;
use std::f32::consts::LOG2_E;

/// The kernel for rows of up to `cols` elements (parameters `x`, `y`: `rows ×
/// cols` row-major; scalars `rows`, `cols`), the rows a block handles and the
/// columns a row may have.
fn program<E: Elem>(cols: usize) -> Result<(TileProgram, u32, u32)> {
    if !(1..=32768).contains(&cols) {
        return Err(GpuError::Overflow("cols must be in 1..=32768"));
    }
    // G threads a row: about 16 values a thread, at most 512 threads (1024
    // measured slower) unless 32 values a thread do not hold the row
    let mut g = (cols.div_ceil(16) as u32)
        .next_power_of_two()
        .clamp(32, 512);
    while cols.div_ceil(4 * g as usize) > 8 {
        g *= 2;
    }
    let (n, r) = (cols.div_ceil(4 * g as usize) as u32, (128 / g).max(1));
    let w = 4 * g * n; // the tile: w columns × r rows
    let mut k = TileKernel::new(&format!("softmax_{}_g{g}_n{n}", E::NAME), g * r)?;
    let (x, y) = (k.input::<E>("x")?, k.output::<E>("y")?);
    let (rows, cols) = (k.scalar("rows")?, k.scalar("cols")?);
    let (shape, stride) = ([cols.into(), rows.into()], [_1.into(), cols.into()]);
    let (gx, gy) = (
        k.global(&x, &shape, &stride)?,
        k.global(&y, &shape, &stride)?,
    );
    let (zero, bx) = (k.builder().mov(0u32), k.builder().special(Special::CtaidX));
    let (tx, ty) = (
        gx.tile(&[w, r], &[zero, bx])?,
        gy.tile(&[w, r], &[zero, bx])?,
    );
    let tv = format!("(({g},{r}),(4,{n})):((4,{w}),(1,{}))", 4 * g);
    let tv = ThreadValues::new(tv.as_str(), &[w, r])?;
    let f = k.fragment::<E>(format!("{}:1", 4 * n).as_str())?;
    k.load(&tx, &f, &tv)?;
    let loaded = k.to_f32(&f)?;
    // −∞ past the row's end (the loads leave 0): column 4t + c < cols ⇔ cols − 4t > c
    let (c, tid) = (k.scalar_value(cols)?, k.thread_index()?);
    let b = k.builder();
    let t = b.bin(BinOp::And, tid, g - 1);
    let t4 = b.shl(t, 2);
    let left = b.sub(c, t4);
    let mut xs = Vec::new();
    for (v, &x) in loaded.iter().enumerate() {
        let col = v as i32 % 4 + 4 * g as i32 * (v as i32 / 4);
        let inside = b.setp_as::<U32>(Cmp::Gt, Ty::S32, left, col);
        xs.push(b.selp(x, f32::NEG_INFINITY, inside));
    }
    let m = k.reduce(Reduce::Max, &xs, g)?;
    let nml = k.builder().mul(m, -LOG2_E);
    let mut es = Vec::new();
    for &x in &xs {
        let a = k.builder().reg();
        k.builder().fma_to(a, x, LOG2_E, nml);
        es.push(k.exp2(a)?);
    }
    let sum = k.reduce(Reduce::Sum, &es, g)?;
    let inv = k.rcp(sum)?;
    let ys: Vec<_> = es.iter().map(|&e| k.builder().mul(e, inv)).collect();
    k.from_f32(&ys, &f)?;
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
        let args = [
            TileArg::input(x),
            TileArg::output(y),
            TileArg::scalar(r),
            TileArg::scalar(cols as u32),
        ];
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
