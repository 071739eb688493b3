//! Static in, static out: how an algebra function returns a zero-sized static
//! layout for static inputs and a run-time `Result` otherwise.
//!
//! Every typed algebra function computes its result with the `const fn` of
//! [`crate::algebra`]. When all inputs are static, the function returns a
//! zero-sized *marker* type (`Composed<A, B>`, …) whose associated `const`
//! [`StaticLayout::LAYOUT`] is that `const fn` applied to the inputs' `const`s:
//! the work happens at compile time and a violated precondition is a compile error
//! whose message is the rule (`Error::rule`). With run-time leaves in typed
//! operands, the operations that C++ computes with that mix return a typed
//! mixed layout ([`super::mixed`]); with a run-time structure (`DLayout`), or
//! where the result's structure would depend on run-time values, the same
//! `const fn` runs at run time and the function returns `Result<DLayout, Error>`.
//!
//! The choice is made by the inputs' type-level flag (`True`, [`Mix`](super::Mix) or
//! `False`) through [`Dispatch`], implemented once for each flag (coherence-safe:
//! the impls have different `Self` types).
//!
//! Compile errors: each typed function names [`Dispatch::CHECK`] in its body, so
//! a violated precondition stops `cargo build` (and `cargo test`, `cargo run`)
//! with the rule as message and the caller's line in a note. `Dispatch::CHECK`
//! raises the rule itself from the marker's [`StaticLayout::RESULT`] rather than
//! through the other `const`s (`LAYOUT`, `StaticLayout::CHECK`): each `const`
//! between the failure and the function would add a note to the error, and a
//! failure inside the marker's macro-written `const` would print the macro too. `cargo check` does not evaluate constants of generic code
//! (Rust 1.95), so it does not report them; [`check_static!`](crate::check_static)
//! forces one in a non-generic `const` item, which `cargo check` does evaluate.
use core::fmt;

use super::flag::{False, StaticFlag, True};
use super::layout_like::{check_layout, StaticLayout};
use super::tuple::ok_or_raise;
use crate::dynamic::{FixedLayout, FixedTuple};
use crate::error::Error;

/// Chooses the result of an algebra function: the static marker `M` (for `True`),
/// a typed mixed layout `Result<Mixed<M>, Error>` (for [`Mix`](super::Mix), see
/// [`super::mixed`]) or a run-time `Result<DLayout, Error>` (for `False`).
///
/// ```
/// use cute_typed::typed::*;
/// type Z = Coalesced<Layout<(_4, _8), (_1, _4)>>;
/// // True: the marker itself; False: the run-time computation's Result.
/// let s: <True as Dispatch<Z>>::Output = <True as Dispatch<Z>>::run(|| unreachable!());
/// assert_eq!(s.to_string(), "_32:_1");
/// let d = <False as Dispatch<Z>>::run(|| "8:1".parse().map_err(|_| cute_typed::Error::Overflow));
/// assert_eq!(d.unwrap().to_string(), "8:1");
/// ```
pub trait Dispatch<M> {
    /// `M` or `Result<DLayout, Error>`.
    type Output;
    /// Evaluates `M`'s layout for static inputs (a compile error naming the rule
    /// when a precondition fails); nothing for dynamic ones. The typed functions
    /// force it with `const { }` in their own body, so that the compiler's note
    /// points at the caller's line.
    const CHECK: ();
    /// The result; `dynamic` computes it at run time (unused for static inputs).
    fn run(dynamic: impl FnOnce() -> Result<FixedLayout, Error>) -> Self::Output;
    #[doc(hidden)]
    /// As [`Dispatch::run`], `dynamic` giving the run-time algebra's own
    /// result ([`RtLayout`]): a typed mixed result reads its run-time leaves
    /// straight from it, a `DLayout` result is that value.
    fn run_rt(dynamic: impl FnOnce() -> Result<RtLayout, Error>) -> Self::Output;
}

/// The layout type of the typed functions' run-time arm: the run-time
/// [`DLayout`](crate::DLayout) (no node ceiling).
#[doc(hidden)]
pub type RtLayout = crate::dynamic::DLayout;

impl<M: StaticLayout> Dispatch<M> for True {
    type Output = M;
    const CHECK: () = match M::RESULT {
        // The operand's own operation reported its failure.
        Err(Error::FailedOperand) => (),
        r => check_layout(&r),
    };
    fn run(_: impl FnOnce() -> Result<FixedLayout, Error>) -> M {
        M::from_checked_operation()
    }
    fn run_rt(_: impl FnOnce() -> Result<RtLayout, Error>) -> M {
        M::from_checked_operation()
    }
}

impl<M> Dispatch<M> for False {
    type Output = Result<RtLayout, Error>;
    const CHECK: () = ();
    fn run(dynamic: impl FnOnce() -> Result<FixedLayout, Error>) -> Result<RtLayout, Error> {
        dynamic().map(|l| RtLayout::from_fixed(&l))
    }
    fn run_rt(dynamic: impl FnOnce() -> Result<RtLayout, Error>) -> Result<RtLayout, Error> {
        dynamic()
    }
}

