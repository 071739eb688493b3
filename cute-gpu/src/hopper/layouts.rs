//! Every address the Hopper kernel uses, derived from cute-rs layouts at
//! generation time.
//!
//! * Operand tiles in shared memory: `Sw<b,3,3> ∘ tile_to_shape((8,W):(W,1), (rows, W, stages))`
//!   in elements (`W` = elements per swizzle row, `b = log2(W·2/16)`), which is CuTe's
//!   `tile_to_shape(GMMA::Layout_K_SW{128,64,32}_Atom<half>, …)`. The TMA box, the stage
//!   stride, and the wgmma descriptor fields (SBO, the k16 and m64 steps) are read off it.
//! * The accumulator: CuTe's `CLayout_64xN` thread–value layout composed with
//!   `(64,N):(1,0)` and `(64,N):(0,1)` gives, for thread `t` and register `v`, the row
//!   and the column of C it holds.
//! * The TMA-store epilogue: the `stmatrix.x4` fragment layout, matched against the
//!   accumulator layout, says which accumulator goes into which `stmatrix` register;
//!   its row-address layout composed with the swizzled staging tile gives each lane's
//!   shared address.
use super::config::{HgemmParams, C_STAGE, INPUT_BYTES};
use crate::gemm::layouts::flat;
use cute_typed::algebra::{
    composition, logical_divide, tile_to_shape, upcast, DComposedLayout, Swizzle,
};
use cute_typed::tv::sm90_c_layout_64xn;
use cute_typed::typed::{make_layout_strided, _1, _128, _16, _2, _32, _4, _8};
use cute_typed::{DInt, DLayout, DTuple, Error};

/// The flat tuple `(_v0,_v1,…)` of static integers.
fn static_tuple(values: &[i64]) -> Result<DTuple, Error> {
    let mut t = DTuple::empty();
    for &v in values {
        t.push_int(DInt::s(v))?;
    }
    Ok(t)
}

/// The integer layout `_s:_d` (a tiler mode: not the rank-1 tuple `(_s):(_d)`).
fn static_mode(s: i64, d: i64) -> Result<DLayout, Error> {
    DLayout::new(DTuple::s(s), DTuple::s(d))
}

fn coord3(a: i64, b: i64, c: i64) -> Result<DTuple, Error> {
    DTuple::tuple(&[DTuple::d(a), DTuple::d(b), DTuple::d(c)])
}

fn log2(v: i64) -> i64 {
    debug_assert!(v > 0 && v & (v - 1) == 0, "power of two expected");
    v.trailing_zeros() as i64
}

/// The swizzle of a K-major tile whose rows are `swizzle_bytes` wide, acting on
/// element offsets of 2-byte values: XORs the 16-byte chunk index (element bits
/// `[3, 3+b)`) with the row index modulo `2^b` (bits `[6, 6+b)` for 128-byte rows).
pub fn element_swizzle(swizzle_bytes: usize) -> Result<Swizzle, Error> {
    let chunk_bits = log2((16 / INPUT_BYTES) as i64);
    Swizzle::new(log2(swizzle_bytes as i64 / 16), chunk_bits, 3)
}

/// The swizzle atom of a K-major tile: 8 rows of one swizzle row each, `(8,W):(W,1)`.
pub fn k_major_atom(swizzle_bytes: usize) -> Result<DLayout, Error> {
    let w = (swizzle_bytes / INPUT_BYTES) as i64;
    flat(&[8, w], &[w, 1])
}

/// The MN-major swizzle atom: one swizzle row of `W` M/N-contiguous elements for
/// each of 8 K indices, `(W,8):(1,W)` (CuTe's `Layout_MN_SW*_Atom`).
pub fn mn_major_atom(swizzle_bytes: usize) -> Result<DLayout, Error> {
    let w = (swizzle_bytes / INPUT_BYTES) as i64;
    flat(&[w, 8], &[1, w])
}

/// Which index of an operand tile is contiguous in shared (and global) memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandMajor {
    /// K contiguous (A row-major, B stored `N×K`): `wgmma` without transpose
    K,
    /// M or N contiguous (B stored `K×N` row-major): `wgmma` with `imm-trans-b = 1`
    Mn,
}

