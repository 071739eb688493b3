//! Every concrete example of the seed tutorials (`shared/seeds/*.txt`, the CuTe
//! layout tutorials the product was conceived from), checked against cute-rs.
//!
//! Each fact is an input and the result the tutorial states, re-checked with CuTe
//! C++ 4.2 (`shared/tools/cute-cpp`). Where the two differ, the C++ value is the
//! expected one and a comment names the discrepancy. Locators are short English
//! descriptions ("seed 000 §2.1") of where the example sits in the seed file.
//!
//! Paths exercised: the calculator (`cute::expr::eval_line`), the typed
//! layer (`cute_typed::typed`, exact printing with static `_` marks), the dynamic
//! core (`DLayout`, `dynamic::idx2crd`), `print::print_layout` and the `cute`
//! binary (`cute print`, in `cute-cli/tests/seed_cli.rs`).

use cute::expr::eval_line;
use cute::print::print_layout;
use cute_typed::typed::*;
use cute_types::dynamic::idx2crd;
use cute_types::{parse_coord, parse_layout, parse_tuple, DLayout};

// ---------------------------------------------------------------------------
// Calculator facts: (locator, expression, expected). Compared after removing
// whitespace and `_`; an expected `error` matches any `error…` output.
// ---------------------------------------------------------------------------

