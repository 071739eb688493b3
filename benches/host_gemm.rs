//! The host GEMM through layouts (`cute::tensor::gemm`: local_tile,
//! local_partition, identity predicates) against the same blocked loop written
//! with plain index arithmetic, at the same blocking and the same loop order.
//! The ratio of the medians is the cost of the abstraction:
//! * `layouts_plan_run`: `GemmPlan::run` (tiling and partitioning done once, as a
//!   code generator does at compile time) — the kernel itself; with these
//!   leaf-mode operands, the typed kernel (operands `Layout<(i64,i64),(i64,i64)>`);
//! * `layouts_gemm`: `gemm`, planning included in every call;
//! * `typed_gemm`: `gemm_typed`, the same blocking with the tile and thread
//!   layout static in the types (typed local_tile/local_partition, typed
//!   element access), operands over typed `(M,K):(K,_1)` layouts;
//! * `plain_loop`: the same blocked loop with hand-written index arithmetic.
//!
//! `cargo bench --bench host_gemm`; with `HOST_GEMM_RUN=WAY/MxNxK` (and
//! `HOST_GEMM_REPS`, default 10) the binary runs one way, no criterion, for
//! `perf stat` (cycles of this process only, robust to a loaded machine).
use criterion::{criterion_group, BenchmarkId, Criterion};
use cute::tensor::{gemm, gemm_typed, make_tensor, GemmConfig, GemmPlan};
use cute::typed::{make_layout_right, Layout, _1, _32, _8};
use cute::DLayout;
use std::hint::black_box;
use std::time::Duration;

/// The blocking shared by both versions: a `BM × BN × BK` tile, `TM × TN`
/// threads numbered row-major (`(TM,TN):(TN,1)`), each thread holding the rows
/// `tr + TM·i` and columns `tc + TN·j` of the tile (CuTe's local_partition).
#[derive(Clone, Copy)]
struct Blocking {
    bm: usize,
    bn: usize,
    bk: usize,
    tm: usize,
    tn: usize,
}

/// `C = A·Bᵀ` with A `(M,K)` row-major, B `(N,K)` row-major, C `(M,N)` row-major:
/// the plain-arithmetic twin of the layout GEMM (same tiles, same thread order,
/// same value order, same k order, same predicates on ragged edges).
#[allow(clippy::too_many_arguments)]
fn blocked_plain(
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
    m: usize,
    n: usize,
    k: usize,
    bl: Blocking,
    acc: &mut Vec<f32>,
) {
    let (vm, vn) = (bl.bm / bl.tm, bl.bn / bl.tn);
    let (mt, nt, kt) = (m.div_ceil(bl.bm), n.div_ceil(bl.bn), k.div_ceil(bl.bk));
    for tn in 0..nt {
        for tm in 0..mt {
            for t in 0..bl.tm * bl.tn {
                let (tr, tc) = (t / bl.tn, t % bl.tn);
                let m0 = tm * bl.bm + tr;
                let n0 = tn * bl.bn + tc;
                let rows = (0..vm).take_while(|i| m0 + bl.tm * i < m).count();
                let cols = (0..vn).take_while(|j| n0 + bl.tn * j < n).count();
                if rows == 0 || cols == 0 {
                    continue;
                }
                acc.clear();
                acc.resize(rows * cols, 0.0);
                for kb in 0..kt {
                    for kk in 0..bl.bk {
                        let p = kb * bl.bk + kk;
                        if p >= k {
                            break;
                        }
                        for i in 0..rows {
                            let av = a[(m0 + bl.tm * i) * k + p];
                            let line = &mut acc[i * cols..(i + 1) * cols];
                            for (j, x) in line.iter_mut().enumerate() {
                                *x += av * b[(n0 + bl.tn * j) * k + p];
                            }
                        }
                    }
                }
                for i in 0..rows {
                    for j in 0..cols {
                        let x = &mut c[(m0 + bl.tm * i) * n + n0 + bl.tn * j];
                        *x = acc[i * cols + j] + 0.0 * *x;
                    }
                }
            }
        }
    }
}

fn data(len: usize, seed: u32) -> Vec<f32> {
    (0..len)
        .map(|i| {
            ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 20) as f32 / 4096.0 - 0.5
        })
        .collect()
}

