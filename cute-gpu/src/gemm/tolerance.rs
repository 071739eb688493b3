//! The pass criterion for a computed C against an fp64 reference.
//!
//! From the componentwise bound `|fl(A·B) − A·B| ≤ γ_K·|A|·|B|`, with `R = A·B` and
//! `S = |A|·|B|` computed in fp64, entry `(i, j)` passes when
//!
//! `|C − E| ≤ |α|·τ·S + u_out·|E| + ε_epi`,   `E = α·R + β·C₀`,
//!
//! where `τ = 16·√K·2⁻²⁴` for fp32 accumulation (a statistical bound with a
//! safety factor, far below the worst case `K·2⁻²⁴` yet far above what a dropped
//! K block produces: missing one 8-wide block leaves `|C−R|/S ≈ 8/K·…`), `u_out`
//! is 0 for fp32 output, and `ε_epi = 2·2⁻²⁴·(|α·R| + |β·C₀|)` covers the
//! roundings of `α·acc + β·C₀` (0 when `α = 1, β = 0`). NaN or Inf never passes.
use super::problem::Problem;

/// Unit roundoff of f32.
pub const U_F32: f64 = 1.0 / (1u64 << 24) as f64;

/// Tolerance parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    /// accumulation and input error, relative to `S`
    pub tau: f64,
    /// output rounding, relative to `|E|`
    pub u_out: f64,
}

impl Tolerance {
    /// fp32 inputs, fp32 accumulation, fp32 output: `τ = 16·√K·2⁻²⁴`.
    pub fn fp32(k: usize) -> Tolerance {
        Tolerance {
            tau: 16.0 * (k.max(1) as f64).sqrt() * U_F32,
            u_out: 0.0,
        }
    }
}

/// One failing entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Failure {
    /// row
    pub i: usize,
    /// column
    pub j: usize,
    /// computed
    pub c: f64,
    /// expected
    pub expected: f64,
    /// `S` at that entry
    pub s: f64,
}

/// The outcome of a check.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// entries compared
    pub checked: usize,
    /// entries outside the bound
    pub failures: usize,
    /// NaN or Inf entries
    pub non_finite: usize,
    /// largest `|C − E| / (|α|·S)` over entries with `S > 0`
    pub max_ratio: f64,
    /// mean of the same
    pub mean_ratio: f64,
    /// the first failure, if any
    pub first: Option<Failure>,
}

impl Report {
    /// Whether every entry passed.
    pub fn passed(&self) -> bool {
        self.failures == 0 && self.non_finite == 0 && self.checked > 0
    }
}

/// The scalars and the original C of `C = α·A·B + β·C₀`.
#[derive(Clone, Copy, Debug)]
pub struct Scaling<'a> {
    /// α
    pub alpha: f32,
    /// β
    pub beta: f32,
    /// C before the call, indexed like C (ignored when β = 0)
    pub c0: Option<&'a [f32]>,
}

impl Scaling<'_> {
    /// α = 1, β = 0.
    pub const PLAIN: Scaling<'static> = Scaling {
        alpha: 1.0,
        beta: 0.0,
        c0: None,
    };
}