/// One operand's tiles in shared memory, all stages: `(rows, K, stage) → element offset`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OperandSmem {
    /// `Sw ∘ tile_to_shape(atom, (rows, BK, stages))`
    pub layout: DComposedLayout,
    /// rows (M or N) of one stage's tile
    pub rows: usize,
    /// K extent of one stage
    pub bk: usize,
    /// which index is contiguous
    pub major: OperandMajor,
    /// swizzle row width in bytes
    pub swizzle_bytes: usize,
}

/// The fields of a wgmma shared-memory matrix descriptor, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descriptor {
    /// leading-dimension byte offset (unused by swizzled K-major tiles, encoded as 1)
    pub lbo: u32,
    /// stride byte offset: between 8-row core-matrix groups
    pub sbo: u32,
    /// the descriptor's swizzle field: 1 = 128B, 2 = 64B, 3 = 32B
    pub layout_type: u32,
}

impl Descriptor {
    /// The high 32 bits: SBO (bits 32..46) and the layout type (bits 62..64).
    pub fn high_word(&self) -> u32 {
        ((self.sbo >> 4) & 0x3FFF) | (self.layout_type << 30)
    }
    /// The low 32 bits without the start address: LBO (bits 16..30).
    pub fn low_flags(&self) -> u32 {
        ((self.lbo >> 4).max(1) & 0x3FFF) << 16
    }
    /// Whether the fields fit their 14-bit slots (offsets below 256 KiB).
    pub fn fits(&self) -> bool {
        (self.lbo >> 4) < 0x4000 && (self.sbo >> 4) < 0x4000
    }
    /// The whole descriptor for a tile starting at shared byte address `addr`.
    pub fn encode(&self, addr: u32) -> u64 {
        (u64::from(self.high_word()) << 32) | u64::from(self.low_flags() | ((addr >> 4) & 0x3FFF))
    }
}

impl OperandSmem {
    /// K-major tiles of `rows × bk` (bk = one swizzle row), `stages` deep.
    pub fn new(rows: usize, swizzle_bytes: usize, stages: usize) -> Result<OperandSmem, Error> {
        let bk = swizzle_bytes / INPUT_BYTES;
        let atom = k_major_atom(swizzle_bytes)?;
        let inner = tile_to_shape(
            &atom,
            &static_tuple(&[rows as i64, bk as i64, stages as i64])?,
            None,
        )?;
        let layout = DComposedLayout::new(element_swizzle(swizzle_bytes)?, DInt::s(0), inner);
        Ok(OperandSmem {
            layout,
            rows,
            bk,
            major: OperandMajor::K,
            swizzle_bytes,
        })
    }

    /// MN-major tiles of `rows × bk` (rows a multiple of one swizzle row), `stages`
    /// deep. The atoms advance along K first, so that each swizzle-row-wide column
    /// block of `bk` K rows is contiguous: exactly one TMA box.
    pub fn mn_major(
        rows: usize,
        bk: usize,
        swizzle_bytes: usize,
        stages: usize,
    ) -> Result<OperandSmem, Error> {
        let atom = mn_major_atom(swizzle_bytes)?;
        let shape = static_tuple(&[rows as i64, bk as i64, stages as i64])?;
        let inner = tile_to_shape(&atom, &shape, Some(&static_tuple(&[1, 0, 2])?))?;
        let layout = DComposedLayout::new(element_swizzle(swizzle_bytes)?, DInt::s(0), inner);
        Ok(OperandSmem {
            layout,
            rows,
            bk,
            major: OperandMajor::Mn,
            swizzle_bytes,
        })
    }

    /// Element offset of `(row, k)` in `stage`, swizzle applied (where TMA puts it).
    pub fn offset(&self, row: usize, k: usize, stage: usize) -> Result<i64, Error> {
        Ok(self
            .layout
            .eval(&coord3(row as i64, k as i64, stage as i64)?)?
            .value)
    }

    /// Element offset before the swizzle (what a descriptor's start address holds).
    pub fn linear_offset(&self, row: usize, k: usize, stage: usize) -> Result<i64, Error> {
        Ok(self
            .layout
            .layout()
            .eval(&coord3(row as i64, k as i64, stage as i64)?)?
            .value)
    }

