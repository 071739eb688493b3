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

pub use error::ExprError;
#[cfg(feature = "std")]
pub use lines::eval_lines;
pub use parse::{parse, Expr, MAX_NESTING};
pub use value::Value;

/// Parses and evaluates one expression.
///
/// ```
/// use cute_types::expr::{evaluate, Value};
/// let v = evaluate("shape((4,(2,3)):(1,(4,8)))").unwrap();
/// assert_eq!(v.to_string(), "(4,(2,3))");
/// ```
pub fn evaluate(src: &str) -> Result<Value, ExprError> {
    functions::evaluate_expr(&parse(src)?)
}

/// The calculator's output line for `src`: the value in CuTe notation (no spaces,
/// no `_` marks), or `error: <message>`.
pub fn eval_line(src: &str) -> String {
    let mut out = String::new();
    write_result(&mut out, src);
    out
}

/// Appends the output line for `src` (without newline) to `out`; returns whether it is an error.
pub(crate) fn write_result(out: &mut String, src: &str) -> bool {
    match evaluate(src) {
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
