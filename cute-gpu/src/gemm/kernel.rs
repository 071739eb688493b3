//! The fp32 GEMM generator: `C = α·op(A)·op(B) + β·C`, any M, N, K.
//!
//! Per block, a `BM × BN` tile of C. Per K step of `BK`, each operand tile is
//! copied to shared memory by its [`CopyPlan`], `STAGES` steps ahead
//! (`cp.async` groups, one `bar.sync` per step); each thread then accumulates its
//! `TM × TN` values with `fma.rn.f32` from 128-bit shared loads. Ragged edges:
//! copies of rows past M or N are skipped (those rows only feed C entries that are
//! never stored), copies past K are zero-filled (they feed every entry), and the
//! epilogue predicates each store.
use super::config::{GemmConfig, GemmParams};
use super::layouts::{c_layouts, copy_plan, CopyKind, CopyPlan};
use super::problem::{GemmLayout, Major, Problem};
use super::split::TailSplit;
use crate::error::GpuError;
use crate::layout_code::{all_offsets, emit_eval, flat_modes};
use crate::ptx::{
    kind::{Pred, F32, U32, U64},
    Address, BinOp, Bounds, Cmp, Kernel, KernelBuilder, Reg, Space, Special, Src, Ty,
};
use cute_typed::Error;

/// Static shared memory above this size is declared dynamic (`.extern`).
pub const STATIC_SMEM_LIMIT: usize = 48 * 1024;

/// A generated GEMM kernel with what its launch needs. Built only by
/// [`generate`] or [`sgemm`] from a checked [`GemmParams`]; its fields are
/// private, so a launch can trust them.
#[derive(Clone, Debug)]
pub struct GemmKernel {
    kernel: Kernel,
    params: GemmParams,
    layout: GemmLayout,
    dynamic_smem: u32,
    tail_split: bool,
}

impl GemmKernel {
    /// The PTX kernel.
    pub fn kernel(&self) -> &Kernel {
        &self.kernel
    }
    /// The kernel's name.
    pub fn name(&self) -> &str {
        &self.kernel.name
    }
    /// The configuration it was generated from.
    pub fn params(&self) -> &GemmParams {
        &self.params
    }
    /// Storage of A and B.
    pub fn layout(&self) -> GemmLayout {
        self.layout
    }
    /// Whether this is the tail-split variant ([`generate_tail_split`]): its
    /// launches take a [`TailSplit`] schedule and a workspace.
    pub fn is_tail_split(&self) -> bool {
        self.tail_split
    }
    /// Bytes of dynamic shared memory to pass at launch (0 when static).
    pub fn dynamic_smem(&self) -> u32 {
        self.dynamic_smem
    }
    /// Threads per block.
    pub fn threads(&self) -> u32 {
        self.params.threads as u32
    }
    /// Blocks for an `m × n` C: one per tile; x along M and y along N, or all in
    /// x when blocks are ordered in groups. Refused past CUDA's grid limits
    /// (`x < 2³¹`, `y < 2¹⁶`).
    pub fn grid(&self, m: usize, n: usize) -> Result<(u32, u32), crate::error::GpuError> {
        use crate::launch::{grid_dim, mul};
        let (tm, tn) = (m.div_ceil(self.params.bm), n.div_ceil(self.params.bn));
        if self.params.group_m > 0 {
            let all = mul(tm, tn, "the number of tiles")?;
            Ok((grid_dim('x', all as u64)?, 1))
        } else {
            Ok((grid_dim('x', tm as u64)?, grid_dim('y', tn as u64)?))
        }
    }
    /// Whether it needs leading dimensions that are multiples of 4.
    pub fn needs_vector4(&self) -> bool {
        self.params.vec == 4
    }

    /// Checks a launch on `p` with buffers of `lens = [A, B, C]` elements, before
    /// any driver call: the problem's rules ([`Problem::validate`]), each
    /// buffer's length against what the kernel indexes (`lda·K` or `lda·M` for A,
    /// …, `ldc·N` for C, checked products), 16-byte alignment for 128-bit
    /// kernels, and the grid limits. `None`: C is empty, nothing to launch.
    ///
    /// ```
    /// use cute_gpu::gemm::{shipped::find, Problem};
    /// use cute_gpu::error::GpuError;
    /// let k = find("fallback32").unwrap().kernel("nn".parse().unwrap());
    /// let p = Problem::new(64, 64, 64, "nn".parse().unwrap());
    /// assert!(k.plan(&p, [4096, 4096, 4096]).unwrap().is_some());
    /// assert!(matches!(k.plan(&p, [4096, 4095, 4096]), Err(GpuError::BufferTooShort { operand: "B", .. })));
    /// ```
    pub fn plan(
        &self,
        p: &Problem,
        lens: [usize; 3],
    ) -> Result<Option<crate::launch::LaunchShape>, crate::error::GpuError> {
        use crate::launch::check_len;
        p.validate()?;
        let [a, b, c] = p.checked_lens()?;
        check_len("A", lens[0], a)?;
        check_len("B", lens[1], b)?;
        check_len("C", lens[2], c)?;
        if self.needs_vector4() && !p.allows_vector4() {
            return Err(crate::error::GpuError::NeedsVector4);
        }
        if p.m == 0 || p.n == 0 {
            return Ok(None);
        }
        if self.tail_split {
            return Err(GpuError::BadSplit(
                "this is the tail-split kernel: launch it with a schedule (plan_split)",
            ));
        }
        let (gx, gy) = self.grid(p.m, p.n)?;
        Ok(Some(crate::launch::LaunchShape {
            grid: (gx, gy, 1),
            threads: self.threads(),
            smem: self.dynamic_smem,
        }))
    }

    /// Tiles of an `m × n` C and K tiles of a `k`-deep product: `(⌈m/BM⌉·⌈n/BN⌉, ⌈k/BK⌉)`.
    pub fn tile_counts(&self, m: usize, n: usize, k: usize) -> Result<(usize, usize), GpuError> {
        let tiles = crate::launch::mul(
            m.div_ceil(self.params.bm),
            n.div_ceil(self.params.bn),
            "the number of tiles",
        )?;
        Ok((tiles, k.div_ceil(self.params.bk)))
    }

    /// The granule of a tail split's tail ([`crate::gemm::split`]): 1 for a
    /// 1-D grid (raster groups: block `i` computes tile `i`), the number of
    /// tile rows `⌈m/BM⌉` for plain order (the whole tiles must be whole tile
    /// columns of the 2-D grid).
    pub fn tail_granule(&self, m: usize) -> usize {
        if self.params.group_m > 0 {
            1
        } else {
            m.div_ceil(self.params.bm).max(1)
        }
    }

    /// Checks the launch of a tail split's whole tiles on this (plain) kernel:
    /// every check of [`GemmKernel::plan`], that `whole` is at most the tile
    /// count and a multiple of [`GemmKernel::tail_granule`]. The grid is the
    /// first `whole` blocks (raster groups) or the first `whole / ⌈m/BM⌉` tile
    /// columns (plain order); `None` when there are none or C is empty.
    pub fn plan_whole(
        &self,
        p: &Problem,
        lens: [usize; 3],
        whole: u32,
    ) -> Result<Option<crate::launch::LaunchShape>, GpuError> {
        let Some(shape) = self.plan(p, lens)? else {
            return Ok(None);
        };
        let (tiles, _) = self.tile_counts(p.m, p.n, p.k)?;
        if whole as usize > tiles {
            return Err(GpuError::BadSplit("more whole tiles than tiles"));
        }
        let granule = self.tail_granule(p.m);
        if !(whole as usize).is_multiple_of(granule) {
            return Err(GpuError::BadSplit(
                "in plain order the whole tiles are whole tile columns",
            ));
        }
        let grid = if self.params.group_m > 0 {
            (whole, 1, 1)
        } else {
            (shape.grid.0, whole / shape.grid.0, 1)
        };
        Ok((whole > 0).then_some(crate::launch::LaunchShape { grid, ..shape }))
    }

