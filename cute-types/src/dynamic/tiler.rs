//! [`FixedTiler`] and the tiler's items: CuTe's by-mode tiler `[e1, e2, …]` (C++ `Tile<…>`), where each
//! entry is a layout or a nested tiler. Mode `i` of a tiler applies to mode `i`
//! of a layout; a layout used as a tiler instead applies to the whole layout.
use super::int::DInt;
use super::layout::DLayoutN;
use super::tuple::{DTupleN, N};
use crate::error::Error;
use crate::tri;

/// Most layouts one fixed-capacity tiler ([`FixedTiler`], nested tilers
/// included) can hold: one per node of its tuples at most. The compact tiler
/// of run-time structure (`dynamic::rt::DTiler`) has no such limit.
pub const TILER_CAPACITY: usize = 64;

/// Which stored layouts of a fixed-capacity tiler are integer entries (bit
/// `k` for layout `k`); the compact tiler has its own, unbounded, set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct IntFlags(u64);

impl IntFlags {
    /// No integer entries.
    pub(crate) const fn none() -> IntFlags {
        IntFlags(0)
    }
    /// Marks layout `k` (`k < TILER_CAPACITY`) as an integer entry.
    pub(crate) const fn set(&mut self, k: usize) {
        self.0 |= 1 << k;
    }
    /// Whether layout `k` is an integer entry.
    pub(crate) const fn get(&self, k: usize) -> bool {
        k < TILER_CAPACITY && self.0 & (1 << k) != 0
    }
    /// The layouts a tiler can hold.
    pub(crate) const ROOM: usize = TILER_CAPACITY;
}

/// Deepest bracket nesting of one tiler (`[[2:1]]` has depth 2).
///
/// The algebra recurses once per nesting level with a whole `FixedTiler` (2 KiB)
/// in each frame; 16 levels keep that within a 2 MiB thread stack even in debug
/// builds (30 levels did not), far beyond the nesting of real tilers. Deeper
/// tilers are [`Error::TooLarge`].
pub const MAX_TILER_DEPTH: usize = 16;

/// A by-mode tiler: a tuple whose entries are layouts or nested tilers.
///
/// Stored as a structure tuple whose leaves are indices of layouts, and the
/// layouts themselves as two tuples: `shapes = (S₀, S₁, …)` and
/// `strides = (D₀, D₁, …)`, so that layout `k` is `shapes[k]:strides[k]`. A tiler
/// is then three [`FixedTuple`](crate::FixedTuple)s (under 2 KB) rather than an array of whole layouts:
/// the calculator copies tilers on every call, and their size was its cost.
/// All of a fixed tiler's layouts share the node capacity of one [`FixedTuple`](crate::FixedTuple)
/// ([`Error::Capacity`] beyond it), and there are at most [`TILER_CAPACITY`].
///
/// The fixed form (`Copy`, `const fn`), for the typed layer's compile-time
/// values. Not a user API: run-time tilers are [`DTiler`](crate::DTiler).
#[doc(hidden)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct FixedTiler {
    structure: DTupleN<N>,
    shapes: DTupleN<N>,
    strides: DTupleN<N>,
    count: usize,
    /// Which stored layouts are integer entries (see [`DTilerN::push_int`]).
    ints: IntFlags,
}

/// [`FixedTiler`] under the bodies' name.
pub(crate) type DTilerN<const M: usize> = FixedTiler;
/// [`FixedTilerMode`] under the bodies' name.
pub(crate) type TilerModeN<const M: usize> = FixedTilerMode;

