//! [`FmtIo`]: the library's `fmt::Write` printers writing straight to an
//! `io::Write`, keeping the I/O error (a closed pipe must end the run quietly,
//! not panic as `print!` would).
use std::fmt;
use std::io::{self, Write};

use cute_print::PrintError;

use super::report::CliError;

pub struct FmtIo<W: Write> {
    inner: W,
    error: Option<io::Error>,
}

impl<W: Write> FmtIo<W> {
    pub fn new(inner: W) -> Self {
        FmtIo { inner, error: None }
    }
    /// The outcome of printing: the I/O error if the sink failed, else the printer's
    /// own error, else the result of flushing.
    pub fn finish(mut self, written: Result<(), PrintError>) -> Result<(), CliError> {
        if let Some(e) = self.error.take() {
            return Err(CliError::Io(e));
        }
        written?;
        self.inner.flush()?;
        Ok(())
    }
}

impl<W: Write> fmt::Write for FmtIo<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.error.is_some() {
            return Err(fmt::Error);
        }
        self.inner.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}
