//! Integers of the typed layer: static `C<N>` (a decimal [`Numeral`] in a
//! zero-sized wrapper, aliased `_0 … _256` and powers of two up to `_65536`) and
//! dynamic `i64`, unified by [`IntLike`].
//!
//! Why a wrapper: a static integer must be usable as a type
//! (`Layout<(_4, _8), (_1, _4)>`) *and* as a value (`make_layout((_4, 8))`), and
//! `C<N>` is built by `const fn C::new()`. Why decimal numerals (`_16` is
//! `C<(D1, D6)>`) rather than typenum's binary `UInt<UInt<…>>`: rustc prints these
//! types in compile errors (see [`super::numeral`]); arithmetic still goes
//! through typenum.
//!
//! Why `i64` for dynamic integers: CuTe strides may be negative and tensor
//! sizes exceed 32 bits; every run-time operation is checked, overflow is
//! [`Error::Overflow`]. `i64` is also the only integer type implementing the
//! traits, so an unsuffixed literal such as the `8` in `(_4, 8)` is inferred as
//! `i64`; other integer types convert with [`dynamic`].
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops;

use typenum::{Prod, Quot, Sum};

use super::flag::{False, StaticFlag, True};
use super::numeral::{
    Decimal, FromBinary, Numeral, ToBinary, D0, D1, D2, D3, D4, D5, D6, D7, D8, D9,
};
use crate::dynamic::DInt;
use crate::error::Error;

/// A static (compile-time) integer: the decimal numeral `N` as a zero-sized
/// value. Written through its aliases: `_4` is `C<D4>` and `_16` is
/// `C<(D1, D6)>`, as a type and as a value; `C::<(D3, D2, D0)>::new()` is 320.
///
/// ```
/// use cute_typed::typed::*;
/// let x: C<(D3, D2, D0)> = C::new();
/// assert_eq!(x.to_string(), "_320");
/// assert_eq!(core::mem::size_of_val(&x), 0);
/// let y: _16 = _16; // the alias: C<(D1, D6)>
/// assert_eq!(y.value(), 16);
/// ```
pub struct C<N>(PhantomData<N>);

impl<U> C<U> {
    /// The value of the static integer (zero-sized; usable in `const`).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// const X: C<(D1, D2)> = C::new();
    /// assert_eq!(X.value(), 12);
    /// ```
    pub const fn new() -> Self {
        C(PhantomData)
    }
}

impl<N: Numeral> C<N> {
    /// The integer this type stands for.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// const V: i64 = C::<(D6, D4)>::VALUE;
    /// assert_eq!(V, 64);
    /// assert_eq!(_64::VALUE, 64);
    /// ```
    pub const VALUE: i64 = static_value(N::VALUE);
}

/// `v` as `i64`; a numeral beyond `i64` is a compile error naming the rule.
const fn static_value(v: u128) -> i64 {
    if v > i64::MAX as u128 {
        Error::Overflow.raise()
    }
    v as i64
}

impl<U> Clone for C<U> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<U> Copy for C<U> {}
impl<U> Default for C<U> {
    fn default() -> Self {
        C::new()
    }
}
impl<U> PartialEq for C<U> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<U> Eq for C<U> {}
impl<U> Hash for C<U> {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}
impl<N: Numeral> fmt::Debug for C<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", Self::VALUE)
    }
}
impl<N: Numeral> fmt::Display for C<N> {
    /// CuTe notation: `_4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", Self::VALUE)
    }
}