    /// Checks a launch of the tail-split kernel ([`generate_tail_split`]) on `p`
    /// with schedule `s`, buffers of `lens = [A, B, C]` elements and a
    /// workspace of `ws = [partials, flags]` elements, before any driver call:
    /// every check of [`GemmKernel::plan`], then that the schedule covers the
    /// tiles (`whole + tail = tiles`) with at least 2 slices of at least one K
    /// tile each (`(splits − 1)·k_tiles < ⌈K/BK⌉`, so no slice starts past K), that
    /// the workspace holds `tail·splits·BM·BN` partials and `tail` flags, and
    /// the 1-D grid of `tail·splits` blocks. The flags must be 0 (the kernel
    /// leaves them so). `None`: C is empty.
    pub fn plan_split(
        &self,
        p: &Problem,
        lens: [usize; 3],
        ws: [usize; 2],
        s: &TailSplit,
    ) -> Result<Option<crate::launch::LaunchShape>, GpuError> {
        use crate::launch::{check_len, grid_dim, mul};
        if !self.tail_split {
            return Err(GpuError::BadSplit("this kernel has no tail split"));
        }
        p.validate()?;
        let [a, b, c] = p.checked_lens()?;
        check_len("A", lens[0], a)?;
        check_len("B", lens[1], b)?;
        check_len("C", lens[2], c)?;
        if self.needs_vector4() && !p.allows_vector4() {
            return Err(GpuError::NeedsVector4);
        }
        if p.m == 0 || p.n == 0 {
            return Ok(None);
        }
        let (tiles, k_tiles) = self.tile_counts(p.m, p.n, p.k)?;
        if s.splits < 2 || s.tail == 0 || s.k_tiles == 0 {
            return Err(GpuError::BadSplit(
                "at least 2 slices, 1 tail tile and 1 K tile a slice",
            ));
        }
        if s.whole as usize + s.tail as usize != tiles {
            return Err(GpuError::BadSplit(
                "whole + tail must be the number of tiles",
            ));
        }
        let last_start = (s.splits as usize - 1)
            .checked_mul(s.k_tiles as usize)
            .ok_or(GpuError::Overflow("the last slice's first K tile"))?;
        if last_start >= k_tiles {
            return Err(GpuError::BadSplit("every slice must start inside K"));
        }
        let slots = s
            .slots()
            .ok_or(GpuError::Overflow("the partial-sum slots"))?;
        let tile = mul(self.params.bm, self.params.bn, "a tile's elements")?;
        check_len(
            "workspace partials",
            ws[0],
            mul(slots, tile, "the workspace")?,
        )?;
        check_len("workspace flags", ws[1], s.tail as usize)?;
        Ok(Some(crate::launch::LaunchShape {
            grid: (grid_dim('x', slots as u64)?, 1, 1),
            threads: self.threads(),
            smem: self.dynamic_smem,
        }))
    }
}

/// Generates the kernel of configuration `C` for `layout`.
pub fn sgemm<C: GemmConfig>(name: &str, layout: GemmLayout) -> Result<GemmKernel, Error> {
    // Evaluating PARAMS here makes an impossible configuration a compile error.
    let p = C::PARAMS;
    generate(&p, layout, name)
}

/// Kernel parameter order (all kernels of this module).
pub const PARAMS: [&str; 11] = [
    "a", "b", "c", "m", "n", "k", "lda", "ldb", "ldc", "alpha", "beta",
];

struct Operand {
    ptr: Reg<U64>,
    extent: Reg<U32>,
    ld: Reg<U32>,
    block0: Reg<U32>,
    mn: usize,
    pad: usize,
    major: Major,
    smem_base: usize,
}

/// Per-thread state of one operand's copies.
///
/// Each of the thread's `reps` copies per tile has its own global pointer, set
/// once from the copy plan (row clamped into the matrix, so that no address is
/// ever outside A or B) and advanced by one K tile per load.
struct Loader {
    plan: CopyPlan,
    ptrs: Vec<Reg<U64>>,
    rep_addr: Vec<(usize, i64)>,
    step: Src<U64>,
    rep_sdelta: Vec<i64>,
    /// per rep: index into `ks` (the K index of its first element)
    rep_k: Vec<usize>,
    ks: Vec<Reg<U32>>,
    /// per rep: its row lies outside the matrix
    rep_outside: Vec<Reg<Pred>>,
    s_thread: Reg<U32>,
    row_bytes: i64,
    staged: Vec<Vec<Reg<F32>>>,
    sdst: Reg<U32>,
}

impl Loader {
    fn new(
        b: &mut KernelBuilder,
        p: &GemmParams,
        op: &Operand,
        tid: Reg<U32>,
    ) -> Result<Loader, Error> {
        let plan = copy_plan(p, op.mn, op.major)?;
        let threads = p.threads as i64;
        let mn_t = emit_eval(b, &plan.chunks.row, tid);
        let k_t = emit_eval(b, &plan.chunks.col, tid);
        let row = b.add(op.block0, mn_t);
        // the last row a pointer may be clamped to: for vectors along M/N, the last
        // vector start, so that clamped addresses stay aligned
        let last = b.sub(op.extent, 1u32);
        let last_row = if !plan.along_k && plan.width > 1 {
            b.bin(BinOp::And, last, !(plan.width as u32 - 1))
        } else {
            last
        };
        let step: Src<U64> = match op.major {
            Major::Mn => b.mul_wide(op.ld, (4 * p.bk) as u32).into(),
            Major::K => ((4 * p.bk) as u64).into(),
        };
        // shared offset of the thread's first element inside a stage
        let row_bytes = (4 * (op.mn + op.pad)) as i64;
        let mn4 = b.shl(mn_t, 2);
        let s_rel = b.mad_lo(k_t, row_bytes as u32, mn4);
        let s_thread = b.add(s_rel, op.smem_base as u32);
        let mut ptrs = Vec::new();
        let mut rep_addr = Vec::new();
        let mut by_strided: Vec<(i64, usize)> = Vec::new();
        let mut ptr_units: Vec<i64> = Vec::new();
        let staged = plan.kind == CopyKind::LoadStore16;
        let mut rep_sdelta = Vec::new();
        let mut rep_k = Vec::new();
        let mut ks: Vec<Reg<U32>> = Vec::new();
        let mut k_offsets: Vec<i64> = Vec::new();
        let mut rows: Vec<(i64, Reg<U32>, Reg<Pred>)> = Vec::new();
        let mut rep_outside = Vec::new();
        for r in 0..plan.reps as i64 {
            let (d_mn, d_k) = plan.chunks.at(threads * r)?;
            rep_sdelta.push(4 * d_mn + row_bytes * d_k);
            // reps with equal K (or row) offsets share one register (or predicate)
            let ki = match k_offsets.iter().position(|&d| d == d_k) {
                Some(i) => i,
                None => {
                    k_offsets.push(d_k);
                    ks.push(if d_k == 0 {
                        k_t
                    } else {
                        b.add(k_t, d_k as u32)
                    });
                    ks.len() - 1
                }
            };
            rep_k.push(ki);
            let k_r = ks[ki];
            let (row_r, outside) = match rows.iter().find(|(d, _, _)| *d == d_mn) {
                Some(&(_, r, o)) => (r, o),
                None => {
                    let r = if d_mn == 0 {
                        row
                    } else {
                        b.add(row, d_mn as u32)
                    };
                    let o = b.setp(Cmp::Ge, r, op.extent);
                    rows.push((d_mn, r, o));
                    (r, o)
                }
            };
            rep_outside.push(outside);
            // cp.async copies of rows outside the matrix read nothing (ignore-src),
            // so their addresses need no clamping, and copies that differ only along
            // the contiguous index share a pointer (the offset is an immediate);
            // staged loads do read, so each gets its own clamped pointer
            let (d_unit, d_strided) = match op.major {
                Major::Mn => (d_mn, d_k),
                Major::K => (d_k, d_mn),
            };
            if !staged {
                if let Some(&(_, i)) = by_strided.iter().find(|(d, _)| *d == d_strided) {
                    rep_addr.push((i, 4 * (d_unit - ptr_units[i])));
                    continue;
                }
            }
            let row_c = if staged {
                b.bin(BinOp::Min, row_r, last_row)
            } else {
                row_r
            };
            let elems = match op.major {
                Major::Mn => {
                    let r64 = b.cvt_u64_u32(row_c);
                    b.mad_wide(k_r, op.ld, r64)
                }
                Major::K => {
                    let k64 = b.cvt_u64_u32(k_r);
                    b.mad_wide(row_c, op.ld, k64)
                }
            };
            let bytes = b.shl(elems, 2);
            by_strided.push((d_strided, ptrs.len()));
            rep_addr.push((ptrs.len(), 0));
            ptrs.push(b.add(op.ptr, bytes));
            ptr_units.push(d_unit);
        }
        let staged = if staged {
            (0..plan.reps).map(|_| b.regs::<F32>(4)).collect()
        } else {
            Vec::new()
        };
        let sdst = b.reg::<U32>();
        Ok(Loader {
            plan,
            ptrs,
            rep_addr,
            step,
            rep_sdelta,
            rep_k,
            ks,
            rep_outside,
            s_thread,
            row_bytes,
            staged,
            sdst,
        })
    }

    fn is_staged(&self) -> bool {
        self.plan.kind == CopyKind::LoadStore16
    }

    /// `cp.async` copies of one tile whose first K index has `k_rem` (signed) left:
    /// rows outside the matrix and K past the end are zero-filled through the
    /// `ignore-src` operand, so there is no predicate and no branch.
    fn issue_async(&self, b: &mut KernelBuilder, k_rem: Reg<U32>) {
        let bytes = (4 * self.plan.width) as u32;
        let past: Vec<Reg<Pred>> = self
            .ks
            .iter()
            .map(|k| b.setp_as::<U32>(Cmp::Ge, Ty::S32, *k, k_rem))
            .collect();
        for r in 0..self.plan.reps {
            let past_k = past[self.rep_k[r]];
            let ignore = b.bin(BinOp::Or, past_k, self.rep_outside[r]);
            let dst = Address::at(self.sdst, self.rep_sdelta[r]);
            let (i, imm) = self.rep_addr[r];
            b.cp_async_or_zero(bytes, dst, Address::at(self.ptrs[i], imm), ignore);
        }
    }

