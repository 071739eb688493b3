//! `cute eval -`: one output line per input line.
use std::io::{self, BufRead, Write};
use std::string::String;
use std::vec::Vec;

/// Evaluates every line of `input` and writes one output line per input line to
/// `output` (see [`super::eval_line`]); an error line never stops the run.
/// A line that is not UTF-8 gives an error line too. Trailing `\r` is ignored.
/// Returns the number of lines whose result was an error.
pub fn eval_lines<R: BufRead, W: Write>(mut input: R, output: W) -> io::Result<usize> {
    let mut out = io::BufWriter::with_capacity(1 << 16, output);
    let mut raw = Vec::new();
    let mut line = String::new();
    let mut errors = 0;
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        let text = trim_newline(&raw);
        line.clear();
        let is_error = match core::str::from_utf8(text) {
            Ok(src) => super::write_result(&mut line, src),
            Err(e) => {
                line.push_str("error: syntax: the line is not valid UTF-8 at byte ");
                line.push_str(&std::format!("{}", e.valid_up_to() + 1));
                true
            }
        };
        errors += usize::from(is_error);
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    out.flush()?;
    Ok(errors)
}

fn trim_newline(raw: &[u8]) -> &[u8] {
    let raw = raw.strip_suffix(b"\n").unwrap_or(raw);
    raw.strip_suffix(b"\r").unwrap_or(raw)
}