/// A leaf of a shape, stride or coordinate: a static `C<N>` (`_4`) or a dynamic `i64`.
///
/// Like nalgebra's `Dim`, one trait serves both kinds; [`IntLike::STATIC`] tells
/// them apart at compile time.
///
/// ```
/// use cute_typed::typed::*;
/// assert_eq!(<_4 as IntLike>::STATIC, Some(4));
/// assert_eq!(<i64 as IntLike>::STATIC, None);
/// assert_eq!(_4.to_dint().to_string(), "_4");
/// assert_eq!(4i64.to_dint().to_string(), "4");
/// assert!(<_4 as IntLike>::from_value(4).is_ok());
/// assert!(<_4 as IntLike>::from_value(5).is_err());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a CuTe integer",
    label = "not a CuTe integer",
    note = "a leaf must be a static integer such as `_4` or a run-time integer (`i64`, `i32`, `u32`, `usize`, `isize`, `u64`)"
)]
pub trait IntLike: Copy + Default + fmt::Debug + 'static {
    /// `True` for a static integer, `False` for `i64`.
    type IsStatic: StaticFlag;
    /// The value, when it is known at compile time.
    const STATIC: Option<i64>;
    /// The value.
    fn value(&self) -> i64;
    /// The value with its static flag.
    fn to_dint(&self) -> DInt;
    /// The integer of this type holding `v`: always for `i64`; for a static
    /// integer only when `v` equals it ([`Error::StaticMismatch`] otherwise);
    /// for a narrower run-time type only when `v` fits ([`Error::Overflow`]).
    fn from_value(v: i64) -> Result<Self, Error>;
    /// The value as an `i64`, or [`Error::Overflow`] for a `u64`/`usize`
    /// beyond `i64::MAX`. ([`IntLike::value`] saturates such a value, so that a
    /// coordinate past `i64` is still outside every shape; every constructor
    /// and operation reads leaves through this method and refuses it.)
    fn checked_value(&self) -> Result<i64, Error> {
        Ok(self.value())
    }
}

impl<N: Numeral> IntLike for C<N> {
    type IsStatic = True;
    const STATIC: Option<i64> = Some(Self::VALUE);
    fn value(&self) -> i64 {
        Self::VALUE
    }
    fn to_dint(&self) -> DInt {
        DInt::s(Self::VALUE)
    }
    fn from_value(v: i64) -> Result<Self, Error> {
        if v == Self::VALUE {
            Ok(C::new())
        } else {
            Err(Error::StaticMismatch)
        }
    }
}

/// A run-time integer type that can be a leaf: `i64`, `i32`, `u32`, `usize`,
/// `isize` or `u64` (sealed). Arithmetic on run-time leaves is done in `i64`
/// (the leaf stays dynamic, as `int` does in C++), so results are `i64`; a
/// `u64`/`usize` beyond `i64::MAX` is [`Error::Overflow`].
///
/// One blanket impl per trait serves every run-time type, so an integer
/// literal leaf (`make_layout((4, 8))`) needs no annotation.
///
/// ```
/// use cute_typed::typed::*;
/// let rows = vec![0.0f32; 6];
/// let l = make_layout((_4, rows.len())).unwrap();
/// assert_eq!(l.to_string(), "(_4,6):(_1,_4)");
/// assert_eq!(l.eval((3u32, 5i32)), Ok(23));
/// assert_eq!(make_layout(usize::MAX).map(|_| ()), Err(cute_typed::Error::Overflow));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a CuTe integer",
    label = "not a CuTe integer",
    note = "a leaf must be a static integer such as `_4` or a run-time integer (`i64`, `i32`, `u32`, `usize`, `isize`, `u64`)"
)]
pub trait RuntimeInt:
    Copy
    + Default
    + PartialEq
    + Eq
    + core::hash::Hash
    + fmt::Debug
    + fmt::Display
    + 'static
    + sealed::Sealed
{
    /// The value in `i64`, or [`Error::Overflow`].
    fn checked_i64(self) -> Result<i64, Error>;
    /// The value `v` in this type, or [`Error::Overflow`].
    fn from_i64(v: i64) -> Result<Self, Error>;
}

mod sealed {
    pub trait Sealed {}
}

macro_rules! runtime_int {
    ($($T:ty),*) => {$(
        impl sealed::Sealed for $T {}
        impl RuntimeInt for $T {
            #[allow(clippy::useless_conversion, irrefutable_let_patterns)]
            fn checked_i64(self) -> Result<i64, Error> {
                i64::try_from(self).map_err(|_| Error::Overflow)
            }
            #[allow(clippy::useless_conversion)]
            fn from_i64(v: i64) -> Result<Self, Error> {
                <$T>::try_from(v).map_err(|_| Error::Overflow)
            }
        }
    )*};
}
runtime_int!(i64, i32, u32, usize, isize, u64);

impl<T: RuntimeInt> IntLike for T {
    type IsStatic = False;
    const STATIC: Option<i64> = None;
    fn value(&self) -> i64 {
        self.checked_i64().unwrap_or(i64::MAX)
    }
    fn to_dint(&self) -> DInt {
        DInt::d(self.value())
    }
    fn from_value(v: i64) -> Result<Self, Error> {
        T::from_i64(v)
    }
    fn checked_value(&self) -> Result<i64, Error> {
        self.checked_i64()
    }
}

