//! Expansion-time behaviour, checked on token streams parsed from text:
//! what each input becomes and which message an error carries.
use proc_macro2::TokenStream;

use crate::expand::{layout, tuple, TupleKind};
use crate::model::{LayoutModel, Node};
use crate::source::Braces;

fn tokens(s: &str) -> TokenStream {
    s.parse().expect("test input must tokenize")
}

/// CuTe notation of a model: `_4` static, `{n}` run time, `?` computed at run time.
fn show(n: &Node) -> String {
    match n {
        Node::Static(v) => format!("_{v}"),
        Node::Runtime(Some(e)) => format!("{{{e}}}"),
        Node::Runtime(None) => "?".into(),
        Node::Underscore => "_".into(),
        Node::Tuple(c) => {
            let parts: Vec<String> = c.iter().map(show).collect();
            format!("({})", parts.join(","))
        }
    }
}

fn show_layout(m: &LayoutModel) -> String {
    format!("{}:{}", show(&m.shape), show(&m.stride))
}

fn ok(s: &str) -> String {
    match layout(tokens(s), Braces::Expr) {
        Ok(m) => show_layout(&m),
        Err(d) => panic!("{s}: unexpected error {}", d.message()),
    }
}

fn err(s: &str) -> String {
    match layout(tokens(s), Braces::Expr) {
        Ok(m) => panic!("{s}: expected an error, got {}", show_layout(&m)),
        Err(d) => d.message().to_string(),
    }
}

#[test]
fn literals_are_static() {
    assert_eq!(ok("(4,(2,2)):(4,(1,2))"), "(_4,(_2,_2)):(_4,(_1,_2))");
    assert_eq!(ok("8:2"), "_8:_2");
    assert_eq!(ok("(3):(1)"), "(_3):(_1)");
    assert_eq!(ok("(_4,_8):(_1,_4)"), "(_4,_8):(_1,_4)");
    assert_eq!(ok("(0x10, 4_usize):(1, 16)"), "(_16,_4):(_1,_16)");
}

#[test]
fn negative_strides_stay_static() {
    assert_eq!(ok("(4,2):(-1,3)"), "(_4,_2):(_-1,_3)");
}

#[test]
fn shape_only_is_compact_column_major() {
    assert_eq!(ok("(4,8)"), "(_4,_8):(_1,_4)");
    assert_eq!(ok("(1,4)"), "(_1,_4):(_0,_1)");
    assert_eq!(ok("((2,3),4)"), "((_2,_3),_4):((_1,_2),_6)");
}

#[test]
fn braces_are_runtime_leaves() {
    assert_eq!(ok("(4,{n}):(1,4)"), "(_4,{n}):(_1,_4)");
    assert_eq!(ok("(4,{ n + 1 }):({ld},1)"), "(_4,{n + 1}):({ld},_1)");
    // Strides after a run-time shape leaf are run-time values.
    assert_eq!(ok("({m},4,2)"), "({m},_4,_2):(_1,?,?)");
    assert_eq!(ok("(4,{m},2)"), "(_4,{m},_2):(_1,_4,?)");
}

#[test]
fn algebra_is_computed_at_expansion() {
    assert_eq!(ok("composition((20):(2), (4,5):(1,4))"), "(_4,_5):(_2,_8)");
    assert_eq!(ok("coalesce((4,(2,2)):(1,(4,8)))"), "_16:_1");
    assert_eq!(ok("complement(6:4, 24)"), "_4:_1");
}

#[test]
fn non_congruent_names_both_sides() {
    assert_eq!(
        err("(4,(2,2)):(4,2)"),
        "shape (4,(2,2)) has 3 leaves but stride (4,2) has 2: shape and stride must have the same nesting"
    );
    assert_eq!(
        err("(4,(2,2)):((4,2),1)"),
        "shape (4,(2,2)) and stride ((4,2),1) are nested differently: shape and stride must have the same nesting"
    );
    assert_eq!(
        err("(4,{n}):9"),
        "shape (4,{n}) has 2 leaves but stride 9 has 1: shape and stride must have the same nesting"
    );
}

#[test]
fn rule_violations_in_plain_words() {
    assert_eq!(
        err("(4,0):(1,4)"),
        "shape entries must be positive, but this one is 0"
    );
    assert_eq!(
        err("(4,-2)"),
        "shape entries must be positive, but this one is -2"
    );
    assert_eq!(
        err("(4,99999999999999999999)"),
        "integer literal 99999999999999999999 does not fit in 64 bits (i64)"
    );
    assert_eq!(
        err("(4294967296,4294967296,2)"),
        "integer overflow: the size or a stride of this shape does not fit in 64 bits (i64)"
    );
}

