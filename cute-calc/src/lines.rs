//! `cute eval -`: one output line per input line, evaluated on all cores.
//!
//! Three stages run at once. A reading thread cuts each read's complete lines
//! into jobs of up to [`JOB_LINES`] lines and queues them. Worker threads, one
//! per core, evaluate jobs. The calling thread writes: it puts the outputs back
//! in input order, flushing whenever it has nothing more to write. So a piped
//! file keeps every core busy while it is still being read, and an interactive
//! user, whose every read is one line, sees each answer at once.
//!
//! Threads cost time to start and to stop (each new thread took 0.1–0.3 ms to
//! run on the GPU host), so: an empty input starts none; the calling thread
//! makes the first read, starts the workers and queues that read's jobs before
//! the reading thread exists; workers are never waited for; and the call
//! returns as soon as the last line is written.
use core::num::NonZeroUsize;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::string::String;
use std::sync::Arc;
use std::thread;
use std::vec::Vec;

use super::{Reading, Scratch};
use crossbeam_channel::{bounded, unbounded, Receiver, Sender, TryRecvError};

/// Bytes asked of the underlying reader per read. Below glibc's threshold for
/// giving a block its own mapping (128 KiB): the buffers are then recycled
/// from the heap, instead of being mapped, faulted in page by page and
/// unmapped (which interrupts every core running a worker) at each read.
const READ_CAPACITY: usize = 1 << 16;
/// Lines per job handed to a worker: large enough that a job outweighs the
/// cost of passing it between threads.
const JOB_LINES: usize = 32;
/// Jobs queued per worker before the reader waits: bounds the memory held
/// when input arrives faster than it is evaluated.
const QUEUED_JOBS_PER_WORKER: usize = 64;
/// The most evaluating threads [`eval_lines_on`] starts; a larger request is
/// served with this many. Past a few per core, more threads only cost memory
/// (a stack each, and 64 queued jobs each), and reach the system's thread limits.
pub const MAX_WORKERS: usize = 1024;
/// The longest input line, in bytes (newline excluded), that `cute eval -`
/// evaluates. A longer line gets the error line of
/// [`ExprError::LineTooLong`](super::ExprError::LineTooLong); its bytes past
/// this many are counted and dropped as they arrive, never stored, so an endless
/// line (`cat /dev/zero`) costs bounded memory. Lines after it are evaluated as usual.
///
/// 64 KiB is hundreds of times the longest expression of the conformance
/// vectors, and bounds what one line costs to evaluate. (When each literal was
/// stored at each capacity tried, 592 bytes at 64 nodes, `select((4,4),0,0,…)`
/// took 470 MB and 1.1 s as a 1 MiB line, 32 MB and 0.13 s as a 64 KiB one;
/// literals are now compact values of 120 or 240 bytes.)
pub const MAX_LINE_BYTES: usize = 1 << 16;
// Only the first line of a read can then be too long: the others began in it.
const _: () = assert!(MAX_LINE_BYTES >= READ_CAPACITY);

/// Evaluates every line of `input` and writes one output line per input line to
/// `output` (see [`super::eval_line`]); an error line never stops the run.
/// A line that is not UTF-8, or longer than [`MAX_LINE_BYTES`], gives an error
/// line too. Trailing `\r` is ignored. Returns the number of lines whose result
/// was an error.
pub fn eval_lines<R: io::Read + Send, W: Write>(input: R, output: W) -> io::Result<usize> {
    let workers = thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    eval_lines_on(workers, input, output)
}

/// [`eval_lines`] with `workers` evaluating threads (one: everything on the
/// calling thread) instead of one per core; at most [`MAX_WORKERS`] are started.
/// Where the system starts fewer threads than asked, the lines are evaluated by
/// those that started (or on the calling thread, if none did).
pub fn eval_lines_on<R: io::Read + Send, W: Write>(
    workers: NonZeroUsize,
    input: R,
    output: W,
) -> io::Result<usize> {
    eval_lines_as(Reading::Static, workers, input, output)
}

