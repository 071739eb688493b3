//! Tilers as operands of the typed algebra: a layout, an integer `n` (the layout
//! `n:1`, or `_1:_0` for a static 1) or a Rust tuple of tilers (CuTe's by-mode
//! `Tile<…>`; tuples nest).

use super::flag::{False, StaticFlag, True};
use super::int::{IntLike, RuntimeInt, C};
use super::layout::Layout;
use super::layout_like::LayoutOperand;
use super::numeral::Numeral;
use super::tuple::{ok_or_raise, Congruent, IntTuple};
use crate::dynamic::rt::{DLayout, DTiler};
use crate::dynamic::{DInt, FixedLayout, FixedTiler, FixedTilerMode, FixedTuple};
use crate::error::Error;

/// A tiler at run time: one layout or integer applied to the whole layout, or a
/// by-mode tiler.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::DInt;
/// // A layout tiler, an integer tiler, and a by-mode tiler.
/// let l = make_layout(_4).to_tiler().unwrap();
/// assert!(matches!(l, DTilerArg::Layout(_)));
/// assert_eq!(_4.to_tiler(), Ok(DTilerArg::Int(DInt::s(4))));
/// let t = (_2, _4).to_tiler().unwrap();
/// match t {
///     DTilerArg::Tiler(t) => assert_eq!(t.to_string(), "[_2,_4]"),
///     DTilerArg::Layout(_) | DTilerArg::Int(_) => unreachable!(),
/// }
/// ```
// Both variants are inline: the value must be `Copy` and built in `const fn` (no `Box`).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DTilerArg {
    /// A layout (applies to the whole layout).
    Layout(FixedLayout),
    /// An integer `n` (applies to the whole layout): `make_layout(n)` for
    /// divides and products, `n:_1` for composition, as in C++.
    Int(DInt),
    /// A by-mode tiler (mode `i` applies to mode `i`).
    Tiler(FixedTiler),
}

/// Anything the typed algebra accepts as a tiler.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_8, _8));
/// // the tiler `(_2, _4)` means `[_2:_1, _4:_1]`
/// let d = logical_divide(a, (_2, _4));
/// assert_eq!(d.to_string(), "((_2,_4),(_4,_2)):((_1,_2),(_8,_32))");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiler",
    label = "expected a layout, an integer, or a tuple of tilers",
    note = "a tiler is a layout, an integer `n` (the layout `n:1`), or a Rust tuple of up to 8 tilers (by-mode)"
)]
pub trait TilerOperand: Clone {
    /// `True` when every leaf is static.
    type IsStatic: StaticFlag;
    /// The tiler, when every leaf is static (computed at compile time).
    const STATIC_TILER: Option<DTilerArg>;
    /// `True` when the nesting and static leaves are known at compile time.
    type Typed: StaticFlag;
    /// `True` when every stride leaf is static (a tiler that the divides
    /// complement: C++ computes that complement only for static strides).
    type StrideStatic: StaticFlag;
    /// The nesting and static leaves, run-time leaves holding placeholder
    /// values, when `Typed` is `True` (see [`super::mixed`]).
    const PATTERN_TILER: Option<DTilerArg>;
    /// Whether this (or a mode of it) is the static result of an operation that
    /// failed (see [`LayoutOperand::FAILED`]).
    const FAILED: bool = false;
    /// `Modes<m>` for a tuple tiler of `m` entries (applied mode by mode);
    /// [`AnyModes`](super::AnyModes) for a tiler that applies to the whole layout.
    type Modes;
    /// The tiler at run time; a dynamic integer `n <= 0` is [`Error::NonPositiveShape`].
    fn to_tiler(&self) -> Result<DTilerArg, Error>;
    #[doc(hidden)]
    /// The tiler in the compact form the run-time algebra takes: a static
    /// tiler from its `const`, a typed one written straight from its values
    /// (no 64-node intermediate), the same errors as [`TilerOperand::to_tiler`].
    #[inline]
    fn to_compact_tiler(&self) -> Result<CTilerArg, Error> {
        match const { &Self::STATIC_TILER } {
            Some(t) => Ok(CTilerArg::from_fixed(t)),
            None => Ok(CTilerArg::from_fixed(&self.to_tiler()?)),
        }
    }
    #[doc(hidden)]
    /// Appends this tiler to `t` as its next mode, in place (as
    /// [`TilerOperand::to_compact_tiler`] then the push of that mode), the
    /// mode written into the by-mode tiler without a [`CTilerArg`] in between.
    #[inline]
    fn push_compact_mode(&self, t: &mut DTiler) -> Result<(), Error> {
        CTilerArg::push_onto(t, self.to_compact_tiler()?)
    }
}

