//! Typed errors of the layout algebra. Each variant names the rule that was violated.
use core::fmt;

/// An error of the layout algebra: the variant names the violated rule.
///
/// `Error` is `Copy` and can be built in `const fn`, so the same value reports a
/// run-time failure and, through [`Error::rule`], a compile-time one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An integer result does not fit in `i64`.
    Overflow,
    /// A nested tuple would need more nodes than [`crate::dynamic::CAPACITY`].
    Capacity,
    /// Shape and stride have different nesting.
    NotCongruent,
    /// A mode index is out of range.
    ModeOutOfRange {
        /// the index asked for
        index: usize,
        /// the rank of the tuple
        rank: usize,
    },
    /// A coordinate's structure does not fit the shape (wrong rank or too deeply nested).
    CoordinateMismatch,
    /// A shape entry is zero or negative.
    NonPositiveShape,
    /// An expected integer was a tuple, or the reverse.
    ExpectedInt,
    /// An expected tuple was an integer.
    ExpectedTuple,
    /// composition: a stride of the right-hand side is not divisible as required.
    StrideDivisibility,
    /// composition: a shape is not divisible as required.
    ShapeDivisibility,
    /// composition would not satisfy `R(i) == A(B(i))`.
    NotFunctional,
    /// complement: the layout is not injective.
    NotInjective,
    /// complement: the layout's strides and shapes are not admissible for the cotarget.
    NotAdmissible,
    /// complement: an entry of the cotarget is zero or negative.
    NonPositiveCotarget,
    /// blocked_product: the block is a tuple (of rank 1) and the tiler an
    /// integer, which C++'s `zip` cannot pair.
    ProductZipRank,
    /// raked_product: the copies of the block split into a tuple where the
    /// block is an integer, which C++'s `zip` cannot pair.
    RakedZipRank,
    /// A tiler has more modes than the layout it applies to.
    TilerRank,
    /// An empty or reversed mode range (`take`, `group`).
    EmptyRange,
    /// left_inverse: the layout cannot be inverted on the left (stride divisibility).
    LeftInverse,
    /// upcast: a stride or shape is not divisible by the factor.
    UpcastDivisibility,
    /// downcast: the layout has no stride-1 mode.
    DowncastNoUnitStride,
    /// A factor (upcast/downcast) is zero or negative.
    NonPositiveFactor,
    /// A coalesce profile has more modes than the layout.
    ProfileRank,
    /// Swizzle parameters must satisfy `b >= 0`, `m >= 0`, `|s| >= b`.
    BadSwizzle,
    /// tile_to_shape: the block does not divide the target shape, or has higher rank.
    TileToShape,
    /// Division by zero.
    DivisionByZero,
    /// A value that must be static was dynamic, or a static value differs from the one required.
    StaticMismatch,
    /// The two operands do not have equal sizes where that is required.
    SizeMismatch,
    /// The operation is not defined for these arguments.
    Unsupported,
    /// A tensor (or a view of one) would reach an element outside its storage.
    OutOfStorage,
    /// A coordinate lies outside the domain (shape) of a tensor.
    OutOfDomain,
    /// typed layer: a run-time value's rank or nesting differs from the type it is converted to.
    StructureMismatch,
    /// A value, table or storage would be too large to build: beyond a documented
    /// size or nesting limit, or more memory than can be allocated.
    TooLarge,
    /// typed layer: a static coordinate lies outside the static shape it indexes.
    CoordOutsideShape,
    /// typed layer: an operand is the static result of an operation that
    /// failed; that failure is the error reported (this one never is).
    FailedOperand,
    /// The slicing placeholder `_` inside a layout's shape or stride (it belongs
    /// in coordinates only).
    PlaceholderInLayout,
    /// typed layer: the run-time result of a typed mixed operation differs, in
    /// nesting or in a static leaf, from the pattern computed at compile time.
    MixedPattern,
    /// typed layer: a typed mixed result would hold more run-time leaves than
    /// `cute_typed::typed::MIXED_SLOTS`.
    MixedSlots,
    /// A run-time nested tuple (a result's shape or stride) would hold more
    /// than [`crate::dynamic::MAX_NODES`] nodes.
    NodeLimit,
}

