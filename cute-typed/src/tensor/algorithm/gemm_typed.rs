//! `gemm_typed`: the host GEMM over typed layouts — the static blocking is in
//! the types, tiles come from the typed `local_tile`, threads' values from the
//! typed `local_partition`, elements from typed coordinates.
use super::numeric::Numeric;
use crate::error::Error;
use crate::tensor::alloc::vec::Vec;
use crate::tensor::engine::{Storage, StorageMut};
use crate::tensor::layout_trait::TensorLayout;
use crate::tensor::typed_access::{element_at, element_at_mut, IndexWith};
use crate::tensor::typed_partition::PartitionedBy;
use crate::tensor::typed_tile::{tile_count, TiledBy};
use crate::tensor::Tensor;
use crate::typed::numeral::Numeral;
use crate::typed::{Layout, _0, _1, C};

/// The thread layout of the rows (or columns) alone: `(_T, _1):(_1, _0)`, the
/// projection CuTe writes `Step<_1, X>` (A is dealt out by thread rows, B by
/// thread columns).
pub type LineThreads<T> = Layout<(C<T>, _1), (_1, _0)>;

/// A typed tile `(BM, BK)` of `L`, partitioned over the thread lines `T`.
type LinePart<L, BX, BK, T> =
    <<L as TiledBy<(C<BX>, C<BK>), (i64, i64)>>::Tile as PartitionedBy<LineThreads<T>>>::Part;

