//! Typed `coalesce`, `filter`, `composition`, `complement`, `right_inverse`,
//! `left_inverse`, `max_common_layout`, `max_common_vector`, `make_layout_like`,
//! `nullspace`: static inputs give zero-sized static results, typed inputs with
//! run-time leaves typed mixed results ([`super::mixed`]; `complement`, the
//! inverses, `make_layout_like`, `nullspace` and `max_common_layout` only for
//! static strides), and a `DLayout` operand a run-time `Result<DLayout, Error>`
//! (see [`super::static_result`]). `max_common_vector` is an integer.
//! Definitions, examples and preconditions are those of [`crate::algebra`].
use core::marker::PhantomData;

use super::flag::{And, True};
use super::layout_like::LayoutOperand;
use super::mixed::{pattern_layout, pattern_tiler, pattern_tuple, Kind};
use super::operand::{DTilerArg, TilerOperand};
use super::ops_macros::static_op;
use super::static_result::{static_layout, static_tiler, static_tuple, DispatchInt, StaticInt};
use super::tuple::{ok_or_raise, IntTuple};
use crate::algebra;
use crate::dynamic::DLayout;
use crate::error::Error;

static_op! {
    /// [`algebra::coalesce`]: the same function with as few modes as possible
    /// (C++ merges only static modes; the flags of the leaves decide).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let c = coalesce(make_layout((_2, (_1, _6))));
    /// assert_eq!(c.to_string(), "_12:_1");
    /// assert_eq!(core::mem::size_of_val(&c), 0);
    /// ```
    pub fn coalesce<A: LayoutOperand>(a: A) -> Coalesced as CoalesceOut
    where flag = Kind<<A as LayoutOperand>::IsStatic, <A as LayoutOperand>::Typed>,
        static [A: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>] strides [<A as LayoutOperand>::StrideStatic]
    {
        static: algebra::coalesce(&static_layout(A::STATIC)),
        mixed |p| algebra::coalesce(&pattern_layout(A::PATTERN, p)),
        dynamic: algebra::coalesce(&a.to_dynamic()),
    }
}

static_op! {
    /// [`algebra::coalesce_profile`]: coalesce within each mode of `profile`
    /// (only its nesting matters).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = Layout::new((_2, (_1, _6)), (_1, (_6, _2)));
    /// // Coalesced within each mode of the profile (_1, _1):
    /// let c: CoalescedBy<_, _> = coalesce_profile(a, (_1, _1));
    /// assert_eq!(c.to_string(), "(_2,_6):(_1,_2)");
    /// // A run-time profile: the same rule, a Result.
    /// assert_eq!(coalesce_profile(a, (1i64, 1i64)).unwrap().to_string(), "(_2,_6):(_1,_2)");
    /// ```
    pub fn coalesce_profile<A: LayoutOperand, P: IntTuple>(a: A, profile: P) -> CoalescedBy as CoalesceProfileOut
    where flag = Kind<And<<A as LayoutOperand>::IsStatic, <P as IntTuple>::IsStatic>, <A as LayoutOperand>::Typed>,
        static [A: LayoutOperand<IsStatic = True>, P: IntTuple<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, P: IntTuple] strides [<A as LayoutOperand>::StrideStatic]
    {
        static: algebra::coalesce_profile(&static_layout(A::STATIC), &static_tuple(P::STATIC)),
        mixed |p| algebra::coalesce_profile(&pattern_layout(A::PATTERN, p), &pattern_tuple(P::PATTERN, p)),
        dynamic: algebra::coalesce_profile(&a.to_dynamic(), &profile.to_dtuple()),
    }
}

static_op! {
    /// [`algebra::filter`]: coalesce after removing stride-0 and size-1 modes.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = Layout::new((_4, (_2, _3)), (_0, (_1, _2)));
    /// // Stride-0 and size-1 modes removed, then coalesced.
    /// let f: Filtered<_> = filter(a);
    /// assert_eq!(f.to_string(), "_6:_1");
    /// // As in C++, only strides known statically to be 0 are removed.
/// let d = Layout::new((4i64, 6i64), (0i64, 1i64)).unwrap();
/// assert_eq!(filter(d).unwrap().to_string(), "(4,6):(0,1)");
    /// ```
    pub fn filter<A: LayoutOperand>(a: A) -> Filtered as FilterOut
    where flag = Kind<<A as LayoutOperand>::IsStatic, <A as LayoutOperand>::Typed>,
        static [A: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>] strides [<A as LayoutOperand>::StrideStatic]
    {
        static: algebra::filter(&static_layout(A::STATIC)),
        mixed |p| algebra::filter(&pattern_layout(A::PATTERN, p)),
        dynamic: algebra::filter(&a.to_dynamic()),
    }
}

