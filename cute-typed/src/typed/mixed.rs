//! Typed mixed results: the result of an algebra operation on typed operands
//! with some run-time leaves, keeping in its type what C++ keeps in its type.
//!
//! In CuTe C++, the nesting and the static leaves of a result depend only on
//! the static values of the inputs and on which of their leaves are run-time
//! `int`s; the run-time leaves' values are computed at run time. The dynamic
//! layer's mixed reading (`DInt { value, is_static }`, `cute eval --mixed`)
//! reproduces that, leaf flag by leaf flag. So the result's **pattern** — its
//! nesting, its static leaves with their values, and which leaves are run-time
//! — is computed at compile time as a `const` ([`MixedPattern::PATTERN`]) by the
//! same `const fn` algebra, run on the operands' patterns with every run-time
//! leaf set to a *placeholder* value.
//!
//! Placeholders. A run-time check of the algebra that depends on values (a
//! composition being functional, a complement injective, an overflow) may fail
//! for one placeholder and pass for the actual values. The pattern is therefore
//! computed with the placeholders [`PLACEHOLDERS`] in turn (every run-time leaf
//! 1, then 2, then 3) and the first that computes is the pattern; when none
//! does, the first one's error is the compile error. Measured on the 740
//! single-operation lines of `tests/vectors/mixed_cpp.tsv` that C++ computes:
//! placeholder 1 alone fails 5 (all `NotFunctional`), 1 then 2 fails none, and
//! every computed pattern equals C++'s (`tests/typed_mixed.rs`).
//!
//! A result is a [`Mixed<M>`]: only the values of its run-time leaves, inline
//! (at most [`MIXED_SLOTS`]; a pattern with more is a compile error naming the
//! rule). The typed function computes the result at run time with the
//! dynamic algebra on the actual values (what `DLayout` gives) and keeps the
//! run-time leaves, after checking that the result has the pattern
//! ([`Error::MixedPattern`] otherwise: never seen where C++ computes).
//!
//! Evaluation reads the pattern through the evaluation engine's walk
//! ([`crate::dynamic::Terms`]) at compile time: each leaf's extent and stride
//! is a literal or a slot, so static parts fold to constants and only the
//! run-time leaves are loads.
use core::any::Any;
use core::fmt;
use core::marker::PhantomData;

use super::coord::Coord;
use super::flag::{False, StaticFlag, True};
use super::layout_like::{LayoutLike, LayoutOperand};
use super::operand::CTilerArg;
use super::operand::{DTilerArg, TilerOperand};
use super::static_result::{Dispatch, RtLayout, FAILED_PLACEHOLDER};
use super::tuple::{ok_or_raise, IntTuple};
use crate::dynamic::rt::{DLayout, DTuple};
use crate::dynamic::{DInt, FixedLayout, FixedTerms, FixedTuple, CAPACITY};
use crate::error::Error;

/// The most run-time leaves (shape and stride together) a [`Mixed`] result holds.
pub const MIXED_SLOTS: usize = 16;

/// The placeholder values given to run-time leaves when a pattern is computed,
/// in the order they are tried (see the module docs).
pub const PLACEHOLDERS: [i64; 3] = [1, 2, 3];

/// The flag of operations whose operands are all typed (structure known at
/// compile time) but not all static: the result is a [`Mixed`] layout.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_4, 8i64)).unwrap();
/// let r: Result<Mixed<_>, cute_typed::Error> = coalesce(a);
/// assert_eq!(r.unwrap().to_string(), "(_4,8):(_1,_4)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mix;

/// The flag of an operation whose operands' static flag is `S` and typed flag
/// `T`: [`True`] (all static: a zero-sized static result), [`Mix`] (all typed:
/// a [`Mixed`] result) or [`False`] (some operand is a run-time structure: a
/// `Result<DLayout, Error>`).
///
/// ```
/// use cute_typed::typed::*;
/// fn same<X, Y>() -> bool { core::any::type_name::<X>() == core::any::type_name::<Y>() }
/// assert!(same::<Kind<True, True>, True>());
/// assert!(same::<Kind<False, True>, Mix>());
/// assert!(same::<Kind<False, False>, False>());
/// ```
pub type Kind<S, T> = <S as StaticFlag>::Kind<T>;

/// The compile-time pattern of a typed mixed result: its nesting, its static
/// leaves and which leaves are run-time (these hold placeholder values).
pub trait MixedPattern {
    /// The pattern, or the rule the operation violates for every placeholder.
    const PATTERN: Result<FixedLayout, Error>;
    /// `True` when the result's strides are static whatever the run-time
    /// values: for operations that only rearrange their operands' modes
    /// (coalesce, filter, flatten, take, group, append, …) on operands with
    /// static strides; `False` otherwise (a `const` cannot become a type).
    type StrideStatic: StaticFlag;
}