/// Seed 000 (`000_4aa6360f1e04ac89.txt`): layouts, rank/depth, four worked
/// examples, hierarchical layouts, coordinate conversions.
const SEED_000: &[(&str, &str, &str)] = &[
    // §1: the vector layout 8:2 maps 0..7 to 0,2,…,14.
    ("seed 000 §1 8:2 size", "size(8:2)", "8"),
    // DISCREPANCY: the tutorial states cosize 16; C++ gives 15 (= L(7) + 1 = 14 + 1).
    ("seed 000 §1 8:2 cosize", "cosize(8:2)", "15"),
    ("seed 000 §1 8:2 at 0", "eval(8:2,0)", "0"),
    ("seed 000 §1 8:2 at 1", "eval(8:2,1)", "2"),
    ("seed 000 §1 8:2 at 2", "eval(8:2,2)", "4"),
    ("seed 000 §1 8:2 at 3", "eval(8:2,3)", "6"),
    ("seed 000 §1 8:2 at 4", "eval(8:2,4)", "8"),
    ("seed 000 §1 8:2 at 5", "eval(8:2,5)", "10"),
    ("seed 000 §1 8:2 at 6", "eval(8:2,6)", "12"),
    ("seed 000 §1 8:2 at 7", "eval(8:2,7)", "14"),
    // §1: 8:0 sends every index to offset 0.
    ("seed 000 §1 8:0 size", "size(8:0)", "8"),
    ("seed 000 §1 8:0 cosize", "cosize(8:0)", "1"),
    ("seed 000 §1 8:0 at 0", "eval(8:0,0)", "0"),
    ("seed 000 §1 8:0 at 3", "eval(8:0,3)", "0"),
    ("seed 000 §1 8:0 at 7", "eval(8:0,7)", "0"),
    // §1.2 rank table.
    ("seed 000 §1.2 rank (8)", "rank((8))", "1"),
    ("seed 000 §1.2 rank (4,2)", "rank((4,2))", "2"),
    // The tutorial writes (M,N,K); instantiated here as (2,3,4).
    ("seed 000 §1.2 rank (M,N,K)", "rank((2,3,4))", "3"),
    ("seed 000 §1.2 rank ((2,2),2)", "rank(((2,2),2))", "2"),
    // §1.2 depth table (an int where a layout is expected is n:1, depth 0).
    ("seed 000 §1.2 depth 6", "depth(6)", "0"),
    ("seed 000 §1.2 depth (4,3)", "depth((4,3))", "1"),
    ("seed 000 §1.2 depth (3,(6,2),8)", "depth((3,(6,2),8))", "2"),
    (
        "seed 000 §1.2 depth ((2,(1,3)),4)",
        "depth(((2,(1,3)),4))",
        "3",
    ),
    // §2.1-§2.4 element accesses.
    ("seed 000 §2.1 A(1,2)", "eval((2,3):(1,2),(1,2))", "5"),
    (
        "seed 000 §2.3 A(2,(1,0))",
        "eval((4,(2,2)):(4,(1,2)),(2,(1,0)))",
        "9",
    ),
    (
        "seed 000 §2.4 A(2,(1,0))",
        "eval((4,(2,2)):(2,(1,8)),(2,(1,0)))",
        "5",
    ),
    // §2.4 stride table: one step along i, j, k moves the offset by 2, 1, 8.
    (
        "seed 000 §2.4 step i",
        "eval((4,(2,2)):(2,(1,8)),(1,(0,0)))",
        "2",
    ),
    (
        "seed 000 §2.4 step j",
        "eval((4,(2,2)):(2,(1,8)),(0,(1,0)))",
        "1",
    ),
    (
        "seed 000 §2.4 step k",
        "eval((4,(2,2)):(2,(1,8)),(0,(0,1)))",
        "8",
    ),
    // §3.1 example c: 4 rows × 8 columns, the column mode in two levels.
    (
        "seed 000 §3.1 rows",
        "size(get((4,(2,4)):(2,(1,8)),0))",
        "4",
    ),
    (
        "seed 000 §3.1 columns",
        "size(get((4,(2,4)):(2,(1,8)),1))",
        "8",
    ),
    // The inner 4×2 block (4,2):(2,1) repeated by the outer (1,4):(4,1) is the
    // blocked product; coalescing each mode gives the tutorial's combined layout.
    (
        "seed 000 §3.1 inner ⊗ outer",
        "blocked_product((4,2):(2,1),(1,4):(4,1))",
        "((4,1),(2,4)):((2,32),(1,8))",
    ),
    (
        "seed 000 §3.1 combined layout",
        "coalesce(blocked_product((4,2):(2,1),(1,4):(4,1)),(1,1))",
        "(4,(2,4)):(2,(1,8))",
    ),
    // §3.2 example d: rows (2,2), columns (2,4), strides ((1,4),(2,8)).
    (
        "seed 000 §3.2 rows",
        "size(get(((2,2),(2,4)):((1,4),(2,8)),0))",
        "4",
    ),
    (
        "seed 000 §3.2 columns",
        "size(get(((2,2),(2,4)):((1,4),(2,8)),1))",
        "8",
    ),
    // DISCREPANCY: the tutorial names the inner block (2,2):(2,2) and the outer
    // (2,4):(4,1). The inner one is not injective, so C++ rejects their blocked
    // product (complement static_assert); the combined layout it states is the
    // blocked product of (2,2):(1,2) by (2,4):(1,2).
    (
        "seed 000 §3.2 stated inner/outer",
        "blocked_product((2,2):(2,2),(2,4):(4,1))",
        "error",
    ),
    (
        "seed 000 §3.2 combined layout",
        "blocked_product((2,2):(1,2),(2,4):(1,2))",
        "((2,2),(2,4)):((1,4),(2,8))",
    ),
    // §3.3: the coordinate ((1,3),(2,4)); the value is C++'s (the tutorial only draws it).
    (
        "seed 000 §3.3 coordinate access",
        "eval(((2,4),(3,5)):((3,6),(1,24)),((1,3),(2,4)))",
        "119",
    ),
    // §4.1 the worked conversion of index 7.
    ("seed 000 §4.1 i=7", "idx2crd(7,(3,(2,3)))", "(1,(0,1))"),
    // §4.1 the six idx2crd prints (static marks are checked in `idx2crd_keeps_static_marks`).
    (
        "seed 000 §4.1 idx2crd(16)",
        "idx2crd(16,(3,(2,3)))",
        "(1,(1,2))",
    ),
    (
        "seed 000 §4.1 idx2crd(_16)",
        "idx2crd(_16,(3,(2,3)))",
        "(_1,(_1,_2))",
    ),
    (
        "seed 000 §4.1 idx2crd((1,5))",
        "idx2crd((1,5),(3,(2,3)))",
        "(1,(1,2))",
    ),
    (
        "seed 000 §4.1 idx2crd((_1,5))",
        "idx2crd((_1,5),(3,(2,3)))",
        "(_1,(1,2))",
    ),
    (
        "seed 000 §4.1 idx2crd((1,(1,2)))",
        "idx2crd((1,(1,2)),(3,(2,3)))",
        "(1,(1,2))",
    ),
    (
        "seed 000 §4.1 idx2crd((_1,(1,_2)))",
        "idx2crd((_1,(1,_2)),(3,(2,3)))",
        "(_1,(1,_2))",
    ),
    // §4.1 the same logical position through the three coordinate forms.
    (
        "seed 000 §4.1 crd2idx natural",
        "crd2idx((1,(1,2)),(3,(2,3)))",
        "16",
    ),
    (
        "seed 000 §4.1 crd2idx 2-D",
        "crd2idx((1,5),(3,(2,3)))",
        "16",
    ),
    // §4.2 LayoutLeft of the shape (2,(2,2)) (C++: (2,(2,2)):(_1,(2,4))).
    (
        "seed 000 §4.2 LayoutLeft",
        "(2,(2,2))",
        "(2,(2,2)):(1,(2,4))",
    ),
];

