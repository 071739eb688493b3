//! Decimal numerals as types: the `N` of a static integer `C<N>`.
//!
//! A numeral is a digit type `D0 … D9`, or a tuple of 2 to 20 digits, most
//! significant first and not starting with `D0`: `_4` is `C<D4>`, `_16` is
//! `C<(D1, D6)>`, `_1000` is `C<(D1, D0, D0, D0)>`.
//!
//! Why decimal digits rather than typenum's binary `UInt<UInt<…>, B0>`: rustc
//! writes out the types of static layouts in post-monomorphization errors (the
//! typed layer's rule violations), and `Layout<(C<D4>, C<(D1, D6)>), …>` can be
//! read there, where typenum's nested bits cannot. The printed name is the whole
//! reason; the value is the numeral's [`Numeral::VALUE`].
//!
//! Type-level arithmetic (compact strides, `_4 * _8: _32`) is still typenum's:
//! [`ToBinary`] turns a numeral into a typenum unsigned (Horner's rule,
//! `x · 10 + d`), typenum multiplies, adds or divides, and [`Decimal`] turns the
//! result back (a little-endian decimal list doubled once per bit, most
//! significant bit first, then reversed into a numeral). Both directions cost a
//! few small trait steps per digit or bit; typenum's own division by ten would
//! cost far more (measured in a scratch crate: 600 products took 12.5 s to compile
//! through division, 0.2 s through doubling).
use core::marker::PhantomData;
use core::ops::{Add, Mul};

use typenum::consts::{U0, U1, U10, U2, U3, U4, U5, U6, U7, U8, U9};
use typenum::{Bit, Prod, Sum, UInt, UTerm, Unsigned, B0, B1};

/// A decimal digit as a type (`D0 … D9`).
///
/// ```
/// use cute_typed::typed::*;
/// assert_eq!(<D7 as Digit>::VALUE, 7);
/// ```
pub trait Digit: 'static {
    /// The digit's value.
    const VALUE: u128;
}

/// A digit that may lead a numeral of several digits (`D1 … D9`).
///
/// ```
/// use cute_typed::typed::*;
/// // Only D1 … D9 may lead a numeral of several digits: C<(D0, D1)> is no integer.
/// fn leads<D: LeadingDigit>() -> u128 { D::VALUE }
/// assert_eq!(leads::<D9>(), 9);
/// ```
pub trait LeadingDigit: Digit {}

/// A number as a type: a digit, or a tuple of 2 to 20 digits without a leading
/// `D0`. Each number has exactly one numeral.
///
/// ```
/// use cute_typed::typed::*;
/// assert_eq!(<(D3, D2, D0) as Numeral>::VALUE, 320);
/// assert_eq!(<D0 as Numeral>::VALUE, 0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a decimal numeral",
    label = "not a decimal numeral",
    note = "a numeral is a digit `D0` … `D9` or a tuple of 2 to 20 digits not starting with `D0`, as in `C<(D1, D6)>` for 16"
)]
pub trait Numeral: 'static {
    /// The number (at most 20 digits, so it fits in `u128`).
    const VALUE: u128;
}

/// The numeral as a typenum unsigned, for type-level arithmetic.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::typenum::{Unsigned, U320};
/// let _same: core::marker::PhantomData<<(D3, D2, D0) as ToBinary>::Binary> = core::marker::PhantomData::<U320>;
/// assert_eq!(<<(D3, D2, D0) as ToBinary>::Binary as Unsigned>::U64, 320);
/// ```
pub trait ToBinary {
    /// The typenum unsigned of the same value.
    type Binary: Unsigned;
}

macro_rules! digits {
    ($($D:ident $v:literal $U:ident),+) => {
        $(
            #[doc = concat!("The decimal digit ", stringify!($v), " (a type only).")]
            #[doc = concat!("\n```\nuse cute_typed::typed::*;\nassert_eq!(<", stringify!($D),
                            " as Digit>::VALUE, ", stringify!($v), ");\nassert_eq!(C::<",
                            stringify!($D), ">::VALUE, ", stringify!($v), ");\n```")]
            pub enum $D {}
            impl Digit for $D {
                const VALUE: u128 = $v;
            }
            impl Numeral for $D {
                const VALUE: u128 = $v;
            }
            impl ToBinary for $D {
                type Binary = $U;
            }
            impl<Lead> Prepend<Lead> for $D {
                type Out = (Lead, $D);
            }
        )+
    };
}
digits!(D0 0 U0, D1 1 U1, D2 2 U2, D3 3 U3, D4 4 U4, D5 5 U5, D6 6 U6, D7 7 U7, D8 8 U8, D9 9 U9);

