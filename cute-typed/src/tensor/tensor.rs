//! [`Tensor`]: a layout over an engine.
use core::fmt;

use super::bounds::in_domain;
use super::coord::IntoCoord;
use super::engine::{Engine, Storage, StorageMut};
use super::iter::{Offsets, TensorIter};
use super::layout_trait::TensorLayout;
use crate::dynamic::{DLayout, DTuple};
use crate::error::Error;

/// CuTe's `Tensor<Engine, Layout>`: the element at coordinate `c` is
/// `engine[offset + L(c)]`.
///
/// Invariant (checked by every constructor and view): for every coordinate `c`
/// of the layout's domain, `offset + L(c)` is an index of the engine. Hence no
/// access through a tensor can leave its storage.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// // A 2×3 row-major matrix over a borrowed slice, with a static layout.
/// let data = [1, 2, 3, 4, 5, 6];
/// let t: Tensor<&[i32], Layout<(_2, _3), (_3, _1)>> = make_tensor(&data[..], make_layout_right((_2, _3))).unwrap();
/// assert_eq!(*t.get((1, 0)).unwrap(), 4);
/// // Views of a static layout keep a static layout: the second column.
/// let col = t.view().slice((Underscore, 1)).unwrap();
/// assert_eq!(col.layout().to_string(), "(_2):(_3)");
/// assert_eq!(col.to_vec(), [2, 5]);
/// // A typed tile: the static tile shape, the strides of the tensor.
/// let tile: Tensor<&[i32], Layout<(_2, _3), (_3, _1)>> = t.view().local_tile(&(_2, _3), (0, 0)).unwrap();
/// assert_eq!(tile.to_vec(), [1, 4, 2, 5, 3, 6]);
/// ```
#[derive(Clone, Copy)]
pub struct Tensor<E, L = DLayout> {
    engine: E,
    layout: L,
    offset: i64,
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// The tensor `engine ∘ layout` (offset 0). [`Error::OutOfStorage`] if the
    /// layout reaches past the engine.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data = [1, 2, 3, 4];
    /// assert!(Tensor::new(&data[..], make_layout(_4)).is_ok());
    /// assert!(Tensor::new(&data[..], make_layout(_8)).is_err()); // past the storage
    /// ```
    pub fn new(engine: E, layout: L) -> Result<Self, Error> {
        Self::with_offset(engine, layout, 0)
    }
    /// The tensor whose coordinate 0 is element `offset` of `engine`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..8).collect();
    /// let t = Tensor::with_offset(&data[..], make_layout(_4), 4).unwrap();
    /// assert_eq!(t.to_vec(), [4, 5, 6, 7]);
    /// assert!(Tensor::with_offset(&data[..], make_layout(_4), 5).is_err());
    /// ```
    pub fn with_offset(engine: E, layout: L, offset: i64) -> Result<Self, Error> {
        engine.admits(&layout.to_dlayout(), offset)?;
        Ok(Tensor {
            engine,
            layout,
            offset,
        })
    }
    /// The layout.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.layout().to_string(), "(_4,_4):(_4,_1)");
    /// ```
    pub fn layout(&self) -> &L {
        &self.layout
    }
    /// The layout as a run-time layout.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let d: DLayout = t.dlayout();
    /// assert_eq!(d.to_string(), "(_4,_4):(_4,_1)");
    /// ```
    pub fn dlayout(&self) -> DLayout {
        self.layout.to_dlayout()
    }
    /// The shape.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.shape().to_string(), "(_4,_4)");
    /// ```
    pub fn shape(&self) -> DTuple {
        self.dlayout().shape()
    }
    /// The stride.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.stride().to_string(), "(_4,_1)");
    /// ```
    pub fn stride(&self) -> DTuple {
        self.dlayout().stride()
    }
    /// Number of top-level modes.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.rank(), 2);
    /// ```
    pub fn rank(&self) -> usize {
        self.dlayout().rank()
    }
    /// Number of elements (the product of the shape).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.size(), 16);
    /// ```
    pub fn size(&self) -> usize {
        // Positive by the invariant, and bounded by the engine's addressable range
        // in practice; saturate rather than fail for storage-less engines.
        self.dlayout()
            .size()
            .ok()
            .and_then(|s| usize::try_from(s.value).ok())
            .unwrap_or(usize::MAX)
    }
    /// Index of coordinate 0 in the engine.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    /// assert_eq!(t.view().local_tile(&tiler, (1, 1)).unwrap().offset(), 10);
    /// ```
    pub fn offset(&self) -> i64 {
        self.offset
    }
    /// The engine.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.engine().len(), 16);
    /// ```
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// The engine, mutably (for the engines whose own rule keeps accesses
    /// checked, such as [`super::Ragged`]).
    pub(crate) fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }
    /// The engine, giving up the tensor.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let t = make_tensor(vec![1, 2, 3], make_layout(_3)).unwrap();
    /// assert_eq!(t.into_engine(), vec![1, 2, 3]);
    /// ```
    pub fn into_engine(self) -> E {
        self.engine
    }
    /// The engine index of a coordinate: `offset + L(c)`. The coordinate may be an
    /// integer (1-D index), a tuple of the shape's rank, or a natural (nested)
    /// coordinate; it must lie in the shape ([`Error::OutOfDomain`]).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.index_of((1, 2)).unwrap(), 6);
    /// assert_eq!(t.index_of(1).unwrap(), 4); // 1-D index 1 is (1, 0)
    /// assert!(t.index_of((4, 0)).is_err()); // outside the shape
    /// ```
    pub fn index_of<C: IntoCoord>(&self, coord: C) -> Result<i64, Error> {
        let c = coord.into_coord()?;
        if c.has_underscore() {
            return Err(Error::ExpectedInt);
        }
        // A run-time layout is read where it lies; a typed one is converted.
        let converted;
        let l = match self.layout.as_dlayout() {
            Some(l) => l,
            None => {
                converted = self.dlayout();
                &converted
            }
        };
        if !in_domain(&c, l.shape_ref())? {
            return Err(Error::OutOfDomain);
        }
        self.offset
            .checked_add(l.eval(&c)?.value)
            .ok_or(Error::Overflow)
    }
    /// The same engine under another layout and offset (the checked form every view
    /// of the algebra goes through).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// // The main diagonal: 4 elements 5 apart.
    /// let diag = t.view().relayout("4:5".parse().unwrap(), 0).unwrap();
    /// assert_eq!(diag.to_vec(), [0, 5, 10, 15]);
    /// assert!(t.view().relayout("4:5".parse().unwrap(), 1).is_err()); // past the storage
    /// ```
    pub fn relayout(self, layout: DLayout, offset: i64) -> Result<Tensor<E, DLayout>, Error> {
        Tensor::with_offset(self.engine, layout, offset)
    }
    /// The engine indices of all elements, in layout order.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// let o: Vec<i64> = t.offsets().unwrap().take(4).collect();
    /// assert_eq!(o, [0, 4, 8, 12]);
    /// ```
    pub fn offsets(&self) -> Result<Offsets, Error> {
        Offsets::new(&self.dlayout(), self.offset)
    }
}