/// [`DTilerArg`] over the compact run-time values (the run-time algebra's
/// operand).
#[doc(hidden)]
#[derive(Clone, Debug)]
pub enum CTilerArg {
    /// A layout (applies to the whole layout).
    Layout(DLayout),
    /// An integer `n` (applies to the whole layout).
    Int(DInt),
    /// A by-mode tiler.
    Tiler(DTiler),
}
impl CTilerArg {
    /// The same tiler in the compact form.
    pub fn from_fixed(t: &DTilerArg) -> CTilerArg {
        match t {
            DTilerArg::Layout(l) => CTilerArg::Layout(DLayout::from_fixed(l)),
            DTilerArg::Int(n) => CTilerArg::Int(*n),
            DTilerArg::Tiler(t) => CTilerArg::Tiler(DTiler::from_fixed(t)),
        }
    }
    /// Appends `m` to `t` as its next mode, in place (as [`push_mode`]).
    fn push_onto(t: &mut DTiler, m: CTilerArg) -> Result<(), Error> {
        match m {
            CTilerArg::Layout(l) => t.push_layout_in(&l),
            CTilerArg::Int(n) => {
                *t = core::mem::replace(t, DTiler::new()).push_int(n)?;
                Ok(())
            }
            CTilerArg::Tiler(inner) => {
                *t = core::mem::replace(t, DTiler::new()).push_tiler(&inner)?;
                Ok(())
            }
        }
    }
}

/// Appends one mode to a by-mode tiler.
const fn push_mode(t: FixedTiler, m: &DTilerArg) -> Result<FixedTiler, Error> {
    match m {
        DTilerArg::Layout(l) => t.push_layout(*l),
        DTilerArg::Int(n) => t.push_int(*n),
        DTilerArg::Tiler(inner) => t.push(&FixedTilerMode::Tiler(*inner)),
    }
}

/// The by-mode tiler of `modes`.
pub(crate) const fn tiler_of(modes: &[DTilerArg]) -> Result<DTilerArg, Error> {
    let mut t = FixedTiler::new();
    let mut i = 0;
    while i < modes.len() {
        t = crate::tri!(push_mode(t, &modes[i]));
        i += 1;
    }
    Ok(DTilerArg::Tiler(t))
}

impl DTilerArg {
    /// The tiler as divides and products read it: an integer `n` becomes
    /// `make_layout(n)` (`n:_1`, and `_1:_0` for a static 1).
    ///
    /// ```
    /// use cute_typed::typed::DTilerArg;
    /// use cute_typed::DInt;
    /// let one = DTilerArg::Int(DInt::s(1)).as_layout_or_tiler().unwrap();
    /// assert!(matches!(one, DTilerArg::Layout(l) if l.to_string() == "_1:_0"));
    /// ```
    pub const fn as_layout_or_tiler(&self) -> Result<DTilerArg, Error> {
        match self {
            DTilerArg::Int(n) => match FixedLayout::col_major(FixedTuple::int(*n)) {
                Ok(l) => Ok(DTilerArg::Layout(l)),
                Err(e) => Err(e),
            },
            other => Ok(*other),
        }
    }
}

/// The by-mode tiler of `modes` when all are static.
pub(crate) const fn static_tiler_of<const N: usize>(
    modes: [Option<DTilerArg>; N],
) -> Option<DTilerArg> {
    let mut out = [DTilerArg::Tiler(FixedTiler::new()); N];
    let mut i = 0;
    while i < N {
        match modes[i] {
            Some(m) => out[i] = m,
            None => return None,
        }
        i += 1;
    }
    Some(ok_or_raise(tiler_of(&out)))
}

