//! Turns a macro's token stream into layout text for `cute_types::text`, and
//! remembers where each piece of that text came from.
//!
//! The macros do not parse layouts themselves: they write the tokens out as the
//! one text grammar of cute-rs and let `cute_types` parse it. Each token's byte
//! range in that text is kept together with its span, so a `ParseError { pos }`
//! is mapped back to the token the user wrote.
//!
//! What the tokens become:
//! * an integer literal `4` is static: `_4` (a negative one, `-4`, is written
//!   as `-4` and marked static after parsing, since `_-4` is not in the grammar);
//! * `_4` (an identifier) is also static `_4`; a lone `_` is the slicing placeholder;
//! * `{expr}` is a run-time value: the placeholder `1` (dynamic) is parsed in its
//!   place and the expression is kept for code generation;
//! * `(`, `)`, `[`, `]`, `,`, `:` are copied; other identifiers (operation names
//!   such as `composition`) are copied.
use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};

use crate::diag::Diag;

/// Where a leaf of the parsed text came from, in text order.
#[derive(Clone)]
pub enum LeafSource {
    /// An integer literal (static).
    Literal(i128),
    /// A `{expr}` run-time value; the expression.
    Runtime(TokenStream),
    /// The slicing placeholder `_`.
    Underscore,
}

/// One leaf with its position in the text and its span in the source.
#[derive(Clone)]
pub struct Leaf {
    /// Where it came from.
    pub source: LeafSource,
    /// Byte offset in the text.
    pub pos: usize,
    /// Span of the first token of the leaf (`-` for `-4`).
    pub first: Span,
    /// Span of the last token of the leaf.
    pub last: Span,
}

/// A parenthesised tuple as written, with its number of top-level modes.
pub struct TupleGroup {
    /// Number of top-level entries.
    pub modes: usize,
    /// Span of `(`.
    pub first: Span,
    /// Span of `)`.
    pub last: Span,
}

/// A token's piece of the text.
struct Piece {
    start: usize,
    end: usize,
    first: Span,
    last: Span,
}

/// Deepest bracket nesting the macros accept (tuples, tilers and calls
/// together): writing the tokens out recurses once per level. Far beyond
/// real layouts, and far below what a proc macro's stack holds.
pub const MAX_NESTING: usize = 64;

/// The text written from a token stream, with the map back to spans.
pub struct Source {
    /// Text in the grammar of `cute_types::text` (or of the calculator).
    pub text: String,
    /// Every integer leaf, placeholder and run-time value, in text order.
    pub leaves: Vec<Leaf>,
    /// Identifiers copied into the text (operation names), with their spans.
    pub idents: Vec<(String, Span)>,
    /// Every parenthesised tuple (argument lists of operations excluded).
    pub tuples: Vec<TupleGroup>,
    pieces: Vec<Piece>,
    /// Whether the previous token was an operation name (its `(...)` is an argument list).
    after_call: bool,
    /// Brackets open around the token being written.
    depth: usize,
    /// Span of the whole input (the last token's, for errors at the end).
    end_span: Span,
    whole_first: Span,
}

/// What braces hold.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Braces {
    /// Not allowed.
    No,
    /// A run-time expression `{n}`.
    Expr,
    /// A dynamic leaf in a type: `{}` or `{i64}`.
    Type,
}

/// What the macro accepts besides integers and punctuation.
#[derive(Clone, Copy)]
pub struct Accept {
    /// The slicing placeholder `_` (coordinates).
    pub underscore: bool,
    /// `{expr}` run-time values (value forms) or `{}` / `{Type}` dynamic leaves (type forms).
    pub runtime: Braces,
    /// Operation names and tilers `[...]` (algebra expressions).
    pub calls: bool,
}

impl Source {
    /// Writes `input` out as text. Fails on tokens that have no place in layout text.
    pub fn from_tokens(input: TokenStream, accept: Accept) -> Result<Source, Diag> {
        let mut src = Source {
            text: String::new(),
            leaves: Vec::new(),
            idents: Vec::new(),
            tuples: Vec::new(),
            pieces: Vec::new(),
            after_call: false,
            depth: 0,
            end_span: Span::call_site(),
            whole_first: Span::call_site(),
        };
        let tokens: Vec<TokenTree> = input.into_iter().collect();
        if let Some(t) = tokens.first() {
            src.whole_first = t.span();
        }
        if let Some(t) = tokens.last() {
            src.end_span = t.span();
        }
        src.write_stream(&tokens, accept)?;
        Ok(src)
    }

