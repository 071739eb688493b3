//! Type-level booleans that say whether every leaf of a value is static, and
//! the dispatch they drive: all-static inputs give plain values checked at
//! compile time, anything dynamic gives a `Result` checked at run time.
use crate::error::Error;

/// The flag of values whose every leaf is static.
///
/// Its own type rather than typenum's `True` (`B1`): compile errors of static
/// results print it (`<True as Dispatch<…>>::CHECK`), and `True` says what it means.
///
/// ```
/// use cute_typed::typed::*;
/// assert!(<True as StaticFlag>::VALUE);
/// // A fully static layout's flag is True.
/// fn flag<L: LayoutOperand>(_: L) -> bool { <L::IsStatic as StaticFlag>::VALUE }
/// assert!(flag(make_layout((_4, _8))));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct True;
/// The flag of values with at least one dynamic (`i64`) leaf.
///
/// ```
/// use cute_typed::typed::*;
/// assert!(!<False as StaticFlag>::VALUE);
/// fn flag<L: LayoutOperand>(_: L) -> bool { <L::IsStatic as StaticFlag>::VALUE }
/// assert!(!flag(make_layout((_4, 8i64)).unwrap()));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct False;

/// A type-level boolean (`True` or `False`): "is every leaf static?".
///
/// Implemented only for [`True`] and [`False`].
///
/// ```
/// use cute_typed::typed::*;
/// // `Checked<T>` is T for static inputs and a Result for dynamic ones.
/// let s: <True as StaticFlag>::Checked<i64> = True::checked(|| 4, || Ok(5));
/// let d: <False as StaticFlag>::Checked<i64> = False::checked(|| 4, || Ok(5));
/// assert_eq!((s, d), (4, Ok(5)));
/// ```
pub trait StaticFlag: sealed::Sealed + Copy + Default + 'static {
    /// The boolean as a value.
    const VALUE: bool;
    /// Logical and: static only when both sides are.
    type And<Y: StaticFlag>: StaticFlag;
    /// `A` for `True`, `B` for `False`.
    type Pick<A, B>;
    /// The kind of result of an operation whose operands' static flag is
    /// `Self` and typed flag `Y` (see [`Kind`](super::Kind)): `True`, or for
    /// `False` [`Mix`](super::Mix) when `Y` is `True` and `False` otherwise.
    type Kind<Y: StaticFlag>;
    /// What a checked constructor returns: `T` when every input is static (the
    /// checks ran at compile time), `Result<T, Error>` otherwise.
    type Checked<T>;
    /// Runs `if_static` for `True` and `if_dynamic` for `False`.
    fn checked<T>(
        if_static: impl FnOnce() -> T,
        if_dynamic: impl FnOnce() -> Result<T, Error>,
    ) -> Self::Checked<T>;
}

/// `True` iff both flags are `True`.
///
/// ```
/// use cute_typed::typed::*;
/// assert!(<And<True, True> as StaticFlag>::VALUE);
/// assert!(!<And<True, False> as StaticFlag>::VALUE);
/// assert!(!<And<False, True> as StaticFlag>::VALUE);
/// ```
pub type And<A, B> = <A as StaticFlag>::And<B>;

impl StaticFlag for True {
    const VALUE: bool = true;
    type And<Y: StaticFlag> = Y;
    type Pick<A, B> = A;
    type Kind<Y: StaticFlag> = True;
    type Checked<T> = T;
    fn checked<T>(if_static: impl FnOnce() -> T, _: impl FnOnce() -> Result<T, Error>) -> T {
        if_static()
    }
}

impl StaticFlag for False {
    const VALUE: bool = false;
    type And<Y: StaticFlag> = False;
    type Pick<A, B> = B;
    type Kind<Y: StaticFlag> = <Y as StaticFlag>::Pick<super::mixed::Mix, False>;
    type Checked<T> = Result<T, Error>;
    fn checked<T>(
        _: impl FnOnce() -> T,
        if_dynamic: impl FnOnce() -> Result<T, Error>,
    ) -> Result<T, Error> {
        if_dynamic()
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::True {}
    impl Sealed for super::False {}
}
