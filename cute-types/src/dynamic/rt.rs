//! The run-time instantiation of the dynamic layer: the bodies of `layout.rs`,
//! `eval.rs`, `sublayout.rs` and `tiler.rs`, written once, here over the
//! run-time values ([`DTuple`], [`DLayout`], [`DTiler`]), which have no node
//! ceiling (up to [`MAX_NODES`](super::MAX_NODES) nodes per tuple). Inside
//! this module the bodies' names stand for these types (`DTupleN<N>` is
//! [`DTuple`], whatever `N`), so the bodies read the same in both
//! instantiations. Its items are re-exported by [`crate::dynamic`] (the
//! module's own path is kept for the calculator).
#![allow(dead_code)]
pub use super::compact::DTuple;
use super::compact::Scratch;
use super::eval::{Node, Term};
use super::int::DInt;
use super::layout::Major;
use super::tiler::MAX_TILER_DEPTH;
use crate::error::Error;
use crate::lists::rt::{filled, List};
use crate::tri;

/// The capacity parameter of the bodies' types, unused here.
pub(crate) const N: usize = 0;
/// [`DTuple`] under the bodies' name.
pub(crate) type DTupleN<const M: usize> = DTuple;
/// [`DLayout`] under the bodies' name.
pub(crate) type DLayoutN<const M: usize> = DLayout;
/// [`DTiler`] under the bodies' name.
pub(crate) type DTilerN<const M: usize> = DTiler;
/// [`TilerMode`] under the bodies' name.
pub(crate) type TilerModeN<const M: usize> = TilerMode;
/// The run-time layout's former name.
#[doc(hidden)]
pub type CLayout = DLayout;
/// The run-time tiler's former name.
#[doc(hidden)]
pub type CTiler = DTiler;
/// [`CTerms`] under the bodies' name.
pub(crate) type Terms<'a, const M: usize> = CTerms<'a>;

/// A layout `shape:stride`: a function from coordinates to indices,
/// `L(c) = Σ cᵢ·dᵢ` over the leaves of a coordinate `c` congruent with the
/// shape; CuTe's `Layout` with its structure known at run time.
///
/// Two [`DTuple`]s of any size (up to [`MAX_NODES`](super::MAX_NODES) nodes
/// each). Up to [`INLINE_NODES`](super::INLINE_NODES) nodes per tuple it is
/// stored inline: no allocation, and the whole value is at most 256 bytes;
/// larger tuples move to the heap. `Clone`, not `Copy`: a clone copies the
/// nodes in use.
///
/// Invariant: `shape` and `stride` are congruent. Every leaf carries a static
/// flag (`_4` is static, `4` run-time), which the algebra reads as C++ reads
/// `Int<4>` and `int`.
///
/// ```
/// use cute_types::{algebra, DLayout};
/// let l: DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
/// assert_eq!(l.eval_index(5).unwrap().value, 5);
/// assert_eq!(algebra::coalesce(&l).unwrap().to_string(), "(4,2,2):(4,1,2)");
/// assert!(core::mem::size_of::<DLayout>() <= 256);
/// assert!(l.shape_ref().is_inline()); // small: no heap allocation
///
/// // No node ceiling: 10,000 modes.
/// let text = format!("({}):({})", vec!["_1"; 10_000].join(","), vec!["_0"; 10_000].join(","));
/// let big: DLayout = text.parse().unwrap();
/// assert_eq!(big.rank(), 10_000);
/// assert_eq!(algebra::coalesce(&big).unwrap().to_string(), "_1:_0");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct DLayout {
    shape: DTuple,
    stride: DTuple,
}

/// CuTe's by-mode tiler `[e1, e2, …]` (C++ `Tile<…>`): a tuple whose entries
/// are layouts or nested tilers; mode `i` applies to mode `i` of a layout.
/// Three [`DTuple`]s, with no limit on the number of layouts.
///
/// ```
/// use cute_types::{algebra, DLayout, DTiler};
/// let a: DLayout = "(8,6):(1,8)".parse().unwrap();
/// let t = DTiler::from_layouts(&["2:1".parse().unwrap(), "3:1".parse().unwrap()]).unwrap();
/// let d = algebra::logical_divide_tiler(&a, &t).unwrap();
/// assert_eq!(d.to_string(), "((2,(1,4)),(3,(1,2))):((1,(1,2)),(8,(8,24)))");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct DTiler {
    structure: DTuple,
    shapes: DTuple,
    strides: DTuple,
    count: usize,
    ints: IntFlags,
}

