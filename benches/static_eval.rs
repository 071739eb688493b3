//! What evaluating a static layout costs at run time, against the same function
//! written as index arithmetic by hand and against the fully dynamic path.
//!
//! Four functions `L(i)`, each evaluated four ways over the indices `0..N`
//! (`Σ L(i)`, every index passed through `black_box` so that nothing is folded
//! across iterations or vectorised):
//! * `hand`: `(i % 4) * 4 + ((i / 4) % 2) + (i / 8) * 2`-style arithmetic;
//! * `typed`: `Layout<S, D>::eval(i)` of a fully static typed layout;
//! * `static_result`: `eval_index(i)` of a zero-sized static algebra result
//!   (`Composed<…>`, `ZippedDivided<…>`), whose layout is an associated `const`;
//! * `dynamic`: `DLayout::eval_index(i)` of the same layout as a run-time value.
//!
//! The group `vectorisable` repeats `hand`, `typed` and `static_result` with only
//! the loop bound behind `black_box`, so that the compiler may vectorise the loop.
//!
//! The `#[inline(never)]` functions `asm_*` are the same evaluations compiled
//! on their own, for reading the generated code (see `docs/benchmarks.md`).
//!
//! `cargo bench --bench static_eval`
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use cute_types::typed::*;
use cute_types::{DLayout, Error};

/// Indices evaluated per iteration of the benchmark.
const N: i64 = 4096;

/// Case A: rank 2, depth 1 (a row-major 8×16 matrix).
type LayA = Layout<(_8, _16), (_16, _1)>;
/// Case A's static result: `A ∘ 128:1`, the same function.
type ResA = Composed<LayA, _128>;
/// Case B: rank 2, depth 2 (the brief's example).
type LayB = Layout<(_4, (_2, _2)), (_4, (_1, _2))>;
/// Case B's static result: `B` composed with the compact layout of its shape,
/// which is `B` again, `(_4,(_2,_2)):(_4,(_1,_2))`.
type ResB = Composed<LayB, Layout<(_4, (_2, _2)), (_1, (_4, _8))>>;
/// `B ∘ 16:1`: the same function, which the algebra coalesces to `(_4,_4):(_4,_1)`.
type ResBCoalesced = Composed<LayB, _16>;
/// Case C: `zipped_divide((8,16):(16,1), (2,4))` (by mode) written out as a typed layout.
type LayC = Layout<((_2, _4), (_4, _4)), ((_16, _1), (_32, _4))>;
/// Case C's static result.
type ResC = ZippedDivided<LayA, (_2, _4)>;
/// The layout divided in case D: `((4,8),(2,(2,2))):((64,1),(32,(8,256)))`.
type LayD0 = Layout<((_4, _8), (_2, (_2, _2))), ((_64, _1), (_32, (_8, _256)))>;
/// Case D: `zipped_divide(D0, (8,4))` (by mode) written out: rank 2, depth 3,
/// six leaves.
type LayD = Layout<(((_4, _2), (_2, _2)), (_4, _2)), (((_64, _1), (_32, _8)), (_2, _256))>;
/// Case D's static result.
type ResD = ZippedDivided<LayD0, (_8, _4)>;

fn hand_a(i: i64) -> i64 {
    (i % 8) * 16 + i / 8
}
fn hand_b(i: i64) -> i64 {
    (i % 4) * 4 + (i / 4) % 2 + (i / 8) * 2
}
fn hand_c(i: i64) -> i64 {
    (i % 2) * 16 + (i / 2) % 4 + ((i / 8) % 4) * 32 + (i / 32) * 4
}
fn hand_d(i: i64) -> i64 {
    (i % 4) * 64
        + (i / 4) % 2
        + ((i / 8) % 2) * 32
        + ((i / 16) % 2) * 8
        + ((i / 32) % 4) * 2
        + (i / 128) * 256
}

