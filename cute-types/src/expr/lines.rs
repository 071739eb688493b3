//! `cute eval -`: one output line per input line, evaluated on all cores.
//!
//! Input is taken in the chunks the reader delivers (one `read` each: a typed
//! line at a terminal, up to the pipe's contents otherwise). A chunk's complete
//! lines are evaluated — in parallel when there are enough of them — and their
//! results written, in input order, before the next read; so an interactive
//! user sees each answer at once, and a piped file keeps every core busy.
use std::io::{self, BufRead, BufReader, Write};
use std::panic::{self, AssertUnwindSafe};
use std::string::String;
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::vec::Vec;

/// Bytes asked of the underlying reader per read.
const READ_CAPACITY: usize = 1 << 18;
/// Lines per job handed to a worker: large enough that a job outweighs the
/// cost of passing it between threads.
const JOB_LINES: usize = 32;
/// Chunks with fewer lines than this are evaluated on the calling thread.
const PARALLEL_MIN_LINES: usize = 2 * JOB_LINES;

/// Evaluates every line of `input` and writes one output line per input line to
/// `output` (see [`super::eval_line`]); an error line never stops the run.
/// A line that is not UTF-8 gives an error line too. Trailing `\r` is ignored.
/// Returns the number of lines whose result was an error.
pub fn eval_lines<R: BufRead, W: Write>(input: R, output: W) -> io::Result<usize> {
    let workers = thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = io::BufWriter::with_capacity(1 << 16, output);
    let mut reader = BufReader::with_capacity(READ_CAPACITY, input);
    let errors = if workers > 1 {
        thread::scope(|s| {
            let pool = Pool::start(s, workers);
            run(&mut reader, &mut out, |lines, out| pool.eval(lines, out))
        })?
    } else {
        run(&mut reader, &mut out, eval_chunk)?
    };
    out.flush()?;
    Ok(errors)
}

/// The read–evaluate–write loop; `eval` turns the complete lines of one chunk
/// into their output text and error count.
fn run<R: BufRead, W: Write>(
    reader: &mut R,
    out: &mut W,
    mut eval: impl FnMut(&[u8], &mut Vec<u8>) -> usize,
) -> io::Result<usize> {
    let mut errors = 0;
    // A line cut by the end of a chunk waits here for its rest.
    let mut partial: Vec<u8> = Vec::new();
    let mut text = Vec::new();
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let len = chunk.len();
        text.clear();
        match chunk.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                partial.extend_from_slice(&chunk[..=last]);
                errors += eval(&partial, &mut text);
                partial.clear();
                partial.extend_from_slice(&chunk[last + 1..]);
            }
            None => partial.extend_from_slice(chunk),
        }
        reader.consume(len);
        out.write_all(&text)?;
        out.flush()?;
    }
    if !partial.is_empty() {
        text.clear();
        errors += eval(&partial, &mut text);
        out.write_all(&text)?;
    }
    Ok(errors)
}

/// Evaluates each line of `lines` (newline-terminated, except perhaps the
/// last) and appends one output line per input line to `out`.
fn eval_chunk(lines: &[u8], out: &mut Vec<u8>) -> usize {
    let mut errors = 0;
    let mut line = String::new();
    for raw in split_lines(lines) {
        line.clear();
        errors += usize::from(eval_raw_line(raw, &mut line));
        line.push('\n');
        out.extend_from_slice(line.as_bytes());
    }
    errors
}

/// The lines of `text`, without their `\n` or `\r\n`.
fn split_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    body.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
}

/// Writes the result line for `raw` into `line`; returns whether it is an error.
fn eval_raw_line(raw: &[u8], line: &mut String) -> bool {
    match core::str::from_utf8(raw) {
        Ok(src) => super::write_result(line, src),
        Err(e) => {
            line.push_str("error: syntax: the line is not valid UTF-8 at byte ");
            line.push_str(&std::format!("{}", e.valid_up_to() + 1));
            true
        }
    }
}

/// A job: its index within the chunk and its lines.
type Job = (usize, Vec<u8>);
/// A result: the job's index, and its output text and error count (none if
/// the evaluation panicked).
type Done = (usize, Option<(Vec<u8>, usize)>);

/// Worker threads that evaluate jobs until the pool is dropped.
struct Pool {
    jobs: mpsc::Sender<Job>,
    done: mpsc::Receiver<Done>,
}

impl Pool {
    fn start<'s>(s: &'s thread::Scope<'s, '_>, workers: usize) -> Pool {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let job_rx = Arc::new(Mutex::new(job_rx));
        let (done_tx, done) = mpsc::channel::<Done>();
        for _ in 0..workers {
            let job_rx = Arc::clone(&job_rx);
            let done_tx = done_tx.clone();
            s.spawn(move || loop {
                // The lock is held only to take a job, never while evaluating.
                let job = match job_rx.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => return,
                };
                let Ok((index, lines)) = job else {
                    return; // the pool was dropped: no more jobs
                };
                // A panic (a bug) must not leave the chunk waiting for this job
                // forever: report nothing, and the calling thread redoes the job.
                let result = panic::catch_unwind(AssertUnwindSafe(|| {
                    let mut text = Vec::with_capacity(lines.len());
                    let errors = eval_chunk(&lines, &mut text);
                    (text, errors)
                }))
                .ok();
                if done_tx.send((index, result)).is_err() {
                    return;
                }
            });
        }
        Pool { jobs, done }
    }

    /// Evaluates the lines of one chunk on the workers, output in input order.
    fn eval(&self, lines: &[u8], out: &mut Vec<u8>) -> usize {
        let count = lines.iter().filter(|&&b| b == b'\n').count();
        if count < PARALLEL_MIN_LINES {
            return eval_chunk(lines, out);
        }
        let mut sent = 0;
        for job in job_slices(lines, JOB_LINES) {
            if self.jobs.send((sent, job.to_vec())).is_err() {
                // No worker left (cannot happen while the pool lives): finish here.
                return eval_chunk(lines, out);
            }
            sent += 1;
        }
        let mut results: Vec<Option<(Vec<u8>, usize)>> = (0..sent).map(|_| None).collect();
        for _ in 0..sent {
            match self.done.recv() {
                Ok((index, result)) => results[index] = result,
                Err(_) => break,
            }
        }
        let mut errors = 0;
        for (job, result) in job_slices(lines, JOB_LINES).zip(results) {
            // A job whose worker failed is evaluated here instead.
            let (text, e) = result.unwrap_or_else(|| {
                let mut text = Vec::new();
                let e = eval_chunk(job, &mut text);
                (text, e)
            });
            out.extend_from_slice(&text);
            errors += e;
        }
        errors
    }
}

/// `text` cut after every `per`-th newline.
fn job_slices(text: &[u8], per: usize) -> impl Iterator<Item = &[u8]> {
    let mut rest = text;
    core::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut seen = 0;
        let end = rest
            .iter()
            .position(|&b| {
                seen += usize::from(b == b'\n');
                seen == per
            })
            .map_or(rest.len(), |p| p + 1);
        let (job, tail) = rest.split_at(end);
        rest = tail;
        Some(job)
    })
}