/// What an algebra function returns for inputs whose combined flag is `F`.
///
/// ```
/// use cute_typed::typed::*;
/// type Z = Coalesced<Layout<(_4, _8), (_1, _4)>>;
/// let s: Out<True, Z> = coalesce(make_layout((_4, _8)));
/// assert_eq!(s.to_string(), "_32:_1");
/// let d: Out<False, Z> = Ok("8:1".parse().unwrap());
/// assert!(d.is_ok());
/// ```
pub type Out<F, M> = <F as Dispatch<M>>::Output;

/// An integer result computed at compile time from static inputs.
///
/// ```
/// use cute_typed::typed::*;
/// type V = MaxCommonVector<Layout<(_4, _8), (_1, _4)>, Layout<(_4, _8), (_1, _4)>>;
/// const N: i64 = <V as StaticInt>::VALUE;
/// assert_eq!(N, 32);
/// ```
pub trait StaticInt {
    /// The value (a compile error naming the rule when the inputs violate it).
    const VALUE: i64;
}

/// Like [`Dispatch`] for integer-valued functions: `i64` for static inputs (a
/// compile-time constant), `Result<i64, Error>` otherwise.
///
/// ```
/// use cute_typed::typed::*;
/// type V = MaxCommonVector<Layout<(_4, _8), (_1, _4)>, Layout<(_4, _8), (_1, _4)>>;
/// assert_eq!(<True as DispatchInt<V>>::run(|| unreachable!()), 32);
/// assert_eq!(<False as DispatchInt<V>>::run(|| Ok(7)), Ok(7));
/// ```
pub trait DispatchInt<M>: StaticFlag {
    /// `i64` or `Result<i64, Error>`.
    type Output;
    /// Evaluates `M`'s value for static inputs; nothing for dynamic ones.
    const CHECK: ();
    /// The result; `dynamic` computes it at run time (unused for static inputs).
    fn run(dynamic: impl FnOnce() -> Result<i64, Error>) -> Self::Output;
}

impl<M: StaticInt> DispatchInt<M> for True {
    type Output = i64;
    const CHECK: () = {
        let _ = M::VALUE;
    };
    fn run(_: impl FnOnce() -> Result<i64, Error>) -> i64 {
        const { M::VALUE }
    }
}

impl<M> DispatchInt<M> for False {
    type Output = Result<i64, Error>;
    const CHECK: () = ();
    fn run(dynamic: impl FnOnce() -> Result<i64, Error>) -> Result<i64, Error> {
        dynamic()
    }
}

/// The value of a static operand (every caller has checked `IsStatic = True`).
pub(crate) const fn static_layout(l: Option<FixedLayout>) -> FixedLayout {
    match l {
        Some(l) => l,
        None => Error::StaticMismatch.raise(),
    }
}

/// The value of a static IntTuple operand.
pub(crate) const fn static_tuple(t: Option<FixedTuple>) -> FixedTuple {
    match t {
        Some(t) => t,
        None => Error::StaticMismatch.raise(),
    }
}

/// The value of a static tiler operand.
pub(crate) const fn static_tiler(
    t: Option<super::operand::DTilerArg>,
) -> super::operand::DTilerArg {
    match t {
        Some(t) => t,
        None => Error::StaticMismatch.raise(),
    }
}

/// The layout of the static result `M`.
///
/// The trait impls of every static result read [`StaticLayout::LAYOUT`] here
/// rather than in their own (macro-written) bodies: when the result is
/// erroneous, rustc then adds one short note for this line instead of a note
/// and a macro backtrace for every method that reads it.
///
/// It reads [`StaticLayout::RESULT`] and raises nothing: a value of a static
/// result exists only once its operation's [`Dispatch::CHECK`] has passed (the
/// typed function names it; `Default` checks too), so an erroneous result
/// here is one whose failure is already reported, and reading it must not add
/// notes or errors. It then stands for [`FAILED_PLACEHOLDER`].
#[inline(always)]
pub const fn layout_of<M: StaticLayout>() -> FixedLayout {
    match M::RESULT {
        Ok(l) => l,
        Err(_) => FAILED_PLACEHOLDER,
    }
}

/// What [`layout_of`] gives for a failed result (never observed at run time:
/// such a program does not compile). Operations on it see the operand's
/// [`LayoutOperand::FAILED`](super::LayoutOperand::FAILED) flag first.
pub const FAILED_PLACEHOLDER: FixedLayout =
    ok_or_raise(FixedLayout::new(FixedTuple::s(1), FixedTuple::s(0)));

/// Names [`Dispatch::CHECK`] of `M` (for `Default`, the other way to get a value).
#[inline(always)]
pub const fn check<M: StaticLayout>() {
    let () = <True as Dispatch<M>>::CHECK;
}

