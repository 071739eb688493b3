//! `gemm`: `C = alpha·A·Bᵀ + beta·C` on host tensors, decomposed exactly as a GPU
//! kernel decomposes it — tiles by `local_tile`, threads by `local_partition`,
//! ragged edges by identity-tensor predicates — with the "threads" run one after
//! another on the CPU.
use super::gemm_leaf::LeafPlan;
use super::numeric::Numeric;
use crate::dynamic::{DLayout, DTiler, DTuple};
use crate::error::Error;
use crate::tensor::alloc::boxed::Box;
use crate::tensor::alloc::vec::Vec;
use crate::tensor::engine::{Counting, Storage, StorageMut};
use crate::tensor::identity::digit;
use crate::tensor::layout_trait::TensorLayout;
use crate::tensor::local_partition::Partition;
use crate::tensor::local_tile::{dice_tiler, shape_tiler, TileGrid};
use crate::tensor::tensor::element_mut;
use crate::tensor::{make_identity_tensor, Offsets, Tensor};

/// The blocking of [`gemm`]: a CTA tile `BM × BN × BK` and a thread layout
/// `(TM, TN) → thread index` over the `BM × BN` tile of C.
///
/// Thread `t` computes the elements of the C tile whose row is congruent to its
/// row coordinate modulo `TM` and whose column is congruent to its column
/// coordinate modulo `TN` (CuTe's `local_partition`): `(BM/TM) × (BN/TN)` values.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let cfg = GemmConfig::new((32, 32, 8), "(8,4):(4,1)".parse().unwrap()).unwrap();
/// assert_eq!(cfg.tile(), (32, 32, 8));
/// // Thread modes must divide the tile, and the thread layout must be a bijection.
/// assert!(GemmConfig::new((30, 32, 8), "(8,4):(4,1)".parse().unwrap()).is_err());
/// assert!(GemmConfig::new((32, 32, 8), "(8,4):(1,1)".parse().unwrap()).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct GemmConfig {
    tile: (i64, i64, i64),
    threads: DLayout,
}

impl GemmConfig {
    /// A blocking; checks that the tile is positive, the thread layout has rank 2
    /// and is a bijection onto `[0, size)` ([`Error::NotInjective`]), and that its
    /// modes divide `BM` and `BN` ([`Error::ShapeDivisibility`]).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// assert!(GemmConfig::new((16, 16, 4), "(4,4):(4,1)".parse().unwrap()).is_ok());
    /// assert!(GemmConfig::new((0, 16, 4), "(4,4):(4,1)".parse().unwrap()).is_err());
    /// ```
    pub fn new(tile: (i64, i64, i64), threads: DLayout) -> Result<GemmConfig, Error> {
        let (bm, bn, bk) = tile;
        if bm <= 0 || bn <= 0 || bk <= 0 {
            return Err(Error::NonPositiveShape);
        }
        if threads.rank() != 2 {
            return Err(Error::CoordinateMismatch);
        }
        let tm = threads.shape().get(0)?.product()?.value;
        let tn = threads.shape().get(1)?.product()?.value;
        if tm <= 0 || tn <= 0 {
            return Err(Error::NonPositiveShape);
        }
        if bm % tm != 0 || bn % tn != 0 {
            return Err(Error::ShapeDivisibility);
        }
        let p = usize::try_from(threads.size()?.value).map_err(|_| Error::Overflow)?;
        let mut hit = Vec::new();
        // One flag per thread: a thread count beyond memory is an error, not an abort.
        hit.try_reserve_exact(p).map_err(|_| Error::TooLarge)?;
        hit.resize(p, false);
        for idx in Offsets::new(&threads, 0)? {
            match usize::try_from(idx).ok().and_then(|i| hit.get_mut(i)) {
                Some(h) if !*h => *h = true,
                _ => return Err(Error::NotInjective),
            }
        }
        Ok(GemmConfig { tile, threads })
    }
    /// The same blocking for an `M×N×K` problem with each tile extent at most
    /// the problem's (rounded up to a multiple of the threads of its mode): a
    /// tile larger than its mode is one tile either way, with the same live
    /// values, and the per-mode tables then follow the problem, not the tile
    /// (a K tile of 2^40 was a table of 2^40 entries).
    fn clamped(&self, (m, n, k): (i64, i64, i64)) -> Result<GemmConfig, Error> {
        let t =
            |i: usize| -> Result<i64, Error> { Ok(self.threads.shape().get(i)?.product()?.value) };
        let fit = |b: i64, extent: i64, threads: i64| -> Result<i64, Error> {
            // ⌈extent/threads⌉·threads (both positive).
            let whole = crate::tensor::typed_tile::tile_count(extent, threads)
                .checked_mul(threads)
                .ok_or(Error::Overflow)?;
            Ok(b.min(whole))
        };
        let (bm, bn, bk) = self.tile;
        Ok(GemmConfig {
            tile: (fit(bm, m, t(0)?)?, fit(bn, n, t(1)?)?, bk.min(k)),
            threads: self.threads.clone(),
        })
    }
    /// The tile `(BM, BN, BK)`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let cfg = GemmConfig::new((16, 8, 4), "(4,4):(4,1)".parse().unwrap()).unwrap();
    /// assert_eq!(cfg.tile(), (16, 8, 4));
    /// ```
    pub fn tile(&self) -> (i64, i64, i64) {
        self.tile
    }
    /// The thread layout `(TM, TN) → thread index`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let cfg = GemmConfig::new((16, 8, 4), "(4,4):(4,1)".parse().unwrap()).unwrap();
    /// assert_eq!(cfg.threads().to_string(), "(4,4):(4,1)");
    /// ```
    pub fn threads(&self) -> &DLayout {
        &self.threads
    }
    fn tiler(&self) -> Result<DTiler, Error> {
        let (bm, bn, bk) = self.tile;
        shape_tiler(&DTuple::tuple(&[
            DTuple::d(bm),
            DTuple::d(bn),
            DTuple::d(bk),
        ])?)
    }
}

