//! Hostile problems for the launch plans of the fp32 and Hopper GEMMs
//! (`GemmKernel::plan`, `hopper::plan::plan`), without a GPU: zero, huge and
//! overflowing M, N, K, leading dimensions, buffer lengths, SM and CTA
//! counts. Every answer is a plan or a typed error, never a panic, and an
//! accepted plan is consistent with what was asked (its buffers hold what
//! the kernel indexes, its grid within CUDA's limits).
use cute_gpu::gemm::shipped::shipped;
use cute_gpu::gemm::{GemmLayout, Problem};
use cute_gpu::hopper::kernel::{Io, Output};
use cute_gpu::hopper::plan::{plan, HopperLaunch, Operands, TcProblem};
use std::panic::{catch_unwind, AssertUnwindSafe};

const SIZES: [usize; 9] = [
    0,
    1,
    65,
    128,
    u32::MAX as usize,
    u32::MAX as usize + 1,
    1 << 40,
    usize::MAX / 2,
    usize::MAX,
];

#[test]
fn fp32_plans_refuse_hostile_problems_with_typed_errors() {
    let layouts = ["nn", "nt", "tn", "tt"];
    let kernels: Vec<_> = shipped()
        .into_iter()
        .flat_map(|s| layouts.map(|l| s.kernel(l.parse::<GemmLayout>().unwrap())))
        .collect();
    let mut planned = 0usize;
    for &m in &SIZES {
        for &n in &SIZES {
            for &k in &SIZES {
                for ld in [None, Some(0), Some(1), Some(usize::MAX)] {
                    for layout in layouts {
                        let mut p = Problem::new(m, n, k, layout.parse().unwrap());
                        if let Some(ld) = ld {
                            (p.lda, p.ldb, p.ldc) = (ld, ld, ld);
                        }
                        let exact = p.checked_lens().ok();
                        for lens in [[0; 3], [usize::MAX; 3], exact.unwrap_or([0; 3])] {
                            for kern in kernels.iter().filter(|k| k.layout() == p.layout) {
                                let got = catch_unwind(AssertUnwindSafe(|| kern.plan(&p, lens)));
                                let Ok(got) = got else {
                                    panic!("plan panicked on {p:?} with {lens:?}");
                                };
                                if let Ok(Some(shape)) = got {
                                    planned += 1;
                                    // accepted: the buffers hold what is indexed
                                    let need = p.checked_lens().unwrap();
                                    assert!(lens.iter().zip(need).all(|(l, n)| *l >= n));
                                    assert!(shape.grid.0 >= 1 && shape.grid.0 < 1 << 31);
                                    assert!(shape.grid.1 >= 1 && shape.grid.1 < 1 << 16);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(planned > 0);
}

#[test]
fn hopper_plans_refuse_hostile_problems_with_typed_errors() {
    use cute_gpu::hopper::isa::Half;
    use cute_gpu::hopper::layouts::OperandMajor;
    // Generating a Hopper kernel costs most of the time here (in a debug
    // build): the first configuration and a persistent one.
    let configs = ["r1_tma_wgmma", "r3_persistent"]
        .map(|name| cute_gpu::hopper::shipped::find(name).unwrap());
    let mut kernels = Vec::new();
    for s in configs {
        for output in [Output::F32, Output::Half(Half::Bf16)] {
            for b_major in [OperandMajor::K, OperandMajor::Mn] {
                let io = Io {
                    input: Half::Bf16,
                    output,
                    b_major,
                };
                if let Ok(k) = s.kernel(io) {
                    kernels.push(k);
                }
            }
        }
    }
    assert!(!kernels.is_empty());
    let mut planned = 0usize;
    for &m in &SIZES {
        for &n in &SIZES {
            for &k in &SIZES {
                let p = TcProblem { m, n, k };
                let exact = [
                    m.checked_mul(k).unwrap_or(0),
                    n.checked_mul(k).unwrap_or(0),
                    m.checked_mul(n).unwrap_or(0),
                ];
                for [a, b, c] in [[0; 3], [usize::MAX; 3], exact] {
                    for c_bytes in [0, 4, usize::MAX] {
                        for sms in [0, 132, u32::MAX] {
                            for ctas in [None, Some(0), Some(u32::MAX)] {
                                for kern in &kernels {
                                    let ops = Operands { a, b, c, c_bytes };
                                    let got = catch_unwind(AssertUnwindSafe(|| {
                                        plan(kern, &p, ops, sms, ctas)
                                    }));
                                    let Ok(got) = got else {
                                        panic!(
                                            "hopper plan panicked on {p:?} {ops:?} {sms} {ctas:?}"
                                        );
                                    };
                                    if let Ok(HopperLaunch::Kernel { shape, .. }) = got {
                                        planned += 1;
                                        assert!(a >= m * k && b >= n * k && c >= m * n);
                                        assert!(shape.grid.0 >= 1 && shape.grid.0 < 1 << 31);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(planned > 0);
}