/// Which stored layouts of a [`DTiler`] are integer entries: the body's set
/// (`tiler.rs`) without its bound, inline up to 64 layouts.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct IntFlags {
    low: u64,
    /// Bits of layouts 64 and up, 64 per word.
    high: alloc::vec::Vec<u64>,
}

impl IntFlags {
    /// No integer entries.
    pub(crate) fn none() -> IntFlags {
        IntFlags::default()
    }
    /// Marks layout `k` as an integer entry.
    pub(crate) fn set(&mut self, k: usize) {
        if k < 64 {
            self.low |= 1 << k;
            return;
        }
        let (w, b) = (k / 64 - 1, k % 64);
        if self.high.len() <= w {
            self.high.resize(w + 1, 0);
        }
        self.high[w] |= 1 << b;
    }
    /// Whether layout `k` is an integer entry.
    pub(crate) fn get(&self, k: usize) -> bool {
        if k < 64 {
            return self.low >> k & 1 != 0;
        }
        self.high
            .get(k / 64 - 1)
            .is_some_and(|w| w >> (k % 64) & 1 != 0)
    }
    /// The layouts a tiler can hold: as many as fit in memory.
    pub(crate) const ROOM: usize = usize::MAX;
    /// The set of a fixed-capacity tiler.
    fn from_fixed(f: super::tiler::IntFlags) -> IntFlags {
        let mut out = IntFlags::none();
        for k in 0..super::tiler::TILER_CAPACITY {
            if f.get(k) {
                out.set(k);
            }
        }
        out
    }
}

/// One mode of a [`DTiler`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TilerMode {
    /// A layout entry.
    Layout(DLayout),
    /// A nested tiler.
    Tiler(DTiler),
}

/// The evaluation walk ([`Terms`](super::Terms)) over a [`DLayout`].
#[derive(Clone, Debug)]
pub struct CTerms<'a> {
    shape: &'a DTuple,
    stride: &'a DTuple,
    node: usize,
    end: usize,
    div: Option<DInt>,
    pending: Option<DInt>,
    open: Scratch,
    depth: usize,
}

impl DLayout {
    /// A copy (`clone`; the name the bodies use on both forms).
    pub(crate) fn dup(&self) -> DLayout {
        self.clone()
    }
    /// [`DLayout::new_unchecked_shape`] of a shape and a stride its caller
    /// knows congruent and free of stars (the typed layer's values, whose
    /// nesting is their type's): the check is not repeated (debug builds
    /// repeat it). Tuples that break the rule give a layout the algebra may
    /// refuse or compute wrongly, never undefined behaviour.
    // Public for `cute-typed` (its run-time arm's operands), not a user API.
    #[doc(hidden)]
    #[inline]
    pub fn from_congruent(shape: DTuple, stride: DTuple) -> DLayout {
        debug_assert!(shape.check_layout(&stride, false).is_ok());
        DLayout { shape, stride }
    }
    /// The layout of flat modes as `Modes::layout` of the algebra builds it:
    /// integers for one mode, flat tuples otherwise, [`Error::NonPositiveShape`]
    /// as [`DLayout::new`] (the only check that flat congruent tuples can fail).
    pub(crate) fn from_flat(
        shape: &[i64],
        shape_statics: u64,
        stride: &[i64],
        stride_statics: u64,
    ) -> Result<DLayout, Error> {
        if shape.iter().any(|&s| s <= 0) {
            return Err(Error::NonPositiveShape);
        }
        Ok(DLayout {
            shape: DTuple::from_leaves(shape, shape_statics),
            stride: DTuple::from_leaves(stride, stride_statics),
        })
    }
    /// `shape:stride` as given: for results congruent and checked by
    /// construction (the algebra's fast paths).
    pub(crate) fn from_parts(shape: DTuple, stride: DTuple) -> DLayout {
        DLayout { shape, stride }
    }
    /// The same layout in the run-time form.
    #[doc(hidden)]
    pub fn from_fixed(l: &super::FixedLayout) -> DLayout {
        DLayout {
            shape: DTuple::from_fixed(l.shape_ref()),
            stride: DTuple::from_fixed(l.stride_ref()),
        }
    }
    /// The same layout in the fixed form ([`Error::Capacity`] when a tuple
    /// has more than [`CAPACITY`](super::CAPACITY) nodes).
    #[doc(hidden)]
    pub fn to_fixed(&self) -> Result<super::FixedLayout, Error> {
        if let (Some((sk, sv, ss)), Some((dk, dv, ds))) =
            (self.shape.inline_nodes(), self.stride.inline_nodes())
        {
            // Inline: the fixed form's node encoding, child counts below
            // `INLINE_NODES` (as `DTuple::to_fixed`), written in place.
            if sk.len() <= super::CAPACITY {
                return Ok(super::FixedLayout::from_congruent_nodes(
                    (sk, sv, u64::from(ss)),
                    (dk, dv, u64::from(ds)),
                ));
            }
        }
        // (congruent and free of `_`, as every `DLayout`: only the capacity
        // can refuse)
        Ok(super::FixedLayout::from_congruent(
            tri!(self.shape.to_fixed()),
            tri!(self.stride.to_fixed()),
        ))
    }
}