/// `C = alpha·A·Bᵀ + beta·C` with `A: (M,K)`, `B: (N,K)`, `C: (M,N)` over typed
/// layouts, blocked by the static tile `(BM, BN, BK)` and the static thread
/// layout `thr: (TM, TN) → thread` (thread `t` at `(tr, tc)` owns the C values
/// of rows `tr + TM·i` and columns `tc + TN·j` of each tile).
///
/// Steps, as a GPU kernel takes them:
/// 1. typed `local_tile`: C's `(BM, BN)` tile at `(m, n)` and, per k-tile, A's
///    `(BM, BK)` and B's `(BN, BK)` tiles — `Layout<(_BM,_BK),(DA0,DA1)>` for an
///    A of layout `Layout<(i64,i64),(DA0,DA1)>`;
/// 2. typed `local_partition`: C's tile over `thr`, A's over the thread rows
///    (`(_TM,_1):(_1,_0)` at `tr`), B's over the thread columns;
/// 3. predicates on coordinates: a value is live when its row (column, k) is
///    inside the matrix — tiles are not clipped, as in CuTe;
/// 4. each thread accumulates over `k` (increasing), then `C = alpha·acc + beta·C`:
///    bit for bit [`super::gemm_reference`].
///
/// Operands are tensors over typed layouts whose modes are leaves (e.g.
/// `(M, K):(K, _1)`, any mix of static and run-time leaves); the compile-time
/// preconditions of the typed tiling and partition apply (tile extents ≥ 2,
/// `TM | BM`, `TN | BN`, at least 2 values per thread and mode). Errors:
/// inconsistent sizes ([`Error::SizeMismatch`]), a thread layout that is not a
/// bijection ([`Error::NotInjective`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let (m, n, k) = (10i64, 7i64, 5i64);
/// let a: Vec<f64> = (0..m * k).map(|i| (i % 7) as f64).collect();
/// let b: Vec<f64> = (0..n * k).map(|i| (i % 5) as f64 - 2.0).collect();
/// let ta = make_tensor(&a[..], Layout::new((m, k), (k, _1)).unwrap()).unwrap(); // row-major
/// let tb = make_tensor(&b[..], Layout::new((n, k), (_1, n)).unwrap()).unwrap(); // column-major
/// let lc = Layout::new((m, n), (n, _1)).unwrap();
/// let mut c = make_tensor(vec![1.0; (m * n) as usize], lc).unwrap();
/// let mut r = make_tensor(vec![1.0; (m * n) as usize], lc).unwrap();
/// // 8×4×4 tiles, 2×2 threads (row-major).
/// gemm_typed(2.0, &ta, &tb, 0.5, &mut c, (_8, _4, _4), make_layout_right((_2, _2))).unwrap();
/// gemm_reference(2.0, &ta, &tb, 0.5, &mut r).unwrap();
/// assert_eq!(c.to_vec(), r.to_vec());
/// ```
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub fn gemm_typed<T, EA, LA, EB, LB, EC, LC, BM, BN, BK, TM, TN, E0, E1>(
    alpha: T,
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    beta: T,
    c: &mut Tensor<EC, LC>,
    _tile: (C<BM>, C<BN>, C<BK>),
    thr: Layout<(C<TM>, C<TN>), (C<E0>, C<E1>)>,
) -> Result<(), Error>
where
    T: Numeric,
    EA: Storage<Elem = T>,
    EB: Storage<Elem = T>,
    EC: StorageMut<Elem = T>,
    BM: Numeral,
    BN: Numeral,
    BK: Numeral,
    TM: Numeral,
    TN: Numeral,
    E0: Numeral,
    E1: Numeral,
    LA: TensorLayout + TiledBy<(C<BM>, C<BK>), (i64, i64)>,
    LA::Tile: PartitionedBy<LineThreads<TM>>,
    LinePart<LA, BM, BK, TM>: IndexWith<(i64, i64)>,
    LB: TensorLayout + TiledBy<(C<BN>, C<BK>), (i64, i64)>,
    LB::Tile: PartitionedBy<LineThreads<TN>>,
    LinePart<LB, BN, BK, TN>: IndexWith<(i64, i64)>,
    LC: TensorLayout + Copy + TiledBy<(C<BM>, C<BN>), (i64, i64)>,
    LC::Tile: PartitionedBy<Layout<(C<TM>, C<TN>), (C<E0>, C<E1>)>>,
    <LC::Tile as PartitionedBy<Layout<(C<TM>, C<TN>), (C<E0>, C<E1>)>>>::Part:
        IndexWith<(i64, i64)>,
{
    let (bm, bn, bk) = (C::<BM>::VALUE, C::<BN>::VALUE, C::<BK>::VALUE);
    let (tm, tn) = (C::<TM>::VALUE, C::<TN>::VALUE);
    let (m, n, k) = problem_shape(&a.dlayout(), &b.dlayout(), &c.dlayout())?;
    check_bijection(tm, tn, C::<E0>::VALUE, C::<E1>::VALUE)?;
    let (vm, vn) = (bm / tm, bn / tn);
    let (la, lb, lc) = (a.layout(), b.layout(), *c.layout());
    let (a_data, b_data) = (a.engine().as_slice(), b.engine().as_slice());
    let (a_base, b_base, c_base) = (a.offset(), b.offset(), c.offset());
    let c_data = c.engine_mut_slice();
    let (rows_thr, cols_thr): (LineThreads<TM>, LineThreads<TN>) =
        (Layout::default(), Layout::default());
    let (a_tiler, b_tiler, c_tiler) = (
        (C::<BM>::new(), C::<BK>::new()),
        (C::<BN>::new(), C::<BK>::new()),
        (C::<BM>::new(), C::<BN>::new()),
    );
    let mut acc: Vec<T> = Vec::new();
    for tile_n in 0..tile_count(n, bn) {
        for tile_m in 0..tile_count(m, bm) {
            // Step 1: this CTA's tile of C.
            let (c_tile, c_off) = lc.tile_by(&c_tiler, (tile_m, tile_n))?;
            for t in 0..tm * tn {
                // Step 2: this thread's values of C, and its row and column.
                let (c_part, c_thr) = c_tile.partition_by(&thr, t)?;
                let (tr, tc) = ((t / C::<E0>::VALUE) % tm, (t / C::<E1>::VALUE) % tn);
                // Step 3: live rows and columns (a prefix: coordinates increase).
                let (m0, n0) = (tile_m * bm + tr, tile_n * bn + tc);
                let (rows, cols) = (live(m0, tm, vm, m), live(n0, tn, vn, n));
                if rows == 0 || cols == 0 {
                    continue;
                }
                acc.clear();
                acc.resize((rows * cols) as usize, T::default());
                for tile_k in 0..tile_count(k, bk) {
                    let (a_tile, a_off) = la.tile_by(&a_tiler, (tile_m, tile_k))?;
                    let (a_part, a_thr) = a_tile.partition_by(&rows_thr, tr)?;
                    let (b_tile, b_off) = lb.tile_by(&b_tiler, (tile_n, tile_k))?;
                    let (b_part, b_thr) = b_tile.partition_by(&cols_thr, tc)?;
                    let (a0, b0) = (sum3(a_base, a_off, a_thr)?, sum3(b_base, b_off, b_thr)?);
                    let live_k = bk.min(k - tile_k * bk);
                    // Step 4: the register-level loop, k outermost (k increasing).
                    // Live values have coordinates inside the matrices, so base +
                    // offsets + L(value) is the operand's L(row, k): an index of
                    // its storage by the tensor's invariant, and the wrapping
                    // additions are exact (the accesses stay checked).
                    for kk in 0..live_k {
                        for i in 0..rows {
                            let av =
                                *element_at(a_data, a0.wrapping_add(a_part.index_with(&(i, kk))?))?;
                            let line = &mut acc[(i * cols) as usize..((i + 1) * cols) as usize];
                            for (j, x) in (0..cols).zip(line.iter_mut()) {
                                let bv = *element_at(
                                    b_data,
                                    b0.wrapping_add(b_part.index_with(&(j, kk))?),
                                )?;
                                *x = *x + av * bv;
                            }
                        }
                    }
                }
                let c0 = sum3(c_base, c_off, c_thr)?;
                for i in 0..rows {
                    for j in 0..cols {
                        let x =
                            element_at_mut(c_data, c0.wrapping_add(c_part.index_with(&(i, j))?))?;
                        *x = alpha * acc[(i * cols + j) as usize] + beta * *x;
                    }
                }
            }
        }
    }
    Ok(())
}

