//! The typed kernel of [`super::gemm`] and [`super::GemmPlan`]: operands whose
//! two modes are leaves (`(M,K):(dm,dk)`, any strides), tiled by the typed
//! `local_tile` with the configuration's run-time extents and partitioned by
//! C++'s `outer_partition` on typed layouts, elements read through the typed
//! layouts' arithmetic (`index_with`).
use super::gemm_typed::live;
use super::numeric::Numeric;
use crate::dynamic::DLayout;
use crate::error::Error;
use crate::tensor::alloc::vec::Vec;
use crate::tensor::local_partition::thread_coord;
use crate::tensor::typed_access::{element_at, element_at_mut, IndexWith};
use crate::tensor::typed_tile::{tile_count, TiledBy};
use crate::typed::{IntLike, Layout};

/// A rank-2 operand layout with leaf modes, every leaf a run-time value.
pub(crate) type Mat = Layout<(i64, i64), (i64, i64)>;

/// One thread's values of a tile `(s₀,s₁):(d₀,d₁)` dealt out over `(t₀,t₁)`
/// threads, for the thread at `(c₀,c₁)` (C++'s `outer_partition(tile,
/// (t₀,t₁), (c₀,c₁))` for leaf modes): `(s₀/t₀, s₁/t₁):(t₀·d₀, t₁·d₁)` at offset
/// `c₀·d₀ + c₁·d₁`. Preconditions: `tᵢ | sᵢ` (the configuration checks it).
fn outer_partition(
    tile: (i64, i64),
    stride: (i64, i64),
    threads: (i64, i64),
    coord: (i64, i64),
) -> Result<(Mat, i64), Error> {
    let mul = |a: i64, b: i64| a.checked_mul(b).ok_or(Error::Overflow);
    let part = Layout::try_new(
        (tile.0 / threads.0, tile.1 / threads.1),
        (mul(threads.0, stride.0)?, mul(threads.1, stride.1)?),
    )?;
    let offset = mul(coord.0, stride.0)?
        .checked_add(mul(coord.1, stride.1)?)
        .ok_or(Error::Overflow)?;
    Ok((part, offset))
}

/// The typed plan: operand layouts, blocking, and each thread's values of the
/// tiles of A, B and C (the same in every tile; only the tile's offset moves).
pub(crate) struct LeafPlan {
    shape: (i64, i64, i64),
    layouts: [Mat; 3],
    tile: (i64, i64, i64),
    threads: (i64, i64),
    /// Per thread: its row and column in the thread layout, and its part of
    /// the A `(BM,BK)`, B `(BN,BK)` and C `(BM,BN)` tiles.
    parts: Vec<ThreadParts>,
}

struct ThreadParts {
    coord: (i64, i64),
    a: (Mat, i64),
    b: (Mat, i64),
    c: (Mat, i64),
}

impl LeafPlan {
    /// The plan, or `None` when a layout has a nested mode (the caller then
    /// takes the run-time path).
    pub(crate) fn new(
        layouts: [&DLayout; 3],
        shape: (i64, i64, i64),
        tile: (i64, i64, i64),
        thr: &DLayout,
        threads: (i64, i64),
    ) -> Result<Option<LeafPlan>, Error> {
        let mat = |l: &DLayout| Mat::from_dynamic(l).ok();
        let (Some(ma), Some(mb), Some(mc)) = (mat(layouts[0]), mat(layouts[1]), mat(layouts[2]))
        else {
            return Ok(None);
        };
        let mats = [ma, mb, mc];
        let (bm, bn, bk) = tile;
        let stride = |m: &Mat| (m.stride().0.value(), m.stride().1.value());
        let mut parts = Vec::new();
        for t in 0..threads.0 * threads.1 {
            let c = thread_coord(thr, t)?;
            let coord = (c.get(0)?.product()?.value, c.get(1)?.product()?.value);
            // A by the thread rows (Step<_1,X>), B by the thread columns (Step<X,_1>).
            parts.push(ThreadParts {
                coord,
                a: outer_partition((bm, bk), stride(&mats[0]), (threads.0, 1), (coord.0, 0))?,
                b: outer_partition((bn, bk), stride(&mats[1]), (threads.1, 1), (coord.1, 0))?,
                c: outer_partition((bm, bn), stride(&mats[2]), threads, coord)?,
            });
        }
        Ok(Some(LeafPlan {
            shape,
            layouts: mats,
            tile,
            threads,
            parts,
        }))
    }

