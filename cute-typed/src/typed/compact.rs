//! Compact strides computed in the type system: `make_layout((_4, _8))` has the
//! type `Layout<(_4, _8), (_1, _4)>`.
//!
//! The stride of a mode is the product of the shapes before it (LayoutLeft) or
//! after it (LayoutRight). A static shape `_1` gets the static stride `_0`, as in
//! CuTe C++. While the running product is static, strides are static (type-level
//! multiplication, [`IntMul`]); from the first dynamic shape on, they are `i64`:
//! `(_2, 4)` gives `(_1, _2)` in LayoutLeft and `(4, _1)` in LayoutRight.
use super::int::{IntLike, IntMul, RuntimeInt, C};
use super::numeral::{D0, D1, D2, D3, D4, D5, D6, D7, D8, D9};
use super::tuple::IntTuple;
use crate::dynamic;
use crate::error::Error;

/// Generalised column-major order (CuTe `LayoutLeft`): the first mode is contiguous.
///
/// ```
/// use cute_typed::typed::*;
/// let l = make_layout_with((_2, _3, _4), LayoutLeft);
/// assert_eq!(l.to_string(), "(_2,_3,_4):(_1,_2,_6)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LayoutLeft;
/// Generalised row-major order (CuTe `LayoutRight`): the last mode is contiguous.
///
/// ```
/// use cute_typed::typed::*;
/// let l = make_layout_with((_2, _3, _4), LayoutRight);
/// assert_eq!(l.to_string(), "(_2,_3,_4):(_12,_4,_1)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LayoutRight;

/// A major order for compact strides: [`LayoutLeft`] or [`LayoutRight`].
///
/// ```
/// use cute_typed::typed::*;
/// use cute_typed::dynamic;
/// assert_eq!(<LayoutLeft as Major>::MAJOR, dynamic::Major::Left);
/// assert_eq!(<LayoutRight as Major>::MAJOR, dynamic::Major::Right);
/// ```
pub trait Major: Copy + Default + 'static {
    /// The same order for the dynamic layer.
    const MAJOR: dynamic::Major;
}
impl Major for LayoutLeft {
    const MAJOR: dynamic::Major = dynamic::Major::Left;
}
impl Major for LayoutRight {
    const MAJOR: dynamic::Major = dynamic::Major::Right;
}

/// The compact stride of a shape in major order `M`, starting at the stride `Cur`.
///
/// ```
/// use cute_typed::typed::*;
/// // Column-major strides of (_4, 3) from stride _1: static while the product is.
/// let (stride, next) = CompactStride::<LayoutLeft, _1>::compact_stride(&(_4, 3i64), _1).unwrap();
/// assert_eq!(stride, (_1, _4));
/// assert_eq!(next, 12);
/// ```
#[diagnostic::on_unimplemented(
    message = "no compact stride for this shape",
    label = "the shape must be an integer tuple of static and run-time integers"
)]
pub trait CompactStride<M: Major, Cur: IntLike + IntTuple>: IntTuple {
    /// The stride type (static where the running product is static).
    type Stride: IntTuple;
    /// The stride after this shape (`Cur` times its size).
    type Next: IntLike + IntTuple;
    /// The strides, and the stride that follows; [`Error::Overflow`] when a
    /// dynamic product does not fit.
    fn compact_stride(&self, cur: Cur) -> Result<(Self::Stride, Self::Next), Error>;
}

/// The compact stride type of shape `S` in major order `M`.
///
/// ```
/// use cute_typed::typed::*;
/// // The stride type of a static shape, computed by the type system.
/// let s: CompactOf<(_4, _8), LayoutRight> = Default::default();
/// assert_eq!(s, (_8, _1));
/// ```
pub type CompactOf<S, M> = <S as CompactStride<M, C<D1>>>::Stride;

impl<M: Major, Cur: IntLike + IntTuple> CompactStride<M, Cur> for C<D1> {
    type Stride = C<D0>;
    type Next = Cur;
    fn compact_stride(&self, cur: Cur) -> Result<(C<D0>, Cur), Error> {
        Ok((C::new(), cur))
    }
}

macro_rules! stride_is_current {
    ([$($gen:ident),*] $T:ty) => {
        impl<M: Major, Cur: IntMul<$T> + IntTuple, $($gen,)*> CompactStride<M, Cur> for $T
        where
            $T: IntLike + IntTuple,
        {
            type Stride = Cur;
            type Next = <Cur as IntMul<$T>>::Output;
            fn compact_stride(&self, cur: Cur) -> Result<(Cur, Self::Next), Error> {
                Ok((cur, cur.int_mul(*self)?))
            }
        }
    };
}
// Every static shape but 1: the digits 2 to 9, numerals of several digits, the
// invalid static 0 (rejected by the layout checks with a rule, not here); and
// dynamic shapes.
stride_is_current!([] C<D0>);
stride_is_current!([] C<D2>);
stride_is_current!([] C<D3>);
stride_is_current!([] C<D4>);
stride_is_current!([] C<D5>);
stride_is_current!([] C<D6>);
stride_is_current!([] C<D7>);
stride_is_current!([] C<D8>);
stride_is_current!([] C<D9>);
stride_is_current!([T0, T1] C<(T0, T1)>);
stride_is_current!([T0, T1, T2] C<(T0, T1, T2)>);
stride_is_current!([T0, T1, T2, T3] C<(T0, T1, T2, T3)>);
stride_is_current!([T0, T1, T2, T3, T4] C<(T0, T1, T2, T3, T4)>);
stride_is_current!([T0, T1, T2, T3, T4, T5] C<(T0, T1, T2, T3, T4, T5)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6] C<(T0, T1, T2, T3, T4, T5, T6)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7] C<(T0, T1, T2, T3, T4, T5, T6, T7)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8] C<(T0, T1, T2, T3, T4, T5, T6, T7, T8)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18)>);
stride_is_current!([T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19]
    C<(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19)>);