#[inline(always)]
/// How many of a thread's `count` values at `first + step·i` lie below `bound`:
/// they are a prefix, because the coordinates increase.
pub(super) fn live(first: i64, step: i64, count: i64, bound: i64) -> i64 {
    (0..count).take_while(|i| first + step * i < bound).count() as i64
}

fn add(a: i64, b: i64) -> Result<i64, Error> {
    a.checked_add(b).ok_or(Error::Overflow)
}

fn sum3(a: i64, b: i64, c: i64) -> Result<i64, Error> {
    add(add(a, b)?, c)
}

/// `(TM, TN):(E0, E1)` numbers the threads `0 .. TM·TN` once each.
fn check_bijection(tm: i64, tn: i64, e0: i64, e1: i64) -> Result<(), Error> {
    let mut hit = Vec::new();
    hit.resize((tm * tn) as usize, false);
    for r in 0..tm {
        for c in 0..tn {
            let t = r * e0 + c * e1;
            match usize::try_from(t).ok().and_then(|t| hit.get_mut(t)) {
                Some(h) if !*h => *h = true,
                _ => return Err(Error::NotInjective),
            }
        }
    }
    Ok(())
}

/// `(M, N, K)` of `C (M,N) = A (M,K) · B (N,K)ᵀ`.
fn problem_shape(
    a: &crate::DLayout,
    b: &crate::DLayout,
    c: &crate::DLayout,
) -> Result<(i64, i64, i64), Error> {
    let mode = |l: &crate::DLayout, i: usize| -> Result<i64, Error> {
        Ok(l.shape().get(i)?.product()?.value)
    };
    let (m, k) = (mode(a, 0)?, mode(a, 1)?);
    let n = mode(b, 0)?;
    if mode(b, 1)? != k || mode(c, 0)? != m || mode(c, 1)? != n {
        return Err(Error::SizeMismatch);
    }
    Ok((m, n, k))
}
