//! [`Layout<S, D>`]: a layout whose structure lives in the type system, whose
//! static leaves are zero-sized and whose dynamic leaves are `i64`s.
use core::fmt;

use super::compact::{CompactOf, CompactStride, LayoutLeft, LayoutRight, Major};
use super::coord::{Coord, CoordOf};
use super::flag::{And, StaticFlag, True};
use super::int::_1;
use super::layout_like::{check_layout, LayoutLike, LayoutOperand, StaticLayout};
use super::mixed::{Planned, MIXED_SLOTS};
use super::tuple::{checked_add, ok_or_raise, Congruent, Get, IntTuple};
use crate::dynamic::rt::DLayout;
use crate::dynamic::{FixedLayout, FixedTuple};
use crate::error::Error;

/// A layout `Shape:Stride`: the function `L(c) = Σ cᵢ·dᵢ` from the coordinates of
/// `Shape` to indices (CuTe's `Layout<Shape, Stride>`).
///
/// `S` and `D` are IntTuples with the same nesting ([`Congruent`], checked in the
/// type system). Every `Layout` value satisfies: shape entries are positive, size
/// and cosize fit in `i64` — checked at compile time for static leaves and by the
/// constructors' `Result` for dynamic ones. A fully static layout is zero-sized.
///
/// ```
/// use cute_typed::typed::*;
/// let l: Layout<(_4, _8), (_1, _4)> = make_layout((_4, _8));
/// assert_eq!(l.to_string(), "(_4,_8):(_1,_4)");
/// assert_eq!(l.eval((1, 2)), Ok(9));
/// assert_eq!(core::mem::size_of_val(&l), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout<S, D> {
    shape: S,
    stride: D,
}

/// `True` iff shape and stride are all static.
///
/// ```
/// use cute_typed::typed::*;
/// assert!(<BothStatic<(_4, _8), (_1, _4)> as StaticFlag>::VALUE);
/// assert!(!<BothStatic<(_4, i64), (_1, _4)> as StaticFlag>::VALUE);
/// ```
pub type BothStatic<S, D> = And<<S as IntTuple>::IsStatic, <D as IntTuple>::IsStatic>;

/// What a constructor of `Layout<S, D>` returns: the layout itself when every
/// leaf is static (checked at compile time), else `Result<Layout<S, D>, Error>`.
///
/// ```
/// use cute_typed::typed::*;
/// let s: CheckedLayout<(_4, _8), (_1, _4)> = Layout::new((_4, _8), (_1, _4)); // the layout
/// let d: CheckedLayout<(_4, i64), (_1, _4)> = Layout::new((_4, 8), (_1, _4)); // a Result
/// assert_eq!(s.to_string(), "(_4,_8):(_1,_4)");
/// assert_eq!(d.unwrap().to_string(), "(_4,8):(_1,_4)");
/// ```
pub type CheckedLayout<S, D> = <BothStatic<S, D> as StaticFlag>::Checked<Layout<S, D>>;

impl<S: Congruent<D>, D: IntTuple> Layout<S, D> {
    /// The checks that static leaves allow at compile time: static shape entries
    /// are positive; a fully static layout's size and cosize fit in `i64`.
    const STATIC_CHECK: () = check_static_leaves(&S::PATTERN, &D::PATTERN);

    /// `shape:stride` (CuTe `make_layout(shape, stride)`). All static: the layout,
    /// checked at compile time. Otherwise a `Result`: a shape entry that is not
    /// positive is [`Error::NonPositiveShape`], a size or cosize beyond `i64`
    /// [`Error::Overflow`]. Non-congruent shape and stride do not compile.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let s = Layout::new((_4, _8), (_8, _1)); // all static: checked at compile time
    /// assert_eq!(s.to_string(), "(_4,_8):(_8,_1)");
    /// let d = Layout::new((4i64, _8), (_8, _1)); // a dynamic leaf: checked at run time
    /// assert_eq!(d.unwrap().to_string(), "(4,_8):(_8,_1)");
    /// assert!(Layout::new((0i64, _8), (_8, _1)).is_err()); // shape entries must be positive
    /// ```
    pub fn new(shape: S, stride: D) -> CheckedLayout<S, D> {
        let () = Self::STATIC_CHECK;
        <BothStatic<S, D> as StaticFlag>::checked(
            || Layout { shape, stride },
            || Self::try_new(shape, stride),
        )
    }