/// A run-time integer of any lossless integer type as the dynamic leaf `i64`.
///
/// ```
/// use cute_typed::typed::{dynamic, make_layout, _4};
/// let n: u32 = 8;
/// let l = make_layout((_4, dynamic(n))).unwrap();
/// assert_eq!(l.to_string(), "(_4,8):(_1,_4)");
/// ```
pub fn dynamic(v: impl Into<i64>) -> i64 {
    v.into()
}

/// A run-time integer of any integer type as the dynamic leaf `i64`, checked:
/// a value beyond `i64` is [`Error::Overflow`]. `layout!` converts its
/// run-time leaves (`{rows.len()}`) with it.
///
/// ```
/// use cute_typed::typed::{make_layout, try_dynamic, _4};
/// use cute_typed::Error;
/// let rows: Vec<f32> = vec![0.0; 6];
/// let l = make_layout((_4, try_dynamic(rows.len())?))?;
/// assert_eq!(l.to_string(), "(_4,6):(_1,_4)");
/// assert_eq!(try_dynamic(u64::MAX), Err(Error::Overflow));
/// # Ok::<(), Error>(())
/// ```
pub fn try_dynamic<T: TryInto<i64>>(v: T) -> Result<i64, Error> {
    v.try_into().map_err(|_| Error::Overflow)
}

/// Checked arithmetic on [`IntLike`]s: static ⊗ static is static (typenum
/// arithmetic on the numerals' [`ToBinary`] forms, no run-time work), anything
/// with a run-time operand is an `i64`.
macro_rules! int_op {
    ($Trait:ident, $method:ident, $Op:ident, $op_fn:ident, $Static:ident, $checked:ident, $doc:literal, $ex:literal) => {
        #[doc = $doc]
        #[doc = ""]
        #[doc = $ex]
        pub trait $Trait<Rhs: IntLike>: IntLike {
            /// The result type: static iff both operands are.
            type Output: IntLike + super::tuple::IntTuple;
            #[doc = $doc]
            fn $method(self, rhs: Rhs) -> Result<Self::Output, Error>;
        }
        impl<N, M> $Trait<C<M>> for C<N>
        where
            N: Numeral,
            M: Numeral,
            C<N>: $Static<C<M>>,
            <C<N> as $Static<C<M>>>::Output: IntLike + super::tuple::IntTuple,
        {
            type Output = <C<N> as $Static<C<M>>>::Output;
            fn $method(self, _: C<M>) -> Result<Self::Output, Error> {
                Ok(Default::default())
            }
        }
        impl<N: Numeral, T: RuntimeInt> $Trait<T> for C<N> {
            type Output = i64;
            fn $method(self, rhs: T) -> Result<i64, Error> {
                let b = rhs.checked_value()?;
                dyn_op(Self::VALUE.$checked(b), b)
            }
        }
        impl<M: Numeral, T: RuntimeInt> $Trait<C<M>> for T {
            type Output = i64;
            fn $method(self, _: C<M>) -> Result<i64, Error> {
                dyn_op(self.checked_value()?.$checked(C::<M>::VALUE), C::<M>::VALUE)
            }
        }
        impl<T: RuntimeInt, U: RuntimeInt> $Trait<U> for T {
            type Output = i64;
            fn $method(self, rhs: U) -> Result<i64, Error> {
                let b = rhs.checked_value()?;
                dyn_op(self.checked_value()?.$checked(b), b)
            }
        }
        impl<N, M> ops::$Op<C<M>> for C<N>
        where
            C<N>: $Static<C<M>>,
            <C<N> as $Static<C<M>>>::Output: Default,
        {
            type Output = <C<N> as $Static<C<M>>>::Output;
            fn $op_fn(self, _: C<M>) -> Self::Output {
                Default::default()
            }
        }
    };
}

