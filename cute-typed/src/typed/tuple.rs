//! Nested tuples of integers (CuTe's IntTuple) in the type system: a leaf
//! ([`C`] or a run-time integer) or a Rust tuple of up to 8 IntTuples.
//!
//! Structure (rank, depth, nesting) is always known at compile time; values are
//! known at compile time exactly where the leaves are static. Each type carries
//! its [`IntTuple::PATTERN`], a fixed-form tuple with its nesting and static leaves,
//! computed at compile time by the same `const fn`s as the dynamic layer.
use core::fmt;

use super::flag::{StaticFlag, True};
use super::int::{IntLike, RuntimeInt, C};
use super::mixed::MIXED_SLOTS;
use super::numeral::Numeral;
use crate::dynamic::DTuple;
use crate::dynamic::CAPACITY;
use crate::dynamic::{DInt, FixedTuple};
use crate::error::Error;

/// CuTe's IntTuple as a type: an integer leaf ([`C`] static, or a run-time `i64`, `i32`, `u32`, `usize`, `isize` or `u64`) or a Rust
/// tuple of IntTuples, e.g. `(_4, (i64, _2))`.
///
/// ```
/// use cute_typed::typed::*;
/// let s = (_4, (3i64, _2));
/// assert_eq!((s.rank(), s.depth(), <(_4, (i64, _2)) as IntTuple>::LEAVES), (2, 2, 3));
/// assert_eq!(s.product(), Ok(24));
/// assert!(!<(_4, (i64, _2)) as IntTuple>::IS_STATIC);
/// assert_eq!(s.to_dtuple().to_string(), "(_4,(3,_2))");
/// assert_eq!(s.get::<1>(), (3, _2));
/// assert_eq!(s.get_path(&[1, 0]).unwrap().to_string(), "3");
/// assert_eq!(s.idx2crd(23), Ok((3, (2, 1))));
/// assert_eq!(s.to_dyn(), (4, (3, 2)));
/// assert!(<(_4, i64)>::from_dtuple(&"(_4,9)".parse().unwrap()).is_ok());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer tuple",
    label = "not a shape, stride or coordinate",
    note = "an integer tuple is a static integer such as `_4`, a run-time integer (`i64`, `i32`, `u32`, `usize`, `isize`, `u64`), or a Rust tuple of 0 to 8 integer tuples"
)]
pub trait IntTuple: Copy + Default + PartialEq + fmt::Debug + 'static {
    /// `True` when every leaf is static.
    type IsStatic: StaticFlag;
    /// The same nesting with every leaf an `i64` (the type of natural coordinates).
    type Dyn: IntTuple;
    /// Number of top-level modes (1 for an integer).
    const RANK: usize;
    /// The number of top-level modes as a type ([`Modes`](super::Modes)`<RANK>`),
    /// for rules that are trait bounds.
    type Modes;
    /// Nesting depth (0 for an integer).
    const DEPTH: usize;
    /// Number of integer leaves.
    const LEAVES: usize;
    /// The nesting, static leaves with their values, dynamic leaves as a dynamic 0.
    /// A type needing more than [`crate::dynamic::CAPACITY`] nodes fails to compile here.
    const PATTERN: FixedTuple;
    /// Whether every leaf is static.
    const IS_STATIC: bool = <Self::IsStatic as StaticFlag>::VALUE;
    /// The whole value, when every leaf is static (computed at compile time).
    const STATIC: Option<FixedTuple> = if Self::IS_STATIC {
        Some(Self::PATTERN)
    } else {
        None
    };

    /// The value as a run-time [`DTuple`]; static leaves keep their static flag.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// assert_eq!((_4, 8i64).to_dynamic().to_string(), "(_4,8)");
    /// ```
    fn to_dynamic(&self) -> DTuple {
        self.to_compact()
    }
    /// The value in the fixed form (the typed layer's compile-time values).
    #[doc(hidden)]
    fn to_dtuple(&self) -> FixedTuple {
        self.write_leaves(Self::PATTERN, 0)
    }
    /// The value of this type equal to `t`: same nesting
    /// ([`Error::StructureMismatch`]) and, at static leaves, the same values
    /// ([`Error::StaticMismatch`]).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let t: cute_typed::DTuple = "(_4,(3,_2))".parse().unwrap();
    /// assert_eq!(<(_4, (i64, _2))>::from_dynamic(&t), Ok((_4, (3, _2))));
    /// assert!(<(_4, (i64, _3))>::from_dynamic(&t).is_err());
    /// ```
    fn from_dynamic(t: &DTuple) -> Result<Self, Error> {
        Self::from_dtuple(&t.to_fixed()?)
    }
    /// [`IntTuple::from_dynamic`] of the fixed form.
    #[doc(hidden)]
    fn from_dtuple(t: &FixedTuple) -> Result<Self, Error> {
        if !t.congruent(&Self::PATTERN) {
            return Err(Error::StructureMismatch);
        }
        Self::read_leaves(t, 0)
    }
    /// Product of all leaves (CuTe's `size`/`product`), checked.
    fn product(&self) -> Result<i64, Error>;
    /// Rank (number of top-level modes).
    fn rank(&self) -> usize {
        Self::RANK
    }
    /// Depth.
    fn depth(&self) -> usize {
        Self::DEPTH
    }
    /// Mode `I` (`get<I>` in CuTe); an index beyond the rank does not compile.
    fn get<const I: usize>(&self) -> <Self as Get<I>>::Output
    where
        Self: Get<I>,
    {
        Get::<I>::mode(self)
    }
    /// Mode at an index path, `get<i, j, …>` in CuTe (run-time path, dynamic result).
    fn get_path(&self, path: &[usize]) -> Result<DTuple, Error> {
        self.to_dynamic().get_path(path)
    }
    /// The natural coordinate of a 1-D index, CuTe's `idx2crd(index, shape)`:
    /// colexicographic, the last mode taking the rest.
    fn idx2crd(&self, index: i64) -> Result<Self::Dyn, Error>;
    /// The same values with every leaf as an `i64`.
    fn to_dyn(&self) -> Self::Dyn;
    /// `Ok` when every leaf is positive, else [`Error::NonPositiveShape`].
    fn check_positive(&self) -> Result<(), Error>;
    #[doc(hidden)]
    /// Writes this value's leaves into `t` from leaf number `first` on.
    fn write_leaves(&self, t: FixedTuple, first: usize) -> FixedTuple;
    #[doc(hidden)]
    /// Reads a value of this type from `t`'s leaves from leaf number `first` on.
    fn read_leaves(t: &FixedTuple, first: usize) -> Result<Self, Error>;
    #[doc(hidden)]
    /// Calls `f` with each run-time leaf (as [`IntLike::to_dint`] gives it),
    /// in leaf order: the values the pattern's run-time leaves stand for.
    fn each_runtime_leaf(&self, f: &mut impl FnMut(DInt));
    #[doc(hidden)]
    /// The value as a compact [`DTuple`], written straight from the type's
    /// pattern and its run-time leaves (no 64-node intermediate).
    #[inline]
    fn to_compact(&self) -> DTuple {
        // (the pattern's compact form is made at compile time when it is inline)
        let mut t = match const { DTuple::inline_of(&Self::PATTERN) } {
            Some(t) => t,
            None => DTuple::from_fixed(const { &Self::PATTERN }),
        };
        if const { !Self::IS_STATIC } {
            let pos: &'static RuntimeLeaves = const { &RuntimeLeaves::of(&Self::PATTERN) };
            let mut k = 0;
            self.each_runtime_leaf(&mut |v| {
                t.set_leaf_at_node(pos.node(k), v);
                k += 1;
            });
        }
        t
    }
}