    /// `C = alpha·A·Bᵀ + beta·C` over the storage of tensors of the plan's
    /// layouts placed at `bases` (checked by the caller).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run<T: Numeric>(
        &self,
        alpha: T,
        a_data: &[T],
        b_data: &[T],
        beta: T,
        c_data: &mut [T],
        bases: (i64, i64, i64),
    ) -> Result<(), Error> {
        let (m, n, k) = self.shape;
        let (bm, bn, bk) = self.tile;
        let (tm, tn) = self.threads;
        let [la, lb, lc] = &self.layouts;
        let mut acc: Vec<T> = Vec::new();
        let (mut a_rows, mut b_cols): (Vec<i64>, Vec<i64>) = (Vec::new(), Vec::new());
        // (A, B) offsets of each k of a thread, and of each k-tile of a CTA.
        let mut ks: Vec<(i64, i64)> = Vec::new();
        let mut k_tiles: Vec<(i64, i64)> = Vec::new();
        for tile_n in 0..tile_count(n, bn) {
            for tile_m in 0..tile_count(m, bm) {
                // This CTA's tile of C and its k-tiles of A and B (typed
                // local_tile, run-time extents): offsets shared by its threads.
                let (_, c_off) = lc.tile_by(&(bm, bn), (tile_m, tile_n))?;
                k_tiles.clear();
                for tile_k in 0..tile_count(k, bk) {
                    let (_, a_off) = la.tile_by(&(bm, bk), (tile_m, tile_k))?;
                    let (_, b_off) = lb.tile_by(&(bn, bk), (tile_n, tile_k))?;
                    k_tiles.push((a_off, b_off));
                }
                for p in &self.parts {
                    let (tr, tc) = p.coord;
                    // Local copies: the inner loops keep them in registers.
                    let (c_part, c_thr) = p.c;
                    let (a_part, a_thr) = p.a;
                    let (b_part, b_thr) = p.b;
                    let (vm, vn) = c_part.shape();
                    // Live values: rows and columns inside C (a prefix).
                    let (m0, n0) = (tile_m * bm + tr, tile_n * bn + tc);
                    let (rows, cols) = (live(m0, tm, vm, m), live(n0, tn, vn, n));
                    if rows == 0 || cols == 0 {
                        continue;
                    }
                    acc.clear();
                    acc.resize((rows * cols) as usize, T::default());
                    // The typed layouts' offsets of this thread's live rows of
                    // A and columns of B (a leaf-mode layout is additive over
                    // its modes: L(i, kk) = L(i, 0) + L(0, kk)).
                    a_rows.clear();
                    for i in 0..rows {
                        a_rows.push(a_part.index_with(&(i, 0))?);
                    }
                    b_cols.clear();
                    for j in 0..cols {
                        b_cols.push(b_part.index_with(&(j, 0))?);
                    }
                    ks.clear();
                    // Only the first `min(BK, K)` k are ever live: a K tile
                    // larger than K costs what K costs.
                    for kk in 0..bk.min(k) {
                        ks.push((a_part.index_with(&(0, kk))?, b_part.index_with(&(0, kk))?));
                    }
                    for (tile_k, &(a_off, b_off)) in k_tiles.iter().enumerate() {
                        let a0 = sum3(bases.0, a_off, a_thr)?;
                        let b0 = sum3(bases.1, b_off, b_thr)?;
                        let live_k = bk.min(k - tile_k as i64 * bk) as usize;
                        // k outermost and increasing: the reference's order for
                        // every element. Live values have coordinates inside the
                        // matrices, so each index is the operand's L(row, k), an
                        // index of its storage (the accesses stay checked; the
                        // wrapping additions are exact).
                        for &(ka, kb) in &ks[..live_k] {
                            let (ak, bk_) = (a0.wrapping_add(ka), b0.wrapping_add(kb));
                            for (&ar, line) in
                                a_rows.iter().zip(acc.chunks_exact_mut(cols as usize))
                            {
                                let av = *element_at(a_data, ak.wrapping_add(ar))?;
                                for (&bc, x) in b_cols.iter().zip(line.iter_mut()) {
                                    *x = *x + av * *element_at(b_data, bk_.wrapping_add(bc))?;
                                }
                            }
                        }
                    }
                    let c0 = sum3(bases.2, c_off, c_thr)?;
                    for i in 0..rows {
                        for j in 0..cols {
                            let ic = c0.wrapping_add(c_part.index_with(&(i, j))?);
                            let x = element_at_mut(c_data, ic)?;
                            *x = alpha * acc[(i * cols + j) as usize] + beta * *x;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

fn sum3(a: i64, b: i64, c: i64) -> Result<i64, Error> {
    a.checked_add(b)
        .and_then(|x| x.checked_add(c))
        .ok_or(Error::Overflow)
}