/// [`eval_lines_on`] with the literals read as `reading` says (`cute eval --mixed -`).
pub fn eval_lines_as<R: io::Read + Send, W: Write>(
    reading: Reading,
    workers: NonZeroUsize,
    input: R,
    output: W,
) -> io::Result<usize> {
    let workers = workers.get().min(MAX_WORKERS);
    let mut reader = Reads::new(input);
    if workers == 1 {
        let mut out = io::BufWriter::with_capacity(1 << 16, output);
        let errors = run(reading, &mut reader, &mut out)?;
        out.flush()?;
        return Ok(errors);
    }
    // The first read happens before any thread is started: an empty input
    // starts none.
    let first = reader.next_read()?;
    if first.is_none() {
        return Ok(0);
    }
    // Room for at least one whole read's jobs (lines of one byte and a
    // newline, at the shortest): the calling thread queues the first read
    // before the writing starts, and must not wait on the workers for that.
    let room = (workers * QUEUED_JOBS_PER_WORKER).max(READ_CAPACITY / (2 * JOB_LINES));
    let (jobs, queued) = bounded::<Job>(room);
    let (done, finished) = unbounded::<Message>();
    let mut queue = JobQueue {
        jobs,
        done,
        inline: false,
        seq: 0,
        reading,
    };
    // The first read's jobs are queued before any worker starts, so that
    // each worker finds work as soon as it runs: starting 16 threads takes
    // the calling thread 0.5-1 ms on the GPU host.
    let go_on = first.is_some_and(|read| queue.push(read));
    let mut output = output;
    if spawn_workers(workers, reading, queued.clone(), queue.done.clone()).is_err() {
        // No thread: what is queued is evaluated here, and so is the rest.
        queue.inline = true;
        let mut scratch = Scratch::new(reading);
        for job in queued.try_iter() {
            let _ = queue.done.send(evaluate_job(job, &mut scratch));
        }
    }
    drop(queued);
    let (reader_ref, queue_ref, output_ref) = (&mut reader, &mut queue, &mut output);
    let threaded = thread::scope(|s| {
        let spawned = thread::Builder::new().spawn_scoped(s, move || {
            let read = if go_on {
                reader_ref.rest(|read| queue_ref.push(read))
            } else {
                Ok(())
            };
            // The writer stops once it has written this many jobs: it need
            // not wait for the workers to notice that the queue is closed.
            let _ = queue_ref.done.send(Message::End(queue_ref.seq));
            read
        });
        // No reading thread (the system's thread limit): see below.
        let Ok(reader_thread) = spawned else {
            return Err(finished);
        };
        // Writing on the calling thread: when it is done, the call returns at
        // once, since the reading thread ended before (unless writing failed).
        let written = write_in_order(reading, &finished, output_ref);
        // A failed write closes `finished`: the workers stop, then the reader.
        drop(finished);
        // Report a write error first, as the cause.
        Ok(written.and_then(|errors| match reader_thread.join() {
            Ok(read) => read.map(|()| errors),
            Err(panic) => panic::resume_unwind(panic),
        }))
    });
    let finished = match threaded {
        Ok(outcome) => return outcome,
        Err(finished) => finished,
    };
    // The reading thread could not start: the first read's jobs, already
    // queued, are written as the workers finish them; the rest of the input
    // is evaluated on this thread, read by read.
    let _ = queue.done.send(Message::End(queue.seq));
    drop(queue);
    let mut errors = write_in_order(reading, &finished, &mut output)?;
    if go_on {
        let mut out = io::BufWriter::with_capacity(1 << 16, output);
        errors += run(reading, &mut reader, &mut out)?;
        out.flush()?;
    }
    Ok(errors)
}

/// One job: consecutive complete lines of the input, and its place in it.
/// The jobs of one read share its buffer.
struct Job {
    seq: usize,
    read: Arc<Read>,
    lines: Range<usize>,
}