    /// Staged 128-bit loads of a whole tile (no predicate: pointers are clamped).
    fn issue_staged_full(&self, b: &mut KernelBuilder) {
        for r in 0..self.plan.reps {
            b.ld(
                Space::Global,
                true,
                &self.staged[r],
                Address::at(self.ptrs[r], 0),
            );
        }
    }

    /// Staged loads of the last, partial tile: one predicated load per element,
    /// zeros past K.
    fn issue_staged_tail(&self, b: &mut KernelBuilder, k_rem: Reg<U32>) {
        for r in 0..self.plan.reps {
            for (e, reg) in self.staged[r].iter().enumerate() {
                b.mov_to(*reg, 0.0f32);
                let k = b.add(self.ks[self.rep_k[r]], e as u32);
                let inside = b.setp_as::<U32>(Cmp::Lt, Ty::S32, k, k_rem);
                b.when(inside).ld(
                    Space::Global,
                    true,
                    &[*reg],
                    Address::at(self.ptrs[r], 4 * e as i64),
                );
            }
        }
    }

    fn advance(&self, b: &mut KernelBuilder) {
        for ptr in &self.ptrs {
            b.add_to(*ptr, *ptr, self.step.clone());
        }
    }

    /// Stores registers staged by a [`CopyKind::LoadStore16`] copy, transposing.
    fn store_staged(&self, b: &mut KernelBuilder) {
        for r in 0..self.staged.len() {
            for (e, reg) in self.staged[r].iter().enumerate() {
                let dst = Address::at(self.sdst, self.rep_sdelta[r] + self.row_bytes * e as i64);
                b.st::<F32>(Space::Shared, &[(*reg).into()], dst);
            }
        }
    }
}

/// Run-time state of the tile loads: where the next tile goes and how much K is left.
struct LoadCursor {
    stage: Reg<U32>,
    k_rem: Reg<U32>,
}

struct Gen<'a> {
    p: &'a GemmParams,
    b: KernelBuilder,
    smem: Reg<U32>,
    loaders: [Loader; 2],
    cursor: LoadCursor,
}

impl Gen<'_> {
    fn stage_bytes(&self) -> u32 {
        self.p.stage_bytes() as u32
    }

    /// Advances a stage offset cyclically.
    fn advance_stage(&mut self, stage: Reg<U32>) {
        let sb = self.stage_bytes();
        let total = sb * self.p.stages as u32;
        self.b.add_to(stage, stage, sb);
        let wrap = self.b.setp(Cmp::Ge, stage, total);
        self.b.when(wrap).mov_to(stage, 0u32);
    }

    /// Loads the next K tile and moves the cursor on. `cp.async` copies zero-fill
    /// past K by themselves; staged loads branch (uniformly) between a whole tile
    /// and the last, partial one.
    fn load_tile(&mut self) {
        let b = &mut self.b;
        for l in &self.loaders {
            let base = b.add(self.smem, self.cursor.stage);
            b.add_to(l.sdst, base, l.s_thread);
        }
        for l in self.loaders.iter().filter(|l| !l.is_staged()) {
            l.issue_async(b, self.cursor.k_rem);
        }
        if self.loaders.iter().any(|l| l.is_staged()) {
            let tail = b.label();
            let done = b.label();
            let full = b.setp_as::<U32>(Cmp::Ge, Ty::S32, self.cursor.k_rem, self.p.bk as u32);
            b.unless(full).bra_uniform(tail);
            for l in self.loaders.iter().filter(|l| l.is_staged()) {
                l.issue_staged_full(b);
            }
            b.bra_uniform(done);
            b.place(tail);
            for l in self.loaders.iter().filter(|l| l.is_staged()) {
                l.issue_staged_tail(b, self.cursor.k_rem);
            }
            b.place(done);
        }
        for l in &self.loaders {
            l.advance(b);
        }
        b.bin_to(
            BinOp::Sub,
            self.cursor.k_rem,
            self.cursor.k_rem,
            self.p.bk as u32,
        );
        let stage = self.cursor.stage;
        self.advance_stage(stage);
    }

    fn store_staged(&mut self) {
        for l in &self.loaders {
            l.store_staged(&mut self.b);
        }
    }
}

/// The tile coordinates `(tile_m, tile_n)` of this block. Plain order: the grid is
/// 2-D and they are `(ctaid.x, ctaid.y)`. Grouped order (`group_m = G > 0`): the
/// grid is 1-D and block `b` walks groups of `G` tile rows, column by column
/// inside a group: `group = b / (G·tiles_n)`, `rows = min(tiles_m − G·group, G)`,
/// `r = b mod (G·tiles_n)`, tile `(G·group + r mod rows, r / rows)`; with
/// `snake`, odd groups mirror the column: `tiles_n − 1 − r / rows`.
fn block_coordinates(
    b: &mut KernelBuilder,
    p: &GemmParams,
    m: Reg<U32>,
    n: Reg<U32>,
) -> (Reg<U32>, Reg<U32>) {
    let bx = b.special(Special::CtaidX);
    if p.group_m == 0 {
        let by = b.special(Special::CtaidY);
        return (bx, by);
    }
    tile_coordinates(b, p, m, n, bx)
}

/// The coordinates of the tile of linear index `t` in the order of
/// [`block_coordinates`]: `(t mod tiles_m, t / tiles_m)` in plain order (the
/// order in which a 2-D grid's blocks are numbered), the groups otherwise.
fn tile_coordinates(
    b: &mut KernelBuilder,
    p: &GemmParams,
    m: Reg<U32>,
    n: Reg<U32>,
    t: Reg<U32>,
) -> (Reg<U32>, Reg<U32>) {
    let mp = b.add(m, (p.bm - 1) as u32);
    let tiles_m = b.bin(BinOp::Div, mp, p.bm as u32);
    if p.group_m == 0 {
        let tile_m = b.bin(BinOp::Rem, t, tiles_m);
        let tile_n = b.bin(BinOp::Div, t, tiles_m);
        return (tile_m, tile_n);
    }
    let g = p.group_m as u32;
    let np = b.add(n, (p.bn - 1) as u32);
    let tiles_n = b.bin(BinOp::Div, np, p.bn as u32);
    let width = b.mul(tiles_n, g);
    let group = b.bin(BinOp::Div, t, width);
    let first = b.mul(group, g);
    let left = b.sub(tiles_m, first);
    let rows = b.bin(BinOp::Min, left, g);
    let r = b.bin(BinOp::Rem, t, width);
    let in_group = b.bin(BinOp::Rem, r, rows);
    let tile_m = b.add(first, in_group);
    let tile_n = b.bin(BinOp::Div, r, rows);
    if p.snake {
        // odd groups mirror their column: tile_n → tiles_n − 1 − tile_n
        let odd = b.bin(BinOp::And, group, 1u32);
        let is_odd = b.setp(Cmp::Ne, odd, 0u32);
        let last = b.sub(tiles_n, 1u32);
        let mirrored = b.sub(last, tile_n);
        b.when(is_odd).mov_to(tile_n, mirrored);
    }
    (tile_m, tile_n)
}

/// 4-wide groups of consecutive offsets (each starting at a multiple of 4), or
/// single offsets when `width` is 1.
fn vector_groups(offsets: &[i64], width: usize) -> Vec<(i64, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < offsets.len() {
        let start = offsets[i];
        let run = offsets[i..]
            .iter()
            .enumerate()
            .take_while(|(j, &o)| o == start + *j as i64)
            .count();
        let w = if width > 1 && start % width as i64 == 0 && run >= width {
            width
        } else {
            1
        };
        out.push((start, w));
        i += w;
    }
    out
}

/// Where a thread's register fragments come from in a shared stage.
struct FragPlan<'a> {
    groups_m: &'a [(i64, usize)],
    groups_n: &'a [(i64, usize)],
    /// bytes between k rows of the A and B stage tiles
    row_a: i64,
    row_b: i64,
    /// the thread's offsets inside a stage
    a_frag: Reg<U32>,
    b_frag: Reg<U32>,
}

/// The A and B values of one k step held in registers.
struct Frags {
    a: Vec<Reg<F32>>,
    b: Vec<Reg<F32>>,
}

