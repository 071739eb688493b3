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
//! The checks (CPU simulator, bit-exact against the host transpose, a refused
//! launch) and the timing are in `common/transpose_harness.rs`.
#[path = "common/transpose_harness.rs"]
mod harness;
use cute_gpu::cuda::DeviceElement;
use cute_gpu::tile::{Bf16, Element, ThreadValues, TileError, TileKernel, TileProgram};
use cute_typed::_1;

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

/// The grid of an `m × n` transpose: one block per `T × T` tile.
fn grid<E: Dtype>(m: usize, n: usize) -> [u64; 3] {
    let t = E::CFG.0 as usize;
    [n.div_ceil(t) as u64, m.div_ceil(t) as u64, 1]
}

impl<E: Dtype> harness::Transpose for E {
    fn program() -> Result<TileProgram, TileError> {
        kernel::<E>()
    }
    fn grid(m: usize, n: usize) -> [u64; 3] {
        grid::<E>(m, n)
    }
}

fn main() -> std::process::ExitCode {
    harness::main()
}