/// `Σ f(i)` over `0..n`, each index hidden from the optimiser.
#[inline(always)]
fn sum_opaque(n: i64, f: impl Fn(i64) -> i64) -> i64 {
    let mut acc = 0i64;
    for i in 0..n {
        acc = acc.wrapping_add(f(black_box(i)));
    }
    acc
}

/// `Σ f(i)` over `0..n` with nothing hidden but `n`.
#[inline(always)]
fn sum_plain(n: i64, f: impl Fn(i64) -> i64) -> i64 {
    let mut acc = 0i64;
    for i in 0..n {
        acc = acc.wrapping_add(f(i));
    }
    acc
}

/// One case: its name, the typed layout, the static result, the hand-written
/// function. A macro because the four ways differ in type, not in value.
macro_rules! bench_case {
    ($c:expr, $name:literal, $Lay:ty, $Res:ty, $hand:path) => {{
        let lay = <$Lay>::default();
        let res = <$Res>::default();
        let dynamic = black_box(<$Res as StaticLayout>::LAYOUT.with_all_static(false));
        check_case(
            $name,
            |i| $hand(i),
            |i| lay.eval(i),
            |i| res.eval_index(i),
            &dynamic,
        );

        let mut g = $c.benchmark_group(concat!("static_eval/", $name));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("hand", |b| b.iter(|| sum_opaque(black_box(N), $hand)));
        g.bench_function("typed", |b| {
            b.iter(|| sum_opaque(black_box(N), |i| lay.eval(i).unwrap_or(0)))
        });
        g.bench_function("static_result", |b| {
            b.iter(|| sum_opaque(black_box(N), |i| res.eval_index(i).unwrap_or(0)))
        });
        g.bench_function("dynamic", |b| {
            b.iter(|| {
                sum_opaque(black_box(N), |i| {
                    dynamic.eval_index(i).map_or(0, |v| v.value)
                })
            })
        });
        g.finish();

        let mut g = $c.benchmark_group(concat!("vectorisable/", $name));
        g.throughput(Throughput::Elements(N as u64));
        for (way, id) in [(0, "hand"), (1, "typed"), (2, "static_result")] {
            g.bench_function(BenchmarkId::from_parameter(id), |b| {
                b.iter(|| match way {
                    0 => sum_plain(black_box(N), $hand),
                    1 => sum_plain(black_box(N), |i| lay.eval(i).unwrap_or(0)),
                    _ => sum_plain(black_box(N), |i| res.eval_index(i).unwrap_or(0)),
                })
            });
        }
        g.finish();
    }};
}

/// The four ways agree on `0..N` (a wrong hand-written formula would make the
/// comparison meaningless).
fn check_case(
    name: &str,
    hand: impl Fn(i64) -> i64,
    typed: impl Fn(i64) -> Result<i64, Error>,
    result: impl Fn(i64) -> Result<i64, Error>,
    dynamic: &DLayout,
) {
    for i in 0..N {
        let want = hand(i);
        assert_eq!(typed(i), Ok(want), "{name}: typed L({i})");
        assert_eq!(result(i), Ok(want), "{name}: static result L({i})");
        assert_eq!(
            dynamic.eval_index(i).map(|v| v.value),
            Ok(want),
            "{name}: dynamic L({i})"
        );
    }
}

