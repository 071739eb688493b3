//! Run-time evaluation of a static layout's 1-D index, as cheap as the same
//! index arithmetic written by hand.
//!
//! A static result (`Composed<A, B>`, …) knows its layout only as the `const`
//! [`StaticLayout::LAYOUT`]. Evaluating that through
//! [`crate::DLayout::eval_index`] walks the layout's nodes at run time, which
//! the optimiser does not fold. Instead, the terms of the evaluation engine
//! ([`crate::dynamic::Terms`], the one definition of `layout → offset`) are
//! gathered at compile time into an [`IndexPlan`]: leaf `k` contributes
//! `((i / divₖ) % sₖ)·dₖ`, except the leaf taking the rest, which contributes
//! `(i / div)·d`; leaves of extent 1 or stride 0 contribute nothing and are
//! left out.
//!
//! [`eval_index`] reads every number of the plan in an inline `const` block and
//! spells out one step per possible leaf (see [`unrolled_steps`]), so the code
//! the compiler sees is that sum with literal constants: shifts, masks and
//! multiplications by constants, without loops, loads or calls, whatever the
//! number of leaves.
//!
//! The result, errors included, is that of [`crate::DLayout::eval_index`]: a
//! layout is planned only when its cosize fits in `i64`, which bounds every
//! reduced term and every sum of them, so only the rest's term and the final
//! addition are checked. The engine adds the terms in leaf order, and the leaf
//! taking the rest is the last one, so it reports an overflow in exactly the
//! same cases.
use core::any::Any;
use core::marker::PhantomData;

use super::coord::Coord;
use super::flag::StaticFlag;
use super::layout_like::StaticLayout;
use super::tuple::IntTuple;
use crate::dynamic::{FixedLayout, FixedTerms, CAPACITY};
use crate::error::Error;

/// One shape leaf whose coordinate is reduced modulo its extent.
#[derive(Clone, Copy)]
pub(crate) struct WrappedLeaf {
    /// Product of the shape leaves before this one.
    div: i64,
    /// This leaf's extent (the shape entry).
    extent: i64,
    /// This leaf's stride.
    stride: i64,
}

/// A leaf that adds nothing: fills the unused entries of a plan.
const NO_LEAF: WrappedLeaf = WrappedLeaf {
    div: 1,
    extent: 1,
    stride: 0,
};

impl WrappedLeaf {
    /// This leaf's term for the index `i`. `|term| ≤ (extent - 1)·|stride|`,
    /// and the sum of these bounds is less than the cosize, which fits in
    /// `i64`: no overflow is possible, in the term or in the sum of terms.
    #[inline(always)]
    fn term(&self, i: i64) -> i64 {
        (i / self.div) % self.extent * self.stride
    }
}

/// The term of the leaf taking the rest, `(i / div)·stride`, checked; 0
/// without such a leaf.
#[inline(always)]
fn last_term(last: Option<(i64, i64)>, i: i64) -> Result<i64, Error> {
    match last {
        Some((div, stride)) => (i / div).checked_mul(stride).ok_or(Error::Overflow),
        None => Ok(0),
    }
}

/// A static layout flattened for 1-D evaluation (see the module docs).
#[derive(Clone, Copy)]
pub(crate) struct IndexPlan {
    /// The leaves reduced modulo their extent, in leaf order; leaves of
    /// extent 1 or stride 0 contribute nothing and are left out.
    wrapped: [WrappedLeaf; CAPACITY],
    /// Number of entries of `wrapped` in use.
    count: usize,
    /// `(div, stride)` of the leaf taking the rest of the index; `None` when
    /// the layout ends in an empty tuple (the rest is dropped).
    last: Option<(i64, i64)>,
}