#[test]
fn size_and_cosize_must_fit() {
    assert_eq!(
        err("(2,2):(1,9223372036854775807)"),
        "integer overflow: the cosize of this layout (1 + the largest index) does not fit in 64 bits (i64)"
    );
    assert_eq!(
        err("(4294967296,4294967296):(0,0)"),
        "integer overflow: the size of this layout (the product of its shape) does not fit in 64 bits (i64)"
    );
}

#[test]
fn malformed_text() {
    assert_eq!(
        err("(4,):(1,4)"),
        "a tuple entry is missing here: expected an integer or a tuple"
    );
    assert_eq!(
        err("(4,8):(1,4):(2)"),
        "a layout has exactly one `:`, between shape and stride"
    );
    assert_eq!(
        err("(4,8)(1,4)"),
        "unexpected `(` after the end of the layout (write shape:stride, with `:` between them)"
    );
    assert_eq!(
        err("(4,n)"),
        "`n` is not an integer literal: write a run-time value in braces, as in {n}"
    );
    assert_eq!(
        err("(4,8):"),
        "incomplete input: expected a layout such as (4,8):(1,4) or a shape such as (4,8)"
    );
    assert_eq!(
        err("(4.0,8)"),
        "expected an integer, found `4.0`: layout text is made of integers, `(`, `)`, `,` and `:`"
    );
    assert_eq!(
        err("(4;8)"),
        "unexpected `;`: layout text is made of integers, `(`, `)`, `,` and `:`"
    );
}

#[test]
fn algebra_errors_name_the_rule() {
    assert_eq!(
        err("composition((3,5):(1,4), 10:2)"),
        "composition: the result would not satisfy R(i) == A(B(i))"
    );
    let m = err("complement((2,2):(1,1))");
    assert!(
        m.starts_with("complement: the layout is not injective"),
        "{m}"
    );
    let m = err("composition((4,8):(1,4), {n})");
    assert!(
        m.starts_with("algebra inside layout! is computed while compiling"),
        "{m}"
    );
    let m = err("size((4,8):(1,4))");
    assert_eq!(
        m,
        "this expression gives an integer, not a layout: layout! must give a layout"
    );
    let m = err("frobnicate((4,8))");
    assert_eq!(m, "unknown layout operation `frobnicate`");
}

#[test]
fn tuples() {
    let show_tuple = |s: &str, k| match tuple(tokens(s), k, Braces::Expr) {
        Ok(n) => show(&n),
        Err(d) => format!("error: {}", d.message()),
    };
    assert_eq!(show_tuple("(4,(2,{n}))", TupleKind::Shape), "(_4,(_2,{n}))");
    assert_eq!(show_tuple("(1,-4)", TupleKind::Stride), "(_1,_-4)");
    assert_eq!(show_tuple("(1,_,{i})", TupleKind::Coord), "(_1,_,{i})");
    assert_eq!(
        show_tuple("(4,0)", TupleKind::Shape),
        "error: shape entries must be positive, but this one is 0"
    );
    assert_eq!(
        show_tuple("(1,_)", TupleKind::Stride),
        "error: the placeholder `_` is only allowed in coordinates (coord!)"
    );
}

#[test]
fn typed_tuples_hold_at_most_eight_modes() {
    assert_eq!(
        err("(1,2,3,4,5,6,7,8,9)"),
        "this tuple has 9 modes, but typed tuples have at most 8: group modes into nested tuples"
    );
    assert_eq!(
        ok("(1,2,3,4,5,6,7,(8,9))"),
        "(_1,_2,_3,_4,_5,_6,_7,(_8,_9)):(_0,_1,_2,_6,_24,_120,_720,(_5040,_40320))"
    );
    let m = err("flat_product((2,2,2,2,2):(1,2,4,8,16), (2,2,2,2):(1,2,4,8))");
    assert!(m.contains("has a tuple of 9 modes"), "{m}");
    assert_eq!(
        err("[4,8]"),
        "square brackets are tilers, written only as arguments of an operation; write a tuple with parentheses: (4,8)"
    );
}