impl LeadingDigit for D1 {}
impl LeadingDigit for D2 {}
impl LeadingDigit for D3 {}
impl LeadingDigit for D4 {}
impl LeadingDigit for D5 {}
impl LeadingDigit for D6 {}
impl LeadingDigit for D7 {}
impl LeadingDigit for D8 {}
impl LeadingDigit for D9 {}

/// The number written by `digits`, most significant first.
const fn digits_value(digits: &[u128]) -> u128 {
    let mut value = 0;
    let mut i = 0;
    while i < digits.len() {
        value = value * 10 + digits[i];
        i += 1;
    }
    value
}

/// One tuple arity: `[$T0, $T…]` are the digits, `$Prefix` the numeral without the
/// last digit `$Last` (Horner's rule recurses on it).
macro_rules! numeral_tuple {
    ([$T0:ident $(, $T:ident)+] $Prefix:ty, $Last:ident) => {
        impl<$T0: LeadingDigit $(, $T: Digit)+> Numeral for ($T0, $($T,)+) {
            const VALUE: u128 = digits_value(&[$T0::VALUE $(, $T::VALUE)+]);
        }
        impl<$T0: Digit $(, $T: Digit)+> ToBinary for ($T0, $($T,)+)
        where
            $Prefix: ToBinary,
            $Last: ToBinary,
            <$Prefix as ToBinary>::Binary: Mul<U10>,
            Prod<<$Prefix as ToBinary>::Binary, U10>: Add<<$Last as ToBinary>::Binary>,
            Sum<Prod<<$Prefix as ToBinary>::Binary, U10>, <$Last as ToBinary>::Binary>: Unsigned,
        {
            type Binary = Sum<Prod<<$Prefix as ToBinary>::Binary, U10>, <$Last as ToBinary>::Binary>;
        }
    };
}
numeral_tuple!([T0, T1] T0, T1);
numeral_tuple!([T0, T1, T2](T0, T1), T2);
numeral_tuple!([T0, T1, T2, T3](T0, T1, T2), T3);
numeral_tuple!([T0, T1, T2, T3, T4](T0, T1, T2, T3), T4);
numeral_tuple!([T0, T1, T2, T3, T4, T5](T0, T1, T2, T3, T4), T5);
numeral_tuple!([T0, T1, T2, T3, T4, T5, T6](T0, T1, T2, T3, T4, T5), T6);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7](T0, T1, T2, T3, T4, T5, T6),
    T7
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8](T0, T1, T2, T3, T4, T5, T6, T7),
    T8
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9](T0, T1, T2, T3, T4, T5, T6, T7, T8),
    T9
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10](T0, T1, T2, T3, T4, T5, T6, T7, T8, T9),
    T10
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11](T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10),
    T11
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12](
        T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11
    ),
    T12
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13](
        T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12
    ),
    T13
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14](
        T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13
    ),
    T14
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15](
        T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14
    ),
    T15
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16](
        T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15
    ),
    T16
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17](
        T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16
    ),
    T17
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18](
        T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17
    ),
    T18
);
numeral_tuple!(
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19](
        T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18
    ),
    T19
);

/// `Lead` written in front of this numeral (one digit more).
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::numeral::*;
/// let _: core::marker::PhantomData<<(D2, D0) as Prepend<D1>>::Out> = core::marker::PhantomData::<(D1, D2, D0)>; // the same type
/// ```
pub trait Prepend<Lead> {
    /// The longer numeral.
    type Out;
}

/// Tuple numerals of 2 to 19 digits take one more digit in front (20 is the most).
macro_rules! prepend {
    ($([$($T:ident),+])+) => {
        $(
            impl<Lead, $($T),+> Prepend<Lead> for ($($T,)+) {
                type Out = (Lead, $($T,)+);
            }
        )+
    };
}
prepend! {
    [T0, T1]
    [T0, T1, T2]
    [T0, T1, T2, T3]
    [T0, T1, T2, T3, T4]
    [T0, T1, T2, T3, T4, T5]
    [T0, T1, T2, T3, T4, T5, T6]
    [T0, T1, T2, T3, T4, T5, T6, T7]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17]
    [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18]
}

