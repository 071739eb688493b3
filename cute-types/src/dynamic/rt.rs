//! The run-time instantiation of the dynamic layer: the bodies of `layout.rs`,
//! `eval.rs`, `sublayout.rs` and `tiler.rs`, written once, here over the
//! compact storage types ([`CTuple`], [`CLayout`], [`CTiler`]), which have no
//! 64-node ceiling (up to [`MAX_NODES`](super::MAX_NODES) nodes per tuple). Inside this module the fixed-capacity names stand for the
//! compact types (`DTupleN<N>` is [`CTuple`], whatever `N`), so the bodies read
//! the same in both instantiations.
#![allow(dead_code)]
pub use super::compact::CTuple;
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
/// [`CTuple`] under the bodies' name.
pub(crate) type DTupleN<const M: usize> = CTuple;
/// [`CLayout`] under the bodies' name.
pub(crate) type DLayoutN<const M: usize> = CLayout;
/// [`CTiler`] under the bodies' name.
pub(crate) type DTilerN<const M: usize> = CTiler;
/// [`CTilerMode`] under the bodies' name.
pub(crate) type TilerModeN<const M: usize> = CTilerMode;
/// [`CTerms`] under the bodies' name.
pub(crate) type Terms<'a, const M: usize> = CTerms<'a>;

/// A layout `shape:stride` of run-time structure: the value and methods of
/// [`DLayout`](crate::DLayout), two [`CTuple`]s, up to [`MAX_NODES`](super::MAX_NODES) nodes each. Up to
/// [`INLINE_NODES`](super::INLINE_NODES) nodes per tuple it is stored inline
/// (no allocation) in at most 256 bytes.
#[derive(Clone, PartialEq, Eq)]
pub struct CLayout {
    shape: CTuple,
    stride: CTuple,
}

/// A by-mode tiler of run-time structure: the value and methods of
/// [`DTiler`](crate::DTiler) over [`CTuple`]s.
#[derive(Clone, PartialEq, Eq)]
pub struct CTiler {
    structure: CTuple,
    shapes: CTuple,
    strides: CTuple,
    count: usize,
    ints: IntFlags,
}

/// Which stored layouts of a [`CTiler`] are integer entries: the body's set
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

/// One mode of a [`CTiler`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CTilerMode {
    /// A layout entry.
    Layout(CLayout),
    /// A nested tiler.
    Tiler(CTiler),
}

/// The evaluation walk ([`Terms`](super::Terms)) over a [`CLayout`].
#[derive(Clone, Debug)]
pub struct CTerms<'a> {
    shape: &'a CTuple,
    stride: &'a CTuple,
    node: usize,
    end: usize,
    div: Option<DInt>,
    pending: Option<DInt>,
    open: Scratch,
    depth: usize,
}

