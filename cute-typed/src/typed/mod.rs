//! The typed layer: `Layout<Shape, Stride>` over nested Rust tuples whose leaves
//! are static integers (`_4`: a decimal numeral in the zero-sized [`C`]) or
//! dynamic `i64`s. What is static stays static, is checked at compile time and
//! costs nothing at run time; what is dynamic is checked at run time (`Result`).
//!
//! # API summary (for the `layout!` macro and the compile-error suite)
//!
//! **Integers.**
//! * `_0 … _256` and the powers of two `_512 … _65536` are each a type *and* a
//!   `const` value: `pub type _4 = C<D4>; pub const _4: _4 = C::new();`.
//!   Other static values are written in decimal digits ([`numeral`]):
//!   `C<(D3, D2, D0)>` / `C::<(D3, D2, D0)>::new()` is 320.
//! * Dynamic leaves are `i64` (the only integer type implementing the traits, so
//!   the literal `8` in `(_4, 8)` is an `i64`); `i32`, `u32`, `usize`, `isize` and `u64` leaves are run-time integers too, computed in `i64` ([`Error::Overflow`](crate::Error::Overflow) past it).
//! * [`IntLike`] (`STATIC: Option<i64>`, `value`, `to_dint`, `from_value`),
//!   [`IntMul`]/[`IntAdd`]/[`IntDiv`] (static ⊗ static is static), `_4 * _8: _32`.
//!
//! **Tuples.** [`IntTuple`] for leaves, `()` and Rust tuples of 1 to 8 IntTuples:
//! `RANK`, `DEPTH`, `LEAVES`, `IS_STATIC`, `PATTERN` (a hidden fixed-form tuple: nesting + static
//! leaves), `STATIC`, `to_dynamic` (a `DTuple`), `from_dtuple` (checked),
//! `product`, `get::<I>()` ([`Get`]), `get_path`, `idx2crd`. Facts as bounds:
//! [`Congruent`], [`WeaklyCongruent`]; as `const fn`s: [`congruent`],
//! [`weakly_congruent`], [`static_compatible`]. [`make_shape`], [`make_stride`],
//! [`make_coord`] take one tuple (Rust has no variadic functions).
//!
//! **Layouts.** [`Layout<S, D>`](Layout) with `S: Congruent<D>`. Constructors
//! return the layout itself when every leaf is static (checked at compile time)
//! and `Result<Layout, Error>` otherwise:
//! * `Layout::new(shape, stride)` = [`make_layout_strided`]; `Layout::try_new`
//!   always returns a `Result`;
//! * [`make_layout`] (LayoutLeft), [`make_layout_right`], [`make_layout_with`]
//!   (`LayoutLeft`/`LayoutRight`): the stride *type* is computed by the type system
//!   ([`CompactStride`], [`CompactOf`]): `make_layout((_4, _8)): Layout<(_4, _8), (_1, _4)>`.
//! * `Layout::from_dynamic(&DLayout)` / `TryFrom<DLayout>` (checked), `to_dynamic()`.
//! * `eval`/`call`/`crd2idx(coord)` with a 1-D, R-D or natural coordinate (a
//!   coordinate of the wrong structure does not compile: [`CoordOf`]), `idx2crd`,
//!   `size`, `cosize`, `rank`, `depth`, `shape`, `stride`, `get::<I>()`, `Display`
//!   in CuTe notation with `_` marks. A fully static layout is zero-sized and
//!   implements [`StaticLayout`] (`LAYOUT: DLayout`, `SIZE`, `COSIZE`).
//!
//! **Algebra, static in → static out.** Every function takes layout operands
//! ([`LayoutOperand`]: `Layout`, static results, `DLayout`), tilers
//! ([`TilerOperand`]: a layout, an integer `n` meaning `n:1`, or a tuple of tilers)
//! and IntTuples. All static: a zero-sized marker (`Composed<A, B>`, …) whose
//! `StaticLayout::LAYOUT` is the `const fn` of [`crate::algebra`] evaluated at
//! compile time; a violated precondition is a compile error whose message is the
//! rule. Typed inputs with run-time leaves: `Result<Mixed<…>, Error>`, a typed
//! mixed layout whose nesting and static leaves are a compile-time pattern and
//! whose run-time leaves are computed by the same `const fn` at run time
//! ([`mixed`]; for the operations that complement a layout, only when its
//! strides are static, as in C++). A `DLayout`/`DTiler` operand, or run-time
//! strides where C++ does not complement: `Result<DLayout, Error>`. Functions: [`coalesce`], [`coalesce_profile`], [`filter`],
//! [`composition`], [`complement`], [`complement_default`], [`right_inverse`],
//! [`left_inverse`], [`max_common_layout`], [`max_common_vector`] (an `i64`),
//! [`make_layout_like`], [`nullspace`], [`logical_divide`], [`zipped_divide`],
//! [`tiled_divide`], [`flat_divide`], [`logical_product`], [`zipped_product`],
//! [`tiled_product`], [`flat_product`], [`blocked_product`], [`raked_product`],
//! [`tile_to_shape`], [`tile_to_shape_ordered`], [`upcast`], [`downcast`],
//! [`take`], [`group`], [`replace`], [`append`], [`prepend`], [`flatten`],
//! [`slice()`], [`dice`]. Always dynamic: [`select`] and [`slice_and_offset`].
//! Static and mixed results implement [`LayoutLike`] (size, cosize, eval,
//! `Display`, `to_dynamic`) like `Layout` does, and are operands of the next
//! operation.
//!
//! **Compile errors.** Trait bounds carry short `on_unimplemented` messages:
//! "shape and stride must be congruent integer tuples: the same nesting, every leaf a static integer (`_4`) or a run-time integer",
//! "the coordinate does not match the layout's shape", "mode index {I} is out of
//! range", "`T` is not a CuTe integer", "`T` is not an integer tuple", "`T` is not
//! a layout", "`T` is not a tiler". Value rules on static leaves (shape entries
//! positive, overflow, every algebra precondition) are `const` evaluation errors
//! with [`Error::rule`](crate::Error::rule) as message, pointing at the caller's
//! line; rustc prints the layouts' types in the notes, and static integers print
//! as decimal digits (`C<(D1, D6)>` is 16). They appear in `cargo build`/`test`/`run`, **not in `cargo check`**
//! (Rust 1.95 does not evaluate constants of generic code in check builds);
//! [`check_static!`](crate::check_static) forces one in a `const` item, which
//! `cargo check` does evaluate.
mod compact;
mod coord;
mod flag;
mod int;
mod layout;
mod layout_like;
pub mod mixed;
mod modes;
pub mod numeral;
mod operand;
mod ops_core;
mod ops_list;
mod ops_modes;
pub(crate) mod static_eval;
pub(crate) mod static_result;
pub(crate) mod tuple;

pub use compact::*;
pub use coord::*;
pub use flag::{And, False, StaticFlag, True};
pub use int::*;
pub use layout::*;
pub use layout_like::*;
pub use mixed::{Kind, Mix, Mixed, MixedPattern, MIXED_SLOTS};
pub use modes::{AnyModes, Modes, ModesAtLeast, TilerFits};
pub use numeral::{
    Decimal, Digit, LeadingDigit, Numeral, ToBinary, D0, D1, D2, D3, D4, D5, D6, D7, D8, D9,
};
pub use operand::{DTilerArg, TilerOperand};
pub use ops_core::*;
pub use ops_list::*;
pub use ops_modes::*;
pub use static_result::{Dispatch, DispatchInt, Out, StaticInt};
pub use tuple::{
    compatible, congruent, make_shape, make_stride, static_compatible, weakly_congruent, Congruent,
    Get, IntTuple, WeaklyCongruent,
};
/// typenum, the arithmetic behind static integers ([`ToBinary`], [`Decimal`]):
/// `C<Decimal<typenum::U320>>` is `C<(D3, D2, D0)>`.
pub use typenum;