/// Static ⊗ static at the type level, through typenum on the numerals' binary
/// forms. One trait per operation, whose impl is `do_not_recommend`: a failure
/// is then reported as this trait's rule, not as a typenum type mismatch.
macro_rules! static_op_trait {
    ($Static:ident, $Op:ident, $Out:ident, $message:literal, $label:literal) => {
        #[doc = concat!("The static result of `", stringify!($Op), "` on two static integers.")]
        #[diagnostic::on_unimplemented(message = $message, label = $label)]
        pub trait $Static<Rhs> {
            /// The static result.
            type Output;
        }
        #[diagnostic::do_not_recommend]
        impl<N, M> $Static<C<M>> for C<N>
        where
            N: ToBinary,
            M: ToBinary,
            N::Binary: ops::$Op<M::Binary>,
            $Out<N::Binary, M::Binary>: FromBinary,
        {
            type Output = C<Decimal<$Out<N::Binary, M::Binary>>>;
        }
    };
}
static_op_trait!(
    StaticMul,
    Mul,
    Prod,
    "cannot multiply these static integers",
    "static product"
);
static_op_trait!(
    StaticAdd,
    Add,
    Sum,
    "cannot add these static integers",
    "static sum"
);
static_op_trait!(
    StaticDiv,
    Div,
    Quot,
    "division by zero: a static divisor must not be `_0`",
    "a static integer divided by `_0`"
);

/// A checked result: `None` is a division by zero when `rhs` is 0, else an overflow.
fn dyn_op(r: Option<i64>, rhs: i64) -> Result<i64, Error> {
    match r {
        Some(v) => Ok(v),
        None if rhs == 0 => Err(Error::DivisionByZero),
        None => Err(Error::Overflow),
    }
}

int_op!(
    IntMul,
    int_mul,
    Mul,
    mul,
    StaticMul,
    checked_mul,
    "`self * rhs`.",
    "```\nuse cute_typed::typed::*;\nlet s: _32 = _4.int_mul(_8).unwrap(); // static: computed in the type\nassert_eq!(s.value(), 32);\nassert_eq!(_4.int_mul(8i64), Ok(32));\nassert!(i64::MAX.int_mul(_2).is_err()); // overflow is an error\n```"
);
int_op!(
    IntAdd,
    int_add,
    Add,
    add,
    StaticAdd,
    checked_add,
    "`self + rhs`.",
    "```\nuse cute_typed::typed::*;\nlet s: _12 = _4.int_add(_8).unwrap();\nassert_eq!(s.value(), 12);\nassert_eq!(4i64.int_add(_8), Ok(12));\n```"
);
int_op!(
    IntDiv,
    int_div,
    Div,
    div,
    StaticDiv,
    checked_div,
    "`self / rhs` (truncating; a static divisor `_0` does not compile).",
    "```\nuse cute_typed::typed::*;\nlet q: _4 = _32.int_div(_8).unwrap();\nassert_eq!(q.value(), 4);\nassert_eq!(_32.int_div(0i64), Err(cute_typed::Error::DivisionByZero));\n```"
);

macro_rules! aliases {
    ($($name:ident $N:ty),* $(,)?) => {
        $(
            #[doc = concat!("The static integer `", stringify!($name), "` (type and value).")]
            #[doc = concat!("\nThe constant `", stringify!($name), "` of the same name has an example.")]
            #[allow(non_camel_case_types)]
            pub type $name = C<$N>;
            #[doc = concat!("The static integer `", stringify!($name), "` (type and value).")]
            #[doc = concat!("\n```\nuse cute_typed::typed::*;\nlet x: ", stringify!($name), " = ",
                            stringify!($name), ";\nassert_eq!(x.to_string(), \"", stringify!($name),
                            "\");\nassert_eq!(core::mem::size_of_val(&x), 0);\n```")]
            #[allow(non_upper_case_globals)]
            pub const $name: $name = C::new();
        )*
    };
}

