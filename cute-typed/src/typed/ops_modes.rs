//! Typed sub-layouts written by hand (const generic arguments, or always
//! computed at run time): `take`, `group`, `replace`, `select` and
//! `slice_and_offset` (slicing with [`Underscore`](super::Underscore)); `append`,
//! `prepend`, `flatten`, `slice` and `dice` are written from the operation list
//! ([`super::ops_list`]). Static inputs give zero-sized static results, typed inputs
//! with run-time leaves typed mixed results ([`super::mixed`]), a `DLayout`
//! operand a run-time `Result<DLayout, Error>` (see [`super::static_result`]);
//! `select` and `slice_and_offset` always compute at run time. Semantics are those
//! of the dynamic layer (`DLayout::take`, …). For one mode with its static type,
//! use [`Layout::get`](super::Layout::get).
use core::marker::PhantomData;

use super::coord::Coord;
use super::flag::{And, True};
use super::layout_like::{LayoutOperand, StaticLayout};
use super::mixed::{pattern_layout, Kind, MixedPattern};
use super::static_result::{marker_impls, static_layout, Dispatch, Out};
use crate::dynamic::{DLayout, FixedLayout};
use crate::error::Error;

/// What [`take`] returns: [`Taken`] (zero-sized) for a static layout,
/// `Result<DLayout, Error>` for a dynamic one.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5, _7));
/// let t: TakeOut<Layout<(_2, _3, _5, _7), (_1, _2, _6, _30)>, 1, 3> = take::<1, 3, _>(a);
/// assert_eq!(t.to_string(), "(_3,_5):(_2,_6)");
/// let d: TakeOut<cute_typed::DLayout, 1, 3> = take::<1, 3, _>(a.to_dynamic()); // a Result
/// assert_eq!(d.unwrap().to_string(), "(_3,_5):(_2,_6)");
/// ```
pub type TakeOut<A, const B: usize, const E: usize> =
    Out<Kind<<A as LayoutOperand>::IsStatic, <A as LayoutOperand>::Typed>, Taken<A, B, E>>;

/// The static result of [`take`]: modes `[B, E)`.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5, _7));
/// let t: Taken<_, 1, 3> = take::<1, 3, _>(a);
/// assert_eq!(core::mem::size_of_val(&t), 0);
/// assert_eq!(<Taken<Layout<(_2, _3, _5, _7), (_1, _2, _6, _30)>, 1, 3> as StaticLayout>::SIZE, 15);
/// ```
pub struct Taken<A, const B: usize, const E: usize>(PhantomData<fn() -> A>);
impl<A: LayoutOperand<IsStatic = True>, const B: usize, const E: usize> StaticLayout
    for Taken<A, B, E>
{
    const RESULT: Result<FixedLayout, Error> = if A::FAILED {
        Err(Error::FailedOperand)
    } else {
        static_layout(A::STATIC).take(B, E)
    };
    fn from_checked_operation() -> Self {
        Self(PhantomData)
    }
}
marker_impls!([A, const B: usize, const E: usize] Taken<A, B, E>, [A: LayoutOperand<IsStatic = True>]);
impl<A: LayoutOperand<Typed = True>, const B: usize, const E: usize> MixedPattern
    for Taken<A, B, E>
{
    const PATTERN: Result<FixedLayout, Error> = if A::FAILED {
        Err(Error::FailedOperand)
    } else {
        pattern_layout(A::PATTERN, 1).take(B, E)
    };
    type StrideStatic = A::StrideStatic;
}

/// CuTe `take<B, E>(a)`: modes `[B, E)` as a tuple; `B < E <= rank` or the rule
/// fails (at compile time for a static layout). Call as `take::<1, 3, _>(a)`.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5, _7));
/// assert_eq!(take::<1, 3, _>(a).to_string(), "(_3,_5):(_2,_6)");
/// ```
pub fn take<const B: usize, const E: usize, A: LayoutOperand>(a: A) -> TakeOut<A, B, E>
where
    Kind<A::IsStatic, A::Typed>: Dispatch<Taken<A, B, E>>,
{
    let () = <Kind<A::IsStatic, A::Typed> as Dispatch<Taken<A, B, E>>>::CHECK;
    <Kind<A::IsStatic, A::Typed> as Dispatch<Taken<A, B, E>>>::run_rt(|| a.to_compact().take(B, E))
}