impl FragPlan<'_> {
    fn alloc(&self, b: &mut KernelBuilder) -> Frags {
        let tm = self.groups_m.iter().map(|g| g.1).sum();
        let tn = self.groups_n.iter().map(|g| g.1).sum();
        Frags {
            a: b.regs::<F32>(tm),
            b: b.regs::<F32>(tn),
        }
    }

    /// Reads the fragments of step `kk` from the stage at `a_rd` (A) and `b_rd` (B).
    fn load(&self, b: &mut KernelBuilder, a_rd: Reg<U32>, b_rd: Reg<U32>, kk: i64, into: &Frags) {
        let mut i = 0;
        for &(off, w) in self.groups_m {
            let at = Address::at(a_rd, kk * self.row_a + 4 * off);
            b.ld(Space::Shared, false, &into.a[i..i + w], at);
            i += w;
        }
        let mut j = 0;
        for &(off, w) in self.groups_n {
            let at = Address::at(b_rd, kk * self.row_b + 4 * off);
            b.ld(Space::Shared, false, &into.b[j..j + w], at);
            j += w;
        }
    }
}

/// The outer product of one k step: `acc[i][j] += a[i]·b[j]`.
fn outer_product(b: &mut KernelBuilder, f: &Frags, acc: &[Reg<F32>]) {
    let tn = f.b.len();
    for (i, a) in f.a.iter().enumerate() {
        for (j, bv) in f.b.iter().enumerate() {
            let a_ij = acc[i * tn + j];
            b.fma_to(a_ij, *a, *bv, a_ij);
        }
    }
}

/// Main loop, [`crate::gemm::Direct`] fragments: wait for tile `kt` at the top,
/// issue the loads of tile `kt+STAGES-1`, then every k step reads its
/// fragments and multiplies.
fn main_loop_direct(
    g: &mut Gen<'_>,
    f: &FragPlan<'_>,
    acc: &[Reg<F32>],
    staged: bool,
    nk: Reg<U32>,
    kt: Reg<U32>,
    stage_cp: Reg<U32>,
) {
    let p = g.p;
    let lp = g.b.label();
    g.b.place(lp);
    if p.stages >= 2 {
        g.b.cp_async_wait((p.stages - 2) as u32);
        g.b.bar_sync();
        g.load_tile();
        g.b.cp_async_commit();
    } else {
        g.load_tile();
        g.b.cp_async_commit();
        g.b.cp_async_wait(0);
        if staged {
            g.store_staged();
        }
        g.b.bar_sync();
    }
    g.b.comment("compute: TM x TN outer products per k");
    let base = g.b.add(g.smem, stage_cp);
    let a_rd = g.b.add(base, f.a_frag);
    let b_rd = g.b.add(base, f.b_frag);
    let store_mid = staged && p.k_store_mid;
    for kk in 0..p.bk as i64 {
        if store_mid && kk == p.bk as i64 / 2 {
            g.store_staged();
        }
        let frags = f.alloc(&mut g.b);
        f.load(&mut g.b, a_rd, b_rd, kk, &frags);
        outer_product(&mut g.b, &frags, acc);
    }
    if p.stages >= 2 {
        if staged && !store_mid {
            g.store_staged();
        }
        g.advance_stage(stage_cp);
    } else {
        g.b.bar_sync();
    }
    g.b.add_to(kt, kt, 1u32);
    let more = g.b.setp(Cmp::Lt, kt, nk);
    g.b.when(more).bra_uniform(lp);
}

/// Main loop, [`crate::gemm::Prefetch`] fragments (two register buffers).
///
/// Before the loop: wait for tile 0 and read its step-0 fragments. Iteration
/// `kt`: issue the loads of tile `kt+STAGES-1` (into the stage of tile `kt-1`,
/// whose reads all came before the last barrier); step `kk` reads the fragments
/// of `kk+1` and then multiplies; at the last step the thread first stores its
/// staged registers, waits for tile `kt+1`, passes the barrier (after it, every
/// read of this stage has been issued) and reads the step-0 fragments of tile
/// `kt+1`, so that read overlaps the last FMAs of tile `kt`. With
/// [`crate::gemm::StagedMid`] the staged stores come at step `BK/2` instead.
fn main_loop_prefetch(
    g: &mut Gen<'_>,
    f: &FragPlan<'_>,
    acc: &[Reg<F32>],
    staged: bool,
    nk: Reg<U32>,
    kt: Reg<U32>,
    stage_cp: Reg<U32>,
) {
    let p = g.p;
    let bufs = [f.alloc(&mut g.b), f.alloc(&mut g.b)];
    let a_rd = g.b.reg::<U32>();
    let b_rd = g.b.reg::<U32>();
    let point_at_stage = |g: &mut Gen<'_>| {
        let base = g.b.add(g.smem, stage_cp);
        g.b.add_to(a_rd, base, f.a_frag);
        g.b.add_to(b_rd, base, f.b_frag);
    };
    g.b.cp_async_wait((p.stages - 2) as u32);
    g.b.bar_sync();
    point_at_stage(g);
    f.load(&mut g.b, a_rd, b_rd, 0, &bufs[0]);
    let lp = g.b.label();
    g.b.place(lp);
    g.load_tile();
    g.b.cp_async_commit();
    g.b.comment("compute: TM x TN outer products per k, fragments one step ahead");
    let bk = p.bk as i64;
    let store_mid = staged && p.k_store_mid;
    for kk in 0..bk {
        let (cur, next) = (&bufs[(kk % 2) as usize], &bufs[((kk + 1) % 2) as usize]);
        if store_mid && kk == bk / 2 {
            g.store_staged();
        }
        if kk + 1 < bk {
            f.load(&mut g.b, a_rd, b_rd, kk + 1, next);
        } else {
            if staged && !store_mid {
                g.store_staged();
            }
            g.b.cp_async_wait((p.stages - 2) as u32);
            g.b.bar_sync();
            g.advance_stage(stage_cp);
            point_at_stage(g);
            f.load(&mut g.b, a_rd, b_rd, 0, next);
        }
        outer_product(&mut g.b, cur, acc);
    }
    g.b.add_to(kt, kt, 1u32);
    let more = g.b.setp(Cmp::Lt, kt, nk);
    g.b.when(more).bra_uniform(lp);
}

/// Generates the kernel for configuration `p` and storage `layout`.
pub fn generate(p: &GemmParams, layout: GemmLayout, name: &str) -> Result<GemmKernel, Error> {
    generate_with(p, layout, name, false)
}

/// Generates the tail-split kernel of configuration `p` for `layout`
/// ([`crate::gemm::split`]): it computes the last `tail` tiles of the plain
/// kernel's tile order (tiles `whole … whole + tail − 1`) in `splits` slices
/// each, one block a slice, a 1-D grid of `tail·splits` blocks; the first
/// `whole` tiles are the plain kernel's, launched beside it over the first
/// `whole` blocks of its own grid ([`GemmKernel::plan_whole`]). Block `j` computes slice
/// `z = j / tail` of tile `whole + j mod tail` over K tiles
/// `[z·k_tiles, min((z+1)·k_tiles, ⌈K/BK⌉))`, stores its `BM × BN` partial sums in
/// workspace slot `(j mod tail)·splits + z`, and counts itself on the tile's
/// flag (`atom.add`, between `fence.acq_rel.gpu`s); the slice that finds
/// `splits − 1` there resets the flag to 0, adds the `splits` partials in
/// slice order (the same sum, bit for bit, on every run) and runs the plain
/// epilogue (`C = α·Σ + β·C`). Every flag is 0 before and after a launch.
///
/// Why two launches: the whole tiles run the plain kernel's own machine code.
/// Any code after the main loop (even a store of the partials) makes ptxas
/// allocate and schedule the loop differently, and one kernel for both ran
/// whole tiles 5–11% slower (H100, 8192³).
///
/// Parameters: [`PARAMS`], then [`SPLIT_PARAMS`].
pub fn generate_tail_split(
    p: &GemmParams,
    layout: GemmLayout,
    name: &str,
) -> Result<GemmKernel, Error> {
    generate_with(p, layout, name, true)
}

/// The tail-split kernel's parameters after [`PARAMS`]: the partial-sum
/// workspace (f32), the per-tile flags (u32), then the [`TailSplit`] fields.
pub const SPLIT_PARAMS: [&str; 6] = ["ws", "flags", "whole", "tail", "splits", "k_tiles"];

/// The tail split's parameters.
struct SplitParams {
    ws: crate::ptx::Param<U64>,
    flags: crate::ptx::Param<U64>,
    whole: crate::ptx::Param<U32>,
    tail: crate::ptx::Param<U32>,
    splits: crate::ptx::Param<U32>,
    k_tiles: crate::ptx::Param<U32>,
}

/// The block's place in the schedule: whole tile, or slice `z` of tail tile
/// `slot`; `tile` is the linear tile index either way.
struct SlicePlace {
    slot: Reg<U32>,
    z: Reg<U32>,
    tile: Reg<U32>,
}

impl SplitParams {
    /// Where this block is, from `%ctaid.x`, `whole` and `tail`: slice
    /// `z = j / tail` of tile `whole + j mod tail`.
    fn place(&self, b: &mut KernelBuilder) -> SlicePlace {
        let whole = b.ld_param(&self.whole);
        let tail = b.ld_param(&self.tail);
        let j = b.special(Special::CtaidX);
        let slot = b.bin(BinOp::Rem, j, tail);
        let z = b.bin(BinOp::Div, j, tail);
        let tile = b.add(whole, slot);
        SlicePlace { slot, z, tile }
    }
}