/// The empty little-endian digit list (the number 0).
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::numeral::*;
/// use cute_typed::typed::typenum::U0;
/// let _: core::marker::PhantomData<<U0 as LittleEndianDigits>::Out> = core::marker::PhantomData::<Nil>; // the same type
/// ```
pub enum Nil {}
/// The little-endian digit list whose lowest digit is `D` and whose higher digits are `R`.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::numeral::*;
/// use cute_typed::typed::typenum::U12;
/// // 12, lowest digit first: 2, then 1.
/// let _: core::marker::PhantomData<<U12 as LittleEndianDigits>::Out> = core::marker::PhantomData::<Cons<D2, Cons<D1, Nil>>>; // the same type
/// ```
pub struct Cons<D, R>(PhantomData<(D, R)>);

/// `2 · self + Carry` for a little-endian digit list and a carry bit.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::numeral::*;
/// use cute_typed::typed::typenum::B1;
/// // 2·17 + 1 = 35, little-endian digits.
/// let _: core::marker::PhantomData<<Cons<D7, Cons<D1, Nil>> as Doubled<B1>>::Out> = core::marker::PhantomData::<Cons<D5, Cons<D3, Nil>>>; // the same type
/// ```
pub trait Doubled<Carry> {
    /// The doubled list.
    type Out;
}

/// `2 · self + Carry` for one digit: the new digit and the carry out.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::numeral::*;
/// use cute_typed::typed::typenum::{B0, B1};
/// // 2·7 + 1 = 15: digit 5, carry 1.
/// let _: core::marker::PhantomData<<D7 as DigitDoubled<B1>>::Digit> = core::marker::PhantomData::<D5>; // the same type
/// let _: core::marker::PhantomData<<D7 as DigitDoubled<B1>>::Carry> = core::marker::PhantomData::<B1>; // the same type
/// let _: core::marker::PhantomData<<D3 as DigitDoubled<B0>>::Carry> = core::marker::PhantomData::<B0>; // the same type
/// ```
pub trait DigitDoubled<Carry> {
    /// `(2 · self + Carry) mod 10`.
    type Digit;
    /// `(2 · self + Carry) / 10`, a bit.
    type Carry;
}

macro_rules! digit_doubled {
    ($($D:ident $Cin:ident => $Out:ident $Cout:ident),+ $(,)?) => {
        $(
            impl DigitDoubled<$Cin> for $D {
                type Digit = $Out;
                type Carry = $Cout;
            }
        )+
    };
}
digit_doubled! {
    D0 B0 => D0 B0, D0 B1 => D1 B0, D1 B0 => D2 B0, D1 B1 => D3 B0,
    D2 B0 => D4 B0, D2 B1 => D5 B0, D3 B0 => D6 B0, D3 B1 => D7 B0,
    D4 B0 => D8 B0, D4 B1 => D9 B0, D5 B0 => D0 B1, D5 B1 => D1 B1,
    D6 B0 => D2 B1, D6 B1 => D3 B1, D7 B0 => D4 B1, D7 B1 => D5 B1,
    D8 B0 => D6 B1, D8 B1 => D7 B1, D9 B0 => D8 B1, D9 B1 => D9 B1,
}

impl Doubled<B0> for Nil {
    type Out = Nil;
}
impl Doubled<B1> for Nil {
    type Out = Cons<D1, Nil>;
}
impl<D: DigitDoubled<Carry>, R: Doubled<D::Carry>, Carry> Doubled<Carry> for Cons<D, R> {
    type Out = Cons<D::Digit, <R as Doubled<D::Carry>>::Out>;
}

/// A typenum unsigned as a little-endian digit list: each bit, most significant
/// first, doubles the list and adds itself.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::numeral::*;
/// use cute_typed::typed::typenum::U320;
/// let _: core::marker::PhantomData<<U320 as LittleEndianDigits>::Out> = core::marker::PhantomData::<Cons<D0, Cons<D2, Cons<D3, Nil>>>>; // the same type
/// ```
pub trait LittleEndianDigits {
    /// The digit list.
    type Out;
}
impl LittleEndianDigits for UTerm {
    type Out = Nil;
}
impl<U: LittleEndianDigits, B: Bit> LittleEndianDigits for UInt<U, B>
where
    U::Out: Doubled<B>,
{
    type Out = <U::Out as Doubled<B>>::Out;
}