impl<S: Congruent<D>, D: IntTuple> TilerOperand for Layout<S, D> {
    type Modes = super::AnyModes;
    type IsStatic = <Self as LayoutOperand>::IsStatic;
    const STATIC_TILER: Option<DTilerArg> = match <Self as LayoutOperand>::STATIC {
        Some(l) => Some(DTilerArg::Layout(l)),
        None => None,
    };
    type Typed = True;
    type StrideStatic = D::IsStatic;
    const PATTERN_TILER: Option<DTilerArg> = match <Self as LayoutOperand>::PATTERN {
        Some(l) => Some(DTilerArg::Layout(l)),
        None => None,
    };
    fn to_tiler(&self) -> Result<DTilerArg, Error> {
        Ok(DTilerArg::Layout(self.to_fixed()))
    }
    #[inline]
    fn to_compact_tiler(&self) -> Result<CTilerArg, Error> {
        Ok(CTilerArg::Layout(LayoutOperand::to_compact(self)))
    }
    #[inline]
    fn push_compact_mode(&self, t: &mut DTiler) -> Result<(), Error> {
        t.push_layout_in(&LayoutOperand::to_compact(self))
    }
}

impl TilerOperand for FixedLayout {
    type Modes = super::AnyModes;
    type IsStatic = False;
    const STATIC_TILER: Option<DTilerArg> = None;
    type Typed = False;
    type StrideStatic = False;
    const PATTERN_TILER: Option<DTilerArg> = None;
    fn to_tiler(&self) -> Result<DTilerArg, Error> {
        Ok(DTilerArg::Layout(*self))
    }
}

impl TilerOperand for FixedTiler {
    type Modes = super::AnyModes;
    type IsStatic = False;
    const STATIC_TILER: Option<DTilerArg> = None;
    type Typed = False;
    type StrideStatic = False;
    const PATTERN_TILER: Option<DTilerArg> = None;
    fn to_tiler(&self) -> Result<DTilerArg, Error> {
        Ok(DTilerArg::Tiler(*self))
    }
}

/// The run-time layouts and tilers as tiler operands, owned or borrowed: one
/// impl for both.
macro_rules! runtime_tiler_operand {
    ($variant:ident: $Value:ty => $($T:ty),*) => {$(
impl TilerOperand for $T {
    type Modes = super::AnyModes;
    type IsStatic = False;
    const STATIC_TILER: Option<DTilerArg> = None;
    type Typed = False;
    type StrideStatic = False;
    const PATTERN_TILER: Option<DTilerArg> = None;
    /// The fixed form ([`Error::Capacity`] past 64 nodes per tuple, or 64
    /// layouts of a tiler); the typed functions read
    /// [`TilerOperand::to_compact_tiler`] instead.
    fn to_tiler(&self) -> Result<DTilerArg, Error> {
        Ok(DTilerArg::$variant(<$Value>::to_fixed(self)?))
    }
    #[inline]
    fn to_compact_tiler(&self) -> Result<CTilerArg, Error> {
        Ok(CTilerArg::$variant(<$Value>::clone(self)))
    }
    runtime_tiler_operand!(@push $variant);
}
    )*};
    (@push Layout) => {
        #[inline]
        fn push_compact_mode(&self, t: &mut DTiler) -> Result<(), Error> {
            t.push_layout_in(self)
        }
    };
    (@push Tiler) => {};
}
runtime_tiler_operand!(Layout: DLayout => DLayout, &DLayout);
runtime_tiler_operand!(Tiler: DTiler => DTiler, &DTiler);

impl TilerOperand for DTilerArg {
    type Modes = super::AnyModes;
    type IsStatic = False;
    const STATIC_TILER: Option<DTilerArg> = None;
    type Typed = False;
    type StrideStatic = False;
    const PATTERN_TILER: Option<DTilerArg> = None;
    fn to_tiler(&self) -> Result<DTilerArg, Error> {
        Ok(*self)
    }
}