impl CLayout {
    /// A copy (`clone`; the name the bodies use on both forms).
    pub(crate) fn dup(&self) -> CLayout {
        self.clone()
    }
    /// [`CLayout::new_unchecked_shape`] of a shape and a stride its caller
    /// knows congruent and free of stars (the typed layer's values, whose
    /// nesting is their type's): the check is not repeated (debug builds
    /// repeat it). Tuples that break the rule give a layout the algebra may
    /// refuse or compute wrongly, never undefined behaviour.
    // Public for `cute-typed` (its run-time arm's operands), not a user API.
    #[doc(hidden)]
    #[inline]
    pub fn from_congruent(shape: CTuple, stride: CTuple) -> CLayout {
        debug_assert!(shape.check_layout(&stride, false).is_ok());
        CLayout { shape, stride }
    }
    /// The layout of flat modes as `Modes::layout` of the algebra builds it:
    /// integers for one mode, flat tuples otherwise, [`Error::NonPositiveShape`]
    /// as [`CLayout::new`] (the only check that flat congruent tuples can fail).
    pub(crate) fn from_flat(
        shape: &[i64],
        shape_statics: u64,
        stride: &[i64],
        stride_statics: u64,
    ) -> Result<CLayout, Error> {
        if shape.iter().any(|&s| s <= 0) {
            return Err(Error::NonPositiveShape);
        }
        Ok(CLayout {
            shape: CTuple::from_leaves(shape, shape_statics),
            stride: CTuple::from_leaves(stride, stride_statics),
        })
    }
    /// `shape:stride` as given: for results congruent and checked by
    /// construction (the algebra's fast paths).
    pub(crate) fn from_parts(shape: CTuple, stride: CTuple) -> CLayout {
        CLayout { shape, stride }
    }
    /// The same layout in the compact form.
    pub fn from_fixed<const M: usize>(l: &super::DLayoutN<M>) -> CLayout {
        CLayout {
            shape: CTuple::from_fixed(l.shape_ref()),
            stride: CTuple::from_fixed(l.stride_ref()),
        }
    }
    /// The same layout with room for `M` nodes per tuple ([`Error::Capacity`]
    /// when it has more).
    pub fn to_fixed<const M: usize>(&self) -> Result<super::DLayoutN<M>, Error> {
        if let (Some((sk, sv, ss)), Some((dk, dv, ds))) =
            (self.shape.inline_nodes(), self.stride.inline_nodes())
        {
            // Inline: the fixed form's node encoding, child counts below
            // `INLINE_NODES` (as `CTuple::to_fixed`), written in place.
            if sk.len() <= M {
                return Ok(super::DLayoutN::from_congruent_nodes(
                    (sk, sv, u64::from(ss)),
                    (dk, dv, u64::from(ds)),
                ));
            }
        }
        // (congruent and free of `_`, as every `CLayout`: only the capacity
        // can refuse)
        Ok(super::DLayoutN::from_congruent(
            tri!(self.shape.to_fixed()),
            tri!(self.stride.to_fixed()),
        ))
    }
}

impl CTiler {
    /// Where the layout of mode `i` is stored, when that mode is a layout
    /// entry (not a nested tiler): the stored shapes and strides and the node
    /// range of that layout in both (what [`CTiler::mode`] would copy out).
    pub(crate) fn layout_mode_nodes(&self, i: usize) -> Option<(&CTuple, &CTuple, usize, usize)> {
        let (b, _) = self.structure.mode_range(i).ok()?;
        if self.structure.kind_at(b) != super::K_LEAF {
            return None;
        }
        let k = usize::try_from(self.structure.val_at(b)).ok()?;
        let (s, e) = self.shapes.mode_range(k).ok()?;
        Some((&self.shapes, &self.strides, s, e))
    }
    /// [`CTiler::push_layout`] in place (the tiler is not moved in and out:
    /// the typed operands' tilers are built this way).
    // Public for `cute-typed` (its run-time arm's operands), not a user API.
    #[doc(hidden)]
    pub fn push_layout_in(&mut self, l: &CLayout) -> Result<(), Error> {
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
        t: &mut CTuple,
        append: impl FnOnce(&mut CTuple) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let kind = t.kind_at(0);
        if kind >= super::K_STAR {
            return Err(Error::ExpectedTuple);
        }
        if kind >= CTuple::MAX_CHILDREN {
            return Err(Error::Capacity);
        }
        tri!(append(t));
        t.set_kind(0, kind + 1);
        Ok(())
    }
    /// A copy (`clone`; the name the bodies use on both forms).
    pub(crate) fn dup(&self) -> CTiler {
        self.clone()
    }
    /// The same tiler in the compact form.
    pub fn from_fixed<const M: usize>(t: &super::DTilerN<M>) -> CTiler {
        let (structure, shapes, strides, count, ints) = t.parts();
        CTiler {
            structure: CTuple::from_fixed(structure),
            shapes: CTuple::from_fixed(shapes),
            strides: CTuple::from_fixed(strides),
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