/// An operand's pattern with every run-time leaf set to `p` (every caller has
/// checked `Typed = True`).
pub(crate) const fn pattern_layout(l: Option<FixedLayout>, p: i64) -> FixedLayout {
    match l {
        Some(l) => l.with_dynamic_values(p),
        None => Error::StaticMismatch.raise(),
    }
}

/// A tiler operand's pattern with every run-time leaf set to `p`.
pub(crate) const fn pattern_tiler(t: Option<DTilerArg>, p: i64) -> DTilerArg {
    match t {
        Some(DTilerArg::Layout(l)) => DTilerArg::Layout(l.with_dynamic_values(p)),
        Some(DTilerArg::Int(n)) if !n.is_static => DTilerArg::Int(DInt::d(p)),
        Some(DTilerArg::Int(n)) => DTilerArg::Int(n),
        Some(DTilerArg::Tiler(t)) => DTilerArg::Tiler(t.with_dynamic_values(p)),
        None => Error::StaticMismatch.raise(),
    }
}

/// An IntTuple operand's pattern with every run-time leaf set to `p`.
pub(crate) const fn pattern_tuple(t: FixedTuple, p: i64) -> FixedTuple {
    t.with_dynamic_values(p)
}

/// The number of run-time leaves (shape and stride) of `l`.
const fn slot_count(l: &FixedLayout) -> usize {
    let (shape, stride) = (l.shape_ref(), l.stride_ref());
    let mut n = 0;
    let mut pos = 0;
    while pos < shape.node_count() {
        if let (Some(s), Some(d)) = (shape.leaf_at_node(pos), stride.leaf_at_node(pos)) {
            n += !s.is_static as usize + !d.is_static as usize;
        }
        pos += 1;
    }
    n
}

/// The rule of a failed pattern, or of one with too many run-time leaves.
#[track_caller]
pub(crate) const fn check_pattern(r: &Result<FixedLayout, Error>) {
    let l = ok_or_raise(*r);
    if slot_count(&l) > MIXED_SLOTS {
        Error::MixedSlots.raise()
    }
}

impl<M: MixedPattern> Dispatch<M> for Mix {
    type Output = Result<Mixed<M>, Error>;
    const CHECK: () = match M::PATTERN {
        // The operand's own operation reported its failure.
        Err(Error::FailedOperand) => (),
        r => check_pattern(&r),
    };
    fn run(dynamic: impl FnOnce() -> Result<FixedLayout, Error>) -> Result<Mixed<M>, Error> {
        Mixed::from_fixed(&dynamic()?)
    }
    fn run_rt(dynamic: impl FnOnce() -> Result<RtLayout, Error>) -> Result<Mixed<M>, Error> {
        Mixed::from_rt(&dynamic()?)
    }
}

/// Where an extent or stride of the plan comes from.
#[derive(Clone, Copy)]
enum Src {
    /// A static leaf: its value.
    Lit(i64),
    /// A run-time leaf: its slot.
    Slot(usize),
}

impl Src {
    #[inline(always)]
    fn get(self, vals: &[i64; MIXED_SLOTS]) -> i64 {
        match self {
            Src::Lit(v) => v,
            Src::Slot(j) => vals[j],
        }
    }
    /// The leaf as the layout holds it: a literal static, a slot run-time.
    #[inline(always)]
    fn dint(self, vals: &[i64; MIXED_SLOTS]) -> DInt {
        match self {
            Src::Lit(v) => DInt::s(v),
            Src::Slot(j) => DInt::d(vals[j]),
        }
    }
}

/// A pattern's leaves in node order (the order [`DLayout::size`] and
/// [`DLayout::cosize`] take them), each extent and stride a literal or a slot
/// numbered as [`Mixed::from_dynamic`] numbers them.
struct NodeLeaves {
    leaves: [PlanLeaf; CAPACITY],
    count: usize,
}