impl Job {
    fn text(&self) -> &[u8] {
        // The range was cut from this very text.
        self.read.text.get(self.lines.clone()).unwrap_or_default()
    }
    /// The length of the over-long line that is this job's first line, if it is one.
    fn long_first(&self) -> Option<u64> {
        self.read.long_first.filter(|_| self.lines.start == 0)
    }
}

/// The complete lines one read finished.
struct Read {
    /// The lines, each ending with a newline (the last line of the input may lack it).
    text: Vec<u8>,
    /// When set, the first line of `text` is empty and stands for a line of
    /// this many bytes, longer than [`MAX_LINE_BYTES`], that was not stored.
    long_first: Option<u64>,
}

impl Read {
    fn lines(text: Vec<u8>) -> Arc<Read> {
        Arc::new(Read {
            text,
            long_first: None,
        })
    }
}

/// What the writer receives: a job's outcome, or the number of jobs in all.
enum Message {
    /// A job's output text and error count, or its lines back if evaluating
    /// them panicked (a bug), for the writer to evaluate again.
    Done { seq: usize, outcome: Outcome },
    /// Reading is over: this many jobs were queued.
    End(usize),
}

/// Output text and error count, or the lines whose evaluation panicked (with
/// the length of the over-long line they start with, if they do).
type Outcome = Result<(String, usize), (Vec<u8>, Option<u64>)>;

/// The reading stage's output: jobs for the workers, numbered in input order.
struct JobQueue {
    jobs: Sender<Job>,
    done: Sender<Message>,
    /// No worker could be started: jobs are evaluated here instead.
    inline: bool,
    /// Jobs queued so far.
    seq: usize,
    /// How the lines read their literals.
    reading: Reading,
}

impl JobQueue {
    /// Queues the lines of `read` as jobs of up to [`JOB_LINES`] lines;
    /// returns whether to go on (`false`: the writer is gone, as it failed).
    fn push(&mut self, read: Arc<Read>) -> bool {
        for lines in job_ranges(&read.text, JOB_LINES) {
            let job = Job {
                seq: self.seq,
                read: Arc::clone(&read),
                lines,
            };
            let sent = if self.inline {
                self.done
                    .send(evaluate_job(job, &mut Scratch::new(self.reading)))
                    .is_ok()
            } else {
                self.jobs.send(job).is_ok()
            };
            if !sent {
                return false;
            }
            self.seq += 1;
        }
        true
    }
}

/// Reads the input into buffers of whole lines: each read goes into a new
/// buffer, which the jobs cut from it then share (no copy), after the unfinished
/// line that ended the read before. The last line may lack its newline.
///
/// A line longer than [`MAX_LINE_BYTES`] is not kept: once the unfinished line
/// grows past that, its bytes are only counted until its newline, and the read
/// that ends it stands for it with an empty first line ([`Read::long_first`]).
struct Reads<R> {
    input: R,
    /// The end of the last read, after its last newline.
    partial: Vec<u8>,
    /// The length so far of an over-long line being skipped.
    skipped: Option<u64>,
}

impl<R: io::Read> Reads<R> {
    fn new(input: R) -> Reads<R> {
        Reads {
            input,
            partial: Vec::new(),
            skipped: None,
        }
    }