/// The tail split's registers after the main loop (loaded there again, so
/// that nothing of the split stays live through the loop).
struct SplitRegs {
    ws: Reg<U64>,
    flags: Reg<U64>,
    splits: Reg<U32>,
    /// the tail tile's index among the tail tiles, and the slice
    slot: Reg<U32>,
    z: Reg<U32>,
}

fn generate_with(
    p: &GemmParams,
    layout: GemmLayout,
    name: &str,
    tail_split: bool,
) -> Result<GemmKernel, Error> {
    let mut b = KernelBuilder::new(name);
    b.bounds(Bounds {
        max_ntid: Some(p.threads as u32),
        min_ncta_per_sm: Some(p.min_blocks as u32),
        max_nreg: None,
    });
    let pa = b.param::<U64>(PARAMS[0]);
    let pb = b.param::<U64>(PARAMS[1]);
    let pc = b.param::<U64>(PARAMS[2]);
    let pm = b.param::<U32>(PARAMS[3]);
    let pn = b.param::<U32>(PARAMS[4]);
    let pk = b.param::<U32>(PARAMS[5]);
    let plda = b.param::<U32>(PARAMS[6]);
    let pldb = b.param::<U32>(PARAMS[7]);
    let pldc = b.param::<U32>(PARAMS[8]);
    let palpha = b.param::<F32>(PARAMS[9]);
    let pbeta = b.param::<F32>(PARAMS[10]);
    let split_params = tail_split.then(|| SplitParams {
        ws: b.param::<U64>(SPLIT_PARAMS[0]),
        flags: b.param::<U64>(SPLIT_PARAMS[1]),
        whole: b.param::<U32>(SPLIT_PARAMS[2]),
        tail: b.param::<U32>(SPLIT_PARAMS[3]),
        splits: b.param::<U32>(SPLIT_PARAMS[4]),
        k_tiles: b.param::<U32>(SPLIT_PARAMS[5]),
    });
    let smem_bytes = p.smem_bytes();
    let dynamic = smem_bytes > STATIC_SMEM_LIMIT;
    let smem_sym = b.shared_array("smem", 16, (!dynamic).then_some(smem_bytes as u32));

    b.comment(&format!(
        "tile {}x{}x{}, {} threads, thread tile {}x{}, {} stage(s), {}-element loads, K-major {}, raster group {}{}, layout {}",
        p.bm,
        p.bn,
        p.bk,
        p.threads,
        p.arrangement.tm,
        p.arrangement.tn,
        p.stages,
        p.vec,
        match (p.k_staged, p.k_store_mid) {
            (false, _) => "cp.async",
            (true, false) => "staged",
            (true, true) => "staged (stored mid-tile)",
        },
        p.group_m,
        // only a snake order shows, so the other kernels' text is unchanged
        if p.snake { " (snake)" } else { "" },
        layout
    ));
    let a_ptr = b.ld_param(&pa);
    let b_ptr = b.ld_param(&pb);
    let c_ptr = b.ld_param(&pc);
    let m = b.ld_param(&pm);
    let n = b.ld_param(&pn);
    let k = b.ld_param(&pk);
    let lda = b.ld_param(&plda);
    let ldb = b.ld_param(&pldb);
    let ldc = b.ld_param(&pldc);
    let tid = b.special(Special::TidX);
    let (bx, by, k_len, split) = match split_params {
        None => {
            let (bx, by) = block_coordinates(&mut b, p, m, n);
            (bx, by, k, None)
        }
        Some(sp) => {
            b.comment("tail split: whole tile, or slice z of a tail tile");
            let at = sp.place(&mut b);
            let k_tiles = b.ld_param(&sp.k_tiles);
            let (bx, by) = tile_coordinates(&mut b, p, m, n, at.tile);
            // K range of the slice: [k0, k0 + k_len), empty past K
            let k_chunk = b.mul(k_tiles, p.bk as u32);
            let k0 = b.mul(at.z, k_chunk);
            let left = b.sub(k, k0);
            let inside = b.setp(Cmp::Lt, k0, k);
            let short = b.bin(BinOp::Min, left, k_chunk);
            let k_len = b.selp(short, 0u32, inside);
            (bx, by, k_len, Some((sp, k0)))
        }
    };
    // a slice's operands start at its first K index
    let (a_ptr, b_ptr) = match &split {
        None => (a_ptr, b_ptr),
        Some((_, k0)) => (
            k_offset(&mut b, a_ptr, *k0, lda, layout.a),
            k_offset(&mut b, b_ptr, *k0, ldb, layout.b),
        ),
    };
    let m_blk = b.mul(bx, p.bm as u32);
    let n_blk = b.mul(by, p.bn as u32);
    let smem = b.symbol_address(&smem_sym);

    let op_a = Operand {
        ptr: a_ptr,
        extent: m,
        ld: lda,
        block0: m_blk,
        mn: p.bm,
        pad: p.pad_a,
        major: layout.a,
        smem_base: 0,
    };
    let op_b = Operand {
        ptr: b_ptr,
        extent: n,
        ld: ldb,
        block0: n_blk,
        mn: p.bn,
        pad: p.pad_b,
        major: layout.b,
        smem_base: 4 * p.bk * (p.bm + p.pad_a),
    };
    b.comment("copy plans: per-thread global and shared addresses");
    let la = Loader::new(&mut b, p, &op_a, tid)?;
    let lb = Loader::new(&mut b, p, &op_b, tid)?;
    let staged = la.plan.kind == CopyKind::LoadStore16 || lb.plan.kind == CopyKind::LoadStore16;

    // C layouts: the thread part is run-time code, the value parts immediates
    let c = c_layouts(p)?;
    let m_t = emit_eval(&mut b, &c.thread.row, tid);
    let n_t = emit_eval(&mut b, &c.thread.col, tid);
    let val_m = all_offsets(&c.value_m)?;
    let val_n = all_offsets(&c.value_n)?;
    let thread_aligned4 = flat_modes(&c.thread.row)
        .iter()
        .all(|&(s, d)| s == 1 || d % 4 == 0);
    let frag_width = if thread_aligned4 { 4 } else { 1 };
    let groups_m = vector_groups(&val_m, frag_width);
    let groups_n = vector_groups(&val_n, frag_width);

    let k_rem = b.mov::<U32>(k_len);
    let stage_ld = b.mov::<U32>(0u32);
    let mut g = Gen {
        p,
        b,
        smem,
        loaders: [la, lb],
        cursor: LoadCursor {
            stage: stage_ld,
            k_rem,
        },
    };

    // accumulators
    let (tm, tn) = (val_m.len(), val_n.len());
    let acc: Vec<Reg<F32>> = g.b.regs::<F32>(tm * tn);
    for r in &acc {
        g.b.mov_to(*r, 0.0f32);
    }
    let kp = g.b.add(k_len, (p.bk - 1) as u32);
    let nk = g.b.bin(BinOp::Div, kp, p.bk as u32);
    let kt = g.b.mov::<U32>(0u32);
    let stage_cp = g.b.mov::<U32>(0u32);
    let a_frag = g.b.shl(m_t, 2);
    let b_frag0 = g.b.shl(n_t, 2);
    let b_frag = g.b.add(b_frag0, op_b.smem_base as u32);

    let frags = FragPlan {
        groups_m: &groups_m,
        groups_n: &groups_n,
        row_a: (4 * (p.bm + p.pad_a)) as i64,
        row_b: (4 * (p.bn + p.pad_b)) as i64,
        a_frag,
        b_frag,
    };
    if p.stages >= 2 {
        g.b.comment("prologue: the first STAGES-1 tiles");
        for _ in 0..p.stages - 1 {
            g.load_tile();
            if staged {
                g.store_staged();
            }
            g.b.cp_async_commit();
        }
    }
    let epilogue = g.b.label();
    let none = g.b.setp(Cmp::Eq, nk, 0u32);
    g.b.when(none).bra_uniform(epilogue);
    if p.frag_prefetch {
        main_loop_prefetch(&mut g, &frags, &acc, staged, nk, kt, stage_cp);
    } else {
        main_loop_direct(&mut g, &frags, &acc, staged, nk, kt, stage_cp);
    }
    g.b.place(epilogue);

    let Gen { mut b, .. } = g;
    let epi = || Epilogue {
        c_ptr,
        m,
        n,
        ldc,
        m_blk,
        n_blk,
        m_t,
        n_t,
        alpha: palpha.clone(),
        beta: pbeta.clone(),
    };
    match &split {
        None => emit_epilogue(&mut b, p, epi(), &acc, &val_m, &val_n, frag_width),
        Some((sp, _)) => {
            let at = sp.place(&mut b);
            let regs = SplitRegs {
                ws: b.ld_param(&sp.ws),
                flags: b.ld_param(&sp.flags),
                splits: b.ld_param(&sp.splits),
                slot: at.slot,
                z: at.z,
            };
            let tid = b.special(Special::TidX);
            let total = emit_split_fixup(&mut b, p, &regs, tid, &acc);
            emit_epilogue(&mut b, p, epi(), &total, &val_m, &val_n, frag_width);
        }
    }
    Ok(GemmKernel {
        kernel: b.finish(),
        params: *p,
        layout,
        dynamic_smem: if dynamic { smem_bytes as u32 } else { 0 },
        tail_split,
    })
}

