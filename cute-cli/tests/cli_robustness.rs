//! The `cute` binary on garbage and extreme arguments: every run ends with exit
//! status 0 or 1 and an `error: ...` message, never a panic (status 101), an
//! abort (a signal) or a hang. The library-level cases are in
//! `cute-types/tests/robustness.rs`; this checks the process around them.
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const P40: i64 = 1 << 40;

/// Runs `cute args…` with `input` on standard input.
fn cute(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the cute binary");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Feed standard input from another thread so that a full output pipe cannot block us.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for cute");
    feeder.join().expect("stdin feeder");
    out
}

/// The run ended normally (status 0 or 1, no signal), and a failure said why.
fn ends_cleanly(args: &[&str], out: &Output) {
    let err = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code();
    assert!(
        matches!(code, Some(0) | Some(1)),
        "cute {args:?}: status {:?}\n{err}",
        out.status
    );
    if code == Some(1) {
        assert!(err.starts_with("error"), "cute {args:?}: {err}");
    }
    assert!(!err.contains("panicked"), "cute {args:?}: {err}");
}

#[test]
fn garbage_arguments_end_with_an_error() {
    let deep_tiler = "[".repeat(24) + "2" + &"]".repeat(24);
    let deep_parens = "(".repeat(10_000);
    let huge_tile = format!("({P40},{P40}):(0,0)");
    let overflow = format!("size(({P40},{P40}))");
    let cases: Vec<Vec<&str>> = vec![
        vec!["eval", ""],
        vec!["eval", "((((("],
        vec!["eval", &deep_parens],
        vec!["eval", &deep_tiler],
        vec!["eval", "\u{1F600}(4:1)"],
        vec!["eval", "size(9223372036854775808)"],
        vec!["eval", &overflow],
        vec!["eval", "composition(swizzle(3,4,3), 9223372036854775807:2)"],
        vec!["print", "(2,2,2)"],
        vec!["print", "size(4)"],
        vec!["print", "(2,2):(-9223372036854775807,9223372036854775807)"],
        vec!["svg", "(100000,100000)"],
        vec!["latex", "(4611686018427387904,4)"],
        vec!["svg", "--tv", "100000,100000", "(2,2):(1,2)"],
        vec!["svg", "--tv", "2,1", &huge_tile],
        vec!["latex", "--tv", "x", "(2,2):(1,2)"],
        vec![
            "svg",
            "--tv",
            "9223372036854775807,9223372036854775807",
            "(2,2):(1,2)",
        ],
        vec!["svg", "--mma", "sm90_64x256x16", "(16,16,1)"],
        vec!["svg", "--mma", "sm80_16x8x16", "(0,1,1)"],
        vec!["latex", "--mma", "sm90_64x-8x16", "(1,1,1)"],
        vec!["svg", "(4,4)", "-o", "/nonexistent-dir/x.svg"],
    ];
    for args in &cases {
        let start = Instant::now();
        let out = cute(args, b"");
        ends_cleanly(args, &out);
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "cute {args:?} took too long"
        );
    }
}

#[test]
fn eval_stdin_survives_garbage_lines() {
    // Enough lines for the parallel path (2 MiB worker stacks), with the
    // deepest nesting the calculator accepts, overflows and invalid UTF-8.
    let mut input = Vec::new();
    let lines: Vec<Vec<u8>> = vec![
        ("[".repeat(24) + "2" + &"]".repeat(24)).into_bytes(),
        ("size(".repeat(23) + "4" + &")".repeat(23)).into_bytes(),
        format!("size(({P40},{P40}))").into_bytes(),
        b"\xff\xfe(4:1)".to_vec(),
        b"coalesce((4,(2,2)):(1,(4,8)))".to_vec(),
    ];
    for _ in 0..100 {
        for l in &lines {
            input.extend_from_slice(l);
            input.push(b'\n');
        }
    }
    let out = cute(&["eval", "-"], &input);
    ends_cleanly(&["eval", "-"], &out);
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), 500, "one answer per line");
    for chunk in answers.chunks(5) {
        assert!(chunk[0].starts_with("error"), "{}", chunk[0]);
        assert_eq!(chunk[1], "4");
        assert!(chunk[2].starts_with("error"), "{}", chunk[2]);
        assert!(chunk[3].starts_with("error"), "{}", chunk[3]);
        assert_eq!(chunk[4], "16:1");
    }
}

