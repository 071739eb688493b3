//! Wide operands and huge results: every answer, or the refusal, costs time
//! and memory in proportion to the operands, never their square.
use cute_calc::{eval_line, eval_line_as, Reading};
use std::time::{Duration, Instant};

/// `(x,x,…,x)` with `n` entries.
fn tuple_of(x: &str, n: usize) -> String {
    format!("({})", vec![x; n].join(","))
}

/// `(2,…,2):(1,2,4,…,2^61)`: 62 modes, each taking one bit.
fn bits() -> String {
    let strides: Vec<String> = (0..62).map(|i| (1i64 << i).to_string()).collect();
    format!("{}:({})", tuple_of("2", 62), strides.join(","))
}

fn timed(src: &str, reading: Reading) -> (String, Duration) {
    let start = Instant::now();
    let out = eval_line_as(src, reading);
    (out, start.elapsed())
}

/// With run-time extents, `composition(A, B)` keeps all of A's modes under
/// each of B's: rank(A)·rank(B) leaves. Two operands of 16 000 modes (one
/// 64 KiB line) asked for 2.6·10⁸ nodes, tens of gigabytes, before the
/// ceiling on a tuple's nodes; now the answer is the rule, at once.
#[test]
fn a_result_past_the_node_ceiling_is_refused() {
    let ones = tuple_of("1", 16_000);
    let src = format!("composition({ones},{ones})");
    assert!(src.len() <= cute_calc::MAX_LINE_BYTES);
    let (out, took) = timed(&src, Reading::Mixed);
    assert_eq!(
        out,
        "error: composition: too large: a run-time shape or stride would hold more than 1048576 (2^20) nodes"
    );
    assert!(took < Duration::from_secs(10), "{took:?}");
    // Below the ceiling, the same operation answers in full: 500·500 leaves.
    let ones = tuple_of("1", 500);
    let out = eval_line_as(&format!("composition({ones},{ones})"), Reading::Mixed);
    assert_eq!(out.matches('1').count(), 2 * 500 * 500, "{}", &out[..80]);
}

/// Each of these walked the leaves or the modes of a wide tuple once per
/// leaf or mode (`leaf(k)`, `get(i)`, `make_layout_like`'s start offsets
/// in a loop): a bare shape of 30 000 modes took 11 s in a release build,
/// `flat_divide` of a 62-mode layout by 15 000 run-time modes 6 s,
/// `make_layout_like` of 20 000 modes 0.56 s. One pass each now; 100 000 leaves take well
/// under a second each in a debug build (the margin is for a loaded machine).
#[test]
fn wide_operands_take_linear_time() {
    let n = 100_000;
    let ones = tuple_of("1", n);
    let zeros = tuple_of("0", n);
    let unit = format!("{ones}:{ones}");
    let cases: Vec<(String, Reading, &str)> = vec![
        // compact strides of a bare shape
        (format!("size({ones})"), Reading::Static, "1"),
        (format!("size({ones})"), Reading::Mixed, "1"),
        // crd2idx's colexicographic strides
        (format!("crd2idx({zeros},{ones})"), Reading::Static, "0"),
        // coalesce, filter and complement walk every leaf
        (format!("coalesce({unit})"), Reading::Static, "1:0"),
        (
            format!("cosize(complement({ones}:{zeros}))"),
            Reading::Static,
            "1",
        ),
        // upcast and downcast rewrite every leaf
        (format!("size(upcast({unit},1))"), Reading::Static, "1"),
        (format!("size(downcast({unit},1))"), Reading::Static, "1"),
        // compact_order: each leaf's start offset, and the modes by range
        (
            format!("rank(make_layout_like({ones}:{zeros}))"),
            Reading::Static,
            "100000",
        ),
        (
            format!("rank(make_layout_like({unit}))"),
            Reading::Mixed,
            "_100000",
        ),
        (
            format!("rank(make_layout_like({}))", tuple_of("(1,1)", n / 2)),
            Reading::Static,
            "50000",
        ),
    ];
    for (src, reading, want) in &cases {
        let (out, took) = timed(src, *reading);
        let name = &src[..src.find('(').unwrap_or(0)];
        assert_eq!(out, *want, "{name}");
        assert!(took < Duration::from_secs(10), "{name}: {took:?}");
    }
    // The modes of a nested wide result, unpacked one after the other.
    let src = format!("rank(flat_divide({},{}))", bits(), tuple_of("1", 15_000));
    let (out, took) = timed(&src, Reading::Mixed);
    // 15 000 tile modes (62 leaves each) and the 62 rest modes, unpacked.
    assert_eq!(out, "_15062");
    assert!(took < Duration::from_secs(10), "flat_divide: {took:?}");
    assert_eq!(eval_line(&format!("rank({ones})")), n.to_string());
}