    /// As [`Layout::new`], always returning a `Result` (for generic code).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let s: Result<Layout<(_4, _8), (_8, _1)>, _> = Layout::try_new((_4, _8), (_8, _1));
    /// assert_eq!(s.unwrap().size(), 32);
    /// assert!(Layout::try_new((-1i64, _8), (_8, _1)).is_err());
    /// ```
    pub fn try_new(shape: S, stride: D) -> Result<Self, Error> {
        let () = Self::STATIC_CHECK;
        shape.check_positive()?;
        shape.product()?;
        checked_add(shape.span(&stride)?, 1)?;
        Ok(Layout { shape, stride })
    }

    /// The layout of this type equal to `l`: the same nesting
    /// ([`Error::StructureMismatch`]), the same values at static leaves
    /// ([`Error::StaticMismatch`]), and a valid layout.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// use cute_typed::DLayout;
    /// let d: DLayout = "(4,8):(1,4)".parse().unwrap();
    /// // Dynamic leaves read any value; static leaves must match.
    /// let l = Layout::<(i64, i64), (i64, i64)>::from_dynamic(&d).unwrap();
    /// assert_eq!(l.shape(), (4, 8));
    /// assert!(Layout::<(_4, _2), (_1, _4)>::from_dynamic(&d).is_err());
    /// ```
    pub fn from_dynamic(l: &DLayout) -> Result<Self, Error> {
        Self::from_fixed(&l.to_fixed()?)
    }
    /// [`Layout::from_dynamic`] of the fixed form.
    #[doc(hidden)]
    pub fn from_fixed(l: &FixedLayout) -> Result<Self, Error> {
        Self::try_new(S::from_dtuple(&l.shape())?, D::from_dtuple(&l.stride())?)
    }

