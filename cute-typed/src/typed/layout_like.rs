//! The traits every layout of the typed layer implements: [`LayoutOperand`]
//! (anything the algebra accepts, a `&DLayout` included), [`LayoutLike`] (typed
//! layouts and static results: size, eval, `Display`…) and [`StaticLayout`]
//! (fully static: the whole layout is a `const`).
use core::fmt;

use super::coord::Coord;
use super::flag::{False, StaticFlag, True};
use super::static_result::Dispatch;
use super::tuple::ok_or_raise;
use crate::dynamic::rt::DLayout;
use crate::dynamic::{DTuple, FixedLayout};
use crate::error::Error;

/// Anything the typed algebra accepts as a layout operand: typed layouts, static
/// and mixed results, and a run-time [`DLayout`] (owned or borrowed).
///
/// ```
/// use cute_typed::typed::*;
/// // Typed layouts, static results and DLayouts are all operands.
/// fn size_of<A: LayoutOperand>(a: A) -> i64 { a.to_dynamic().size().unwrap().value }
/// let a = make_layout((_4, _8));
/// assert_eq!(size_of(a), 32);
/// assert_eq!(size_of(coalesce(a)), 32);
/// let d: cute_typed::DLayout = "(4,8):(1,4)".parse().unwrap();
/// assert_eq!(size_of(&d), 32);
/// assert!(<Layout<(_4, _8), (_1, _4)> as LayoutOperand>::STATIC.is_some());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a layout",
    label = "expected a `Layout<Shape, Stride>`, a static algebra result or a `DLayout`"
)]
pub trait LayoutOperand: Clone {
    /// `True` when every leaf of shape and stride is static.
    type IsStatic: StaticFlag;
    /// The whole layout, when every leaf is static (computed at compile time).
    const STATIC: Option<FixedLayout>;
    /// `True` when the nesting and the static leaves are known at compile time
    /// (typed layouts, static and mixed results); `False` for a [`DLayout`].
    type Typed: StaticFlag;
    /// `True` when every stride leaf is static: the operations that
    /// complement this layout (products, complement, inverses) are typed
    /// mixed only then, as C++ computes that complement only for static
    /// strides. (A [`Mixed`](super::Mixed) result knows it only for operations
    /// that rearrange modes of operands with static strides, see
    /// [`MixedPattern::StrideStatic`](super::MixedPattern::StrideStatic).)
    type StrideStatic: StaticFlag;
    /// The nesting and static leaves, run-time leaves holding placeholder
    /// values, when `Typed` is `True` (see [`super::mixed`]).
    const PATTERN: Option<FixedLayout>;
    /// Whether this is the static result of an operation that failed. An
    /// operation on it gives [`Error::FailedOperand`], which is never raised:
    /// the failure is reported once, by the operation that failed.
    const FAILED: bool = false;
    /// The number of top-level modes as a type, when the type knows it
    /// ([`Modes`](super::Modes)`<N>` for `Layout<S, D>`, [`AnyModes`](super::AnyModes)
    /// otherwise): the rank rule of by-mode tilers is then a trait bound.
    type Modes;
    /// The layout in the fixed form (static leaves keep their static flag):
    /// the typed layer's compile-time value. Only typed operands (at most 64
    /// nodes per tuple by construction) are read this way.
    #[doc(hidden)]
    fn to_fixed(&self) -> FixedLayout;
    /// The layout as a run-time [`DLayout`] (static leaves keep their static flag).
    fn to_dynamic(&self) -> DLayout {
        self.to_compact()
    }
    /// The operand itself, borrowed, when it is a run-time [`DLayout`] (no
    /// copy); `None` for the typed operands.
    #[doc(hidden)]
    #[inline]
    fn as_dlayout(&self) -> Option<&DLayout> {
        None
    }
    #[doc(hidden)]
    /// The layout in the compact form the run-time algebra takes: a static
    /// layout from its `const`, a typed one written straight from its pattern
    /// and run-time leaves (no 64-node intermediate).
    #[inline]
    fn to_compact(&self) -> DLayout {
        match const { &Self::STATIC } {
            Some(l) => DLayout::from_fixed(l),
            None => DLayout::from_fixed(&self.to_fixed()),
        }
    }
}

/// The run-time layout as an operand, owned or borrowed: one impl for both.
macro_rules! runtime_layout_operand {
    ($($T:ty),*) => {$(
#[diagnostic::do_not_recommend]
impl LayoutOperand for $T {
    type IsStatic = False;
    type Typed = False;
    type StrideStatic = False;
    type Modes = super::AnyModes;
    const STATIC: Option<FixedLayout> = None;
    const PATTERN: Option<FixedLayout> = None;
    /// The fixed form; a layout past its 64 nodes per tuple reads as the
    /// failed-result placeholder (the typed functions never ask: a `DLayout`
    /// operand takes the run-time arm, which reads [`LayoutOperand::to_compact`]).
    fn to_fixed(&self) -> FixedLayout {
        DLayout::to_fixed(self).unwrap_or(super::static_result::FAILED_PLACEHOLDER)
    }
    #[inline]
    fn to_compact(&self) -> DLayout {
        DLayout::clone(self)
    }
    #[inline]
    fn as_dlayout(&self) -> Option<&DLayout> {
        let l: &DLayout = self;
        Some(l)
    }
}
    )*};
}
runtime_layout_operand!(DLayout, &DLayout);

#[diagnostic::do_not_recommend]
impl LayoutOperand for FixedLayout {
    type IsStatic = False;
    type Typed = False;
    type StrideStatic = False;
    type Modes = super::AnyModes;
    const STATIC: Option<FixedLayout> = None;
    const PATTERN: Option<FixedLayout> = None;
    fn to_fixed(&self) -> FixedLayout {
        *self
    }
}

