//! The layout algebra as the calculator runs it: `cute::expr::evaluate`
//! on representative expressions (parse + algebra + result), and the whole
//! public conformance corpus through `eval_lines` (what `cute eval -` does, on
//! all cores).
//!
//! Run: `cargo bench --bench algebra`.
use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cute::expr::{eval_lines, evaluate, parse};

/// One expression per operation family, sized like kernel layouts.
const CASES: &[(&str, &str)] = &[
    ("literal", "((4,8),(2,(2,4))):((1,4),(32,(64,128)))"),
    (
        "coalesce",
        "coalesce(((4,8),(2,(2,4))):((1,4),(32,(64,128))))",
    ),
    (
        "composition",
        "composition((4,(2,3)):(1,(4,8)), (2,3):(3,1))",
    ),
    (
        "composition_tiler",
        "composition((128,64):(1,128), [32:1,(8,2):(1,32)])",
    ),
    ("complement", "complement((4,8):(1,64), 1024)"),
    ("right_inverse", "right_inverse((2,(8,2),8):(16,(32,8),1))"),
    (
        "left_inverse",
        "left_inverse((6,(7,64,1)):(42,(2,1008,504)))",
    ),
    (
        "logical_divide",
        "logical_divide((128,64):(1,128), [32:1,16:1])",
    ),
    (
        "zipped_divide",
        "zipped_divide((128,64):(1,128), [(8,4):(1,32),16:1])",
    ),
    (
        "logical_product",
        "logical_product((4,8):(8,1), (2,4):(1,2))",
    ),
    ("raked_product", "raked_product((2,5):(5,1), (3,4):(1,3))"),
    ("tile_to_shape", "tile_to_shape((8,8):(8,1), (128,64))"),
    (
        "swizzle_eval",
        "eval(composition(swizzle(3,4,3), (8,64):(64,1)), (3,5))",
    ),
];

fn corpus() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/public.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(|l| l.split('\t').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

fn bench_evaluate(c: &mut Criterion) {
    let mut g = c.benchmark_group("evaluate");
    for (name, src) in CASES {
        // A case that stopped evaluating would make its timing meaningless.
        evaluate(src).unwrap_or_else(|e| panic!("{name}: {src}: {e}"));
        g.bench_function(*name, |b| b.iter(|| evaluate(black_box(src))));
    }
    g.finish();
}

fn bench_parse(c: &mut Criterion) {
    let src = "zipped_divide((128,64):(1,128), [(8,4):(1,32),16:1])";
    c.bench_function("parse/zipped_divide", |b| b.iter(|| parse(black_box(src))));
}

fn bench_corpus(c: &mut Criterion) {
    let input = corpus();
    let lines = input.lines().count() as u64;
    let mut g = c.benchmark_group("eval_lines");
    g.throughput(Throughput::Elements(lines));
    g.bench_function("public_tsv", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(64 * 1024);
            eval_lines(black_box(input.as_bytes()), &mut out).unwrap();
            out
        })
    });
    g.finish();
}

criterion_group!(benches, bench_evaluate, bench_parse, bench_corpus);
criterion_main!(benches);