/// Checks C (indexed by `p.c_index`) against `R`, `S` (column-major `m × n`).
pub fn check(
    p: &Problem,
    c: &[f32],
    r: &[f64],
    s: &[f64],
    sc: Scaling<'_>,
    tol: Tolerance,
) -> Report {
    let mut rep = Report::default();
    let alpha = sc.alpha as f64;
    let beta = sc.beta as f64;
    let plain = sc.alpha == 1.0 && sc.beta == 0.0;
    let mut sum_ratio = 0.0;
    let mut n_ratio = 0usize;
    for j in 0..p.n {
        for i in 0..p.m {
            let ci = p.c_index(i, j);
            let got = c[ci] as f64;
            let (rv, sv) = (r[i + j * p.m], s[i + j * p.m]);
            let c0 = match (sc.c0, sc.beta != 0.0) {
                (Some(c0), true) => c0[ci] as f64,
                _ => 0.0,
            };
            let expected = alpha * rv + beta * c0;
            rep.checked += 1;
            if !got.is_finite() {
                rep.non_finite += 1;
                rep.first.get_or_insert(Failure {
                    i,
                    j,
                    c: got,
                    expected,
                    s: sv,
                });
                continue;
            }
            let err = (got - expected).abs();
            let epi = if plain {
                0.0
            } else {
                2.0 * U_F32 * ((alpha * rv).abs() + (beta * c0).abs())
            };
            let bound = alpha.abs() * tol.tau * sv + tol.u_out * expected.abs() + epi;
            if err > bound {
                rep.failures += 1;
                rep.first.get_or_insert(Failure {
                    i,
                    j,
                    c: got,
                    expected,
                    s: sv,
                });
            }
            if sv > 0.0 && alpha != 0.0 {
                let ratio = err / (alpha.abs() * sv);
                rep.max_ratio = rep.max_ratio.max(ratio);
                sum_ratio += ratio;
                n_ratio += 1;
            }
        }
    }
    rep.mean_ratio = if n_ratio > 0 {
        sum_ratio / n_ratio as f64
    } else {
        0.0
    };
    rep
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gemm::reference::{host_reference, Rng};

    fn f32_gemm(p: &Problem, a: &[f32], b: &[f32]) -> Vec<f32> {
        let mut c = vec![0.0f32; p.c_len()];
        for j in 0..p.n {
            for i in 0..p.m {
                let mut acc = 0.0f32;
                for k in 0..p.k {
                    acc = a[p.a_index(i, k)].mul_add(b[p.b_index(k, j)], acc);
                }
                c[p.c_index(i, j)] = acc;
            }
        }
        c
    }

    #[test]
    fn tau_follows_the_square_root_of_k() {
        let t = Tolerance::fp32(4096).tau;
        assert!((t - 16.0 * 64.0 / 16_777_216.0).abs() < 1e-15);
        assert!((t - 6.1e-5).abs() < 1e-6);
    }

    #[test]
    fn an_fp32_product_passes_and_a_dropped_k_block_fails() {
        let mut rng = Rng::new(3);
        let p = Problem::new(24, 20, 512, "tn".parse().unwrap());
        let a = rng.uniform_vec(p.a_len());
        let b = rng.uniform_vec(p.b_len());
        let (r, s) = host_reference(&p, &a, &b);
        let c = f32_gemm(&p, &a, &b);
        let ok = check(&p, &c, &r, &s, Scaling::PLAIN, Tolerance::fp32(p.k));
        assert!(ok.passed(), "{ok:?}");
        assert!(ok.max_ratio < Tolerance::fp32(p.k).tau);
        // the same product with K block [8, 16) left out
        let mut a2 = a.clone();
        for i in 0..p.m {
            for k in 8..16 {
                a2[p.a_index(i, k)] = 0.0;
            }
        }
        let bad = f32_gemm(&p, &a2, &b);
        let rep = check(&p, &bad, &r, &s, Scaling::PLAIN, Tolerance::fp32(p.k));
        assert!(!rep.passed());
        assert!(rep.failures > p.m * p.n / 2, "{rep:?}");
    }

    #[test]
    fn nan_fails_and_one_ulp_passes() {
        let p = Problem::new(1, 2, 4, "nn".parse().unwrap());
        let r = [1.0, 1.0];
        let s = [4.0, 4.0];
        let c = [f32::NAN, 1.0 + f32::EPSILON];
        let rep = check(&p, &c, &r, &s, Scaling::PLAIN, Tolerance::fp32(4));
        assert_eq!(rep.non_finite, 1);
        assert_eq!(rep.failures, 0);
        assert!(!rep.passed());
    }

    #[test]
    fn alpha_and_beta_enter_the_expected_value() {
        let p = Problem::new(1, 1, 1, "nn".parse().unwrap());
        let c0 = [10.0f32];
        let sc = Scaling {
            alpha: 2.0,
            beta: -0.5,
            c0: Some(&c0),
        };
        let good = check(
            &p,
            &[2.0 * 3.0 - 5.0],
            &[3.0],
            &[3.0],
            sc,
            Tolerance::fp32(1),
        );
        assert!(good.passed());
        let bad = check(&p, &[6.0], &[3.0], &[3.0], sc, Tolerance::fp32(1));
        assert!(!bad.passed());
    }
}
