//! `cute eval -`: one output line per input line, evaluated on all cores.
//!
//! Three stages run at once. The calling thread reads: each read's complete
//! lines are cut into jobs of up to [`JOB_LINES`] lines and queued. Worker
//! threads, one per core, evaluate jobs. A writer thread puts their outputs
//! back in input order and writes them, flushing whenever it has nothing more
//! to write. So a piped file keeps every core busy while it is still being
//! read, and an interactive user, whose every read is one line, sees each
//! answer at once.
use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Write};
use std::panic::{self, AssertUnwindSafe};
use std::string::String;
use std::thread;
use std::vec::Vec;

use crossbeam_channel::{bounded, unbounded, Receiver, Sender, TryRecvError};

/// Bytes asked of the underlying reader per read.
const READ_CAPACITY: usize = 1 << 18;
/// Lines per job handed to a worker: large enough that a job outweighs the
/// cost of passing it between threads.
const JOB_LINES: usize = 32;
/// Jobs queued per worker before the reader waits: bounds the memory held
/// when input arrives faster than it is evaluated.
const QUEUED_JOBS_PER_WORKER: usize = 64;

/// Evaluates every line of `input` and writes one output line per input line to
/// `output` (see [`super::eval_line`]); an error line never stops the run.
/// A line that is not UTF-8 gives an error line too. Trailing `\r` is ignored.
/// Returns the number of lines whose result was an error.
pub fn eval_lines<R: BufRead, W: Write + Send>(input: R, output: W) -> io::Result<usize> {
    let workers = thread::available_parallelism().map_or(1, |n| n.get());
    let mut reader = BufReader::with_capacity(READ_CAPACITY, input);
    if workers == 1 {
        let mut out = io::BufWriter::with_capacity(1 << 16, output);
        let errors = run(&mut reader, &mut out)?;
        out.flush()?;
        return Ok(errors);
    }
    thread::scope(|s| {
        let (jobs, queued) = bounded::<Job>(workers * QUEUED_JOBS_PER_WORKER);
        let (done, finished) = unbounded::<Done>();
        // The workers start themselves: the calling thread starts one, which
        // starts the others, so reading begins at once.
        spawn_workers(s, workers, queued, done);
        let writer = s.spawn(move || write_in_order(&finished, output));
        let read = read_jobs(&mut reader, &jobs);
        // No more jobs: the workers finish theirs, then the writer its output.
        drop(jobs);
        let written = match writer.join() {
            Ok(w) => w,
            Err(panic) => panic::resume_unwind(panic),
        };
        // A failed write stops the reader too (the queue closes); report the
        // write error first, as the cause.
        let errors = written?;
        read?;
        Ok(errors)
    })
}

/// One job: consecutive complete lines of the input, and its place in it.
struct Job {
    seq: usize,
    text: Vec<u8>,
}

/// A job's outcome: its output text and error count, or its lines back if
/// evaluating them panicked (a bug), for the writer to evaluate again.
struct Done {
    seq: usize,
    outcome: Outcome,
}

/// Output text and error count, or the lines whose evaluation panicked.
type Outcome = Result<(Vec<u8>, usize), Vec<u8>>;

/// The reading stage: queues the complete lines of each read as jobs, and the
/// last line when the input ends without a newline. Stops early if the
/// workers are gone (the writer failed and they stopped).
fn read_jobs<R: BufRead>(reader: &mut R, jobs: &Sender<Job>) -> io::Result<()> {
    let mut seq = 0;
    for_each_read(reader, |lines| {
        for job in job_slices(lines, JOB_LINES) {
            let text = job.to_vec();
            if jobs.send(Job { seq, text }).is_err() {
                return Ok(false);
            }
            seq += 1;
        }
        Ok(true)
    })
}