/// `ptr + 4·k0·ld` (M/N-major: K indexes columns of `ld` elements) or
/// `ptr + 4·k0` (K-major).
fn k_offset(
    b: &mut KernelBuilder,
    ptr: Reg<U64>,
    k0: Reg<U32>,
    ld: Reg<U32>,
    major: Major,
) -> Reg<U64> {
    let elems = match major {
        Major::Mn => b.mul_wide(k0, ld),
        Major::K => b.cvt_u64_u32(k0),
    };
    let bytes = b.shl(elems, 2);
    b.add(ptr, bytes)
}

/// A slice's work between the main loop and its epilogue (see
/// [`generate_tail_split`]): it stores its partials (4-value vectors,
/// thread-interleaved so a warp's stores are contiguous), counts itself on the
/// tile's flag and returns, unless it is the last, which resets the flag and
/// returns the registers of the slice-ordered sum of the partials.
fn emit_split_fixup(
    b: &mut KernelBuilder,
    p: &GemmParams,
    s: &SplitRegs,
    tid: Reg<U32>,
    acc: &[Reg<F32>],
) -> Vec<Reg<F32>> {
    b.comment("tail split: store this slice's partial sums");
    let tile_bytes = (4 * p.bm * p.bn) as u32;
    // 4-value vectors when the thread's values come in fours
    let width = if acc.len().is_multiple_of(4) { 4 } else { 1 };
    let vec_stride = (4 * width * p.threads) as i64;
    let flag_sym = b.shared_array("split_count", 4, Some(4));
    let slot = b.mad_lo(s.slot, s.splits, s.z);
    let slot_off = b.mul_wide(slot, tile_bytes);
    let t_off = b.mul_wide(tid, 4 * width as u32);
    let base = b.add(s.ws, slot_off);
    let mine = b.add(base, t_off);
    for (i, v) in acc.chunks(width).enumerate() {
        let srcs: Vec<Src<F32>> = v.iter().map(|r| (*r).into()).collect();
        b.st(
            Space::Global,
            &srcs,
            Address::at(mine, i as i64 * vec_stride),
        );
    }
    // release the partials (the barrier gathers the block's stores before
    // thread 0's fence), count, acquire the other slices' partials
    b.bar_sync();
    let t0 = b.setp(Cmp::Eq, tid, 0u32);
    let flag_off = b.mul_wide(s.slot, 4u32);
    let flag = b.add(s.flags, flag_off);
    let count_at = b.symbol_address(&flag_sym);
    let done = b.label();
    b.unless(t0).bra(done);
    b.fence_gpu();
    let before = b.atom_add_u32(Address::at(flag, 0), 1u32);
    b.fence_gpu();
    b.st::<U32>(Space::Shared, &[before.into()], Address::at(count_at, 0));
    b.place(done);
    b.bar_sync();
    let count = b.reg::<U32>();
    b.ld(Space::Shared, false, &[count], Address::at(count_at, 0));
    let last_count = b.sub(s.splits, 1u32);
    let last = b.setp(Cmp::Eq, count, last_count);
    b.unless(last).ret();
    b.comment("tail split: the last slice sums the partials in slice order");
    b.when(t0)
        .st::<U32>(Space::Global, &[0u32.into()], Address::at(flag, 0));
    let first = b.mul(s.slot, s.splits);
    let first_off = b.mul_wide(first, tile_bytes);
    let first_base = b.add(s.ws, first_off);
    let ptr = b.add(first_base, t_off);
    let total = b.regs::<F32>(acc.len());
    for (i, v) in total.chunks(width).enumerate() {
        b.ld(
            Space::Global,
            false,
            v,
            Address::at(ptr, i as i64 * vec_stride),
        );
    }
    let z = b.mov::<U32>(1u32);
    let lp = b.label();
    let summed = b.label();
    b.place(lp);
    let more = b.setp(Cmp::Lt, z, s.splits);
    b.unless(more).bra_uniform(summed);
    b.add_to(ptr, ptr, tile_bytes as u64);
    let part = b.regs::<F32>(width);
    for (i, v) in total.chunks(width).enumerate() {
        b.ld(
            Space::Global,
            false,
            &part,
            Address::at(ptr, i as i64 * vec_stride),
        );
        for (a, q) in v.iter().zip(&part) {
            b.add_to(*a, *a, *q);
        }
    }
    b.add_to(z, z, 1u32);
    b.bra_uniform(lp);
    b.place(summed);
    total
}

struct Epilogue {
    c_ptr: Reg<U64>,
    m: Reg<U32>,
    n: Reg<U32>,
    ldc: Reg<U32>,
    m_blk: Reg<U32>,
    n_blk: Reg<U32>,
    m_t: Reg<U32>,
    n_t: Reg<U32>,
    alpha: crate::ptx::Param<F32>,
    beta: crate::ptx::Param<F32>,
}

/// `C = α·acc + β·C` with each store predicated on the problem bounds; C is read
/// only when `β ≠ 0` (BLAS semantics: with `β = 0`, C may hold NaN).
#[allow(clippy::too_many_arguments)]
fn emit_epilogue(
    b: &mut KernelBuilder,
    p: &GemmParams,
    e: Epilogue,
    acc: &[Reg<F32>],
    val_m: &[i64],
    val_n: &[i64],
    frag_width: usize,
) {
    b.comment("epilogue: C = alpha*acc + beta*C, predicated at the edges");
    let tn = val_n.len();
    let alpha = b.ld_param(&e.alpha);
    let beta = b.ld_param(&e.beta);
    let gm0 = b.add(e.m_blk, e.m_t);
    let gn0 = b.add(e.n_blk, e.n_t);
    let gm0w = b.cvt_u64_u32(gm0);
    let elems = b.mad_wide(gn0, e.ldc, gm0w);
    let bytes = b.shl(elems, 2);
    let cbase = b.add(e.c_ptr, bytes);
    let width = if p.vec == 4 { frag_width } else { 1 };
    let groups = vector_groups(val_m, width);
    // per column j: in range, and its address
    let mut cols = Vec::with_capacity(tn);
    for &dn in val_n {
        let gn = b.add(gn0, dn as u32);
        let ok = b.setp(Cmp::Lt, gn, e.n);
        let addr = if dn == 0 {
            cbase
        } else {
            let off = b.mul_wide(e.ldc, (4 * dn) as u32);
            b.add(cbase, off)
        };
        cols.push((ok, addr));
    }
    // per group of rows: whole group in range, and each row alone when it is not
    struct RowGroup {
        start: i64,
        width: usize,
        full: Reg<Pred>,
        part: Vec<Reg<Pred>>,
        first: usize,
    }
    let mut rows = Vec::new();
    let mut first = 0;
    for &(start, w) in &groups {
        let gm = b.add(gm0, start as u32);
        let end = b.add(gm, w as u32);
        let full = b.setp(Cmp::Le, end, e.m);
        let mut part = Vec::new();
        if w > 1 {
            let not_full = b.not_pred(full);
            for i in 0..w {
                let gmi = b.add(gm, i as u32);
                let ok = b.setp(Cmp::Lt, gmi, e.m);
                part.push(b.and_pred(ok, not_full));
            }
        }
        rows.push(RowGroup {
            start,
            width: w,
            full,
            part,
            first,
        });
        first += w;
    }
    let with_beta = b.label();
    let end = b.label();
    let beta_zero = b.setp(Cmp::Eq, beta, 0.0f32);
    b.unless(beta_zero).bra_uniform(with_beta);
    for read_c in [false, true] {
        if read_c {
            b.place(with_beta);
        }
        for (j, &(col_ok, addr)) in cols.iter().enumerate() {
            for rg in &rows {
                let vals: Vec<Reg<F32>> = (0..rg.width)
                    .map(|i| acc[(rg.first + i) * tn + j])
                    .collect();
                let at = Address::at(addr, 4 * rg.start);
                let full = b.and_pred(rg.full, col_ok);
                let out = scale(b, &vals, alpha, beta, read_c, full, &at);
                let srcs: Vec<Src<F32>> = out.iter().map(|r| (*r).into()).collect();
                b.when(full).st(Space::Global, &srcs, at.clone());
                for (i, part) in rg.part.iter().enumerate() {
                    let pe = b.and_pred(*part, col_ok);
                    let at_i = Address::at(addr, 4 * (rg.start + i as i64));
                    let single = scale(b, &vals[i..i + 1], alpha, beta, read_c, pe, &at_i);
                    b.when(pe).st(Space::Global, &[single[0].into()], at_i);
                }
            }
        }
        if !read_c {
            b.bra_uniform(end);
        }
    }
    b.place(end);
    b.ret();
}