    /// One read: the complete lines it finishes (`Some`, possibly no line at
    /// all when the read ends inside a line), or `None` at the end of the
    /// input, after a last line without newline was returned.
    fn next_read(&mut self) -> io::Result<Option<Arc<Read>>> {
        // The unfinished line becomes the start of this read's buffer.
        let mut buf = core::mem::take(&mut self.partial);
        let kept = buf.len();
        buf.resize(kept + READ_CAPACITY, 0);
        let n = loop {
            match self.input.read(&mut buf[kept..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                read => break read?,
            }
        };
        buf.truncate(kept + n);
        if n == 0 {
            // The end: what is left is the last line, without its newline.
            if let Some(len) = self.skipped.take() {
                return Ok(Some(Arc::new(Read {
                    text: std::vec![b'\n'],
                    long_first: Some(len),
                })));
            }
            return Ok((!buf.is_empty()).then(|| Read::lines(buf)));
        }
        let Some(first) = memchr::memchr(b'\n', &buf[kept..]).map(|p| kept + p) else {
            // No line ends in this read: it all waits for its rest, unless
            // that line is already too long to keep.
            let len = buf.len() as u64;
            match &mut self.skipped {
                Some(skipped) => *skipped = skipped.saturating_add(len),
                None if buf.len() > MAX_LINE_BYTES => self.skipped = Some(len),
                None => {
                    self.partial = buf;
                    return Ok(Some(Read::lines(Vec::new())));
                }
            }
            // The buffer is kept for the next read, emptied.
            buf.clear();
            self.partial = buf;
            return Ok(Some(Read::lines(Vec::new())));
        };
        // The first line of this read may have begun long before.
        let first_len = self
            .skipped
            .take()
            .unwrap_or(0)
            .saturating_add(first as u64);
        let long_first = (first_len > MAX_LINE_BYTES as u64).then_some(first_len);
        if long_first.is_some() {
            // Only its newline is kept, as an empty line that stands for it.
            buf.drain(..first);
        }
        // The line at `first` ended, so there is a last newline.
        let end = memchr::memrchr(b'\n', &buf).map_or(buf.len(), |last| last + 1);
        self.partial.extend_from_slice(&buf[end..]);
        buf.truncate(end);
        Ok(Some(Arc::new(Read {
            text: buf,
            long_first,
        })))
    }

    /// Reads on until the input ends or `lines` returns `false`.
    fn rest(&mut self, mut lines: impl FnMut(Arc<Read>) -> bool) -> io::Result<()> {
        while let Some(read) = self.next_read()? {
            if !lines(read) {
                break;
            }
        }
        Ok(())
    }
}

/// Starts `count` evaluating threads, all from the calling thread: a new
/// thread takes 0.1–0.3 ms to get going on the GPU host, and those delays
/// overlap only when one thread starts them all (started from other new
/// threads, the last of 16 began up to 2 ms late).
///
/// The threads are detached: each ends by itself once the queue is closed and
/// empty (or the writer is gone), and nobody waits for that, since waking 16
/// idle threads only to let them exit cost more than a millisecond on the GPU
/// host. Fails only if no thread can be started.
fn spawn_workers(
    count: usize,
    reading: Reading,
    queued: Receiver<Job>,
    done: Sender<Message>,
) -> io::Result<()> {
    for k in 0..count {
        let (queued, done) = (queued.clone(), done.clone());
        match thread::Builder::new().spawn(move || evaluate_jobs(reading, &queued, &done)) {
            Ok(_) => {}
            Err(e) if k == 0 => return Err(e),
            // Fewer workers, but some.
            Err(_) => break,
        }
    }
    Ok(())
}

/// The evaluating stage, on each worker thread: until the queue closes or
/// the writer is gone.
fn evaluate_jobs(reading: Reading, queued: &Receiver<Job>, done: &Sender<Message>) {
    let mut scratch = Scratch::new(reading);
    for job in queued {
        if done.send(evaluate_job(job, &mut scratch)).is_err() {
            return;
        }
    }
}

/// Evaluates one job. A panic (a bug) must not lose the job: its lines go back
/// to the writer, which evaluates them again on its own thread.
fn evaluate_job(job: Job, scratch: &mut Scratch) -> Message {
    let evaluated = panic::catch_unwind(AssertUnwindSafe(|| {
        let mut text = String::with_capacity(job.text().len());
        let errors = eval_chunk(job.text(), job.long_first(), &mut text, scratch);
        (text, errors)
    }));
    Message::Done {
        seq: job.seq,
        outcome: evaluated.map_err(|_| (job.text().to_vec(), job.long_first())),
    }
}

/// The writing stage: outputs in input order; flushes whenever no further
/// outcome is ready, so that an interactive user sees every answer at once.
/// Ends when every job queued has been written. Returns the number of error lines.
fn write_in_order<W: Write>(
    reading: Reading,
    finished: &Receiver<Message>,
    output: W,
) -> io::Result<usize> {
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
            let (text, e) = outcome.unwrap_or_else(|(lines, long_first)| {
                let mut text = String::new();
                let e = eval_chunk(&lines, long_first, &mut text, &mut Scratch::new(reading));
                (text, e)
            });
            out.write_all(text.as_bytes())?;
            errors += e;
        }
    }
    out.flush()?;
    Ok(errors)
}