/// The size of the static result `M` (see [`layout_of`]).
#[inline(always)]
pub const fn size_of<M: StaticLayout>() -> i64 {
    M::SIZE
}

/// The cosize of the static result `M` (see [`layout_of`]).
#[inline(always)]
pub const fn cosize_of<M: StaticLayout>() -> i64 {
    M::COSIZE
}

/// Writes a static layout in CuTe notation.
pub(crate) fn write_static(l: &FixedLayout, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    fmt::Display::fmt(l, f)
}

/// Makes `cargo check` report a violated precondition of a static result: expands
/// to a `const` item that evaluates the layout of the given static type.
///
/// ```
/// use cute_typed::typed::*;
/// type A = Layout<(_4, _8), (_1, _4)>;
/// cute_typed::check_static!(Coalesced<A>);
/// ```
#[macro_export]
macro_rules! check_static {
    ($t:ty) => {
        const _: () = <$t as $crate::typed::StaticLayout>::CHECK;
    };
}

/// The trait impls every zero-sized static result shares. `$T` is the marker
/// type with generics `$gen`, valid when `$wc` holds; its `StaticLayout` impl is
/// written next to it.
macro_rules! marker_impls {
    ([$($gen:tt)*] $T:ty, [$($wc:tt)*]) => {
        impl<$($gen)*> Clone for $T {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<$($gen)*> Copy for $T {}
        impl<$($gen)*> Default for $T where $($wc)* {
            /// The static result, a compile error naming the rule when its
            /// inputs violate it.
            fn default() -> Self {
                $crate::typed::static_result::check::<Self>();
                Self(core::marker::PhantomData)
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($gen)*> $crate::typed::LayoutOperand for $T where $($wc)* {
            type IsStatic = $crate::typed::True;
            type Modes = $crate::typed::AnyModes;
            const FAILED: bool = <Self as $crate::typed::StaticLayout>::RESULT.is_err();
            const STATIC: Option<$crate::FixedLayout> =
                Some($crate::typed::static_result::layout_of::<Self>());
            type Typed = $crate::typed::True;
            type StrideStatic = $crate::typed::True;
            const PATTERN: Option<$crate::FixedLayout> = <Self as $crate::typed::LayoutOperand>::STATIC;
            fn to_fixed(&self) -> $crate::FixedLayout {
                $crate::typed::static_result::layout_of::<Self>()
            }
        }
        impl<$($gen)*> $crate::typed::LayoutLike for $T where $($wc)* {
            fn size(&self) -> i64 {
                $crate::typed::static_result::size_of::<Self>()
            }
            fn cosize(&self) -> i64 {
                $crate::typed::static_result::cosize_of::<Self>()
            }
            fn rank(&self) -> usize {
                $crate::typed::static_result::layout_of::<Self>().rank()
            }
            fn depth(&self) -> usize {
                $crate::typed::static_result::layout_of::<Self>().depth()
            }
            // Through the compile-time plan of the layout: folds to index
            // arithmetic instead of interpreting `LAYOUT` at run time.
            #[inline]
            fn eval<Crd: $crate::typed::Coord>(&self, coord: Crd) -> Result<i64, $crate::Error> {
                let () = $crate::typed::static_eval::CoordCheck::<Self, Crd>::OK;
                $crate::typed::static_eval::eval::<Self, Crd>(coord)
            }
            #[inline]
            fn eval_index(&self, i: i64) -> Result<i64, $crate::Error> {
                $crate::typed::static_eval::eval_index::<Self>(i)
            }
        }
        impl<$($gen)*> $crate::typed::TilerOperand for $T where $($wc)* {
            type IsStatic = $crate::typed::True;
            type Modes = $crate::typed::AnyModes;
            const FAILED: bool = <Self as $crate::typed::StaticLayout>::RESULT.is_err();
            const STATIC_TILER: Option<$crate::typed::DTilerArg> = Some(
                $crate::typed::DTilerArg::Layout($crate::typed::static_result::layout_of::<Self>()),
            );
            type Typed = $crate::typed::True;
            type StrideStatic = $crate::typed::True;
            const PATTERN_TILER: Option<$crate::typed::DTilerArg> =
                <Self as $crate::typed::TilerOperand>::STATIC_TILER;
            fn to_tiler(&self) -> Result<$crate::typed::DTilerArg, $crate::Error> {
                Ok($crate::typed::DTilerArg::Layout(
                    $crate::typed::static_result::layout_of::<Self>(),
                ))
            }
        }
        impl<$($gen)*> core::fmt::Display for $T where $($wc)* {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                $crate::typed::static_result::write_static(
                    &$crate::typed::static_result::layout_of::<Self>(),
                    f,
                )
            }
        }
        impl<$($gen)*> core::fmt::Debug for $T where $($wc)* {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                $crate::typed::static_result::write_static(
                    &$crate::typed::static_result::layout_of::<Self>(),
                    f,
                )
            }
        }
    };
}
pub(crate) use marker_impls;