impl IndexPlan {
    /// The plan of `l`, gathered from the engine's terms; an error where the
    /// layout is not one the plan can represent (a shape entry that is not
    /// positive, a divisor beyond `i64`).
    pub(crate) const fn of(l: &FixedLayout) -> Result<IndexPlan, Error> {
        let mut plan = IndexPlan {
            wrapped: [NO_LEAF; CAPACITY],
            count: 0,
            last: None,
        };
        let mut terms = FixedTerms::new(l);
        while let Some(t) = terms.next_term() {
            let div = match t.div {
                Some(d) => d.value,
                None => return Err(Error::Overflow),
            };
            let (s, d) = (t.extent.value, t.stride.value);
            if s <= 0 {
                return Err(Error::NonPositiveShape);
            }
            if t.takes_rest {
                plan.last = Some((div, d));
            } else if s > 1 && d != 0 {
                plan.wrapped[plan.count] = WrappedLeaf {
                    div,
                    extent: s,
                    stride: d,
                };
                plan.count += 1;
            }
        }
        Ok(plan)
    }

    /// `L(i)`, equal to [`crate::DLayout::eval_index`] of the planned layout: the
    /// same steps as [`eval_index`], in a loop over a plan built at run time
    /// (what the tests compare with the run-time path on random layouts).
    #[cfg(test)]
    pub(crate) fn eval(&self, i: i64) -> Result<i64, Error> {
        let mut acc = 0i64;
        let mut k = 0;
        while k < self.count {
            acc += self.wrapped[k].term(i);
            k += 1;
        }
        acc.checked_add(last_term(self.last, i)?)
            .ok_or(Error::Overflow)
    }
}

/// Where a plan comes from: a static result type, or the types of a static
/// `Layout<S, D>`.
trait PlanSource {
    /// `None` if the layout cannot be planned or its cosize does not fit in
    /// `i64` (the bound [`WrappedLeaf::term`] relies on); evaluation then takes
    /// another path.
    const PLAN: Option<IndexPlan>;
}

/// The plan of `l`, if it can be planned and its cosize fits in `i64`.
const fn plan_of(l: &FixedLayout) -> Option<IndexPlan> {
    match (l.cosize(), IndexPlan::of(l)) {
        (Ok(_), Ok(plan)) => Some(plan),
        _ => None,
    }
}

/// The plan of the static layout `L`, computed once per type at compile time.
struct PlanOf<L>(PhantomData<L>);

impl<L: StaticLayout> PlanSource for PlanOf<L> {
    const PLAN: Option<IndexPlan> = plan_of(&super::static_result::layout_of::<L>());
}

/// The plan of a typed `Layout<S, D>` whose shape and stride are static (from
/// their patterns, which then hold every value); `None` otherwise.
struct PatternPlan<S, D>(PhantomData<(S, D)>);

impl<S: IntTuple, D: IntTuple> PlanSource for PatternPlan<S, D> {
    const PLAN: Option<IndexPlan> =
        if <S::IsStatic as StaticFlag>::VALUE && <D::IsStatic as StaticFlag>::VALUE {
            match FixedLayout::new(S::PATTERN, D::PATTERN) {
                Ok(l) => plan_of(&l),
                Err(_) => None,
            }
        } else {
            None
        };
}

/// The numbers of a plan, as constants.
struct Consts<P>(PhantomData<P>);

impl<P: PlanSource> Consts<P> {
    const PLANNED: bool = P::PLAN.is_some();
    const COUNT: usize = match &P::PLAN {
        Some(plan) => plan.count,
        None => 0,
    };
    const LAST: Option<(i64, i64)> = match &P::PLAN {
        Some(plan) => plan.last,
        None => None,
    };
    /// Entry `k` of the plan (a leaf adding nothing beyond the count).
    const fn leaf(k: usize) -> WrappedLeaf {
        match &P::PLAN {
            Some(plan) => plan.wrapped[k],
            None => NO_LEAF,
        }
    }
}

/// One [`WrappedLeaf::term`] per possible entry of a plan, each guarded by the
/// plan's count and reading its leaf in a `const` block: after monomorphisation
/// the guards are constants and the operands literals, so the unused steps
/// vanish and the used ones fold, without relying on loop unrolling.
macro_rules! unrolled_steps {
    ($P:ty, $i:expr, $acc:expr; $($k:literal)*) => {
        $(
            if $k < const { Consts::<$P>::COUNT } {
                $acc += const { Consts::<$P>::leaf($k) }.term($i);
            }
        )*
    };
}