/// Case B compiled on its own, for reading the generated code.
#[inline(never)]
pub fn asm_hand_b(i: i64) -> i64 {
    hand_b(i)
}
/// Case B through the typed layout.
#[inline(never)]
pub fn asm_typed_b(i: i64) -> Result<i64, Error> {
    LayB::default().eval(i)
}
/// Case B through the static result.
#[inline(never)]
pub fn asm_result_b(i: i64) -> Result<i64, Error> {
    ResB::default().eval_index(i)
}
/// Case D by hand.
#[inline(never)]
pub fn asm_hand_d(i: i64) -> i64 {
    hand_d(i)
}
/// Case D through the typed layout.
#[inline(never)]
pub fn asm_typed_d(i: i64) -> Result<i64, Error> {
    LayD::default().eval(i)
}
/// Case D through the static result.
#[inline(never)]
pub fn asm_result_d(i: i64) -> Result<i64, Error> {
    ResD::default().eval_index(i)
}
/// Case B through a static result the algebra has simplified.
#[inline(never)]
pub fn asm_result_b_coalesced(i: i64) -> Result<i64, Error> {
    ResBCoalesced::default().eval_index(i)
}
/// Case B through `LayoutLike::eval` with an integer coordinate.
#[inline(never)]
pub fn asm_result_eval_b(i: i64) -> Result<i64, Error> {
    LayoutLike::eval(&ResB::default(), i)
}
/// A static result with 12 leaves (no two mergeable): is the plan still unrolled?
type LayE = Layout<
    ((_2, _2, _2), (_2, _2, _2), (_2, _2, _2), (_2, _2, _2)),
    (
        (_1, _64, _4),
        (_512, _2, _128),
        (_8, _1024, _16),
        (_256, _32, _2048),
    ),
>;
/// Case E's static result, `E ∘ 4096:1`.
type ResE = Composed<LayE, _4096>;
/// Case E through the static result.
#[inline(never)]
pub fn asm_result_e(i: i64) -> Result<i64, Error> {
    ResE::default().eval_index(i)
}
/// Case E through the typed layout.
#[inline(never)]
pub fn asm_typed_e(i: i64) -> Result<i64, Error> {
    LayE::default().eval(i)
}
/// The dynamic path.
#[inline(never)]
pub fn asm_dynamic(l: &DLayout, i: i64) -> Result<i64, Error> {
    l.eval_index(i).map(|v| v.value)
}

/// Calls the `asm_*` functions once, so that they stay in the binary, and checks them.
fn keep_asm_functions() {
    let d = black_box(<ResD as StaticLayout>::LAYOUT);
    for i in 0..256 {
        let i = black_box(i);
        assert_eq!(asm_typed_b(i), Ok(asm_hand_b(i)));
        assert_eq!(asm_result_b(i), Ok(asm_hand_b(i)));
        assert_eq!(asm_typed_d(i), Ok(asm_hand_d(i)));
        assert_eq!(asm_result_d(i), Ok(asm_hand_d(i)));
        assert_eq!(asm_dynamic(&d, i), Ok(asm_hand_d(i)));
        assert_eq!(asm_result_eval_b(i), Ok(asm_hand_b(i)));
        assert_eq!(asm_result_e(i), asm_typed_e(i));
        assert_eq!(asm_result_b_coalesced(i), Ok(asm_hand_b(i)));
    }
}

fn static_eval(c: &mut Criterion) {
    keep_asm_functions();
    // The results are the layouts they stand for (their text, checked here).
    assert_eq!(ResA::default().to_string(), "(_8,_16):(_16,_1)");
    assert_eq!(ResB::default().to_string(), "(_4,(_2,_2)):(_4,(_1,_2))");
    assert_eq!(ResBCoalesced::default().to_string(), "(_4,_4):(_4,_1)");
    assert_eq!(
        ResE::default().to_string(),
        "(_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2,_2):(_1,_64,_4,_512,_2,_128,_8,_1024,_16,_256,_32,_2048)"
    );
    assert_eq!(ResC::default().to_string(), LayC::default().to_string());
    assert_eq!(ResD::default().to_string(), LayD::default().to_string());
    bench_case!(c, "A_rank2_depth1", LayA, ResA, hand_a);
    bench_case!(c, "B_rank2_depth2", LayB, ResB, hand_b);
    bench_case!(c, "C_zipped_divide_depth2", LayC, ResC, hand_c);
    bench_case!(c, "D_zipped_divide_depth3", LayD, ResD, hand_d);
}

criterion_group!(benches, static_eval);
criterion_main!(benches);