/// Calls `lines` with the complete lines of each read (a line cut by the end
/// of a read waits for its rest), then with the last line if the input ends
/// without a newline. Stops when `lines` returns `false`.
fn for_each_read<R: BufRead>(
    reader: &mut R,
    mut lines: impl FnMut(&[u8]) -> io::Result<bool>,
) -> io::Result<()> {
    let mut partial: Vec<u8> = Vec::new();
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let len = chunk.len();
        let more = match chunk.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                let complete = &chunk[..=last];
                let more = if partial.is_empty() {
                    lines(complete)?
                } else {
                    partial.extend_from_slice(complete);
                    let more = lines(&partial)?;
                    partial.clear();
                    more
                };
                partial.extend_from_slice(&chunk[last + 1..]);
                more
            }
            None => {
                partial.extend_from_slice(chunk);
                true
            }
        };
        reader.consume(len);
        if !more {
            return Ok(());
        }
    }
    if !partial.is_empty() {
        lines(&partial)?;
    }
    Ok(())
}

/// Starts `count` evaluating threads as a binary tree: each thread first
/// starts up to two others, then evaluates. Starting 16 threads one after the
/// other took milliseconds, longer than evaluating thousands of lines.
fn spawn_workers<'s>(
    s: &'s thread::Scope<'s, '_>,
    count: usize,
    queued: Receiver<Job>,
    done: Sender<Done>,
) {
    if count == 0 {
        return;
    }
    s.spawn(move || {
        let rest = count - 1;
        spawn_workers(s, rest / 2, queued.clone(), done.clone());
        spawn_workers(s, rest - rest / 2, queued.clone(), done.clone());
        evaluate_jobs(&queued, &done);
    });
}

/// The evaluating stage, on each worker thread: until the queue closes.
fn evaluate_jobs(queued: &Receiver<Job>, done: &Sender<Done>) {
    for job in queued {
        // A panic (a bug) must not lose the job: its lines go back to the
        // writer, which evaluates them again on its own thread.
        let evaluated = panic::catch_unwind(AssertUnwindSafe(|| {
            let mut text = Vec::with_capacity(job.text.len());
            let errors = eval_chunk(&job.text, &mut text);
            (text, errors)
        }));
        let outcome = evaluated.map_err(|_| job.text);
        if done
            .send(Done {
                seq: job.seq,
                outcome,
            })
            .is_err()
        {
            return;
        }
    }
}

/// The writing stage: outputs in input order; flushes whenever no further
/// outcome is ready, so that an interactive user sees every answer at once.
/// Returns the number of error lines.
fn write_in_order<W: Write>(finished: &Receiver<Done>, output: W) -> io::Result<usize> {
    let mut out = io::BufWriter::with_capacity(1 << 16, output);
    let mut errors = 0;
    // Outcomes that arrived before an earlier job's, by `seq - next`.
    let mut waiting: VecDeque<Option<Outcome>> = VecDeque::new();
    let mut next = 0;
    loop {
        let done = match finished.try_recv() {
            Ok(done) => done,
            Err(TryRecvError::Empty) => {
                out.flush()?;
                match finished.recv() {
                    Ok(done) => done,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        // Jobs still to write are numbered from `next` on.
        let slot = done.seq - next;
        if waiting.len() <= slot {
            waiting.resize_with(slot + 1, || None);
        }
        waiting[slot] = Some(done.outcome);
        while let Some(outcome) = waiting.front_mut().and_then(Option::take) {
            waiting.pop_front();
            next += 1;
            let (text, e) = outcome.unwrap_or_else(|lines| {
                let mut text = Vec::new();
                let e = eval_chunk(&lines, &mut text);
                (text, e)
            });
            out.write_all(&text)?;
            errors += e;
        }
    }
    out.flush()?;
    Ok(errors)
}

/// The whole loop on one thread, for a single core: each read's complete lines
/// are evaluated and written before the next read.
fn run<R: BufRead, W: Write>(reader: &mut R, out: &mut W) -> io::Result<usize> {
    let mut errors = 0;
    let mut text = Vec::new();
    for_each_read(reader, |lines| {
        text.clear();
        errors += eval_chunk(lines, &mut text);
        out.write_all(&text)?;
        out.flush()?;
        Ok(true)
    })?;
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
