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
    let (jobs, queued) = bounded::<Job>(workers * QUEUED_JOBS_PER_WORKER);
    let (done, finished) = unbounded::<Message>();
    thread::scope(|s| {
        let writer = s.spawn(move || write_in_order(&finished, output));
        let mut pool = Pool::Idle {
            workers,
            queued,
            done: done.clone(),
        };
        let (queued_jobs, read) = read_jobs(&mut reader, &jobs, &mut pool, &done);
        // The writer stops once it has written this many jobs: it need not
        // wait for the workers to notice that the queue is closed.
        let _ = done.send(Message::End(queued_jobs));
        drop((jobs, done, pool));
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

/// What the writer receives: a job's outcome, or the number of jobs in all.
enum Message {
    /// A job's output text and error count, or its lines back if evaluating
    /// them panicked (a bug), for the writer to evaluate again.
    Done { seq: usize, outcome: Outcome },
    /// Reading is over: this many jobs were queued.
    End(usize),
}

/// Output text and error count, or the lines whose evaluation panicked.
type Outcome = Result<(Vec<u8>, usize), Vec<u8>>;

/// The evaluating threads: started when the first job is queued, so that an
/// empty or short-lived input costs no thread start.
enum Pool {
    /// Not started yet: what the workers will need.
    Idle {
        workers: usize,
        queued: Receiver<Job>,
        done: Sender<Message>,
    },
    /// Started (or none could be: the reading thread then evaluates).
    Started { inline: bool },
}

impl Pool {
    /// Starts the workers if they are not running yet; returns whether jobs
    /// must be evaluated on the calling thread (no worker could be started).
    fn start(&mut self) -> bool {
        if let Pool::Started { inline } = self {
            return *inline;
        }
        let Pool::Idle {
            workers,
            queued,
            done,
        } = core::mem::replace(self, Pool::Started { inline: false })
        else {
            return false;
        };
        let inline = spawn_workers(workers, queued, done).is_err();
        *self = Pool::Started { inline };
        inline
    }
}

/// The reading stage: queues the complete lines of each read as jobs, and the
/// last line when the input ends without a newline. Returns the number of
/// jobs queued (also when reading failed). Stops early if the writer is gone
/// (it failed: the workers stop and the queue closes).
fn read_jobs<R: BufRead>(
    reader: &mut R,
    jobs: &Sender<Job>,
    pool: &mut Pool,
    done: &Sender<Message>,
) -> (usize, io::Result<()>) {
    let mut seq = 0;
    let read = for_each_read(reader, |lines| {
        for job in job_slices(lines, JOB_LINES) {
            let text = job.to_vec();
            let sent = if pool.start() {
                done.send(evaluate_job(Job { seq, text })).is_ok()
            } else {
                jobs.send(Job { seq, text }).is_ok()
            };
            if !sent {
                return Ok(false);
            }
            seq += 1;
        }
        Ok(true)
    });
    (seq, read)
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
        let more = match memchr::memrchr(b'\n', chunk) {
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

/// Starts `count` evaluating threads in two levels: the caller starts about
/// √count of them, and each of those starts the rest of its group before it
/// evaluates. A thread takes a while to get going (0.1–0.3 ms on the GPU
/// host), so one after the other, 16 threads took milliseconds, longer than
/// evaluating thousands of lines; a binary tree still waited four starts.
///
/// The threads are detached: each ends by itself once the queue is closed and
/// empty (or the writer is gone), and nobody waits for that, since waking 16
/// idle threads only to let them exit cost more than a millisecond on the GPU
/// host. Fails only if no thread can be started.
fn spawn_workers(count: usize, queued: Receiver<Job>, done: Sender<Message>) -> io::Result<()> {
    let leaders = (1..=count).find(|k| k * k >= count).unwrap_or(1);
    for group in 0..leaders {
        // Groups differ in size by at most one.
        let size = count / leaders + usize::from(group < count % leaders);
        let (queued, done) = (queued.clone(), done.clone());
        let started = thread::Builder::new().spawn(move || {
            for _ in 1..size {
                let (queued, done) = (queued.clone(), done.clone());
                // A thread that cannot be started leaves fewer workers.
                let _ = thread::Builder::new().spawn(move || evaluate_jobs(&queued, &done));
            }
            evaluate_jobs(&queued, &done);
        });
        match started {
            Ok(_) => {}
            Err(e) if group == 0 => return Err(e),
            // Fewer workers, but some.
            Err(_) => break,
        }
    }
    Ok(())
}

/// The evaluating stage, on each worker thread: until the queue closes or
/// the writer is gone.
fn evaluate_jobs(queued: &Receiver<Job>, done: &Sender<Message>) {
    for job in queued {
        if done.send(evaluate_job(job)).is_err() {
            return;
        }
    }
}

/// Evaluates one job. A panic (a bug) must not lose the job: its lines go back
/// to the writer, which evaluates them again on its own thread.
fn evaluate_job(job: Job) -> Message {
    let evaluated = panic::catch_unwind(AssertUnwindSafe(|| {
        let mut text = Vec::with_capacity(job.text.len());
        let errors = eval_chunk(&job.text, &mut text);
        (text, errors)
    }));
    Message::Done {
        seq: job.seq,
        outcome: evaluated.map_err(|_| job.text),
    }
}

/// The writing stage: outputs in input order; flushes whenever no further
/// outcome is ready, so that an interactive user sees every answer at once.
/// Ends when every job queued has been written. Returns the number of error lines.
fn write_in_order<W: Write>(finished: &Receiver<Message>, output: W) -> io::Result<usize> {
    let mut out = io::BufWriter::with_capacity(1 << 16, output);
    let mut errors = 0;
    // Outcomes that arrived before an earlier job's, by `seq - next`.
    let mut waiting: VecDeque<Option<Outcome>> = VecDeque::new();
    let mut next = 0;
    let mut total = None;
    while total != Some(next) {
        let message = match finished.try_recv() {
            Ok(message) => message,
            Err(TryRecvError::Empty) => {
                out.flush()?;
                match finished.recv() {
                    Ok(message) => message,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        let (seq, outcome) = match message {
            Message::Done { seq, outcome } => (seq, outcome),
            Message::End(jobs) => {
                total = Some(jobs);
                continue;
            }
        };
        // Jobs still to write are numbered from `next` on.
        let slot = seq - next;
        if waiting.len() <= slot {
            waiting.resize_with(slot + 1, || None);
        }
        waiting[slot] = Some(outcome);
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
    let mut rest = text;
    core::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (line, tail) = match memchr::memchr(b'\n', rest) {
            Some(nl) => (&rest[..nl], &rest[nl + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        rest = tail;
        Some(line.strip_suffix(b"\r").unwrap_or(line))
    })
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
        // memchr's vectorised search: this runs on the reading thread, which
        // every worker waits on, so a byte-at-a-time scan would cap the speed.
        let end = memchr::memchr_iter(b'\n', rest)
            .nth(per - 1)
            .map_or(rest.len(), |p| p + 1);
        let (job, tail) = rest.split_at(end);
        rest = tail;
        Some(job)
    })
}
