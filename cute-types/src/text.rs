//! The one text grammar of cute-rs, shared by `FromStr`/`Display`, the `layout!`
//! macro and the `cute` CLI.
//!
//! ```text
//! layout   := inttuple ':' inttuple      # shape:stride
//!           | inttuple                   # shape only: compact column-major
//! inttuple := int | '(' inttuple (',' inttuple)* ')' | '(' ')'
//! int      := '-'? digits                # dynamic
//!           | '_' digits                 # static (`_4`)
//! coord    := inttuple with '_' allowed as a leaf (the slicing placeholder)
//! ```
//! Whitespace is insignificant.
use core::fmt;
use core::str::FromStr;

use crate::dynamic::{DInt, FixedLayout, FixedTuple};
use crate::error::Error;

mod line_safe;
#[cfg(feature = "alloc")]
pub use line_safe::escape_line_tail;
pub use line_safe::{is_line_unsafe, LineSafe};

/// A syntax or semantic error in layout text, with the byte offset it points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset of the offending character in the input.
    pub pos: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with layout text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that cannot start or continue the expected item.
    Unexpected(char),
    /// The text ended where more was expected.
    UnexpectedEnd,
    /// Text after a complete layout or tuple.
    Trailing(char),
    /// A literal that does not fit in `i64`.
    IntOverflow,
    /// `_` followed by something that is not digits (`_-4`), outside coordinates.
    BadStatic,
    /// The parsed value violates a rule (non-congruent, zero shape, too large…).
    Invalid(Error),
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Unexpected(c) => {
                write!(
                    f,
                    "unexpected character '{}'",
                    LineSafe(c.encode_utf8(&mut [0; 4]))
                )
            }
            ParseErrorKind::UnexpectedEnd => f.write_str("unexpected end of input"),
            ParseErrorKind::Trailing(c) => {
                write!(
                    f,
                    "unexpected '{}' after the end",
                    LineSafe(c.encode_utf8(&mut [0; 4]))
                )
            }
            ParseErrorKind::IntOverflow => f.write_str("integer literal does not fit in 64 bits"),
            ParseErrorKind::BadStatic => {
                f.write_str("'_' must be followed by digits (a static integer such as _4)")
            }
            ParseErrorKind::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at column {}", self.kind, self.pos + 1)
    }
}

impl ParseError {
    /// Renders the error with a caret under the offending character:
    /// ```text
    /// (4,3,3):9
    ///         ^ shape and stride are not congruent ...
    /// ```
    pub fn caret<'a>(&'a self, input: &'a str) -> impl fmt::Display + 'a {
        Caret { err: self, input }
    }
}

struct Caret<'a> {
    err: &'a ParseError,
    input: &'a str,
}

impl fmt::Display for Caret<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The input is shown escaped, so that it stays one line; the caret
        // counts the escaped width of what precedes the error.
        writeln!(f, "{}", LineSafe(self.input))?;
        let col = self
            .input
            .get(..self.err.pos)
            .map_or(self.err.pos, |s| LineSafe(s).width());
        for _ in 0..col {
            f.write_str(" ")?;
        }
        write!(f, "^ {}", self.err.kind)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseError {}

