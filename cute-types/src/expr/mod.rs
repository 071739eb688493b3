//! The expression evaluator behind the `cute eval` calculator (and the
//! `layout!` macro's algebra inside literals).
//!
//! The grammar and the meaning of every function and argument position are those
//! of the conformance README (`shared/conformance/README.md`):
//!
//! ```text
//! expr     := call | layout | tiler | int
//! call     := name '(' expr (',' expr)* ')'
//! tiler    := '[' expr (',' expr)* ']'
//! layout   := inttuple ':' inttuple | inttuple     (see crate::text)
//! ```
//!
//! Every integer the calculator reads is static, so results are those of CuTe C++
//! with `Int<N>` leaves. Results print in CuTe notation without spaces and without
//! static `_` marks.
//!
//! ```
//! use cute_types::expr::eval_line;
//! assert_eq!(eval_line("coalesce((4,(2,2)):(1,(4,8)))"), "16:1");
//! assert_eq!(eval_line("size((4,(2,3)))"), "24");
//! assert!(eval_line("frobnicate(4:1)").starts_with("error: "));
//! ```
extern crate alloc;

mod args;
mod error;
mod functions;
#[cfg(feature = "std")]
mod lines;
mod parse;
#[cfg(all(test, feature = "std"))]
mod tests;
mod value;

use alloc::string::String;
use core::fmt::Write;
use parse::ParsedN;

pub use error::ExprError;
#[cfg(feature = "std")]
pub use lines::{eval_lines, eval_lines_on};
pub use parse::{parse, Children, Expr, ExprKind, ExprN, Parsed, MAX_NESTING};
pub use value::{Value, ValueN};

/// Parses and evaluates one expression.
///
/// ```
/// use cute_types::expr::{evaluate, Value};
/// let v = evaluate("shape((4,(2,3)):(1,(4,8)))").unwrap();
/// assert_eq!(v.to_string(), "(4,(2,3))");
/// ```
pub fn evaluate(src: &str) -> Result<Value, ExprError> {
    evaluate_n(&mut ParsedN::new(), src)
}

/// [`evaluate`] with room for `N` nodes per tuple, parsing into `parsed`.
fn evaluate_n<const N: usize>(parsed: &mut ParsedN<N>, src: &str) -> Result<ValueN<N>, ExprError> {
    functions::evaluate_expr(parsed.parse(src)?)
}

/// Storage for parsing lines at each capacity, kept from line to line so that
/// parsing allocates nothing once it has grown.
#[derive(Default)]
pub(crate) struct Scratch {
    small: ParsedN<{ SMALL_CAPACITIES[0] }>,
    medium: ParsedN<{ SMALL_CAPACITIES[1] }>,
    full: ParsedN<{ crate::dynamic::CAPACITY }>,
}

/// The capacities (nodes per tuple) the calculator tries before the full
/// [`crate::dynamic::CAPACITY`], smallest first.
///
/// Values are `Copy` arrays, copied whole whatever they hold, so a line costs
/// roughly in proportion to the capacity it is evaluated at. Most lines fit in
/// 8 nodes; a line that runs out of room is evaluated again at the next
/// capacity. The algorithms are the same at every capacity and only running
/// out of room depends on it, so the answer is always the full-capacity one.
pub const SMALL_CAPACITIES: [usize; 2] = [8, 16];

/// The calculator's output line for `src`: the value in CuTe notation (no spaces,
/// no `_` marks), or `error: <message>`.
pub fn eval_line(src: &str) -> String {
    let mut out = String::new();
    write_result(&mut out, src, &mut Scratch::default());
    out
}

/// Appends the output line for `src` (without newline) to `out`; returns whether it is an error.
pub(crate) fn write_result(out: &mut String, src: &str, scratch: &mut Scratch) -> bool {
    if let Some(is_error) = write_if_room(out, src, &mut scratch.small) {
        return is_error;
    }
    if let Some(is_error) = write_if_room(out, src, &mut scratch.medium) {
        return is_error;
    }
    write_outcome(out, evaluate_n(&mut scratch.full, src))
}

/// Evaluates `src` at capacity `N` and writes the outcome, unless it ran out of
/// room (`None`: nothing written). Otherwise returns whether it is an error.
fn write_if_room<const N: usize>(
    out: &mut String,
    src: &str,
    parsed: &mut ParsedN<N>,
) -> Option<bool> {
    match evaluate_n(parsed, src) {
        Err(e) if e.is_capacity() => None,
        r => Some(write_outcome(out, r)),
    }
}

fn write_outcome<const N: usize>(out: &mut String, r: Result<ValueN<N>, ExprError>) -> bool {
    match r {
        Ok(v) => {
            v.write_to(out);
            false
        }
        Err(e) => {
            // Writing into a String cannot fail.
            let _ = write!(out, "error: {e}");
            true
        }
    }
}