/// The node positions of a pattern's run-time leaves, in leaf order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RuntimeLeaves {
    pos: [u8; CAPACITY],
    count: usize,
}
impl RuntimeLeaves {
    /// The run-time leaves of `t`.
    pub(crate) const fn of(t: &FixedTuple) -> RuntimeLeaves {
        let mut r = RuntimeLeaves {
            pos: [0; CAPACITY],
            count: 0,
        };
        let mut p = 0;
        while p < t.node_count() {
            if let Some(v) = t.leaf_at_node(p) {
                if !v.is_static {
                    r.pos[r.count] = p as u8;
                    r.count += 1;
                }
            }
            p += 1;
        }
        r
    }
    /// The node of run-time leaf `k` (node 0 past the last: never reached, a
    /// type has as many run-time leaves as its pattern).
    #[inline(always)]
    pub(crate) fn node(&self, k: usize) -> usize {
        self.pos.get(k).map_or(0, |&p| p as usize)
    }
}

/// Mode `I` of a tuple (an integer has only mode 0, itself).
///
/// ```
/// use cute_typed::typed::*;
/// let s = (_4, (_2, 3i64));
/// assert_eq!(Get::<0>::mode(&s), _4);
/// assert_eq!(Get::<1>::mode(&s), (_2, 3));
/// assert_eq!(Get::<0>::mode(&_8), _8); // an integer is its own mode 0
/// ```
#[diagnostic::on_unimplemented(
    message = "mode index {I} is out of range",
    label = "this has no mode {I}",
    note = "modes are numbered from 0; an integer has only mode 0"
)]
pub trait Get<const I: usize>: IntTuple {
    /// The type of mode `I`.
    type Output: IntTuple;
    /// Mode `I`.
    fn mode(&self) -> Self::Output;
}