/// One mode of a tiler.
// Both variants are plain `Copy` values on purpose: `const fn` code cannot box.
#[allow(clippy::large_enum_variant)]
#[doc(hidden)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FixedTilerMode {
    /// A layout entry (an integer `n` in text stands for the layout `n:1`).
    Layout(DLayoutN<N>),
    /// A nested tiler.
    Tiler(DTilerN<N>),
}

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! tiler_body {
    ($($c:ident)?; [$($g:tt)*]) => {

impl $($g)* DTilerN<N> {
    /// The empty tiler `[]`.
    pub $($c)? fn new() -> DTilerN<N> {
        DTilerN {
            structure: DTupleN::empty(),
            shapes: DTupleN::empty(),
            strides: DTupleN::empty(),
            count: 0,
            ints: IntFlags::none(),
        }
    }
    /// The flat tiler `[l0, l1, …]`.
    pub $($c)? fn from_layouts(modes: &[DLayoutN<N>]) -> Result<DTilerN<N>, Error> {
        let mut t = DTilerN::new();
        let mut i = 0;
        while i < modes.len() {
            t = tri!(t.push_layout(modes[i].dup()));
            i += 1;
        }
        Ok(t)
    }
    /// Layout `k` of the store (`k < count`).
    $($c)? fn layout_at(&self, k: usize) -> Result<DLayoutN<N>, Error> {
        // (the stored shapes and strides are congruent: one node range)
        let (b, e) = tri!(self.shapes.mode_range(k));
        DLayoutN::new_unchecked_shape(self.shapes.slice(b, e), self.strides.slice(b, e))
    }
    /// Adds `l` to the store, without touching the structure; `is_int` marks an
    /// integer entry.
    $($c)? fn store(&mut self, l: &DLayoutN<N>, is_int: bool) -> Result<(), Error> {
        if self.count >= IntFlags::ROOM {
            return Err(Error::Capacity);
        }
        tri!(self.shapes.push_in(l.shape_ref()));
        tri!(self.strides.push_in(l.stride_ref()));
        if is_int {
            self.ints.set(self.count);
        }
        self.count += 1;
        Ok(())
    }
    /// Whether stored layout `k` is an integer entry.
    $($c)? fn is_int_at(&self, k: usize) -> bool {
        self.ints.get(k)
    }
    /// Appends a layout entry.
    pub $($c)? fn push_layout(self, l: DLayoutN<N>) -> Result<DTilerN<N>, Error> {
        self.push_entry(l, false)
    }
    /// Appends an integer entry `n` (C++ `Tile<…, int, …>`).
    ///
    /// Divides and products read it as `make_layout(n)`: `n:_1`, and `_1:_0` for
    /// a static 1, which [`DTilerN::mode`] returns. Composition reads it as
    /// `n:_1` whatever `n` is (C++ composes an integral tiler with stride
    /// `Int<1>`): `composition((6,3):(1,16), [_3,_1])` is `(_3,_1):(_1,_16)`.
    /// [`DTilerN::int_mode`] tells the two apart.
    pub $($c)? fn push_int(self, n: DInt) -> Result<DTilerN<N>, Error> {
        self.push_entry(tri!(DLayoutN::col_major(DTupleN::int(n))), true)
    }
    $($c)? fn push_entry(mut self, l: DLayoutN<N>, is_int: bool) -> Result<DTilerN<N>, Error> {
        let index = self.count;
        tri!(self.store(&l, is_int));
        tri!(self.structure.push_int(DInt::d(index as i64)));
        Ok(self)
    }
    /// The integer of mode `i` if it is an integer entry (see [`DTilerN::push_int`]).
    pub $($c)? fn int_mode(&self, i: usize) -> Result<Option<DInt>, Error> {
        let sub = tri!(self.structure.get(i));
        match sub.as_int() {
            Some(idx) if self.is_int_at(idx.value as usize) => {
                let l = tri!(self.layout_at(idx.value as usize));
                Ok(l.shape().as_int())
            }
            _ => Ok(None),
        }
    }
    /// Appends a nested tiler entry; [`Error::TooLarge`] if the result would be
    /// nested deeper than [`MAX_TILER_DEPTH`].
    pub $($c)? fn push_tiler(mut self, t: &DTilerN<N>) -> Result<DTilerN<N>, Error> {
        if self.count + t.count > IntFlags::ROOM {
            return Err(Error::Capacity);
        }
        if t.structure.depth() + 1 > MAX_TILER_DEPTH {
            return Err(Error::TooLarge);
        }
        let base = self.count;
        let mut k = 0;
        while k < t.count {
            tri!(self.store(&tri!(t.layout_at(k)), t.is_int_at(k)));
            k += 1;
        }
        // Re-index the nested tiler's leaves past our own layouts.
        let mut sub = t.structure.dup();
        let n = sub.leaf_count();
        let mut j = 0;
        while j < n {
            let v = sub.leaf(j).value + base as i64;
            sub = sub.with_leaf(j, DInt::d(v));
            j += 1;
        }
        tri!(self.structure.push_in(&sub));
        Ok(self)
    }
    /// Appends a mode.
    pub $($c)? fn push(self, m: &TilerModeN<N>) -> Result<DTilerN<N>, Error> {
        match m {
            TilerModeN::Layout(l) => self.push_layout(l.dup()),
            TilerModeN::Tiler(t) => self.push_tiler(t),
        }
    }
    /// Number of top-level modes.
    pub $($c)? fn rank(&self) -> usize {
        self.structure.rank()
    }
    /// Whether mode `i` is a layout entry (not a nested tiler): the variant of
    /// [`mode`](Self::mode)`(i)` without building it.
    pub(crate) $($c)? fn mode_is_layout(&self, i: usize) -> Result<bool, Error> {
        let (b, _) = tri!(self.structure.mode_range(i));
        Ok(self.structure.kind_at(b) == crate::dynamic::K_LEAF)
    }
    /// Mode `i`.
    pub $($c)? fn mode(&self, i: usize) -> Result<TilerModeN<N>, Error> {
        let sub = tri!(self.structure.get(i));
        if let Some(idx) = sub.as_int() {
            return Ok(TilerModeN::Layout(tri!(self.layout_at(idx.value as usize))));
        }
        Ok(TilerModeN::Tiler(tri!(self.sub_tiler(&sub))))
    }
    /// The nested tiler whose structure is `sub` (a mode of this tiler): its
    /// layouts, renumbered from 0 in leaf order. Built in one pass rather than
    /// by recursing into the nesting, whose every level would hold several
    /// `DTiler`s on the stack.
    $($c)? fn sub_tiler(&self, sub: &DTupleN<N>) -> Result<DTilerN<N>, Error> {
        let mut t = DTilerN::new();
        let mut structure = sub.dup();
        // (a mode never has more leaves than its tiler has layouts)
        let n = sub.leaf_count();
        let mut j = 0;
        while j < n {
            let k = sub.leaf(j).value as usize;
            tri!(t.store(&tri!(self.layout_at(k)), self.is_int_at(k)));
            structure = structure.with_leaf(j, DInt::d(j as i64));
            j += 1;
        }
        t.structure = structure;
        Ok(t)
    }
    /// All leaves are static.
    pub $($c)? fn is_static(&self) -> bool {
        self.shapes.is_static() && self.strides.is_static()
    }
    /// The same tiler with the value of every run-time leaf of its layouts set
    /// to `v` (see [`DTupleN::with_dynamic_values`]).
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub $($c)? fn with_dynamic_values(mut self, v: i64) -> DTilerN<N> {
        self.shapes = self.shapes.with_dynamic_values(v);
        self.strides = self.strides.with_dynamic_values(v);
        self
    }
    /// The same tiler with all layout leaves marked static or dynamic.
    pub $($c)? fn with_all_static(mut self, s: bool) -> DTilerN<N> {
        self.shapes = self.shapes.with_all_static(s);
        self.strides = self.strides.with_all_static(s);
        self
    }
}

impl $($g)* Default for DTilerN<N> {
    fn default() -> Self {
        DTilerN::new()
    }
}

impl $($g)* core::fmt::Debug for DTilerN<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}

impl $($g)* core::fmt::Display for DTilerN<N> {
    /// `[2:1,(4:2)]`-style text: layouts in CuTe notation, nested tilers in brackets.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.write_structure(f, &self.structure)
    }
}