aliases! {
    _0 D0,
    _1 D1,
    _2 D2,
    _3 D3,
    _4 D4,
    _5 D5,
    _6 D6,
    _7 D7,
    _8 D8,
    _9 D9,
    _10 (D1, D0),
    _11 (D1, D1),
    _12 (D1, D2),
    _13 (D1, D3),
    _14 (D1, D4),
    _15 (D1, D5),
    _16 (D1, D6),
    _17 (D1, D7),
    _18 (D1, D8),
    _19 (D1, D9),
    _20 (D2, D0),
    _21 (D2, D1),
    _22 (D2, D2),
    _23 (D2, D3),
    _24 (D2, D4),
    _25 (D2, D5),
    _26 (D2, D6),
    _27 (D2, D7),
    _28 (D2, D8),
    _29 (D2, D9),
    _30 (D3, D0),
    _31 (D3, D1),
    _32 (D3, D2),
    _33 (D3, D3),
    _34 (D3, D4),
    _35 (D3, D5),
    _36 (D3, D6),
    _37 (D3, D7),
    _38 (D3, D8),
    _39 (D3, D9),
    _40 (D4, D0),
    _41 (D4, D1),
    _42 (D4, D2),
    _43 (D4, D3),
    _44 (D4, D4),
    _45 (D4, D5),
    _46 (D4, D6),
    _47 (D4, D7),
    _48 (D4, D8),
    _49 (D4, D9),
    _50 (D5, D0),
    _51 (D5, D1),
    _52 (D5, D2),
    _53 (D5, D3),
    _54 (D5, D4),
    _55 (D5, D5),
    _56 (D5, D6),
    _57 (D5, D7),
    _58 (D5, D8),
    _59 (D5, D9),
    _60 (D6, D0),
    _61 (D6, D1),
    _62 (D6, D2),
    _63 (D6, D3),
    _64 (D6, D4),
    _65 (D6, D5),
    _66 (D6, D6),
    _67 (D6, D7),
    _68 (D6, D8),
    _69 (D6, D9),
    _70 (D7, D0),
    _71 (D7, D1),
    _72 (D7, D2),
    _73 (D7, D3),
    _74 (D7, D4),
    _75 (D7, D5),
    _76 (D7, D6),
    _77 (D7, D7),
    _78 (D7, D8),
    _79 (D7, D9),
    _80 (D8, D0),
    _81 (D8, D1),
    _82 (D8, D2),
    _83 (D8, D3),
    _84 (D8, D4),
    _85 (D8, D5),
    _86 (D8, D6),
    _87 (D8, D7),
    _88 (D8, D8),
    _89 (D8, D9),
    _90 (D9, D0),
    _91 (D9, D1),
    _92 (D9, D2),
    _93 (D9, D3),
    _94 (D9, D4),
    _95 (D9, D5),
    _96 (D9, D6),
    _97 (D9, D7),
    _98 (D9, D8),
    _99 (D9, D9),
    _100 (D1, D0, D0),
    _101 (D1, D0, D1),
    _102 (D1, D0, D2),
    _103 (D1, D0, D3),
    _104 (D1, D0, D4),
    _105 (D1, D0, D5),
    _106 (D1, D0, D6),
    _107 (D1, D0, D7),
    _108 (D1, D0, D8),
    _109 (D1, D0, D9),
    _110 (D1, D1, D0),
    _111 (D1, D1, D1),
    _112 (D1, D1, D2),
    _113 (D1, D1, D3),
    _114 (D1, D1, D4),
    _115 (D1, D1, D5),
    _116 (D1, D1, D6),
    _117 (D1, D1, D7),
    _118 (D1, D1, D8),
    _119 (D1, D1, D9),
    _120 (D1, D2, D0),
    _121 (D1, D2, D1),
    _122 (D1, D2, D2),
    _123 (D1, D2, D3),
    _124 (D1, D2, D4),
    _125 (D1, D2, D5),
    _126 (D1, D2, D6),
    _127 (D1, D2, D7),
    _128 (D1, D2, D8),
    _129 (D1, D2, D9),
    _130 (D1, D3, D0),
    _131 (D1, D3, D1),
    _132 (D1, D3, D2),
    _133 (D1, D3, D3),
    _134 (D1, D3, D4),
    _135 (D1, D3, D5),
    _136 (D1, D3, D6),
    _137 (D1, D3, D7),
    _138 (D1, D3, D8),
    _139 (D1, D3, D9),
    _140 (D1, D4, D0),
    _141 (D1, D4, D1),
    _142 (D1, D4, D2),
    _143 (D1, D4, D3),
    _144 (D1, D4, D4),
    _145 (D1, D4, D5),
    _146 (D1, D4, D6),
    _147 (D1, D4, D7),
    _148 (D1, D4, D8),
    _149 (D1, D4, D9),
    _150 (D1, D5, D0),
    _151 (D1, D5, D1),
    _152 (D1, D5, D2),
    _153 (D1, D5, D3),
    _154 (D1, D5, D4),
    _155 (D1, D5, D5),
    _156 (D1, D5, D6),
    _157 (D1, D5, D7),
    _158 (D1, D5, D8),
    _159 (D1, D5, D9),
    _160 (D1, D6, D0),
    _161 (D1, D6, D1),
    _162 (D1, D6, D2),
    _163 (D1, D6, D3),
    _164 (D1, D6, D4),
    _165 (D1, D6, D5),
    _166 (D1, D6, D6),
    _167 (D1, D6, D7),
    _168 (D1, D6, D8),
    _169 (D1, D6, D9),
    _170 (D1, D7, D0),
    _171 (D1, D7, D1),
    _172 (D1, D7, D2),
    _173 (D1, D7, D3),
    _174 (D1, D7, D4),
    _175 (D1, D7, D5),
    _176 (D1, D7, D6),
    _177 (D1, D7, D7),
    _178 (D1, D7, D8),
    _179 (D1, D7, D9),
    _180 (D1, D8, D0),
    _181 (D1, D8, D1),
    _182 (D1, D8, D2),
    _183 (D1, D8, D3),
    _184 (D1, D8, D4),
    _185 (D1, D8, D5),
    _186 (D1, D8, D6),
    _187 (D1, D8, D7),
    _188 (D1, D8, D8),
    _189 (D1, D8, D9),
    _190 (D1, D9, D0),
    _191 (D1, D9, D1),
    _192 (D1, D9, D2),
    _193 (D1, D9, D3),
    _194 (D1, D9, D4),
    _195 (D1, D9, D5),
    _196 (D1, D9, D6),
    _197 (D1, D9, D7),
    _198 (D1, D9, D8),
    _199 (D1, D9, D9),
    _200 (D2, D0, D0),
    _201 (D2, D0, D1),
    _202 (D2, D0, D2),
    _203 (D2, D0, D3),
    _204 (D2, D0, D4),
    _205 (D2, D0, D5),
    _206 (D2, D0, D6),
    _207 (D2, D0, D7),
    _208 (D2, D0, D8),
    _209 (D2, D0, D9),
    _210 (D2, D1, D0),
    _211 (D2, D1, D1),
    _212 (D2, D1, D2),
    _213 (D2, D1, D3),
    _214 (D2, D1, D4),
    _215 (D2, D1, D5),
    _216 (D2, D1, D6),
    _217 (D2, D1, D7),
    _218 (D2, D1, D8),
    _219 (D2, D1, D9),
    _220 (D2, D2, D0),
    _221 (D2, D2, D1),
    _222 (D2, D2, D2),
    _223 (D2, D2, D3),
    _224 (D2, D2, D4),
    _225 (D2, D2, D5),
    _226 (D2, D2, D6),
    _227 (D2, D2, D7),
    _228 (D2, D2, D8),
    _229 (D2, D2, D9),
    _230 (D2, D3, D0),
    _231 (D2, D3, D1),
    _232 (D2, D3, D2),
    _233 (D2, D3, D3),
    _234 (D2, D3, D4),
    _235 (D2, D3, D5),
    _236 (D2, D3, D6),
    _237 (D2, D3, D7),
    _238 (D2, D3, D8),
    _239 (D2, D3, D9),
    _240 (D2, D4, D0),
    _241 (D2, D4, D1),
    _242 (D2, D4, D2),
    _243 (D2, D4, D3),
    _244 (D2, D4, D4),
    _245 (D2, D4, D5),
    _246 (D2, D4, D6),
    _247 (D2, D4, D7),
    _248 (D2, D4, D8),
    _249 (D2, D4, D9),
    _250 (D2, D5, D0),
    _251 (D2, D5, D1),
    _252 (D2, D5, D2),
    _253 (D2, D5, D3),
    _254 (D2, D5, D4),
    _255 (D2, D5, D5),
    _256 (D2, D5, D6),
    _512 (D5, D1, D2),
    _1024 (D1, D0, D2, D4),
    _2048 (D2, D0, D4, D8),
    _4096 (D4, D0, D9, D6),
    _8192 (D8, D1, D9, D2),
    _16384 (D1, D6, D3, D8, D4),
    _32768 (D3, D2, D7, D6, D8),
    _65536 (D6, D5, D5, D3, D6)
}
