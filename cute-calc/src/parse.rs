//! The calculator grammar, built on [`Cursor`] (layouts and IntTuples are read by
//! the one text grammar of the crate; this file only adds calls and tilers):
//!
//! ```text
//! expr     := call | layout | tiler | int | swizzle | swizzled
//! call     := name '(' expr (',' expr)* ')'
//! tiler    := '[' expr (',' expr)* ']'
//! swizzle  := 'Sw' '<' int ',' int ',' int '>'       # Swizzle<b,m,s>
//! swizzled := swizzle 'o' int 'o' expr               # Sw<b,m,s> o offset o L
//! ```
//!
//! `swizzle` and `swizzled` are how the calculator prints those values (C++'s
//! `print` of a swizzle and of a `DComposedLayout`, spaces dropped), so every
//! value printed reads back as itself. The inner expression of a `swizzled`
//! cannot itself start with `Sw` (no value prints so, and a chain of them would
//! nest without brackets).
//!
//! A parsed line is flat: its nodes in prefix order in one vector, the literal
//! values in two more. Parsing allocates nothing once these have grown to a
//! line's size, so the calculator keeps one [`Parsed`] per thread and reuses it
//! for every line (boxed literals and a vector per call cost a tenth of its time).
use super::error::ExprError;
use alloc::vec::Vec;
use cute_types::algebra::Swizzle;
use cute_types::dynamic::rt::{DLayout, DTuple};
use cute_types::dynamic::DInt;
use cute_types::error::Error;
use cute_types::text::{Cursor, ParseError, ParseErrorKind};

/// Deepest bracket nesting accepted (calls, tilers and tuples together).
///
/// Parsing and evaluation recurse once per level, and each level of the layout
/// types costs kilobytes of stack; 24 levels stay within a 2 MiB thread stack
/// even in debug builds, far beyond the nesting of real layouts. Deeper input is
/// refused with [`ExprError::TooDeep`] before any recursion starts.
pub const MAX_NESTING: usize = 24;

/// One node of a parsed line. `end` is the index just past the node's subtree,
/// which is where its next sibling starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Node {
    /// A bare IntTuple: `tuples[lit]`.
    Tuple { lit: u32, pos: u32 },
    /// A `shape:stride` literal: `layouts[lit]`.
    Layout { lit: u32, pos: u32 },
    /// `[…]` with `len` entries.
    Tiler { len: u32, end: u32, pos: u32 },
    /// `Sw<b,m,s>`: `swizzles[lit]` (its offset unused).
    Swizzle { lit: u32, pos: u32 },
    /// `Sw<b,m,s> o offset o L`: `swizzles[lit]`; `L` is the next node.
    Swizzled { lit: u32, end: u32, pos: u32 },
    /// `name(…)` with `len` arguments; the name is `name_len` bytes at `pos`.
    Call {
        name_len: u32,
        len: u32,
        end: u32,
        pos: u32,
    },
}

/// The storage of parsed lines, reusable from line to line.
#[derive(Clone, Debug, Default)]
pub struct ParseStorage {
    nodes: Vec<Node>,
    tuples: Vec<DTuple>,
    layouts: Vec<DLayout>,
    /// Swizzle literals with their offsets (`_0` for a lone swizzle).
    swizzles: Vec<(Swizzle, DInt)>,
    /// Whether a bare `N` is a run-time integer (`--mixed`); otherwise every literal is static.
    pub(crate) mixed: bool,
}

/// A parsed expression: a view of one node of a parsed line (the whole line
/// or a sub-expression). Literals keep their written form, because what a bare
/// `(4,8)` means depends on the argument position it fills.
#[derive(Clone, Copy, Debug)]
pub struct Expr<'p> {
    src: &'p str,
    parsed: &'p ParseStorage,
    node: usize,
}