    /// The spans (first, last) of the source text around byte `pos`; the end of
    /// the input maps to the last token.
    pub fn spans_at(&self, pos: usize) -> (Span, Span) {
        let hit = self
            .pieces
            .iter()
            .find(|p| p.start <= pos && pos < p.end)
            .or_else(|| self.pieces.iter().rev().find(|p| p.start <= pos));
        match hit {
            Some(p) if pos < self.text.len() => (p.first, p.last),
            _ => (self.end_span, self.end_span),
        }
    }

    /// The whole input's first and last spans.
    pub fn whole(&self) -> (Span, Span) {
        (self.whole_first, self.end_span)
    }

    /// The leaf whose text starts at byte `pos`.
    pub fn leaf_at(&self, pos: usize) -> Option<&Leaf> {
        self.leaves.iter().find(|l| l.pos == pos)
    }

    /// The leaves whose text lies in `[start, end)`, in order.
    pub fn leaves_in(&self, start: usize, end: usize) -> Vec<&Leaf> {
        self.leaves
            .iter()
            .filter(|l| l.pos >= start && l.pos < end)
            .collect()
    }

    fn push_text(&mut self, s: &str, first: Span, last: Span) -> usize {
        if !self.text.is_empty() {
            // Keeps identifiers and numbers apart; the grammar ignores whitespace.
            self.text.push(' ');
        }
        let start = self.text.len();
        self.text.push_str(s);
        self.pieces.push(Piece {
            start,
            end: self.text.len(),
            first,
            last,
        });
        start
    }

    fn write_stream(&mut self, tokens: &[TokenTree], accept: Accept) -> Result<(), Diag> {
        let mut i = 0;
        while i < tokens.len() {
            i += self.write_token(&tokens[i..], accept)?;
        }
        Ok(())
    }