/// `composition` with a layout or a by-mode tiler.
const fn composition_any(a: &DLayout, b: &DTilerArg) -> Result<DLayout, Error> {
    match b {
        DTilerArg::Layout(b) => algebra::composition(a, b),
        // C++ composes an integral tiler `n` as `n:_1`, even a static 1.
        DTilerArg::Int(n) => match algebra::unit_stride(*n) {
            Ok(b) => algebra::composition(a, &b),
            Err(e) => Err(e),
        },
        DTilerArg::Tiler(t) => algebra::composition_tiler(a, t),
    }
}

static_op! {
    /// [`algebra::composition`]: `R(i) = A(B(i))`. `b` is a layout, an integer
    /// (`n:1`) or a tuple of tilers (by-mode, [`algebra::composition_tiler`]).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout_strided((_6, _2), (_8, _2));
    /// let b = make_layout_strided((_4, _3), (_3, _1));
    /// let r = composition(a, b);
    /// assert_eq!(r.to_string(), "((_2,_2),_3):((_24,_2),_8)");
    /// for i in 0..12 {
    ///     assert_eq!(r.eval_index(i), a.eval(b.eval(i).unwrap()));
    /// }
    /// ```
    pub fn composition<A: LayoutOperand, B: TilerOperand>(a: A, b: B) -> Composed as CompositionOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as TilerOperand>::IsStatic>,
            And<<A as LayoutOperand>::Typed, <B as TilerOperand>::Typed>,
        >,
        bound [<A as LayoutOperand>::Modes: super::TilerFits<<B as TilerOperand>::Modes>],
        static [A: LayoutOperand<IsStatic = True>, B: TilerOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True>, B: TilerOperand<Typed = True>]
    {
        static: composition_any(&static_layout(A::STATIC), &static_tiler(B::STATIC_TILER)),
        mixed |p| composition_any(&pattern_layout(A::PATTERN, p), &pattern_tiler(B::PATTERN_TILER, p)),
        dynamic: composition_any(&a.to_dynamic(), &b.to_tiler()?),
    }
}

static_op! {
    /// [`algebra::complement`]: the layout of the positions `a` does not reach,
    /// within `cotarget` (an integer or a shape).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = Layout::new(_4, _2);
    /// let c: ComplementedIn<_, _> = complement(a, _16);
    /// assert_eq!(c.to_string(), "(_2,_2):(_1,_8)");
    /// // A run-time cotarget: a Result; the mode it sizes is dynamic.
    /// assert_eq!(complement(a, 16i64).unwrap().to_string(), "(_2,2):(_1,_8)");
    /// ```
    pub fn complement<A: LayoutOperand, T: IntTuple>(a: A, cotarget: T) -> ComplementedIn as ComplementOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <T as IntTuple>::IsStatic>,
            And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>,
        >,
        static [A: LayoutOperand<IsStatic = True>, T: IntTuple<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True, StrideStatic = True>, T: IntTuple]
    {
        static: algebra::complement(&static_layout(A::STATIC), &static_tuple(T::STATIC)),
        mixed |p| algebra::complement(&pattern_layout(A::PATTERN, p), &pattern_tuple(T::PATTERN, p)),
        dynamic: algebra::complement(&a.to_dynamic(), &cotarget.to_dtuple()),
    }
}

static_op! {
    /// [`algebra::complement_default`]: `complement(a, cosize(a))`.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// // The complement within the layout's own cosize.
    /// let c: Complemented<_> = complement_default(Layout::new(_4, _2));
    /// assert_eq!(c.to_string(), "_2:_1");
    /// ```
    pub fn complement_default<A: LayoutOperand>(a: A) -> Complemented as ComplementDefaultOut
    where flag = Kind<<A as LayoutOperand>::IsStatic, And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>>,
        static [A: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True, StrideStatic = True>]
    {
        static: algebra::complement_default(&static_layout(A::STATIC)),
        mixed |p| algebra::complement_default(&pattern_layout(A::PATTERN, p)),
        dynamic: algebra::complement_default(&a.to_dynamic()),
    }
}

