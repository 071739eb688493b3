//! The bridge to the calculator (`cute_calc`): evaluation, and the
//! values `cute print`/`svg`/`latex` can draw.
use std::io;
use std::num::NonZeroUsize;

use cute_calc::{self as expr, Reading, Value};
use cute_print::LayoutGrid;
use cute_types::algebra::Swizzle;
use cute_types::{DInt, DLayout, Error};

use super::report::CliError;

/// Evaluates `src`; the error keeps the text for the caret.
pub fn evaluate(src: &str) -> Result<Value, CliError> {
    evaluate_as(src, Reading::Static)
}

/// Evaluates `src` read as `reading` says; the error keeps the text for the caret.
pub fn evaluate_as(src: &str, reading: Reading) -> Result<Value, CliError> {
    let value = match reading {
        Reading::Static => expr::evaluate(src),
        Reading::Mixed => expr::evaluate_mixed(src),
    };
    value.map_err(|error| CliError::Expr {
        input: src.to_string(),
        error,
    })
}

/// `cute eval -`, on `threads` evaluating threads (`None`: one per core).
pub fn eval_lines<R: io::Read + Send, W: io::Write>(
    reading: Reading,
    threads: Option<NonZeroUsize>,
    input: R,
    output: W,
) -> io::Result<usize> {
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN));
    expr::eval_lines_as(reading, threads, input, output)
}

/// A value that has a picture: a layout, possibly behind a swizzle.
pub struct Printable {
    /// The layout whose domain is drawn (the inner layout of a swizzled one).
    layout: DLayout,
    /// For a swizzled layout `sw o offset o L`: the swizzle and the offset.
    swizzle: Option<(Swizzle, DInt)>,
    /// The value as `cute eval` writes it.
    notation: String,
}

impl Printable {
    /// Evaluates `src` and keeps it if it is a layout.
    pub fn evaluate(src: &str) -> Result<Printable, CliError> {
        let value = evaluate(src)?;
        let notation = value.to_string();
        match value {
            Value::Layout(layout) => Ok(Printable {
                layout,
                swizzle: None,
                notation,
            }),
            Value::Swizzled(composed) => Ok(Printable {
                layout: composed.layout().clone(),
                swizzle: Some((composed.swizzle(), composed.offset())),
                notation,
            }),
            other => Err(CliError::NotALayout {
                found: other.kind(),
            }),
        }
    }
    /// The value as `cute eval` writes it.
    pub fn notation(&self) -> &str {
        &self.notation
    }
    /// What happens to an index of the inner layout before it is shown:
    /// `sw(offset + x)` for a swizzled layout, nothing for a plain one.
    pub fn offset_map(&self, x: i64) -> Result<i64, Error> {
        match self.swizzle {
            Some((sw, offset)) => Ok(sw.apply_int(offset.add(DInt::d(x))?).value),
            None => Ok(x),
        }
    }
    /// The grid to draw, titled with the notation; `map` must be
    /// `|x| self.offset_map(x)`.
    pub fn grid<'a>(
        &'a self,
        map: &'a dyn Fn(i64) -> Result<i64, Error>,
    ) -> Result<LayoutGrid<'a>, CliError> {
        Ok(LayoutGrid::new(&self.layout)?
            .with_title(&self.notation)
            .with_offset_map(map))
    }
}