/// A cursor over layout text. Public so that the calculator and the macro can
/// parse layouts embedded in larger expressions with the same rules.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    src: &'a [u8],
    /// Current byte offset.
    pub pos: usize,
    /// Whether `_-4` (a negative static integer, as CuTe prints `Int<-4>`) is
    /// accepted. On by default so that parse ∘ print is the identity; the
    /// calculator's grammar turns it off (there `_` marks non-negative literals only).
    pub negative_static: bool,
    /// Whether every integer read is static, `_` or not (the calculator's
    /// reading: all its integers are known). Off by default.
    pub all_static: bool,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `src`.
    pub fn new(src: &'a str) -> Self {
        Cursor {
            src: src.as_bytes(),
            pos: 0,
            negative_static: true,
            all_static: false,
        }
    }
    /// Skips whitespace and returns the next byte without consuming it.
    pub fn peek(&mut self) -> Option<u8> {
        while self.pos < self.src.len() && self.src[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        self.src.get(self.pos).copied()
    }
    /// Consumes `c` if it is next.
    pub fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    /// An error at the current position for the next character (or the end).
    pub fn unexpected(&mut self) -> ParseError {
        match self.peek() {
            Some(_) => ParseError {
                pos: self.pos,
                kind: ParseErrorKind::Unexpected(self.next_char()),
            },
            None => ParseError {
                pos: self.pos,
                kind: ParseErrorKind::UnexpectedEnd,
            },
        }
    }
    fn next_char(&self) -> char {
        core::str::from_utf8(&self.src[self.pos..])
            .ok()
            .and_then(|s| s.chars().next())
            .unwrap_or('?')
    }
    /// Consumes `c` or fails pointing at what is there instead.
    pub fn expect(&mut self, c: u8) -> Result<(), ParseError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }
    /// Fails unless only whitespace remains.
    pub fn finish(&mut self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(ParseError {
                pos: self.pos,
                kind: ParseErrorKind::Trailing(self.next_char()),
            }),
        }
    }
    fn digits(&mut self, start: usize, negative: bool) -> Result<i64, ParseError> {
        let begin = self.pos;
        let mut v: i64 = 0;
        while let Some(&b) = self.src.get(self.pos) {
            if !b.is_ascii_digit() {
                break;
            }
            let d = (b - b'0') as i64;
            v = v
                .checked_mul(10)
                .and_then(|v| {
                    if negative {
                        v.checked_sub(d)
                    } else {
                        v.checked_add(d)
                    }
                })
                .ok_or(ParseError {
                    pos: start,
                    kind: ParseErrorKind::IntOverflow,
                })?;
            self.pos += 1;
        }
        if self.pos == begin {
            return Err(self.unexpected());
        }
        Ok(v)
    }
    /// Parses an integer leaf: `4`, `-4` (dynamic) or `_4` (static). With
    /// `allow_star`, a lone `_` is the slicing placeholder.
    pub fn int_leaf<T: TupleText>(&mut self, allow_star: bool) -> Result<T, ParseError> {
        Ok(match self.leaf(allow_star)? {
            Leaf::Int(v) => T::int(v),
            Leaf::Star => T::underscore(),
        })
    }
    /// The leaf at the cursor (see [`Cursor::int_leaf`]).
    fn leaf(&mut self, allow_star: bool) -> Result<Leaf, ParseError> {
        let start = match self.peek() {
            Some(_) => self.pos,
            None => return Err(self.unexpected()),
        };
        if self.eat(b'_') {
            match self.src.get(self.pos) {
                Some(b) if b.is_ascii_digit() => Ok(Leaf::Int(DInt::s(self.digits(start, false)?))),
                Some(b'-')
                    if self.negative_static
                        && matches!(self.src.get(self.pos + 1), Some(b) if b.is_ascii_digit()) =>
                {
                    self.pos += 1;
                    Ok(Leaf::Int(DInt::s(self.digits(start, true)?)))
                }
                _ if allow_star && !matches!(self.src.get(self.pos), Some(b'-')) => Ok(Leaf::Star),
                _ => Err(ParseError {
                    pos: start,
                    kind: ParseErrorKind::BadStatic,
                }),
            }
        } else {
            let negative = self.eat(b'-');
            if negative && !matches!(self.src.get(self.pos), Some(b) if b.is_ascii_digit()) {
                return Err(self.unexpected());
            }
            let value = self.digits(start, negative)?;
            Ok(Leaf::Int(DInt {
                value,
                is_static: self.all_static,
            }))
        }
    }
    /// Parses an IntTuple (`4`, `_4`, `(4,(2,_2))`, `()`); `allow_star` permits `_` leaves.
    ///
    /// The tuple is built in place, node by node, into the result: no
    /// intermediate tuple per leaf or per mode (their copies were most of the
    /// calculator's parsing time).
    pub fn int_tuple<T: TupleText>(&mut self, allow_star: bool) -> Result<T, ParseError> {
        let start = self.peek().map(|_| self.pos).unwrap_or(self.pos);
        if self.eat(b'(') {
            let mut t = T::empty();
            self.tuple_rest(&mut t, 0, start, 1, allow_star)?;
            return Ok(t);
        }
        match self.peek() {
            Some(b'_' | b'-' | b'0'..=b'9') => self.int_leaf(allow_star),
            _ => Err(self.unexpected()),
        }
    }
    /// After the `(` of tuple node `node` of `t` (written at `start`, nested
    /// `depth` deep): its children and the closing `)`. Children are appended
    /// under `node`, which is always the innermost open tuple, so the prefix
    /// order of `t` stays intact.
    ///
    /// Text nested deeper than [`TupleText::MAX_DEPTH`] is refused as
    /// [`Error::Capacity`] before the recursion could exhaust the stack (a
    /// fixed-capacity tuple could not hold it anyway).
    fn tuple_rest<T: TupleText>(
        &mut self,
        t: &mut T,
        node: usize,
        start: usize,
        depth: usize,
        allow_star: bool,
    ) -> Result<(), ParseError> {
        let full = |e| ParseError {
            pos: start,
            kind: ParseErrorKind::Invalid(e),
        };
        if self.eat(b')') {
            return Ok(());
        }
        loop {
            let child_start = self.peek().map(|_| self.pos).unwrap_or(self.pos);
            if self.eat(b'(') {
                if depth >= T::MAX_DEPTH {
                    return Err(ParseError {
                        pos: child_start,
                        kind: ParseErrorKind::Invalid(Error::Capacity),
                    });
                }
                let child = t.push_tuple_under(node).map_err(full)?;
                self.tuple_rest(t, child, child_start, depth + 1, allow_star)?;
            } else {
                if !matches!(self.peek(), Some(b'_' | b'-' | b'0'..=b'9')) {
                    return Err(self.unexpected());
                }
                let pushed = match self.leaf(allow_star)? {
                    Leaf::Int(v) => t.push_int_under(node, v),
                    Leaf::Star => t.push_underscore_under(node),
                };
                pushed.map_err(full)?;
            }
            if self.eat(b')') {
                return Ok(());
            }
            self.expect(b',')?;
        }
    }
    /// Parses `shape:stride` or a bare shape (compact column-major).
    pub fn layout<L: LayoutText>(&mut self) -> Result<L, ParseError> {
        self.peek();
        let shape_pos = self.pos;
        let shape = self.int_tuple::<L::Tuple>(false)?;
        if self.peek() == Some(b':') {
            if let Some(layout) = self.stride_of(shape, shape_pos)? {
                return Ok(layout);
            }
            // (`stride_of` reads the `:` just seen: it always gives a layout)
            return Err(self.unexpected());
        }
        L::col_major(shape).map_err(|e| ParseError {
            pos: shape_pos,
            kind: ParseErrorKind::Invalid(e),
        })
    }
    /// After the IntTuple `shape` (written at `shape_pos`): `:stride` makes it
    /// the layout `shape:stride`; without a `:` there is no layout (`None`) and
    /// nothing is consumed. So a caller reads a literal once, whichever it is.
    pub fn stride_of<L: LayoutText>(
        &mut self,
        shape: L::Tuple,
        shape_pos: usize,
    ) -> Result<Option<L>, ParseError> {
        if !self.eat(b':') {
            return Ok(None);
        }
        self.peek();
        let stride_pos = self.pos;
        let stride = self.int_tuple::<L::Tuple>(false)?;
        L::new(shape, stride).map(Some).map_err(|e| ParseError {
            // A stride that does not fit the shape is pointed at.
            pos: if matches!(e, Error::NotCongruent) {
                stride_pos
            } else {
                shape_pos
            },
            kind: ParseErrorKind::Invalid(e),
        })
    }
}