impl NodeLeaves {
    const fn of(l: &FixedLayout) -> NodeLeaves {
        let mut r = NodeLeaves {
            leaves: [NO_LEAF; CAPACITY],
            count: 0,
        };
        let (shape, stride) = (l.shape_ref(), l.stride_ref());
        let mut slot = 0;
        let mut pos = 0;
        while pos < shape.node_count() {
            if let (Some(s), Some(d)) = (shape.leaf_at_node(pos), stride.leaf_at_node(pos)) {
                let extent = if s.is_static {
                    Src::Lit(s.value)
                } else {
                    slot += 1;
                    Src::Slot(slot - 1)
                };
                let stride = if d.is_static {
                    Src::Lit(d.value)
                } else {
                    slot += 1;
                    Src::Slot(slot - 1)
                };
                r.leaves[r.count] = PlanLeaf { extent, stride };
                r.count += 1;
            }
            pos += 1;
        }
        r
    }
}

/// One leaf of a mixed layout's evaluation plan.
#[derive(Clone, Copy)]
struct PlanLeaf {
    extent: Src,
    stride: Src,
}

const NO_LEAF: PlanLeaf = PlanLeaf {
    extent: Src::Lit(1),
    stride: Src::Lit(0),
};

/// The evaluation plan of a pattern: the engine's terms in leaf order, each
/// value a literal or a slot.
#[derive(Clone, Copy)]
pub(crate) struct MixedPlan {
    leaves: [PlanLeaf; CAPACITY],
    count: usize,
    /// Whether the last leaf takes the rest of the index (the shape does not
    /// end in an empty tuple).
    rest: bool,
    /// Whether every static extent is positive (else evaluation takes the
    /// run-time path, which reports the error).
    pub(crate) planned: bool,
}

impl MixedPlan {
    /// No plan: evaluation takes the run-time path.
    const NONE: MixedPlan = MixedPlan {
        leaves: [NO_LEAF; CAPACITY],
        count: 0,
        rest: false,
        planned: false,
    };

    /// The plan of `l`, slots numbered leaf by leaf, shape before stride (the
    /// order of [`Mixed::from_dynamic`]).
    const fn of(l: &FixedLayout) -> MixedPlan {
        let mut plan = MixedPlan {
            leaves: [NO_LEAF; CAPACITY],
            count: 0,
            rest: false,
            planned: true,
        };
        let mut slot = 0;
        let mut terms = FixedTerms::new(l);
        while let Some(t) = terms.next_term() {
            let extent = if t.extent.is_static {
                if t.extent.value <= 0 {
                    plan.planned = false;
                }
                Src::Lit(t.extent.value)
            } else {
                slot += 1;
                Src::Slot(slot - 1)
            };
            let stride = if t.stride.is_static {
                Src::Lit(t.stride.value)
            } else {
                slot += 1;
                Src::Slot(slot - 1)
            };
            plan.leaves[plan.count] = PlanLeaf { extent, stride };
            plan.count += 1;
            plan.rest = t.takes_rest;
        }
        if slot > MIXED_SLOTS {
            plan.planned = false;
        }
        plan
    }
}

/// A type with an evaluation plan: a typed mixed result's pattern, or a typed
/// `Layout`'s (see [`LayoutPlan`]).
pub(crate) trait Planned {
    /// The engine's terms of the pattern, each value a literal or a slot.
    const PLAN: MixedPlan;
}

/// Leaf `k` of `plan` (a leaf adding nothing past the last).
const fn plan_leaf(plan: &MixedPlan, k: usize) -> PlanLeaf {
    if k < plan.count {
        plan.leaves[k]
    } else {
        NO_LEAF
    }
}

/// `L(i)` for a 1-D index over `P`'s plan with the run-time leaves `vals`: the
/// engine's sum `Σ ((i / divₖ) mod sₖ)·dₖ` (the last leaf taking the rest),
/// static extents and strides as literals. The same result, overflow
/// included, as [`DLayout::eval_index`] of the layout, when its size and
/// cosize fit in `i64` and its run-time extents are positive (checked when the
/// value was made): only the rest's term and the last addition can overflow.
/// `P::PLAN` must be planned.
#[inline]
// The last unrolled step's `div` is not read.
#[allow(unused_assignments)]
pub(crate) fn eval_plan<P: Planned>(vals: &[i64; MIXED_SLOTS], i: i64) -> Result<i64, Error> {
    let mut acc = 0i64;
    let mut div = 1i64;
    macro_rules! steps {
        ($($k:literal)*) => {$(
            if $k < const { P::PLAN.count } {
                let leaf = const { plan_leaf(&P::PLAN, $k) };
                let (s, d) = (leaf.extent.get(vals), leaf.stride.get(vals));
                if $k + 1 == const { P::PLAN.count } && const { P::PLAN.rest } {
                    let last = (i / div).checked_mul(d).ok_or(Error::Overflow)?;
                    return acc.checked_add(last).ok_or(Error::Overflow);
                }
                acc += (i / div) % s * d;
                div *= s;
            }
        )*};
    }
    steps!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
           32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60
           61 62 63);
    Ok(acc)
}

