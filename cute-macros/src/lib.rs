//! Procedural macros of cute-rs: CuTe layout literals written as CuTe writes them.
//!
//! | macro | gives | example |
//! |---|---|---|
//! | [`layout!`] | a layout value | `layout!((4,(2,2)):(4,(1,2)))` |
//! | [`Layout!`] | a layout type | `type T = Layout![(4,8):(8,1)];` |
//! | [`shape!`], [`stride!`] | a nested tuple value | `shape!((4,(2,{n})))` |
//! | [`coord!`] | a coordinate value, `_` allowed | `coord!((1,_))` |
//! | [`IntTuple!`] | a nested tuple type | `IntTuple![(4,{})]` |
//!
//! Integer literals are static (zero-sized `_4` leaves, as `Int<4>` in CuTe);
//! a run-time value is written in braces, `{n}`, and becomes a dynamic leaf.
//! Algebra over literals, such as `layout!(composition((20):(2), (4,5):(1,4)))`,
//! is computed while the macro expands and gives the static result.
//!
//! The macros do not parse layouts themselves: the tokens are written out as
//! the text grammar of `cute_types::text` and parsed (or evaluated) there, so
//! the macro, the calculator and `FromStr` accept exactly the same layouts.
//! Errors point at the token that breaks a rule, in plain words.
//!
//! Use the macros through the `cute` crate, which re-exports them; the
//! expansions name items as `::cute::…`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod diag;
mod emit;
mod expand;
mod literal;
mod message;
mod model;
mod source;
#[cfg(test)]
mod tests;

use proc_macro::TokenStream;

use expand::TupleKind;
use source::Braces;

/// A layout value from CuTe notation: `shape:stride`, or a shape alone for the
/// compact column-major layout.
///
/// * Integer literals are static: `layout!((4,8):(1,4))` is a zero-sized
///   `Layout<(_4, _8), (_1, _4)>`.
/// * A shape alone gets compact column-major strides, computed as CuTe does
///   (a static mode of size 1 gets stride 0): `layout!((4,8))` is `(4,8):(1,4)`.
/// * `{expr}` is a run-time (dynamic) leaf, an `i64` in the layout (the
///   expression is converted by `cute::typed::dynamic`, so `i32`, `u32`… work;
///   write `{n as i64}` for a `usize`). Static and dynamic leaves mix freely:
///   `layout!((4,{n}):(1,4))`.
/// * What it gives is what the typed constructors give (`Layout::new`,
///   `make_layout`): the layout itself when every leaf is static (checked at
///   compile time), and `Result<Layout<…>, cute::Error>` when a run-time leaf
///   is present, because a run-time value may be zero or overflow.
/// * A negative literal (a stride) becomes an `i64` leaf: the typed layer's
///   static integers are unsigned.
/// * An algebra operation over literals is computed at expansion time and gives
///   its static result: `layout!(composition((20):(2), (4,5):(1,4)))` is
///   `(4,5):(2,8)`. The operations and argument forms are those of the `cute eval`
///   calculator ([`cute_calc`]): a by-mode tiler is written
///   `[2,4]`, and a bare `(2,4)` in a tiler's place is the layout `(2,4):(1,2)`.
///   Operands must be literals; with run-time values, build them with `layout!`
///   and call the typed function (`cute::typed::composition`, …).
///
/// ```
/// use cute::layout;
/// let a = layout!((4,(2,2)):(4,(1,2)));
/// assert_eq!(a.to_string(), "(_4,(_2,_2)):(_4,(_1,_2))");
/// let n = 6;
/// let b = layout!((4,{n}):(1,4)).unwrap();
/// assert_eq!(b.to_string(), "(_4,6):(_1,_4)");
/// assert_eq!(layout!((4,{n})).unwrap().to_string(), "(_4,6):(_1,_4)");
/// let c = layout!(composition((20):(2), (4,5):(1,4)));
/// assert_eq!(c.to_string(), "(_4,_5):(_2,_8)");
/// ```
///
/// Bad layouts do not compile, and the error points at the offending token:
///
/// ```compile_fail
/// // error: shape (4,(2,2)) has 3 leaves but stride (4,2) has 2: shape and stride must have the same nesting
/// let a = cute::layout!((4,(2,2)):(4,2));
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    match expand::layout(input.into(), Braces::Expr) {
        Ok(model) => emit::layout_value(&model).into(),
        Err(d) => d.into_compile_error().into(),
    }
}

