//! `local_partition`: one thread's share of a tensor (CuTe's `outer_partition`
//! with a thread layout).
use super::engine::Engine;
use super::layout_trait::TensorLayout;
use super::local_tile::{repeat_underscore, shape_tiler};
use super::mode_eval::ModeEval;
use super::slice::slice_layout;
use super::tensor::Tensor;
use super::typed_partition::LocalPartitioner;
use crate::dynamic::{DLayout, DTuple, CAPACITY};
use crate::error::Error;

/// CuTe's `Layout::get_flat_coord(t)`: the coordinate of thread `t` in the thread
/// layout `thr`, one 1-D index per top-level mode, such that `thr(coord) == t`
/// for a bijective `thr`. Each leaf is `(t / stride) % shape` (0 for a leaf of
/// extent 1, whatever its stride; a stride-0 leaf of larger extent cannot be
/// inverted: [`Error::NotInjective`]).
///
/// ```
/// use cute_typed::tensor::thread_coord;
/// // 2×16 threads, row-major: thread 17 is at row 1, column 1.
/// let thr = "(2,16):(16,1)".parse().unwrap();
/// assert_eq!(thread_coord(&thr, 17).unwrap().to_string(), "(1,1)");
/// ```
pub fn thread_coord(thr: &DLayout, t: i64) -> Result<DTuple, Error> {
    let modes = ModeEval::new(thr)?;
    let mut coord = [0i64; CAPACITY];
    modes.flat_coord_of(t, &mut coord)?;
    let mut flat = DTuple::empty();
    for c in &coord[..modes.modes()] {
        flat = flat.push(&DTuple::d(*c))?;
    }
    Ok(flat)
}

/// A layout partitioned over threads: `zipped_divide(layout, shape(thr))`, i.e.
/// `((thread modes…), (value modes…))`, and the slicing that picks one thread's
/// values.
///
/// The partition of every thread has the same layout; only the offset differs.
/// So a loop over threads builds this once and calls [`Partition::thread`].
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let tile: DLayout = "(4,4):(4,1)".parse().unwrap(); // 4×4 row-major
/// let thr: DLayout = "(2,2):(2,1)".parse().unwrap(); // 2×2 threads, row-major
/// let p = Partition::new(&tile, &thr).unwrap();
/// // Thread 1 sits at (0, 1): rows 0, 2 × columns 1, 3.
/// let (vals, off) = p.thread(1).unwrap();
/// assert_eq!(off, 1);
/// assert_eq!(vals.to_string(), "(2,2):(8,2)");
/// ```
#[derive(Clone, Debug)]
pub struct Partition {
    zipped: DLayout,
    values: DLayout,
    thr: ModeEval,
    thr_modes: ModeEval,
    threads: i64,
}

