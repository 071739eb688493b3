//! Mode counts as types, so that the rank rule of by-mode tilers is a trait
//! bound: `cargo check` reports it at the caller's line, before any constant is
//! evaluated.
//!
//! Rule (CuTe's by-mode composition, divides and products): a tuple tiler
//! `(t0, …, t(m-1))` applies `ti` to mode `i` of the layout, so it needs
//! `m ≤ rank(layout)`. A tiler that is one layout or one integer applies to
//! the whole layout and fits any layout.
//!
//! ```compile_fail,E0277
//! use cute_typed::typed::*;
//! // A tiler of 3 modes for a layout of 2 modes: refused by the type checker.
//! let _ = logical_divide(make_layout((_4, _8)), (_2, _2, _2));
//! ```
//!
//! ```
//! use cute_typed::typed::*;
//! let d = logical_divide(make_layout((_4, _8)), (_2, _2));
//! assert_eq!(d.to_string(), "((_2,_2),(_2,_4)):((_1,_2),(_4,_8))");
//! ```

/// A layout or tuple tiler of `N` top-level modes, as a type.
#[derive(Clone, Copy, Debug, Default)]
pub struct Modes<const N: usize>;

/// A mode count the type does not carry: a run-time layout, a static result
/// (its shape is computed in a constant), or a tiler that applies to the whole
/// layout. The rank rule is then checked when the value is known (at compile
/// time for static results, at run time otherwise).
#[derive(Clone, Copy, Debug, Default)]
pub struct AnyModes;

/// `Self` (a layout's mode count) can take a by-mode tiler of `T` modes.
#[diagnostic::on_unimplemented(
    message = "the tiler has more modes than the layout: a `{T}` tiler for a `{Self}` layout",
    label = "this layout has fewer modes than the tiler",
    note = "a tuple tiler applies its i-th entry to mode i of the layout, so it can have at most rank(layout) entries; group the tiler's entries or the layout's modes"
)]
pub trait TilerFits<T> {}

/// The table behind [`TilerFits`] (one impl per admissible pair). Kept apart so
/// that a violation reports the rule, not the table.
pub trait ModesAtLeast<T> {}

#[diagnostic::do_not_recommend]
impl<L: ModesAtLeast<T>, T> TilerFits<T> for L {}

impl<T> ModesAtLeast<T> for AnyModes {}

macro_rules! fits {
    ($n:literal: $($m:literal)*) => {
        impl ModesAtLeast<AnyModes> for Modes<$n> {}
        $(impl ModesAtLeast<Modes<$m>> for Modes<$n> {})*
    };
}
fits!(0: 0);
fits!(1: 0 1);
fits!(2: 0 1 2);
fits!(3: 0 1 2 3);
fits!(4: 0 1 2 3 4);
fits!(5: 0 1 2 3 4 5);
fits!(6: 0 1 2 3 4 5 6);
fits!(7: 0 1 2 3 4 5 6 7);
fits!(8: 0 1 2 3 4 5 6 7 8);