// The step list of `eval_planned` covers every leaf a `FixedTuple` can hold.
const _: () = assert!(CAPACITY == 64);

/// `L(i)` through the plan of `P` (which must be planned).
#[inline(always)]
fn eval_planned<P: PlanSource>(i: i64) -> Result<i64, Error> {
    let mut acc = 0i64;
    unrolled_steps!(P, i, acc;
        0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
        32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60
        61 62 63);
    acc.checked_add(last_term(const { Consts::<P>::LAST }, i)?)
        .ok_or(Error::Overflow)
}

/// `L(i)` for a 1-D index of a static layout, through its compile-time plan.
/// Same result as `L::LAYOUT.eval_index(i)`.
#[inline]
pub(crate) fn eval_index<L: StaticLayout>(i: i64) -> Result<i64, Error> {
    if !const { Consts::<PlanOf<L>>::PLANNED } {
        return Ok(super::static_result::layout_of::<L>().eval_index(i)?.value);
    }
    eval_planned::<PlanOf<L>>(i)
}

/// Whether the typed `Layout<S, D>` is static and planned: its 1-D indices
/// are then evaluated by [`eval_pattern`], the engine's plan.
pub(crate) const fn pattern_planned<S: IntTuple, D: IntTuple>() -> bool {
    Consts::<PatternPlan<S, D>>::PLANNED
}

/// `L(i)` of a static, planned `Layout<S, D>` ([`pattern_planned`]): the
/// engine's terms gathered at compile time, as for static results.
#[inline]
pub(crate) fn eval_pattern<S: IntTuple, D: IntTuple>(i: i64) -> Result<i64, Error> {
    eval_planned::<PatternPlan<S, D>>(i)
}

/// The value of an integer coordinate `K` when it is `_N` (its pattern) or an
/// `i64` (decided at compile time); `None` for the other run-time types.
#[inline(always)]
pub(crate) fn int_coord<K: Coord>(coord: &K) -> Option<i64> {
    if const { K::COORD_PATTERN.is_int() && K::COORD_PATTERN.is_static() } {
        return Some(const { K::COORD_PATTERN.leaf(0).value });
    }
    (coord as &dyn Any).downcast_ref::<i64>().copied()
}

/// A static coordinate `K` outside the static shape of `L` does not compile, as
/// for `Layout::eval` (the eval methods of static results name [`CoordCheck::OK`]
/// in their own body, so that the compiler's note shows the caller's line).
pub struct CoordCheck<L, K>(core::marker::PhantomData<(L, K)>);

impl<L: StaticLayout, K: Coord> CoordCheck<L, K> {
    /// Compiles only when the coordinate is inside the shape (a failed result's
    /// own error is reported by its operation instead).
    pub const OK: () = coord_inside::<L, K>();
}

#[track_caller]
const fn coord_inside<L: StaticLayout, K: Coord>() {
    if !<L as super::LayoutOperand>::FAILED {
        let shape = super::static_result::layout_of::<L>().shape();
        super::coord::check_static_coord(&K::COORD_PATTERN, &shape)
    }
}

/// `L(c)` for a coordinate of a static layout: an integer coordinate goes
/// through the compile-time plan, a tuple through [`crate::DLayout::eval`].
/// Same result as [`super::LayoutLike::eval`]'s run-time path.
#[inline]
pub(crate) fn eval<L: StaticLayout, K: Coord>(coord: K) -> Result<i64, Error> {
    if const { K::COORD_PATTERN.is_int() } {
        // The integer coordinates are `C<N>`, whose value is in the pattern, and
        // `i64`, reached through `Any` (decided at compile time): building the
        // coordinate's `FixedTuple` would not fold away.
        if const { K::COORD_PATTERN.is_static() } {
            return eval_index::<L>(const { K::COORD_PATTERN.leaf(0).value });
        }
        if let Some(i) = (&coord as &dyn Any).downcast_ref::<i64>() {
            return eval_index::<L>(*i);
        }
        return eval_index::<L>(coord.to_dcoord().leaf(0).value);
    }
    if const { K::COORD_PATTERN.has_underscore() } {
        return Err(Error::CoordinateMismatch);
    }
    Ok(super::static_result::layout_of::<L>()
        .eval(&coord.to_dcoord())?
        .value)
}

