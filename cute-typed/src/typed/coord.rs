//! Coordinates: IntTuples, possibly holding the slicing placeholder [`Underscore`].
use core::fmt;

use super::flag::{StaticFlag, True};
use super::int::{IntLike, RuntimeInt, C};
use super::numeral::Numeral;
use super::tuple::{ok_or_raise, Congruent, IntTuple};
use crate::dynamic::FixedTuple;
use crate::error::Error;

/// CuTe's slicing placeholder `_`: keeps a whole mode in [`slice`](fn@super::slice)
/// and in a tensor's `slice` ([`crate::tensor::Tensor::slice`]).
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_4, _8));
/// // Column 2: the whole of mode 0, mode 1 fixed at 2.
/// assert_eq!(slice(a, (Underscore, _2)).to_string(), "(_4):(_1)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Underscore;

/// A coordinate or slicing coordinate: a leaf (`_4`, `i64`, [`Underscore`]) or a
/// Rust tuple of up to 8 coordinates.
///
/// ```
/// use cute_typed::typed::*;
/// assert_eq!((_1, Underscore).to_dcoord().to_string(), "(_1,_)");
/// assert_eq!(<(_1, Underscore) as Coord>::COORD_LEAVES, 1);
/// assert_eq!((2i64, (_0, 1i64)).to_dcoord().to_string(), "(2,(_0,1))");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate",
    label = "not a coordinate",
    note = "a coordinate is a static integer such as `_4`, a run-time integer (`i64`, `usize`, …), `Underscore`, or a Rust tuple of 0 to 8 coordinates"
)]
pub trait Coord: Copy + fmt::Debug + 'static {
    /// `True` when every leaf is static (`_` counts as static).
    type IsStatic: StaticFlag;
    /// The nesting, with static leaves, dynamic leaves as 0 and `_` marks.
    const COORD_PATTERN: FixedTuple;
    /// Number of integer leaves (an [`Underscore`] is not one).
    const COORD_LEAVES: usize;
    /// The coordinate in the fixed form (with `_` where it holds [`Underscore`]).
    #[doc(hidden)]
    fn to_dcoord(&self) -> FixedTuple {
        self.write_coord(Self::COORD_PATTERN, 0)
    }
    #[doc(hidden)]
    /// Writes this coordinate's integer leaves into `t` from leaf number `first` on.
    fn write_coord(&self, t: FixedTuple, first: usize) -> FixedTuple;
}

/// A coordinate of the layout `S:D`: an integer (a 1-D index into whatever it
/// meets), or a tuple of `S`'s rank whose modes are coordinates of `S`'s modes.
/// Checked in the type system: a coordinate of the wrong rank or nesting does not compile.
///
/// ```
/// use cute_typed::typed::*;
/// let (shape, stride) = ((_4, (_2, _2)), (_4, (_1, _2)));
/// // 1-D, R-D and natural coordinates of the same element.
/// assert_eq!(CoordOf::crd2idx(&5i64, &shape, &stride), Ok(5));
/// assert_eq!(CoordOf::crd2idx(&(1i64, 1i64), &shape, &stride), Ok(5));
/// assert_eq!(CoordOf::crd2idx(&(1i64, (1i64, 0i64)), &shape, &stride), Ok(5));
/// ```
#[diagnostic::on_unimplemented(
    message = "the coordinate does not match the layout's shape",
    label = "rank or nesting differs from the shape's",
    note = "a coordinate is an integer (a 1-D index), or a tuple of the shape's rank whose modes are coordinates of the shape's modes; `Underscore` is for slicing"
)]
pub trait CoordOf<S: Congruent<D>, D: IntTuple>: Coord {
    /// `L(c)`: CuTe's `crd2idx(c, shape, stride)`.
    fn crd2idx(&self, shape: &S, stride: &D) -> Result<i64, Error> {
        self.add_crd2idx(shape, stride, 0)
    }
    #[doc(hidden)]
    /// `acc + L(c)`, term by term in leaf order (the evaluation engine's
    /// order, see [`Congruent::add_offset`]).
    fn add_crd2idx(&self, shape: &S, stride: &D, acc: i64) -> Result<i64, Error>;
}

/// CuTe's `crd2idx(coord, shape, stride)` on typed values. A static coordinate
/// outside a static shape does not compile (see [`check_static_coord`]).
///
/// ```
/// use cute_typed::typed::*;
/// let shape = (_4, (_2, _2));
/// let stride = (_4, (_1, _2));
/// assert_eq!(crd2idx((_1, (_1, _1)), &shape, &stride), Ok(7));
/// assert_eq!(crd2idx(3i64, &shape, &stride), Ok(12));
/// ```
pub fn crd2idx<K: CoordOf<S, D>, S: Congruent<D>, D: IntTuple>(
    coord: K,
    shape: &S,
    stride: &D,
) -> Result<i64, Error> {
    let () = const { check_static_coord(&K::COORD_PATTERN, &S::PATTERN) };
    coord.crd2idx(shape, stride)
}