    /// The shape.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// assert_eq!(make_layout((_4, 8i64)).unwrap().shape(), (_4, 8));
    /// ```
    pub fn shape(&self) -> S {
        self.shape
    }
    /// The stride.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// assert_eq!(make_layout((_4, 8i64)).unwrap().stride(), (_1, _4));
    /// ```
    pub fn stride(&self) -> D {
        self.stride
    }
    /// Number of coordinates: the product of the shape.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// assert_eq!(make_layout((_4, (_2, 3i64))).unwrap().size(), 24);
    /// ```
    pub fn size(&self) -> i64 {
        // Cannot fail: checked when the layout was built.
        self.shape.product().unwrap_or(i64::MAX)
    }
    /// `1 + Σ (sᵢ - 1)·|dᵢ|`: one past the largest distance between two indices.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// // Strides 1 and 8 over (4, 2): the largest index is 3 + 8 = 11.
    /// assert_eq!(Layout::new((_4, _2), (_1, _8)).cosize(), 12);
    /// ```
    pub fn cosize(&self) -> i64 {
        // Cannot fail: checked when the layout was built.
        self.shape
            .span(&self.stride)
            .map_or(i64::MAX, |s| s.saturating_add(1))
    }
    /// Number of top-level modes.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// assert_eq!(make_layout((_4, (_2, _2))).rank(), 2);
    /// ```
    pub const fn rank(&self) -> usize {
        S::RANK
    }
    /// Nesting depth of the shape.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// assert_eq!(make_layout((_4, (_2, _2))).depth(), 2);
    /// assert_eq!(make_layout(_4).depth(), 0);
    /// ```
    pub const fn depth(&self) -> usize {
        S::DEPTH
    }
    /// `L(c)`: `c` is an integer (1-D index), a tuple of the shape's rank (R-D)
    /// or the shape's nesting (natural); any other structure does not compile.
    /// Checked arithmetic: dynamic indices beyond the domain follow CuTe (the
    /// last mode takes the rest) and an overflow is [`Error::Overflow`]; a static
    /// coordinate outside a static shape does not compile
    /// ([`super::coord::check_static_coord`]).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = Layout::new((_4, (_2, _2)), (_4, (_1, _2)));
    /// assert_eq!(a.eval(5i64), Ok(5)); // 1-D
    /// assert_eq!(a.eval((1i64, 1i64)), Ok(5)); // R-D
    /// assert_eq!(a.eval((1i64, (1i64, 0i64))), Ok(5)); // natural
    /// assert_eq!(a.eval((_3, (_1, _1))), Ok(15)); // static coordinate, bounds checked at compile time
    /// ```
    pub fn eval<K: CoordOf<S, D>>(&self, coord: K) -> Result<i64, Error> {
        let () = const { super::coord::check_static_coord(&K::COORD_PATTERN, &S::PATTERN) };
        // A 1-D index of a static layout: the evaluation engine's terms,
        // gathered at compile time (`static_eval`), as for static results.
        if const { K::COORD_PATTERN.is_int() && super::static_eval::pattern_planned::<S, D>() } {
            if let Some(i) = super::static_eval::int_coord(&coord) {
                return super::static_eval::eval_pattern::<S, D>(i);
            }
        }
        // A 1-D index of a layout with run-time leaves: the same engine's
        // terms, the run-time leaves read into the plan's slots.
        type Plan<S, D> = super::mixed::LayoutPlan<S, D>;
        if const { K::COORD_PATTERN.is_int() && <Plan<S, D> as Planned>::PLAN.planned } {
            if let Some(i) = super::static_eval::int_coord(&coord) {
                let mut vals = [0i64; MIXED_SLOTS];
                self.shape.write_slots(&self.stride, &mut vals, 0);
                return super::mixed::eval_plan::<Plan<S, D>>(&vals, i);
            }
        }
        coord.crd2idx(&self.shape, &self.stride)
    }
    /// Same as [`Layout::eval`] (C++ writes `layout(coord)`).
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_4, _8));
    /// assert_eq!(a.call((1i64, 2i64)), Ok(9));
    /// ```
    pub fn call<K: CoordOf<S, D>>(&self, coord: K) -> Result<i64, Error> {
        self.eval(coord)
    }
    /// Same as [`Layout::eval`]: CuTe's `crd2idx(coord, shape, stride)`.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout_right((_4, _8));
    /// assert_eq!(a.crd2idx((1i64, 2i64)), Ok(10));
    /// ```
    pub fn crd2idx<K: CoordOf<S, D>>(&self, coord: K) -> Result<i64, Error> {
        self.eval(coord)
    }
    /// The natural coordinate of the 1-D index `i` (CuTe `idx2crd(i, shape)`),
    /// with the shape's nesting and `i64` leaves.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_4, (_2, _2)));
    /// assert_eq!(a.idx2crd(13), Ok((1, (1, 1))));
    /// ```
    pub fn idx2crd(&self, i: i64) -> Result<S::Dyn, Error> {
        self.shape.idx2crd(i)
    }
    /// Mode `I` as a layout (CuTe `layout<I>` / `get<I>`); an index beyond the
    /// rank does not compile.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let a = make_layout((_4, (_2, _2)));
    /// let m1: Layout<(_2, _2), (_4, _8)> = a.get::<1>();
    /// assert_eq!(m1.to_string(), "(_2,_2):(_4,_8)");
    /// ```
    pub fn get<const I: usize>(&self) -> Layout<<S as Get<I>>::Output, <D as Get<I>>::Output>
    where
        S: Get<I>,
        D: Get<I>,
    {
        Layout {
            shape: self.shape.mode(),
            stride: self.stride.mode(),
        }
    }
    /// The layout as a run-time [`DLayout`]; static leaves keep their static flag.
    ///
    /// ```
    /// use cute_typed::typed::*;
    /// let d = make_layout((_4, 8i64)).unwrap().to_dynamic();
    /// assert_eq!(d.to_string(), "(_4,8):(_1,_4)");
    /// assert_eq!(d.size().unwrap().value, 32);
    /// ```
    pub fn to_dynamic(&self) -> DLayout {
        LayoutOperand::to_compact(self)
    }
    /// The layout in the fixed form (the typed layer's compile-time values).
    #[doc(hidden)]
    pub fn to_fixed(&self) -> FixedLayout {
        // Cannot fail: `S: Congruent<D>`, so the two tuples have the same nesting.
        ok_or_raise(FixedLayout::new_unchecked_shape(
            self.shape.to_dtuple(),
            self.stride.to_dtuple(),
        ))
    }
}