/// `(M, N, K)` of `C (M,N) = A (M,K) · B (N,K)ᵀ`; every operand must have rank 2.
fn problem_shape(a: &DLayout, b: &DLayout, c: &DLayout) -> Result<(i64, i64, i64), Error> {
    if a.rank() != 2 || b.rank() != 2 || c.rank() != 2 {
        return Err(Error::CoordinateMismatch);
    }
    let mode =
        |l: &DLayout, i: usize| -> Result<i64, Error> { Ok(l.shape().get(i)?.product()?.value) };
    let (m, k) = (mode(a, 0)?, mode(a, 1)?);
    let n = mode(b, 0)?;
    if mode(b, 1)? != k || mode(c, 0)? != m || mode(c, 1)? != n {
        return Err(Error::SizeMismatch);
    }
    Ok((m, n, k))
}

/// The indices of mode `i` of `layout` at its 1-D indices `0, 1, …` (a layout's
/// index is the sum over its top-level modes, so per-mode tables reproduce it).
fn mode_table(layout: &DLayout, i: usize) -> Result<Vec<i64>, Error> {
    Ok(Offsets::new(&layout.get(i)?, 0)?.collect())
}

/// One operand, tiled and partitioned: data and identity (coordinate) side by side.
struct Operand {
    /// Tiles of the data layout.
    tiles: TileGrid,
    /// Tiles of the identity tensor.
    id_tiles: TileGrid,
    /// Offset of each thread's partition within a tile (data, identity).
    thread_offset: Vec<(i64, i64)>,
    /// Per value mode: data index and coordinate digits of each 1-D index.
    modes: Vec<(Vec<i64>, Vec<i64>)>,
}