    /// Writes the token at the head of `tokens`; returns how many tokens it used.
    fn write_token(&mut self, tokens: &[TokenTree], accept: Accept) -> Result<usize, Diag> {
        let tt = &tokens[0];
        let is_argument_list = std::mem::replace(&mut self.after_call, false);
        match tt {
            TokenTree::Group(g) => match g.delimiter() {
                Delimiter::Parenthesis | Delimiter::Bracket => {
                    let (open, close) = if g.delimiter() == Delimiter::Parenthesis {
                        ("(", ")")
                    } else if accept.calls {
                        ("[", "]")
                    } else {
                        return Err(Diag::at(
                            g.span(),
                            "square brackets are only allowed for tilers inside an algebra operation; write tuples with parentheses: (4,8)",
                        ));
                    };
                    if g.delimiter() == Delimiter::Parenthesis && !is_argument_list {
                        self.tuples.push(TupleGroup {
                            modes: count_modes(&g.stream()),
                            first: g.span_open(),
                            last: g.span_close(),
                        });
                    }
                    // Writing recurses once per level: refused before the
                    // stack runs out (1 000 levels overflowed a 2 MiB thread).
                    if self.depth >= MAX_NESTING {
                        return Err(Diag::at(
                            g.span(),
                            "brackets nested deeper than 64 levels: layouts, tilers and algebra calls may nest at most 64 deep",
                        ));
                    }
                    // The opening delimiter stands for the whole group, so an error
                    // about a tuple underlines all of it.
                    self.push_text(open, g.span_open(), g.span_close());
                    let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                    self.depth += 1;
                    self.write_stream(&inner, accept)?;
                    self.depth -= 1;
                    self.push_text(close, g.span_close(), g.span_close());
                    Ok(1)
                }
                Delimiter::Brace => {
                    if accept.runtime == Braces::No {
                        return Err(Diag::at(
                            g.span(),
                            "a run-time value `{...}` is not allowed here: this form needs integer literals",
                        ));
                    }
                    let holds_literal =
                        matches!(g.stream().into_iter().next(), Some(TokenTree::Literal(_)));
                    if accept.runtime == Braces::Type && holds_literal {
                        return Err(Diag::at(
                            g.span(),
                            "in a type, braces hold the type of a dynamic leaf, not a value: write {} for an i64 leaf, or a literal without braces for a static one",
                        ));
                    }
                    if accept.runtime == Braces::Expr && g.stream().is_empty() {
                        return Err(Diag::at(
                            g.span(),
                            "empty braces: write the run-time value inside them, as in {n}",
                        ));
                    }
                    let pos = self.push_text("1", g.span(), g.span());
                    self.leaves.push(Leaf {
                        source: LeafSource::Runtime(g.stream()),
                        pos,
                        first: g.span(),
                        last: g.span(),
                    });
                    Ok(1)
                }
                Delimiter::None => {
                    // Tokens passed through `macro_rules!` fragments arrive grouped invisibly.
                    let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                    self.write_stream(&inner, accept)?;
                    Ok(1)
                }
            },
            TokenTree::Punct(p) => match p.as_char() {
                ',' | ':' => {
                    self.push_text(&p.as_char().to_string(), p.span(), p.span());
                    Ok(1)
                }
                '-' => match tokens.get(1) {
                    Some(TokenTree::Literal(lit)) => {
                        let v = crate::literal::int_value(lit)?;
                        self.write_int(-v, p.span(), lit.span());
                        Ok(2)
                    }
                    Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                        Err(Diag::at(
                            p.span(),
                            "write the sign inside the braces: {-n} instead of -{n}",
                        ))
                    }
                    _ => Err(Diag::at(p.span(), "`-` must be followed by an integer")),
                },
                c => Err(Diag::at(
                    p.span(),
                    format!(
                        "unexpected `{c}`: layout text is made of integers, `(`, `)`, `,` and `:`"
                    ),
                )),
            },
            TokenTree::Literal(lit) => {
                let v = crate::literal::int_value(lit)?;
                self.write_int(v, lit.span(), lit.span());
                Ok(1)
            }
            TokenTree::Ident(id) => {
                let name = id.to_string();
                if name == "_" {
                    if !accept.underscore {
                        return Err(Diag::at(
                            id.span(),
                            "the placeholder `_` is only allowed in coordinates (coord!)",
                        ));
                    }
                    let pos = self.push_text("_", id.span(), id.span());
                    self.leaves.push(Leaf {
                        source: LeafSource::Underscore,
                        pos,
                        first: id.span(),
                        last: id.span(),
                    });
                    return Ok(1);
                }
                if let Some(v) = crate::literal::static_ident_value(&name) {
                    self.write_int(v, id.span(), id.span());
                    return Ok(1);
                }
                let is_call = matches!(tokens.get(1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis);
                if accept.calls && is_call {
                    self.idents.push((name.clone(), id.span()));
                    self.push_text(&name, id.span(), id.span());
                    self.after_call = true;
                    return Ok(1);
                }
                let hint = if accept.runtime == Braces::Expr {
                    format!("`{name}` is not an integer literal: write a run-time value in braces, as in {{{name}}}")
                } else {
                    format!("`{name}` is not an integer literal")
                };
                Err(Diag::at(id.span(), hint))
            }
        }
    }

    /// Writes an integer leaf: `_v` when non-negative, `-v` otherwise (the
    /// grammar has no static negative literal; the leaf is marked static later).
    fn write_int(&mut self, v: i128, first: Span, last: Span) {
        let text = if v >= 0 {
            format!("_{v}")
        } else {
            v.to_string()
        };
        let pos = self.push_text(&text, first, last);
        self.leaves.push(Leaf {
            source: LeafSource::Literal(v),
            pos,
            first,
            last,
        });
    }
}

/// Number of top-level comma-separated entries of a group's contents.
fn count_modes(stream: &TokenStream) -> usize {
    let mut modes = 0;
    let mut pending = false;
    for tt in stream.clone() {
        match tt {
            TokenTree::Punct(p) if p.as_char() == ',' => {
                modes += 1;
                pending = false;
            }
            _ => pending = true,
        }
    }
    modes + usize::from(pending)
}