impl<S: Congruent<D>, D: IntTuple> TryFrom<FixedLayout> for Layout<S, D> {
    type Error = Error;
    fn try_from(l: FixedLayout) -> Result<Self, Error> {
        Self::from_fixed(&l)
    }
}

impl<S: Congruent<D>, D: IntTuple> TryFrom<DLayout> for Layout<S, D> {
    type Error = Error;
    fn try_from(l: DLayout) -> Result<Self, Error> {
        Self::from_dynamic(&l)
    }
}

impl<S: Congruent<D>, D: IntTuple> From<Layout<S, D>> for DLayout {
    fn from(l: Layout<S, D>) -> DLayout {
        l.to_dynamic()
    }
}

impl<S: Congruent<D>, D: IntTuple> From<Layout<S, D>> for FixedLayout {
    fn from(l: Layout<S, D>) -> FixedLayout {
        l.to_fixed()
    }
}

/// Static leaves of a shape are positive; a fully static layout's size and
/// cosize fit in `i64`. Stops compilation with the rule otherwise, reported at
/// the `const` that calls it (`#[track_caller]`: no note for this frame).
#[track_caller]
const fn check_static_leaves(shape: &FixedTuple, stride: &FixedTuple) {
    let n = shape.leaf_count();
    let mut k = 0;
    while k < n {
        let s = shape.leaf(k);
        if s.is_static && s.value <= 0 {
            Error::NonPositiveShape.raise()
        }
        k += 1;
    }
    if shape.is_static() && stride.is_static() {
        check_layout(&FixedLayout::new(*shape, *stride));
    }
}

#[diagnostic::do_not_recommend]
impl<S: Congruent<D>, D: IntTuple> LayoutOperand for Layout<S, D> {
    type IsStatic = BothStatic<S, D>;
    type Modes = <S as IntTuple>::Modes;
    const STATIC: Option<FixedLayout> = match (S::STATIC, D::STATIC) {
        (Some(s), Some(d)) => Some(ok_or_raise(FixedLayout::new(s, d))),
        _ => None,
    };
    type Typed = True;
    type StrideStatic = D::IsStatic;
    // Run-time leaves as 1 (their `PATTERN` holds 0, not a valid extent).
    const PATTERN: Option<FixedLayout> = match FixedLayout::new(
        S::PATTERN.with_dynamic_values(1),
        D::PATTERN.with_dynamic_values(1),
    ) {
        Ok(l) => Some(l),
        Err(_) => None,
    };
    fn to_fixed(&self) -> FixedLayout {
        Layout::to_fixed(self)
    }
    #[inline]
    fn to_compact(&self) -> DLayout {
        // Congruent (`S: Congruent<D>`), no star: the layout check is not repeated.
        DLayout::from_congruent(self.shape.to_compact(), self.stride.to_compact())
    }
}

impl<S: Congruent<D>, D: IntTuple> LayoutLike for Layout<S, D> {
    fn size(&self) -> i64 {
        Layout::size(self)
    }
    fn cosize(&self) -> i64 {
        Layout::cosize(self)
    }
    fn rank(&self) -> usize {
        S::RANK
    }
    fn depth(&self) -> usize {
        S::DEPTH
    }
    /// `L(i)` straight from the typed shape and stride (the inherent
    /// [`Layout::eval`]), without building a [`DLayout`] first.
    fn eval_index(&self, i: i64) -> Result<i64, Error> {
        Layout::eval(self, i)
    }
}