    /// Bytes from one stage to the next.
    pub fn stage_bytes(&self) -> Result<u32, Error> {
        Ok((self.linear_offset(0, 0, 1)? * INPUT_BYTES as i64) as u32)
    }

    /// The TMA box, innermost (contiguous) dimension first: `{K, rows}` for a
    /// K-major tile (the extents of modes 1 and 0); `{W, K}` for an MN-major one,
    /// W being the contiguous extent of the first sub-mode of the row mode (one
    /// swizzle row) — a stage then takes [`OperandSmem::boxes`] boxes.
    pub fn tma_box(&self) -> Result<[u32; 2], Error> {
        let inner = self.layout.layout();
        let rows = inner.get(0)?;
        let k = inner.get(1)?.size()?.value as u32;
        match self.major {
            OperandMajor::K => Ok([k, rows.size()?.value as u32]),
            OperandMajor::Mn => Ok([rows.shape().leaf(0).value as u32, k]),
        }
    }

    /// TMA boxes per stage, with the element offset of box `j` at `j ·` [`OperandSmem::box_offset`].
    pub fn boxes(&self) -> Result<usize, Error> {
        let [inner, outer] = self.tma_box()?;
        Ok(self.rows * self.bk / (inner * outer) as usize)
    }

    /// Element offset between consecutive boxes of a stage (MN-major: the stride
    /// of the second sub-mode of the row mode).
    pub fn box_offset(&self) -> Result<i64, Error> {
        match self.major {
            OperandMajor::K => Ok(0),
            OperandMajor::Mn => Ok(self.linear_offset(self.tma_box()?[0] as usize, 0, 0)?),
        }
    }

    /// Bytes of one stage (all its boxes; what TMA delivers, out-of-bounds fill included).
    pub fn box_bytes(&self) -> Result<u32, Error> {
        let [a, b] = self.tma_box()?;
        Ok(a * b * INPUT_BYTES as u32 * self.boxes()? as u32)
    }

    /// The wgmma descriptor fields, read as CuTe's `make_gmma_desc` does. K-major:
    /// SBO is the stride of the 8-row groups, from `logical_divide(row mode, 8)`.
    /// MN-major: in 16-byte units (`upcast`), the (rows, K) tile divided by
    /// `(W, 8)` is `((W,n),(8,k)):((1,LBO),(W,SBO))`; LBO steps between swizzle-row
    /// blocks of rows, SBO between 8-deep K groups.
    pub fn descriptor(&self) -> Result<Descriptor, Error> {
        let layout_type = match self.swizzle_bytes {
            128 => 1,
            64 => 2,
            _ => 3,
        };
        let tile =
            DLayout::from_modes(&[self.layout.layout().get(0)?, self.layout.layout().get(1)?])?;
        match self.major {
            OperandMajor::K => {
                let split = logical_divide(&tile.get(0)?, &static_mode(8, 1)?)?;
                let sbo = split.get(1)?.stride().leaf(0).value * INPUT_BYTES as i64;
                Ok(Descriptor {
                    lbo: 16,
                    sbo: sbo as u32,
                    layout_type,
                })
            }
            OperandMajor::Mn => {
                let per_u128 = (16 / INPUT_BYTES) as i64;
                let w = (self.swizzle_bytes / 16) as i64;
                let u = upcast(&tile, per_u128)?;
                let rows = logical_divide(&u.get(0)?, &static_mode(w, 1)?)?;
                let ks = logical_divide(&u.get(1)?, &static_mode(8, 1)?)?;
                let lbo = rows.get(1)?.stride().leaf(0).value * 16;
                let sbo = ks.get(1)?.stride().leaf(0).value * 16;
                Ok(Descriptor {
                    lbo: lbo as u32,
                    sbo: sbo as u32,
                    layout_type,
                })
            }
        }
    }

    /// Byte step of the descriptor start address for the `kk`-th k16 slice.
    pub fn k_step_bytes(&self, kk: usize) -> Result<u32, Error> {
        Ok((self.linear_offset(0, 16 * kk, 0)? * INPUT_BYTES as i64) as u32)
    }

    /// Byte step of the descriptor start address for row `row` (a multiple of 64).
    pub fn row_step_bytes(&self, row: usize) -> Result<u32, Error> {
        Ok((self.linear_offset(row, 0, 0)? * INPUT_BYTES as i64) as u32)
    }