/// What [`group`] returns: [`Grouped`] (zero-sized) for a static layout,
/// `Result<DLayout, Error>` for a dynamic one.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5, _7));
/// let g: GroupOut<Layout<(_2, _3, _5, _7), (_1, _2, _6, _30)>, 0, 2> = group::<0, 2, _>(a);
/// assert_eq!(g.to_string(), "((_2,_3),_5,_7):((_1,_2),_6,_30)");
/// ```
pub type GroupOut<A, const B: usize, const E: usize> =
    Out<Kind<<A as LayoutOperand>::IsStatic, <A as LayoutOperand>::Typed>, Grouped<A, B, E>>;

/// The static result of [`group`]: modes `[B, E)` gathered into one.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5, _7));
/// let g: Grouped<_, 0, 2> = group::<0, 2, _>(a);
/// assert_eq!(g.rank(), 3);
/// assert_eq!(core::mem::size_of_val(&g), 0);
/// ```
pub struct Grouped<A, const B: usize, const E: usize>(PhantomData<fn() -> A>);
impl<A: LayoutOperand<IsStatic = True>, const B: usize, const E: usize> StaticLayout
    for Grouped<A, B, E>
{
    const RESULT: Result<FixedLayout, Error> = if A::FAILED {
        Err(Error::FailedOperand)
    } else {
        static_layout(A::STATIC).group(B, E)
    };
    fn from_checked_operation() -> Self {
        Self(PhantomData)
    }
}
marker_impls!([A, const B: usize, const E: usize] Grouped<A, B, E>, [A: LayoutOperand<IsStatic = True>]);
impl<A: LayoutOperand<Typed = True>, const B: usize, const E: usize> MixedPattern
    for Grouped<A, B, E>
{
    const PATTERN: Result<FixedLayout, Error> = if A::FAILED {
        Err(Error::FailedOperand)
    } else {
        pattern_layout(A::PATTERN, 1).group(B, E)
    };
    type StrideStatic = A::StrideStatic;
}

/// CuTe `group<B, E>(a)`: modes `[B, E)` gathered into one mode. Call as
/// `group::<0, 2, _>(a)`.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5, _7));
/// assert_eq!(group::<0, 2, _>(a).to_string(), "((_2,_3),_5,_7):((_1,_2),_6,_30)");
/// ```
pub fn group<const B: usize, const E: usize, A: LayoutOperand>(a: A) -> GroupOut<A, B, E>
where
    Kind<A::IsStatic, A::Typed>: Dispatch<Grouped<A, B, E>>,
{
    let () = <Kind<A::IsStatic, A::Typed> as Dispatch<Grouped<A, B, E>>>::CHECK;
    <Kind<A::IsStatic, A::Typed> as Dispatch<Grouped<A, B, E>>>::run_rt(|| {
        a.to_compact().group(B, E)
    })
}

/// The static result of [`replace`]: mode `I` replaced.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5));
/// let r: Replaced<_, 1, _> = replace::<1, _, _>(a, make_layout(_7));
/// assert_eq!(r.to_string(), "(_2,_7,_5):(_1,_1,_6)");
/// assert_eq!(core::mem::size_of_val(&r), 0);
/// ```
pub struct Replaced<A, const I: usize, X>(PhantomData<fn() -> (A, X)>);
impl<A, X, const I: usize> StaticLayout for Replaced<A, I, X>
where
    A: LayoutOperand<IsStatic = True>,
    X: LayoutOperand<IsStatic = True>,
{
    const RESULT: Result<FixedLayout, Error> = if A::FAILED || X::FAILED {
        Err(Error::FailedOperand)
    } else {
        static_layout(A::STATIC).replace(I, &static_layout(X::STATIC))
    };
    fn from_checked_operation() -> Self {
        Self(PhantomData)
    }
}
marker_impls!(
    [A, const I: usize, X] Replaced<A, I, X>,
    [A: LayoutOperand<IsStatic = True>, X: LayoutOperand<IsStatic = True>]
);
impl<A, X, const I: usize> MixedPattern for Replaced<A, I, X>
where
    A: LayoutOperand<Typed = True>,
    X: LayoutOperand<Typed = True>,
{
    const PATTERN: Result<FixedLayout, Error> = if A::FAILED || X::FAILED {
        Err(Error::FailedOperand)
    } else {
        pattern_layout(A::PATTERN, 1).replace(I, &pattern_layout(X::PATTERN, 1))
    };
    type StrideStatic = And<A::StrideStatic, X::StrideStatic>;
}