/// A layout type from CuTe notation, for signatures and type aliases:
/// `Layout![(4,8):(8,1)]` is `Layout<(_4, _8), (_8, _1)>`.
///
/// Literals are static. A dynamic leaf is written `{}` (an `i64`) or
/// `{T}` (a leaf of type `T`). Algebra over literals is computed as in
/// [`layout!`], so the type of a static result can be named:
///
/// ```
/// use cute::{layout, Layout};
/// use cute::typed::{_1, _4, _8};
/// let _: Layout![(4,8):(8,1)] = cute::typed::Layout::<(_4, _8), (_8, _1)>::default();
/// type Tile = Layout![(4,8):(8,1)];
/// let t: Tile = layout!((4,8):(8,1));
/// type Dyn = Layout![(4,{}):(1,4)];
/// let d: Dyn = layout!((4,{7}):(1,4)).unwrap();
/// type C = Layout![composition((20):(2), (4,5):(1,4))];
/// let c: C = layout!((4,5):(2,8));
/// # let _ = (t, d, c);
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Layout(input: TokenStream) -> TokenStream {
    match expand::layout(input.into(), Braces::Type) {
        Ok(model) => emit::layout_type(&model).into(),
        Err(d) => d.into_compile_error().into(),
    }
}

/// A shape value: a nested tuple of positive integers, `shape!((4,(2,{n})))`.
///
/// Literals are static, `{expr}` leaves dynamic. Zero and negative literals are
/// refused.
///
/// ```
/// use cute::shape;
/// let n = 3;
/// let s = shape!((4,(2,{n})));
/// let (a, (b, c)) = s;
/// # let _ = (a, b, c);
/// ```
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    tuple_value(input, TupleKind::Shape)
}

/// A stride value: a nested tuple of integers (negative allowed), `stride!((1,(4,{ld})))`.
///
/// ```
/// use cute::stride;
/// let ld = 64;
/// let d = stride!((1,(4,{ld})));
/// # let _ = d;
/// ```
#[proc_macro]
pub fn stride(input: TokenStream) -> TokenStream {
    tuple_value(input, TupleKind::Stride)
}

/// A coordinate value: a nested tuple of integers where `_` is the slicing
/// placeholder, `coord!((1,_))`.
///
/// ```
/// use cute::coord;
/// let i = 2;
/// let c = coord!((1,({i},0)));
/// let s = coord!((_,3));
/// # let _ = (c, s);
/// ```
#[proc_macro]
pub fn coord(input: TokenStream) -> TokenStream {
    tuple_value(input, TupleKind::Coord)
}

/// A nested tuple type (shape, stride or coordinate type): `IntTuple![(4,(2,{}))]`
/// is `(_4, (_2, i64))`. `{}` is a dynamic `i64` leaf, `{T}` a leaf of type `T`.
///
/// ```
/// use cute::{shape, IntTuple};
/// let s: IntTuple![(4,(2,{}))] = shape!((4,(2,{5})));
/// # let _ = s;
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn IntTuple(input: TokenStream) -> TokenStream {
    match expand::tuple(input.into(), TupleKind::Stride, Braces::Type) {
        Ok(node) => emit::tuple_type(&node).into(),
        Err(d) => d.into_compile_error().into(),
    }
}

fn tuple_value(input: TokenStream, kind: TupleKind) -> TokenStream {
    match expand::tuple(input.into(), kind, Braces::Expr) {
        Ok(node) => emit::tuple_value(&node).into(),
        Err(d) => d.into_compile_error().into(),
    }
}