impl Operand {
    /// Tiles `layout` (shape `(X, Y)`) and its identity by `tiler`, slices the
    /// tile at `pattern` and partitions it over the thread-layout modes kept by `proj`.
    fn new(
        layout: &DLayout,
        identity: &Tensor<Counting, DLayout>,
        tiler: &DTiler,
        pattern: &DTuple,
        threads: &DLayout,
        proj: &[bool],
    ) -> Result<Operand, Error> {
        let tiles = TileGrid::new(layout, tiler)?;
        let id_tiles = TileGrid::new(&identity.dlayout(), tiler)?;
        let (tile, _) = tiles.tile(pattern)?;
        let (id_tile, _) = id_tiles.tile(pattern)?;
        let part = Partition::projected(&tile, threads, proj)?;
        let id_part = Partition::projected(&id_tile, threads, proj)?;
        let mut thread_offset = Vec::new();
        for t in 0..part.threads() {
            thread_offset.push((part.thread_offset(t)?, id_part.thread_offset(t)?));
        }
        let values = part.values();
        let id_values = id_part.values();
        if values.rank() != id_values.rank() {
            return Err(Error::Unsupported);
        }
        let mut modes = Vec::new();
        for i in 0..values.rank() {
            modes.push((mode_table(&values, i)?, mode_table(&id_values, i)?));
        }
        Ok(Operand {
            tiles,
            id_tiles,
            thread_offset,
            modes,
        })
    }
    /// Offset of the tile at `coord` (data, identity); missing trailing
    /// coordinates are `_`.
    fn tile_offset(&self, coord: &[i64]) -> Result<(i64, i64), Error> {
        Ok((self.tiles.offset(coord)?, self.id_tiles.offset(coord)?))
    }
    /// Checks that value mode `i` moves only coordinate digit `axis` (the
    /// partition is separable, as by-mode tilers make it), and replaces its
    /// identity codes by that digit.
    fn separate(&mut self, i: usize, axis: usize, id: &Counting) -> Result<(), Error> {
        let (_, codes) = self.modes.get_mut(i).ok_or(Error::Unsupported)?;
        for code in codes.iter_mut() {
            for other in 0..2 {
                if other != axis && digit(*code, id, other)? != 0 {
                    return Err(Error::Unsupported);
                }
            }
            *code = digit(*code, id, axis)?;
        }
        Ok(())
    }
    fn mode(&self, i: usize) -> Result<&(Vec<i64>, Vec<i64>), Error> {
        self.modes.get(i).ok_or(Error::Unsupported)
    }
}

/// `C = alpha·A·Bᵀ + beta·C` with `A: (M,K)`, `B: (N,K)`, `C: (M,N)` — CuTe's
/// GEMM convention; transposed or row-/column-major operands are just other
/// layouts of the same shapes.
///
/// The computation is the CPU model of a tiled GPU kernel:
///
/// 1. `local_tile` with the tiler `(BM,BN,BK)` and projections gives each "CTA"
///    `(m,n)` its tiles `A (BM,BK,k)`, `B (BN,BK,k)`, `C (BM,BN)`;
/// 2. `local_partition` over the thread layout gives each "thread" its values
///    `A (BM/TM,BK,k)`, `B (BN/TN,BK,k)`, `C (BM/TM,BN/TN)`;
/// 3. the same two steps on identity tensors of the three shapes give every value
///    its `(m,n,k)` coordinate, and values outside the matrices (ragged edge tiles)
///    are predicated off;
/// 4. each thread accumulates over `k` in registers, then `C = alpha·acc + beta·C`.
///
/// Layouts are tiled and partitioned once ([`GemmPlan`]); tiles and threads
/// differ only by offsets. When every operand mode is a leaf (row-, column-major,
/// padded, reversed: any strides), the operands are typed layouts
/// `Layout<(i64,i64),(i64,i64)>`: tiles come from the typed `local_tile` with
/// the run-time extents `(BM, BK)`, each thread's values from C++'s
/// `outer_partition` on typed layouts, elements from the typed arithmetic
/// (`index_with`), and predicates from the tile and thread coordinates. An
/// operand with a nested mode runs on per-mode index tables of the `DLayout`s
/// and identity tensors instead ([`GemmPlan::typed`] says which).
///
/// The sum over `k` runs in increasing `k` for every element, so the result is
/// identical, bit for bit, to [`gemm_reference`].
///
/// Errors: operands not of rank 2 or of inconsistent sizes ([`Error::SizeMismatch`]);
/// the algebra's errors for a blocking it cannot express; `beta·C` reads C even
/// when `beta` is zero.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// // C (4×4, column-major) = A (4×2) · Bᵀ, B stored (4×2): 2×2 threads on one 4×4×2 tile.
/// let (m, n, k) = (4, 4, 2);
/// let a: Vec<f64> = (0..m * k).map(|i| i as f64).collect();
/// let b: Vec<f64> = (0..n * k).map(|i| (i % 3) as f64).collect();
/// let la: DLayout = "(4,2):(1,4)".parse().unwrap();
/// let lb: DLayout = "(4,2):(1,4)".parse().unwrap();
/// let lc: DLayout = "(4,4):(1,4)".parse().unwrap();
/// let (ta, tb) = (make_tensor(&a[..], la.clone()).unwrap(), make_tensor(&b[..], lb.clone()).unwrap());
/// let cfg = GemmConfig::new((4, 4, 2), "(2,2):(2,1)".parse().unwrap()).unwrap();
/// let mut c = make_tensor(vec![1.0; m * n], lc.clone()).unwrap();
/// let mut r = make_tensor(vec![1.0; m * n], lc.clone()).unwrap();
/// gemm(2.0, &ta, &tb, 0.5, &mut c, &cfg).unwrap();
/// gemm_reference(2.0, &ta, &tb, 0.5, &mut r).unwrap();
/// assert_eq!(c.to_vec(), r.to_vec());
/// // C(1,2) = 2·(A(1,0)·B(2,0) + A(1,1)·B(2,1)) + 0.5 = 2·(1·2 + 5·0) + 0.5
/// assert_eq!(*c.get((1, 2)).unwrap(), 4.5);
/// ```
pub fn gemm<T, EA, LA, EB, LB, EC, LC>(
    alpha: T,
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    beta: T,
    c: &mut Tensor<EC, LC>,
    cfg: &GemmConfig,
) -> Result<(), Error>
where
    T: Numeric,
    EA: Storage<Elem = T>,
    EB: Storage<Elem = T>,
    EC: StorageMut<Elem = T>,
    LA: TensorLayout,
    LB: TensorLayout,
    LC: TensorLayout,
{
    GemmPlan::new(&a.dlayout(), &b.dlayout(), &c.dlayout(), cfg)?.run(alpha, a, b, beta, c)
}

