//! The host GEMM through layouts (local_tile + local_partition + identity
//! predicates) against a plain triple loop, on random data, for row-major,
//! column-major, padded, transposed, reversed and hierarchical operands, and
//! sizes that are not multiples of the tile.
use cute_typed::tensor::{gemm, gemm_reference, make_tensor, GemmConfig, GemmPlan, Tensor};
use cute_typed::{DLayout, Error};

/// A small deterministic generator (SplitMix64): test data without dependencies.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [-1, 1).
    fn f32(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

fn l(s: &str) -> DLayout {
    s.parse().unwrap()
}

/// How an `X × Y` operand is stored.
#[derive(Clone, Copy, Debug)]
enum Store {
    /// `(X,Y):(Y,1)`
    RowMajor,
    /// `(X,Y):(1,X)`
    ColMajor,
    /// `(X,Y):(1,X+3)`: a leading dimension larger than the extent.
    PaddedCol,
    /// `(X,Y):(-Y,1)` from the last row: rows stored bottom-up.
    Reversed,
    /// `((X/2,2),Y):((2Y,1),2)`-style: the row index split in two modes (X even).
    Split,
}

/// Layout, offset and storage length of an `x × y` operand stored as `s`.
fn storage(s: Store, x: i64, y: i64) -> (DLayout, i64, usize) {
    match s {
        Store::RowMajor => (l(&format!("({x},{y}):({y},1)")), 0, (x * y) as usize),
        Store::ColMajor => (l(&format!("({x},{y}):(1,{x})")), 0, (x * y) as usize),
        Store::PaddedCol => (
            l(&format!("({x},{y}):(1,{})", x + 3)),
            0,
            ((x + 3) * y) as usize,
        ),
        Store::Reversed => (
            l(&format!("({x},{y}):(-{y},1)")),
            (x - 1) * y,
            (x * y) as usize,
        ),
        Store::Split => (
            l(&format!("(({},2),{y}):((2,1),{})", x / 2, x)),
            0,
            (x * y) as usize,
        ),
    }
}

/// C = alpha·A·Bᵀ + beta·C by the textbook loop over precomputed element indices.
#[allow(clippy::too_many_arguments)]
fn naive(
    alpha: f32,
    a: &Tensor<&[f32]>,
    b: &Tensor<&[f32]>,
    beta: f32,
    c0: &Tensor<&[f32]>,
    m: i64,
    n: i64,
    k: i64,
) -> Vec<f32> {
    let at = |i: i64, p: i64| *a.get((i, p)).unwrap();
    let bt = |j: i64, p: i64| *b.get((j, p)).unwrap();
    let a_tab: Vec<f32> = (0..m * k).map(|x| at(x % m, x / m)).collect();
    let b_tab: Vec<f32> = (0..n * k).map(|x| bt(x % n, x / n)).collect();
    let mut out = vec![0.0; (m * n) as usize];
    for i in 0..m {
        for j in 0..n {
            let mut acc = 0.0f32;
            for p in 0..k {
                acc += a_tab[(i + m * p) as usize] * b_tab[(j + n * p) as usize];
            }
            out[(i + m * j) as usize] = alpha * acc + beta * *c0.get((i, j)).unwrap();
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn check(
    (m, n, k): (i64, i64, i64),
    cfg: &GemmConfig,
    (sa, sb, sc): (Store, Store, Store),
    alpha: f32,
    beta: f32,
    rng: &mut Rng,
) {
    let (la, oa, na) = storage(sa, m, k);
    let (lb, ob, nb) = storage(sb, n, k);
    let (lc, oc, nc) = storage(sc, m, n);
    let a_data: Vec<f32> = (0..na).map(|_| rng.f32()).collect();
    let b_data: Vec<f32> = (0..nb).map(|_| rng.f32()).collect();
    let c_data: Vec<f32> = (0..nc).map(|_| rng.f32()).collect();
    let a = Tensor::with_offset(&a_data[..], la, oa).unwrap();
    let b = Tensor::with_offset(&b_data[..], lb, ob).unwrap();
    let c0 = Tensor::with_offset(&c_data[..], lc.clone(), oc).unwrap();
    let want = naive(alpha, &a, &b, beta, &c0, m, n, k);

    let mut c_out = c_data.clone();
    let mut c = Tensor::with_offset(&mut c_out[..], lc, oc).unwrap();
    let what = format!(
        "M,N,K={m},{n},{k} tile={:?} thr={} A={sa:?} B={sb:?} C={sc:?}",
        cfg.tile(),
        cfg.threads()
    );
    gemm(alpha, &a, &b, beta, &mut c, cfg).unwrap_or_else(|e| panic!("{e:?}: {what}"));
    for i in 0..m {
        for j in 0..n {
            let got = *c.get((i, j)).unwrap();
            // Same products, same order of the k-sum: identical bits.
            assert_eq!(
                got.to_bits(),
                want[(i + m * j) as usize].to_bits(),
                "({i},{j}) {what}"
            );
        }
    }
    // Storage outside C's layout is untouched (padding of PaddedCol).
    if let Store::PaddedCol = sc {
        for j in 0..n {
            for pad in m..m + 3 {
                let idx = (pad + (m + 3) * j) as usize;
                if idx < nc {
                    assert_eq!(
                        c_out[idx].to_bits(),
                        c_data[idx].to_bits(),
                        "padding {what}"
                    );
                }
            }
        }
    }
}

fn configs() -> Vec<GemmConfig> {
    vec![
        // 16×16×8 tile, 4×4 threads numbered row-major: 4×4 values per thread.
        GemmConfig::new((16, 16, 8), l("(4,4):(4,1)")).unwrap(),
        // 32×8×4 tile, 8×2 threads numbered column-major.
        GemmConfig::new((32, 8, 4), l("(8,2):(1,8)")).unwrap(),
        // A tile larger than some problems, one thread per row.
        GemmConfig::new((64, 16, 16), l("(64,1):(1,0)")).unwrap(),
        // Hierarchical thread layout: 2×2 groups of 2×4 threads.
        GemmConfig::new((16, 32, 5), l("((2,2),(4,2)):((1,16),(2,8))")).unwrap(),
    ]
}

#[test]
fn gemm_matches_the_triple_loop_on_random_data() {
    let mut rng = Rng(0x5eed);
    let shapes = [
        (1, 1, 1),
        (16, 16, 16),
        (7, 5, 3),
        (33, 17, 29),
        (64, 48, 40),
        (50, 70, 9),
    ];
    let stores = [
        (Store::RowMajor, Store::RowMajor, Store::RowMajor),
        (Store::ColMajor, Store::ColMajor, Store::ColMajor),
        // Transposed operands: A column-major with B row-major, etc.
        (Store::ColMajor, Store::RowMajor, Store::RowMajor),
        (Store::RowMajor, Store::ColMajor, Store::PaddedCol),
        (Store::Reversed, Store::PaddedCol, Store::ColMajor),
    ];
    for cfg in configs() {
        for &shape in &shapes {
            for &st in &stores {
                check(shape, &cfg, st, 1.0, 0.0, &mut rng);
            }
        }
    }
}

#[test]
fn gemm_alpha_beta_and_hierarchical_operands() {
    let mut rng = Rng(7);
    let cfg = GemmConfig::new((16, 16, 8), l("(4,4):(1,4)")).unwrap();
    for shape in [(32, 16, 24), (64, 32, 8)] {
        check(
            shape,
            &cfg,
            (Store::Split, Store::RowMajor, Store::Split),
            0.5,
            -2.0,
            &mut rng,
        );
        check(
            shape,
            &cfg,
            (Store::RowMajor, Store::Split, Store::ColMajor),
            -1.5,
            1.0,
            &mut rng,
        );
    }
}

#[test]
fn gemm_on_integers_equals_gemm_reference() {
    // (5×3)·(3×4): small enough to check one element by hand as well.
    let a: Vec<i64> = (0..15).collect(); // A(m,k) = 3m + k, row-major
    let b: Vec<i64> = (0..12).map(|x| x - 6).collect(); // B(n,k) = n + 4k - 6, column-major (N,K)
    let ta = make_tensor(&a[..], l("(5,3):(3,1)")).unwrap();
    let tb = make_tensor(&b[..], l("(4,3):(1,4)")).unwrap();
    let mut c1 = vec![1i64; 20];
    let mut c2 = c1.clone();
    let cfg = GemmConfig::new((4, 4, 2), l("(2,2):(2,1)")).unwrap();
    gemm(
        2,
        &ta,
        &tb,
        3,
        &mut make_tensor(&mut c1[..], l("(5,4):(4,1)")).unwrap(),
        &cfg,
    )
    .unwrap();
    gemm_reference(
        2,
        &ta,
        &tb,
        3,
        &mut make_tensor(&mut c2[..], l("(5,4):(4,1)")).unwrap(),
    )
    .unwrap();
    assert_eq!(c1, c2);
    // C(4,3) = 2·Σₖ (12 + k)(3 + 4k - 6) + 3 = 2·(12·(-3) + 13·1 + 14·5) + 3 = 97.
    assert_eq!(c1[4 * 4 + 3], 97);
}

#[test]
fn gemm_rejects_bad_input() {
    let a = [0f32; 12];
    let b = [0f32; 12];
    let mut c = [0f32; 16];
    let ta = make_tensor(&a[..], l("(4,3):(3,1)")).unwrap();
    let tb = make_tensor(&b[..], l("(4,3):(3,1)")).unwrap();
    let cfg = GemmConfig::new((4, 4, 4), l("(2,2):(1,2)")).unwrap();
    // K of B differs from K of A.
    let tb_bad = make_tensor(&b[..], l("(3,4):(4,1)")).unwrap();
    let mut tc = make_tensor(&mut c[..], l("(4,4):(4,1)")).unwrap();
    assert_eq!(
        gemm(1.0, &ta, &tb_bad, 0.0, &mut tc, &cfg).unwrap_err(),
        Error::SizeMismatch
    );
    assert!(gemm(1.0, &ta, &tb, 0.0, &mut tc, &cfg).is_ok());
    // Thread modes must divide the tile; the thread layout must be a bijection.
    assert_eq!(
        GemmConfig::new((6, 4, 4), l("(4,2):(1,4)")).unwrap_err(),
        Error::ShapeDivisibility
    );
    assert_eq!(
        GemmConfig::new((4, 4, 4), l("(2,2):(1,1)")).unwrap_err(),
        Error::NotInjective
    );
    assert_eq!(
        GemmConfig::new((4, 4, 4), l("4:1")).unwrap_err(),
        Error::CoordinateMismatch
    );
    assert_eq!(
        GemmConfig::new((0, 4, 4), l("(2,2):(1,2)")).unwrap_err(),
        Error::NonPositiveShape
    );
}

#[test]
fn a_plan_runs_on_any_tensors_of_its_layouts() {
    let (la, lb, lc) = (l("(20,9):(9,1)"), l("(13,9):(1,13)"), l("(20,13):(1,20)"));
    let cfg = GemmConfig::new((8, 8, 4), l("(2,4):(4,1)")).unwrap();
    let plan = GemmPlan::new(&la, &lb, &lc, &cfg).unwrap();
    let mut rng = Rng(99);
    for round in 0..3 {
        let a: Vec<f32> = (0..180).map(|_| rng.f32()).collect();
        let b: Vec<f32> = (0..117).map(|_| rng.f32()).collect();
        // C lives at an offset inside a larger buffer this time.
        let mut c1 = vec![0.25f32; 300];
        let mut c2 = c1.clone();
        let (ta, tb) = (
            make_tensor(&a[..], la.clone()).unwrap(),
            make_tensor(&b[..], lb.clone()).unwrap(),
        );
        let off = 7 * round;
        plan.run(
            2.0,
            &ta,
            &tb,
            0.5,
            &mut Tensor::with_offset(&mut c1[..], lc.clone(), off).unwrap(),
        )
        .unwrap();
        gemm_reference(
            2.0,
            &ta,
            &tb,
            0.5,
            &mut Tensor::with_offset(&mut c2[..], lc.clone(), off).unwrap(),
        )
        .unwrap();
        assert!(c1.iter().zip(&c2).all(|(x, y)| x.to_bits() == y.to_bits()));
    }
    // Tensors of other layouts are refused.
    let a = vec![0f32; 180];
    let b = vec![0f32; 117];
    let mut c = vec![0f32; 260];
    let ta_row = make_tensor(&a[..], l("(20,9):(1,20)")).unwrap();
    let tb = make_tensor(&b[..], lb).unwrap();
    let mut tc = make_tensor(&mut c[..], lc).unwrap();
    assert_eq!(
        plan.run(1.0, &ta_row, &tb, 0.0, &mut tc).unwrap_err(),
        Error::NotCongruent
    );
}

#[test]
fn plans_of_leaf_operands_run_the_typed_kernel() {
    let cfg = GemmConfig::new((16, 16, 8), l("((2,2),(4,2)):((1,16),(2,8))")).unwrap();
    let stores = [
        Store::RowMajor,
        Store::ColMajor,
        Store::PaddedCol,
        Store::Reversed,
    ];
    for sa in stores {
        for sc in stores {
            let (la, _, _) = storage(sa, 32, 24);
            let (lb, _, _) = storage(Store::ColMajor, 16, 24);
            let (lc, _, _) = storage(sc, 32, 16);
            assert!(GemmPlan::new(&la, &lb, &lc, &cfg).unwrap().typed());
        }
    }
    let (split, _, _) = storage(Store::Split, 32, 24);
    let (lb, _, _) = storage(Store::RowMajor, 16, 24);
    let (lc, _, _) = storage(Store::RowMajor, 32, 16);
    assert!(!GemmPlan::new(&split, &lb, &lc, &cfg).unwrap().typed());
}
