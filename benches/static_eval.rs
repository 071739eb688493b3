//! What evaluating a static layout costs at run time, against the same function
//! written as index arithmetic by hand and against the fully dynamic path.
//!
//! Four functions `L(i)` (cases A–D, of increasing nesting), each summed over the
//! indices `0..N` five ways:
//! * `hand`: index arithmetic written by hand, `(i % 4) * 4 + (i / 4) % 2 + (i / 8) * 2`;
//! * `typed`: `Layout<S, D>::eval(i)` of a fully static typed layout;
//! * `static_result`: `eval_index(i)` of a zero-sized static algebra result
//!   (`Composed<…>`, `ZippedDivided<…>`), whose layout is an associated `const`;
//! * `static_result_interpreted`: the same result evaluated as before it had a
//!   compile-time plan, by the run-time interpreter over its `const` layout
//!   (`R::LAYOUT.eval_index(i)`);
//! * `dynamic`: `DLayout::eval_index(i)` of the same layout as a run-time value.
//!
//! Group `static_eval/…` passes every index through `black_box` (nothing folded
//! across iterations, no vectorisation): the cost of one evaluation. Group
//! `vectorisable/…` hides only the loop bound, so the compiler may vectorise.
//! Each summing loop is an `#[inline(never)]` generic function, so that the
//! measured code of each way is a function of its own in the binary.
//!
//! The `#[inline(never)]` functions `asm_*` are single evaluations compiled on
//! their own, for reading the generated code; `STATIC_EVAL_LOOP=B/typed` runs one
//! summing loop for `perf stat` instead of criterion (see `docs/benchmarks.md`).
//!
//! `cargo bench --bench static_eval`
use std::hint::black_box;

use criterion::{criterion_group, Criterion, Throughput};
use cute_typed::typed::*;
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

/// A hand-written index function (one unit type per case, so that each summing
/// loop below is a function of its own in the binary, named after the case).
trait Hand: Copy {
    fn at(i: i64) -> i64;
}
#[derive(Clone, Copy)]
struct HandA;
impl Hand for HandA {
    #[inline(always)]
    fn at(i: i64) -> i64 {
        (i % 8) * 16 + i / 8
    }
}
#[derive(Clone, Copy)]
struct HandB;
impl Hand for HandB {
    #[inline(always)]
    fn at(i: i64) -> i64 {
        (i % 4) * 4 + (i / 4) % 2 + (i / 8) * 2
    }
}
#[derive(Clone, Copy)]
struct HandC;
impl Hand for HandC {
    #[inline(always)]
    fn at(i: i64) -> i64 {
        (i % 2) * 16 + (i / 2) % 4 + ((i / 8) % 4) * 32 + (i / 32) * 4
    }
}
#[derive(Clone, Copy)]
struct HandD;
impl Hand for HandD {
    #[inline(always)]
    fn at(i: i64) -> i64 {
        (i % 4) * 64
            + (i / 4) % 2
            + ((i / 8) % 2) * 32
            + ((i / 16) % 2) * 8
            + ((i / 32) % 4) * 2
            + (i / 128) * 256
    }
}

// The summing loops: `Σ L(i)` over `0..n`. `opaque_*` pass every index through
// `black_box` (nothing folded across iterations, no vectorisation); `plain_*`
// hide only `n`. A failed evaluation would count 0 (none fails on `0..N`).

#[inline(never)]
fn opaque_hand<H: Hand>(n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| acc.wrapping_add(H::at(black_box(i))))
}
#[inline(never)]
fn opaque_typed<S: Congruent<D>, D: IntTuple>(l: Layout<S, D>, n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| {
        acc.wrapping_add(l.eval(black_box(i)).unwrap_or(0))
    })
}
#[inline(never)]
fn opaque_result<R: StaticLayout>(r: R, n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| {
        acc.wrapping_add(r.eval_index(black_box(i)).unwrap_or(0))
    })
}
/// The static result evaluated as before its compile-time plan existed: the
/// run-time interpreter over its `const` layout.
#[inline(never)]
fn opaque_interpreted<R: StaticLayout>(n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| {
        acc.wrapping_add(R::LAYOUT.eval_index(black_box(i)).map_or(0, |v| v.value))
    })
}
#[inline(never)]
fn opaque_dynamic(l: &DLayout, n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| {
        acc.wrapping_add(l.eval_index(black_box(i)).map_or(0, |v| v.value))
    })
}
#[inline(never)]
fn plain_hand<H: Hand>(n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| acc.wrapping_add(H::at(i)))
}
#[inline(never)]
fn plain_typed<S: Congruent<D>, D: IntTuple>(l: Layout<S, D>, n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| acc.wrapping_add(l.eval(i).unwrap_or(0)))
}
#[inline(never)]
fn plain_result<R: StaticLayout>(r: R, n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| {
        acc.wrapping_add(r.eval_index(i).unwrap_or(0))
    })
}