/// A tuple type the text grammar builds: the fixed-capacity
/// [`FixedTuple`] and the run-time [`DTuple`](crate::dynamic::DTuple), so that the
/// grammar is written once for both.
pub trait TupleText: Sized {
    /// Deepest nesting read (deeper text is [`Error::Capacity`]).
    const MAX_DEPTH: usize;
    /// The integer `v`.
    fn int(v: DInt) -> Self;
    /// The placeholder `_`.
    fn underscore() -> Self;
    /// The empty tuple `()`.
    fn empty() -> Self;
    /// Appends an empty tuple under tuple node `parent`; returns its node.
    fn push_tuple_under(&mut self, parent: usize) -> Result<usize, Error>;
    /// Appends the integer `v` under tuple node `parent`.
    fn push_int_under(&mut self, parent: usize, v: DInt) -> Result<(), Error>;
    /// Appends the placeholder `_` under tuple node `parent`.
    fn push_underscore_under(&mut self, parent: usize) -> Result<(), Error>;
}

/// A layout type the text grammar builds (see [`TupleText`]).
pub trait LayoutText: Sized {
    /// Its shape and stride.
    type Tuple: TupleText;
    /// `shape:stride` (the checks of [`DLayout::new`](crate::DLayout::new)).
    fn new(shape: Self::Tuple, stride: Self::Tuple) -> Result<Self, Error>;
    /// The compact column-major layout of `shape`.
    fn col_major(shape: Self::Tuple) -> Result<Self, Error>;
}