/// The plan of a typed `Layout<S, D>`: the engine's terms of its pattern
/// (`S::PATTERN:D::PATTERN`), its run-time leaves in slots (written by
/// [`Congruent::write_slots`](super::Congruent::write_slots)).
pub(crate) struct LayoutPlan<S, D>(PhantomData<fn() -> (S, D)>);

impl<S: IntTuple, D: IntTuple> Planned for LayoutPlan<S, D> {
    const PLAN: MixedPlan = match FixedLayout::new_unchecked_shape(S::PATTERN, D::PATTERN) {
        Ok(l) => MixedPlan::of(&l),
        Err(_) => MixedPlan::NONE,
    };
}

/// A typed layout with run-time leaves, the result of the typed algebra on
/// operands that are typed but not all static (see the module docs). `M` is
/// the operation's marker type (`Composed<A, B>`, …), whose
/// [`MixedPattern::PATTERN`] holds the nesting and static leaves; the value
/// holds only the run-time leaves.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_128, 96i64)).unwrap();
/// let d = logical_divide(a, (_32, _16)).unwrap();
/// // The static leaves C++ keeps static are static, the others run-time:
/// assert_eq!(d.to_string(), "((_32,_4),(_16,6)):((_1,_32),(_128,_2048))");
/// // …and the result is the operand of the next operation, still typed.
/// let z = zipped_divide(d, (_8, _4)).unwrap();
/// assert_eq!(z.eval_index(37), z.to_dynamic().eval_index(37).map(|v| v.value));
/// ```
pub struct Mixed<M> {
    vals: [i64; MIXED_SLOTS],
    marker: PhantomData<fn() -> M>,
}

impl<M> Clone for Mixed<M> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M> Copy for Mixed<M> {}

impl<M> PartialEq for Mixed<M> {
    fn eq(&self, o: &Self) -> bool {
        self.vals == o.vals
    }
}
impl<M> Eq for Mixed<M> {}

impl<M: MixedPattern> Mixed<M> {
    /// The pattern (a placeholder layout for a failed one, whose error its
    /// operation has reported).
    pub const LAYOUT: FixedLayout = match M::PATTERN {
        Ok(l) => l,
        Err(_) => FAILED_PLACEHOLDER,
    };
    /// The number of run-time leaves.
    pub const SLOTS: usize = slot_count(&Self::LAYOUT);
    const COUNT: usize = <Self as Planned>::PLAN.count;
    const fn leaf(k: usize) -> PlanLeaf {
        plan_leaf(&<Self as Planned>::PLAN, k)
    }

    /// The value of this type equal to `l`: the nesting, static flags and static
    /// values of `l` must be the pattern's ([`Error::MixedPattern`]), its size
    /// and cosize must fit in `i64` ([`Error::Overflow`]), and its run-time
    /// shape leaves must be positive ([`Error::NonPositiveShape`]: the
    /// evaluation divides by them).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// type M = Coalesced<Layout<(_4, i64), (_1, i64)>>;
    /// let m = Mixed::<M>::from_dynamic(&"(_4,8):(_1,4)".parse().unwrap()).unwrap();
    /// assert_eq!(m.to_string(), "(_4,8):(_1,4)");
    /// assert!(Mixed::<M>::from_dynamic(&"(_2,8):(_1,4)".parse().unwrap()).is_err());
    /// ```
    pub fn from_dynamic(l: &DLayout) -> Result<Self, Error> {
        Self::read(l)
    }
    /// [`Mixed::from_dynamic`] of the fixed form.
    #[doc(hidden)]
    pub fn from_fixed(l: &FixedLayout) -> Result<Self, Error> {
        Self::read(l)
    }

    /// [`Mixed::from_dynamic`] of the run-time arm's own result (the compact
    /// layout), read without converting it.
    pub(crate) fn from_rt(l: &RtLayout) -> Result<Self, Error> {
        #[cfg(feature = "alloc")]
        if let Some(r) = Self::read_inline(l) {
            return r;
        }
        Self::read(l)
    }

