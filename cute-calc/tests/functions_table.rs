//! The calculator's one table of functions ([`cute_calc::FUNCTIONS`]): every
//! entry is dispatched, evaluates its example to CuTe C++'s answer (a line of the
//! conformance vectors), is offered for its misspellings, and nothing outside
//! the table is a function. `cute --help` lists the same table
//! (`cute-cli/tests/cli_print.rs`).
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use cute_calc::{eval_line, evaluate, ExprError, FUNCTIONS};

/// `EXPR → EXPECTED` of the public conformance vectors (CuTe C++ 4.2).
fn public_vectors() -> HashMap<String, String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/public.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(e, r)| (e.to_string(), r.split('\t').next().unwrap_or(r).to_string()))
        .collect()
}

#[test]
fn every_entry_evaluates_its_example_to_the_cpp_answer() {
    let vectors = public_vectors();
    for f in FUNCTIONS {
        assert!(
            f.example.starts_with(&format!("{}(", f.name)),
            "{}: the example {:?} calls another function",
            f.name,
            f.example
        );
        assert_eq!(
            vectors.get(f.example),
            Some(&f.result.to_string()),
            "{}: the example is not a line of public.tsv with this result",
            f.name
        );
        assert_eq!(eval_line(f.example), f.result, "{}", f.example);
    }
}

#[test]
fn entries_are_unique_and_described() {
    let mut seen = HashSet::new();
    for f in FUNCTIONS {
        assert!(seen.insert(f.name), "{} declared twice", f.name);
        assert!(!f.args.is_empty() && !f.help.is_empty(), "{}", f.name);
        assert!(!f.help.contains('\n'), "{}: the help is one line", f.name);
    }
}

/// The names called in the public vectors are exactly the table's names.
#[test]
fn the_table_covers_the_functions_of_the_vectors() {
    let mut called = HashSet::new();
    for expr in public_vectors().keys() {
        let bytes = expr.as_bytes();
        let mut start = None;
        for (i, &b) in bytes.iter().enumerate() {
            if b.is_ascii_alphanumeric() || b == b'_' {
                start.get_or_insert(i);
                continue;
            }
            if let Some(s) = start.take() {
                // A name is a word that starts with a letter and is called.
                if b == b'(' && bytes[s].is_ascii_alphabetic() {
                    called.insert(expr[s..i].to_string());
                }
            }
        }
    }
    let table: HashSet<String> = FUNCTIONS.iter().map(|f| f.name.to_string()).collect();
    assert_eq!(called, table);
}

/// A misspelt name is refused with the nearest entry as the suggestion, and a
/// name that is no entry is unknown.
#[test]
fn the_table_is_the_whole_dispatch() {
    for f in FUNCTIONS {
        let typo = format!("{}x(8:1)", f.name);
        match evaluate(&typo) {
            Err(ExprError::UnknownFunction { suggestion, .. }) => {
                assert_eq!(suggestion, Some(f.name), "{typo}")
            }
            other => panic!("{typo}: {other:?}"),
        }
    }
    for name in ["make_layout", "print", "product", "divide", "Size_"] {
        assert!(
            matches!(
                evaluate(&format!("{name}(8:1)")),
                Err(ExprError::UnknownFunction { .. })
            ),
            "{name}"
        );
    }
}