macro_rules! text_impls {
    ([$($g:tt)*] $T:ty, $L:ty, $depth:expr) => {
        impl $($g)* TupleText for $T {
            const MAX_DEPTH: usize = $depth;
            fn int(v: DInt) -> Self {
                <$T>::int(v)
            }
            fn underscore() -> Self {
                <$T>::underscore()
            }
            fn empty() -> Self {
                <$T>::empty()
            }
            fn push_tuple_under(&mut self, parent: usize) -> Result<usize, Error> {
                <$T>::push_tuple_under(self, parent)
            }
            fn push_int_under(&mut self, parent: usize, v: DInt) -> Result<(), Error> {
                <$T>::push_int_under(self, parent, v)
            }
            fn push_underscore_under(&mut self, parent: usize) -> Result<(), Error> {
                <$T>::push_underscore_under(self, parent)
            }
        }
        impl $($g)* LayoutText for $L {
            type Tuple = $T;
            fn new(shape: $T, stride: $T) -> Result<Self, Error> {
                <$L>::new(shape, stride)
            }
            fn col_major(shape: $T) -> Result<Self, Error> {
                <$L>::col_major(shape)
            }
        }
    };
}
// Every level of nesting is a node, so `N` levels never fit in `N` nodes.
text_impls!([] FixedTuple, FixedLayout, crate::dynamic::CAPACITY);
// The compact form has no 64-node ceiling; the nesting bound keeps the
// recursion of the reader within any thread's stack.
// (The run-time module is left out when doc tests are collected: its items
// carry the same docs as the `const fn`s, whose examples run once.)
#[cfg(feature = "alloc")]
text_impls!([] crate::dynamic::DTuple, crate::dynamic::rt::DLayout, MAX_TEXT_DEPTH);

/// Deepest nesting of tuple text read into the compact form.
pub const MAX_TEXT_DEPTH: usize = 1024;

/// One leaf of IntTuple text.
enum Leaf {
    Int(DInt),
    /// the slicing placeholder `_`
    Star,
}

/// Parses a whole IntTuple (no placeholders) into a run-time [`DTuple`](crate::DTuple).
///
/// ```
/// let t = cute_types::parse_tuple("(4,(2,_2))").unwrap();
/// assert_eq!(t.rank(), 2);
/// assert!(cute_types::parse_tuple("(1,_)").is_err());
/// ```
#[cfg(feature = "alloc")]
pub fn parse_tuple(s: &str) -> Result<crate::DTuple, ParseError> {
    parse_tuple_in(s)
}

/// Parses a whole coordinate, where `_` is the slicing placeholder.
#[cfg(feature = "alloc")]
pub fn parse_coord(s: &str) -> Result<crate::DTuple, ParseError> {
    parse_coord_in(s)
}

/// Parses a whole layout into a run-time [`DLayout`](crate::DLayout).
#[cfg(feature = "alloc")]
pub fn parse_layout(s: &str) -> Result<crate::DLayout, ParseError> {
    parse_layout_in(s)
}

/// [`parse_tuple`] into either form (the fixed one for the macros).
#[doc(hidden)]
pub fn parse_tuple_in<T: TupleText>(s: &str) -> Result<T, ParseError> {
    let mut c = Cursor::new(s);
    let t = c.int_tuple(false)?;
    c.finish()?;
    Ok(t)
}

/// [`parse_coord`] into either form.
#[doc(hidden)]
pub fn parse_coord_in<T: TupleText>(s: &str) -> Result<T, ParseError> {
    let mut c = Cursor::new(s);
    let t = c.int_tuple(true)?;
    c.finish()?;
    Ok(t)
}

/// [`parse_layout`] into either form.
#[doc(hidden)]
pub fn parse_layout_in<L: LayoutText>(s: &str) -> Result<L, ParseError> {
    let mut c = Cursor::new(s);
    let l = c.layout()?;
    c.finish()?;
    Ok(l)
}

// `FromStr` is implemented for the default capacity only, so that
// `"4:1".parse()` infers its type wherever a layout or tuple is expected.
impl FromStr for FixedLayout {
    type Err = ParseError;
    /// Parses CuTe notation: `(_4,(2,2)):(_4,(1,2))`, or a bare shape.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_layout_in(s)
    }
}

#[cfg(feature = "alloc")]
impl FromStr for crate::dynamic::rt::DLayout {
    type Err = ParseError;
    /// Parses CuTe notation: `(_4,(2,2)):(_4,(1,2))`, or a bare shape.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut c = Cursor::new(s);
        let l = c.layout()?;
        c.finish()?;
        Ok(l)
    }
}

#[cfg(feature = "alloc")]
impl FromStr for crate::dynamic::DTuple {
    type Err = ParseError;
    /// Parses an IntTuple or coordinate: `(4,(2,_2))`, `(1,_)`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut c = Cursor::new(s);
        let t = c.int_tuple(true)?;
        c.finish()?;
        Ok(t)
    }
}

impl FromStr for FixedTuple {
    type Err = ParseError;
    /// Parses an IntTuple or coordinate: `(4,(2,_2))`, `(1,_)`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_coord_in(s)
    }
}