impl DTiler {
    /// Where the layout of mode `i` is stored, when that mode is a layout
    /// entry (not a nested tiler): the stored shapes and strides and the node
    /// range of that layout in both (what [`DTiler::mode`] would copy out).
    pub(crate) fn layout_mode_nodes(&self, i: usize) -> Option<(&DTuple, &DTuple, usize, usize)> {
        let (b, _) = self.structure.mode_range(i).ok()?;
        if self.structure.kind_at(b) != super::K_LEAF {
            return None;
        }
        let k = usize::try_from(self.structure.val_at(b)).ok()?;
        let (s, e) = self.shapes.mode_range(k).ok()?;
        Some((&self.shapes, &self.strides, s, e))
    }
    /// [`DTiler::push_layout`] in place (the tiler is not moved in and out:
    /// the typed operands' tilers are built this way).
    // Public for `cute-typed` (its run-time arm's operands), not a user API.
    #[doc(hidden)]
    pub fn push_layout_in(&mut self, l: &DLayout) -> Result<(), Error> {
        // As `push_entry`: stored (`store`: its shape and stride one more
        // child of the store's tuples), then its index as the next mode; each
        // child's nodes appended after the last (a tuple's last child ends
        // the tuple), the parent's count raised. (`store`'s room check is
        // for the fixed form: here `IntFlags::ROOM` is `usize::MAX`.)
        let index = self.count;
        let (shape, stride) = (l.shape_ref(), l.stride_ref());
        for (t, child) in [(&mut self.shapes, shape), (&mut self.strides, stride)] {
            tri!(Self::append_child(t, |t| t.append_nodes(
                child,
                0,
                child.node_count()
            )));
        }
        self.count += 1;
        Self::append_child(&mut self.structure, |t| {
            t.push_node_end(super::K_LEAF, index as i64, false)
        })
    }
    /// `append(t)` as one more child of `t`'s root (`push_in`'s checks).
    #[inline]
    fn append_child(
        t: &mut DTuple,
        append: impl FnOnce(&mut DTuple) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let kind = t.kind_at(0);
        if kind >= super::K_STAR {
            return Err(Error::ExpectedTuple);
        }
        if kind >= DTuple::MAX_CHILDREN {
            return Err(Error::Capacity);
        }
        tri!(append(t));
        t.set_kind(0, kind + 1);
        Ok(())
    }
    /// A copy (`clone`; the name the bodies use on both forms).
    pub(crate) fn dup(&self) -> DTiler {
        self.clone()
    }
    /// The same tiler in the fixed form ([`Error::Capacity`] past 64 nodes
    /// per tuple or [`TILER_CAPACITY`](super::TILER_CAPACITY) layouts).
    #[doc(hidden)]
    pub fn to_fixed(&self) -> Result<super::FixedTiler, Error> {
        super::FixedTiler::from_parts(
            tri!(self.structure.to_fixed()),
            tri!(self.shapes.to_fixed()),
            tri!(self.strides.to_fixed()),
            self.count,
            |k| self.ints.get(k),
        )
    }
    /// The same tiler in the run-time form.
    #[doc(hidden)]
    pub fn from_fixed(t: &super::FixedTiler) -> DTiler {
        let (structure, shapes, strides, count, ints) = t.parts();
        DTiler {
            structure: DTuple::from_fixed(structure),
            shapes: DTuple::from_fixed(shapes),
            strides: DTuple::from_fixed(strides),
            count,
            ints: IntFlags::from_fixed(ints),
        }
    }
}

super::layout::layout_body!(; []; eval_fast);

/// The evaluation fast path (`dynamic/eval_fast.rs`) over the compact types.
pub(crate) mod eval_fast {
    use super::{DLayoutN, DTupleN, N};
    use crate::dynamic::eval_fast::leaf_coord;
    use crate::dynamic::tuple_methods::{K_LEAF, K_STAR};
    use crate::dynamic::DInt;
    use crate::error::Error;
    crate::dynamic::eval_fast::eval_fast_body!(; []);
}
super::eval::eval_body!(; []; []);
super::sublayout::sublayout_body!(; []);
super::tiler::tiler_body!(; []);