impl<E: Storage, L: TensorLayout> Tensor<E, L> {
    /// The element at a coordinate (any form [`Tensor::index_of`] accepts).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.get((2, 3)), Ok(&11));
    /// assert!(t.get((2, 4)).is_err());
    /// ```
    pub fn get<C: IntoCoord>(&self, coord: C) -> Result<&E::Elem, Error> {
        let i = self.index_of(coord)?;
        element(self.engine.as_slice(), i)
    }
    /// The elements in layout order (1-D index 0, 1, …).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.iter().map(|&x| x as i64).sum::<i64>(), 120);
    /// ```
    pub fn iter(&self) -> TensorIter<'_, E::Elem> {
        // A size beyond `usize` (stride-0 modes over a small storage) walks
        // `usize::MAX` elements, as `size()` reports.
        let offsets = match Offsets::saturating(&self.dlayout(), self.offset) {
            Ok(o) => o,
            // The invariant (positive shape, offsets inside the storage) makes
            // this unreachable; an empty walk is the safe answer.
            Err(_) => Offsets::empty(),
        };
        TensorIter {
            storage: self.engine.as_slice(),
            offsets,
        }
    }
    /// A borrowed view with the same layout and offset.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let t = make_tensor(vec![1, 2, 3, 4], make_layout(_4)).unwrap();
    /// let v = t.view(); // borrows the vector
    /// assert_eq!(v.to_vec(), [1, 2, 3, 4]);
    /// ```
    pub fn view(&self) -> Tensor<&[E::Elem], L>
    where
        L: Clone,
    {
        Tensor {
            engine: self.engine.as_slice(),
            layout: self.layout.clone(),
            offset: self.offset,
        }
    }
    /// The elements in layout order, copied into a vector.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_4, _4))).unwrap(); // 4×4 row-major
    /// assert_eq!(t.view().slice((1, Underscore)).unwrap().to_vec(), [4, 5, 6, 7]);
    /// ```
    ///
    /// # Panics
    ///
    /// When the elements do not fit in memory, as `Vec` does: a tensor with
    /// stride-0 modes can have far more elements than its storage
    /// (`(2^62,4):(0,1)` over 4 values). [`Tensor::try_to_vec`] returns
    /// [`Error::TooLarge`] instead.
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> crate::tensor::alloc::vec::Vec<E::Elem>
    where
        E::Elem: Clone,
    {
        match self.try_to_vec() {
            Ok(v) => v,
            Err(e) => panic!("Tensor::to_vec: {e} ({} elements)", self.size()),
        }
    }
    /// [`Tensor::to_vec`], with [`Error::TooLarge`] when the elements cannot be
    /// allocated (more than `isize::MAX` bytes, or more than the allocator gives).
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::{DLayout, Error};
    /// let data = [1i32, 2, 3, 4];
    /// let l: DLayout = "(4611686018427387904,4):(0,1)".parse().unwrap(); // 2^64 elements
    /// let broadcast = make_tensor(&data[..], l).unwrap();
    /// assert_eq!(broadcast.try_to_vec(), Err(Error::TooLarge));
    /// let row = make_tensor(&data[..], "4:1".parse::<DLayout>().unwrap()).unwrap();
    /// assert_eq!(row.try_to_vec(), Ok(vec![1, 2, 3, 4]));
    /// ```
    #[cfg(feature = "alloc")]
    pub fn try_to_vec(&self) -> Result<crate::tensor::alloc::vec::Vec<E::Elem>, Error>
    where
        E::Elem: Clone,
    {
        let it = self.iter();
        // The element count comes from the caller's layout: reserve it fallibly
        // (collect would reserve it with a panic, or an abort, on failure).
        let mut v = crate::tensor::alloc::vec::Vec::new();
        v.try_reserve_exact(it.size_hint().0)
            .map_err(|_| Error::TooLarge)?;
        v.extend(it.cloned());
        Ok(v)
    }
}