impl<S, D> StaticLayout for Layout<S, D>
where
    S: Congruent<D> + IntTuple<IsStatic = True>,
    D: IntTuple<IsStatic = True>,
{
    const RESULT: Result<FixedLayout, Error> = FixedLayout::new(S::PATTERN, D::PATTERN);
}

impl<S, D> Default for Layout<S, D>
where
    S: Congruent<D> + IntTuple<IsStatic = True>,
    D: IntTuple<IsStatic = True>,
{
    /// The only value of a fully static layout type (checked at compile time).
    fn default() -> Self {
        let () = Self::STATIC_CHECK;
        Layout {
            shape: S::default(),
            stride: D::default(),
        }
    }
}

impl<S: Congruent<D>, D: IntTuple> fmt::Display for Layout<S, D> {
    /// CuTe notation with static leaves marked: `(_4,(2,2)):(_4,(1,2))`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_fixed(), f)
    }
}

impl<S: Congruent<D>, D: IntTuple> fmt::Debug for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_fixed(), f)
    }
}

/// The compact layout of `shape` in major order `M`, as returned by
/// [`make_layout_with`].
///
/// ```
/// use cute_typed::typed::*;
/// let l: CompactLayout<(_4, _8), LayoutRight> = make_layout_right((_4, _8));
/// assert_eq!(l.to_string(), "(_4,_8):(_8,_1)");
/// ```
pub type CompactLayout<S, M> = Layout<S, CompactOf<S, M>>;

/// What [`make_layout_with`] returns: the layout for a static shape, else a `Result`.
///
/// ```
/// use cute_typed::typed::*;
/// let s: CheckedCompact<(_4, _8), LayoutLeft> = make_layout((_4, _8)); // the layout
/// let d: CheckedCompact<(_4, i64), LayoutLeft> = make_layout((_4, 8)); // a Result
/// assert_eq!(s.size(), d.unwrap().size());
/// ```
pub type CheckedCompact<S, M> =
    <<S as IntTuple>::IsStatic as StaticFlag>::Checked<CompactLayout<S, M>>;

/// CuTe `make_layout(shape, Major{})`: the compact layout of `shape` in major
/// order `M` ([`LayoutLeft`] or [`LayoutRight`]). A static shape-1 mode gets the
/// static stride `_0`; strides are static while the running product is.
///
/// A static shape gives the layout itself (its stride type computed by the type
/// system); a shape with a dynamic leaf gives a `Result` ([`Error::NonPositiveShape`],
/// [`Error::Overflow`]).
///
/// ```
/// use cute_typed::typed::*;
/// assert_eq!(make_layout_with((_2, _1, _4), LayoutLeft).to_string(), "(_2,_1,_4):(_1,_0,_2)");
/// assert_eq!(make_layout_with((_2, 4i64), LayoutRight).unwrap().to_string(), "(_2,4):(4,_1)");
/// ```
pub fn make_layout_with<S, M>(shape: S, _major: M) -> CheckedCompact<S, M>
where
    M: Major,
    S: CompactStride<M, _1> + Congruent<CompactOf<S, M>>,
{
    let () = const { check_compact::<S, CompactOf<S, M>>(M::MAJOR) };
    compact_layout::<S, M>(shape)
}

/// The body of the compact constructors; each public one forces the compile-time
/// check in its own body, so that an error note points at the caller's line.
fn compact_layout<S, M>(shape: S) -> CheckedCompact<S, M>
where
    M: Major,
    S: CompactStride<M, _1> + Congruent<CompactOf<S, M>>,
{
    <S::IsStatic as StaticFlag>::checked(
        || Layout {
            shape,
            stride: CompactOf::<S, M>::default(),
        },
        || {
            shape.check_positive()?;
            let (stride, _) = shape.compact_stride(_1)?;
            Layout::try_new(shape, stride)
        },
    )
}

