//! Every output of the calculator reads back as itself: for every expression
//! `x` of the conformance vectors (and more: swizzles, swizzled layouts, tilers),
//! in both readings, `eval(print(eval(x))) == print(eval(x))` textually.
//!
//! An IntTuple or integer result is the one exception at the top level: there a
//! bare `(4,8)` is the column-major layout `(4,8):(1,4)` (conformance README,
//! *Argument forms*, and the vectors `(1,4)` → `(1,4):(0,1)`). Such a result
//! reads back as itself where an IntTuple is read: its parse is the same tuple,
//! leaf for leaf, static marks included.
use std::path::PathBuf;

use cute_calc::{eval_line_as, evaluate, evaluate_mixed, parse_as, ExprKind, Reading, Value};

/// The expressions of a vectors file (first column).
fn vector_exprs(file: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/vectors")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.split('\t').next())
        .filter(|e| !e.is_empty())
        .map(str::to_string)
        .collect()
}

/// Expressions whose values are of every kind, swizzled ones above all.
const EXTRA: &[&str] = &[
    "swizzle(3,4,3)",
    "swizzle(0,0,0)",
    "swizzle(2,0,-3)",
    "composition(swizzle(3,4,3), (8,64):(64,1))",
    "composition(swizzle(2,0,2), (4,4):(4,1))",
    "composition(swizzle(0,4,3), (8,8):(8,1))",
    "composition(composition(swizzle(3,3,3), (8,64):(64,1)), [4:1,8:2])",
    "composition(composition(swizzle(1,2,3), 64:1), 8:2)",
    "coalesce(composition(swizzle(3,4,3), (8,(8,8)):(64,(1,8))))",
    "coalesce(composition(swizzle(3,4,3), (8,(8,8)):(64,(1,8))), (1,1))",
    "composition(swizzle(3,4,3), 9223372036854775807:1)",
    "composition(swizzle(3,4,3), (4,-2):(-1,5))",
    "[2:1,4:1]",
    "[[2:1,3:2],4]",
    "[2,[3,[4:3]]]",
    "logical_divide((8,8):(1,8), [2,4])",
    "zipped_divide((8,8):(1,8), [[2,2],4])",
    "size((4,(2,3)))",
    "shape((4,(2,3)):(1,(4,8)))",
    "stride((4,(2,3)):(-1,(-4,8)))",
    "idx2crd(17, (4,(2,3)))",
    "eval(composition(swizzle(3,4,3), (8,64):(64,1)), (3,5))",
    "9223372036854775807:-9223372036854775807",
    "(1,1):(0,0)",
    "()",
    "():()",
    "((),(4,())):((),(1,()))",
];

/// In the mixed reading, the same with static and run-time integers mixed.
const EXTRA_MIXED: &[&str] = &[
    "composition(swizzle(3,4,3), (_8,_64):(_64,_1))",
    "composition(swizzle(3,4,3), (8,_64):(_64,1))",
    "composition(swizzle(0,4,3), (_8,_8):(_8,_1))",
    "composition(composition(swizzle(2,0,2), (_4,4):(4,_1)), 2:1)",
    "Sw<0,4,3>o0o(8,8):(8,1)",
    "Sw<1,2,3>o_5o(_8,8):(1,_8)",
    "[_2:_1,4:1]",
    "size((_4,8))",
    "size((_4,_8))",
    "shape((_4,(2,_3)))",
    "idx2crd(_17, (4,(_2,_3)))",
];

/// Checks that the output for `x` reads back as itself; returns whether `x`
/// had a value (errors have nothing to read back).
fn reads_back(x: &str, reading: Reading) -> bool {
    let out = eval_line_as(x, reading);
    if out.starts_with("error: ") {
        return false;
    }
    let value: Value = match reading {
        Reading::Static => evaluate(x),
        Reading::Mixed => evaluate_mixed(x),
    }
    .unwrap_or_else(|e| panic!("{x}: printed {out} but evaluates to {e}"));
    match value {
        Value::Int(_) | Value::Tuple(_) => {
            let parsed = parse_as(&out, reading).unwrap_or_else(|e| panic!("{x} -> {out}: {e}"));
            let ExprKind::Tuple(t) = parsed.root().kind() else {
                panic!("{x} -> {out}: does not parse as an IntTuple");
            };
            let again = Value::Tuple(t.clone());
            let printed = match reading {
                Reading::Static => again.to_string(),
                Reading::Mixed => again.marked().to_string(),
            };
            assert_eq!(
                printed, out,
                "{x} ({reading:?}): the IntTuple {out} parses as another"
            );
        }
        _ => assert_eq!(
            eval_line_as(&out, reading),
            out,
            "{x} ({reading:?}): its output {out} does not evaluate to itself"
        ),
    }
    true
}