/// The decomposition of a [`gemm`] for given operand layouts and blocking —
/// steps 1–3 done once — ready to run on any tensors with those layouts. This is
/// the host counterpart of a generated kernel: the plan is what a code generator
/// computes at compile time, [`GemmPlan::run`] is the launch.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// // C (4×4, column-major) = A (4×2) · Bᵀ, B stored (4×2): 2×2 threads on one 4×4×2 tile.
/// let (m, n, k) = (4, 4, 2);
/// let a: Vec<f64> = (0..m * k).map(|i| i as f64).collect();
/// let b: Vec<f64> = (0..n * k).map(|i| (i % 3) as f64).collect();
/// let la: DLayout = "(4,2):(1,4)".parse().unwrap();
/// let lb: DLayout = "(4,2):(1,4)".parse().unwrap();
/// let lc: DLayout = "(4,4):(1,4)".parse().unwrap();
/// let (ta, tb) = (make_tensor(&a[..], la.clone()).unwrap(), make_tensor(&b[..], lb.clone()).unwrap());
/// let cfg = GemmConfig::new((4, 4, 2), "(2,2):(2,1)".parse().unwrap()).unwrap();
/// let plan = GemmPlan::new(&la, &lb, &lc, &cfg).unwrap();
/// // One plan, many runs on tensors of these layouts.
/// for beta in [0.0, 1.0] {
///     let mut c = make_tensor(vec![1.0; m * n], lc.clone()).unwrap();
///     let mut r = make_tensor(vec![1.0; m * n], lc.clone()).unwrap();
///     plan.run(1.0, &ta, &tb, beta, &mut c).unwrap();
///     gemm_reference(1.0, &ta, &tb, beta, &mut r).unwrap();
///     assert_eq!(c.to_vec(), r.to_vec());
/// }
/// ```
pub struct GemmPlan {
    shape: (i64, i64, i64),
    layouts: [DLayout; 3],
    kernel: Kernel,
}

/// How a plan runs: typed (every operand mode a leaf), or by the run-time
/// per-mode tables (an operand with a nested mode).
enum Kernel {
    Leaf(LeafPlan),
    // Boxed: its tables are large (fixed-capacity layouts).
    Modes(Box<ModesPlan>),
}

/// The run-time plan: tiles and partitions of the `DLayout`s and of identity
/// tensors, as per-mode index tables.
struct ModesPlan {
    id: Counting,
    a: Operand,
    b: Operand,
    c: Operand,
    tiles: (i64, i64),
}