/// `CUTE_THREADS` picks the number of evaluating threads: any count gives the
/// same lines, and a value that is not a positive integer is an error that
/// names the variable, before any line is read.
#[test]
fn eval_stdin_threads_from_the_environment() {
    let run = |threads: &str, input: &[u8]| {
        Command::new(env!("CARGO_BIN_EXE_cute"))
            .args(["eval", "-"])
            .env("CUTE_THREADS", threads)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                // A refused CUTE_THREADS ends the process before it reads: its
                // standard input may be closed by the time this writes.
                match child.stdin.take().expect("stdin").write_all(input) {
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                    written => written?,
                }
                child.wait_with_output()
            })
            .expect("run the cute binary")
    };
    let input = "size((4,8))\nlogical_divide((8,8):(1,8), [2,4])\nfoo(1)\n".repeat(400);
    let default = cute(&["eval", "-"], input.as_bytes());
    for threads in ["1", "3", "64", "1024"] {
        let out = run(threads, input.as_bytes());
        assert_eq!(out.status.code(), Some(0), "CUTE_THREADS={threads}");
        assert!(out.stdout == default.stdout, "CUTE_THREADS={threads}");
    }
    for bad in [
        "0",
        "-2",
        "many",
        "",
        "1025",
        "1500",
        "9999999999999",
        "18446744073709551615",
        "18446744073709551616",
    ] {
        let out = run(bad, b"size(4)\n");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "CUTE_THREADS={bad}: {err}");
        assert!(
            err.starts_with("error: CUTE_THREADS must be an integer from 1 to 1024"),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
}

/// `cat /dev/zero | cute eval -`: the endless line is answered with one error
/// line once it ends, and the next line is evaluated.
#[test]
fn eval_stdin_answers_an_over_long_line() {
    let mut input = vec![0u8; 32 << 20];
    input.extend_from_slice(b"\nsize(4)\n");
    let out = cute(&["eval", "-"], &input);
    ends_cleanly(&["eval", "-"], &out);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("error: syntax: the line is 33554432 bytes long; lines of at most"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "4");
}