    /// Elements after which the swizzle pattern repeats: offsets that are multiples
    /// of this can be added after the swizzle.
    pub fn swizzle_period(&self) -> i64 {
        let sw = self.layout.swizzle();
        1 << (sw.bits() + sw.base() + sw.shift())
    }
}

/// Which row and column of the consumer's 64×N block each accumulator holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccumulatorMap {
    /// `(thread, value) → m`
    pub m_of: DLayout,
    /// `(thread, value) → n`
    pub n_of: DLayout,
    /// N of the wgmma
    pub n: usize,
}

impl AccumulatorMap {
    /// From CuTe's `CLayout_64xN` (`cute_typed::tv::sm90_c_layout_64xn`).
    pub fn new(n: usize) -> Result<AccumulatorMap, Error> {
        let tv = sm90_c_layout_64xn(n as i64)?;
        let m_of = composition(&flat(&[64, n as i64], &[1, 0])?, &tv)?;
        let n_of = composition(&flat(&[64, n as i64], &[0, 1])?, &tv)?;
        Ok(AccumulatorMap { m_of, n_of, n })
    }
    /// Accumulator registers per thread.
    pub fn values(&self) -> usize {
        self.n / 2
    }
    /// The thread part of the row: `t ↦ m` (mode 0).
    pub fn thread_rows(&self) -> Result<DLayout, Error> {
        self.m_of.get(0)
    }
    /// The thread part of the column: `t ↦ n` (mode 0).
    pub fn thread_cols(&self) -> Result<DLayout, Error> {
        self.n_of.get(0)
    }
    /// `(Δm, Δn)` of value `v` relative to the thread's first value.
    pub fn value_offset(&self, v: usize) -> Result<(i64, i64), Error> {
        Ok((
            self.m_of.get(1)?.at(v as i64)?,
            self.n_of.get(1)?.at(v as i64)?,
        ))
    }
    /// `(m, n)` of thread `t`'s value `v`.
    pub fn coord(&self, t: usize, v: usize) -> Result<(i64, i64), Error> {
        let (dm, dn) = self.value_offset(v)?;
        Ok((
            self.thread_rows()?.at(t as i64)? + dm,
            self.thread_cols()?.at(t as i64)? + dn,
        ))
    }
}

/// `stmatrix.m8n8.x4` on a 16×16 block: lane `l`'s register `q` holds the pair
/// `(row l/4 + 8·(q%2), cols 2·(l%4) + {0,1} + 8·(q/2))`, low half first. As a
/// TV layout into the column-major 16×16 block: `((4,8),(2,2,2)):((32,1),(16,8,128))`
/// with values ordered (half, q%2, q/2).
pub fn stmatrix_fragment() -> Result<DLayout, Error> {
    Ok(make_layout_strided(((_4, _8), (_2, _2, _2)), ((_32, _1), (_16, _8, _128))).to_dynamic())
}

/// `stmatrix.x4` row addresses: lane `l` points at row `l%8` of matrix `l/8`, i.e.
/// at `(l%8 + 8·((l/8)%2), 8·(l/16))` of the 16×16 block, as a layout into its
/// column-major index: `(8,2,2):(1,8,128)`.
pub fn stmatrix_row_addresses() -> Result<DLayout, Error> {
    Ok(make_layout_strided((_8, _2, _2), (_1, _8, _128)).to_dynamic())
}

/// The epilogue's plan for one consumer warpgroup: the staging tile and, for each
/// 16-column group `jj` of a 64-column slab and each `stmatrix` register `q`, the
/// accumulator values `(lo, hi)` (relative to the slab's first value) that it packs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StorePlan {
    /// `Sw ∘ tile_to_shape(atom, (64, 64, 2))`: two staging buffers
    pub staging: DComposedLayout,
    /// `t ↦` element offset (before the swizzle) of thread `t`'s row address for
    /// the first 16-column group, for the 128 threads of the warpgroup
    pub thread_address: DLayout,
    /// `regs[jj][q] = (v_lo, v_hi)`
    pub regs: Vec<[(usize, usize); 4]>,
}