impl<N: Numeral> TilerOperand for C<N> {
    type Modes = super::AnyModes;
    type IsStatic = True;
    const STATIC_TILER: Option<DTilerArg> = Some(DTilerArg::Int(DInt::s(C::<N>::VALUE)));
    type Typed = True;
    type StrideStatic = True;
    const PATTERN_TILER: Option<DTilerArg> = Self::STATIC_TILER;
    fn to_tiler(&self) -> Result<DTilerArg, Error> {
        Ok(DTilerArg::Int(self.to_dint()))
    }
}

impl<T: RuntimeInt> TilerOperand for T {
    type Modes = super::AnyModes;
    type IsStatic = False;
    const STATIC_TILER: Option<DTilerArg> = None;
    type Typed = True;
    // `n:_1`.
    type StrideStatic = True;
    const PATTERN_TILER: Option<DTilerArg> = Some(DTilerArg::Int(DInt::d(1)));
    fn to_tiler(&self) -> Result<DTilerArg, Error> {
        Ok(DTilerArg::Int(DInt::d(self.checked_value()?)))
    }
    #[inline]
    fn to_compact_tiler(&self) -> Result<CTilerArg, Error> {
        Ok(CTilerArg::Int(DInt::d(self.checked_value()?)))
    }
}

/// `True` iff every listed tiler is static.
macro_rules! all_static {
    () => { True };
    ($T:ident $($rest:ident)*) => {
        <<$T as TilerOperand>::IsStatic as StaticFlag>::And<all_static!($($rest)*)>
    };
}

/// `True` iff every listed tiler is typed.
macro_rules! all_typed {
    () => { True };
    ($T:ident $($rest:ident)*) => {
        <<$T as TilerOperand>::Typed as StaticFlag>::And<all_typed!($($rest)*)>
    };
}

/// `True` iff every listed tiler has static strides.
macro_rules! all_stride_static {
    () => { True };
    ($T:ident $($rest:ident)*) => {
        <<$T as TilerOperand>::StrideStatic as StaticFlag>::And<all_stride_static!($($rest)*)>
    };
}

macro_rules! tuple_tiler {
    ($($T:ident $i:tt),+) => {
        impl<$($T: TilerOperand),+> TilerOperand for ($($T,)+) {
            type IsStatic = all_static!($($T)+);
            type Modes = super::Modes<{ 0 $(+ { let _ = $i; 1 })+ }>;
            const STATIC_TILER: Option<DTilerArg> = static_tiler_of([$($T::STATIC_TILER),+]);
            type Typed = all_typed!($($T)+);
            type StrideStatic = all_stride_static!($($T)+);
            const PATTERN_TILER: Option<DTilerArg> = static_tiler_of([$($T::PATTERN_TILER),+]);
            const FAILED: bool = false $(|| $T::FAILED)+;
            fn to_tiler(&self) -> Result<DTilerArg, Error> {
                tiler_of(&[$(self.$i.to_tiler()?),+])
            }
            #[inline]
            fn to_compact_tiler(&self) -> Result<CTilerArg, Error> {
                if let Some(t) = const { &Self::STATIC_TILER } {
                    return Ok(CTilerArg::from_fixed(t));
                }
                // Each mode written straight into the tiler (as `tiler_of`).
                let mut t = DTiler::new();
                $(self.$i.push_compact_mode(&mut t)?;)+
                Ok(CTilerArg::Tiler(t))
            }
        }
    };
}
tuple_tiler!(T0 0);
tuple_tiler!(T0 0, T1 1);
tuple_tiler!(T0 0, T1 1, T2 2);
tuple_tiler!(T0 0, T1 1, T2 2, T3 3);
tuple_tiler!(T0 0, T1 1, T2 2, T3 3, T4 4);
tuple_tiler!(T0 0, T1 1, T2 2, T3 3, T4 4, T5 5);
tuple_tiler!(T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6);
tuple_tiler!(T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7);