/// What a parsed expression is.
#[derive(Clone, Copy, Debug)]
pub enum ExprKind<'p> {
    /// A bare IntTuple (`4`, `(4,(2,2))`), every leaf static.
    Tuple(&'p DTuple),
    /// A `shape:stride` literal, every leaf static.
    Layout(&'p DLayout),
    /// A by-mode tiler `[e1, e2, …]`.
    Tiler(Children<'p>),
    /// A function call `name(args…)`, with the name as written.
    Call(&'p str, Children<'p>),
    /// A swizzle literal `Sw<b,m,s>`.
    Swizzle(&'p Swizzle),
    /// A swizzled layout `Sw<b,m,s> o offset o L`, with `L` as written.
    /// (Held by reference: what `kind` returns is copied on the calculator's
    /// hot path, and stays as small as the other kinds so.)
    Swizzled {
        /// the swizzle
        swizzle: &'p Swizzle,
        /// the offset added before the swizzle
        offset: &'p DInt,
        /// the inner layout's expression
        layout: Expr<'p>,
    },
}

/// The entries of a tiler or the arguments of a call, in order.
#[derive(Clone, Copy, Debug)]
pub struct Children<'p> {
    first: Expr<'p>,
    len: usize,
}

impl<'p> Children<'p> {
    /// How many there are.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there are none (never, for parsed text: `f()` and `[]` are refused).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Entry `i`, if `i < len`. Walks the siblings before it: calls take a few
    /// arguments, and a walk is cheaper than keeping a list per call.
    pub fn get(&self, i: usize) -> Option<Expr<'p>> {
        if i >= self.len {
            return None;
        }
        let mut e = self.first;
        for _ in 0..i {
            e.node = e.parsed.end_of(e.node);
        }
        Some(e)
    }
    /// All of them, in order.
    pub fn iter(&self) -> impl Iterator<Item = Expr<'p>> + 'p {
        let mut next = self.first;
        (0..self.len).map(move |_| {
            let e = next;
            next.node = e.parsed.end_of(e.node);
            e
        })
    }
}

impl<'p> Expr<'p> {
    /// Byte offset of the expression in the source.
    pub fn pos(&self) -> usize {
        match self.parsed.nodes[self.node] {
            Node::Tuple { pos, .. }
            | Node::Layout { pos, .. }
            | Node::Tiler { pos, .. }
            | Node::Swizzle { pos, .. }
            | Node::Swizzled { pos, .. }
            | Node::Call { pos, .. } => pos as usize,
        }
    }
    /// What the expression is.
    pub fn kind(&self) -> ExprKind<'p> {
        let parsed = self.parsed;
        let children = |len: u32| Children {
            first: Expr {
                node: self.node + 1,
                ..*self
            },
            len: len as usize,
        };
        match parsed.nodes[self.node] {
            Node::Tuple { lit, .. } => ExprKind::Tuple(&parsed.tuples[lit as usize]),
            Node::Layout { lit, .. } => ExprKind::Layout(&parsed.layouts[lit as usize]),
            Node::Tiler { len, .. } => ExprKind::Tiler(children(len)),
            Node::Call {
                name_len, len, pos, ..
            } => {
                let name = &self.src[pos as usize..(pos + name_len) as usize];
                ExprKind::Call(name, children(len))
            }
            Node::Swizzle { lit, .. } => ExprKind::Swizzle(&parsed.swizzles[lit as usize].0),
            Node::Swizzled { lit, .. } => {
                let (swizzle, offset) = &parsed.swizzles[lit as usize];
                ExprKind::Swizzled {
                    swizzle,
                    offset,
                    layout: Expr {
                        node: self.node + 1,
                        ..*self
                    },
                }
            }
        }
    }
}