    /// [`Mixed::read`] of an inline compact layout whose nodes are the
    /// pattern's (kinds, static flags and static values compared as arrays
    /// against the pattern's compact form, made at compile time); `None`
    /// where they differ (or either is not inline): `read` then names the
    /// first difference. Where they agree, `read`'s only other refusals are a
    /// run-time extent below 1 and the size checks of [`Mixed::fits`].
    #[cfg(feature = "alloc")]
    #[inline]
    fn read_inline(l: &DLayout) -> Option<Result<Self, Error>> {
        if const { M::PATTERN.is_err() || Self::SLOTS > MIXED_SLOTS } {
            return None;
        }
        let ps: &'static Option<DTuple> = const { &DTuple::inline_of(Self::LAYOUT.shape_ref()) };
        let pd: &'static Option<DTuple> = const { &DTuple::inline_of(Self::LAYOUT.stride_ref()) };
        let leaves: u16 = const { leaf_mask(Self::LAYOUT.shape_ref()) };
        let (pk, pv, p_static) = ps.as_ref()?.inline_nodes()?;
        let (_, pdv, pd_static) = pd.as_ref()?.inline_nodes()?;
        let (lk, lv, l_static) = l.shape_ref().inline_nodes()?;
        let (ldk, ldv, ld_static) = l.stride_ref().inline_nodes()?;
        if lk != pk || ldk != pk {
            return None;
        }
        if (l_static ^ p_static) & leaves != 0 || (ld_static ^ pd_static) & leaves != 0 {
            return None;
        }
        for p in 0..pk.len() {
            let (s_fixed, d_fixed) = (
                ((p_static & leaves) >> p) & 1 != 0,
                ((pd_static & leaves) >> p) & 1 != 0,
            );
            if (s_fixed && lv[p] != pv[p]) || (d_fixed && ldv[p] != pdv[p]) {
                return None;
            }
        }
        let slots: &'static SlotNodes = const { &SlotNodes::of(&Self::LAYOUT) };
        let mut vals = [0i64; MIXED_SLOTS];
        let nodes = slots.pos.iter().zip(&slots.in_stride).take(slots.count);
        for (v, (&p, &in_stride)) in vals.iter_mut().zip(nodes) {
            *v = if in_stride {
                ldv[p as usize]
            } else {
                lv[p as usize]
            };
            if !in_stride && *v <= 0 {
                return Some(Err(Error::NonPositiveShape));
            }
        }
        Some(Self::fits(&vals).map(|()| Mixed {
            vals,
            marker: PhantomData,
        }))
    }

