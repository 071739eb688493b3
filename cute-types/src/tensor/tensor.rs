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
#[derive(Clone, Copy)]
pub struct Tensor<E, L = DLayout> {
    engine: E,
    layout: L,
    offset: i64,
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// The tensor `engine ∘ layout` (offset 0). [`Error::OutOfStorage`] if the
    /// layout reaches past the engine.
    pub fn new(engine: E, layout: L) -> Result<Self, Error> {
        Self::with_offset(engine, layout, 0)
    }
    /// The tensor whose coordinate 0 is element `offset` of `engine`.
    pub fn with_offset(engine: E, layout: L, offset: i64) -> Result<Self, Error> {
        engine.admits(&layout.to_dlayout(), offset)?;
        Ok(Tensor {
            engine,
            layout,
            offset,
        })
    }
    /// The layout.
    pub fn layout(&self) -> &L {
        &self.layout
    }
    /// The layout as a run-time layout.
    pub fn dlayout(&self) -> DLayout {
        self.layout.to_dlayout()
    }
    /// The shape.
    pub fn shape(&self) -> DTuple {
        self.dlayout().shape()
    }
    /// The stride.
    pub fn stride(&self) -> DTuple {
        self.dlayout().stride()
    }
    /// Number of top-level modes.
    pub fn rank(&self) -> usize {
        self.dlayout().rank()
    }
    /// Number of elements (the product of the shape).
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
    pub fn offset(&self) -> i64 {
        self.offset
    }
    /// The engine.
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// The engine, giving up the tensor.
    pub fn into_engine(self) -> E {
        self.engine
    }
    /// The engine index of a coordinate: `offset + L(c)`. The coordinate may be an
    /// integer (1-D index), a tuple of the shape's rank, or a natural (nested)
    /// coordinate; it must lie in the shape ([`Error::OutOfDomain`]).
    pub fn index_of<C: IntoCoord>(&self, coord: C) -> Result<i64, Error> {
        let c = coord.into_coord()?;
        if c.has_underscore() {
            return Err(Error::ExpectedInt);
        }
        let l = self.dlayout();
        if !in_domain(&c, &l.shape())? {
            return Err(Error::OutOfDomain);
        }
        self.offset
            .checked_add(l.eval(&c)?.value)
            .ok_or(Error::Overflow)
    }
    /// The same engine under another layout and offset (the checked form every view
    /// of the algebra goes through).
    pub fn relayout(self, layout: DLayout, offset: i64) -> Result<Tensor<E, DLayout>, Error> {
        Tensor::with_offset(self.engine, layout, offset)
    }
    /// The engine indices of all elements, in layout order.
    pub fn offsets(&self) -> Result<Offsets, Error> {
        Offsets::new(&self.dlayout(), self.offset)
    }
}

impl<E: Storage, L: TensorLayout> Tensor<E, L> {
    /// The element at a coordinate (any form [`Tensor::index_of`] accepts).
    pub fn get<C: IntoCoord>(&self, coord: C) -> Result<&E::Elem, Error> {
        let i = self.index_of(coord)?;
        element(self.engine.as_slice(), i)
    }
    /// The elements in layout order (1-D index 0, 1, …).
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
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> crate::tensor::alloc::vec::Vec<E::Elem>
    where
        E::Elem: Clone,
    {
        self.iter().cloned().collect()
    }
}

impl<E: StorageMut, L: TensorLayout> Tensor<E, L> {
    /// The element at a coordinate, mutably.
    pub fn get_mut<C: IntoCoord>(&mut self, coord: C) -> Result<&mut E::Elem, Error> {
        let i = self.index_of(coord)?;
        element_mut(self.engine.as_mut_slice(), i)
    }
    /// Writes `value` at a coordinate.
    pub fn set<C: IntoCoord>(&mut self, coord: C, value: E::Elem) -> Result<(), Error> {
        *self.get_mut(coord)? = value;
        Ok(())
    }
    /// A mutable borrowed view with the same layout and offset.
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