impl StorePlan {
    /// Matches the stmatrix fragment against the accumulator layout for every
    /// thread of the warpgroup; fails if no register assignment is the same for
    /// all threads (it would need per-thread register names).
    pub fn new(acc: &AccumulatorMap) -> Result<StorePlan, Error> {
        let (rows, cols) = C_STAGE;
        let staging = OperandSmem::new(rows, cols * INPUT_BYTES, 2)?.layout;
        let frag = stmatrix_fragment()?;
        let values_per_slab = cols / 2;
        let find = |t: usize, m: i64, n: i64| -> Result<usize, Error> {
            for v in 0..values_per_slab {
                if acc.coord(t, v)? == (m, n) {
                    return Ok(v);
                }
            }
            Err(Error::Unsupported)
        };
        let mut regs = Vec::new();
        for jj in 0..cols / 16 {
            let mut per_q = [(0, 0); 4];
            for (q, slot) in per_q.iter_mut().enumerate() {
                let mut pick: Option<(usize, usize)> = None;
                for t in 0..128usize {
                    let (lane, warp) = (t % 32, t / 32);
                    let mut pair = [0usize; 2];
                    for (h, p) in pair.iter_mut().enumerate() {
                        let v_idx = h + 2 * (q % 2) + 4 * (q / 2);
                        let idx = frag
                            .eval(&DTuple::tuple(&[
                                DTuple::d(lane as i64),
                                DTuple::d(v_idx as i64),
                            ])?)?
                            .value;
                        let (m, n) = (idx % 16 + 16 * warp as i64, idx / 16 + 16 * jj as i64);
                        *p = find(t, m, n)?;
                    }
                    match pick {
                        None => pick = Some((pair[0], pair[1])),
                        Some(x) if x == (pair[0], pair[1]) => {}
                        Some(_) => return Err(Error::Unsupported),
                    }
                }
                *slot = pick.ok_or(Error::Unsupported)?;
            }
            regs.push(per_q);
        }
        // thread t = 32·warp + lane addresses row (16·warp + rowaddr_m(lane)), col rowaddr_n(lane)
        // of the 64-row staging tile; as a layout into its column-major (64, 64) index:
        let lane_rows = stmatrix_row_addresses()?;
        let into_tile = composition(&flat(&[16, 16], &[1, rows as i64])?, &lane_rows)?;
        let lane_index = into_tile.stride();
        let thread_coords = DLayout::new(
            static_tuple(&[8, 2, 2, 4])?,
            DTuple::tuple(&[
                DTuple::s(lane_index.leaf(0).value),
                DTuple::s(lane_index.leaf(1).value),
                DTuple::s(lane_index.leaf(2).value),
                DTuple::s(16),
            ])?,
        )?;
        let one_buffer = staging.layout().get(0)?;
        let one_buffer = DLayout::from_modes(&[one_buffer, staging.layout().get(1)?])?;
        let thread_address = composition(&one_buffer, &thread_coords)?;
        Ok(StorePlan {
            staging,
            thread_address,
            regs,
        })
    }
}

/// Everything the generator reads from layouts for one configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derived {
    /// A tiles (`BM × BK × stages`)
    pub a: OperandSmem,
    /// B tiles (`BN × BK × stages`)
    pub b: OperandSmem,
    /// the accumulator map of one m64 block
    pub acc: AccumulatorMap,
    /// the TMA-store plan (16-bit C with a TMA-store epilogue)
    pub store: Option<StorePlan>,
}

impl Derived {
    /// Derives every layout of configuration `p`, with B stored `b_major`.
    pub fn new(p: &HgemmParams, b_major: OperandMajor) -> Result<Derived, Error> {
        let a = OperandSmem::new(p.bm, p.swizzle_bytes, p.stages)?;
        let b = match b_major {
            OperandMajor::K => OperandSmem::new(p.bn, p.swizzle_bytes, p.stages)?,
            OperandMajor::Mn => OperandSmem::mn_major(p.bn, p.bk, p.swizzle_bytes, p.stages)?,
        };
        let acc = AccumulatorMap::new(p.bn)?;
        let store = if p.tma_store {
            Some(StorePlan::new(&acc)?)
        } else {
            None
        };
        Ok(Derived { a, b, acc, store })
    }
}