impl<E: StorageMut, L: TensorLayout> Tensor<E, L> {
    /// The element at a coordinate, mutably.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let mut data = [0i32; 4];
    /// let mut t = make_tensor(&mut data[..], make_layout_right((_2, _2))).unwrap();
    /// *t.get_mut((1, 0)).unwrap() = 9;
    /// assert_eq!(data, [0, 0, 9, 0]);
    /// ```
    pub fn get_mut<C: IntoCoord>(&mut self, coord: C) -> Result<&mut E::Elem, Error> {
        let i = self.index_of(coord)?;
        element_mut(self.engine.as_mut_slice(), i)
    }
    /// Writes `value` at a coordinate.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let mut t = make_tensor(vec![0i32; 4], make_layout((_2, _2))).unwrap();
    /// t.set((1, 1), 5).unwrap();
    /// assert_eq!(t.to_vec(), [0, 0, 0, 5]);
    /// assert!(t.set((2, 0), 5).is_err());
    /// ```
    pub fn set<C: IntoCoord>(&mut self, coord: C, value: E::Elem) -> Result<(), Error> {
        *self.get_mut(coord)? = value;
        Ok(())
    }
    /// A mutable borrowed view with the same layout and offset.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let mut t = make_tensor(vec![0i32; 4], make_layout((_2, _2))).unwrap();
    /// let mut row1 = t.view_mut().slice((1, Underscore)).unwrap();
    /// fill(&mut row1, 7).unwrap();
    /// assert_eq!(t.to_vec(), [0, 7, 0, 7]);
    /// ```
    pub fn view_mut(&mut self) -> Tensor<&mut [E::Elem], L>
    where
        L: Clone,
    {
        Tensor {
            engine: self.engine.as_mut_slice(),
            layout: self.layout.clone(),
            offset: self.offset,
        }
    }
    /// All storage elements, mutably (for algorithms that walk offsets themselves).
    pub(crate) fn engine_mut_slice(&mut self) -> &mut [E::Elem] {
        self.engine.as_mut_slice()
    }
    /// Calls `f` on every element in layout order. A layout with stride-0 modes
    /// visits the same element more than once, as its coordinates do.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let mut t = make_tensor(vec![1i32, 2, 3, 4], make_layout(_4)).unwrap();
    /// t.for_each_mut(|x| *x *= 10).unwrap();
    /// assert_eq!(t.to_vec(), [10, 20, 30, 40]);
    /// ```
    pub fn for_each_mut(&mut self, mut f: impl FnMut(&mut E::Elem)) -> Result<(), Error> {
        let offsets = Offsets::new(&self.dlayout(), self.offset)?;
        let data = self.engine.as_mut_slice();
        for o in offsets {
            f(element_mut(data, o)?);
        }
        Ok(())
    }
}