/// Shape and stride (or any two IntTuples) have the same nesting.
///
/// A fact of the types: `(A0, A1)` is congruent with `(B0, B1)` when `A0` is with
/// `B0` and `A1` with `B1`; any two integers are congruent.
///
/// ```
/// use cute_typed::typed::*;
/// // A bound: shape and stride of the same nesting.
/// fn layout<S: Congruent<D>, D: IntTuple>(s: S, d: D) -> Result<Layout<S, D>, cute_typed::Error> {
///     Layout::try_new(s, d)
/// }
/// assert_eq!(layout((_4, (_2, _2)), (_1, (_4, _8))).unwrap().size(), 16);
/// ```
#[diagnostic::on_unimplemented(
    message = "shape and stride must be congruent integer tuples: the same nesting, every leaf a static integer (`_4`) or a run-time integer",
    label = "not an integer tuple of the stride's nesting",
    note = "congruent means: both integers, or tuples of equal rank whose modes are congruent; a leaf is a static integer such as `_4` or a run-time integer (`i64`, `i32`, `u32`, `usize`, `isize`, `u64`)"
)]
pub trait Congruent<D: IntTuple>: IntTuple {
    #[doc(hidden)]
    /// `L(c)` for a 1-D coordinate `c` of the layout `self:stride`: the
    /// evaluation engine's sum ([`crate::dynamic::index_offset`]) with the
    /// structure in the type, so that static leaves fold to constants.
    fn eval_index(&self, stride: &D, c: i64) -> Result<i64, Error> {
        self.add_offset(stride, c, 0)
    }
    #[doc(hidden)]
    /// `acc + L(c)`, the terms added to `acc` one leaf at a time in leaf
    /// order, each addition checked: the engine's order, so that an overflow
    /// is reported exactly when the dynamic layer reports one.
    fn add_offset(&self, stride: &D, c: i64, acc: i64) -> Result<i64, Error>;
    #[doc(hidden)]
    /// `Σ (sᵢ - 1)·|dᵢ|` over the leaves (cosize minus one).
    fn span(&self, stride: &D) -> Result<i64, Error>;
    #[doc(hidden)]
    /// Writes the run-time leaves of `self:stride` into `vals` from `slot` on,
    /// leaf by leaf, shape before stride (the slots of the engine's plan of
    /// the pattern, `typed::mixed::LayoutPlan`); returns the next slot. Slots
    /// past `vals` are counted, not written.
    fn write_slots(&self, stride: &D, vals: &mut [i64; MIXED_SLOTS], slot: usize) -> usize;
}

/// Not a stride: a type with no value, whose only role is to give every IntTuple
/// a second `Congruent` impl. With a single candidate impl, rustc would infer the
/// stride's nesting from the shape's and report a bad stride as a type mismatch;
/// with two, it waits for the stride's own type and reports the rule of
/// [`Congruent`]. Using it as a stride does not compile.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InferenceGuard;