static_op! {
    /// [`algebra::right_inverse`]: `R` with `a(R(i)) == i` on `R`'s domain.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout_right((_4, _8)); // (_4,_8):(_8,_1)
    /// let r: RightInverse<_> = right_inverse(a);
    /// assert_eq!(r.to_string(), "(_8,_4):(_4,_1)");
    /// // a(r(i)) == i on r's domain.
    /// for i in 0..32 {
    ///     assert_eq!(a.eval(r.eval_index(i).unwrap()).unwrap(), i);
    /// }
    /// ```
    pub fn right_inverse<A: LayoutOperand>(a: A) -> RightInverse as RightInverseOut
    where flag = Kind<<A as LayoutOperand>::IsStatic, And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>>,
        static [A: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True, StrideStatic = True>]
    {
        static: algebra::right_inverse(&static_layout(A::STATIC)),
        mixed |p| algebra::right_inverse(&pattern_layout(A::PATTERN, p)),
        dynamic: algebra::right_inverse(&a.to_dynamic()),
    }
}

static_op! {
    /// [`algebra::left_inverse`]: `R` with `R(a(i)) == i` on `a`'s domain.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = Layout::new((_4, _2), (_1, _8));
    /// let l: LeftInverse<_> = left_inverse(a);
    /// assert_eq!(l.to_string(), "(_8,_2):(_1,_4)");
    /// // l(a(i)) == i on a's domain.
    /// for i in 0..8 {
    ///     assert_eq!(l.eval_index(a.eval_index(i).unwrap()).unwrap(), i);
    /// }
    /// ```
    pub fn left_inverse<A: LayoutOperand>(a: A) -> LeftInverse as LeftInverseOut
    where flag = Kind<<A as LayoutOperand>::IsStatic, And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>>,
        static [A: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True, StrideStatic = True>]
    {
        static: algebra::left_inverse(&static_layout(A::STATIC)),
        mixed |p| algebra::left_inverse(&pattern_layout(A::PATTERN, p)),
        dynamic: algebra::left_inverse(&a.to_dynamic()),
    }
}

static_op! {
    /// [`algebra::max_common_layout`]: the longest run both layouts store
    /// contiguously, as a layout into both.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_4, _8));
    /// let m: MaxCommonLayout<_, _> = max_common_layout(a, a);
    /// assert_eq!(m.to_string(), "_32:_1");
    /// // Column-major against row-major: only one element in common order.
    /// assert_eq!(max_common_layout(make_layout_right((_4, _8)), a).to_string(), "_1:_0");
    /// ```
    pub fn max_common_layout<A: LayoutOperand, B: LayoutOperand>(a: A, b: B) -> MaxCommonLayout as MaxCommonLayoutOut
    where flag = Kind<
            And<<A as LayoutOperand>::IsStatic, <B as LayoutOperand>::IsStatic>,
            And<And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>, And<<B as LayoutOperand>::Typed, <B as LayoutOperand>::StrideStatic>>,
        >,
        static [A: LayoutOperand<IsStatic = True>, B: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True, StrideStatic = True>, B: LayoutOperand<Typed = True, StrideStatic = True>]
    {
        static: algebra::max_common_layout(&static_layout(A::STATIC), &static_layout(B::STATIC)),
        mixed |p| algebra::max_common_layout(&pattern_layout(A::PATTERN, p), &pattern_layout(B::PATTERN, p)),
        dynamic: algebra::max_common_layout(&a.to_dynamic(), &b.to_dynamic()),
    }
}

static_op! {
    /// [`algebra::make_layout_like`]: a compact layout with `a`'s shape whose
    /// modes are ordered like `a`'s strides.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// // Compact, with the modes ordered by the strides of the argument.
    /// let a = Layout::new((_8, _3), (_32, _24));
    /// let l: LayoutLikeOf<_> = make_layout_like(a);
    /// assert_eq!(l.to_string(), "(_8,_3):(_3,_1)");
    /// ```
    pub fn make_layout_like<A: LayoutOperand>(a: A) -> LayoutLikeOf as MakeLayoutLikeOut
    where flag = Kind<<A as LayoutOperand>::IsStatic, And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>>,
        static [A: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True, StrideStatic = True>]
    {
        static: algebra::make_layout_like(&static_layout(A::STATIC)),
        mixed |p| algebra::make_layout_like(&pattern_layout(A::PATTERN, p)),
        dynamic: algebra::make_layout_like(&a.to_dynamic()),
    }
}

