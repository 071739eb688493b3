//! Integers of the typed layer: static `C<U>` (a typenum unsigned in a
//! zero-sized wrapper, aliased `_0 … _256` and powers of two up to `_65536`) and
//! dynamic `i64`, unified by [`IntLike`].
//!
//! Why a wrapper around typenum rather than typenum itself: a static integer
//! must be usable as a type (`Layout<(_4, _8), (_1, _4)>`) *and* as a value
//! (`make_layout((_4, 8))`). typenum's `UInt` can only be built by its non-`const`
//! `new()`/`Default`, so `pub const _4: U4 = …` does not compile (checked on
//! Rust 1.95). `C<U>` is built by `const fn C::new()`, keeps typenum's unbounded
//! type-level arithmetic, and is zero-sized like `U`.
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

use typenum::consts::*;
use typenum::{Prod, Quot, Sum, Unsigned};

use super::flag::{False, StaticFlag, True};
use crate::dynamic::DInt;
use crate::error::Error;

/// A static (compile-time) integer: the typenum unsigned `U` as a zero-sized
/// value. Written through its aliases: `_4` is `C<U4>`, as a type and as a value.
pub struct C<U>(PhantomData<U>);

impl<U> C<U> {
    /// The value of the static integer (zero-sized; usable in `const`).
    pub const fn new() -> Self {
        C(PhantomData)
    }
}

impl<U: Unsigned> C<U> {
    /// The integer this type stands for.
    pub const VALUE: i64 = static_value(U::U64);
}

/// `v` as `i64`; a typenum value beyond `i64` is a compile error naming the rule.
const fn static_value(v: u64) -> i64 {
    if v > i64::MAX as u64 {
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
impl<U: Unsigned> fmt::Debug for C<U> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", Self::VALUE)
    }
}
impl<U: Unsigned> fmt::Display for C<U> {
    /// CuTe notation: `_4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", Self::VALUE)
    }
}

/// A leaf of a shape, stride or coordinate: a static `C<U>` (`_4`) or a dynamic `i64`.
///
/// Like nalgebra's `Dim`, one trait serves both kinds; [`IntLike::STATIC`] tells
/// them apart at compile time.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a CuTe integer",
    label = "not a CuTe integer",
    note = "a leaf must be a static integer such as `_4` or a run-time `i64` (convert other integers with `cute::typed::dynamic`)"
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
    /// integer only when `v` equals it ([`Error::StaticMismatch`] otherwise).
    fn from_value(v: i64) -> Result<Self, Error>;
}

impl<U: Unsigned> IntLike for C<U> {
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

impl IntLike for i64 {
    type IsStatic = False;
    const STATIC: Option<i64> = None;
    fn value(&self) -> i64 {
        *self
    }
    fn to_dint(&self) -> DInt {
        DInt::d(*self)
    }
    fn from_value(v: i64) -> Result<Self, Error> {
        Ok(v)
    }
}

/// A run-time integer of any lossless integer type as the dynamic leaf `i64`.
///
/// ```
/// use cute_types::typed::{dynamic, make_layout, _4};
/// let n: u32 = 8;
/// let l = make_layout((_4, dynamic(n))).unwrap();
/// assert_eq!(l.to_string(), "(_4,8):(_1,_4)");
/// ```
pub fn dynamic(v: impl Into<i64>) -> i64 {
    v.into()
}

/// Checked arithmetic on [`IntLike`]s: static ⊗ static is static (typenum
/// arithmetic, no run-time work), anything with an `i64` operand is an `i64`.
macro_rules! int_op {
    ($Trait:ident, $method:ident, $Op:ident, $op_fn:ident, $Out:ident, $checked:ident, $doc:literal) => {
        #[doc = $doc]
        pub trait $Trait<Rhs: IntLike>: IntLike {
            /// The result type: static iff both operands are.
            type Output: IntLike + super::tuple::IntTuple;
            #[doc = $doc]
            fn $method(self, rhs: Rhs) -> Result<Self::Output, Error>;
        }
        impl<U, V> $Trait<C<V>> for C<U>
        where
            U: Unsigned + ops::$Op<V>,
            V: Unsigned,
            $Out<U, V>: Unsigned,
        {
            type Output = C<$Out<U, V>>;
            fn $method(self, _: C<V>) -> Result<Self::Output, Error> {
                Ok(C::new())
            }
        }
        impl<U: Unsigned> $Trait<i64> for C<U> {
            type Output = i64;
            fn $method(self, rhs: i64) -> Result<i64, Error> {
                dyn_op(Self::VALUE.$checked(rhs), rhs)
            }
        }
        impl<V: Unsigned> $Trait<C<V>> for i64 {
            type Output = i64;
            fn $method(self, _: C<V>) -> Result<i64, Error> {
                dyn_op(self.$checked(C::<V>::VALUE), C::<V>::VALUE)
            }
        }
        impl $Trait<i64> for i64 {
            type Output = i64;
            fn $method(self, rhs: i64) -> Result<i64, Error> {
                dyn_op(self.$checked(rhs), rhs)
            }
        }
        impl<U, V> ops::$Op<C<V>> for C<U>
        where
            U: ops::$Op<V>,
        {
            type Output = C<$Out<U, V>>;
            fn $op_fn(self, _: C<V>) -> Self::Output {
                C::new()
            }
        }
    };
}

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
    Prod,
    checked_mul,
    "`self * rhs`."
);
int_op!(IntAdd, int_add, Add, add, Sum, checked_add, "`self + rhs`.");
int_op!(
    IntDiv,
    int_div,
    Div,
    div,
    Quot,
    checked_div,
    "`self / rhs` (truncating; a static divisor `_0` does not compile)."
);