/// Compile-time bounds of a coordinate: wherever a static coordinate leaf meets
/// a wholly static mode of the shape, the leaf must be less than that mode's
/// size ([`Error::CoordOutsideShape`] otherwise). A leaf meeting a tuple mode is
/// a 1-D index into it, so it is bounded by the mode's size. Dynamic leaves and
/// dynamic modes are not checked here: at run time CuTe's rule applies (an index
/// beyond the domain runs on in the last mode), as in C++.
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::FixedTuple;
/// let t = |s: &str| s.parse::<FixedTuple>().unwrap();
/// // In bounds: returns. (Out of bounds, a static coordinate stops compilation.)
/// check_static_coord(&t("(_3,_1)"), &t("(_4,_2)"));
/// // Dynamic leaves are checked at run time instead.
/// check_static_coord(&t("(9,1)"), &t("(_4,_2)"));
/// ```
// Over the fixed form: the typed layer's compile-time check, not a user API.
#[doc(hidden)]
#[track_caller]
pub const fn check_static_coord(coord: &FixedTuple, shape: &FixedTuple) {
    if coord.is_underscore() {
        return;
    }
    if let Some(c) = coord.as_int() {
        if c.is_static && shape.is_static() {
            if let Ok(size) = shape.product() {
                if c.value >= size.value {
                    Error::CoordOutsideShape.raise()
                }
            }
        }
        return;
    }
    // A tuple coordinate has the shape's rank (`CoordOf` checked that).
    let mut i = 0;
    while i < coord.rank() {
        if let (Ok(c), Ok(s)) = (coord.get(i), shape.get(i)) {
            check_static_coord(&c, &s);
        }
        i += 1;
    }
}

macro_rules! leaf_coord {
    ([$($gen:tt)*] $T:ty) => {
        #[diagnostic::do_not_recommend]
        impl<$($gen)*> Coord for $T {
            type IsStatic = <$T as IntLike>::IsStatic;
            const COORD_PATTERN: FixedTuple = <$T as IntTuple>::PATTERN;
            const COORD_LEAVES: usize = 1;
            fn write_coord(&self, t: FixedTuple, first: usize) -> FixedTuple {
                t.with_leaf(first, self.to_dint())
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($gen)* S: Congruent<D>, D: IntTuple> CoordOf<S, D> for $T {
            fn add_crd2idx(&self, shape: &S, stride: &D, acc: i64) -> Result<i64, Error> {
                shape.add_offset(stride, self.checked_value()?, acc)
            }
        }
    };
}
leaf_coord!([N: Numeral,] C<N>);
leaf_coord!([T: RuntimeInt,] T);

impl Coord for Underscore {
    type IsStatic = True;
    const COORD_PATTERN: FixedTuple = FixedTuple::underscore();
    const COORD_LEAVES: usize = 0;
    fn write_coord(&self, t: FixedTuple, _: usize) -> FixedTuple {
        t
    }
}

impl Coord for () {
    type IsStatic = True;
    const COORD_PATTERN: FixedTuple = FixedTuple::empty();
    const COORD_LEAVES: usize = 0;
    fn write_coord(&self, t: FixedTuple, _: usize) -> FixedTuple {
        t
    }
}
impl CoordOf<(), ()> for () {
    fn add_crd2idx(&self, _: &(), _: &(), acc: i64) -> Result<i64, Error> {
        Ok(acc)
    }
}

/// `True` iff every listed coordinate is static.
macro_rules! all_static {
    () => { True };
    ($T:ident $($rest:ident)*) => {
        <<$T as Coord>::IsStatic as StaticFlag>::And<all_static!($($rest)*)>
    };
}

macro_rules! tuple_coord {
    ($($K:ident $S:ident $D:ident $i:tt),+) => {
        impl<$($K: Coord),+> Coord for ($($K,)+) {
            type IsStatic = all_static!($($K)+);
            const COORD_PATTERN: FixedTuple = ok_or_raise(FixedTuple::tuple(&[$($K::COORD_PATTERN),+]));
            const COORD_LEAVES: usize = 0 $(+ $K::COORD_LEAVES)+;
            #[allow(unused_assignments)]
            fn write_coord(&self, mut t: FixedTuple, first: usize) -> FixedTuple {
                let mut k = first;
                $(
                    t = self.$i.write_coord(t, k);
                    k += $K::COORD_LEAVES;
                )+
                t
            }
        }
        impl<$($K: CoordOf<$S, $D>, $S: Congruent<$D>, $D: IntTuple),+>
            CoordOf<($($S,)+), ($($D,)+)> for ($($K,)+)
        {
            fn add_crd2idx(
                &self,
                shape: &($($S,)+),
                stride: &($($D,)+),
                acc: i64,
            ) -> Result<i64, Error> {
                let mut acc = acc;
                $(acc = self.$i.add_crd2idx(&shape.$i, &stride.$i, acc)?;)+
                Ok(acc)
            }
        }
    };
}
tuple_coord!(K0 S0 D0 0);
tuple_coord!(K0 S0 D0 0, K1 S1 D1 1);
tuple_coord!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2);
tuple_coord!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2, K3 S3 D3 3);
tuple_coord!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2, K3 S3 D3 3, K4 S4 D4 4);
tuple_coord!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2, K3 S3 D3 3, K4 S4 D4 4, K5 S5 D5 5);
tuple_coord!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2, K3 S3 D3 3, K4 S4 D4 4, K5 S5 D5 5, K6 S6 D6 6);
tuple_coord!(K0 S0 D0 0, K1 S1 D1 1, K2 S2 D2 2, K3 S3 D3 3, K4 S4 D4 4, K5 S5 D5 5, K6 S6 D6 6, K7 S7 D7 7);

/// A coordinate (CuTe `make_coord`): `make_coord((1, (0, 2)))`.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_4, (_2, _2)));
/// assert_eq!(a.eval(make_coord((1i64, (0i64, 1i64)))), Ok(9));
/// ```
pub fn make_coord<K: Coord>(modes: K) -> K {
    modes
}