#[test]
fn every_output_reads_back_as_itself() {
    for reading in [Reading::Static, Reading::Mixed] {
        let mut exprs = vector_exprs("public.tsv");
        exprs.extend(vector_exprs("mixed_public.tsv"));
        exprs.extend(vector_exprs("print_public.tsv"));
        exprs.extend(EXTRA.iter().map(|s| s.to_string()));
        if reading == Reading::Mixed {
            exprs.extend(EXTRA_MIXED.iter().map(|s| s.to_string()));
        }
        let valued = exprs.iter().filter(|x| reads_back(x, reading)).count();
        // Most of the vectors have a value (the rest are errors in C++ too).
        assert!(
            valued > 500,
            "{reading:?}: only {valued} expressions had a value"
        );
    }
}

/// The swizzled forms read back, the printed form included, with C++'s spaces
/// or without, and a swizzle with no bits and a static zero offset is the plain
/// layout, as C++ simplifies it.
#[test]
fn swizzled_layouts_parse() {
    let s = |x: &str| eval_line_as(x, Reading::Static);
    let m = |x: &str| eval_line_as(x, Reading::Mixed);
    assert_eq!(s("Sw<3,4,3>o0o(8,64):(64,1)"), "Sw<3,4,3>o0o(8,64):(64,1)");
    assert_eq!(
        s("Sw<3,4,3> o _0 o (8,64):(64,1)"),
        "Sw<3,4,3>o0o(8,64):(64,1)"
    );
    assert_eq!(
        m("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"),
        "Sw<3,4,3>o_0o(_8,_64):(_64,_1)"
    );
    assert_eq!(m("Sw<3,4,3>o0o(8,64):(64,1)"), "Sw<3,4,3>o0o(8,64):(64,1)");
    assert_eq!(s("Sw<3,4,3>"), "Sw<3,4,3>");
    assert_eq!(s("Sw<0,4,3>o0o(8,8):(8,1)"), "(8,8):(8,1)");
    // The value is the swizzled layout's, wherever it is an argument.
    assert_eq!(s("eval(Sw<3,4,3>o0o(8,64):(64,1), (3,5))"), "213");
    assert_eq!(
        s("eval(Sw<3,4,3>o0o(8,64):(64,1), (3,5))"),
        s("eval(composition(swizzle(3,4,3), (8,64):(64,1)), (3,5))")
    );
    assert_eq!(s("eval(Sw<3,4,3>, 200)"), s("eval(swizzle(3,4,3), 200)"));
    assert_eq!(s("Sw<1,2,3>o0o8"), "Sw<1,2,3>o0o8:1");
    // Errors: bad parameters, an inner value that is no layout, chains.
    assert!(
        s("Sw<4,0,2>").starts_with("error: syntax: swizzle parameters"),
        "{}",
        s("Sw<4,0,2>")
    );
    assert!(s("Sw<3,4>").starts_with("error: syntax"));
    assert!(s("Sw<3,4,3>o0").starts_with("error: syntax"));
    assert!(s("Sw<3,4,3>o(1,2)o4:1").starts_with("error: syntax"));
    assert!(s("Sw<1,1,1>o0oSw<1,1,1>o0o4:1").starts_with("error: syntax"));
    assert_eq!(
        s("Sw<1,1,1>o0osize(4)"),
        "Sw<1,1,1>o0o4:1",
        "an integer inner value is made a layout, as a layout argument is"
    );
    assert!(s("Sw<1,1,1>o0oswizzle(1,1,1)").starts_with("error: "));
    assert!(s("size(Sw<3,4,3>)").starts_with("error: size: argument 1 must be a layout"));
}