pub(crate) fn element<T>(data: &[T], i: i64) -> Result<&T, Error> {
    usize::try_from(i)
        .ok()
        .and_then(|i| data.get(i))
        .ok_or(Error::OutOfStorage)
}

pub(crate) fn element_mut<T>(data: &mut [T], i: i64) -> Result<&mut T, Error> {
    usize::try_from(i)
        .ok()
        .and_then(|i| data.get_mut(i))
        .ok_or(Error::OutOfStorage)
}

impl<E: Storage, L: TensorLayout> fmt::Display for Tensor<E, L>
where
    E::Elem: fmt::Display,
{
    /// CuTe's `print_tensor` header and the elements: `tensor (4,2):(1,4) o 0` then
    /// a rank-1 or rank-2 table of the values (higher ranks as one line in layout order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.dlayout();
        writeln!(f, "tensor {l} o {}", self.offset)?;
        if l.rank() == 2 {
            let rows = l
                .shape()
                .get(0)
                .and_then(|s| s.product())
                .map_err(|_| fmt::Error)?;
            let cols = l
                .shape()
                .get(1)
                .and_then(|s| s.product())
                .map_err(|_| fmt::Error)?;
            for m in 0..rows.value {
                for n in 0..cols.value {
                    let v = self.get((m, n)).map_err(|_| fmt::Error)?;
                    write!(f, "{}{v}", if n == 0 { "" } else { " " })?;
                }
                writeln!(f)?;
            }
            return Ok(());
        }
        for (i, v) in self.iter().enumerate() {
            write!(f, "{}{v}", if i == 0 { "" } else { " " })?;
        }
        writeln!(f)
    }
}

impl<E: Engine, L: TensorLayout> fmt::Debug for Tensor<E, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tensor({} o {})", self.dlayout(), self.offset)
    }
}