impl $($g)* DTilerN<N> {
    /// Writes the part of this tiler whose structure is `sub`. Recurses over the
    /// small structure tuple, not over nested `DTiler`s, so that deep nesting
    /// stays cheap on the stack.
    fn write_structure(
        &self,
        f: &mut core::fmt::Formatter<'_>,
        sub: &DTupleN<N>,
    ) -> core::fmt::Result {
        if let Some(idx) = sub.as_int() {
            let k = usize::try_from(idx.value).map_err(|_| core::fmt::Error)?;
            let layout = self.layout_at(k).map_err(|_| core::fmt::Error)?;
            // An integer entry prints as the integer (see `push_int`).
            return match layout.shape().as_int() {
                Some(n) if self.is_int_at(k) => write!(f, "{n}"),
                _ => write!(f, "{layout}"),
            };
        }
        f.write_str("[")?;
        for i in 0..sub.rank() {
            if i > 0 {
                f.write_str(",")?;
            }
            let part = sub.get(i).map_err(|_| core::fmt::Error)?;
            self.write_structure(f, &part)?;
        }
        f.write_str("]")
    }
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use tiler_body;
tiler_body!(const; []);

impl DTilerN<N> {
    /// A tiler from its storage, for conversions from the compact form
    /// ([`Error::Capacity`] past [`TILER_CAPACITY`] layouts).
    #[cfg(feature = "alloc")]
    pub(crate) fn from_parts(
        structure: DTupleN<N>,
        shapes: DTupleN<N>,
        strides: DTupleN<N>,
        count: usize,
        is_int: impl Fn(usize) -> bool,
    ) -> Result<DTilerN<N>, Error> {
        if count > TILER_CAPACITY {
            return Err(Error::Capacity);
        }
        let mut ints = IntFlags::none();
        for k in 0..count {
            if is_int(k) {
                ints.set(k);
            }
        }
        Ok(DTilerN {
            structure,
            shapes,
            strides,
            count,
            ints,
        })
    }
    /// The storage, for conversions to the compact form.
    #[cfg(feature = "alloc")]
    pub(crate) const fn parts(&self) -> (&DTupleN<N>, &DTupleN<N>, &DTupleN<N>, usize, IntFlags) {
        (
            &self.structure,
            &self.shapes,
            &self.strides,
            self.count,
            self.ints,
        )
    }
}