    /// The value equal to `l` (see [`Mixed::from_dynamic`]): `l` is walked
    /// node by node beside the pattern.
    fn read<L: LayoutNodes>(l: &L) -> Result<Self, Error> {
        let p: &'static FixedLayout = match const { &M::PATTERN } {
            Ok(p) => p,
            Err(_) => return Err(Error::FailedOperand),
        };
        let mut vals = [0i64; MIXED_SLOTS];
        let mut slot = 0;
        let (ps, pd) = (p.shape_ref(), p.stride_ref());
        let (ls, ld) = (l.shape_nodes(), l.stride_nodes());
        if ps.node_count() != ls.nodes() {
            return Err(Error::MixedPattern);
        }
        for pos in 0..ps.node_count() {
            match (ps.leaf_at_node(pos), ls.leaf(pos)) {
                (Some(a), Some(b)) => {
                    let (c, d) = match (pd.leaf_at_node(pos), ld.leaf(pos)) {
                        (Some(c), Some(d)) => (c, d),
                        _ => return Err(Error::MixedPattern),
                    };
                    if !b.is_static && b.value <= 0 {
                        return Err(Error::NonPositiveShape);
                    }
                    for (want, got) in [(a, b), (c, d)] {
                        if want.is_static != got.is_static
                            || (want.is_static && want.value != got.value)
                        {
                            return Err(Error::MixedPattern);
                        }
                        if !got.is_static {
                            *vals.get_mut(slot).ok_or(Error::MixedSlots)? = got.value;
                            slot += 1;
                        }
                    }
                }
                (None, None) if ps.arity_at_node(pos) == ls.arity(pos) => {}
                _ => return Err(Error::MixedPattern),
            }
        }
        Self::fits(&vals)?;
        Ok(Mixed {
            vals,
            marker: PhantomData,
        })
    }

    /// `Ok` when the size and cosize of the layout with the run-time leaves
    /// `vals` fit in `i64`: [`DLayout::size`] and [`DLayout::cosize`]'s own
    /// checked steps (`Π sᵢ`, `1 + Σ (sᵢ - 1)·|dᵢ|`, leaf by leaf in node
    /// order, static leaves as static `DInt`s), over the pattern's leaves
    /// gathered at compile time instead of a walk of the layout's nodes.
    #[inline]
    fn fits(vals: &[i64; MIXED_SLOTS]) -> Result<(), Error> {
        let leaves: &'static NodeLeaves = const { &NodeLeaves::of(&Self::LAYOUT) };
        let (mut size, mut cosize) = (DInt::s(1), DInt::s(1));
        for leaf in &leaves.leaves[..const { NodeLeaves::of(&Self::LAYOUT).count }] {
            let (s, d) = (leaf.extent.dint(vals), leaf.stride.dint(vals));
            size = size.mul(s)?;
            // (as `DLayout::cosize`, term by term)
            cosize = cosize.add(DInt::cosize_term(s, d)?)?;
        }
        Ok(())
    }

    /// The run-time leaves' values, in slot order (leaf by leaf, shape before stride).
    pub fn slots(&self) -> &[i64] {
        &self.vals[..Self::SLOTS.min(MIXED_SLOTS)]
    }

    /// The layout as a run-time [`DLayout`], static leaves keeping their static flag.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let m = coalesce(Layout::new((_4, 8i64), (_1, 4i64)).unwrap()).unwrap();
    /// assert_eq!(m.to_dynamic().to_string(), "(_4,8):(_1,4)");
    /// ```
    pub fn to_dynamic(&self) -> DLayout {
        self.compact()
    }
    /// The layout in the fixed form, static leaves keeping their static flag.
    #[doc(hidden)]
    pub fn to_fixed(&self) -> FixedLayout {
        let p = Self::LAYOUT;
        let (mut shape, mut stride) = (p.shape(), p.stride());
        let mut slot = 0;
        for pos in 0..shape.node_count() {
            for t in [&mut shape, &mut stride] {
                if let Some(v) = t.leaf_at_node(pos) {
                    if !v.is_static {
                        t.set_leaf_at_node(pos, DInt::d(self.vals[slot.min(MIXED_SLOTS - 1)]));
                        slot += 1;
                    }
                }
            }
        }
        // Congruent (the pattern's own nesting): never the fallback.
        FixedLayout::new_unchecked_shape(shape, stride).unwrap_or(p)
    }

    /// `L(i)` for a 1-D index: the engine's sum `Σ ((i / divₖ) mod sₖ)·dₖ`
    /// (the last leaf taking the rest) over the compile-time plan, static
    /// extents and strides as literals. The same result, overflow included, as
    /// [`DLayout::eval_index`] of [`Mixed::to_dynamic`] (the size and cosize
    /// fit in `i64`, checked when the value was made, so only the rest's term
    /// and the last addition can overflow).
    #[inline]
    pub fn eval_index(&self, i: i64) -> Result<i64, Error> {
        if !const { <Self as Planned>::PLAN.planned } {
            return Ok(self.to_fixed().eval_index(i)?.value);
        }
        eval_plan::<Self>(&self.vals, i)
    }

    /// The number of coordinates: the product of the extents (fits in `i64`,
    /// checked when the value was made).
    pub fn size(&self) -> i64 {
        let mut n = 1i64;
        for k in 0..Self::COUNT {
            n = n.wrapping_mul(Self::leaf(k).extent.get(&self.vals));
        }
        n
    }
}

/// A layout's nodes as [`Mixed::from_dynamic`] reads them: the 64-node
/// [`DLayout`] and the run-time arm's compact layout alike.
trait LayoutNodes {
    type Tuple: TupleNodes;
    fn shape_nodes(&self) -> &Self::Tuple;
    fn stride_nodes(&self) -> &Self::Tuple;
}

/// A tuple's nodes (see [`LayoutNodes`]).
trait TupleNodes {
    fn nodes(&self) -> usize;
    fn leaf(&self, pos: usize) -> Option<DInt>;
    fn arity(&self, pos: usize) -> Option<usize>;
}

macro_rules! layout_nodes {
    ($L:ty, $T:ty) => {
        impl LayoutNodes for $L {
            type Tuple = $T;
            #[inline(always)]
            fn shape_nodes(&self) -> &$T {
                self.shape_ref()
            }
            #[inline(always)]
            fn stride_nodes(&self) -> &$T {
                self.stride_ref()
            }
        }
        impl TupleNodes for $T {
            #[inline(always)]
            fn nodes(&self) -> usize {
                self.node_count()
            }
            #[inline(always)]
            fn leaf(&self, pos: usize) -> Option<DInt> {
                self.leaf_at_node(pos)
            }
            #[inline(always)]
            fn arity(&self, pos: usize) -> Option<usize> {
                self.arity_at_node(pos)
            }
        }
    };
}
layout_nodes!(FixedLayout, FixedTuple);
layout_nodes!(DLayout, DTuple);