/// `cute print` draws at most as many cells as svg and latex.
#[test]
fn print_refuses_huge_tables() {
    for layout in ["9223372036854775807:1", "(300,300):(1,300)"] {
        let start = Instant::now();
        let out = cute(&["print", layout], b"");
        assert_eq!(out.status.code(), Some(1), "{layout}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("at most 65536 are printed or drawn"), "{err}");
        // Nothing of the refused table: not even the layout's notation.
        assert!(
            out.stdout.is_empty(),
            "{layout}: printed {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(start.elapsed() < Duration::from_secs(20));
    }
    let out = cute(&["print", "(256,256):(1,256)"], b"");
    assert_eq!(out.status.code(), Some(0));
}

/// A table, picture or document that cannot be made writes nothing to
/// standard output: a 2^40-cell layout, and one whose offsets pass i64 in
/// the middle of the table (it used to leave the notation and part of the
/// table before the error).
#[test]
fn refused_pictures_write_nothing() {
    for command in ["print", "svg", "latex"] {
        for layout in [
            "1099511627776:1",
            "(1048576,1048576):(1048576,1)",
            "(8,8):(9223372036854775807,1)",
            "(4,(2,2)):(0,(9223372036854775807,-9223372036854775807))",
        ] {
            let start = Instant::now();
            let out = cute(&[command, layout], b"");
            ends_cleanly(&[command, layout], &out);
            assert_eq!(out.status.code(), Some(1), "{command} {layout}");
            assert!(
                out.stdout.is_empty(),
                "{command} {layout}: {:?}",
                String::from_utf8_lossy(&out.stdout)
            );
            assert!(start.elapsed() < Duration::from_secs(20));
        }
    }
}

/// Each message names what is wrong with what the user wrote.
#[test]
fn messages_name_the_problem() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["eval", "complement(4:1,(2,0))"],
            "error: complement: the cotarget's entries must be positive",
        ),
        (
            &["eval", "complement(4:1,0)"],
            "error: complement: the cotarget's entries must be positive",
        ),
        (
            &["eval", "blocked_product((4), 2)"],
            "error: blocked_product: the block is a rank-1 tuple but the tiler an integer",
        ),
        (
            &["eval", "sise((4,8))"],
            "error: unknown function 'sise' at column 1; did you mean 'size'?",
        ),
        (
            &["svg", "--tv", "1,1", "4:0"],
            "error: a TV layout has rank 2, (thread, value) -> index; this layout has rank 1",
        ),
        (
            &["latex", "--mma", "fma", "(100000,1,1)"],
            "error: the atom layout has 100000 atoms; at most 65536 are tiled",
        ),
        (
            &["svg", "--mma", "fma", "(2,2)"],
            "error: the atom layout has rank 3, (AM,AN,AK) -> atom; this layout has rank 2",
        ),
        (
            &["svg", "--mma", "fma", "(2,2,1):(1,1,1)"],
            "error: the atom layout must map its (AM,AN,AK) coordinates one-to-one",
        ),
    ];
    for (args, message) in cases {
        let out = cute(args, b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with(message), "{args:?}: {err}");
    }
    // The working neighbours of those cases still work.
    for args in [
        &["eval", "blocked_product((4), (2))"][..],
        &["svg", "--tv", "1,1", "(4,1):(0,0)"],
        &["svg", "--mma", "fma", "(2,2,1)"],
    ] {
        assert_eq!(cute(args, b"").status.code(), Some(0), "{args:?}");
    }
}

/// A control character or line separator in an expression is shown escaped
/// on standard error, so that the message keeps its three lines, the caret
/// under the offending character.
#[test]
fn errors_show_control_characters_escaped() {
    let out = cute(&["eval", "size(4)\u{b}+\u{2028}"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        "error: syntax error\nsize(4)\\u{b}+\\u{2028}\n       ^ unexpected '\\u{b}' after the end\n"
    );
    let out = cute(&["eval", "\u{85}frob(4)"], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(!err.contains('\u{85}'), "{err}");
}

/// `cute eval --help` states the limits the calculator enforces.
#[test]
fn eval_help_states_the_limits() {
    let out = cute(&["eval", "--help"], b"");
    let help = String::from_utf8_lossy(&out.stdout);
    let threads = format!("CUTE_THREADS=N (1 to {})", cute_calc::MAX_WORKERS);
    assert!(help.contains(&threads), "{help}");
    assert_eq!(cute_calc::MAX_LINE_BYTES, 1 << 16);
    assert!(help.contains("A line longer than 64 KiB"), "{help}");
}

/// No node ceiling: `cute eval` of a layout with 10,000 leaves answers, as an
/// argument and as a line of standard input.
#[test]
fn eval_of_a_ten_thousand_leaf_layout() {
    let ones = vec!["1"; 9_999].join(",");
    let layout = format!("(2,{ones}):(1,{ones})");
    let out = cute(&["eval", &format!("size({layout})")], b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "2\n");
    let out = cute(&["eval", &format!("coalesce({layout})")], b"");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "2:1\n");
    // Mixed reading: run-time 1s do not merge, all 10,000 modes come back.
    let line = format!("coalesce({layout})\nrank({layout})\n");
    let out = cute(&["eval", "--mixed", "-"], line.as_bytes());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].matches(',').count(), 2 * 9_999);
    assert_eq!(lines[1], "_10000");
}