impl ParseStorage {
    /// Empty storage.
    pub const fn new() -> Self {
        ParseStorage {
            nodes: Vec::new(),
            tuples: Vec::new(),
            layouts: Vec::new(),
            swizzles: Vec::new(),
            mixed: false,
        }
    }
    /// Parses `src` into this storage (replacing what it held) and returns the
    /// whole expression.
    pub fn parse<'p>(&'p mut self, src: &'p str) -> Result<Expr<'p>, ExprError> {
        self.nodes.clear();
        self.tuples.clear();
        self.layouts.clear();
        self.swizzles.clear();
        check_nesting(src)?;
        // Positions are kept as `u32`.
        if u32::try_from(src.len()).is_err() {
            return Err(ExprError::TooLong { len: src.len() });
        }
        let mut c = Cursor::new(src);
        // The calculator's grammar: `_` marks non-negative literals only (`_-4` is an error).
        c.negative_static = false;
        // Every literal of the calculator is static, unless it reads mixed
        // integers (`_N` static, `N` run-time).
        c.all_static = !self.mixed;
        self.expr(src, &mut c)?;
        c.finish()?;
        Ok(Expr {
            src,
            parsed: self,
            node: 0,
        })
    }
    /// Index just past the subtree of node `i`.
    fn end_of(&self, i: usize) -> usize {
        match self.nodes[i] {
            Node::Tuple { .. } | Node::Layout { .. } | Node::Swizzle { .. } => i + 1,
            Node::Tiler { end, .. } | Node::Call { end, .. } | Node::Swizzled { end, .. } => {
                end as usize
            }
        }
    }
    fn expr(&mut self, src: &str, c: &mut Cursor<'_>) -> Result<(), ExprError> {
        match c.peek() {
            Some(b'[') => self.tiler(src, c),
            Some(b) if b.is_ascii_alphabetic() => self.call(src, c),
            _ => self.literal(c),
        }
    }
    /// `int`, `inttuple` or `inttuple:inttuple`, all leaves made static.
    fn literal(&mut self, c: &mut Cursor<'_>) -> Result<(), ExprError> {
        c.peek();
        let pos = c.pos;
        let shape: DTuple = c.int_tuple(false)?;
        // `pos < src.len() <= u32::MAX`; a literal takes a byte at least, so the counts fit too.
        let layout = if c.peek() == Some(b':') {
            c.stride_of(shape.clone(), pos)?
        } else {
            None
        };
        let node = match layout {
            Some(layout) => {
                self.layouts.push(layout);
                Node::Layout {
                    lit: (self.layouts.len() - 1) as u32,
                    pos: pos as u32,
                }
            }
            None => {
                self.tuples.push(shape);
                Node::Tuple {
                    lit: (self.tuples.len() - 1) as u32,
                    pos: pos as u32,
                }
            }
        };
        self.nodes.push(node);
        Ok(())
    }
    fn tiler(&mut self, src: &str, c: &mut Cursor<'_>) -> Result<(), ExprError> {
        let pos = c.pos as u32;
        c.expect(b'[')?;
        let at = self.open(Node::Tiler {
            len: 0,
            end: 0,
            pos,
        });
        let count = self.list(src, c, b']')?;
        self.close(at, count);
        Ok(())
    }
    fn call(&mut self, src: &str, c: &mut Cursor<'_>) -> Result<(), ExprError> {
        let pos = c.pos;
        let name_len = src.as_bytes()[pos..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        c.pos += name_len;
        if !c.eat(b'(') {
            // Not a call: a swizzle literal, or an error (tested only here,
            // off the path of calls).
            if &src[pos..pos + name_len] == "Sw" && c.peek() == Some(b'<') {
                return self.swizzle(src, c, pos);
            }
            return Err(c.unexpected().into());
        }
        let at = self.open(Node::Call {
            name_len: name_len as u32,
            len: 0,
            end: 0,
            pos: pos as u32,
        });
        let count = self.list(src, c, b')')?;
        self.close(at, count);
        Ok(())
    }
    /// After the `Sw` of a swizzle written at `pos`: `<b,m,s>`, and when an
    /// `o` follows, the offset and the inner layout of a swizzled layout.
    fn swizzle(&mut self, src: &str, c: &mut Cursor<'_>, pos: usize) -> Result<(), ExprError> {
        c.expect(b'<')?;
        let b = int_literal(c)?;
        c.expect(b',')?;
        let m = int_literal(c)?;
        c.expect(b',')?;
        let s = int_literal(c)?;
        c.expect(b'>')?;
        let swizzle = Swizzle::new(b.value, m.value, s.value).map_err(|e| ParseError {
            pos,
            kind: ParseErrorKind::Invalid(e),
        })?;
        // `pos < src.len() <= u32::MAX`, and each literal takes bytes.
        let lit = self.swizzles.len() as u32;
        let pos32 = pos as u32;
        if !c.eat(b'o') {
            self.swizzles.push((swizzle, DInt::s(0)));
            self.nodes.push(Node::Swizzle { lit, pos: pos32 });
            return Ok(());
        }
        let offset = int_literal(c)?;
        c.expect(b'o')?;
        self.swizzles.push((swizzle, offset));
        let at = self.open(Node::Swizzled {
            lit,
            end: 0,
            pos: pos32,
        });
        // No `Sw` directly inside: such chains would recurse once per link.
        if c.peek().is_some_and(|b| b == b'S') && src[c.pos..].starts_with("Sw") {
            return Err(c.unexpected().into());
        }
        self.expr(src, c)?;
        let end = self.nodes.len() as u32;
        if let Node::Swizzled { end: e, .. } = &mut self.nodes[at] {
            *e = end;
        }
        Ok(())
    }
    /// Pushes a tiler or call node whose children follow; returns its index.
    fn open(&mut self, node: Node) -> usize {
        self.nodes.push(node);
        self.nodes.len() - 1
    }
    /// Records the child count and the subtree's end in node `at`.
    fn close(&mut self, at: usize, count: u32) {
        let end = self.nodes.len() as u32;
        match &mut self.nodes[at] {
            Node::Tiler { len, end: e, .. } | Node::Call { len, end: e, .. } => {
                *len = count;
                *e = end;
            }
            Node::Tuple { .. }
            | Node::Layout { .. }
            | Node::Swizzle { .. }
            | Node::Swizzled { .. } => {}
        }
    }
    /// `expr (',' expr)* close`; returns how many expressions.
    fn list(&mut self, src: &str, c: &mut Cursor<'_>, close: u8) -> Result<u32, ExprError> {
        let mut count = 0;
        loop {
            self.expr(src, c)?;
            count += 1;
            if c.eat(close) {
                return Ok(count);
            }
            if !c.eat(b',') {
                return Err(c.unexpected().into());
            }
        }
    }
}

/// A parsed line that owns its storage (see [`parse`]).
#[derive(Clone, Debug)]
pub struct Parsed<'a> {
    src: &'a str,
    storage: ParseStorage,
}

