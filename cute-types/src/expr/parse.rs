//! The calculator grammar, built on [`Cursor`] (layouts and IntTuples are read by
//! the one text grammar of the crate; this file only adds calls and tilers):
//!
//! ```text
//! expr   := call | layout | tiler | int
//! call   := name '(' expr (',' expr)* ')'
//! tiler  := '[' expr (',' expr)* ']'
//! ```
use super::alloc::boxed::Box;
use super::alloc::vec::Vec;
use super::error::ExprError;
use crate::dynamic::{DLayoutN, DTupleN, CAPACITY};
use crate::text::Cursor;

/// Deepest bracket nesting accepted (calls, tilers and tuples together).
///
/// Parsing and evaluation recurse once per level, and each level of the layout
/// types costs kilobytes of stack; 24 levels stay within a 2 MiB thread stack
/// even in debug builds, far beyond the nesting of real layouts. Deeper input is
/// refused with [`ExprError::TooDeep`] before any recursion starts.
pub const MAX_NESTING: usize = 24;

/// A parsed expression. Literals keep their written form, because what a bare
/// `(4,8)` means depends on the argument position it fills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprN<'a, const N: usize> {
    /// A bare IntTuple (`4`, `(4,(2,2))`), every leaf static.
    Tuple {
        /// the value
        value: Box<DTupleN<N>>,
        /// byte offset in the source
        pos: usize,
    },
    /// A `shape:stride` literal, every leaf static.
    Layout {
        /// the value
        value: Box<DLayoutN<N>>,
        /// byte offset in the source
        pos: usize,
    },
    /// A by-mode tiler `[e1, e2, …]`.
    Tiler {
        /// the entries
        items: Vec<ExprN<'a, N>>,
        /// byte offset of `[`
        pos: usize,
    },
    /// A function call `name(args…)`.
    Call {
        /// the function name as written
        name: &'a str,
        /// the arguments
        args: Vec<ExprN<'a, N>>,
        /// byte offset of the name
        pos: usize,
    },
}

/// A parsed expression of the default capacity.
pub type Expr<'a> = ExprN<'a, CAPACITY>;

impl<const N: usize> ExprN<'_, N> {
    /// Byte offset of the expression in the source.
    pub fn pos(&self) -> usize {
        match self {
            ExprN::Tuple { pos, .. }
            | ExprN::Layout { pos, .. }
            | ExprN::Tiler { pos, .. }
            | ExprN::Call { pos, .. } => *pos,
        }
    }
}

/// Parses a whole calculator expression.
pub fn parse(src: &str) -> Result<Expr<'_>, ExprError> {
    parse_n(src)
}

/// [`parse`] with room for `N` nodes per tuple.
pub(crate) fn parse_n<const N: usize>(src: &str) -> Result<ExprN<'_, N>, ExprError> {
    check_nesting(src)?;
    let mut c = Cursor::new(src);
    // The calculator's grammar: `_` marks non-negative literals only (`_-4` is an error).
    c.negative_static = false;
    // Every literal of the calculator is static.
    c.all_static = true;
    let e = expr(src, &mut c)?;
    c.finish()?;
    Ok(e)
}

/// Refuses inputs nested deeper than [`MAX_NESTING`] before any recursion starts.
fn check_nesting(src: &str) -> Result<(), ExprError> {
    // Nesting cannot exceed the number of opening brackets. Counting them is a
    // branch-free loop the compiler vectorises, while the depth walk below
    // branches on every bracket: this check was 5% of `cute eval`'s time.
    let opening = src
        .bytes()
        .map(|b| usize::from(b == b'(' || b == b'['))
        .sum::<usize>();
    if opening <= MAX_NESTING {
        return Ok(());
    }
    let mut depth = 0usize;
    for (pos, b) in src.bytes().enumerate() {
        match b {
            b'(' | b'[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(ExprError::TooDeep {
                        pos,
                        limit: MAX_NESTING,
                    });
                }
            }
            b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

fn expr<'a, const N: usize>(src: &'a str, c: &mut Cursor<'_>) -> Result<ExprN<'a, N>, ExprError> {
    match c.peek() {
        Some(b'[') => tiler(src, c),
        Some(b) if b.is_ascii_alphabetic() => call(src, c),
        _ => literal(c),
    }
}

/// `int`, `inttuple` or `inttuple:inttuple`, all leaves made static.
fn literal<'a, const N: usize>(c: &mut Cursor<'_>) -> Result<ExprN<'a, N>, ExprError> {
    c.peek();
    let pos = c.pos;
    let shape = c.int_tuple(false)?;
    Ok(match c.stride_of(shape, pos)? {
        Some(layout) => ExprN::Layout {
            value: Box::new(layout),
            pos,
        },
        None => ExprN::Tuple {
            value: Box::new(shape),
            pos,
        },
    })
}

fn tiler<'a, const N: usize>(src: &'a str, c: &mut Cursor<'_>) -> Result<ExprN<'a, N>, ExprError> {
    let pos = c.pos;
    c.expect(b'[')?;
    let items = list(src, c, b']')?;
    Ok(ExprN::Tiler { items, pos })
}

fn call<'a, const N: usize>(src: &'a str, c: &mut Cursor<'_>) -> Result<ExprN<'a, N>, ExprError> {
    let pos = c.pos;
    let len = src.as_bytes()[pos..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    let name = &src[pos..pos + len];
    c.pos += len;
    c.expect(b'(')?;
    let args = list(src, c, b')')?;
    Ok(ExprN::Call { name, args, pos })
}

/// `expr (',' expr)* close`.
fn list<'a, const N: usize>(
    src: &'a str,
    c: &mut Cursor<'_>,
    close: u8,
) -> Result<Vec<ExprN<'a, N>>, ExprError> {
    // Calls take at most a few arguments; room for 4 avoids regrowing.
    let mut items = Vec::with_capacity(4);
    loop {
        items.push(expr(src, c)?);
        if c.eat(close) {
            return Ok(items);
        }
        if !c.eat(b',') {
            return Err(c.unexpected().into());
        }
    }
}