impl GemmPlan {
    /// Tiles and partitions the layouts of `A (M,K)`, `B (N,K)` and `C (M,N)`
    /// and of their identity tensors (see [`gemm`]).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// // C (4×4, column-major) = A (4×2) · Bᵀ, B stored (4×2): 2×2 threads on one 4×4×2 tile.
    /// let (m, n, k) = (4, 4, 2);
    /// let a: Vec<f64> = (0..m * k).map(|i| i as f64).collect();
    /// let b: Vec<f64> = (0..n * k).map(|i| (i % 3) as f64).collect();
    /// let la: DLayout = "(4,2):(1,4)".parse().unwrap();
    /// let lb: DLayout = "(4,2):(1,4)".parse().unwrap();
    /// let lc: DLayout = "(4,4):(1,4)".parse().unwrap();
    /// let (ta, tb) = (make_tensor(&a[..], la.clone()).unwrap(), make_tensor(&b[..], lb.clone()).unwrap());
    /// let cfg = GemmConfig::new((4, 4, 2), "(2,2):(2,1)".parse().unwrap()).unwrap();
    /// assert!(GemmPlan::new(&la, &lb, &lc, &cfg).is_ok());
    /// // A and C disagree on M.
    /// let bad: DLayout = "(8,4):(1,8)".parse().unwrap();
    /// assert!(GemmPlan::new(&la, &lb, &bad, &cfg).is_err());
    /// ```
    pub fn new(
        la: &DLayout,
        lb: &DLayout,
        lc: &DLayout,
        cfg: &GemmConfig,
    ) -> Result<GemmPlan, Error> {
        let (m, n, k) = problem_shape(la, lb, lc)?;
        let thr = &cfg.threads;
        let threads = (
            thr.shape().get(0)?.product()?.value,
            thr.shape().get(1)?.product()?.value,
        );
        let leaf = LeafPlan::new([la, lb, lc], (m, n, k), cfg.tile, thr, threads)?;
        let kernel = match leaf {
            Some(p) => Kernel::Leaf(p),
            None => {
                let cfg = cfg.clamped((m, n, k))?;
                Kernel::Modes(Box::new(ModesPlan::new(la, lb, lc, &cfg, (m, n, k))?))
            }
        };
        Ok(GemmPlan {
            shape: (m, n, k),
            layouts: [la.clone(), lb.clone(), lc.clone()],
            kernel,
        })
    }

    /// Whether the plan runs the typed kernel: every operand mode is a leaf,
    /// so the operands are `Layout<(i64,i64),(i64,i64)>`, tiled by the typed
    /// `local_tile` (run-time extents) and read through the typed layouts'
    /// arithmetic. An operand with a nested mode (`((4,2),8):((2,1),8)`) runs
    /// on the run-time per-mode tables instead.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let cfg = GemmConfig::new((4, 4, 2), "(2,2):(2,1)".parse().unwrap()).unwrap();
    /// let (la, lb, lc): (DLayout, DLayout, DLayout) =
    ///     ("(4,2):(1,4)".parse().unwrap(), "(4,2):(2,1)".parse().unwrap(), "(4,4):(1,4)".parse().unwrap());
    /// assert!(GemmPlan::new(&la, &lb, &lc, &cfg).unwrap().typed());
    /// let split: DLayout = "((2,2),2):((2,1),4)".parse().unwrap();
    /// assert!(!GemmPlan::new(&split, &lb, &lc, &cfg).unwrap().typed());
    /// ```
    pub fn typed(&self) -> bool {
        matches!(self.kernel, Kernel::Leaf(_))
    }
    /// `C = alpha·A·Bᵀ + beta·C` for tensors whose layouts are the plan's
    /// ([`Error::NotCongruent`] otherwise; offsets and storage may differ).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// // C (4×4, column-major) = A (4×2) · Bᵀ, B stored (4×2): 2×2 threads on one 4×4×2 tile.
    /// let (m, n, k) = (4, 4, 2);
    /// let a: Vec<f64> = (0..m * k).map(|i| i as f64).collect();
    /// let b: Vec<f64> = (0..n * k).map(|i| (i % 3) as f64).collect();
    /// let la: DLayout = "(4,2):(1,4)".parse().unwrap();
    /// let lb: DLayout = "(4,2):(1,4)".parse().unwrap();
    /// let lc: DLayout = "(4,4):(1,4)".parse().unwrap();
    /// let (ta, tb) = (make_tensor(&a[..], la.clone()).unwrap(), make_tensor(&b[..], lb.clone()).unwrap());
    /// let cfg = GemmConfig::new((4, 4, 2), "(2,2):(2,1)".parse().unwrap()).unwrap();
    /// let plan = GemmPlan::new(&la, &lb, &lc, &cfg).unwrap();
    /// let mut c = make_tensor(vec![0.0; m * n], lc.clone()).unwrap();
    /// plan.run(1.0, &ta, &tb, 0.0, &mut c).unwrap();
    /// // C(3,1) = A(3,0)·B(1,0) + A(3,1)·B(1,1) = 3·1 + 7·2
    /// assert_eq!(*c.get((3, 1)).unwrap(), 17.0);
    /// ```
    pub fn run<T, EA, LA, EB, LB, EC, LC>(
        &self,
        alpha: T,
        a: &Tensor<EA, LA>,
        b: &Tensor<EB, LB>,
        beta: T,
        c: &mut Tensor<EC, LC>,
    ) -> Result<(), Error>
    where
        T: Numeric,
        EA: Storage<Elem = T>,
        EB: Storage<Elem = T>,
        EC: StorageMut<Elem = T>,
        LA: TensorLayout,
        LB: TensorLayout,
        LC: TensorLayout,
    {
        let same = |l: &DLayout, p: &DLayout| {
            l.shape().eq_values(&p.shape()) && l.stride().eq_values(&p.stride())
        };
        let [la, lb, lc] = &self.layouts;
        if !same(&a.dlayout(), la) || !same(&b.dlayout(), lb) || !same(&c.dlayout(), lc) {
            return Err(Error::NotCongruent);
        }
        let bases = (a.offset(), b.offset(), c.offset());
        let (a_data, b_data) = (a.engine().as_slice(), b.engine().as_slice());
        let c_data = c.engine_mut_slice();
        match &self.kernel {
            Kernel::Leaf(p) => p.run(alpha, a_data, b_data, beta, c_data, bases),
            Kernel::Modes(p) => p.run(self.shape, alpha, a_data, b_data, beta, c_data, bases),
        }
    }
}