impl<'a> Parsed<'a> {
    /// The whole expression.
    pub fn root(&self) -> Expr<'_> {
        Expr {
            src: self.src,
            parsed: &self.storage,
            node: 0,
        }
    }
}

/// Parses a whole calculator expression.
///
/// ```
/// use cute_calc::{parse, ExprKind};
/// let parsed = parse("size((4,8))").unwrap();
/// let ExprKind::Call(name, args) = parsed.root().kind() else { unreachable!() };
/// assert_eq!((name, args.len()), ("size", 1));
/// ```
pub fn parse(src: &str) -> Result<Parsed<'_>, ExprError> {
    parse_as(src, super::Reading::Static)
}

/// Parses a whole calculator expression read as `reading` says: with
/// [`Reading::Mixed`](super::Reading::Mixed), `_N` is static and a bare `N` a
/// run-time integer.
///
/// ```
/// use cute_calc::{parse_as, ExprKind, Reading};
/// let parsed = parse_as("(_4,8)", Reading::Mixed).unwrap();
/// let ExprKind::Tuple(t) = parsed.root().kind() else { unreachable!() };
/// assert_eq!(t.to_string(), "(_4,8)");
/// ```
pub fn parse_as(src: &str, reading: super::Reading) -> Result<Parsed<'_>, ExprError> {
    let mut storage = ParseStorage::new();
    storage.mixed = reading == super::Reading::Mixed;
    storage.parse(src)?;
    Ok(Parsed { src, storage })
}

/// An integer literal (`4`, `-4`, `_4`), read as the cursor reads leaves.
fn int_literal(c: &mut Cursor<'_>) -> Result<DInt, ParseError> {
    c.peek();
    let pos = c.pos;
    if c.peek() == Some(b'(') {
        return Err(c.unexpected());
    }
    c.int_leaf::<DTuple>(false)?.as_int().ok_or(ParseError {
        pos,
        kind: ParseErrorKind::Invalid(Error::ExpectedInt),
    })
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