impl Error {
    /// The rule, in plain words. Used as the compile-time panic message of static layouts.
    pub const fn rule(&self) -> &'static str {
        match self {
            Error::Overflow => "integer overflow: a value does not fit in 64 bits",
            Error::Capacity => "layout too large: more than 64 nodes in one nested tuple",
            Error::NotCongruent => "shape and stride are not congruent: they must have the same nesting",
            Error::ModeOutOfRange { .. } => "mode index out of range",
            Error::CoordinateMismatch => "the coordinate does not match the shape's rank or nesting",
            Error::NonPositiveShape => "shape entries must be positive",
            Error::ExpectedInt => "expected an integer, found a tuple",
            Error::ExpectedTuple => "expected a tuple, found an integer",
            Error::StrideDivisibility => "composition: stride divisibility violated (the stride of B must divide, or be divisible by, the shape of A it walks over)",
            Error::ShapeDivisibility => "composition: shape divisibility violated (the shape of B must divide, or be divisible by, the shape of A it covers)",
            Error::NotFunctional => "composition: the result would not satisfy R(i) == A(B(i))",
            Error::NotInjective => "complement: the layout is not injective",
            Error::NotAdmissible => "complement: the layout is not admissible for this cotarget",
            Error::NonPositiveCotarget => "complement: the cotarget's entries must be positive",
            Error::ProductZipRank => "blocked_product: the block is a rank-1 tuple but the tiler an integer; C++ zips a tuple only with a tuple of the same rank (write the tiler n as (n))",
            Error::RakedZipRank => "raked_product: the copies of the block form a tuple but the block is an integer; C++ zips a tuple only with a tuple of the same rank",
            Error::TilerRank => "the tiler has more modes than the layout",
            Error::EmptyRange => "empty or reversed mode range",
            Error::LeftInverse => "left_inverse: the layout has no left inverse (stride divisibility)",
            Error::UpcastDivisibility => "upcast: strides and shapes must be divisible by the factor",
            Error::DowncastNoUnitStride => "downcast: the layout has no stride-1 mode",
            Error::NonPositiveFactor => "the factor must be positive",
            Error::ProfileRank => "the coalesce profile has more modes than the layout",
            Error::BadSwizzle => "swizzle parameters must satisfy b >= 0, m >= 0 and |s| >= b",
            Error::TileToShape => "tile_to_shape: the block must divide the target shape and have no larger rank",
            Error::DivisionByZero => "division by zero",
            Error::StaticMismatch => "a static value was required or differs from the static value required",
            Error::SizeMismatch => "the sizes of the operands differ",
            Error::Unsupported => "the operation is not defined for these arguments",
            Error::OutOfStorage => "tensor bounds: the layout reaches outside the tensor's storage (its cosize, from the offset, exceeds the storage length)",
            Error::OutOfDomain => "tensor bounds: the coordinate lies outside the tensor's shape",
            Error::StructureMismatch => "the value's rank or nesting differs from the type it is converted to",
            Error::TooLarge => "too large: beyond a documented size or nesting limit, or the memory available",
            Error::CoordOutsideShape => "coordinate outside the shape: a static coordinate must be less than the static extent of the mode it indexes",
            Error::FailedOperand => "an operand is the result of an operation that failed (see that operation's error)",
            Error::PlaceholderInLayout => "the placeholder `_` is only allowed in coordinates, not in a shape or stride",
            Error::MixedPattern => "typed mixed layout: the run-time result's nesting or static leaves differ from the pattern computed at compile time",
            Error::MixedSlots => "typed mixed layout: the result has more run-time leaves than a typed mixed layout holds (16 shape and stride leaves)",
            Error::NodeLimit => "too large: a run-time shape or stride would hold more than 1048576 (2^20) nodes",
        }
    }

    /// Panics with the rule as message. Used in `const` items so that a violated
    /// precondition on static layouts is a compile error naming the rule.
    #[track_caller]
    pub const fn raise(self) -> ! {
        panic!("{}", self.rule())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::ModeOutOfRange { index, rank } => {
                write!(f, "mode index {index} out of range for rank {rank}")
            }
            other => f.write_str(other.rule()),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

/// `?` for `const fn`: unwraps a `Result` or returns its error.
#[macro_export]
#[doc(hidden)]
macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(e),
        }
    };
}