/// Seed 001 (`001_4038a2aca463f972.txt`): the layout function, sorted layouts,
/// complement.
const SEED_001: &[(&str, &str, &str)] = &[
    // The layout function of (2,4):(2,2): the worked case f(3) and the printed 0..7.
    ("seed 001 l(3)", "idx2crd(3,(2,4))", "(1,1)"),
    ("seed 001 fL(0)", "eval((2,4):(2,2),0)", "0"),
    ("seed 001 fL(1)", "eval((2,4):(2,2),1)", "2"),
    ("seed 001 fL(2)", "eval((2,4):(2,2),2)", "2"),
    ("seed 001 fL(3)", "eval((2,4):(2,2),3)", "4"),
    ("seed 001 fL(4)", "eval((2,4):(2,2),4)", "4"),
    ("seed 001 fL(5)", "eval((2,4):(2,2),5)", "6"),
    ("seed 001 fL(6)", "eval((2,4):(2,2),6)", "6"),
    ("seed 001 fL(7)", "eval((2,4):(2,2),7)", "8"),
    // Sorted layouts: L1 = (2,2):(3,1) and L2 = (2,2):(1,3) differ as functions.
    ("seed 001 fL1(0)", "eval((2,2):(3,1),0)", "0"),
    ("seed 001 fL1(1)", "eval((2,2):(3,1),1)", "3"),
    ("seed 001 fL1(2)", "eval((2,2):(3,1),2)", "1"),
    ("seed 001 fL1(3)", "eval((2,2):(3,1),3)", "4"),
    ("seed 001 fL2(0)", "eval((2,2):(1,3),0)", "0"),
    ("seed 001 fL2(1)", "eval((2,2):(1,3),1)", "1"),
    ("seed 001 fL2(2)", "eval((2,2):(1,3),2)", "3"),
    ("seed 001 fL2(3)", "eval((2,2):(1,3),3)", "4"),
    // Complement example 1: L = (2,4):(1,2), K = 16.
    (
        "seed 001 complement ex.1",
        "complement((2,4):(1,2),16)",
        "2:8",
    ),
    // The formula's unsimplified result (1,1,2):(1,2,8) coalesces to the same.
    (
        "seed 001 complement ex.1 formula",
        "coalesce((1,1,2):(1,2,8))",
        "2:8",
    ),
    (
        "seed 001 complement ex.1 concatenation",
        "append((2,4):(1,2),complement((2,4):(1,2),16))",
        "(2,4,2):(1,2,8)",
    ),
    // Complement example 2: B = 8:2, K = 32.
    (
        "seed 001 complement ex.2",
        "complement(8:2,32)",
        "(2,2):(1,16)",
    ),
    (
        "seed 001 complement ex.2 concatenation",
        "flatten(append(8:2,complement(8:2,32)))",
        "(8,2,2):(2,1,16)",
    ),
];