/// Hostile tokens: every input is an expansion or an error message, never a
/// panic of the macro (which rustc would report as an internal failure of
/// the proc macro instead of the rule), and within bounded time.
#[test]
fn hostile_tokens_are_errors_not_panics() {
    let max = i64::MAX.to_string();
    let deep = |n: usize| format!("{}2{}", "(".repeat(n), ")".repeat(n));
    let wide = |x: &str, n: usize| format!("({})", vec![x; n].join(","));
    let mut inputs: Vec<String> = [
        "",
        ":",
        "::",
        "(",
        ")",
        "(,)",
        "(:)",
        "1:",
        ":1",
        "()",
        "():()",
        "_",
        "_:_",
        "-0",
        "_-3",
        "- 3",
        "--3",
        "-(3)",
        "+3",
        "1e9",
        "1.5",
        "0x",
        "0xFFFFFFFFFFFFFFFFF",
        "0b",
        "0o9",
        "3u8",
        "3_i128",
        "'a'",
        "\"s\"",
        "b'x'",
        "r#\"x\"#",
        "[2]",
        "{}",
        "{",
        "a",
        "a::b",
        "#",
        "$x",
        "@",
        "!",
        "? :",
        "&",
        "8:2:1",
        "(4,8)::(1,4)",
        "size",
        "size()",
        "size(,)",
        "composition",
        "composition(8:1)",
        "composition(8:1,,)",
        "composition(8:1)(2)",
        "nope(8:1)",
        "swizzle(3,4,3)",
        "swizzle(99,99,99)",
        "composition(swizzle(3,4,3),(8,8):(8,1))",
        "eval(8:1, 99999999999)",
        "upcast(8:1, 0)",
        "downcast(8:1, -1)",
        "tile_to_shape(2:1, (0,0))",
        "(4,8):({n},1)",
        "({},{}):({},{})",
        "{n}:{m}",
        "({n:?}):(1)",
        "(_,2):(1,2)",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    inputs.extend([
        format!("{max}:1"),
        format!("{max}:{max}"),
        format!("({max},2):(1,1)"),
        format!("-{max}:1"),
        format!("(-9223372036854775808):(1)"),
        "9223372036854775808:1".into(),
        "99999999999999999999999999999999999999999:1".into(),
        format!("size(({max},{max}))"),
        format!("cosize({max}:{max})"),
        format!("logical_product({max}:1,{max}:1)"),
        format!("complement(2:1,{max})"),
        deep(1_000),
        format!("{}:{}", deep(300), deep(300)),
        format!("{}8:1{}", "coalesce(".repeat(500), ")".repeat(500)),
        wide("2", 70),
        wide("1", 5_000),
        format!("{}:{}", wide("1", 5_000), wide("0", 5_000)),
        deep(crate::source::MAX_NESTING),
        deep(crate::source::MAX_NESTING + 1),
    ]);
    for s in &inputs {
        let Ok(t) = s.parse::<TokenStream>() else {
            continue; // rustc itself rejects these tokens before any macro runs
        };
        let start = std::time::Instant::now();
        for braces in [Braces::No, Braces::Expr, Braces::Type] {
            let shown = &s[..s.len().min(60)];
            let r = std::panic::catch_unwind(|| {
                let _ = layout(t.clone(), braces);
                for kind in [TupleKind::Shape, TupleKind::Stride, TupleKind::Coord] {
                    let _ = tuple(t.clone(), kind, braces);
                }
            });
            assert!(r.is_ok(), "the macro panicked on {shown:?}");
        }
        let took = start.elapsed();
        assert!(
            took < std::time::Duration::from_secs(5),
            "{:?}: {took:?}",
            &s[..s.len().min(60)]
        );
    }
}

/// Nesting is bounded before the recursion that writes the tokens out: 1 000
/// levels overflowed the stack of a 2 MiB thread (the macro aborted rustc).
#[test]
fn nesting_past_the_limit_is_an_error() {
    let deep = |n: usize| format!("{}2{}", "(".repeat(n), ")".repeat(n));
    let limit = crate::source::MAX_NESTING;
    assert!(!err(&deep(limit + 1)).is_empty());
    assert!(err(&deep(limit + 1)).starts_with("brackets nested deeper than 64 levels"));
    assert!(err(&deep(100_000)).starts_with("brackets nested deeper than 64 levels"));
    let call = format!(
        "{}8:1{}",
        "coalesce(".repeat(limit + 1),
        ")".repeat(limit + 1)
    );
    assert!(err(&call).starts_with("brackets nested deeper than 64 levels"));
}