#[diagnostic::do_not_recommend]
impl IntTuple for InferenceGuard {
    type IsStatic = True;
    type Dyn = InferenceGuard;
    const RANK: usize = 0;
    type Modes = super::Modes<0>;
    const DEPTH: usize = 0;
    const LEAVES: usize = 0;
    const PATTERN: FixedTuple = Error::NotCongruent.raise();
    fn product(&self) -> Result<i64, Error> {
        Err(Error::NotCongruent)
    }
    fn idx2crd(&self, _: i64) -> Result<Self, Error> {
        Err(Error::NotCongruent)
    }
    fn check_positive(&self) -> Result<(), Error> {
        Err(Error::NotCongruent)
    }
    fn to_dyn(&self) -> Self {
        *self
    }
    fn write_leaves(&self, t: FixedTuple, _: usize) -> FixedTuple {
        t
    }
    fn read_leaves(_: &FixedTuple, _: usize) -> Result<Self, Error> {
        Err(Error::NotCongruent)
    }
    fn each_runtime_leaf(&self, _: &mut impl FnMut(DInt)) {}
}

#[diagnostic::do_not_recommend]
impl<T: IntTuple> Congruent<InferenceGuard> for T {
    fn add_offset(&self, _: &InferenceGuard, _: i64, _: i64) -> Result<i64, Error> {
        Err(Error::NotCongruent)
    }
    fn span(&self, _: &InferenceGuard) -> Result<i64, Error> {
        Err(Error::NotCongruent)
    }
    fn write_slots(&self, _: &InferenceGuard, _: &mut [i64; MIXED_SLOTS], slot: usize) -> usize {
        slot
    }
}

/// `Self` is weakly congruent with `B`: `Self` is an integer, or both are tuples of
/// equal rank whose modes are weakly congruent (`Self` may be coarser).
///
/// ```
/// use cute_typed::typed::*;
/// // An integer is weakly congruent with any tuple (it stands for a whole mode).
/// fn weak<A: WeaklyCongruent<B>, B: IntTuple>() {}
/// weak::<i64, (i64, (i64, i64))>();
/// weak::<(i64, i64), (i64, (i64, i64))>();
/// ```
#[diagnostic::on_unimplemented(
    message = "the tuples are not weakly congruent",
    label = "this must be an integer, or a tuple of the same rank whose modes are weakly congruent",
    note = "weakly congruent: the left side may be coarser (an integer stands for a whole mode)"
)]
pub trait WeaklyCongruent<B: IntTuple>: IntTuple {}

/// Whether two IntTuples are compatible (CuTe `compatible`): equal sizes and every
/// coordinate of `a` is one of `b`.
///
/// ```
/// use cute_typed::typed::*;
/// // 8 = 2·4 and the coordinates of (2,4) are coordinates of 8.
/// assert!(compatible(&_8, &(_2, _4)));
/// assert!(!compatible(&(_2, _4), &_8));
/// assert!(!compatible(&_8, &(_2, _2)));
/// ```
pub fn compatible<A: IntTuple, B: IntTuple>(a: &A, b: &B) -> bool {
    a.to_dtuple().compatible(&b.to_dtuple())
}

/// Compatibility decided at compile time: `Some(answer)` when both are static.
///
/// ```
/// use cute_typed::typed::*;
/// const YES: Option<bool> = static_compatible::<_8, (_2, _4)>();
/// assert_eq!(YES, Some(true));
/// assert_eq!(static_compatible::<i64, (_2, _4)>(), None); // decided at run time
/// ```
pub const fn static_compatible<A: IntTuple, B: IntTuple>() -> Option<bool> {
    match (A::STATIC, B::STATIC) {
        (Some(a), Some(b)) => Some(a.compatible(&b)),
        _ => None,
    }
}

/// Congruence of two IntTuple types as a `const` (the trait [`Congruent`] is the
/// same fact as a bound).
///
/// ```
/// use cute_typed::typed::*;
/// assert!(congruent::<(_4, (_2, i64)), (i64, (_1, _8))>());
/// assert!(!congruent::<(_4, _2), _8>());
/// ```
pub const fn congruent<A: IntTuple, B: IntTuple>() -> bool {
    A::PATTERN.congruent(&B::PATTERN)
}

/// Weak congruence of two IntTuple types as a `const`.
///
/// ```
/// use cute_typed::typed::*;
/// assert!(weakly_congruent::<_8, (_2, _4)>());
/// assert!(!weakly_congruent::<(_2, _4), _8>());
/// ```
pub const fn weakly_congruent<A: IntTuple, B: IntTuple>() -> bool {
    A::PATTERN.weakly_congruent(&B::PATTERN)
}

