//! The layouts a GEMM kernel is generated from, built as cute-types [`DLayout`]s.
//!
//! A 2-D tile coordinate is carried as two layouts over the same domain, one per
//! coordinate ([`TileMap`]): `(thread, value) ↦ (row, column)` is the pair
//! `(L_row, L_col)`, and the tile index in a column-major tile is
//! `L_row + rows·L_col`. Thread indices are evaluated in the kernel at run time
//! (shifts and masks, see [`crate::layout_code`]); value indices are evaluated
//! here and become immediates.
use super::config::{k_lanes, GemmParams};
use super::problem::Major;
use cute_typed::{DLayout, DTuple, Error};

/// A flat layout `(s0,s1,…):(d0,d1,…)` with static leaves.
pub fn flat(shape: &[i64], stride: &[i64]) -> Result<DLayout, Error> {
    let mut s = DTuple::empty();
    let mut d = DTuple::empty();
    for (&a, &b) in shape.iter().zip(stride) {
        s = s.push(&DTuple::s(a))?;
        d = d.push(&DTuple::s(b))?;
    }
    DLayout::new(s, d)
}

/// A map into a 2-D tile: one layout per coordinate, over the same domain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileMap {
    /// the row coordinate (M or N: the contiguous index of a shared tile)
    pub row: DLayout,
    /// the column coordinate (N, or K)
    pub col: DLayout,
}

impl TileMap {
    /// `(row, col)` at index `i`.
    pub fn at(&self, i: i64) -> Result<(i64, i64), Error> {
        Ok((self.row.at(i)?, self.col.at(i)?))
    }
    /// Size of the domain.
    pub fn size(&self) -> Result<i64, Error> {
        Ok(self.row.size()?.value)
    }
}

/// The C tile as seen by threads: `thread ↦ (m, n)` of the thread's first value,
/// and `value ↦ (m, n)` offsets of the values it owns (`TM` along M times `TN` along N).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CLayouts {
    /// thread index ↦ (m, n) in the block tile
    pub thread: TileMap,
    /// value index along M ↦ m offset
    pub value_m: DLayout,
    /// value index along N ↦ n offset
    pub value_n: DLayout,
}

/// Thread and value layouts of the C tile.
///
/// Warp-tiled: threads `(LM, LN, warps_M, warps_N)` with m-strides `(4, 0, WM, 0)` and
/// n-strides `(0, 4, 0, WN)`; values `(4, TM/4):(1, 4·LM)` along M and
/// `(4, TN/4):(1, 4·LN)` along N. Blocked: threads `(BM/TM, BN/TN)`, values contiguous.
pub fn c_layouts(p: &GemmParams) -> Result<CLayouts, Error> {
    let a = p.arrangement;
    let (lm, ln) = (p.lanes_m() as i64, p.lanes_n() as i64);
    let (tm, tn) = (a.tm as i64, a.tn as i64);
    if a.wm > 0 {
        let (wm, wn) = (a.wm as i64, a.wn as i64);
        let (warps_m, warps_n) = (p.bm as i64 / wm, p.bn as i64 / wn);
        let shape = [lm, ln, warps_m, warps_n];
        Ok(CLayouts {
            thread: TileMap {
                row: flat(&shape, &[4, 0, wm, 0])?,
                col: flat(&shape, &[0, 4, 0, wn])?,
            },
            value_m: flat(&[4, tm / 4], &[1, 4 * lm])?,
            value_n: flat(&[4, tn / 4], &[1, 4 * ln])?,
        })
    } else {
        let shape = [lm, ln];
        Ok(CLayouts {
            thread: TileMap {
                row: flat(&shape, &[tm, 0])?,
                col: flat(&shape, &[0, tn])?,
            },
            value_m: flat(&[tm], &[1])?,
            value_n: flat(&[tn], &[1])?,
        })
    }
}

/// How one operand's tile travels from global to shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyKind {
    /// 16-byte `cp.async.cg` of 4 elements contiguous along M/N (M/N-major operand)
    Async16,
    /// 4-byte `cp.async.ca` of one element
    Async4,
    /// 16-byte `ld.global.nc.v4` of 4 elements contiguous along K, held in
    /// registers, then 4 transposing `st.shared.f32` (K-major operand)
    LoadStore16,
}

/// The copy of one operand tile `(MN, BK)`: which instruction, and the
/// `(thread + threads·rep) ↦ (mn, k)` map of each copy's first element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyPlan {
    /// the instruction used
    pub kind: CopyKind,
    /// chunk index ↦ (mn, k) of its first element
    pub chunks: TileMap,
    /// elements per chunk
    pub width: usize,
    /// whether a chunk's elements run along K (else along MN)
    pub along_k: bool,
    /// chunks per thread per tile
    pub reps: usize,
}

