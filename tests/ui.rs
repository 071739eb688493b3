//! The compile-fail suite (`ui-tests/fail`, one rule per case, each with its
//! checked `.stderr`) and the passing macro forms (`ui-tests/pass`).
//!
//! Both sets run in one `TestCases`: trybuild then builds every case with
//! `cargo build` instead of `cargo check`, so errors that only appear when
//! constants are evaluated after monomorphization are reported too.
//! Regenerate the expected output with `TRYBUILD=overwrite cargo test --test ui`
//! and read every changed `.stderr` before keeping it.
use std::fs;
use std::path::{Path, PathBuf};

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui-tests/pass/*.rs");
    t.compile_fail("ui-tests/fail/*.rs");
}

/// Most lines the whole error of one case may take.
const MAX_LINES: usize = 30;

fn stderr_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui-tests/fail");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("ui-tests/fail exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "stderr"))
        .collect();
    files.sort();
    files
}

/// Why a `.stderr` breaks the readability rules, if it does.
fn readability_problem(text: &str) -> Option<String> {
    let first = text.lines().next().unwrap_or("");
    if !first.starts_with("error") {
        return Some(format!("the first line is not an error: {first:?}"));
    }
    if first.contains("UInt<") || first.contains("trait bound") {
        return Some(format!("the first line does not say the rule: {first:?}"));
    }
    if text.contains("UInt<UInt") {
        return Some("it prints typenum types (`UInt<UInt`)".into());
    }
    // A violated static rule (a compile-time evaluation error) is reported
    // once, however the failing result is used afterwards.
    let evaluation_errors = text
        .lines()
        .filter(|l| l.starts_with("error[E0080]"))
        .count();
    if evaluation_errors > 1 {
        return Some(format!(
            "{evaluation_errors} evaluation errors: a violated rule is reported once"
        ));
    }
    let lines = text.lines().count();
    if lines > MAX_LINES {
        return Some(format!("{lines} lines (at most {MAX_LINES})"));
    }
    None
}

/// Every error of the suite starts with the rule in plain words, prints no
/// typenum types and stays short.
#[test]
fn ui_errors_are_readable() {
    let files = stderr_files();
    assert!(files.len() >= 20, "the suite has {} cases", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(path).unwrap();
        if let Some(problem) = readability_problem(&text) {
            failures.push(format!("{name}: {problem}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
