//! From tokens to a [`LayoutModel`] or a tuple [`Node`]: writes the tokens as
//! layout text, parses it with `cute_types` (literals) or evaluates it with the
//! calculator (algebra), and turns every error into a diagnostic at the tokens.
use cute_calc::{evaluate, ExprError, Value};
use cute_types::text::{parse_coord_in, parse_layout_in, parse_tuple_in};
use cute_types::{DInt, Error, FixedLayout, FixedTuple};
use proc_macro2::TokenStream;

use crate::diag::Diag;
use crate::message::{parse_error, Form};
use crate::model::{LayoutModel, Node};
use crate::source::{Accept, Braces, LeafSource, Source};

/// Which kind of tuple a `shape!`/`stride!`/`coord!` holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum TupleKind {
    /// Positive leaves.
    Shape,
    /// Any integers.
    Stride,
    /// Any integers and the placeholder `_`.
    Coord,
}

/// The layout written in `input`: a literal `shape:stride` / shape, or an
/// algebra expression over literals, computed here.
pub fn layout(input: TokenStream, braces: Braces) -> Result<LayoutModel, Diag> {
    let accept = Accept {
        underscore: false,
        runtime: braces,
        calls: true,
    };
    let src = Source::from_tokens(input, accept)?;
    if src.text.is_empty() {
        return Err(Diag::at(
            proc_macro2::Span::call_site(),
            "empty layout: write shape:stride, as in (4,8):(1,4), or a shape, as in (4,8)",
        ));
    }
    if !src.idents.is_empty() {
        return algebra(&src);
    }
    literal_layout(&src)
}

/// Most modes a tuple of the typed layer has (Rust tuples of 1 to 8 IntTuples).
pub const MAX_MODES: usize = 8;

/// Refuses a written tuple with more modes than the typed layer holds.
fn check_modes(src: &Source) -> Result<(), Diag> {
    match src.tuples.iter().find(|t| t.modes > MAX_MODES) {
        Some(t) => Err(Diag::between(
            t.first,
            t.last,
            format!(
                "this tuple has {} modes, but typed tuples have at most {MAX_MODES}: group modes into nested tuples",
                t.modes
            ),
        )),
        None => Ok(()),
    }
}

/// A literal `shape:stride` or shape.
fn literal_layout(src: &Source) -> Result<LayoutModel, Diag> {
    let parsed = parse_layout_in::<FixedLayout>(&src.text)
        .map_err(|e| parse_error(src, &e, Form::Layout))?;
    check_modes(src)?;
    check_fits(src, &parsed)?;
    match top_level_colon(src) {
        Some(colon) => {
            let shape = Node::from_source(&parsed.shape(), &src.leaves_in(0, colon));
            let stride = Node::from_source(&parsed.stride(), &src.leaves_in(colon, src.text.len()));
            Ok(LayoutModel { shape, stride })
        }
        None => {
            let shape = Node::from_source(&parsed.shape(), &src.leaves_in(0, src.text.len()));
            // Compact strides: static where every shape leaf before them is static
            // (cute-types computed the flags); run-time ones are left to the typed layer.
            let stride = Node::computed(&parsed.stride());
            Ok(LayoutModel { shape, stride })
        }
    }
}

/// The typed layer requires size and cosize to fit in `i64`; checking here
/// reports it at the literal instead of as a `const` error inside the typed layer.
fn check_fits(src: &Source, l: &FixedLayout) -> Result<(), Diag> {
    let (first, last) = src.whole();
    if l.size().is_err() {
        return Err(Diag::between(
            first,
            last,
            "integer overflow: the size of this layout (the product of its shape) does not fit in 64 bits (i64)",
        ));
    }
    if l.cosize().is_err() {
        return Err(Diag::between(
            first,
            last,
            "integer overflow: the cosize of this layout (1 + the largest index) does not fit in 64 bits (i64)",
        ));
    }
    Ok(())
}

/// Byte offset of the `:` between shape and stride, if there is one.
fn top_level_colon(src: &Source) -> Option<usize> {
    src.text.find(':')
}

