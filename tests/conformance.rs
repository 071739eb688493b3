//! Replays every line of `tests/vectors/public.tsv` (a copy of `shared/conformance/public.tsv`) through the calculator
//! (`cute::expr::eval_line`) with the README's comparison rules:
//! whitespace and `_` are ignored, and an expected `error` matches any output
//! starting with `error`.
use std::path::PathBuf;

use cute::expr::eval_line;

#[path = "support/vectors.rs"]
mod support;

/// Number of lines `public.tsv` holds (README: 460).
const PUBLIC_LINES: usize = 460;

fn conformance_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(name)
}

/// `(line number, expression, expected)` for every line of `public.tsv`.
fn vectors() -> Vec<(usize, String, String)> {
    vectors_of("public.tsv")
}

/// `(line number, expression, expected)` for every line of `tests/vectors/name`.
fn vectors_of(name: &str) -> Vec<(usize, String, String)> {
    support::read_vectors(&conformance_file(name))
}

/// The README's normal form: no whitespace, no `_`.
fn normal(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect()
}

fn matches(expected: &str, got: &str) -> bool {
    if expected.trim() == "error" {
        got.starts_with("error")
    } else {
        !got.starts_with("error") && normal(expected) == normal(got)
    }
}

#[test]
fn reads_all_public_lines() {
    assert_eq!(vectors().len(), PUBLIC_LINES);
}

#[test]
fn public_vectors_all_match() {
    assert_all_match(&vectors());
}

/// Every line of `vectors` gives its expected result (all mismatches listed).
fn assert_all_match(vectors: &[(usize, String, String)]) {
    let mismatches: Vec<String> = vectors
        .iter()
        .filter_map(|(n, expr, expected)| {
            let got = eval_line(expr);
            (!matches(expected, &got))
                .then(|| format!("line {n}: {expr}\n   expected {expected}\n   got      {got}"))
        })
        .collect();
    assert!(
        mismatches.is_empty(),
        "{} of {} conformance lines differ:\n{}",
        mismatches.len(),
        vectors.len(),
        mismatches.join("\n")
    );
}

/// The comparison itself must be able to fail (guards against a test that always passes).
#[test]
fn comparison_rules() {
    assert!(matches("(4,8):(1,4)", "( _4, 8 ):(1,_4)"));
    assert!(!matches("(3):(1)", "3:1"));
    assert!(matches(
        "error",
        "error: syntax: unexpected ')' at column 3"
    ));
    assert!(!matches("error", "3:1"));
    assert!(!matches("3:1", "error: 3:1"));
}

/// 3148 compositions, divides and products whose right-hand side has size-1
/// modes (`gen.py --kind size1 --reading static`, seeds 11 (2999) and 151 (149 of
/// 150; one already present)), each answered by CuTe C++ 4.2 with `Int<N>` leaves
/// (`scripts/cpp-oracle`, `tests/vectors/composition_size1_cpp.tsv`): a size-1
/// mode keeps the composed stride where C++ keeps it.
#[test]
fn size_one_compositions_match_cpp() {
    let vectors = vectors_of("composition_size1_cpp.tsv");
    assert_eq!(vectors.len(), 3148);
    assert_all_match(&vectors);
}

/// 253 expressions over deeply nested layouts (depth 3 to 6, size-1 modes, zero
/// and negative strides; `scripts/cpp-oracle/deep.py`), each answered by CuTe C++
/// 4.2 with `Int<N>` leaves (`tests/vectors/deep_static_cpp.tsv`). Of the 260
/// generated, the 7 left out are contract refusals where C++ prints a negative
/// shape or the literal has more than 64 nodes (`scripts/cpp-oracle/out/deep_differ.tsv`).
#[test]
fn deep_static_expressions_match_cpp() {
    let vectors = vectors_of("deep_static_cpp.tsv");
    assert_eq!(vectors.len(), 253);
    assert_all_match(&vectors);
}

/// 214 expressions of a hand-made family (`scripts/cpp-oracle/values.py --mid`:
/// every function on ten layout forms with size-1 modes, zero and negative strides,
/// filled with values up to 2^16), each answered by CuTe C++ 4.2 with `Int<N>`
/// leaves (`tests/vectors/values_static_cpp.tsv`). Of the 288 C++ answered, the
/// 74 left out are contract refusals (non-positive shapes and factors, negative
/// shapes C++ prints, a 32-bit wrap), listed in `scripts/cpp-oracle/out/values_differ.tsv`.
#[test]
fn values_static_expressions_match_cpp() {
    let vectors = vectors_of("values_static_cpp.tsv");
    assert_eq!(vectors.len(), 214);
    assert_all_match(&vectors);
}

/// 1690 random expressions over every calculator function (`gen.py --kind general
/// --reading static`, seeds 41 (800), 101 (299 of 300; one past the translator),
/// 121 (296 of 300; two past the translator, two already present) and 161 (295 of
/// 300; four already present, one contract refusal in
/// `scripts/cpp-oracle/out/static_contract.tsv`)), each answered by CuTe C++ 4.2
/// with `Int<N>` leaves (`scripts/cpp-oracle`, `tests/vectors/general_static_cpp.tsv`);
/// 435 of them are refusals in C++.
#[test]
fn general_static_expressions_match_cpp() {
    let vectors = vectors_of("general_static_cpp.tsv");
    assert_eq!(vectors.len(), 1690);
    assert_eq!(
        vectors
            .iter()
            .filter(|(_, _, want)| want == "error")
            .count(),
        435
    );
    assert_all_match(&vectors);
}

/// Static expressions of the operation classes of `scripts/cpp-oracle/classes.py`
/// (by-mode tilers, products, tile_to_shape, casts, inverses, complement,
/// compositions built to divide, size-1 and stride-0 modes, coordinates, mode
/// functions, profiles, swizzles), each answered by CuTe C++ 4.2 with `Int<N>`
/// leaves (`tests/vectors/classes_static_cpp.tsv`): a sample of the class runs of
/// `scripts/cpp-oracle/hunt.sh`, and of session 13's classes (chains of two or three
/// operations, inverses, casts, max_common_*, make_layout_like, tile_to_shape and
/// products of operands of different ranks, negative strides, static units) and
/// session 14's (rank 4-6 operands of depth 3-4, tilers of nested layouts, tilers
/// mixing units and layouts, tuple cotargets, unit profiles, large values),
/// with `raked_product(2:2,8:1)`, which C++'s `zip` does not compile. The contract
/// refusals met (C++ prints negative shapes for a left inverse that does not
/// exist or a complement of a negative stride, or a shape 0 for a cotarget 0) are
/// in `scripts/cpp-oracle/out/static_contract.tsv`.
#[test]
fn classes_static_expressions_match_cpp() {
    let vectors = vectors_of("classes_static_cpp.tsv");
    assert_eq!(vectors.len(), COUNT_CLASSES_STATIC);
    assert_all_match(&vectors);
}

/// Lines of `classes_static_cpp.tsv`.
const COUNT_CLASSES_STATIC: usize = 1571;