/// `α·v` or, reading C under `p`, `α·v + β·C`.
fn scale(
    b: &mut KernelBuilder,
    vals: &[Reg<F32>],
    alpha: Reg<F32>,
    beta: Reg<F32>,
    read_c: bool,
    p: Reg<Pred>,
    at: &Address,
) -> Vec<Reg<F32>> {
    if !read_c {
        return vals.iter().map(|v| b.mul(*v, alpha)).collect();
    }
    let old = b.regs::<F32>(vals.len());
    b.when(p).ld(Space::Global, false, &old, at.clone());
    vals.iter()
        .zip(&old)
        .map(|(v, c)| {
            let bc = b.mul(*c, beta);
            let r = b.reg::<F32>();
            b.fma_to(r, *v, alpha, bc);
            r
        })
        .collect()
}

impl GemmKernel {
    /// The kernel arguments of a problem, in [`PARAMS`] order after the three pointers.
    pub fn scalar_args(p: &super::Problem, alpha: f32, beta: f32) -> ([u32; 6], [f32; 2]) {
        (
            [p.m, p.n, p.k, p.lda, p.ldb, p.ldc].map(|v| v as u32),
            [alpha, beta],
        )
    }

    /// Runs the kernel in the CPU simulator: returns C after `C = α·A·B + β·C`.
    pub fn simulate(
        &self,
        p: &super::Problem,
        a: &[f32],
        b: &[f32],
        c: &[f32],
        alpha: f32,
        beta: f32,
    ) -> Result<Vec<f32>, crate::sim::SimError> {
        use crate::sim::{Arg, Grid, Simulator};
        let mut sim = Simulator::new();
        let (da, db, dc) = (sim.alloc_f32(a), sim.alloc_f32(b), sim.alloc_f32(c));
        let (ints, floats) = Self::scalar_args(p, alpha, beta);
        let mut args: Vec<Arg> = vec![da.into(), db.into(), dc.into()];
        args.extend(ints.iter().map(|&v| Arg::U32(v)));
        args.extend(floats.iter().map(|&v| Arg::F32(v)));
        let grid = Grid {
            blocks: self
                .grid(p.m, p.n)
                .map_err(|e| crate::sim::SimError::Refused(e.to_string()))?,
            threads: self.threads(),
            dynamic_smem: self.dynamic_smem,
        };
        sim.launch(&self.kernel, grid, &args)?;
        Ok(sim.read_f32(dc, c.len()))
    }