impl<M: Major, Cur: IntMul<T> + IntTuple, T: RuntimeInt> CompactStride<M, Cur> for T {
    type Stride = Cur;
    type Next = <Cur as IntMul<T>>::Output;
    fn compact_stride(&self, cur: Cur) -> Result<(Cur, Self::Next), Error> {
        Ok((cur, cur.int_mul(*self)?))
    }
}

impl<M: Major, Cur: IntLike + IntTuple> CompactStride<M, Cur> for () {
    type Stride = ();
    type Next = Cur;
    fn compact_stride(&self, cur: Cur) -> Result<((), Cur), Error> {
        Ok(((), cur))
    }
}

/// One tuple arity in one major order. The modes are visited in chain order
/// (`A: Prev => Next`), each starting where the previous one ended.
macro_rules! compact_tuple {
    ($M:ident; ($($A:ident),+); ($($S:ident),+); ($($s:ident),+); $Last:ident, $last:ident, $cur:ident;
     $($Ai:ident $i:tt: $P:ident => $N:ident, $Si:ident, $si:ident, $pv:ident => $nv:ident);+) => {
        impl<Cur: IntLike + IntTuple, $($A: IntTuple,)+ $($S: IntTuple,)+ $($N: IntLike + IntTuple,)+>
            CompactStride<$M, Cur> for ($($A,)+)
        where
            $($Ai: CompactStride<$M, $P, Stride = $Si, Next = $N>,)+
        {
            type Stride = ($($S,)+);
            type Next = $Last;
            fn compact_stride(&self, $cur: Cur) -> Result<(Self::Stride, $Last), Error> {
                $(let ($si, $nv) = self.$i.compact_stride($pv)?;)+
                Ok((($($s,)+), $last))
            }
        }
    };
}

compact_tuple!(LayoutLeft; (A0); (S0); (s0); N0, n0, cur;
    A0 0: Cur => N0, S0, s0, cur => n0);
compact_tuple!(LayoutLeft; (A0, A1); (S0, S1); (s0, s1); N1, n1, cur;
    A0 0: Cur => N0, S0, s0, cur => n0;
    A1 1: N0 => N1, S1, s1, n0 => n1);
compact_tuple!(LayoutLeft; (A0, A1, A2); (S0, S1, S2); (s0, s1, s2); N2, n2, cur;
    A0 0: Cur => N0, S0, s0, cur => n0;
    A1 1: N0 => N1, S1, s1, n0 => n1;
    A2 2: N1 => N2, S2, s2, n1 => n2);
compact_tuple!(LayoutLeft; (A0, A1, A2, A3); (S0, S1, S2, S3); (s0, s1, s2, s3); N3, n3, cur;
    A0 0: Cur => N0, S0, s0, cur => n0;
    A1 1: N0 => N1, S1, s1, n0 => n1;
    A2 2: N1 => N2, S2, s2, n1 => n2;
    A3 3: N2 => N3, S3, s3, n2 => n3);
compact_tuple!(LayoutLeft; (A0, A1, A2, A3, A4); (S0, S1, S2, S3, S4); (s0, s1, s2, s3, s4); N4, n4, cur;
    A0 0: Cur => N0, S0, s0, cur => n0;
    A1 1: N0 => N1, S1, s1, n0 => n1;
    A2 2: N1 => N2, S2, s2, n1 => n2;
    A3 3: N2 => N3, S3, s3, n2 => n3;
    A4 4: N3 => N4, S4, s4, n3 => n4);
compact_tuple!(LayoutLeft; (A0, A1, A2, A3, A4, A5); (S0, S1, S2, S3, S4, S5); (s0, s1, s2, s3, s4, s5); N5, n5, cur;
    A0 0: Cur => N0, S0, s0, cur => n0;
    A1 1: N0 => N1, S1, s1, n0 => n1;
    A2 2: N1 => N2, S2, s2, n1 => n2;
    A3 3: N2 => N3, S3, s3, n2 => n3;
    A4 4: N3 => N4, S4, s4, n3 => n4;
    A5 5: N4 => N5, S5, s5, n4 => n5);
