//! `cute eval -`'s limits, through the library: lines longer than
//! `MAX_LINE_BYTES` get an error line and are never stored, output lines stay
//! one per input line whatever control characters the input holds, thread
//! counts are bounded, and parsing is linear in the input.
use std::io::{self, Read};
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use cute_calc::{eval_line, eval_lines_on, MAX_LINE_BYTES, MAX_WORKERS};

/// The output lines for `input` on `workers` threads.
fn run(workers: usize, input: impl Read + Send) -> (Vec<String>, usize) {
    let mut out = Vec::new();
    let workers = NonZeroUsize::new(workers).expect("positive");
    let errors = eval_lines_on(workers, input, &mut out).expect("evaluate");
    let text = String::from_utf8(out).expect("UTF-8 output");
    (text.lines().map(str::to_string).collect(), errors)
}

fn too_long(len: usize) -> String {
    format!("error: syntax: the line is {len} bytes long; lines of at most {MAX_LINE_BYTES} bytes are read")
}

#[test]
fn over_long_lines_get_an_error_line_and_the_next_line_is_evaluated() {
    let long = MAX_LINE_BYTES + 1;
    let mut input = b"size(4)\n".to_vec();
    input.extend(std::iter::repeat_n(b'(', long));
    input.extend_from_slice(b"\nsize(8)\n");
    // The longest line read is evaluated (here a syntax error, not "too long").
    input.extend(std::iter::repeat_n(b' ', MAX_LINE_BYTES - 7));
    input.extend_from_slice(b"size(2)\n");
    // Two long lines in a row, the second one ending the input without newline.
    input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE_BYTES));
    input.push(b'\n');
    input.extend(std::iter::repeat_n(b'y', long + 5));
    for workers in [1, 4] {
        let (lines, errors) = run(workers, input.as_slice());
        assert_eq!(lines.len(), 6, "{workers} workers");
        assert_eq!(lines[0], "4");
        assert_eq!(lines[1], too_long(long));
        assert_eq!(lines[2], "8");
        assert_eq!(lines[3], "2");
        assert_eq!(lines[4], too_long(3 * MAX_LINE_BYTES));
        assert_eq!(lines[5], too_long(long + 5));
        assert_eq!(errors, 3);
    }
}

/// An endless line costs bounded memory: a reader that checks how much the
/// calculator asks of it at once, and ends the line after 256 MiB of zeros.
struct Zeros {
    left: u64,
    then: &'static [u8],
    largest_request: usize,
}

impl Read for Zeros {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.largest_request = self.largest_request.max(buf.len());
        if self.left == 0 {
            let n = self.then.len().min(buf.len());
            buf[..n].copy_from_slice(&self.then[..n]);
            self.then = &self.then[n..];
            return Ok(n);
        }
        let n = (buf.len() as u64).min(self.left) as usize;
        buf[..n].fill(0);
        self.left -= n as u64;
        Ok(n)
    }
}

#[test]
fn an_endless_line_is_counted_not_stored() {
    let zeros = 256 << 20;
    let mut input = Zeros {
        left: zeros,
        then: b"\nsize(4)\n",
        largest_request: 0,
    };
    let mut out = Vec::new();
    let errors = eval_lines_on(NonZeroUsize::MIN, &mut input, &mut out).expect("evaluate");
    let text = String::from_utf8(out).expect("UTF-8");
    assert_eq!(text, format!("{}\n4\n", too_long(zeros as usize)));
    assert_eq!(errors, 1);
    // Reads are of a fixed size: the buffer never grew with the line.
    assert!(
        input.largest_request <= 1 << 17,
        "{}",
        input.largest_request
    );
}

/// Every character at which some line splitter cuts text.
const BREAKS: &[char] = &[
    '\u{0}', '\u{7}', '\u{8}', '\t', '\u{b}', '\u{c}', '\r', '\u{1b}', '\u{1c}', '\u{1d}',
    '\u{1e}', '\u{1f}', '\u{7f}', '\u{80}', '\u{85}', '\u{9f}', '\u{2028}', '\u{2029}',
];

/// Lines as the most eager splitter sees them (Python's `str.splitlines` cuts at
/// `\r`, `\x0b`, `\x0c`, `\x1c`–`\x1e`, U+0085, U+2028, U+2029; a terminal also acts
/// on the other controls).
fn eager_lines(text: &str) -> usize {
    text.split(|c: char| c == '\n' || BREAKS.contains(&c))
        .filter(|l| !l.is_empty())
        .count()
}

#[test]
fn control_characters_in_error_lines_are_escaped() {
    let mut input = String::new();
    for c in BREAKS {
        input.push_str(&format!("size(4){c}\n"));
        input.push_str(&format!("size({c})\n"));
        input.push_str(&format!("{c}size(4)\n"));
    }
    for workers in [1, 3] {
        let (lines, errors) = run(workers, input.as_bytes());
        assert_eq!(lines.len(), 3 * BREAKS.len());
        let all = lines.join("\n");
        assert_eq!(eager_lines(&all), lines.len(), "{all}");
        // ASCII whitespace (`\t`, `\x0c`, `\r`) around an expression is
        // insignificant: those lines are `4`, `error: … ')'`, `4`.
        let spaces = ['\t', '\u{c}', '\r'];
        assert_eq!(errors, 3 * BREAKS.len() - 2 * spaces.len(), "{all}");
        for (c, three) in BREAKS.iter().zip(lines.chunks(3)) {
            if spaces.contains(c) {
                assert_eq!((three[0].as_str(), three[2].as_str()), ("4", "4"), "{c:?}");
                continue;
            }
            for line in three {
                assert!(
                    line.contains(&format!("'{}'", c.escape_unicode())),
                    "{c:?}: {line}"
                );
            }
        }
    }
    // The single-expression path escapes too.
    assert_eq!(
        eval_line("size(\u{2028})"),
        "error: syntax: unexpected character '\\u{2028}' at column 6"
    );
}

#[test]
fn thread_counts_past_the_maximum_are_served_with_the_maximum() {
    let input = "size((4,8))\nfoo(1)\n".repeat(100);
    let (expected, _) = run(1, input.as_bytes());
    for workers in [MAX_WORKERS + 1, usize::MAX] {
        let (lines, errors) = run(workers, input.as_bytes());
        assert_eq!(lines, expected, "{workers} workers");
        assert_eq!(errors, 100);
    }
}

/// `select` with many indices: each argument is found once, not by walking
/// the arguments before it (which took more than 20 s for 250k of them).
#[test]
fn many_arguments_take_linear_time() {
    let src = format!("select((4,4){})", ",0".repeat(250_000));
    let start = Instant::now();
    let out = eval_line(&src);
    let took = start.elapsed();
    // No node ceiling: the 250,000 modes selected are the answer.
    assert!(
        out.starts_with("(4,4,4,") && out.contains(":(1,1,1,"),
        "{}",
        &out[..out.len().min(80)]
    );
    assert_eq!(out.matches(',').count(), 2 * (250_000 - 1));
    // Quadratic lookup took more than 20 s; linear takes about 1 s in a debug
    // build (the margin is for a loaded machine).
    assert!(took < Duration::from_secs(10), "250k arguments: {took:?}");
    let tiler = format!("logical_divide(8:1, [{}])", "2,".repeat(250_000) + "2");
    let start = Instant::now();
    assert!(eval_line(&tiler).starts_with("error: "));
    assert!(start.elapsed() < Duration::from_secs(10));
}