    /// Runs a tail split in the CPU simulator with schedule `s`: the first
    /// `whole` blocks of `plain` (checked by [`GemmKernel::plan_whole`]), then
    /// this tail-split kernel (checked by [`GemmKernel::plan_split`]); returns C
    /// and the flags afterwards. Blocks run one after another in grid order,
    /// so the last slice of each tile is the one that sums.
    #[allow(clippy::too_many_arguments)]
    pub fn simulate_split(
        &self,
        plain: &GemmKernel,
        p: &super::Problem,
        a: &[f32],
        b: &[f32],
        c: &[f32],
        alpha: f32,
        beta: f32,
        s: &TailSplit,
    ) -> Result<(Vec<f32>, Vec<u32>), crate::sim::SimError> {
        use crate::sim::{Arg, Grid, SimError, Simulator};
        let refused = |e: GpuError| SimError::Refused(e.to_string());
        let tile = self.params.bm * self.params.bn;
        let slots = s.slots().ok_or(SimError::Refused("slots".into()))?;
        let ws_len = slots
            .checked_mul(tile)
            .ok_or(SimError::Refused("ws".into()))?;
        let shape = self
            .plan_split(p, [a.len(), b.len(), c.len()], [ws_len, s.tail as usize], s)
            .map_err(refused)?;
        let mut sim = Simulator::new();
        let (da, db, dc) = (sim.alloc_f32(a), sim.alloc_f32(b), sim.alloc_f32(c));
        // the partials start as NaN: a slot read before it is written shows up
        let ws = sim.alloc_f32(&vec![f32::NAN; ws_len]);
        let flags = sim.alloc(4 * s.tail as usize);
        let whole = plain
            .plan_whole(p, [a.len(), b.len(), c.len()], s.whole)
            .map_err(refused)?;
        let Some(shape) = shape else {
            return Ok((c.to_vec(), vec![0; s.tail as usize]));
        };
        let (ints, floats) = Self::scalar_args(p, alpha, beta);
        let mut args: Vec<Arg> = vec![da.into(), db.into(), dc.into()];
        args.extend(ints.iter().map(|&v| Arg::U32(v)));
        args.extend(floats.iter().map(|&v| Arg::F32(v)));
        if let Some(w) = whole {
            let grid = Grid {
                blocks: (w.grid.0, w.grid.1),
                threads: w.threads,
                dynamic_smem: w.smem,
            };
            sim.launch(&plain.kernel, grid, &args)?;
        }
        args.extend([Arg::from(ws), Arg::from(flags)]);
        args.extend([s.whole, s.tail, s.splits, s.k_tiles].map(Arg::U32));
        let grid = Grid {
            blocks: (shape.grid.0, 1),
            threads: shape.threads,
            dynamic_smem: shape.smem,
        };
        sim.launch(&self.kernel, grid, &args)?;
        Ok((
            sim.read_f32(dc, c.len()),
            sim.read_u32(flags, s.tail as usize),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gemm::config::{
        Async, Copy, Padded, Pipeline, Prefetch, Sgemm, StagedMid, Tile, WarpTiled,
    };
    use crate::gemm::reference::{host_reference, Rng};
    use crate::gemm::tolerance::{check, Scaling, Tolerance};
    use crate::gemm::Problem;
    use cute_typed::{_0, _1, _16, _2, _3, _32, _4, _64, _8};

    /// Runs `k` in the simulator on `p` and checks it against the fp64 host reference.
    fn simulated_matches_reference(k: &GemmKernel, p: &Problem, rng: &mut Rng, beta: f32) {
        let a = rng.uniform_vec(p.a_len());
        let b = rng.uniform_vec(p.b_len());
        let c0 = rng.uniform_vec(p.c_len());
        let c = k.simulate(p, &a, &b, &c0, 1.25, beta).unwrap();
        let (r, s) = host_reference(p, &a, &b);
        let sc = Scaling {
            alpha: 1.25,
            beta,
            c0: Some(&c0),
        };
        let rep = check(p, &c, &r, &s, sc, Tolerance::fp32(p.k));
        assert!(rep.passed(), "{} {p:?}: {rep:?}", k.kernel.name);
    }

    /// Prefetched fragments with two and three stages, staged and `cp.async`
    /// K-major copies: every layout, K of zero, one element, one tile, a few
    /// tiles plus a ragged end, and fewer tiles than stages.
    #[test]
    fn prefetched_fragments_are_right_at_every_k() {
        type Two = Sgemm<
            Tile<_64, _64, _8>,
            WarpTiled<_32, _32, _8, _4>,
            Padded<_4, _0>,
            Copy<_4>,
            Pipeline<_2, _1, _0, Prefetch>,
        >;
        type Three = Sgemm<
            Tile<_64, _64, _8>,
            WarpTiled<_32, _64, _8, _8>,
            Padded<_4, _4>,
            Copy<_4, Async>,
            Pipeline<_3, _1, _2, Prefetch>,
        >;
        type Mid = Sgemm<
            Tile<_64, _64, _16>,
            WarpTiled<_32, _32, _8, _4>,
            Padded<_4, _4>,
            Copy<_4, StagedMid>,
            Pipeline<_3, _1, _0, Prefetch>,
        >;
        let mut rng = Rng::new(31);
        for layout in GemmLayout::ALL {
            for k in [
                sgemm::<Two>("two", layout).unwrap(),
                sgemm::<Three>("three", layout).unwrap(),
                sgemm::<Mid>("mid", layout).unwrap(),
            ] {
                assert!(k.params.frag_prefetch);
                for (m, n, kk) in [
                    (70, 60, 0),
                    (65, 3, 1),
                    (64, 64, 8),
                    (129, 70, 35),
                    (5, 66, 9),
                ] {
                    let p = Problem::new(m, n, kk, layout).padded_to(4);
                    simulated_matches_reference(&k, &p, &mut rng, if kk == 0 { 0.5 } else { 0.0 });
                }
            }
        }
    }

    /// Staged stores halfway through the step, with direct fragment loads.
    #[test]
    fn mid_step_stores_are_right_with_direct_fragments() {
        type MidDirect = Sgemm<
            Tile<_64, _64, _8>,
            WarpTiled<_32, _32, _8, _4>,
            Padded<_4, _0>,
            Copy<_4, StagedMid>,
            Pipeline<_2, _1>,
        >;
        let mut rng = Rng::new(37);
        for layout in GemmLayout::ALL {
            let k = sgemm::<MidDirect>("mid_direct", layout).unwrap();
            assert!(k.params.k_store_mid && !k.params.frag_prefetch);
            for (m, n, kk) in [(65, 3, 1), (64, 64, 8), (129, 70, 35)] {
                let p = Problem::new(m, n, kk, layout).padded_to(4);
                simulated_matches_reference(&k, &p, &mut rng, 0.0);
            }
        }
    }

    /// The tail-split kernel in the simulator: whole tiles and 2 or 3 slices of
    /// the others (the last slice with the ragged end of K), all tiles split,
    /// plain and grouped tile order, staged and `cp.async` K-major copies,
    /// β = 0 and β ≠ 0; every flag is back to 0 afterwards.
    #[test]
    fn tail_split_matches_the_reference() {
        type Grouped = Sgemm<
            Tile<_64, _64, _8>,
            WarpTiled<_32, _32, _8, _4>,
            Padded<_4, _0>,
            Copy<_4>,
            Pipeline<_2, _1, _3>,
        >;
        type MidGrouped = Sgemm<
            Tile<_64, _64, _8>,
            WarpTiled<_32, _32, _8, _4>,
            Padded<_4, _4>,
            Copy<_4, StagedMid>,
            Pipeline<_3, _1, _2, Prefetch>,
        >;
        let mut rng = Rng::new(41);
        // 130 × 100: 3 × 2 tiles of 64 × 64; K = 150: 19 K tiles, the last of 6
        let schedules = [
            TailSplit {
                whole: 2,
                tail: 4,
                splits: 3,
                k_tiles: 7,
            },
            TailSplit {
                whole: 5,
                tail: 1,
                splits: 2,
                k_tiles: 10,
            },
            TailSplit {
                whole: 0,
                tail: 6,
                splits: 2,
                k_tiles: 10,
            },
        ];
        // plain order: 3 tile rows, so the whole tiles are whole columns of 3
        type Plain = Sgemm<
            Tile<_64, _64, _8>,
            WarpTiled<_32, _32, _8, _4>,
            Padded<_4, _0>,
            Copy<_4>,
            Pipeline<_2, _1>,
        >;
        let plain_schedules = [
            TailSplit {
                whole: 3,
                tail: 3,
                splits: 3,
                k_tiles: 7,
            },
            TailSplit {
                whole: 0,
                tail: 6,
                splits: 2,
                k_tiles: 10,
            },
        ];
        for layout in GemmLayout::ALL {
            let k = generate_tail_split(&Plain::PARAMS, layout, "split").unwrap();
            let plain = generate(&Plain::PARAMS, layout, "plain").unwrap();
            assert_eq!(plain.tail_granule(130), 3);
            for sch in &plain_schedules {
                let p = Problem::new(130, 100, 150, layout).padded_to(4);
                let a = rng.uniform_vec(p.a_len());
                let b = rng.uniform_vec(p.b_len());
                let c0 = rng.uniform_vec(p.c_len());
                let (c, flags) = k
                    .simulate_split(&plain, &p, &a, &b, &c0, 1.0, 0.25, sch)
                    .unwrap();
                let (r, sabs) = host_reference(&p, &a, &b);
                let sc = Scaling {
                    alpha: 1.0,
                    beta: 0.25,
                    c0: Some(&c0),
                };
                let rep = check(&p, &c, &r, &sabs, sc, Tolerance::fp32(p.k));
                assert!(rep.passed(), "{layout} {sch:?} plain order: {rep:?}");
                assert!(flags.iter().all(|&f| f == 0), "{flags:?}");
            }
        }
        for layout in GemmLayout::ALL {
            for params in [Grouped::PARAMS, MidGrouped::PARAMS] {
                let k = generate_tail_split(&params, layout, "split").unwrap();
                let plain = generate(&params, layout, "plain").unwrap();
                assert!(k.is_tail_split());
                for (i, sch) in schedules.iter().enumerate() {
                    let p = Problem::new(130, 100, 150, layout).padded_to(4);
                    let beta = if i == 1 { 0.5 } else { 0.0 };
                    let a = rng.uniform_vec(p.a_len());
                    let b = rng.uniform_vec(p.b_len());
                    let c0 = rng.uniform_vec(p.c_len());
                    let (c, flags) = k
                        .simulate_split(&plain, &p, &a, &b, &c0, 1.25, beta, sch)
                        .unwrap();
                    let (r, sabs) = host_reference(&p, &a, &b);
                    let sc = Scaling {
                        alpha: 1.25,
                        beta,
                        c0: Some(&c0),
                    };
                    let rep = check(&p, &c, &r, &sabs, sc, Tolerance::fp32(p.k));
                    assert!(
                        rep.passed(),
                        "{layout} {sch:?} g{}: {rep:?}",
                        params.group_m
                    );
                    assert!(flags.iter().all(|&f| f == 0), "{flags:?}");
                }
            }
        }
    }

    /// What `plan_split` refuses before any launch.
    #[test]
    fn tail_split_plans_are_checked() {
        let params = crate::gemm::shipped::Small::PARAMS;
        let layout: GemmLayout = "nn".parse().unwrap();
        let k = generate_tail_split(&params, layout, "split").unwrap();
        let plain = generate(&params, layout, "plain").unwrap();
        let p = Problem::new(130, 100, 150, layout).padded_to(4);
        let lens = [p.a_len(), p.b_len(), p.c_len()];
        let ok = TailSplit {
            whole: 2,
            tail: 4,
            splits: 3,
            k_tiles: 7,
        };
        let ws = [4 * 3 * 64 * 64, 4];
        let shape = k.plan_split(&p, lens, ws, &ok).unwrap().unwrap();
        assert_eq!(shape.grid, (4 * 3, 1, 1));
        let refused = |s: TailSplit, ws: [usize; 2]| {
            matches!(k.plan_split(&p, lens, ws, &s), Err(GpuError::BadSplit(_)))
        };
        assert!(refused(TailSplit { whole: 3, ..ok }, ws));
        assert!(refused(TailSplit { splits: 1, ..ok }, ws));
        // 3 slices of 10 K tiles: the third would start at K tile 20 of 19
        assert!(refused(TailSplit { k_tiles: 10, ..ok }, ws));
        assert!(matches!(
            k.plan_split(&p, lens, [ws[0] - 1, 4], &ok),
            Err(GpuError::BufferTooShort {
                operand: "workspace partials",
                ..
            })
        ));
        assert!(matches!(
            k.plan_split(&p, lens, [ws[0], 3], &ok),
            Err(GpuError::BufferTooShort {
                operand: "workspace flags",
                ..
            })
        ));
        assert!(matches!(
            k.plan_split(&p, [lens[0], lens[1] - 1, lens[2]], ws, &ok),
            Err(GpuError::BufferTooShort { operand: "B", .. })
        ));
        // each kind of kernel only through its own plan
        assert!(matches!(k.plan(&p, lens), Err(GpuError::BadSplit(_))));
        assert!(matches!(
            plain.plan_split(&p, lens, ws, &ok),
            Err(GpuError::BadSplit(_))
        ));
        // Small has plain 2-D order: the whole tiles are whole columns of 3
        assert!(matches!(
            plain.plan_whole(&p, lens, 2),
            Err(GpuError::BadSplit(_))
        ));
        assert!(matches!(
            plain.plan_whole(&p, lens, 9),
            Err(GpuError::BadSplit(_))
        ));
        let w = plain.plan_whole(&p, lens, 3).unwrap().unwrap();
        assert_eq!(w.grid, (3, 1, 1));
        assert_eq!(plain.plan_whole(&p, lens, 0), Ok(None));
    }

    #[test]
    fn prefetch_needs_two_stages_and_an_even_bk() {
        // 256 threads of 16×16 values on a 256×256 tile, 32-bit loads: BK = 13
        // passes every other rule
        let arr = crate::gemm::Arrangement {
            wm: 0,
            wn: 0,
            tm: 16,
            tn: 16,
        };
        GemmParams::checked_full(256, 256, 13, arr, 4, 4, 1, 3, 1, 4, true, false, false, 0);
        for (stages, bk) in [(1, 8), (3, 13)] {
            let msg = GemmParams::try_checked_full(
                256, 256, bk, arr, 4, 4, 1, stages, 1, 4, true, false, true, 0,
            )
            .expect_err("rejected");
            assert!(msg.contains("fragment prefetch"), "{msg}");
        }
    }

    #[test]
    fn groups_split_runs_of_four() {
        assert_eq!(
            vector_groups(&[0, 1, 2, 3, 16, 17, 18, 19], 4),
            vec![(0, 4), (16, 4)]
        );
        assert_eq!(vector_groups(&[0, 1, 2], 4), vec![(0, 1), (1, 1), (2, 1)]);
        assert_eq!(vector_groups(&[0, 1, 2, 3], 1).len(), 4);
    }
}