/// The result kind of [`replace`].
type ReplaceKind<A, X> = Kind<
    And<<A as LayoutOperand>::IsStatic, <X as LayoutOperand>::IsStatic>,
    And<<A as LayoutOperand>::Typed, <X as LayoutOperand>::Typed>,
>;

/// What [`replace`] returns: [`Replaced`] (zero-sized) when both layouts are
/// static, `Result<DLayout, Error>` otherwise.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5));
/// let r: ReplaceOut<Layout<(_2, _3, _5), (_1, _2, _6)>, 1, Layout<_7, _1>> =
///     replace::<1, _, _>(a, make_layout(_7));
/// assert_eq!(r.size(), 70);
/// ```
pub type ReplaceOut<A, const I: usize, X> = Out<ReplaceKind<A, X>, Replaced<A, I, X>>;

/// CuTe `replace<I>(a, x)`: mode `I` becomes `x`. Call as `replace::<2, _, _>(a, x)`;
/// `I < rank(a)` or the rule fails.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5));
/// let r = replace::<1, _, _>(a, make_layout(_7));
/// assert_eq!(r.to_string(), "(_2,_7,_5):(_1,_1,_6)");
/// // A run-time leaf: a typed mixed layout.
/// assert_eq!(replace::<1, _, _>(a, make_layout(7i64).unwrap()).unwrap().to_string(), "(_2,7,_5):(_1,_1,_6)");
/// // A run-time structure (a `DLayout`): the same rule, checked at run time.
/// assert!(replace::<3, _, _>(a.to_dynamic(), make_layout(_7)).is_err());
/// ```
pub fn replace<const I: usize, A: LayoutOperand, X: LayoutOperand>(
    a: A,
    x: X,
) -> ReplaceOut<A, I, X>
where
    ReplaceKind<A, X>: Dispatch<Replaced<A, I, X>>,
{
    let () = <ReplaceKind<A, X> as Dispatch<Replaced<A, I, X>>>::CHECK;
    <ReplaceKind<A, X> as Dispatch<Replaced<A, I, X>>>::run_rt(|| {
        a.to_compact().replace(I, &x.to_compact())
    })
}

/// CuTe `slice_and_offset(coord, a)`: the slice and `a(coord)` with every `_`
/// read as 0, so that `a(c) == offset + slice(c restricted to the _ modes)`.
/// Always computed at run time.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_4, _8));
/// // Row 1: the kept mode, and the offset of the fixed one.
/// let (row, offset) = slice_and_offset(a, (1i64, Underscore)).unwrap();
/// assert_eq!(row.to_string(), "(_8):(_4)");
/// assert_eq!(offset, 1);
/// ```
pub fn slice_and_offset<A: LayoutOperand, K: Coord>(
    a: A,
    coord: K,
) -> Result<(DLayout, i64), Error> {
    let coord = crate::dynamic::DTuple::from_fixed(&coord.to_dcoord());
    let (l, off) = a.to_compact().slice_and_offset(&coord)?;
    Ok((l, off.value))
}

/// CuTe `select<I…>(a)`: the modes `indices` (repeats allowed) as a tuple.
/// Always computed at run time (stable Rust has no const-generic lists).
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_2, _3, _5));
/// assert_eq!(select(a, &[2, 0]).unwrap().to_string(), "(_5,_2):(_6,_1)");
/// assert!(select(a, &[3]).is_err());
/// ```
pub fn select<A: LayoutOperand>(a: A, indices: &[usize]) -> Result<DLayout, Error> {
    a.to_compact().select(indices)
}