/// A shape (CuTe `make_shape`); Rust has no variadic functions, so the modes come
/// as one tuple: `make_shape((_4, 8))`.
///
/// ```
/// use cute_typed::typed::*;
/// let s = make_shape((_4, (2i64, _2)));
/// assert_eq!(s.product(), Ok(16));
/// ```
pub fn make_shape<S: IntTuple>(modes: S) -> S {
    modes
}
/// A stride (CuTe `make_stride`): `make_stride((_1, 4))`.
///
/// ```
/// use cute_typed::typed::*;
/// let d = make_stride((_1, 4i64));
/// let a = Layout::new(make_shape((_4, 8i64)), d).unwrap();
/// assert_eq!(a.to_string(), "(_4,8):(_1,4)");
/// ```
pub fn make_stride<D: IntTuple>(modes: D) -> D {
    modes
}

/// `a * b`, [`Error::Overflow`] when it does not fit.
pub(crate) fn checked_mul(a: i64, b: i64) -> Result<i64, Error> {
    a.checked_mul(b).ok_or(Error::Overflow)
}
/// `a + b`, [`Error::Overflow`] when it does not fit.
pub(crate) fn checked_add(a: i64, b: i64) -> Result<i64, Error> {
    a.checked_add(b).ok_or(Error::Overflow)
}

/// `(s - 1)·|d|` for one leaf pair (0 for an extent of 1, whatever the
/// stride: `|i64::MIN|` does not fit, but a stride never used cannot overflow).
fn leaf_span(s: i64, d: i64) -> Result<i64, Error> {
    let s1 = s.checked_sub(1).ok_or(Error::Overflow)?;
    if s1 == 0 {
        return Ok(0);
    }
    checked_mul(s1, d.checked_abs().ok_or(Error::Overflow)?)
}

/// Unwraps a `const` computation or stops compilation with the rule (at the
/// caller's place: `#[track_caller]`).
#[track_caller]
pub(crate) const fn ok_or_raise<T: Copy>(r: Result<T, Error>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => e.raise(),
    }
}

macro_rules! leaf_int_tuple {
    ([$($gen:tt)*] $T:ty, $pattern:expr) => {
        #[diagnostic::do_not_recommend]
        impl<$($gen)*> IntTuple for $T {
            type IsStatic = <$T as IntLike>::IsStatic;
            type Dyn = i64;
            const RANK: usize = 1;
            type Modes = super::Modes<1>;
            const DEPTH: usize = 0;
            const LEAVES: usize = 1;
            const PATTERN: FixedTuple = $pattern;
            fn product(&self) -> Result<i64, Error> {
                self.checked_value()
            }
            fn idx2crd(&self, index: i64) -> Result<i64, Error> {
                Ok(index)
            }
            fn check_positive(&self) -> Result<(), Error> {
                if self.checked_value()? > 0 {
                    Ok(())
                } else {
                    Err(Error::NonPositiveShape)
                }
            }
            fn to_dyn(&self) -> i64 {
                self.value()
            }
            fn write_leaves(&self, t: FixedTuple, first: usize) -> FixedTuple {
                t.with_leaf(first, self.to_dint())
            }
            fn read_leaves(t: &FixedTuple, first: usize) -> Result<Self, Error> {
                <$T as IntLike>::from_value(t.leaf(first).value)
            }
            #[inline(always)]
            fn each_runtime_leaf(&self, f: &mut impl FnMut(DInt)) {
                if <$T as IntLike>::STATIC.is_none() {
                    f(self.to_dint());
                }
            }
        }
        impl<$($gen)*> Get<0> for $T {
            type Output = $T;
            fn mode(&self) -> $T {
                *self
            }
        }
        impl<$($gen)* B: IntTuple> WeaklyCongruent<B> for $T {}
    };
}

leaf_int_tuple!([N: Numeral,] C<N>, FixedTuple::s(C::<N>::VALUE));
leaf_int_tuple!([T: RuntimeInt,] T, FixedTuple::d(0));

