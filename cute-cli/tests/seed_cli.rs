//! The `cute` binary's `cute print` against every print_layout table of the seed
//! tutorials (the same tables `tests/seed_examples.rs` checks through the library).
use std::process::Command;

#[path = "../../tests/support/seed_tables.rs"]
mod seed_tables;
use seed_tables::TABLES;

/// The README's normal form: no whitespace, no `_`.
fn normal(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect()
}

/// Lines with trailing whitespace and trailing blank lines removed (C++ ends
/// the header line with a space; the README ignores trailing whitespace).
fn trimmed_lines(s: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = s.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

#[test]
fn seed_tables_cute_print() {
    for (at, _, expr, expected) in TABLES {
        let out = Command::new(env!("CARGO_BIN_EXE_cute"))
            .args(["print", expr])
            .output()
            .expect("run the cute binary");
        assert!(out.status.success(), "{at}: cute print {expr} failed");
        let got = String::from_utf8(out.stdout).unwrap();
        let (g, e) = (trimmed_lines(&got), trimmed_lines(expected));
        // The notation line carries no static marks in the calculator.
        assert_eq!(normal(g[0]), normal(e[0]), "{at}: notation line");
        assert_eq!(g[1..], e[1..], "{at}: cute print {expr}");
    }
}
