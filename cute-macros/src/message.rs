//! Plain-word messages for the errors of `cute_types::text`, pointed at the
//! offending tokens.
use cute_types::text::parse_tuple_in;
use cute_types::text::{ParseError, ParseErrorKind};
use cute_types::{Error, FixedTuple};

use crate::diag::Diag;
use crate::source::{Leaf, LeafSource, Source};

/// What the text was meant to be, for messages.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `shape:stride` or a bare shape.
    Layout,
    /// A shape, stride or coordinate.
    Tuple,
}

/// A diagnostic for a parse error of `src.text`.
pub fn parse_error(src: &Source, e: &ParseError, form: Form) -> Diag {
    let (first, last) = src.spans_at(e.pos);
    let at = |msg: String| Diag::between(first, last, msg);
    match e.kind {
        ParseErrorKind::Unexpected(')') | ParseErrorKind::Unexpected(']') => {
            at("a tuple entry is missing here: expected an integer or a tuple".into())
        }
        ParseErrorKind::Unexpected(',') => {
            at("a tuple entry is missing before this `,`: expected an integer or a tuple".into())
        }
        ParseErrorKind::Unexpected(':') if form == Form::Layout => at(
            "unexpected `:`: a layout is `shape:stride` with one `:`, and the shape comes first"
                .into(),
        ),
        ParseErrorKind::Unexpected('[') | ParseErrorKind::Trailing('[') => at(
            "square brackets are tilers, written only as arguments of an operation; write a tuple with parentheses: (4,8)"
                .into(),
        ),
        ParseErrorKind::Unexpected(c) => at(format!("unexpected `{c}`")),
        ParseErrorKind::UnexpectedEnd => {
            let (first, last) = src.whole();
            let what = match form {
                Form::Layout => "a layout such as (4,8):(1,4) or a shape such as (4,8)",
                Form::Tuple => "an integer or a tuple such as (4,(2,2))",
            };
            Diag::between(first, last, format!("incomplete input: expected {what}"))
        }
        ParseErrorKind::Trailing(':') => {
            at("a layout has exactly one `:`, between shape and stride".into())
        }
        ParseErrorKind::Trailing(c) if form == Form::Layout => at(format!(
            "unexpected `{c}` after the end of the layout (write shape:stride, with `:` between them)"
        )),
        ParseErrorKind::Trailing(c) => at(format!("unexpected `{c}` after the end of the tuple")),
        ParseErrorKind::IntOverflow => {
            let written = match src.leaf_at(e.pos).map(|l| &l.source) {
                Some(LeafSource::Literal(v)) => v.to_string(),
                _ => "this integer".into(),
            };
            at(format!(
                "integer literal {written} does not fit in 64 bits (i64)"
            ))
        }
        ParseErrorKind::BadStatic => at("expected an integer".into()),
        ParseErrorKind::Invalid(rule) => invalid(src, e.pos, rule, form),
        _ => at(format!("{}", e.kind)),
    }
}

/// A diagnostic for a rule that a complete literal violates.
fn invalid(src: &Source, pos: usize, rule: Error, form: Form) -> Diag {
    match rule {
        Error::NotCongruent => not_congruent(src, pos),
        Error::NonPositiveShape => non_positive(src, pos, form),
        Error::Overflow => {
            let (first, last) = src.spans_at(pos);
            Diag::between(
                first,
                last,
                "integer overflow: the size or a stride of this shape does not fit in 64 bits (i64)",
            )
        }
        Error::Capacity => {
            let (first, last) = src.spans_at(pos);
            Diag::between(
                first,
                last,
                "too large: a shape or stride may have at most 64 nodes (integers and tuples together)",
            )
        }
        other => {
            let (first, last) = src.spans_at(pos);
            Diag::between(first, last, other.rule())
        }
    }
}

/// `shape (4,(2,2)) has 3 leaves but stride (4,2) has 2`, under the stride.
/// `pos` is the stride's offset; the shape ends at the `:` before it.
fn not_congruent(src: &Source, stride_pos: usize) -> Diag {
    let (first, last) = src.spans_at(stride_pos);
    let colon = src.text[..stride_pos].rfind(':').unwrap_or(0);
    let shape_text = src.text[..colon].trim();
    let stride_text = src.text[stride_pos..].trim();
    let (Ok(shape), Ok(stride)) = (
        parse_tuple_in::<FixedTuple>(shape_text),
        parse_tuple_in::<FixedTuple>(stride_text),
    ) else {
        return Diag::between(first, last, Error::NotCongruent.rule());
    };
    let (a, b) = (shape.leaf_count(), stride.leaf_count());
    let shape_text = written(&shape, &src.leaves_in(0, colon));
    let stride_text = written(&stride, &src.leaves_in(stride_pos, src.text.len()));
    let message = if a != b {
        format!(
            "shape {shape_text} has {a} {} but stride {stride_text} has {b}: shape and stride must have the same nesting",
            leaves(a),
        )
    } else {
        format!(
            "shape {shape_text} and stride {stride_text} are nested differently: shape and stride must have the same nesting",
        )
    };
    Diag::between(first, last, message)
}

fn leaves(n: usize) -> &'static str {
    if n == 1 {
        "leaf"
    } else {
        "leaves"
    }
}

/// Points at the first zero or negative shape leaf.
fn non_positive(src: &Source, shape_pos: usize, form: Form) -> Diag {
    let end = match form {
        Form::Layout => src.text[shape_pos..]
            .find(':')
            .map_or(src.text.len(), |i| shape_pos + i),
        Form::Tuple => src.text.len(),
    };
    let bad = src
        .leaves_in(shape_pos, end)
        .into_iter()
        .find(|l| matches!(l.source, LeafSource::Literal(v) if v <= 0));
    match bad {
        Some(leaf) => {
            let v = match leaf.source {
                LeafSource::Literal(v) => v,
                _ => 0,
            };
            Diag::between(
                leaf.first,
                leaf.last,
                format!("shape entries must be positive, but this one is {v}"),
            )
        }
        None => {
            let (first, last) = src.spans_at(shape_pos);
            Diag::between(first, last, Error::NonPositiveShape.rule())
        }
    }
}

/// An IntTuple as the user wrote it: plain integers, no static marks, and
/// run-time leaves as `{expr}`. `leaves` are the tuple's leaves in order.
pub fn written(t: &FixedTuple, leaves: &[&Leaf]) -> String {
    let mut next = leaves.iter();
    let mut out = String::new();
    write_tuple(&mut out, t, &mut next);
    out
}

fn write_tuple<'a>(
    out: &mut String,
    t: &FixedTuple,
    leaves: &mut impl Iterator<Item = &'a &'a Leaf>,
) {
    if let Some(v) = t.as_int() {
        match leaves.next().map(|l| &l.source) {
            Some(LeafSource::Runtime(expr)) => out.push_str(&format!("{{{expr}}}")),
            _ => out.push_str(&v.value.to_string()),
        }
        return;
    }
    if t.is_underscore() {
        leaves.next();
        out.push('_');
        return;
    }
    out.push('(');
    for i in 0..t.rank() {
        if i > 0 {
            out.push(',');
        }
        if let Ok(mode) = t.get(i) {
            write_tuple(out, &mode, leaves);
        }
    }
    out.push(')');
}