macro_rules! leaf_congruent {
    ([$($gen:tt)*] $A:ty, $B:ty) => {
        #[diagnostic::do_not_recommend]
        impl<$($gen)*> Congruent<$B> for $A {
            fn add_offset(&self, stride: &$B, c: i64, acc: i64) -> Result<i64, Error> {
                checked_add(acc, checked_mul(c, stride.checked_value()?)?)
            }
            fn span(&self, stride: &$B) -> Result<i64, Error> {
                leaf_span(self.checked_value()?, stride.checked_value()?)
            }
            #[inline(always)]
            fn write_slots(&self, stride: &$B, vals: &mut [i64; MIXED_SLOTS], slot: usize) -> usize {
                let mut slot = slot;
                for (is_static, v) in [
                    (<$A as IntLike>::STATIC.is_some(), self.value()),
                    (<$B as IntLike>::STATIC.is_some(), stride.value()),
                ] {
                    if !is_static {
                        if let Some(x) = vals.get_mut(slot) {
                            *x = v;
                        }
                        slot += 1;
                    }
                }
                slot
            }
        }
    };
}
leaf_congruent!([N: Numeral, M: Numeral] C<N>, C<M>);
leaf_congruent!([N: Numeral, T: RuntimeInt] C<N>, T);
leaf_congruent!([M: Numeral, T: RuntimeInt] T, C<M>);
leaf_congruent!([T: RuntimeInt, U: RuntimeInt] T, U);

#[diagnostic::do_not_recommend]
impl IntTuple for () {
    type IsStatic = True;
    type Dyn = ();
    const RANK: usize = 0;
    type Modes = super::Modes<0>;
    const DEPTH: usize = 1;
    const LEAVES: usize = 0;
    const PATTERN: FixedTuple = FixedTuple::empty();
    fn product(&self) -> Result<i64, Error> {
        Ok(1)
    }
    fn idx2crd(&self, _: i64) -> Result<(), Error> {
        Ok(())
    }
    fn check_positive(&self) -> Result<(), Error> {
        Ok(())
    }
    fn to_dyn(&self) {}
    fn write_leaves(&self, t: FixedTuple, _: usize) -> FixedTuple {
        t
    }
    fn read_leaves(_: &FixedTuple, _: usize) -> Result<(), Error> {
        Ok(())
    }
    fn each_runtime_leaf(&self, _: &mut impl FnMut(DInt)) {}
}
#[diagnostic::do_not_recommend]
impl Congruent<()> for () {
    fn add_offset(&self, _: &(), _: i64, acc: i64) -> Result<i64, Error> {
        Ok(acc)
    }
    fn span(&self, _: &()) -> Result<i64, Error> {
        Ok(0)
    }
    fn write_slots(&self, _: &(), _: &mut [i64; MIXED_SLOTS], slot: usize) -> usize {
        slot
    }
}
impl WeaklyCongruent<()> for () {}

/// `True` iff every listed IntTuple is static.
macro_rules! all_static {
    () => { True };
    ($T:ident $($rest:ident)*) => {
        <<$T as IntTuple>::IsStatic as StaticFlag>::And<all_static!($($rest)*)>
    };
}

/// `Get<i>` for every mode `i` of one tuple arity.
macro_rules! tuple_get {
    ([$($All:ident)*];) => {};
    ([$($All:ident)*]; $T:ident $i:tt $($rest:tt)*) => {
        impl<$($All: IntTuple),*> Get<$i> for ($($All,)*) {
            type Output = $T;
            fn mode(&self) -> $T {
                self.$i
            }
        }
        tuple_get!([$($All)*]; $($rest)*);
    };
}