/// The higher digits of a little-endian list written in front of `Low`, the
/// numeral of the lower digits.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::numeral::*;
/// // The higher digits [2, 3] (little-endian) in front of the numeral D0: 320.
/// let _: core::marker::PhantomData<<Cons<D2, Cons<D3, Nil>> as InFrontOf<D0>>::Out> = core::marker::PhantomData::<(D3, D2, D0)>; // the same type
/// ```
pub trait InFrontOf<Low> {
    /// The whole numeral.
    type Out;
}
impl<Low> InFrontOf<Low> for Nil {
    type Out = Low;
}
impl<D, R, Low: Prepend<D>> InFrontOf<Low> for Cons<D, R>
where
    R: InFrontOf<Low::Out>,
{
    type Out = <R as InFrontOf<Low::Out>>::Out;
}

/// A little-endian digit list as a numeral (most significant digit first).
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::numeral::*;
/// let _: core::marker::PhantomData<<Cons<D0, Cons<D2, Cons<D3, Nil>>> as ListNumeral>::Out> = core::marker::PhantomData::<(D3, D2, D0)>; // the same type
/// let _: core::marker::PhantomData<<Nil as ListNumeral>::Out> = core::marker::PhantomData::<D0>; // the same type
/// ```
pub trait ListNumeral {
    /// The numeral.
    type Out;
}
impl ListNumeral for Nil {
    type Out = D0;
}
impl<D, R: InFrontOf<D>> ListNumeral for Cons<D, R> {
    type Out = R::Out;
}

/// The numeral of a typenum unsigned.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::numeral::*;
/// use cute_typed::typed::typenum::U1024;
/// let _: core::marker::PhantomData<<U1024 as FromBinary>::Numeral> = core::marker::PhantomData::<(D1, D0, D2, D4)>; // the same type
/// ```
pub trait FromBinary {
    /// The numeral of the same value.
    type Numeral;
}
impl<U: LittleEndianDigits> FromBinary for U
where
    U::Out: ListNumeral,
{
    type Numeral = <U::Out as ListNumeral>::Out;
}

/// The decimal numeral of the typenum unsigned `U`: `Decimal<typenum::U320>` is `(D3, D2, D0)`.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::typed::typenum::U320;
/// let _: core::marker::PhantomData<C<Decimal<U320>>> = core::marker::PhantomData::<C<(D3, D2, D0)>>; // the same type
/// ```
pub type Decimal<U> = <U as FromBinary>::Numeral;

#[cfg(test)]
mod tests {
    use super::*;
    use static_assertions::assert_type_eq_all;
    use typenum::{U1000, U1024, U320};

    #[test]
    fn numerals_have_their_values() {
        assert_eq!(<D0 as Numeral>::VALUE, 0);
        assert_eq!(<D7 as Numeral>::VALUE, 7);
        assert_eq!(<(D1, D6) as Numeral>::VALUE, 16);
        assert_eq!(<(D1, D0, D2, D4) as Numeral>::VALUE, 1024);
        type Max = (
            D9,
            D2,
            D2,
            D3,
            D3,
            D7,
            D2,
            D0,
            D3,
            D6,
            D8,
            D5,
            D4,
            D7,
            D7,
            D5,
            D8,
            D0,
            D7,
        );
        assert_eq!(<Max as Numeral>::VALUE, i64::MAX as u128);
    }

    #[test]
    fn binary_round_trip() {
        assert_type_eq_all!(<(D3, D2, D0) as ToBinary>::Binary, U320);
        assert_type_eq_all!(<D0 as ToBinary>::Binary, U0);
        assert_type_eq_all!(Decimal<U320>, (D3, D2, D0));
        assert_type_eq_all!(Decimal<U1000>, (D1, D0, D0, D0));
        assert_type_eq_all!(Decimal<U1024>, (D1, D0, D2, D4));
        assert_type_eq_all!(Decimal<U0>, D0);
        assert_type_eq_all!(Decimal<U9>, D9);
        assert_type_eq_all!(Decimal<U10>, (D1, D0));
        assert_eq!(
            <<(D9, D9, D9, D9) as ToBinary>::Binary as Unsigned>::U64,
            9999
        );
        assert_type_eq_all!(
            Decimal<<(D9, D9, D9, D9) as ToBinary>::Binary>,
            (D9, D9, D9, D9)
        );
    }
}
