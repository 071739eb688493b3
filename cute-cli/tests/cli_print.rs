//! The `cute` binary: `cute print` against every line of
//! `tests/vectors/print_public.tsv` (a copy of `shared/conformance/print_public.tsv`) (comparison rules of the conformance
//! README), and the behaviour of `eval`, `svg` and `latex` on the command line.
#[path = "../../tests/support/vectors.rs"]
mod support;
#[path = "../../cute-print/tests/support/xml_check.rs"]
mod xml_check;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Number of lines `print_public.tsv` holds (README: 45).
const PRINT_PUBLIC_LINES: usize = 45;

fn cute(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .output()
        .expect("run the cute binary")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 errors")
}

fn print_public() -> Vec<(usize, String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/print_public.tsv");
    support::read_vectors(&path)
        .into_iter()
        .map(|(n, expr, expected)| (n, expr, unescape(&expected)))
        .collect()
}

/// The file's escapes: `\n` is a newline and `\\` a backslash.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some('\\') => out.push('\\'),
                other => panic!("unknown escape \\{other:?} in {s:?}"),
            },
            (c, false) => out.push(c),
        }
    }
    out
}

/// The README's notation rule: whitespace and `_` do not matter on the first line.
fn notation(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect()
}

/// The table lines with trailing whitespace and trailing blank lines removed.
fn table_lines(s: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = s.lines().skip(1).map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// `None` if `cute print EXPR` gives the expected result, else what went wrong.
fn check(expr: &str, expected: &str) -> Option<String> {
    let out = cute(&["print", expr]);
    if expected == "error" {
        return (out.status.success())
            .then(|| format!("expected an error exit, got success:\n{}", stdout(&out)));
    }
    if !out.status.success() {
        return Some(format!(
            "failed ({}): {}",
            out.status,
            stderr(&out).trim_end()
        ));
    }
    let got = stdout(&out);
    let first = |s: &str| notation(s.lines().next().unwrap_or(""));
    if first(&got) != first(expected) {
        return Some(format!(
            "notation line {:?}, expected {:?}",
            got.lines().next(),
            expected.lines().next()
        ));
    }
    let (g, e) = (table_lines(&got), table_lines(expected));
    if g != e {
        let at = g
            .iter()
            .zip(&e)
            .position(|(a, b)| a != b)
            .unwrap_or(g.len().min(e.len()));
        return Some(format!(
            "table differs at line {}: got {:?}, expected {:?}",
            at + 2,
            g.get(at),
            e.get(at)
        ));
    }
    None
}

#[test]
fn print_agrees_with_every_line_of_print_public() {
    let vectors = print_public();
    assert_eq!(
        vectors.len(),
        PRINT_PUBLIC_LINES,
        "print_public.tsv line count"
    );
    let failures: Vec<String> = vectors
        .iter()
        .filter_map(|(line, expr, expected)| {
            check(expr, expected)
                .map(|why| format!("print_public.tsv:{line}: cute print {expr:?}: {why}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} lines disagree:\n{}",
        failures.len(),
        vectors.len(),
        failures.join("\n")
    );
}

#[test]
fn print_refuses_rank_3_and_non_layouts_with_a_message() {
    let out = cute(&["print", "(2,2,2)"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("rank 3"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let out = cute(&["print", "(4611686018427387904,4):(2,1)"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("overflow"), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "nothing printed before the error");
    let out = cute(&["print", "shape((4,8))"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("found an IntTuple"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn errors_point_a_caret_at_the_offending_character() {
    let out = cute(&["eval", "(4,8):(1,4"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].starts_with("error"), "{err}");
    assert_eq!(lines[1], "(4,8):(1,4");
    assert_eq!(lines[2].find('^'), Some(10), "{err}");

    let out = cute(&["print", "size(frob(4:1))"]);
    let err = stderr(&out);
    assert!(err.contains("unknown function 'frob'"), "{err}");
    assert_eq!(
        err.lines().nth(2).and_then(|l| l.find('^')),
        Some(5),
        "{err}"
    );
}

#[test]
fn eval_prints_one_line_and_fails_with_status_1() {
    let out = cute(&["eval", "size((4,(2,3)))"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "24\n");
    let out = cute(&["eval", "size(8:1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

#[test]
fn eval_dash_answers_every_line_in_order() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["eval", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"size((4,8))\n(4,8\nrank(8:2)\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "32");
    assert!(lines[1].starts_with("error: "), "{text}");
    assert_eq!(lines[2], "1");
}

#[test]
fn svg_is_well_formed_with_one_cell_and_label_per_element() {
    let out = cute(&["svg", "(4,(2,2)):(4,(1,2))"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = stdout(&out);
    let doc = xml_check::parse(&svg).unwrap_or_else(|e| panic!("malformed SVG: {e}"));
    let count = |name: &str, class: &str| {
        doc.iter()
            .filter(|e| e.name == name && e.attr("class") == Some(class))
            .count()
    };
    assert_eq!(count("rect", "cell"), 16);
    assert_eq!(count("text", "label"), 16);
    let title = doc
        .iter()
        .find(|e| e.attr("class") == Some("title"))
        .unwrap();
    assert_eq!(
        title.text, "(4,(2,2)):(4,(1,2))",
        "titled as `cute eval` writes it"
    );
}

#[test]
fn svg_and_latex_write_files_with_dash_o() {
    let dir = std::env::temp_dir().join(format!("cute-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg_path = dir.join("l.svg");
    let out = cute(&["svg", "(2,3):(3,1)", "-o", svg_path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert_eq!(xml_check::parse(&svg).unwrap()[0].name, "svg");

    let tex_path = dir.join("l.tex");
    let out = cute(&[
        "latex",
        "(2,3):(3,1)",
        "--output",
        tex_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let tex = std::fs::read_to_string(&tex_path).unwrap();
    assert_eq!(
        tex.matches("\\node[fill=").count(),
        6,
        "one node per element"
    );
    for (m, n, v) in [(0, 0, 0), (0, 2, 2), (1, 0, 3), (1, 2, 5)] {
        assert!(
            tex.contains(&format!("at ({m},{n}) {{{v}}};")),
            "node ({m},{n}) = {v}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);

    let out = cute(&["latex", "(2,2,2)", "-o", "/nonexistent/never.tex"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("rank 3"));
}

#[test]
fn latex_has_one_node_per_element() {
    let out = cute(&["latex", "8:2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let tex = stdout(&out);
    assert!(tex.starts_with("% Layout: 8:2\n"));
    assert_eq!(tex.matches("\\node[fill=").count(), 8);
    assert!(tex.contains("at (0,7) {14};"));
}

#[test]
fn help_explains_the_subcommands_with_examples() {
    let out = cute(&["--help"]);
    let help = stdout(&out);
    for word in ["eval", "print", "svg", "latex", "Examples:"] {
        assert!(help.contains(word), "--help lacks {word:?}:\n{help}");
    }
    let out = cute(&["print", "--help"]);
    assert!(stdout(&out).contains("cute print '(4,(2,2)):(4,(1,2))'"));
}

/// `cute --help` lists every function of the calculator's table, one line
/// each (`name(args)` then its help), and `cute eval` answers each entry's
/// example with CuTe C++'s result: help and calculator come from one table.
#[test]
fn help_lists_every_function_of_the_calculator() {
    let help = stdout(&cute(&["--help"]));
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Functions"))
        .skip_while(|l| !l.starts_with("  "))
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(listed.len(), cute_calc::FUNCTIONS.len(), "{help}");
    for (line, f) in listed.iter().zip(cute_calc::FUNCTIONS) {
        let call = format!("{}({})", f.name, f.args);
        let rest = line.trim_start().strip_prefix(&call);
        assert_eq!(
            rest.map(str::trim_start),
            Some(f.help),
            "--help line for {}: {line:?}",
            f.name
        );
        let out = cute(&["eval", f.example]);
        assert!(out.status.success(), "{}: {}", f.example, stderr(&out));
        assert_eq!(stdout(&out), format!("{}\n", f.result), "{}", f.example);
    }
}

/// The `(name, args, help)` of every calculator function of the operation
/// list (`cute_types::for_each_op!`), in order.
macro_rules! listed_functions {
    ($( $name:ident {
        calc: [$( ($args:literal) => $eval:ident,
            $help:literal, $example:literal => $result:literal )?],
        typed: [$($typed:tt)*],
        typed_by_hand: [$($hand:ident),*],
    } )*) => {
        const LISTED: &[(&str, &str, &str)] = &[$($((stringify!($name), $args, $help),)?)*];
    };
}
cute_types::for_each_op!(listed_functions);

/// The function lines of `cute --help` are the operation list's calculator
/// entries, in its order: adding an operation to the list adds its line.
#[test]
fn help_lines_are_the_operation_list() {
    let help = stdout(&cute(&["--help"]));
    let listed: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Functions"))
        .skip_while(|l| !l.starts_with("  "))
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let expected: Vec<String> = LISTED
        .iter()
        .map(|(name, args, help)| {
            format!("{name}({args}) {help}")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(listed, expected);
}
