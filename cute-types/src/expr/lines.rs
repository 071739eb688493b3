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
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
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

/// A job's result: its output text and error count (none if the evaluation
/// panicked).
type Outcome = Option<(Vec<u8>, usize)>;

/// The complete lines of one chunk, cut into jobs that threads claim one at a
/// time through an atomic counter. (A shared job queue behind a mutex made
/// every claim a lock hand-over between threads; on 16 cores those hand-overs,
/// not the evaluation, set the pace.)
struct Work {
    text: Vec<u8>,
    /// Byte ranges of the jobs in `text`.
    jobs: Vec<core::ops::Range<usize>>,
    next: AtomicUsize,
}

impl Work {
    fn new(lines: &[u8]) -> Work {
        let mut jobs = Vec::new();
        let mut start = 0;
        for job in job_slices(lines, JOB_LINES) {
            jobs.push(start..start + job.len());
            start += job.len();
        }
        Work {
            text: lines.to_vec(),
            jobs,
            next: AtomicUsize::new(0),
        }
    }

    /// Claims and evaluates jobs until none is left, sending each outcome.
    fn run(&self, done: &mpsc::Sender<(usize, Outcome)>) {
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(range) = self.jobs.get(index) else {
                return;
            };
            let lines = &self.text[range.clone()];
            // A panic (a bug) must not leave the chunk waiting for this job
            // forever: report nothing, and the calling thread redoes the job.
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                let mut text = Vec::with_capacity(lines.len());
                let errors = eval_chunk(lines, &mut text);
                (text, errors)
            }))
            .ok();
            if done.send((index, outcome)).is_err() {
                return;
            }
        }
    }
}

/// Worker threads that join in on every chunk until the pool is dropped.
struct Pool {
    workers: Vec<mpsc::Sender<Arc<Work>>>,
    done_tx: mpsc::Sender<(usize, Outcome)>,
    done: mpsc::Receiver<(usize, Outcome)>,
}

impl Pool {
    /// Starts `workers - 1` threads: the calling thread is the last worker.
    fn start<'s>(s: &'s thread::Scope<'s, '_>, workers: usize) -> Pool {
        let (done_tx, done) = mpsc::channel();
        let mut senders = Vec::with_capacity(workers.saturating_sub(1));
        for _ in 1..workers {
            let (tx, rx) = mpsc::channel::<Arc<Work>>();
            let done_tx = done_tx.clone();
            s.spawn(move || {
                // Ends when the pool, and with it this channel's sender, is dropped.
                while let Ok(work) = rx.recv() {
                    work.run(&done_tx);
                }
            });
            senders.push(tx);
        }
        Pool {
            workers: senders,
            done_tx,
            done,
        }
    }

    /// Evaluates the lines of one chunk on every thread, output in input order.
    fn eval(&self, lines: &[u8], out: &mut Vec<u8>) -> usize {
        let count = lines.iter().filter(|&&b| b == b'\n').count();
        if count < PARALLEL_MIN_LINES {
            return eval_chunk(lines, out);
        }
        let work = Arc::new(Work::new(lines));
        for worker in &self.workers {
            // A worker that is gone (cannot happen while the pool lives) just
            // leaves its share to the others.
            let _ = worker.send(Arc::clone(&work));
        }
        work.run(&self.done_tx);
        let mut results: Vec<Outcome> = (0..work.jobs.len()).map(|_| None).collect();
        for _ in 0..work.jobs.len() {
            match self.done.recv() {
                Ok((index, outcome)) => results[index] = outcome,
                Err(_) => break,
            }
        }
        let mut errors = 0;
        for (range, outcome) in work.jobs.iter().zip(results) {
            // A job whose evaluation failed is evaluated here again.
            let (text, e) = outcome.unwrap_or_else(|| {
                let mut text = Vec::new();
                let e = eval_chunk(&work.text[range.clone()], &mut text);
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