/// The leaf nodes of `t` as the bits of a `u16` (the first 16 nodes).
const fn leaf_mask(t: &FixedTuple) -> u16 {
    let mut mask = 0u16;
    let mut p = 0;
    while p < t.node_count() && p < 16 {
        if t.leaf_at_node(p).is_some() {
            mask |= 1 << p;
        }
        p += 1;
    }
    mask
}

/// Where each slot of a pattern lives: node position and tuple (shape or stride).
struct SlotNodes {
    pos: [u8; MIXED_SLOTS],
    in_stride: [bool; MIXED_SLOTS],
    count: usize,
}
impl SlotNodes {
    /// The slots of `l` (at most [`MIXED_SLOTS`] are recorded: a pattern
    /// with more does not compile).
    const fn of(l: &FixedLayout) -> SlotNodes {
        let mut r = SlotNodes {
            pos: [0; MIXED_SLOTS],
            in_stride: [false; MIXED_SLOTS],
            count: 0,
        };
        let (shape, stride) = (l.shape_ref(), l.stride_ref());
        let mut pos = 0;
        while pos < shape.node_count() {
            if let (Some(s), Some(d)) = (shape.leaf_at_node(pos), stride.leaf_at_node(pos)) {
                let mut t = 0;
                while t < 2 {
                    let v = if t == 0 { s } else { d };
                    if !v.is_static && r.count < MIXED_SLOTS {
                        r.pos[r.count] = pos as u8;
                        r.in_stride[r.count] = t == 1;
                        r.count += 1;
                    }
                    t += 1;
                }
            }
            pos += 1;
        }
        r
    }
}

impl<M: MixedPattern> Mixed<M> {
    /// The layout in the compact form, written from the pattern and the slots.
    #[inline]
    fn compact(&self) -> DLayout {
        let p: &'static FixedLayout = const { &Self::LAYOUT };
        let slots: &'static SlotNodes = const { &SlotNodes::of(&Self::LAYOUT) };
        // (the pattern's compact form is made at compile time when it is inline)
        let mut shape = match const { DTuple::inline_of(Self::LAYOUT.shape_ref()) } {
            Some(t) => t,
            None => DTuple::from_fixed(p.shape_ref()),
        };
        let mut stride = match const { DTuple::inline_of(Self::LAYOUT.stride_ref()) } {
            Some(t) => t,
            None => DTuple::from_fixed(p.stride_ref()),
        };
        for k in 0..slots.count {
            let t = if slots.in_stride[k] {
                &mut stride
            } else {
                &mut shape
            };
            t.set_leaf_at_node(slots.pos[k] as usize, DInt::d(self.vals[k]));
        }
        // The pattern's own nesting (congruent, no star): not checked again.
        DLayout::from_congruent(shape, stride)
    }
}

impl<M: MixedPattern> Planned for Mixed<M> {
    const PLAN: MixedPlan = MixedPlan::of(&Self::LAYOUT);
}

// The step list of `eval_plan` covers every leaf a `FixedTuple` can hold.
const _: () = assert!(CAPACITY == 64);

/// A static coordinate `K` outside the static part of `M`'s shape does not
/// compile (as for `Layout::eval`).
struct MixedCoordCheck<M, K>(PhantomData<(M, K)>);

impl<M: MixedPattern, K: Coord> MixedCoordCheck<M, K> {
    const OK: () = if M::PATTERN.is_ok() {
        super::coord::check_static_coord(&K::COORD_PATTERN, &Mixed::<M>::LAYOUT.shape())
    };
}

impl<M: MixedPattern> fmt::Display for Mixed<M> {
    /// As C++ prints it: static leaves with `_`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_fixed(), f)
    }
}

impl<M: MixedPattern> fmt::Debug for Mixed<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_fixed(), f)
    }
}

#[diagnostic::do_not_recommend]
impl<M: MixedPattern> LayoutOperand for Mixed<M> {
    type IsStatic = False;
    type Typed = True;
    type StrideStatic = M::StrideStatic;
    type Modes = super::AnyModes;
    const STATIC: Option<FixedLayout> = None;
    const PATTERN: Option<FixedLayout> = Some(Self::LAYOUT);
    const FAILED: bool = M::PATTERN.is_err();
    fn to_fixed(&self) -> FixedLayout {
        Mixed::to_fixed(self)
    }
    #[inline]
    fn to_compact(&self) -> DLayout {
        self.compact()
    }
}