/// The whole loop on one thread, for a single core: each read's complete lines
/// are evaluated and written before the next read.
fn run<R: io::Read, W: Write>(
    reading: Reading,
    reader: &mut Reads<R>,
    out: &mut W,
) -> io::Result<usize> {
    let mut errors = 0;
    let mut text = String::new();
    let mut scratch = Scratch::new(reading);
    while let Some(read) = reader.next_read()? {
        text.clear();
        errors += eval_chunk(&read.text, read.long_first, &mut text, &mut scratch);
        out.write_all(text.as_bytes())?;
        out.flush()?;
    }
    Ok(errors)
}

/// Evaluates each line of `lines` (newline-terminated, except perhaps the
/// last) and appends one output line per input line to `out`. With
/// `long_first`, the first line stands for a line of that many bytes, too long
/// to evaluate.
fn eval_chunk(
    lines: &[u8],
    long_first: Option<u64>,
    out: &mut String,
    scratch: &mut Scratch,
) -> usize {
    // Checking the whole chunk at once is quicker than line by line; a chunk
    // that is not UTF-8 is checked line by line, to say which lines are not.
    let whole = core::str::from_utf8(lines).ok();
    let mut errors = 0;
    let mut ranges = line_ranges(lines);
    if let Some(len) = long_first {
        ranges.next();
        let too_long = super::ExprError::LineTooLong {
            len,
            limit: MAX_LINE_BYTES,
        };
        out.push_str(&std::format!("error: {too_long}\n"));
        errors += 1;
    }
    for range in ranges {
        let line = match whole {
            // Lines end at ASCII bytes, which are character boundaries:
            // slicing cannot fail, and the text is not checked again.
            Some(text) => Ok(text.get(range).unwrap_or_default()),
            None => core::str::from_utf8(&lines[range]),
        };
        errors += usize::from(eval_raw_line(line, out, scratch));
        out.push('\n');
    }
    errors
}

/// Where the lines of `text` are, without their `\n` or `\r\n`.
fn line_ranges(text: &[u8]) -> impl Iterator<Item = core::ops::Range<usize>> + '_ {
    let mut start = 0;
    core::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |nl| start + nl);
        let line = start..end;
        start = end + 1;
        let without_cr = match text[line.clone()].last() {
            Some(b'\r') => line.start..line.end - 1,
            _ => line,
        };
        Some(without_cr)
    })
}

/// Appends the result line for `line` (its text, or why it is not UTF-8) to
/// `out`; returns whether it is an error.
fn eval_raw_line(
    line: Result<&str, core::str::Utf8Error>,
    out: &mut String,
    scratch: &mut Scratch,
) -> bool {
    match line {
        Ok(src) => super::write_result(out, src, scratch),
        Err(e) => {
            out.push_str("error: syntax: the line is not valid UTF-8 at byte ");
            out.push_str(&std::format!("{}", e.valid_up_to() + 1));
            true
        }
    }
}

/// Where `text` is cut after every `per`-th newline.
fn job_ranges(text: &[u8], per: usize) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut start = 0;
    core::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        // memchr's vectorised search: this runs on the reading thread, which
        // every worker waits on, so a byte-at-a-time scan would cap the speed.
        let rest = &text[start..];
        let len = memchr::memchr_iter(b'\n', rest)
            .nth(per - 1)
            .map_or(rest.len(), |p| p + 1);
        let job = start..start + len;
        start += len;
        Some(job)
    })
}