/// The copy plan of an operand whose tile is `mn × bk` and whose storage is `major`.
///
/// - M/N-major: chunks `(MN/V, BK)`, m-stride `V` then k-stride 1: consecutive
///   threads take consecutive 16-byte pieces of one column.
/// - K-major, V = 4: chunks `(BK/4, MN)`: consecutive threads walk a row along K.
/// - K-major, V = 1: `(min(BK,8), MN, BK/min(BK,8))`: a warp covers 8 K-columns of
///   4 rows, which keeps 32-byte sectors whole and, with a padded shared row, the
///   transposed stores in distinct banks.
pub fn copy_plan(p: &GemmParams, mn: usize, major: Major) -> Result<CopyPlan, Error> {
    let (mn_i, bk) = (mn as i64, p.bk as i64);
    let (kind, chunks, width, along_k) = match (major, p.vec) {
        (Major::Mn, v) => {
            let v = v as i64;
            let shape = [mn_i / v, bk];
            let kind = if v == 4 {
                CopyKind::Async16
            } else {
                CopyKind::Async4
            };
            let map = TileMap {
                row: flat(&shape, &[v, 0])?,
                col: flat(&shape, &[0, 1])?,
            };
            (kind, map, v as usize, false)
        }
        (Major::K, 4) if p.k_staged => {
            let shape = [bk / 4, mn_i];
            let map = TileMap {
                row: flat(&shape, &[0, 1])?,
                col: flat(&shape, &[4, 0])?,
            };
            (CopyKind::LoadStore16, map, 4, true)
        }
        (Major::K, _) => {
            let kl = k_lanes(p.bk) as i64;
            let shape = [kl, mn_i, bk / kl];
            let map = TileMap {
                row: flat(&shape, &[0, 1, 0])?,
                col: flat(&shape, &[1, 0, kl])?,
            };
            (CopyKind::Async4, map, 1, false)
        }
    };
    let total = chunks.size()? as usize;
    Ok(CopyPlan {
        kind,
        chunks,
        width,
        along_k,
        reps: total / p.threads,
    })
}

/// The shared layout of an operand tile: `(MN, BK):(1, MN + pad)` in elements.
pub fn smem_layout(mn: usize, bk: usize, pad: usize) -> Result<DLayout, Error> {
    flat(&[mn as i64, bk as i64], &[1, (mn + pad) as i64])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gemm::config::{Arrangement, GemmParams};

    fn params(arr: Arrangement, vec: usize, bk: usize) -> GemmParams {
        GemmParams::checked(128, 128, bk, arr, 4, 4, vec, 3, 1, 4)
    }

    fn warp_tiled() -> Arrangement {
        Arrangement {
            wm: 32,
            wn: 64,
            tm: 8,
            tn: 8,
        }
    }

    /// Every (thread, value) pair of the C layouts hits a distinct element, and
    /// all `BM·BN` elements are hit.
    #[test]
    fn c_layouts_cover_the_tile_once() {
        for arr in [
            warp_tiled(),
            Arrangement {
                wm: 0,
                wn: 0,
                tm: 8,
                tn: 8,
            },
        ] {
            let p = params(arr, 4, 8);
            let c = c_layouts(&p).unwrap();
            let mut seen = vec![false; p.bm * p.bn];
            for t in 0..p.threads as i64 {
                let (m0, n0) = c.thread.at(t).unwrap();
                for i in 0..arr.tm as i64 {
                    for j in 0..arr.tn as i64 {
                        let m = m0 + c.value_m.at(i).unwrap();
                        let n = n0 + c.value_n.at(j).unwrap();
                        let idx = (m + p.bm as i64 * n) as usize;
                        assert!(!seen[idx], "({m},{n}) owned twice");
                        seen[idx] = true;
                    }
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    /// A warp's lanes read 16-byte vectors of A that are 4 distinct consecutive
    /// vectors (M) and of B 8 (N): no bank conflicts beyond broadcast.
    #[test]
    fn a_warp_reads_contiguous_fragments() {
        let p = params(warp_tiled(), 4, 8);
        let c = c_layouts(&p).unwrap();
        let mut ms: Vec<i64> = (0..32).map(|t| c.thread.at(t).unwrap().0).collect();
        ms.sort();
        ms.dedup();
        assert_eq!(ms, vec![0, 4, 8, 12]);
        let mut ns: Vec<i64> = (0..32).map(|t| c.thread.at(t).unwrap().1).collect();
        ns.sort();
        ns.dedup();
        assert_eq!(ns, (0..8).map(|i| 4 * i).collect::<Vec<_>>());
    }

    /// Each copy plan covers the `(MN, BK)` tile exactly once, and a thread's later
    /// copies sit at a fixed offset from its first (so they are immediates).
    #[test]
    fn copy_plans_cover_the_tile_once_with_fixed_rep_offsets() {
        for vec in [1, 4] {
            for bk in [8, 16] {
                let p = params(warp_tiled(), vec, bk);
                for major in [Major::Mn, Major::K] {
                    let plan = copy_plan(&p, 128, major).unwrap();
                    let mut seen = vec![0u8; 128 * bk];
                    for t in 0..p.threads as i64 {
                        let base = plan.chunks.at(t).unwrap();
                        for r in 0..plan.reps as i64 {
                            let c = plan.chunks.at(t + p.threads as i64 * r).unwrap();
                            let off = plan.chunks.at(p.threads as i64 * r).unwrap();
                            assert_eq!((c.0 - base.0, c.1 - base.1), off);
                            for e in 0..plan.width as i64 {
                                let (mn, k) = if plan.along_k {
                                    (c.0, c.1 + e)
                                } else {
                                    (c.0 + e, c.1)
                                };
                                seen[(mn + 128 * k) as usize] += 1;
                            }
                        }
                    }
                    assert!(seen.iter().all(|&s| s == 1), "vec {vec} bk {bk} {major:?}");
                }
            }
        }
    }

    /// Scalar stores of a K-major copy into the padded shared tile: a warp's 32
    /// stores land in 32 distinct banks.
    #[test]
    fn scalar_k_major_copies_are_bank_conflict_free() {
        let p = params(warp_tiled(), 1, 16);
        let plan = copy_plan(&p, 128, Major::K).unwrap();
        let s = smem_layout(128, 16, 4).unwrap();
        let mut banks: Vec<i64> = (0..32)
            .map(|t| {
                let (mn, k) = plan.chunks.at(t).unwrap();
                s.at(mn + 128 * k).unwrap() % 32
            })
            .collect();
        banks.sort();
        banks.dedup();
        assert_eq!(banks.len(), 32);
    }
}