impl<M: MixedPattern> TilerOperand for Mixed<M> {
    type IsStatic = False;
    type Typed = True;
    type StrideStatic = M::StrideStatic;
    type Modes = super::AnyModes;
    const STATIC_TILER: Option<DTilerArg> = None;
    const PATTERN_TILER: Option<DTilerArg> = Some(DTilerArg::Layout(Self::LAYOUT));
    const FAILED: bool = M::PATTERN.is_err();
    fn to_tiler(&self) -> Result<DTilerArg, Error> {
        Ok(DTilerArg::Layout(self.to_fixed()))
    }
    #[inline]
    fn to_compact_tiler(&self) -> Result<CTilerArg, Error> {
        Ok(CTilerArg::Layout(self.compact()))
    }
}

impl<M: MixedPattern> LayoutLike for Mixed<M> {
    fn size(&self) -> i64 {
        Mixed::size(self)
    }
    fn cosize(&self) -> i64 {
        // Fits in `i64` (checked when the value was made).
        self.to_fixed().cosize().map_or(0, |c| c.value)
    }
    fn rank(&self) -> usize {
        Self::LAYOUT.rank()
    }
    fn depth(&self) -> usize {
        Self::LAYOUT.depth()
    }
    #[inline]
    fn eval<K: Coord>(&self, coord: K) -> Result<i64, Error> {
        let () = MixedCoordCheck::<M, K>::OK;
        if const { K::COORD_PATTERN.is_int() } {
            // As for static results: an integer coordinate is `C<N>` (value in
            // the pattern) or a run-time integer, reached without building a
            // `FixedTuple`.
            if const { K::COORD_PATTERN.is_static() } {
                return self.eval_index(const { K::COORD_PATTERN.leaf(0).value });
            }
            if let Some(i) = (&coord as &dyn Any).downcast_ref::<i64>() {
                return self.eval_index(*i);
            }
            return self.eval_index(coord.to_dcoord().leaf(0).value);
        }
        if const { K::COORD_PATTERN.has_underscore() } {
            return Err(Error::CoordinateMismatch);
        }
        Ok(self.to_fixed().eval(&coord.to_dcoord())?.value)
    }
    #[inline]
    fn eval_index(&self, i: i64) -> Result<i64, Error> {
        Mixed::eval_index(self, i)
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use crate::typed::*;
    extern crate alloc;
    use alloc::string::ToString;

    type M = Coalesced<Layout<(_4, (i64, _3)), (_1, (i64, _8))>>;

    /// The inline read against the node-by-node one, on layouts that match
    /// the pattern and on every kind of difference (structure, static flag,
    /// static value, a run-time extent below 1): the same value or error.
    #[test]
    fn inline_read_agrees_with_the_node_walk() {
        let pattern = Mixed::<M>::LAYOUT.to_string();
        assert_eq!(pattern, "(_4,1,_3):(_1,1,_8)");
        let cases = [
            "(_4,7,_3):(_1,9,_8)",
            "(_4,7,_3):(_1,-9,_8)",
            "(_4,0,_3):(_1,9,_8)",
            "(_4,-2,_3):(_1,9,_8)",
            "(_4,7,_3):(_1,9,_9)",
            "(_5,7,_3):(_1,9,_8)",
            "(4,7,_3):(_1,9,_8)",
            "(_4,7,_3):(1,9,_8)",
            "(_4,_7,_3):(_1,9,_8)",
            "(_4,0,_3):(_1,9,_9)",
            "(_4,(7,1),_3):(_1,(9,1),_8)",
            "(_4,7):(_1,9)",
            "_4:_1",
            "(_4,7,_3,1):(_1,9,_8,0)",
            "(_4,4611686018427387904,_3):(_1,9,_8)",
            "(_4,7,_3):(_1,9223372036854775807,_8)",
        ];
        for text in cases {
            // (built unchecked: extents below 1 included)
            let (shape, stride) = text.split_once(':').unwrap();
            let l = DLayout::new_unchecked_shape(shape.parse().unwrap(), stride.parse().unwrap())
                .unwrap();
            let inline = Mixed::<M>::from_rt(&l).map(|m| m.to_string());
            let walked = Mixed::<M>::read(&l).map(|m| m.to_string());
            assert_eq!(inline, walked, "{text}");
        }
        let ok: DLayout = "(_4,7,_3):(_1,9,_8)".parse().unwrap();
        assert!(Mixed::<M>::read_inline(&ok).is_some());
        assert_eq!(Mixed::<M>::from_rt(&ok).unwrap().slots(), &[7, 9]);
    }
}