static_op! {
    /// [`algebra::nullspace`]: the coordinates `a` maps to 0, as a layout.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// // The coordinates that map to 0: here the stride-0 mode.
    /// let a = Layout::new((_4, _4), (_0, _1));
    /// let n: Nullspace<_> = nullspace(a);
    /// for i in 0..n.size() {
    ///     assert_eq!(a.eval_index(n.eval_index(i).unwrap()).unwrap(), 0);
    /// }
    /// assert_eq!(n.size(), 4);
    /// ```
    pub fn nullspace<A: LayoutOperand>(a: A) -> Nullspace as NullspaceOut
    where flag = Kind<<A as LayoutOperand>::IsStatic, And<<A as LayoutOperand>::Typed, <A as LayoutOperand>::StrideStatic>>,
        static [A: LayoutOperand<IsStatic = True>],
        mixed [A: LayoutOperand<Typed = True, StrideStatic = True>]
    {
        static: algebra::nullspace(&static_layout(A::STATIC)),
        mixed |p| algebra::nullspace(&pattern_layout(A::PATTERN, p)),
        dynamic: algebra::nullspace(&a.to_dynamic()),
    }
}

/// What [`max_common_vector`] returns: an `i64` computed at compile time when
/// both layouts are static, `Result<i64, Error>` otherwise.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_4, _8));
/// let n: MaxCommonVectorOut<Layout<(_4, _8), (_1, _4)>, Layout<(_4, _8), (_1, _4)>> =
///     max_common_vector(a, a); // an i64 here
/// assert_eq!(n, 32);
/// let m: MaxCommonVectorOut<Layout<(_4, _8), (_1, _4)>, cute_typed::DLayout> = max_common_vector(a, a.to_dynamic()); // a Result
/// assert_eq!(m, Ok(32));
/// ```
pub type MaxCommonVectorOut<A, B> = <And<
    <A as LayoutOperand>::IsStatic,
    <B as LayoutOperand>::IsStatic,
> as DispatchInt<MaxCommonVector<A, B>>>::Output;

/// The compile-time result of [`max_common_vector`] for static inputs.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_4, _8));
/// // The value, computed by the compiler.
/// const N: i64 = <MaxCommonVector<Layout<(_4, _8), (_1, _4)>, Layout<(_4, _8), (_1, _4)>> as StaticInt>::VALUE;
/// assert_eq!(N, 32);
/// assert_eq!(max_common_vector(a, a), N);
/// ```
pub struct MaxCommonVector<A, B>(PhantomData<fn() -> (A, B)>);

impl<A: LayoutOperand<IsStatic = True>, B: LayoutOperand<IsStatic = True>> StaticInt
    for MaxCommonVector<A, B>
{
    const VALUE: i64 = ok_or_raise(algebra::max_common_vector(
        &static_layout(A::STATIC),
        &static_layout(B::STATIC),
    ))
    .value;
}

/// [`algebra::max_common_vector`]: the number of elements both layouts store
/// contiguously in the same order. Static inputs: a compile-time `i64`; otherwise
/// `Result<i64, Error>`.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_4, _8));
/// let n: i64 = max_common_vector(a, a);
/// assert_eq!(n, 32);
/// ```
pub fn max_common_vector<A: LayoutOperand, B: LayoutOperand>(a: A, b: B) -> MaxCommonVectorOut<A, B>
where
    And<A::IsStatic, B::IsStatic>: DispatchInt<MaxCommonVector<A, B>>,
{
    let () = <And<A::IsStatic, B::IsStatic> as DispatchInt<MaxCommonVector<A, B>>>::CHECK;
    <And<A::IsStatic, B::IsStatic> as DispatchInt<MaxCommonVector<A, B>>>::run(|| {
        Ok(algebra::max_common_vector(&a.to_dynamic(), &b.to_dynamic())?.value)
    })
}
