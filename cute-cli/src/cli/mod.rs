//! The `cute` subcommands: each evaluates its expression through the calculator
//! (`cute_calc`) and writes text, a table or a picture.
mod calc;
mod report;

use std::ffi::OsString;
use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::Path;
use std::process::ExitCode;

use cute_calc::Reading;
use cute_print as print;

use calc::Printable;
use report::CliError;

/// How a subcommand ended.
pub enum Outcome {
    /// Done (a closed output pipe counts as done: the reader wanted no more).
    Done,
    /// Reported an error; exit status 1.
    Failed,
}

impl Outcome {
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Done => ExitCode::SUCCESS,
            Outcome::Failed => ExitCode::FAILURE,
        }
    }
}

impl From<Result<(), CliError>> for Outcome {
    fn from(r: Result<(), CliError>) -> Self {
        match r {
            Ok(()) => Outcome::Done,
            Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Outcome::Done,
            Err(e) => {
                e.report();
                Outcome::Failed
            }
        }
    }
}

/// Which picture format to write.
#[derive(Clone, Copy)]
pub enum Picture {
    Svg,
    Latex,
}

/// `cute eval EXPR`: the value on standard output, or the error on standard error.
pub fn eval_one(expr: &str, reading: Reading) -> Outcome {
    let run = || -> Result<(), CliError> {
        let value = calc::evaluate_as(expr, reading)?;
        let mut out = io::stdout().lock();
        match reading {
            Reading::Static => writeln!(out, "{value}")?,
            Reading::Mixed => writeln!(out, "{}", value.marked())?,
        }
        out.flush()?;
        Ok(())
    };
    run().into()
}

/// `cute eval -`: one result line per input line (see `cute_calc::eval_lines`).
/// `CUTE_THREADS=N` sets the number of evaluating threads (default: one per core).
pub fn eval_stdin(reading: Reading) -> Outcome {
    let run = || -> Result<(), CliError> {
        let threads = threads_from_env(std::env::var_os("CUTE_THREADS"))?;
        // `Stdin` rather than its lock, which cannot move to the reading thread;
        // the calculator reads in large blocks, which bypass Stdin's buffer.
        calc::eval_lines(reading, threads, io::stdin(), io::stdout().lock())?;
        Ok(())
    };
    run().into()
}

/// The thread count `CUTE_THREADS` asks for: `None` when unset (one per core).
/// More than `expr::MAX_WORKERS` is an error, not a request to be trimmed.
fn threads_from_env(value: Option<OsString>) -> Result<Option<NonZeroUsize>, CliError> {
    let Some(value) = value else {
        return Ok(None);
    };
    value
        .to_str()
        .and_then(|v| v.trim().parse::<NonZeroUsize>().ok())
        .filter(|n| n.get() <= cute_calc::MAX_WORKERS)
        .map(Some)
        .ok_or_else(|| CliError::Threads(value.to_string_lossy().into_owned()))
}

/// `cute print EXPR`: the notation line, then CuTe's table.
pub fn print_table(expr: &str) -> Outcome {
    let run = || -> Result<(), CliError> {
        let layout = Printable::evaluate(expr)?;
        let map = |x| layout.offset_map(x);
        let grid = layout.grid(&map)?;
        // Render into memory first (at most `MAX_CELLS` cells), so that a
        // refusal (too many cells, an offset past i64) leaves standard
        // output empty instead of holding the notation or half a table.
        let mut text = format!("{}\n", layout.notation());
        print::print_table(&mut text, &grid)?;
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        Ok(())
    };
    run().into()
}

/// `cute svg EXPR` / `cute latex EXPR`: the picture on standard output or in `file`.
pub fn picture(expr: &str, kind: Picture, file: Option<&Path>) -> Outcome {
    let run = || -> Result<(), CliError> {
        let layout = Printable::evaluate(expr)?;
        let map = |x| layout.offset_map(x);
        let grid = layout.grid(&map)?;
        // Render into memory first, so that an error leaves no half-written file.
        let mut text = String::new();
        match kind {
            Picture::Svg => print::print_svg(&mut text, &grid)?,
            Picture::Latex => print::print_latex(&mut text, &grid)?,
        }
        match file {
            Some(path) => {
                std::fs::write(path, text).map_err(|e| CliError::File(path.to_path_buf(), e))
            }
            None => {
                let mut out = io::stdout().lock();
                out.write_all(text.as_bytes())?;
                out.flush()?;
                Ok(())
            }
        }
    };
    run().into()
}