/// CuTe `make_layout(shape)`: compact column-major (LayoutLeft).
///
/// ```
/// use cute_typed::typed::*;
/// assert_eq!(make_layout(_8).to_string(), "_8:_1");
/// assert_eq!(make_layout(8).unwrap().to_string(), "8:_1");
/// assert_eq!(make_layout((_2, 4)).unwrap().to_string(), "(_2,4):(_1,_2)");
/// ```
pub fn make_layout<S>(shape: S) -> CheckedCompact<S, LayoutLeft>
where
    S: CompactStride<LayoutLeft, _1> + Congruent<CompactOf<S, LayoutLeft>>,
{
    let () = const { check_compact::<S, CompactOf<S, LayoutLeft>>(LayoutLeft::MAJOR) };
    compact_layout::<S, LayoutLeft>(shape)
}

/// CuTe `make_layout(shape, LayoutRight{})`: compact row-major.
///
/// ```
/// use cute_typed::typed::*;
/// assert_eq!(make_layout_right((_2, 4)).unwrap().to_string(), "(_2,4):(4,_1)");
/// ```
pub fn make_layout_right<S>(shape: S) -> CheckedCompact<S, LayoutRight>
where
    S: CompactStride<LayoutRight, _1> + Congruent<CompactOf<S, LayoutRight>>,
{
    let () = const { check_compact::<S, CompactOf<S, LayoutRight>>(LayoutRight::MAJOR) };
    compact_layout::<S, LayoutRight>(shape)
}

/// CuTe `make_layout(shape, stride)`; same as [`Layout::new`]. Shape and stride
/// that are not congruent do not compile.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout_strided((_4, _8), (_8, _1));
/// assert_eq!(a.eval((1i64, 2i64)), Ok(10));
/// assert!(make_layout_strided((_4, 0i64), (_8, _1)).is_err());
/// ```
pub fn make_layout_strided<S: Congruent<D>, D: IntTuple>(
    shape: S,
    stride: D,
) -> CheckedLayout<S, D> {
    let () = Layout::<S, D>::STATIC_CHECK;
    <BothStatic<S, D> as StaticFlag>::checked(
        || Layout { shape, stride },
        || Layout::try_new(shape, stride),
    )
}

/// The stride type computed by the type system agrees with the `const fn` of the
/// dynamic layer at every static leaf (and the static shape leaves are positive).
const fn check_compact<S: IntTuple, D: IntTuple>(major: crate::dynamic::Major) {
    check_static_leaves(&S::PATTERN, &D::PATTERN);
    if S::IS_STATIC {
        let expect = ok_or_raise(FixedLayout::compact(S::PATTERN, major));
        if !expect.stride().eq_exact(&D::PATTERN) {
            Error::StaticMismatch.raise()
        }
    }
}

/// The natural coordinate of `index` in `shape` (CuTe `idx2crd(index, shape)`).
///
/// ```
/// use cute_typed::typed::*;
/// assert_eq!(idx2crd(13, &(_4, (_2, _2))), Ok((1, (1, 1))));
/// assert_eq!(idx2crd(5, &(4i64, 8i64)), Ok((1, 1)));
/// ```
pub fn idx2crd<S: IntTuple>(index: i64, shape: &S) -> Result<S::Dyn, Error> {
    shape.idx2crd(index)
}

/// `L(c)` of any layout for any coordinate, structure checked at run time.
///
/// ```
/// use cute_typed::typed::*;
/// let a = make_layout((_4, _8));
/// assert_eq!(eval(&a, (1i64, 2i64)), Ok(9));
/// // Also for static results, whose coordinates are checked at run time.
/// let z = zipped_divide(a, (_2, _4));
/// assert_eq!(eval(&z, 9i64), Ok(z.eval_index(9).unwrap()));
/// ```
pub fn eval<L: LayoutLike, K: Coord>(layout: &L, coord: K) -> Result<i64, Error> {
    layout.eval(coord)
}