macro_rules! aliases {
    ($($name:ident $U:ident),* $(,)?) => {
        $(
            #[doc = concat!("The static integer `", stringify!($name), "` (type and value).")]
            #[allow(non_camel_case_types)]
            pub type $name = C<$U>;
            #[doc = concat!("The static integer `", stringify!($name), "` (type and value).")]
            #[allow(non_upper_case_globals)]
            pub const $name: $name = C::new();
        )*
    };
}

aliases! {
    _0 U0,
    _1 U1,
    _2 U2,
    _3 U3,
    _4 U4,
    _5 U5,
    _6 U6,
    _7 U7,
    _8 U8,
    _9 U9,
    _10 U10,
    _11 U11,
    _12 U12,
    _13 U13,
    _14 U14,
    _15 U15,
    _16 U16,
    _17 U17,
    _18 U18,
    _19 U19,
    _20 U20,
    _21 U21,
    _22 U22,
    _23 U23,
    _24 U24,
    _25 U25,
    _26 U26,
    _27 U27,
    _28 U28,
    _29 U29,
    _30 U30,
    _31 U31,
    _32 U32,
    _33 U33,
    _34 U34,
    _35 U35,
    _36 U36,
    _37 U37,
    _38 U38,
    _39 U39,
    _40 U40,
    _41 U41,
    _42 U42,
    _43 U43,
    _44 U44,
    _45 U45,
    _46 U46,
    _47 U47,
    _48 U48,
    _49 U49,
    _50 U50,
    _51 U51,
    _52 U52,
    _53 U53,
    _54 U54,
    _55 U55,
    _56 U56,
    _57 U57,
    _58 U58,
    _59 U59,
    _60 U60,
    _61 U61,
    _62 U62,
    _63 U63,
    _64 U64,
    _65 U65,
    _66 U66,
    _67 U67,
    _68 U68,
    _69 U69,
    _70 U70,
    _71 U71,
    _72 U72,
    _73 U73,
    _74 U74,
    _75 U75,
    _76 U76,
    _77 U77,
    _78 U78,
    _79 U79,
    _80 U80,
    _81 U81,
    _82 U82,
    _83 U83,
    _84 U84,
    _85 U85,
    _86 U86,
    _87 U87,
    _88 U88,
    _89 U89,
    _90 U90,
    _91 U91,
    _92 U92,
    _93 U93,
    _94 U94,
    _95 U95,
    _96 U96,
    _97 U97,
    _98 U98,
    _99 U99,
    _100 U100,
    _101 U101,
    _102 U102,
    _103 U103,
    _104 U104,
    _105 U105,
    _106 U106,
    _107 U107,
    _108 U108,
    _109 U109,
    _110 U110,
    _111 U111,
    _112 U112,
    _113 U113,
    _114 U114,
    _115 U115,
    _116 U116,
    _117 U117,
    _118 U118,
    _119 U119,
    _120 U120,
    _121 U121,
    _122 U122,
    _123 U123,
    _124 U124,
    _125 U125,
    _126 U126,
    _127 U127,
    _128 U128,
    _129 U129,
    _130 U130,
    _131 U131,
    _132 U132,
    _133 U133,
    _134 U134,
    _135 U135,
    _136 U136,
    _137 U137,
    _138 U138,
    _139 U139,
    _140 U140,
    _141 U141,
    _142 U142,
    _143 U143,
    _144 U144,
    _145 U145,
    _146 U146,
    _147 U147,
    _148 U148,
    _149 U149,
    _150 U150,
    _151 U151,
    _152 U152,
    _153 U153,
    _154 U154,
    _155 U155,
    _156 U156,
    _157 U157,
    _158 U158,
    _159 U159,
    _160 U160,
    _161 U161,
    _162 U162,
    _163 U163,
    _164 U164,
    _165 U165,
    _166 U166,
    _167 U167,
    _168 U168,
    _169 U169,
    _170 U170,
    _171 U171,
    _172 U172,
    _173 U173,
    _174 U174,
    _175 U175,
    _176 U176,
    _177 U177,
    _178 U178,
    _179 U179,
    _180 U180,
    _181 U181,
    _182 U182,
    _183 U183,
    _184 U184,
    _185 U185,
    _186 U186,
    _187 U187,
    _188 U188,
    _189 U189,
    _190 U190,
    _191 U191,
    _192 U192,
    _193 U193,
    _194 U194,
    _195 U195,
    _196 U196,
    _197 U197,
    _198 U198,
    _199 U199,
    _200 U200,
    _201 U201,
    _202 U202,
    _203 U203,
    _204 U204,
    _205 U205,
    _206 U206,
    _207 U207,
    _208 U208,
    _209 U209,
    _210 U210,
    _211 U211,
    _212 U212,
    _213 U213,
    _214 U214,
    _215 U215,
    _216 U216,
    _217 U217,
    _218 U218,
    _219 U219,
    _220 U220,
    _221 U221,
    _222 U222,
    _223 U223,
    _224 U224,
    _225 U225,
    _226 U226,
    _227 U227,
    _228 U228,
    _229 U229,
    _230 U230,
    _231 U231,
    _232 U232,
    _233 U233,
    _234 U234,
    _235 U235,
    _236 U236,
    _237 U237,
    _238 U238,
    _239 U239,
    _240 U240,
    _241 U241,
    _242 U242,
    _243 U243,
    _244 U244,
    _245 U245,
    _246 U246,
    _247 U247,
    _248 U248,
    _249 U249,
    _250 U250,
    _251 U251,
    _252 U252,
    _253 U253,
    _254 U254,
    _255 U255,
    _256 U256,
    _512 U512,
    _1024 U1024,
    _2048 U2048,
    _4096 U4096,
    _8192 U8192,
    _16384 U16384,
    _32768 U32768,
    _65536 U65536
}