compact_tuple!(LayoutLeft; (A0, A1, A2, A3, A4, A5, A6); (S0, S1, S2, S3, S4, S5, S6); (s0, s1, s2, s3, s4, s5, s6); N6, n6, cur;
    A0 0: Cur => N0, S0, s0, cur => n0;
    A1 1: N0 => N1, S1, s1, n0 => n1;
    A2 2: N1 => N2, S2, s2, n1 => n2;
    A3 3: N2 => N3, S3, s3, n2 => n3;
    A4 4: N3 => N4, S4, s4, n3 => n4;
    A5 5: N4 => N5, S5, s5, n4 => n5;
    A6 6: N5 => N6, S6, s6, n5 => n6);
compact_tuple!(LayoutLeft; (A0, A1, A2, A3, A4, A5, A6, A7); (S0, S1, S2, S3, S4, S5, S6, S7); (s0, s1, s2, s3, s4, s5, s6, s7); N7, n7, cur;
    A0 0: Cur => N0, S0, s0, cur => n0;
    A1 1: N0 => N1, S1, s1, n0 => n1;
    A2 2: N1 => N2, S2, s2, n1 => n2;
    A3 3: N2 => N3, S3, s3, n2 => n3;
    A4 4: N3 => N4, S4, s4, n3 => n4;
    A5 5: N4 => N5, S5, s5, n4 => n5;
    A6 6: N5 => N6, S6, s6, n5 => n6;
    A7 7: N6 => N7, S7, s7, n6 => n7);
compact_tuple!(LayoutRight; (A0); (S0); (s0); N0, n0, cur;
    A0 0: Cur => N0, S0, s0, cur => n0);
compact_tuple!(LayoutRight; (A0, A1); (S0, S1); (s0, s1); N0, n0, cur;
    A1 1: Cur => N1, S1, s1, cur => n1;
    A0 0: N1 => N0, S0, s0, n1 => n0);
compact_tuple!(LayoutRight; (A0, A1, A2); (S0, S1, S2); (s0, s1, s2); N0, n0, cur;
    A2 2: Cur => N2, S2, s2, cur => n2;
    A1 1: N2 => N1, S1, s1, n2 => n1;
    A0 0: N1 => N0, S0, s0, n1 => n0);
compact_tuple!(LayoutRight; (A0, A1, A2, A3); (S0, S1, S2, S3); (s0, s1, s2, s3); N0, n0, cur;
    A3 3: Cur => N3, S3, s3, cur => n3;
    A2 2: N3 => N2, S2, s2, n3 => n2;
    A1 1: N2 => N1, S1, s1, n2 => n1;
    A0 0: N1 => N0, S0, s0, n1 => n0);
compact_tuple!(LayoutRight; (A0, A1, A2, A3, A4); (S0, S1, S2, S3, S4); (s0, s1, s2, s3, s4); N0, n0, cur;
    A4 4: Cur => N4, S4, s4, cur => n4;
    A3 3: N4 => N3, S3, s3, n4 => n3;
    A2 2: N3 => N2, S2, s2, n3 => n2;
    A1 1: N2 => N1, S1, s1, n2 => n1;
    A0 0: N1 => N0, S0, s0, n1 => n0);
compact_tuple!(LayoutRight; (A0, A1, A2, A3, A4, A5); (S0, S1, S2, S3, S4, S5); (s0, s1, s2, s3, s4, s5); N0, n0, cur;
    A5 5: Cur => N5, S5, s5, cur => n5;
    A4 4: N5 => N4, S4, s4, n5 => n4;
    A3 3: N4 => N3, S3, s3, n4 => n3;
    A2 2: N3 => N2, S2, s2, n3 => n2;
    A1 1: N2 => N1, S1, s1, n2 => n1;
    A0 0: N1 => N0, S0, s0, n1 => n0);
compact_tuple!(LayoutRight; (A0, A1, A2, A3, A4, A5, A6); (S0, S1, S2, S3, S4, S5, S6); (s0, s1, s2, s3, s4, s5, s6); N0, n0, cur;
    A6 6: Cur => N6, S6, s6, cur => n6;
    A5 5: N6 => N5, S5, s5, n6 => n5;
    A4 4: N5 => N4, S4, s4, n5 => n4;
    A3 3: N4 => N3, S3, s3, n4 => n3;
    A2 2: N3 => N2, S2, s2, n3 => n2;
    A1 1: N2 => N1, S1, s1, n2 => n1;
    A0 0: N1 => N0, S0, s0, n1 => n0);
compact_tuple!(LayoutRight; (A0, A1, A2, A3, A4, A5, A6, A7); (S0, S1, S2, S3, S4, S5, S6, S7); (s0, s1, s2, s3, s4, s5, s6, s7); N0, n0, cur;
    A7 7: Cur => N7, S7, s7, cur => n7;
    A6 6: N7 => N6, S6, s6, n7 => n6;
    A5 5: N6 => N5, S5, s5, n6 => n5;
    A4 4: N5 => N4, S4, s4, n5 => n4;
    A3 3: N4 => N3, S3, s3, n4 => n3;
    A2 2: N3 => N2, S2, s2, n3 => n2;
    A1 1: N2 => N1, S1, s1, n2 => n1;
    A0 0: N1 => N0, S0, s0, n1 => n0);
