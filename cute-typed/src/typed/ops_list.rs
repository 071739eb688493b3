//! The typed functions of the operation list: `cute_types::for_each_op!` names
//! each operation once (its arguments' kinds, its doc comment with examples, its
//! static result and return alias, its entry point), and [`typed_ops!`] writes
//! each typed function from it. Static inputs give zero-sized static results,
//! typed inputs with run-time leaves typed mixed results ([`super::mixed`]; an
//! argument of kind `layout_ss`/`tiler_ss` only when its strides are static, as
//! C++ complements it), and a `DLayout` operand a run-time
//! `Result<DLayout, Error>` (see [`super::static_result`]). Definitions,
//! examples and preconditions are those of [`crate::algebra`].
//!
//! Below: the entry points the list names that are not an `algebra` function
//! or a `DLayout` method: a by-mode dispatch on the tiler, a method as a
//! `Result`, a default argument.
use super::coord::Coord;
use super::flag::True;
use super::int::IntLike;
use super::layout_like::LayoutOperand;
use super::mixed::{pattern_layout, pattern_tiler, pattern_tuple, Kind};
use super::modes::TilerFits;
use super::operand::{DTilerArg, TilerOperand};
use super::ops_macros::typed_ops;
use super::static_result::{static_layout, static_tiler, static_tuple};
use super::tuple::IntTuple;
use crate::algebra;
use crate::dynamic::{DLayout, DTuple};
use crate::error::Error;

cute_types::for_each_op!(typed_ops);

/// `composition` with a layout or a by-mode tiler.
const fn composition_any(a: &DLayout, b: &DTilerArg) -> Result<DLayout, Error> {
    match b {
        DTilerArg::Layout(b) => algebra::composition(a, b),
        // C++ composes an integral tiler `n` as `n:_1`, even a static 1.
        DTilerArg::Int(n) => match algebra::unit_stride(*n) {
            Ok(b) => algebra::composition(a, &b),
            Err(e) => Err(e),
        },
        DTilerArg::Tiler(t) => algebra::composition_tiler(a, t),
    }
}

/// `op(a, b)` for a layout `b`, `op_tiler(a, b)` for a by-mode tiler.
macro_rules! by_tiler {
    ($name:ident, $op:path, $op_tiler:path) => {
        const fn $name(a: &DLayout, b: &DTilerArg) -> Result<DLayout, Error> {
            match crate::tri!(b.as_layout_or_tiler()) {
                DTilerArg::Layout(b) => $op(a, &b),
                DTilerArg::Tiler(t) => $op_tiler(a, &t),
                // `as_layout_or_tiler` turned integers into layouts.
                DTilerArg::Int(_) => Err(Error::TilerRank),
            }
        }
    };
}

by_tiler!(
    logical_divide_any,
    algebra::logical_divide,
    algebra::logical_divide_tiler
);
by_tiler!(
    zipped_divide_any,
    algebra::zipped_divide,
    algebra::zipped_divide_tiler
);
by_tiler!(
    tiled_divide_any,
    algebra::tiled_divide,
    algebra::tiled_divide_tiler
);
by_tiler!(
    flat_divide_any,
    algebra::flat_divide,
    algebra::flat_divide_tiler
);
by_tiler!(
    logical_product_any,
    algebra::logical_product,
    algebra::logical_product_tiler
);
by_tiler!(
    zipped_product_any,
    algebra::zipped_product,
    algebra::zipped_product_tiler
);
by_tiler!(
    tiled_product_any,
    algebra::tiled_product,
    algebra::tiled_product_tiler
);
by_tiler!(
    flat_product_any,
    algebra::flat_product,
    algebra::flat_product_tiler
);

/// `tile_to_shape` with the copies advancing column-major.
const fn tile_to_shape_column_major(block: &DLayout, shape: &DTuple) -> Result<DLayout, Error> {
    algebra::tile_to_shape(block, shape, None)
}

/// `tile_to_shape` with an explicit mode order.
const fn tile_to_shape_in(
    block: &DLayout,
    shape: &DTuple,
    order: &DTuple,
) -> Result<DLayout, Error> {
    algebra::tile_to_shape(block, shape, Some(order))
}

/// The value of a static integer operand.
const fn static_int(v: Option<i64>) -> i64 {
    match v {
        Some(v) => v,
        None => Error::StaticMismatch.raise(),
    }
}

/// `flatten` as a `Result` (it cannot fail).
const fn flatten_ok(l: &DLayout) -> Result<DLayout, Error> {
    Ok(l.flatten())
}

/// The value of a static coordinate operand.
const fn static_coord<K: Coord>() -> DTuple {
    K::COORD_PATTERN
}