/// The user-facing layout interface shared by `Layout<S, D>` and the zero-sized
/// results of static algebra (`Composed<A, B>`, …).
///
/// `size` and `cosize` cannot fail: typed layouts are checked to fit in `i64`
/// when built, static results at compile time.
///
/// ```
/// use cute_typed::typed::*;
/// let z = zipped_divide(make_layout((_4, _8)), (_2, _4));
/// assert_eq!((z.size(), z.cosize(), z.rank(), z.depth()), (32, 32, 2, 2));
/// assert_eq!(z.shape_dtuple().to_string(), "((_2,_4),(_2,_2))");
/// assert_eq!(z.stride_dtuple().to_string(), "((_1,_4),(_2,_16))");
/// assert_eq!(z.eval((1i64, 0i64)), Ok(1));
/// assert_eq!(z.eval_index(8), Ok(2));
/// assert_eq!(z.idx2crd_dynamic(9).unwrap().to_string(), "((1,0),(1,0))");
/// ```
pub trait LayoutLike: LayoutOperand + fmt::Display + fmt::Debug {
    /// Number of coordinates (product of the shape).
    fn size(&self) -> i64;
    /// `1 + max L(c) - min L(c)` over the domain: `1 + Σ (sᵢ - 1)·|dᵢ|`.
    fn cosize(&self) -> i64;
    /// Number of top-level modes.
    fn rank(&self) -> usize;
    /// Nesting depth of the shape.
    fn depth(&self) -> usize;
    /// The shape as a [`DTuple`].
    fn shape_dtuple(&self) -> DTuple {
        self.to_dynamic().shape()
    }
    /// The stride as a [`DTuple`].
    fn stride_dtuple(&self) -> DTuple {
        self.to_dynamic().stride()
    }
    /// `L(c)` for a 1-D, R-D or natural coordinate; a coordinate that does not fit
    /// the shape is [`Error::CoordinateMismatch`]. (`Layout<S, D>` has an inherent
    /// `eval` that checks the coordinate's structure at compile time instead.)
    fn eval<K: Coord>(&self, coord: K) -> Result<i64, Error> {
        if K::COORD_PATTERN.has_underscore() {
            return Err(Error::CoordinateMismatch);
        }
        Ok(self.to_fixed().eval(&coord.to_dcoord())?.value)
    }
    /// `L(i)` for a 1-D index.
    fn eval_index(&self, i: i64) -> Result<i64, Error> {
        Ok(self.to_fixed().eval_index(i)?.value)
    }
    /// The natural coordinate of the 1-D index `i`.
    fn idx2crd_dynamic(&self, i: i64) -> Result<DTuple, Error> {
        self.to_dynamic().idx2crd(i)
    }
}

/// A layout whose shape and stride are all static: the whole layout is the
/// `const` [`StaticLayout::LAYOUT`], and the type is zero-sized.
///
/// ```
/// use cute_typed::typed::*;
/// type Z = ZippedDivided<Layout<(_4, _8), (_1, _4)>, (_2, _4)>;
/// // Computed by the compiler (a `const`):
/// const SIZE: i64 = <Z as StaticLayout>::SIZE;
/// assert_eq!(SIZE, 32);
/// assert_eq!(<Z as StaticLayout>::LAYOUT.to_string(), "((_2,_4),(_2,_2)):((_1,_4),(_2,_16))");
/// assert_eq!((Z::SIZE, Z::COSIZE), (32, 32));
/// ```
pub trait StaticLayout: LayoutLike<IsStatic = True> + Default {
    /// The layout, or the rule its inputs violate, computed at compile time.
    const RESULT: Result<FixedLayout, Error>;
    /// The layout, computed at compile time (a compile error naming the rule
    /// when [`StaticLayout::RESULT`] is an error).
    ///
    /// The rule is raised by one `const` only, [`Dispatch::CHECK`], which the
    /// typed function that made this result has already evaluated: rustc
    /// reports an erroneous `const` once, so a failing result that is then
    /// printed, measured or passed to the next operation (whose own result
    /// reads this `const`) adds no second error.
    const LAYOUT: FixedLayout = {
        let () = <True as Dispatch<Self>>::CHECK;
        ok_or_raise(Self::RESULT)
    };
    /// Its size, computed at compile time. (Read from [`StaticLayout::RESULT`],
    /// not from `LAYOUT`, so that an erroneous result adds no note here; a
    /// value of an erroneous result never exists, as its typed function does
    /// not compile.)
    const SIZE: i64 = match Self::RESULT {
        Ok(l) => ok_or_raise(l.size()).value,
        Err(_) => 0,
    };
    /// Its cosize, computed at compile time (see [`StaticLayout::SIZE`]).
    const COSIZE: i64 = match Self::RESULT {
        Ok(l) => ok_or_raise(l.cosize()).value,
        Err(_) => 0,
    };
    /// Evaluating this `const` compiles only when the layout is valid.
    const CHECK: () = <True as Dispatch<Self>>::CHECK;
    /// The value, for the typed function that made it (which has named
    /// [`Dispatch::CHECK`] already).
    #[doc(hidden)]
    fn from_checked_operation() -> Self {
        Self::default()
    }
}

/// A valid layout's size and cosize fit in `i64`; otherwise compilation stops
/// with the rule. Also the rule of an invalid layout (`Err`): `#[track_caller]`
/// makes the `const` that calls it the place of the error, so that rustc prints
/// no note for the frames in between.
#[track_caller]
pub(crate) const fn check_layout(l: &Result<FixedLayout, Error>) {
    let l = ok_or_raise(*l);
    ok_or_raise(l.size());
    ok_or_raise(l.cosize());
}