macro_rules! tuple_int_tuple {
    ($n:literal: $($A:ident $B:ident $i:tt),+) => {
        #[diagnostic::do_not_recommend]
        impl<$($A: IntTuple),+> IntTuple for ($($A,)+) {
            type IsStatic = all_static!($($A)+);
            type Dyn = ($($A::Dyn,)+);
            const RANK: usize = $n;
            type Modes = super::Modes<$n>;
            const DEPTH: usize = 1 + max_of(&[$($A::DEPTH),+]);
            const LEAVES: usize = 0 $(+ $A::LEAVES)+;
            const PATTERN: FixedTuple = ok_or_raise(FixedTuple::tuple(&[$($A::PATTERN),+]));
            fn product(&self) -> Result<i64, Error> {
                let mut acc = 1i64;
                $(acc = checked_mul(acc, self.$i.product()?)?;)+
                Ok(acc)
            }
            #[allow(unused_assignments)]
            fn idx2crd(&self, index: i64) -> Result<Self::Dyn, Error> {
                let mut rest = index;
                Ok(($({
                    let here = if $i + 1 == $n {
                        rest
                    } else {
                        let p = self.$i.product()?;
                        let here = rest.checked_rem(p).ok_or(Error::DivisionByZero)?;
                        rest = rest.checked_div(p).ok_or(Error::DivisionByZero)?;
                        here
                    };
                    self.$i.idx2crd(here)?
                },)+))
            }
            fn to_dyn(&self) -> Self::Dyn {
                ($(self.$i.to_dyn(),)+)
            }
            fn check_positive(&self) -> Result<(), Error> {
                $(self.$i.check_positive()?;)+
                Ok(())
            }
            #[allow(unused_assignments)]
            fn write_leaves(&self, mut t: FixedTuple, first: usize) -> FixedTuple {
                let mut k = first;
                $(
                    t = self.$i.write_leaves(t, k);
                    k += $A::LEAVES;
                )+
                t
            }
            #[allow(unused_assignments)]
            fn read_leaves(t: &FixedTuple, first: usize) -> Result<Self, Error> {
                let mut k = first;
                Ok(($({
                    let v = $A::read_leaves(t, k)?;
                    k += $A::LEAVES;
                    v
                },)+))
            }
            #[inline(always)]
            fn each_runtime_leaf(&self, f: &mut impl FnMut(DInt)) {
                $(self.$i.each_runtime_leaf(f);)+
            }
        }
        tuple_get!([$($A)+]; $($A $i)+);
        #[diagnostic::do_not_recommend]
        impl<$($A: IntTuple, $B: IntTuple),+> Congruent<($($B,)+)> for ($($A,)+)
        where
            $($A: Congruent<$B>),+
        {
            #[allow(unused_assignments)]
            fn add_offset(&self, stride: &($($B,)+), c: i64, acc: i64) -> Result<i64, Error> {
                let mut rest = c;
                let mut acc = acc;
                $(
                    let here = if $i + 1 == $n {
                        rest
                    } else {
                        let p = self.$i.product()?;
                        let here = rest.checked_rem(p).ok_or(Error::DivisionByZero)?;
                        rest = rest.checked_div(p).ok_or(Error::DivisionByZero)?;
                        here
                    };
                    acc = self.$i.add_offset(&stride.$i, here, acc)?;
                )+
                Ok(acc)
            }
            fn span(&self, stride: &($($B,)+)) -> Result<i64, Error> {
                let mut acc = 0i64;
                $(acc = checked_add(acc, self.$i.span(&stride.$i)?)?;)+
                Ok(acc)
            }
            #[inline(always)]
            fn write_slots(&self, stride: &($($B,)+), vals: &mut [i64; MIXED_SLOTS], slot: usize) -> usize {
                let mut slot = slot;
                $(slot = self.$i.write_slots(&stride.$i, vals, slot);)+
                slot
            }
        }
        impl<$($A: IntTuple, $B: IntTuple),+> WeaklyCongruent<($($B,)+)> for ($($A,)+)
        where
            $($A: WeaklyCongruent<$B>),+
        {}
    };
}

/// Largest entry (0 for none).
const fn max_of(xs: &[usize]) -> usize {
    let mut m = 0;
    let mut i = 0;
    while i < xs.len() {
        if xs[i] > m {
            m = xs[i];
        }
        i += 1;
    }
    m
}

tuple_int_tuple!(1: A0 B0 0);
tuple_int_tuple!(2: A0 B0 0, A1 B1 1);
tuple_int_tuple!(3: A0 B0 0, A1 B1 1, A2 B2 2);
tuple_int_tuple!(4: A0 B0 0, A1 B1 1, A2 B2 2, A3 B3 3);
tuple_int_tuple!(5: A0 B0 0, A1 B1 1, A2 B2 2, A3 B3 3, A4 B4 4);
tuple_int_tuple!(6: A0 B0 0, A1 B1 1, A2 B2 2, A3 B3 3, A4 B4 4, A5 B5 5);
tuple_int_tuple!(7: A0 B0 0, A1 B1 1, A2 B2 2, A3 B3 3, A4 B4 4, A5 B5 5, A6 B6 6);
tuple_int_tuple!(8: A0 B0 0, A1 B1 1, A2 B2 2, A3 B3 3, A4 B4 4, A5 B5 5, A6 B6 6, A7 B7 7);