fn bench(cr: &mut Criterion) {
    let bl = Blocking {
        bm: 32,
        bn: 32,
        bk: 8,
        tm: 8,
        tn: 8,
    };
    let cfg = GemmConfig::new(
        (bl.bm as i64, bl.bn as i64, bl.bk as i64),
        format!("({},{}):({},1)", bl.tm, bl.tn, bl.tn)
            .parse::<DLayout>()
            .unwrap(),
    )
    .unwrap();
    let mut group = cr.benchmark_group("host_gemm");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for &(m, n, k) in &[
        (128usize, 128usize, 128usize),
        (256, 256, 256),
        (255, 257, 130),
    ] {
        let a = data(m * k, 1);
        let b = data(n * k, 2);
        let mut c1 = vec![0f32; m * n];
        let mut c2 = vec![0f32; m * n];
        let la: DLayout = format!("({m},{k}):({k},1)").parse().unwrap();
        let lb: DLayout = format!("({n},{k}):({k},1)").parse().unwrap();
        let lc: DLayout = format!("({m},{n}):({n},1)").parse().unwrap();
        let ta = make_tensor(&a[..], la.clone()).unwrap();
        let tb = make_tensor(&b[..], lb.clone()).unwrap();
        // Both versions compute the same numbers.
        gemm(
            1.0,
            &ta,
            &tb,
            0.0,
            &mut make_tensor(&mut c1[..], lc.clone()).unwrap(),
            &cfg,
        )
        .unwrap();
        let mut acc = Vec::new();
        blocked_plain(&a, &b, &mut c2, m, n, k, bl, &mut acc);
        assert!(c1.iter().zip(&c2).all(|(x, y)| x.to_bits() == y.to_bits()));

        // The typed path computes the same numbers too.
        let (mi, ni, ki) = (m as i64, n as i64, k as i64);
        let tla = Layout::new((mi, ki), (ki, _1)).unwrap();
        let tlb = Layout::new((ni, ki), (ki, _1)).unwrap();
        let tlc = Layout::new((mi, ni), (ni, _1)).unwrap();
        let tta = make_tensor(&a[..], tla).unwrap();
        let ttb = make_tensor(&b[..], tlb).unwrap();
        let thr = make_layout_right((_8, _8));
        let mut c3 = vec![0f32; m * n];
        gemm_typed(
            1.0,
            &tta,
            &ttb,
            0.0,
            &mut make_tensor(&mut c3[..], tlc).unwrap(),
            (_32, _32, _8),
            thr,
        )
        .unwrap();
        assert!(c3.iter().zip(&c2).all(|(x, y)| x.to_bits() == y.to_bits()));

        let id = format!("{m}x{n}x{k}");
        let plan = GemmPlan::new(&la, &lb, &lc, &cfg).unwrap();
        group.bench_function(BenchmarkId::new("layouts_plan_run", &id), |bch| {
            bch.iter(|| {
                let mut tc = make_tensor(&mut c1[..], lc.clone()).unwrap();
                plan.run(1.0, black_box(&ta), black_box(&tb), 0.0, &mut tc)
                    .unwrap();
            })
        });
        group.bench_function(BenchmarkId::new("layouts_gemm", &id), |bch| {
            bch.iter(|| {
                let mut tc = make_tensor(&mut c1[..], lc.clone()).unwrap();
                gemm(1.0, black_box(&ta), black_box(&tb), 0.0, &mut tc, &cfg).unwrap();
            })
        });
        group.bench_function(BenchmarkId::new("typed_gemm", &id), |bch| {
            bch.iter(|| {
                let mut tc = make_tensor(&mut c3[..], tlc).unwrap();
                gemm_typed(
                    1.0,
                    black_box(&tta),
                    black_box(&ttb),
                    0.0,
                    &mut tc,
                    (_32, _32, _8),
                    thr,
                )
                .unwrap();
            })
        });
        group.bench_function(BenchmarkId::new("plain_loop", &id), |bch| {
            bch.iter(|| blocked_plain(black_box(&a), black_box(&b), &mut c2, m, n, k, bl, &mut acc))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);

/// One way, `reps` times, on an `m × n × k` problem (the criterion blocking).
fn run_one(way: &str, (m, n, k): (usize, usize, usize), reps: usize) -> f32 {
    let bl = Blocking {
        bm: 32,
        bn: 32,
        bk: 8,
        tm: 8,
        tn: 8,
    };
    let (a, b) = (data(m * k, 1), data(n * k, 2));
    let mut c = vec![0f32; m * n];
    let (mi, ni, ki) = (m as i64, n as i64, k as i64);
    let la: DLayout = format!("({m},{k}):({k},1)").parse().unwrap();
    let lb: DLayout = format!("({n},{k}):({k},1)").parse().unwrap();
    let lc: DLayout = format!("({m},{n}):({n},1)").parse().unwrap();
    let (ta, tb) = (
        make_tensor(&a[..], la.clone()).unwrap(),
        make_tensor(&b[..], lb.clone()).unwrap(),
    );
    let cfg = GemmConfig::new((32, 32, 8), "(8,8):(8,1)".parse().unwrap()).unwrap();
    let tla = Layout::new((mi, ki), (ki, _1)).unwrap();
    let tlb = Layout::new((ni, ki), (ki, _1)).unwrap();
    let tlc = Layout::new((mi, ni), (ni, _1)).unwrap();
    let (tta, ttb) = (
        make_tensor(&a[..], tla).unwrap(),
        make_tensor(&b[..], tlb).unwrap(),
    );
    let plan = GemmPlan::new(&la, &lb, &lc, &cfg).unwrap();
    let mut acc = Vec::new();
    for _ in 0..reps {
        match way {
            "layouts_plan_run" => plan
                .run(
                    1.0,
                    &ta,
                    &tb,
                    0.0,
                    &mut make_tensor(&mut c[..], lc.clone()).unwrap(),
                )
                .unwrap(),
            "layouts_gemm" => gemm(
                1.0,
                &ta,
                &tb,
                0.0,
                &mut make_tensor(&mut c[..], lc.clone()).unwrap(),
                &cfg,
            )
            .unwrap(),
            "typed_gemm" => gemm_typed(
                1.0,
                &tta,
                &ttb,
                0.0,
                &mut make_tensor(&mut c[..], tlc).unwrap(),
                (_32, _32, _8),
                make_layout_right((_8, _8)),
            )
            .unwrap(),
            "plain_loop" => blocked_plain(&a, &b, &mut c, m, n, k, bl, &mut acc),
            "setup" => {}
            _ => panic!("HOST_GEMM_RUN: unknown way {way}"),
        }
        black_box(&mut c);
    }
    c.iter().sum()
}

fn main() {
    if let Ok(sel) = std::env::var("HOST_GEMM_RUN") {
        let (way, size) = sel.split_once('/').expect("HOST_GEMM_RUN=WAY/MxNxK");
        let dims: Vec<usize> = size.split('x').map(|d| d.parse().unwrap()).collect();
        let reps = std::env::var("HOST_GEMM_REPS").map_or(10, |r| r.parse().unwrap());
        println!("{}", run_one(way, (dims[0], dims[1], dims[2]), reps));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
