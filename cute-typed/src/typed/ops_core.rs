//! Typed `max_common_vector`, written by hand (its result is an integer: an
//! `i64` computed at compile time for static layouts, a `Result<i64, Error>`
//! otherwise). The other typed algebra functions are written from the
//! operation list ([`super::ops_list`]).
use core::marker::PhantomData;

use super::flag::{And, True};
use super::layout_like::LayoutOperand;
use super::static_result::{static_layout, DispatchInt, StaticInt};
use super::tuple::ok_or_raise;
use crate::algebra::fixed as algebra;

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
        Ok(crate::algebra::max_common_vector(&a.to_compact(), &b.to_compact())?.value)
    })
}