impl ModesPlan {
    /// The loops of [`gemm`] over the per-mode tables.
    #[allow(clippy::too_many_arguments)]
    fn run<T: Numeric>(
        &self,
        (m, n, k): (i64, i64, i64),
        alpha: T,
        a_data: &[T],
        b_data: &[T],
        beta: T,
        c_data: &mut [T],
        (a_base, b_base, c_base): (i64, i64, i64),
    ) -> Result<(), Error> {
        let (mt, nt) = self.tiles;
        let id = &self.id;
        let (pa, pb, pc) = (&self.a, &self.b, &self.c);
        let (a_rows, a_rows_m) = pa.mode(0)?;
        let (a_ks, a_ks_k) = pa.mode(1)?;
        let (a_kts, a_kts_k) = pa.mode(2)?;
        let (b_cols, b_cols_n) = pb.mode(0)?;
        let (b_ks, _) = pb.mode(1)?;
        let (b_kts, _) = pb.mode(2)?;
        let (c_rows, _) = pc.mode(0)?;
        let (c_cols, _) = pc.mode(1)?;

        // Per-thread work lists, reused: (A index, C row index) of live rows, (B, C)
        // of live columns, (A, B) index steps of live k, accumulators.
        let mut rows: Vec<(usize, i64)> = Vec::new();
        let mut cols: Vec<(usize, i64)> = Vec::new();
        let mut ks: Vec<(usize, usize)> = Vec::new();
        let mut acc: Vec<T> = Vec::new();
        for tn in 0..nt {
            for tm in 0..mt {
                let (oa, ia) = pa.tile_offset(&[tm])?;
                let (ob, ib) = pb.tile_offset(&[tn])?;
                let (oc, ic) = pc.tile_offset(&[tm, tn])?;
                let same = digit(ia, id, 0)? == digit(ic, id, 0)?
                    && digit(ib, id, 0)? == digit(ic, id, 1)?;
                if !same || digit(ia, id, 1)? != digit(ib, id, 1)? {
                    return Err(Error::Unsupported);
                }
                for t in 0..pc.thread_offset.len() {
                    let (a_thr, ia_thr) = pa.thread_offset[t];
                    let (b_thr, ib_thr) = pb.thread_offset[t];
                    let (c_thr, _) = pc.thread_offset[t];
                    // Step 3: coordinates of this thread's first value (tile base +
                    // thread base); a value is live where its coordinate is inside.
                    let (m0, k0) = (digit(ia + ia_thr, id, 0)?, digit(ia + ia_thr, id, 1)?);
                    let n0 = digit(ib + ib_thr, id, 0)?;
                    rows.clear();
                    for (i, (&ar, &dm)) in a_rows.iter().zip(a_rows_m).enumerate() {
                        if m0 + dm < m {
                            rows.push((to_index(a_base + oa + a_thr + ar), c_rows[i]));
                        }
                    }
                    cols.clear();
                    for (j, (&bc, &dn)) in b_cols.iter().zip(b_cols_n).enumerate() {
                        if n0 + dn < n {
                            cols.push((to_index(b_base + ob + b_thr + bc), c_cols[j]));
                        }
                    }
                    if rows.is_empty() || cols.is_empty() {
                        continue;
                    }
                    // Step 4: accumulate over k in "registers".
                    acc.clear();
                    acc.resize(rows.len() * cols.len(), T::default());
                    for (kt, (&akt, &bkt)) in a_kts.iter().zip(b_kts).enumerate() {
                        ks.clear();
                        for (kk, (&ak, &bk)) in a_ks.iter().zip(b_ks).enumerate() {
                            if k0 + a_kts_k[kt] + a_ks_k[kk] < k {
                                ks.push((to_index(akt + ak), to_index(bkt + bk)));
                            }
                        }
                        accumulate(&mut acc, &rows, &cols, &ks, a_data, b_data)?;
                    }
                    // Epilogue: C = alpha·acc + beta·C over the live values.
                    for (ii, &(_, cr)) in rows.iter().enumerate() {
                        for (jj, &(_, cc)) in cols.iter().enumerate() {
                            let x = element_mut(c_data, c_base + oc + c_thr + cr + cc)?;
                            *x = alpha * acc[ii * cols.len() + jj] + beta * *x;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

impl ModesPlan {
    /// Steps 1–3 of [`gemm`] on the `DLayout`s, as per-mode tables.
    fn new(
        la: &DLayout,
        lb: &DLayout,
        lc: &DLayout,
        cfg: &GemmConfig,
        (m, n, k): (i64, i64, i64),
    ) -> Result<ModesPlan, Error> {
        let shape2 = |x: i64, y: i64| DTuple::tuple(&[DTuple::d(x), DTuple::d(y)]);

        let ida = make_identity_tensor(&shape2(m, k)?)?;
        let idb = make_identity_tensor(&shape2(n, k)?)?;
        let idc = make_identity_tensor(&shape2(m, n)?)?;
        let id = *ida.engine();

        // Step 1: CTA tiles, with CuTe's projections Step<_1,X,_1>, <X,_1,_1>, <_1,_1,X>.
        let tiler = cfg.tiler()?;
        let (t_mk, t_nk, t_mn) = (
            dice_tiler(&[true, false, true], &tiler)?,
            dice_tiler(&[false, true, true], &tiler)?,
            dice_tiler(&[true, true, false], &tiler)?,
        );
        let zero_k = DTuple::tuple(&[DTuple::d(0), DTuple::underscore()])?;
        let zero_mn = shape2(0, 0)?;
        // Step 2: thread partitions of the tile pattern (rows of A, columns of B).
        let thr = &cfg.threads;
        let mut pa = Operand::new(la, &ida, &t_mk, &zero_k, thr, &[true, false])?;
        let mut pb = Operand::new(lb, &idb, &t_nk, &zero_k, thr, &[false, true])?;
        let mut pc = Operand::new(lc, &idc, &t_mn, &zero_mn, thr, &[true, true])?;
        // Step 3 set-up: value modes are (rows|cols, k, k-tile) and (rows, cols);
        // each moves one coordinate.
        for (op, axes) in [(&mut pa, [0, 1, 1]), (&mut pb, [0, 1, 1])] {
            for (i, axis) in axes.into_iter().enumerate() {
                op.separate(i, axis, &id)?;
            }
        }
        pc.separate(0, 0, &id)?;
        pc.separate(1, 1, &id)?;
        // The three partitions must describe the same (m, n, k) for the same value
        // index: A's rows are C's rows, B's columns are C's columns, A's k is B's k.
        // True by construction; checked because the loops of `run` rely on it.
        let agree = pa.mode(0)?.1 == pc.mode(0)?.1
            && pb.mode(0)?.1 == pc.mode(1)?.1
            && pa.mode(1)?.1 == pb.mode(1)?.1
            && pa.mode(2)?.1 == pb.mode(2)?.1;
        if !agree {
            return Err(Error::Unsupported);
        }
        for t in 0..pc.thread_offset.len() {
            let (ia, ib, ic) = (
                pa.thread_offset[t].1,
                pb.thread_offset[t].1,
                pc.thread_offset[t].1,
            );
            let same = digit(ia, &id, 0)? == digit(ic, &id, 0)?
                && digit(ib, &id, 0)? == digit(ic, &id, 1)?
                && digit(ia, &id, 1)? == digit(ib, &id, 1)?;
            if !same {
                return Err(Error::Unsupported);
            }
        }
        let tiles_mn = pc.tiles.tiles()?;
        let tiles = (
            tiles_mn.get(0)?.product()?.value,
            tiles_mn.get(1)?.product()?.value,
        );
        Ok(ModesPlan {
            id,
            a: pa,
            b: pb,
            c: pc,
            tiles,
        })
    }
}

/// The register-level loop of one thread over one k-tile:
/// `acc(i,j) += A(row i, k) · B(col j, k)` for each live `k` in order.
#[inline]
fn accumulate<T: Numeric>(
    acc: &mut [T],
    rows: &[(usize, i64)],
    cols: &[(usize, i64)],
    ks: &[(usize, usize)],
    a: &[T],
    b: &[T],
) -> Result<(), Error> {
    let width = cols.len();
    for &(ak, bk) in ks {
        for (ii, &(ar, _)) in rows.iter().enumerate() {
            let av = *a.get(ar.wrapping_add(ak)).ok_or(Error::OutOfStorage)?;
            let line = &mut acc[ii * width..(ii + 1) * width];
            for (x, &(bc, _)) in line.iter_mut().zip(cols) {
                *x = *x + av * *b.get(bc.wrapping_add(bk)).ok_or(Error::OutOfStorage)?;
            }
        }
    }
    Ok(())
}

/// A partial index as `usize`, two's complement: with negative strides a row's
/// or a k-step's share of an index may be negative while their sum is not.
/// Shares are combined with `wrapping_add`, and every sum is bounds-checked by
/// the slice access, so a wrong sum is an error, never an out-of-storage read.
fn to_index(i: i64) -> usize {
    i as usize
}

/// The plain triple loop through tensor coordinates:
/// `C(m,n) = alpha·Σₖ A(m,k)·B(n,k) + beta·C(m,n)`, `k` increasing. The reference
/// [`gemm`] is tested against.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// // C (4×4, column-major) = A (4×2) · Bᵀ, B stored (4×2): 2×2 threads on one 4×4×2 tile.
/// let (m, n, k) = (4, 4, 2);
/// let a: Vec<f64> = (0..m * k).map(|i| i as f64).collect();
/// let b: Vec<f64> = (0..n * k).map(|i| (i % 3) as f64).collect();
/// let la: DLayout = "(4,2):(1,4)".parse().unwrap();
/// let lb: DLayout = "(4,2):(1,4)".parse().unwrap();
/// let lc: DLayout = "(4,4):(1,4)".parse().unwrap();
/// let (ta, tb) = (make_tensor(&a[..], la.clone()).unwrap(), make_tensor(&b[..], lb.clone()).unwrap());
/// let cfg = GemmConfig::new((4, 4, 2), "(2,2):(2,1)".parse().unwrap()).unwrap();
/// let mut c = make_tensor(vec![0.0; m * n], lc.clone()).unwrap();
/// gemm_reference(1.0, &ta, &tb, 0.0, &mut c).unwrap();
/// assert_eq!(*c.get((3, 1)).unwrap(), 3.0 * 1.0 + 7.0 * 2.0);
/// ```
pub fn gemm_reference<T, EA, LA, EB, LB, EC, LC>(
    alpha: T,
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    beta: T,
    c: &mut Tensor<EC, LC>,
) -> Result<(), Error>
where
    T: Numeric,
    EA: Storage<Elem = T>,
    EB: Storage<Elem = T>,
    EC: StorageMut<Elem = T>,
    LA: TensorLayout,
    LB: TensorLayout,
    LC: TensorLayout,
{
    let (m, n, k) = problem_shape(&a.dlayout(), &b.dlayout(), &c.dlayout())?;
    for i in 0..m {
        for j in 0..n {
            let mut acc = T::default();
            for p in 0..k {
                acc = acc + *a.get((i, p))? * *b.get((j, p))?;
            }
            let x = c.get_mut((i, j))?;
            *x = alpha * acc + beta * *x;
        }
    }
    Ok(())
}