#[cfg(test)]
mod tests {
    use super::IndexPlan;
    use crate::dynamic::{DInt, FixedLayout, FixedTuple};
    use proptest::prelude::*;
    use std::vec::Vec;

    /// A tree of `(shape, stride)` leaves, as congruent shape and stride.
    #[derive(Clone, Debug)]
    enum Mode {
        Leaf(i64, i64),
        Tuple(Vec<Mode>),
    }

    impl Mode {
        fn tuples(&self) -> (FixedTuple, FixedTuple) {
            match self {
                Mode::Leaf(s, d) => (FixedTuple::s(*s), FixedTuple::s(*d)),
                Mode::Tuple(modes) => {
                    let (mut s, mut d) = (FixedTuple::empty(), FixedTuple::empty());
                    for m in modes {
                        let (ms, md) = m.tuples();
                        s = s.push(&ms).unwrap();
                        d = d.push(&md).unwrap();
                    }
                    (s, d)
                }
            }
        }
    }

    fn stride() -> impl Strategy<Value = i64> {
        prop_oneof![
            6 => -40i64..200,
            1 => (-3i64..3).prop_map(|k| k * (1i64 << 40)),
            1 => Just(i64::MAX / 3),
            1 => Just(i64::MIN / 5),
        ]
    }

    fn mode() -> impl Strategy<Value = Mode> {
        let leaf = (1i64..7, stride()).prop_map(|(s, d)| Mode::Leaf(s, d));
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(Mode::Tuple)
        })
    }

    fn index() -> impl Strategy<Value = i64> {
        prop_oneof![
            4 => -20i64..4000,
            1 => any::<i64>(),
            1 => prop_oneof![Just(i64::MAX), Just(i64::MIN), Just(i64::MIN + 1)],
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// The plan evaluates exactly as `DLayout::eval_index`, overflow errors
        /// included, for every layout whose cosize fits (the static ones).
        #[test]
        fn plan_equals_run_time_eval(m in mode(), is in prop::collection::vec(index(), 16)) {
            let (shape, stride) = m.tuples();
            let l = FixedLayout::new(shape, stride).unwrap();
            prop_assume!(l.cosize().is_ok() && l.size().is_ok());
            let plan = IndexPlan::of(&l).unwrap();
            for i in is {
                let want = l.eval_index(i).map(|v: DInt| v.value);
                prop_assert_eq!(plan.eval(i), want, "{} at {}", l, i);
            }
        }
    }

    #[test]
    fn rest_of_index_overflow_and_empty_last_mode() {
        let l: FixedLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
        let plan = IndexPlan::of(&l).unwrap();
        for i in [0, 5, 31, 32, 1000, -7] {
            assert_eq!(plan.eval(i), Ok(l.eval_index(i).unwrap().value));
        }
        // 33 = 1 + 4·(0 + 2·4): the last leaf takes 4 although its extent is 2.
        assert_eq!(plan.eval(33), Ok(4 + 4 * 2));
        // FixedTerms are added in leaf order, the rest's last: -10 + 10 + (2⁶³ - 4)
        // fits, so neither path reports an overflow (nesting the sums, as
        // C++ writes them, would overflow at +10 + (2⁶³ - 4)).
        let l: FixedLayout = "(2,(2,2)):(-10,(10,4))".parse().unwrap();
        let plan = IndexPlan::of(&l).unwrap();
        assert_eq!(l.eval_index(i64::MAX).unwrap().value, i64::MAX - 3);
        assert_eq!(plan.eval(i64::MAX), Ok(i64::MAX - 3));
        // A sum past i64 is an overflow on both paths.
        let l: FixedLayout = "(2,(2,2)):(10,(10,4))".parse().unwrap();
        let plan = IndexPlan::of(&l).unwrap();
        assert_eq!(l.eval_index(i64::MAX), Err(crate::Error::Overflow));
        assert_eq!(plan.eval(i64::MAX), Err(crate::Error::Overflow));
        assert_eq!(
            plan.eval(i64::MAX - 3),
            l.eval_index(i64::MAX - 3).map(|v| v.value)
        );
        let l: FixedLayout = "(4,()):(3,())".parse().unwrap();
        let plan = IndexPlan::of(&l).unwrap();
        assert_eq!(plan.eval(6), Ok(6));
        assert_eq!(l.eval_index(6).unwrap().value, 6);
    }

    /// The unrolled evaluation of static results agrees with the run-time path
    /// for in-domain, out-of-domain and extreme indices, and for every kind of
    /// coordinate.
    #[test]
    fn static_results_evaluate_like_their_layout() {
        use crate::typed::*;
        fn check<L: StaticLayout>(l: L) {
            let extremes = [i64::MAX, i64::MIN, i64::MIN + 1, i64::MAX / 2, -(1 << 40)];
            for i in (-300..3000).chain(extremes) {
                let want = L::LAYOUT.eval_index(i).map(|v| v.value);
                assert_eq!(l.eval_index(i), want, "{l} at {i}");
                assert_eq!(LayoutLike::eval(&l, i), want, "{l} at {i}");
            }
            assert_eq!(LayoutLike::eval(&l, _5), Ok(L::LAYOUT.at(5).unwrap()));
        }
        let a = make_layout_strided((_4, (_2, _2)), (_4, (_1, _2)));
        check(composition(a, _16));
        check(zipped_divide(
            make_layout_strided((_8, _16), (_16, _1)),
            (_2, _4),
        ));
        // A size-1 mode and a stride-0 mode (left out of the plan).
        let n = make_layout_strided((_3, (_1, _5), _2), (_7, (_0, _2), _0));
        check(logical_divide(n, _3));
        check(right_inverse(make_layout_strided(
            (_2, (_8, _2), _8),
            (_16, (_32, _8), _1),
        )));
        // A tuple coordinate takes the run-time path and agrees too.
        let z = zipped_divide(make_layout_strided((_8, _16), (_16, _1)), (_2, _4));
        assert_eq!(LayoutLike::eval(&z, ((1, 2), (3, 1))), Ok(16 + 2 + 96 + 4));
        assert_eq!(
            LayoutLike::eval(&z, (Underscore, 1)),
            Err(crate::Error::CoordinateMismatch)
        );
    }

    /// Typed layouts (mixed and static) add their terms in the engine's order:
    /// they and the dynamic layer agree on values and on overflow, at every
    /// kind of coordinate.
    #[test]
    fn typed_and_dynamic_layouts_overflow_alike() {
        use crate::typed::*;
        let t = Layout::new((2i64, (2i64, 2i64)), (-10i64, (10i64, 4i64))).unwrap();
        let d: FixedLayout = "(2,(2,2)):(-10,(10,4))".parse().unwrap();
        let s = make_layout_strided((_2, (_2, _2)), (_10, (_10, _4)));
        let ds = s.to_fixed();
        for i in [i64::MAX, i64::MAX - 3, i64::MIN, i64::MIN + 9, -5, 5] {
            assert_eq!(t.eval(i), d.eval_index(i).map(|v| v.value), "at {i}");
            assert_eq!(s.eval(i), ds.eval_index(i).map(|v| v.value), "at {i}");
            let natural = (1i64, (1i64, i / 4));
            let dn: FixedTuple = std::format!("(1,(1,{}))", i / 4).parse().unwrap();
            assert_eq!(t.eval(natural), d.eval(&dn).map(|v| v.value), "at {i}");
            assert_eq!(s.eval(natural), ds.eval(&dn).map(|v| v.value), "at {i}");
        }
        assert_eq!(t.eval(i64::MAX), Ok(i64::MAX - 3));
        assert_eq!(s.eval(i64::MAX), Err(crate::Error::Overflow));
    }
}