impl Partition {
    /// Partitions `layout` by the thread layout `thr` (`thread index →` position
    /// in a grid of threads of shape `shape(thr)`): tile `i` of the grid holds the
    /// elements whose coordinate in mode `i` is congruent to the thread's modulo
    /// `size(mode i of thr)`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let tile: DLayout = "(4,4):(4,1)".parse().unwrap(); // 4×4 row-major
    /// let thr: DLayout = "(2,2):(2,1)".parse().unwrap(); // 2×2 threads, row-major
    /// let p = Partition::new(&tile, &thr).unwrap();
    /// assert_eq!(p.threads(), 4);
    /// assert_eq!(p.values().size().unwrap().value, 4);
    /// ```
    pub fn new(layout: &DLayout, thr: &DLayout) -> Result<Partition, Error> {
        let tiler = shape_tiler(&product_each(&thr.shape())?)?;
        let zipped = crate::algebra::zipped_divide_tiler(layout, &tiler)?;
        let thr_count = zipped.shape().get(0)?.as_tuple().rank();
        let val_count = zipped.shape().get(1)?.as_tuple().rank();
        // Every thread's partition has this layout; only the offset differs.
        let keep = DTuple::tuple(&[repeat_zero(thr_count)?, repeat_underscore(val_count)?])?;
        let (values, _) = slice_layout(&keep, &zipped)?;
        Ok(Partition {
            zipped: zipped.clone(),
            values,
            thr: ModeEval::new(thr)?,
            thr_modes: ModeEval::new(&zipped.get(0)?)?,
            threads: thr.size()?.value,
        })
    }
    /// Partitions `layout` by the modes of `thr` where `proj` is `true` (CuTe's
    /// `local_partition(tensor, thr, t, Step<…>)`); thread indices still range
    /// over all of `thr`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let tile: DLayout = "(4,4):(4,1)".parse().unwrap(); // 4×4 row-major
    /// let thr: DLayout = "(2,2):(2,1)".parse().unwrap(); // 2×2 threads, row-major
    /// // Only the thread rows partition: each thread gets 2 whole rows.
    /// let p = Partition::projected(&tile, &thr, &[true, false]).unwrap();
    /// assert_eq!(p.values().size().unwrap().value, 8);
    /// assert_eq!(p.thread_offset(2).unwrap(), 4); // thread 2 is in thread row 1
    /// ```
    pub fn projected(layout: &DLayout, thr: &DLayout, proj: &[bool]) -> Result<Partition, Error> {
        let mut p = Partition::new(layout, &dice_layout(proj, thr)?)?;
        p.threads = thr.size()?.value;
        Ok(p)
    }
    /// The zipped layout `((thread modes…),(value modes…))`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let tile: DLayout = "(4,4):(4,1)".parse().unwrap(); // 4×4 row-major
    /// let thr: DLayout = "(2,2):(2,1)".parse().unwrap(); // 2×2 threads, row-major
    /// let p = Partition::new(&tile, &thr).unwrap();
    /// assert_eq!(p.zipped().to_string(), "((2,2),(2,2)):((4,1),(8,2))");
    /// ```
    pub fn zipped(&self) -> &DLayout {
        &self.zipped
    }
    /// Number of threads: `size(thr)`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let tile: DLayout = "(4,4):(4,1)".parse().unwrap(); // 4×4 row-major
    /// let thr: DLayout = "(2,2):(2,1)".parse().unwrap(); // 2×2 threads, row-major
    /// assert_eq!(Partition::new(&tile, &thr).unwrap().threads(), 4);
    /// ```
    pub fn threads(&self) -> i64 {
        self.threads
    }
    /// The layout of every thread's partition.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let tile: DLayout = "(4,4):(4,1)".parse().unwrap(); // 4×4 row-major
    /// let thr: DLayout = "(2,2):(2,1)".parse().unwrap(); // 2×2 threads, row-major
    /// assert_eq!(Partition::new(&tile, &thr).unwrap().values().to_string(), "(2,2):(8,2)");
    /// ```
    pub fn values(&self) -> DLayout {
        self.values.clone()
    }
    /// The offset of thread `t`'s first element: the thread modes evaluated at
    /// the thread's coordinate in `thr` (plain arithmetic, no tuples).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let tile: DLayout = "(4,4):(4,1)".parse().unwrap(); // 4×4 row-major
    /// let thr: DLayout = "(2,2):(2,1)".parse().unwrap(); // 2×2 threads, row-major
    /// let p = Partition::new(&tile, &thr).unwrap();
    /// // Thread 3 is at (1, 1): its first element is row 1, column 1.
    /// assert_eq!(p.thread_offset(3).unwrap(), 5);
    /// assert_eq!(p.thread_offset(3).unwrap(), p.thread(3).unwrap().1);
    /// ```
    pub fn thread_offset(&self, t: i64) -> Result<i64, Error> {
        if t < 0 || t >= self.threads {
            return Err(Error::OutOfDomain);
        }
        let mut coord = [0i64; CAPACITY];
        self.thr.flat_coord_of(t, &mut coord)?;
        let mut offset = 0i64;
        for (i, &c) in coord
            .iter()
            .enumerate()
            .take(self.thr.modes().min(self.thr_modes.modes()))
        {
            offset = offset
                .checked_add(self.thr_modes.mode_offset(i, c)?)
                .ok_or(Error::Overflow)?;
        }
        Ok(offset)
    }
    /// Thread `t`'s values: the layout of its partition and the offset of its
    /// first element (CuTe's `local_partition(tensor, thr, t)`).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let tile: DLayout = "(4,4):(4,1)".parse().unwrap(); // 4×4 row-major
    /// let thr: DLayout = "(2,2):(2,1)".parse().unwrap(); // 2×2 threads, row-major
    /// let (vals, off) = Partition::new(&tile, &thr).unwrap().thread(2).unwrap();
    /// assert_eq!((vals.to_string(), off), ("(2,2):(8,2)".to_string(), 4));
    /// ```
    pub fn thread(&self, t: i64) -> Result<(DLayout, i64), Error> {
        Ok((self.values.clone(), self.thread_offset(t)?))
    }
}

/// `(0, 0, …)` with `n` entries.
fn repeat_zero(n: usize) -> Result<DTuple, Error> {
    let mut t = DTuple::empty();
    for _ in 0..n {
        t = t.push(&DTuple::d(0))?;
    }
    Ok(t)
}

/// The product of each top-level mode of a shape: `((2,2),8)` → `(4,8)`.
fn product_each(shape: &DTuple) -> Result<DTuple, Error> {
    let s = shape.as_tuple();
    let mut out = DTuple::empty();
    for i in 0..s.rank() {
        out = out.push(&DTuple::int(s.get(i)?.product()?))?;
    }
    Ok(out)
}

