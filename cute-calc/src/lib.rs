//! # cute-calc
//!
//! The expression evaluator behind the `cute eval` calculator (and the
//! `layout!` macro's algebra inside literals), over the `no_std` core
//! `cute-types`. The root crate `cute` re-exports it as `cute::expr`.
//!
//! The grammar and the meaning of every function and argument position are those
//! of the conformance README (`shared/conformance/README.md`):
//!
//! ```text
//! expr     := call | layout | tiler | int | swizzle | swizzled
//! call     := name '(' expr (',' expr)* ')'
//! tiler    := '[' expr (',' expr)* ']'
//! layout   := inttuple ':' inttuple | inttuple     (see cute_types::text)
//! swizzle  := 'Sw' '<' int ',' int ',' int '>'     (Swizzle<b,m,s>)
//! swizzled := swizzle 'o' int 'o' expr             (Sw<b,m,s> o offset o L)
//! ```
//!
//! Every value prints in this grammar, so an output reads back as itself (an
//! IntTuple reads back as that IntTuple where one is expected; alone on a line a
//! bare IntTuple is the column-major layout of that shape).
//!
//! Every integer the calculator reads is static, so results are those of CuTe C++
//! with `Int<N>` leaves. Results print in CuTe notation without spaces and without
//! static `_` marks.
//!
//! ```
//! use cute_calc::eval_line;
//! assert_eq!(eval_line("coalesce((4,(2,2)):(1,(4,8)))"), "16:1");
//! assert_eq!(eval_line("size((4,(2,3)))"), "24");
//! assert!(eval_line("frobnicate(4:1)").starts_with("error: "));
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod args;
mod error;
mod functions;
#[cfg(feature = "std")]
mod lines;
mod parse;
mod suggest;
#[cfg(all(test, feature = "std"))]
mod tests;
mod value;

use alloc::string::String;
use core::fmt::Write;
use parse::ParseStorage;

pub use error::ExprError;
pub use functions::{Function, FUNCTIONS};
#[cfg(feature = "std")]
pub use lines::{eval_lines, eval_lines_as, eval_lines_on, MAX_LINE_BYTES, MAX_WORKERS};
pub use parse::{parse, parse_as, Children, Expr, ExprKind, Parsed, MAX_NESTING};
pub use value::{Marked, Value};

/// Parses and evaluates one expression.
///
/// ```
/// use cute_calc::{evaluate, Value};
/// let v = evaluate("shape((4,(2,3)):(1,(4,8)))").unwrap();
/// assert_eq!(v.to_string(), "(4,(2,3))");
/// ```
pub fn evaluate(src: &str) -> Result<Value, ExprError> {
    evaluate_n(&mut ParseStorage::new(), src)
}

/// Parses and evaluates one expression in the mixed reading (`cute eval --mixed`):
/// `_N` is a static integer (C++ `Int<N>`) and a bare `N` a run-time `int`, and
/// each operation keeps static what CuTe C++ keeps static with that mix.
///
/// ```
/// use cute_calc::evaluate_mixed;
/// let v = evaluate_mixed("coalesce((2,_1,4):(1,_5,2))").unwrap();
/// assert_eq!(v.marked().to_string(), "(2,4):(1,2)");
/// assert_eq!(evaluate_mixed("size((_4,_8))").unwrap().marked().to_string(), "_32");
/// assert_eq!(evaluate_mixed("size((_4,8))").unwrap().marked().to_string(), "32");
/// ```
pub fn evaluate_mixed(src: &str) -> Result<Value, ExprError> {
    let mut parsed = ParseStorage::new();
    parsed.mixed = true;
    evaluate_n(&mut parsed, src)
}

/// [`evaluate`], parsing into `parsed`.
fn evaluate_n(parsed: &mut ParseStorage, src: &str) -> Result<Value, ExprError> {
    functions::evaluate_expr(parsed.parse(src)?)
}

/// Storage for parsing lines, kept from line to line so that parsing
/// allocates nothing once it has grown.
#[derive(Default)]
pub(crate) struct Scratch {
    parsed: ParseStorage,
}

impl Scratch {
    /// Storage for lines read as `reading` says.
    pub(crate) fn new(reading: Reading) -> Self {
        let mut s = Scratch::default();
        s.parsed.mixed = reading == Reading::Mixed;
        s
    }
    fn marks(&self) -> bool {
        self.parsed.mixed
    }
}

/// How the calculator reads integer literals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reading {
    /// Every literal is static (C++ `Int<N>`); results print without `_` marks.
    #[default]
    Static,
    /// `_N` is static and a bare `N` a run-time `int`; results print as C++
    /// prints them, static leaves marked `_`.
    Mixed,
}

/// The calculator's output line for `src`: the value in CuTe notation (no spaces,
/// no `_` marks), or `error: <message>`.
pub fn eval_line(src: &str) -> String {
    eval_line_as(src, Reading::Static)
}

/// The calculator's output line for `src` read as `reading` says.
///
/// ```
/// use cute_calc::{eval_line_as, Reading};
/// assert_eq!(eval_line_as("make_layout_like((8,_3):(32,24))", Reading::Mixed), "(8,_3):(_1,8)");
/// ```
pub fn eval_line_as(src: &str, reading: Reading) -> String {
    let mut out = String::new();
    write_result(&mut out, src, &mut Scratch::new(reading));
    out
}

/// Appends the output line for `src` (without newline) to `out`; returns whether it is an error.
pub(crate) fn write_result(out: &mut String, src: &str, scratch: &mut Scratch) -> bool {
    let marks = scratch.marks();
    write_outcome(out, evaluate_n(&mut scratch.parsed, src), marks)
}

fn write_outcome(out: &mut String, r: Result<Value, ExprError>, marks: bool) -> bool {
    match r {
        Ok(v) => {
            v.write_marked(out, marks);
            false
        }
        Err(e) => {
            let start = out.len();
            // Writing into a String cannot fail.
            let _ = write!(out, "error: {e}");
            // One input line, one output line: nothing the message echoes
            // from the input may break the line (checked on error lines only).
            cute_types::text::escape_line_tail(out, start);
            true
        }
    }
}
