//! [`CliError`]: everything a subcommand can fail with, and how it is shown:
//! `error: <message>` on standard error, with the expression and a caret under
//! the offending character when the error has a position.
use std::fmt::Write as _;
use std::io;
use std::path::PathBuf;

use cute_calc::{ExprError, MAX_WORKERS};
use cute_print::PrintError;
use cute_types::text::LineSafe;

pub enum CliError {
    /// The expression has no value; `input` is the expression as given.
    Expr { input: String, error: ExprError },
    /// The value is not a layout (`cute print`, `svg`, `latex`).
    NotALayout { found: &'static str },
    /// The layout cannot be printed (rank, size, algebra).
    Print(PrintError),
    /// Reading or writing the standard streams failed.
    Io(io::Error),
    /// Writing the output file failed.
    File(PathBuf, io::Error),
    /// `CUTE_THREADS` is set to something other than a positive integer.
    Threads(String),
}

impl From<PrintError> for CliError {
    fn from(e: PrintError) -> Self {
        CliError::Print(e)
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Io(e)
    }
}

impl CliError {
    /// Writes the error to standard error.
    pub fn report(&self) {
        eprint!("{}", self.render());
    }

    /// The text [`CliError::report`] writes.
    pub fn render(&self) -> String {
        let mut s = String::new();
        // Writing to a String cannot fail.
        let _ = match self {
            CliError::Expr {
                input,
                error: ExprError::Syntax(e),
            } => write!(s, "error: syntax error\n{}\n", e.caret(input)),
            CliError::Expr { input, error } => match position(error) {
                Some(pos) => write!(s, "error: {error}\n{}\n", caret(input, pos)),
                None => writeln!(s, "error: {error}"),
            },
            CliError::NotALayout { found } => writeln!(
                s,
                "error: expected an expression whose value is a layout or a swizzled layout, found {found}"
            ),
            CliError::Print(e) => writeln!(s, "error: {e}"),
            CliError::Io(e) => writeln!(s, "error: {e}"),
            CliError::File(path, e) => writeln!(
                s,
                "error: cannot write {}: {e}",
                LineSafe(&path.display().to_string())
            ),
            CliError::Threads(value) => writeln!(
                s,
                "error: CUTE_THREADS must be an integer from 1 to {MAX_WORKERS} (the number of evaluating threads), not '{}'",
                LineSafe(value)
            ),
        };
        s
    }
}

/// The byte offset an expression error points at, if it has one.
fn position(error: &ExprError) -> Option<usize> {
    match error {
        ExprError::Syntax(e) => Some(e.pos),
        ExprError::TooDeep { pos, .. } | ExprError::UnknownFunction { pos, .. } => Some(*pos),
        _ => None,
    }
}

/// `input`, then a caret under the character at byte offset `pos`; line
/// breaks and control characters of `input` are shown escaped (`LineSafe`).
fn caret(input: &str, pos: usize) -> String {
    let column = input.get(..pos).map_or(pos, |s| LineSafe(s).width());
    format!("{}\n{}^", LineSafe(input), " ".repeat(column))
}