/// One case: its name, the typed layout, the static result, the hand-written
/// function. A macro because the four ways differ in type, not in value.
macro_rules! bench_case {
    ($c:expr, $name:literal, $Lay:ty, $Res:ty, $Hand:ty) => {{
        let lay = <$Lay>::default();
        let res = <$Res>::default();
        let dynamic = black_box(DLayout::from_fixed(
            &<$Res as StaticLayout>::LAYOUT.with_all_static(false),
        ));
        check_case(
            $name,
            <$Hand>::at,
            |i| lay.eval(i),
            |i| res.eval_index(i),
            &dynamic,
        );
        let sum = opaque_hand::<$Hand>(N);
        assert_eq!(opaque_typed(lay, N), sum);
        assert_eq!(opaque_result(res, N), sum);
        assert_eq!(opaque_dynamic(&dynamic, N), sum);
        assert_eq!(opaque_interpreted::<$Res>(N), sum);
        assert_eq!(plain_hand::<$Hand>(N), sum);
        assert_eq!(plain_typed(lay, N), sum);
        assert_eq!(plain_result(res, N), sum);

        let mut g = $c.benchmark_group(concat!("static_eval/", $name));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("hand", |b| b.iter(|| opaque_hand::<$Hand>(black_box(N))));
        g.bench_function("typed", |b| b.iter(|| opaque_typed(lay, black_box(N))));
        g.bench_function("static_result", |b| {
            b.iter(|| opaque_result(res, black_box(N)))
        });
        g.bench_function("static_result_interpreted", |b| {
            b.iter(|| opaque_interpreted::<$Res>(black_box(N)))
        });
        g.bench_function("dynamic", |b| {
            b.iter(|| opaque_dynamic(&dynamic, black_box(N)))
        });
        g.finish();

        let mut g = $c.benchmark_group(concat!("vectorisable/", $name));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("hand", |b| b.iter(|| plain_hand::<$Hand>(black_box(N))));
        g.bench_function("typed", |b| b.iter(|| plain_typed(lay, black_box(N))));
        g.bench_function("static_result", |b| {
            b.iter(|| plain_result(res, black_box(N)))
        });
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
    HandB::at(i)
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
    HandD::at(i)
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
    let d = black_box(DLayout::from_fixed(&<ResD as StaticLayout>::LAYOUT));
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
    bench_case!(c, "A_rank2_depth1", LayA, ResA, HandA);
    bench_case!(c, "B_rank2_depth2", LayB, ResB, HandB);
    bench_case!(c, "C_zipped_divide_depth2", LayC, ResC, HandC);
    bench_case!(c, "D_zipped_divide_depth3", LayD, ResD, HandD);
}

/// `Σ L(i)` over `0..N`, `reps` times, by the loop `way` of case `case` (the
/// letter A–D): the load-independent measurement of `docs/benchmarks.md`, which
/// counts this process's cycles with `perf stat`. `way` is `hand`, `typed`,
/// `static_result`, `static_result_interpreted` or `dynamic` (the `opaque_*`
/// loops), or one of `hand`, `typed`, `static_result` prefixed `vec_` (the
/// `plain_*` loops).
fn run_loop(case: &str, way: &str, reps: u64) -> i64 {
    macro_rules! ways {
        ($Lay:ty, $Res:ty, $Hand:ty) => {{
            let (lay, res) = (<$Lay>::default(), <$Res>::default());
            let dynamic = black_box(DLayout::from_fixed(&<$Res as StaticLayout>::LAYOUT));
            let mut acc = 0i64;
            for _ in 0..reps {
                let n = black_box(N);
                acc = acc.wrapping_add(match way {
                    "hand" => opaque_hand::<$Hand>(n),
                    "typed" => opaque_typed(lay, n),
                    "static_result" => opaque_result(res, n),
                    "dynamic" => opaque_dynamic(&dynamic, n),
                    "static_result_interpreted" => opaque_interpreted::<$Res>(n),
                    "vec_hand" => plain_hand::<$Hand>(n),
                    "vec_typed" => plain_typed(lay, n),
                    "vec_static_result" => plain_result(res, n),
                    _ => panic!("unknown way {way}"),
                });
            }
            acc
        }};
    }
    match case {
        "A" => ways!(LayA, ResA, HandA),
        "B" => ways!(LayB, ResB, HandB),
        "C" => ways!(LayC, ResC, HandC),
        "D" => ways!(LayD, ResD, HandD),
        _ => panic!("unknown case {case}"),
    }
}

criterion_group!(benches, static_eval);

/// The criterion benchmarks, or with `STATIC_EVAL_LOOP=CASE/WAY` (and
/// `STATIC_EVAL_REPS`, default 10000) one summing loop, for `perf stat`.
fn main() {
    if let Ok(sel) = std::env::var("STATIC_EVAL_LOOP") {
        let (case, way) = sel.split_once('/').expect("STATIC_EVAL_LOOP=CASE/WAY");
        let reps = std::env::var("STATIC_EVAL_REPS").map_or(10_000, |r| r.parse().unwrap());
        println!("{}", run_loop(case, way, reps));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