/// The thread layout restricted to the modes where `proj` is `true` (CuTe's
/// `dice(Step<_1, X>, thr)`).
pub(crate) fn dice_layout(proj: &[bool], thr: &DLayout) -> Result<DLayout, Error> {
    if proj.len() != thr.rank() {
        return Err(Error::TilerRank);
    }
    let first = thr.get(0)?;
    let mut modes: [DLayout; 8] = core::array::from_fn(|_| first.clone());
    let mut n = 0;
    for (i, keep) in proj.iter().enumerate() {
        if *keep {
            if n == modes.len() {
                return Err(Error::Capacity);
            }
            modes[n] = thr.get(i)?;
            n += 1;
        }
    }
    DLayout::from_modes(&modes[..n])
}

/// CuTe's `local_partition(layout, thr, t)` on a bare layout: thread `t`'s
/// values and the offset of its first element (see [`Partition`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let tile: DLayout = "(4,4):(4,1)".parse().unwrap(); // 4×4 row-major
/// let thr: DLayout = "(2,2):(2,1)".parse().unwrap(); // 2×2 threads, row-major
/// let (vals, off) = local_partition_layout(&tile, &thr, 3).unwrap();
/// assert_eq!((vals.to_string(), off), ("(2,2):(8,2)".to_string(), 5));
/// ```
pub fn local_partition_layout(
    layout: &DLayout,
    thr: &DLayout,
    t: i64,
) -> Result<(DLayout, i64), Error> {
    Partition::new(layout, thr)?.thread(t)
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `local_partition(tensor, thr, t)`: the elements of thread `t` when
    /// the tensor is dealt out over the thread layout `thr`, as a view.
    ///
    /// `thr` is a [`DLayout`] (any tensor; a [`DLayout`] partition) or a static
    /// typed thread layout such as `make_layout_right((_8, _4))`, whose partition
    /// of a typed tile is a typed layout (see [`PartitionedBy`](super::PartitionedBy)).
    ///
    /// ```
    /// use cute_typed::{tensor::make_tensor, DLayout};
    /// let data: Vec<u16> = (0..64).collect();
    /// let tile = make_tensor(&data[..], "(8,8):(8,1)".parse::<DLayout>().unwrap()).unwrap();
    /// // 2×4 threads numbered row-major: thread 5 sits at (1, 1) of the thread grid
    /// // and owns rows 1, 3, 5, 7 × columns 1, 5 — a (4,2) partition.
    /// let part = tile.local_partition(&"(2,4):(4,1)".parse::<DLayout>().unwrap(), 5).unwrap();
    /// assert_eq!(part.to_vec(), [9, 25, 41, 57, 13, 29, 45, 61]);
    /// ```
    ///
    /// Typed:
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<u16> = (0..64).collect();
    /// let tile = make_tensor(&data[..], make_layout_right((_8, _8))).unwrap();
    /// let part = tile.local_partition(&make_layout_right((_2, _4)), 5).unwrap();
    /// let _: &Layout<(_4, _2), (_16, _4)> = part.layout();
    /// assert_eq!(part.to_vec(), [9, 25, 41, 57, 13, 29, 45, 61]);
    /// ```
    pub fn local_partition<P: LocalPartitioner<L>>(
        self,
        thr: &P,
        t: i64,
    ) -> Result<Tensor<E, P::Part>, Error> {
        let (layout, offset) = thr.partition_layout(self.layout(), t)?;
        let base = self.offset().checked_add(offset).ok_or(Error::Overflow)?;
        Tensor::with_offset(self.into_engine(), layout, base)
    }
    /// `local_partition` with a projection of the thread layout: only its modes
    /// where `proj` is `true` partition the tensor (CuTe's `Step<_1, X>`: A of a
    /// GEMM is partitioned by the thread rows only, B by the columns only).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let thr: DLayout = "(2,2):(2,1)".parse().unwrap();
    /// // Partitioned by the thread rows only: thread 2 (row 1) gets rows 1 and 3, whole.
    /// let p = t.view().local_partition_proj(&thr, 2, &[true, false]).unwrap();
    /// assert_eq!(p.to_vec(), [4, 12, 5, 13, 6, 14, 7, 15]);
    /// ```
    pub fn local_partition_proj(
        self,
        thr: &DLayout,
        t: i64,
        proj: &[bool],
    ) -> Result<Tensor<E, DLayout>, Error> {
        let (layout, offset) = Partition::projected(&self.dlayout(), thr, proj)?.thread(t)?;
        let base = self.offset();
        self.relayout(layout, base.checked_add(offset).ok_or(Error::Overflow)?)
    }
}

/// CuTe's `local_partition(tensor, thr, t)` (see [`Tensor::local_partition`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let data: Vec<i32> = (0..16).collect();
/// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
/// let thr: DLayout = "(2,2):(2,1)".parse().unwrap();
/// let p = local_partition(t.view(), &thr, 1).unwrap();
/// assert_eq!(p.to_vec(), [1, 9, 3, 11]);
/// ```
pub fn local_partition<E: Engine, L: TensorLayout, P: LocalPartitioner<L>>(
    tensor: Tensor<E, L>,
    thr: &P,
    t: i64,
) -> Result<Tensor<E, P::Part>, Error> {
    tensor.local_partition(thr, t)
}