/// The 16 printed values of (2,4,2):(1,2,8) (seed 001, complement example 1):
/// the identity on [0,16).
const SEED_001_BIJECTION_1: [i64; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// The 32 printed values of (8,2,2):(2,1,16) (seed 001, complement example 2):
/// a bijection of [0,32) that is not the identity.
const SEED_001_BIJECTION_2: [i64; 32] = [
    0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15, 16, 18, 20, 22, 24, 26, 28, 30, 17, 19,
    21, 23, 25, 27, 29, 31,
];

/// Seed 002 (`002_e4c2921507b2e857.txt`): hierarchical layouts (tables are in
/// `seed_tables`), and size/cosize of 4:2.
const SEED_002: &[(&str, &str, &str)] = &[
    ("seed 002 make_layout(4,2)", "4:2", "4:2"),
    ("seed 002 size(b)", "size(4:2)", "4"),
    ("seed 002 cosize(b)", "cosize(4:2)", "7"),
];

/// Seed 003 (`003_41748b5031e1f177.txt`): constructors, vector and matrix
/// layouts, sub-layouts, concatenation, grouping and flattening.
const SEED_003: &[(&str, &str, &str)] = &[
    // Constructors (exact static marks are checked in `seed_003_constructors_print_like_cpp`).
    ("seed 003 s8", "8", "8:1"),
    ("seed 003 s2xs4", "(2,4)", "(2,4):(1,2)"),
    ("seed 003 s2xd4_a", "(2,4):(12,1)", "(2,4):(12,1)"),
    (
        "seed 003 s2xh4",
        "(2,(2,2)):(4,(2,1))",
        "(2,(2,2)):(4,(2,1))",
    ),
    ("seed 003 s2xh4_col", "(2,(2,2))", "(2,(2,2)):(1,(2,4))"),
    // DISCREPANCY: the tutorial calls ((4,2):(2,1)) a vector (rank 1), but as
    // written that is (4,2):(2,1), rank 2 (C++: _2). The rank-1 layout meant is
    // ((4,2)):((2,1)) (C++: rank _1). Both give the listed values for 1-D indices.
    ("seed 003 vector as written, rank", "rank((4,2):(2,1))", "2"),
    ("seed 003 vector meant, rank", "rank(((4,2)):((2,1)))", "1"),
    (
        "seed 003 vector meant, at 4",
        "eval(((4,2)):((2,1)),4)",
        "1",
    ),
    (
        "seed 003 vector meant, at 7",
        "eval(((4,2)):((2,1)),7)",
        "7",
    ),
    // Vector layout (4,2):(2,1): coordinates 0..7 give 0 2 4 6 1 3 5 7.
    ("seed 003 vector 0", "eval((4,2):(2,1),0)", "0"),
    ("seed 003 vector 1", "eval((4,2):(2,1),1)", "2"),
    ("seed 003 vector 2", "eval((4,2):(2,1),2)", "4"),
    ("seed 003 vector 3", "eval((4,2):(2,1),3)", "6"),
    ("seed 003 vector 4", "eval((4,2):(2,1),4)", "1"),
    ("seed 003 vector 5", "eval((4,2):(2,1),5)", "3"),
    ("seed 003 vector 6", "eval((4,2):(2,1),6)", "5"),
    ("seed 003 vector 7", "eval((4,2):(2,1),7)", "7"),
    // Matrix layout (4,2):(1,4) (rank 2): rows 0 4 / 1 5 / 2 6 / 3 7.
    ("seed 003 matrix rank", "rank((4,2):(1,4))", "2"),
    ("seed 003 matrix (0,0)", "eval((4,2):(1,4),(0,0))", "0"),
    ("seed 003 matrix (0,1)", "eval((4,2):(1,4),(0,1))", "4"),
    ("seed 003 matrix (1,0)", "eval((4,2):(1,4),(1,0))", "1"),
    ("seed 003 matrix (1,1)", "eval((4,2):(1,4),(1,1))", "5"),
    ("seed 003 matrix (2,0)", "eval((4,2):(1,4),(2,0))", "2"),
    ("seed 003 matrix (2,1)", "eval((4,2):(1,4),(2,1))", "6"),
    ("seed 003 matrix (3,0)", "eval((4,2):(1,4),(3,0))", "3"),
    ("seed 003 matrix (3,1)", "eval((4,2):(1,4),(3,1))", "7"),
    // DISCREPANCY: the coordinate table is introduced for the shape (3,(2,2)),
    // but its 18 rows are those of (3,(2,3)) (checked in `coordinate_table`).
    // With the shape as stated, size is 12 and rows 12..17 lie past the end;
    // C++ still gives the same natural coordinates there (the last mode takes
    // the rest without wrapping).
    ("seed 003 (3,(2,2)) size", "size((3,(2,2)))", "12"),
    (
        "seed 003 (3,(2,2)) idx 16",
        "idx2crd(16,(3,(2,2)))",
        "(1,(1,2))",
    ),
    (
        "seed 003 (3,(2,2)) 2-D (0,5)",
        "idx2crd((0,5),(3,(2,2)))",
        "(0,(1,2))",
    ),
    // Sub-layouts of Layout<Shape<_4,Shape<_3,_6>>>.
    ("seed 003 a", "(4,(3,6))", "(4,(3,6)):(1,(4,12))"),
    ("seed 003 layout<0>", "get((4,(3,6)),0)", "4:1"),
    ("seed 003 layout<1>", "get((4,(3,6)),1)", "(3,6):(4,12)"),
    ("seed 003 layout<1,0>", "get((4,(3,6)),1,0)", "3:4"),
    ("seed 003 layout<1,1>", "get((4,(3,6)),1,1)", "6:12"),
    // select / take on Layout<Shape<_2,_3,_5,_7>>.
    ("seed 003 b", "(2,3,5,7)", "(2,3,5,7):(1,2,6,30)"),
    (
        "seed 003 select<1,3>",
        "select((2,3,5,7),1,3)",
        "(3,7):(2,30)",
    ),
    (
        "seed 003 select<0,1,3>",
        "select((2,3,5,7),0,1,3)",
        "(2,3,7):(1,2,30)",
    ),
    ("seed 003 select<2>", "select((2,3,5,7),2)", "(5):(6)"),
    ("seed 003 take<1,3>", "take((2,3,5,7),1,3)", "(3,5):(2,6)"),
    (
        "seed 003 take<1,4>",
        "take((2,3,5,7),1,4)",
        "(3,5,7):(2,6,30)",
    ),
    ("seed 003 take<1,1> refused", "take((2,3,5,7),1,1)", "error"),
    // append / prepend (make_layout of layouts and replace are in typed tests).
    ("seed 003 append(a,b)", "append(3:1,4:3)", "(3,4):(1,3)"),
    ("seed 003 prepend(a,b)", "prepend(3:1,4:3)", "(4,3):(3,1)"),
    (
        "seed 003 append(ab,ab)",
        "append(append(3:1,4:3),append(3:1,4:3))",
        "(3,4,(3,4)):(1,3,(1,3))",
    ),
    // group / flatten.
    (
        "seed 003 group<0,2>",
        "group((2,3,5,7),0,2)",
        "((2,3),5,7):((1,2),6,30)",
    ),
    (
        "seed 003 group<1,3>",
        "group(group((2,3,5,7),0,2),1,3)",
        "((2,3),(5,7)):((1,2),(6,30))",
    ),
    (
        "seed 003 flatten(b)",
        "flatten(group((2,3,5,7),0,2))",
        "(2,3,5,7):(1,2,6,30)",
    ),
    (
        "seed 003 flatten(c)",
        "flatten(group(group((2,3,5,7),0,2),1,3))",
        "(2,3,5,7):(1,2,6,30)",
    ),
];

/// Seed 004 (`004_892e3c7bd17e0e53.txt`) is about CUTLASS 2 layouts and states
/// formulas only, no numbers. These are instances of its formulas (rows 4,
/// columns 6, padding 2, so lda 8), written as the equivalent CuTe layouts.
const SEED_004: &[(&str, &str, &str)] = &[
    // ColumnMajor: offset = row + lda * column.
    (
        "seed 004 ColumnMajor offset",
        "eval((4,6):(1,8),(3,5))",
        "43",
    ),
    // RowMajor: offset = lda * row + column.
    ("seed 004 RowMajor offset", "eval((4,6):(8,1),(3,5))", "29"),
    // capacity = rows * (columns + padding) = 32: that is the padded extent's
    // cosize, not the cosize of the 4×6 row-major layout (C++: 30).
    ("seed 004 capacity", "cosize((4,8):(8,1))", "32"),
    ("seed 004 cosize ≠ capacity", "cosize((4,6):(8,1))", "30"),
];

/// The coordinate table of seeds 000 §4.1 and 003 for the shape (3,(2,3)):
/// (1-D index, 2-D coordinate in (3,6), natural coordinate).
const COORDINATE_TABLE: [(i64, &str, &str); 18] = [
    (0, "(0,0)", "(0,(0,0))"),
    (1, "(1,0)", "(1,(0,0))"),
    (2, "(2,0)", "(2,(0,0))"),
    (3, "(0,1)", "(0,(1,0))"),
    (4, "(1,1)", "(1,(1,0))"),
    (5, "(2,1)", "(2,(1,0))"),
    (6, "(0,2)", "(0,(0,1))"),
    (7, "(1,2)", "(1,(0,1))"),
    (8, "(2,2)", "(2,(0,1))"),
    (9, "(0,3)", "(0,(1,1))"),
    (10, "(1,3)", "(1,(1,1))"),
    (11, "(2,3)", "(2,(1,1))"),
    (12, "(0,4)", "(0,(0,2))"),
    (13, "(1,4)", "(1,(0,2))"),
    (14, "(2,4)", "(2,(0,2))"),
    (15, "(0,5)", "(0,(1,2))"),
    (16, "(1,5)", "(1,(1,2))"),
    (17, "(2,5)", "(2,(1,2))"),
];

/// The README's normal form: no whitespace, no `_`.
fn normal(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect()
}

fn calculator_agrees(expected: &str, got: &str) -> bool {
    if expected == "error" {
        got.starts_with("error")
    } else {
        !got.starts_with("error") && normal(expected) == normal(got)
    }
}

/// Runs a table through the calculator; returns one line per mismatch.
fn calculator_mismatches(facts: &[(&str, &str, &str)]) -> Vec<String> {
    facts
        .iter()
        .filter_map(|(at, expr, expected)| {
            let got = eval_line(expr);
            (!calculator_agrees(expected, &got))
                .then(|| format!("{at}: {expr}\n   expected {expected}\n   got      {got}"))
        })
        .collect()
}

fn assert_calculator(facts: &[(&str, &str, &str)]) {
    let bad = calculator_mismatches(facts);
    assert!(
        bad.is_empty(),
        "{} of {} seed facts differ:\n{}",
        bad.len(),
        facts.len(),
        bad.join("\n")
    );
}

#[test]
fn seed_000_calculator() {
    assert_calculator(SEED_000);
}

#[test]
fn seed_001_calculator() {
    assert_calculator(SEED_001);
}

#[test]
fn seed_002_calculator() {
    assert_calculator(SEED_002);
}

#[test]
fn seed_003_calculator() {
    assert_calculator(SEED_003);
}

#[test]
fn seed_004_calculator() {
    assert_calculator(SEED_004);
}

/// The comparison must be able to fail.
#[test]
fn comparison_can_fail() {
    assert!(calculator_agrees("(2,2):(1,16)", "(_2,_2):(_1,_16)"));
    assert!(!calculator_agrees("(2,2):(1,16)", "((2,2)):((1,16))"));
    assert!(!calculator_agrees("15", "16"));
    assert!(!calculator_agrees("error", "2:8"));
    assert!(!calculator_agrees("2:8", "error: complement: …"));
    assert_eq!(
        calculator_mismatches(&[("x", "cosize(8:2)", "16")]).len(),
        1,
        "the tutorial's cosize 16 for 8:2 must not pass"
    );
}

#[test]
fn seed_001_complement_concatenations_are_bijections() {
    let one: DLayout = parse_layout("(_2,_4,_2):(_1,_2,_8)").unwrap();
    let got: Vec<i64> = (0..16).map(|i| one.at(i).unwrap()).collect();
    assert_eq!(got, SEED_001_BIJECTION_1);
    let two: DLayout = parse_layout("(_8,_2,_2):(_2,_1,_16)").unwrap();
    let got: Vec<i64> = (0..32).map(|i| two.at(i).unwrap()).collect();
    assert_eq!(got, SEED_001_BIJECTION_2);
    // Through the calculator as well, built from the complement itself.
    for (i, want) in SEED_001_BIJECTION_2.iter().enumerate() {
        let expr = format!("eval(flatten(append(8:2,complement(8:2,32))),{i})");
        assert_eq!(eval_line(&expr), want.to_string(), "{expr}");
    }
}

/// Seeds 000 §4.1 and 003: every row of the table, three ways: 1-D → natural,
/// 2-D → natural, natural → 1-D (and 2-D → 1-D).
#[test]
fn coordinate_table() {
    let mut bad = Vec::new();
    for (i, two_d, natural) in COORDINATE_TABLE {
        let checks = [
            (format!("idx2crd({i},(3,(2,3)))"), natural.to_string()),
            (format!("idx2crd({two_d},(3,(2,3)))"), natural.to_string()),
            (format!("crd2idx({natural},(3,(2,3)))"), i.to_string()),
            (format!("crd2idx({two_d},(3,(2,3)))"), i.to_string()),
        ];
        for (expr, want) in checks {
            let got = eval_line(&expr);
            if !calculator_agrees(&want, &got) {
                bad.push(format!("{expr}: expected {want}, got {got}"));
            }
        }
        // The typed layer: all three forms address the same element of the
        // compact layout (C++: layout(i) == layout(2-D) == layout(natural)).
        let l = make_layout((_3, (_2, _3)));
        let (a, b) = parse_pair(two_d);
        let (n0, (n1, n2)) = parse_natural(natural);
        assert_eq!(l.eval(i), Ok(i));
        assert_eq!(l.eval((a, b)), Ok(i), "2-D {two_d}");
        assert_eq!(l.eval((n0, (n1, n2))), Ok(i), "natural {natural}");
        assert_eq!(
            l.idx2crd(i).map(|c| c.to_dynamic().to_string()),
            Ok(natural.to_string())
        );
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

fn parse_pair(s: &str) -> (i64, i64) {
    let t = parse_tuple(s).unwrap();
    (t.leaf(0).value, t.leaf(1).value)
}

fn parse_natural(s: &str) -> (i64, (i64, i64)) {
    let t = parse_tuple(s).unwrap();
    (t.leaf(0).value, (t.leaf(1).value, t.leaf(2).value))
}

/// Seed 000 §4.1: C++ keeps a result leaf static exactly when its inputs are.
#[test]
fn idx2crd_keeps_static_marks() {
    let shape = parse_tuple("(_3,(_2,_3))").unwrap();
    let cases = [
        ("16", "(1,(1,2))"),
        ("_16", "(_1,(_1,_2))"),
        ("(1,5)", "(1,(1,2))"),
        ("(_1,5)", "(_1,(1,2))"),
        ("(1,(1,2))", "(1,(1,2))"),
        ("(_1,(1,_2))", "(_1,(1,_2))"),
    ];
    for (input, want) in cases {
        let idx = parse_tuple(input).unwrap();
        assert_eq!(
            idx2crd(&idx, &shape).unwrap().to_string(),
            want,
            "idx2crd({input}, (_3,(_2,_3)))"
        );
    }
}

// ---------------------------------------------------------------------------
// Typed layer: constructors and printing with exact static marks.
// ---------------------------------------------------------------------------

/// Seed 003 "构造一个layout": the nine printed layouts (C++ prints the same).
#[test]
fn seed_003_constructors_print_like_cpp() {
    assert_eq!(make_layout(_8).to_string(), "_8:_1");
    assert_eq!(make_layout(8).unwrap().to_string(), "8:_1");
    assert_eq!(make_layout((_2, _4)).to_string(), "(_2,_4):(_1,_2)");
    assert_eq!(make_layout((_2, 4)).unwrap().to_string(), "(_2,4):(_1,_2)");
    assert_eq!(
        make_layout_strided((_2, 4), (_12, _1)).unwrap().to_string(),
        "(_2,4):(_12,_1)"
    );
    assert_eq!(
        make_layout_with((_2, 4), LayoutLeft).unwrap().to_string(),
        "(_2,4):(_1,_2)"
    );
    assert_eq!(
        make_layout_with((_2, 4), LayoutRight).unwrap().to_string(),
        "(_2,4):(4,_1)"
    );
    let s2xh4 = make_layout_strided((2, (2, 2)), (4, (2, 1))).unwrap();
    assert_eq!(s2xh4.to_string(), "(2,(2,2)):(4,(2,1))");
    let s2xh4_col = make_layout_with(s2xh4.shape(), LayoutLeft).unwrap();
    assert_eq!(s2xh4_col.to_string(), "(2,(2,2)):(_1,(2,4))");
}

/// Seed 003 sub-layouts, with C++'s static marks.
#[test]
fn seed_003_sublayouts_typed() {
    let a = make_layout((_4, (_3, _6)));
    assert_eq!(a.to_string(), "(_4,(_3,_6)):(_1,(_4,_12))");
    assert_eq!(a.get::<0>().to_string(), "_4:_1");
    assert_eq!(a.get::<1>().to_string(), "(_3,_6):(_4,_12)");
    let a1 = a.get::<1>();
    assert_eq!(a1.get::<0>().to_string(), "_3:_4");
    assert_eq!(a1.get::<1>().to_string(), "_6:_12");

    let b = make_layout((_2, _3, _5, _7));
    assert_eq!(b.to_string(), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
    assert_eq!(select(b, &[1, 3]).unwrap().to_string(), "(_3,_7):(_2,_30)");
    assert_eq!(
        select(b, &[0, 1, 3]).unwrap().to_string(),
        "(_2,_3,_7):(_1,_2,_30)"
    );
    assert_eq!(select(b, &[2]).unwrap().to_string(), "(_5):(_6)");
    assert_eq!(take::<1, 3, _>(b).to_string(), "(_3,_5):(_2,_6)");
    assert_eq!(take::<1, 4, _>(b).to_string(), "(_3,_5,_7):(_2,_6,_30)");
    // take<1,1> is refused (an empty layout).
    assert!(b.to_dynamic().take(1, 1).is_err());

    let g = group::<0, 2, _>(b);
    assert_eq!(g.to_string(), "((_2,_3),_5,_7):((_1,_2),_6,_30)");
    let gc = group::<1, 3, _>(g);
    assert_eq!(gc.to_string(), "((_2,_3),(_5,_7)):((_1,_2),(_6,_30))");
    assert_eq!(flatten(g).to_string(), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
    assert_eq!(flatten(gc).to_string(), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
}

/// Seed 003 "Concatenation": make_layout of layouts (`DLayout::from_modes`),
/// append, prepend and replace, with C++'s static marks.
#[test]
fn seed_003_concatenation() {
    let a = make_layout_strided(_3, _1);
    let b = make_layout_strided(_4, _3);
    let (da, db) = (a.to_dynamic(), b.to_dynamic());
    let row = DLayout::from_modes(&[da.clone(), db.clone()]).unwrap();
    let col = DLayout::from_modes(&[db, da.clone()]).unwrap();
    assert_eq!(row.to_string(), "(_3,_4):(_1,_3)");
    assert_eq!(col.to_string(), "(_4,_3):(_3,_1)");
    assert_eq!(
        DLayout::from_modes(&[row, col]).unwrap().to_string(),
        "((_3,_4),(_4,_3)):((_1,_3),(_3,_1))"
    );
    let aa = DLayout::from_modes(&[da.clone()]).unwrap();
    assert_eq!(aa.to_string(), "(_3):(_1)");
    assert_eq!(
        DLayout::from_modes(&[aa.clone()]).unwrap().to_string(),
        "((_3)):((_1))"
    );
    assert_eq!(
        DLayout::from_modes(&[da.clone(), aa, da])
            .unwrap()
            .to_string(),
        "(_3,(_3),_3):(_1,(_1),_1)"
    );

    let ab = append(a, b);
    assert_eq!(ab.to_string(), "(_3,_4):(_1,_3)");
    assert_eq!(prepend(a, b).to_string(), "(_4,_3):(_3,_1)");
    let c = append(ab, ab);
    assert_eq!(c.to_string(), "(_3,_4,(_3,_4)):(_1,_3,(_1,_3))");
    assert_eq!(
        replace::<2, _, _>(c, b).to_string(),
        "(_3,_4,_4):(_1,_3,_3)"
    );
}

/// Seed 003 "Layout 兼容性": compatibility is a partial order on shapes.
#[test]
fn seed_003_compatibility() {
    // (4,6) is compatible with ((2,2),6) (C++: _1), not the other way round (C++: _0).
    assert!(compatible(&(_4, _6), &((_2, _2), _6)));
    assert!(!compatible(&((_2, _2), _6), &(_4, _6)));
    // ((2,3),4) is not compatible with ((2,2),(3,2)) (C++: _0).
    assert!(!compatible(&((_2, _3), _4), &((_2, _2), (_3, _2))));
    // (24) is not compatible with 24 (C++: _0); 24 is compatible with (24) (C++: _1).
    assert!(!compatible(&(_24,), &_24));
    assert!(compatible(&_24, &(_24,)));
    // The same through the dynamic core.
    let t = |s: &str| parse_tuple(s).unwrap();
    assert!(t("(4,6)").compatible(&t("((2,2),6)")));
    assert!(!t("((2,3),4)").compatible(&t("((2,2),(3,2))")));
    assert!(!t("(24)").compatible(&t("24")));
}

/// Seed 000 §2 and seed 002: typed layouts with run-time ints, as the tutorials build them.
#[test]
fn typed_examples_with_runtime_ints() {
    let e1 = make_layout_strided((2, 3), (1, 2)).unwrap();
    assert_eq!(e1.to_string(), "(2,3):(1,2)");
    assert_eq!(e1.eval((1, 2)), Ok(5));
    let e3 = make_layout_strided((4, (2, 2)), (4, (1, 2))).unwrap();
    assert_eq!(e3.eval((2, (1, 0))), Ok(9));
    let e4 = make_layout_strided((4, (2, 2)), (2, (1, 8))).unwrap();
    assert_eq!(e4.eval((2, (1, 0))), Ok(5));
    // Seed 000 §1: 8:2 and 8:0 (cosize 15, not the tutorial's 16; see SEED_000).
    let v = make_layout_strided(_8, _2);
    assert_eq!((v.size(), v.cosize()), (8, 15));
    let z = make_layout_strided(_8, _0);
    assert_eq!((z.size(), z.cosize()), (8, 1));
    // Seed 002: Layout b = make_layout(4, 2).
    let b = make_layout_strided(4, 2).unwrap();
    assert_eq!(b.to_string(), "4:2");
    assert_eq!((b.size(), b.cosize()), (4, 7));
    // Seed 002: the static form of its first example prints with `_` marks
    // (the tutorial wraps it in an extra pair of parentheses, which C++ does not print).
    assert_eq!(
        make_layout_strided((_2, (_2, _2)), (_4, (_2, _1))).to_string(),
        "(_2,(_2,_2)):(_4,(_2,_1))"
    );
}

/// Seed 000 §3.4: slicing ((1,1),(_,_)) out of ((2,4),(3,5)):((3,6),(1,24)).
/// C++ gives (3,5):(1,24) (the kept modes are concatenated, not nested) and the
/// offset 1·3 + 1·6 = 9.
#[test]
fn seed_000_slice() {
    let l = parse_layout("((2,4),(3,5)):((3,6),(1,24))").unwrap();
    let c = parse_coord("((1,1),(_,_))").unwrap();
    assert_eq!(l.slice(&c).unwrap().to_string(), "(3,5):(1,24)");
    let (s, off) = l.slice_and_offset(&c).unwrap();
    assert_eq!((s.to_string(), off.value), ("(3,5):(1,24)".to_string(), 9));
    // Typed, all static: C++ prints (_3,_5):(_1,_24).
    let t = make_layout_strided(((_2, _4), (_3, _5)), ((_3, _6), (_1, _24)));
    let sliced = slice(t, ((1, 1), (Underscore, Underscore)));
    assert_eq!(sliced.unwrap().to_string(), "(_3,_5):(_1,_24)");
}

// ---------------------------------------------------------------------------
// print_layout tables: the library function and `cute print`.
// ---------------------------------------------------------------------------

#[path = "support/seed_tables.rs"]
mod seed_tables;
use seed_tables::TABLES;

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
fn seed_tables_print_layout() {
    for (at, layout, _, expected) in TABLES {
        let l = parse_layout(layout).unwrap();
        let mut out = String::new();
        print_layout(&mut out, &l).unwrap();
        assert_eq!(
            trimmed_lines(&out),
            trimmed_lines(expected),
            "{at}: {layout}"
        );
    }
}

/// A table that differs in one cell must fail the comparison.
#[test]
fn table_comparison_can_fail() {
    let l = parse_layout("(2,3):(1,2)").unwrap();
    let mut out = String::new();
    print_layout(&mut out, &l).unwrap();
    let wrong = TABLES[0].3.replace("| 5 |", "| 6 |");
    assert_ne!(trimmed_lines(&out), trimmed_lines(&wrong));
}
