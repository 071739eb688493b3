//! Typed mixed layouts (`typed/mixed.rs`): what building and evaluating the
//! result of a composition with run-time leaves costs.
//!
//! The layout: `A = (_4,(_2,m)):(_1,(_4,s))` with `m = 6`, `s = 8` run-time,
//! composed with the static `B = (_4,_6):(_1,_4)`; C++ and the typed result give
//! `(_4,(_2,_3)):(_1,(_4,8))` (one run-time leaf, the stride 8).
//!
//! * `construct/typed_mixed`: `Layout::new` from `black_box`ed values, then
//!   `composition` (the dynamic algebra at run time, checked against the
//!   compile-time pattern, the run-time leaf kept);
//! * `construct/dynamic`: `algebra::composition` of parsed `DLayout`s;
//! * `eval/…`: `L(i)` summed over `i` in `0..24` (each index `black_box`ed):
//!   the typed mixed result (`Mixed::eval_index`), the same function as a typed
//!   `Layout` with a run-time leaf (`Layout::eval`), the `DLayout` result, and
//!   the same function written by hand, `(i % 4) + ((i / 4) % 2)·4 + (i / 8)·s`.
//!
//! `cargo bench --bench typed_mixed`
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use cute_typed::typed::*;
use cute_types::{algebra, DLayout};

fn bench(c: &mut Criterion) {
    let b = make_layout_strided((_4, _6), (_1, _4));
    let (pa, pb): (DLayout, DLayout) = (
        "(_4,(_2,6)):(_1,(_4,8))".parse().unwrap(),
        "(_4,_6):(_1,_4)".parse().unwrap(),
    );
    let build = |m: i64, s: i64| composition(Layout::new((_4, (_2, m)), (_1, (_4, s))).unwrap(), b);
    let typed = build(6, 8).unwrap();
    let parsed = algebra::composition(&pa, &pb).unwrap();
    assert_eq!(typed.to_string(), "(_4,(_2,_3)):(_1,(_4,8))");
    assert_eq!(parsed.to_string(), typed.to_string());

    let mut g = c.benchmark_group("construct");
    g.bench_function("typed_mixed", |bch| {
        bch.iter(|| build(black_box(6), black_box(8)))
    });
    g.bench_function("dynamic", |bch| {
        bch.iter(|| algebra::composition(black_box(&pa), black_box(&pb)))
    });
    g.finish();

    let s = black_box(8i64);
    // The same function as a typed `Layout` with a run-time stride leaf.
    let layout = Layout::new((_4, (_2, _3)), (_1, (_4, s))).unwrap();
    assert_eq!(layout.to_string(), typed.to_string());
    let mut g = c.benchmark_group("eval");
    g.bench_function("typed_mixed", |bch| {
        bch.iter(|| {
            (0..24)
                .map(|i| black_box(&typed).eval_index(black_box(i)).unwrap())
                .sum::<i64>()
        })
    });
    g.bench_function("typed_layout", |bch| {
        bch.iter(|| {
            (0..24)
                .map(|i| black_box(&layout).eval(black_box(i)).unwrap())
                .sum::<i64>()
        })
    });
    g.bench_function("dynamic", |bch| {
        bch.iter(|| {
            (0..24)
                .map(|i| black_box(&parsed).eval_index(black_box(i)).unwrap().value)
                .sum::<i64>()
        })
    });
    g.bench_function("hand", |bch| {
        bch.iter(|| {
            (0..24)
                .map(|i| {
                    let i = black_box(i);
                    i % 4 + (i / 4) % 2 * 4 + i / 8 * s
                })
                .sum::<i64>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