/// An algebra expression over literals, evaluated at expansion time.
fn algebra(src: &Source) -> Result<LayoutModel, Diag> {
    if let Some(leaf) = src
        .leaves
        .iter()
        .find(|l| matches!(l.source, LeafSource::Runtime(_)))
    {
        return Err(Diag::between(
            leaf.first,
            leaf.last,
            "algebra inside layout! is computed while compiling, so its operands must be integer literals; \
             for run-time values build the operands with layout! and call the operation (cute::composition, …)",
        ));
    }
    match evaluate(&src.text) {
        Ok(Value::Layout(l)) => {
            // Typed layouts hold the fixed-capacity form.
            let fixed = l.to_fixed().map_err(|e| {
                let (first, last) = src.whole();
                Diag::between(
                    first,
                    last,
                    format!("the result {}: {e}", Value::Layout(l.clone())),
                )
            })?;
            let model = LayoutModel::all_static(&fixed);
            let widest = model.shape.widest();
            if widest > MAX_MODES {
                let (first, last) = src.whole();
                return Err(Diag::between(
                    first,
                    last,
                    format!("the result {} has a tuple of {widest} modes, but typed tuples have at most {MAX_MODES}", Value::Layout(l)),
                ));
            }
            Ok(model)
        }
        Ok(other) => {
            let (first, last) = src.whole();
            Err(Diag::between(
                first,
                last,
                format!(
                    "this expression gives {}, not a layout: layout! must give a layout",
                    other.kind()
                ),
            ))
        }
        Err(e) => Err(expr_error(src, &e)),
    }
}

/// A diagnostic for a calculator error, at the tokens it names.
fn expr_error(src: &Source, e: &ExprError) -> Diag {
    let at_pos = |pos: usize, msg: String| {
        let (first, last) = src.spans_at(pos);
        Diag::between(first, last, msg)
    };
    let at_function = |name: &str, msg: String| {
        let span = src
            .idents
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| *s)
            .unwrap_or_else(|| src.whole().0);
        Diag::at(span, msg)
    };
    match e {
        ExprError::Syntax(p) => parse_error(src, p, Form::Layout),
        ExprError::UnknownFunction {
            name,
            pos,
            suggestion,
        } => {
            let hint = suggestion.map_or(String::new(), |s| format!("; did you mean `{s}`?"));
            at_pos(*pos, format!("unknown layout operation `{name}`{hint}"))
        }
        ExprError::Arity { function, .. } | ExprError::ArgumentKind { function, .. } => {
            at_function(function, e.to_string())
        }
        ExprError::Algebra { function, error } => {
            at_function(function, algebra_message(function, error))
        }
        ExprError::TooDeep { pos, .. } => at_pos(*pos, e.to_string()),
        other => {
            let (first, last) = src.whole();
            Diag::between(first, last, other.to_string())
        }
    }
}

/// `composition: shape divisibility violated (…)`: the rule, prefixed with the
/// operation unless the rule already names it.
fn algebra_message(function: &str, error: &Error) -> String {
    let rule = error.to_string();
    if rule.starts_with(function) {
        rule
    } else {
        format!("{function}: {rule}")
    }
}

/// The tuple written in `input` (a shape, stride or coordinate).
pub fn tuple(input: TokenStream, kind: TupleKind, braces: Braces) -> Result<Node, Diag> {
    let accept = Accept {
        underscore: kind == TupleKind::Coord,
        runtime: braces,
        calls: false,
    };
    let src = Source::from_tokens(input, accept)?;
    let parsed = match kind {
        TupleKind::Coord => parse_coord_in::<FixedTuple>(&src.text),
        TupleKind::Shape | TupleKind::Stride => parse_tuple_in::<FixedTuple>(&src.text),
    }
    .map_err(|e| parse_error(&src, &e, Form::Tuple))?;
    check_modes(&src)?;
    if kind == TupleKind::Shape {
        // The shape rule of cute-types, applied through the layout constructor.
        let stride = parsed.fill(DInt::s(0));
        if let Err(e) = FixedLayout::new(parsed, stride) {
            let err = cute_types::ParseError {
                pos: 0,
                kind: cute_types::text::ParseErrorKind::Invalid(e),
            };
            return Err(parse_error(&src, &err, Form::Tuple));
        }
    }
    Ok(Node::from_source(
        &parsed,
        &src.leaves_in(0, src.text.len()),
    ))
}
