//! Every refusal of a launch, at the API level. The checks run before any driver
//! call (`GemmKernel::plan`, `hopper::plan::plan`, which `GpuGemm::launch` and
//! `HopperGemm::launch` call first), so these tests need no GPU.
use cute_gpu::error::GpuError;
use cute_gpu::gemm::shipped::find;
use cute_gpu::gemm::{GemmLayout, Problem, ProblemError};
use cute_gpu::hopper::isa::Half;
use cute_gpu::hopper::kernel::{HopperKernel, Io, Output};
use cute_gpu::hopper::layouts::OperandMajor;
use cute_gpu::hopper::plan::{plan, HopperError, HopperLaunch, Operands, TcProblem};
use cute_gpu::hopper::shipped::{find as find_tc, shipped};

fn layout(s: &str) -> GemmLayout {
    s.parse().unwrap()
}

fn lens(p: &Problem) -> [usize; 3] {
    [p.a_len(), p.b_len(), p.c_len()]
}

#[test]
fn fp32_launch_refuses_every_short_buffer() {
    for l in GemmLayout::ALL {
        let k = find("w128x256x8pm").unwrap().kernel(l);
        let p = Problem::new(300, 200, 100, l);
        let ok = lens(&p);
        assert!(k.plan(&p, ok).unwrap().is_some());
        for (i, name) in ["A", "B", "C"].into_iter().enumerate() {
            let mut short = ok;
            short[i] -= 1;
            assert_eq!(
                k.plan(&p, short),
                Err(GpuError::BufferTooShort {
                    operand: name,
                    len: ok[i] - 1,
                    needed: ok[i]
                }),
                "{l} {name}"
            );
        }
    }
}

#[test]
fn fp32_lengths_follow_the_leading_dimensions() {
    let l = layout("nt");
    let k = find("fallback32").unwrap().kernel(l);
    let mut p = Problem::new(10, 20, 30, l);
    p.lda = 17; // A is M×K with M contiguous: lda·K elements
    p.ldc = 12;
    assert!(k.plan(&p, [17 * 30, 20 * 30, 12 * 20]).is_ok());
    assert!(matches!(
        k.plan(&p, [17 * 30 - 1, 20 * 30, 12 * 20]),
        Err(GpuError::BufferTooShort { operand: "A", .. })
    ));
    assert!(matches!(
        k.plan(&p, [17 * 30, 20 * 30, 12 * 20 - 1]),
        Err(GpuError::BufferTooShort { operand: "C", .. })
    ));
    p.ldc = 9; // below M
    assert_eq!(
        k.plan(&p, [usize::MAX; 3]),
        Err(GpuError::Problem(ProblemError::LeadingDimension {
            operand: 'C',
            ld: 9,
            min: 10
        }))
    );
}

#[test]
fn fp32_k_zero_still_checks_c() {
    let l = layout("nn");
    let k = find("w128x256x8pm").unwrap().kernel(l);
    let p = Problem::new(64, 64, 0, l).padded_to(4);
    assert_eq!(lens(&p), [0, 4 * 64, 64 * 64]);
    assert!(k.plan(&p, [0, 4 * 64, 64 * 64]).unwrap().is_some());
    assert!(matches!(
        k.plan(&p, [0, 4 * 64, 64 * 64 - 1]),
        Err(GpuError::BufferTooShort { operand: "C", .. })
    ));
}

#[test]
fn fp32_sizes_alignment_and_grid_are_checked() {
    let l = layout("nn");
    let wide = find("w128x256x8pm").unwrap().kernel(l);
    // 128-bit kernels need leading dimensions that are multiples of 4
    let p = Problem::new(5, 8, 8, l);
    assert_eq!(wide.plan(&p, lens(&p)), Err(GpuError::NeedsVector4));
    // past 2^31: the kernels' 32-bit integers
    let p = Problem::new(1 << 31, 1, 1, l);
    assert_eq!(
        wide.plan(&p, [usize::MAX; 3]),
        Err(GpuError::Problem(ProblemError::TooLarge))
    );
    // grid y = ⌈N/BN⌉ must stay ≤ 65535 (BN = 256 here when the raster is plain)
    let plain = find("w128x256x8").unwrap().kernel(l);
    assert_eq!(plain.params().group_m(), 0);
    let p = Problem::new(4, 65536 * 256, 4, l);
    assert_eq!(
        plain.plan(&p, lens(&p)),
        Err(GpuError::GridTooLarge {
            dim: 'y',
            blocks: 65536,
            limit: 65535
        })
    );
    let p = Problem::new(4, 65535 * 256, 4, l);
    assert!(plain.plan(&p, lens(&p)).is_ok());
    // an empty C launches nothing, after the checks
    let p = Problem::new(0, 8, 8, l).padded_to(4);
    assert_eq!(wide.plan(&p, lens(&p)), Ok(None));
}

#[test]
fn fp32_lengths_saturate_instead_of_wrapping() {
    let mut p = Problem::new(8, 8, 8, layout("nn"));
    p.ldc = usize::MAX / 2;
    p.n = 3;
    assert_eq!(p.c_len(), usize::MAX);
    assert_eq!(p.checked_lens(), Err(ProblemError::TooLarge));
}

fn tc_kernel(name: &str, output: Output, b_major: OperandMajor) -> HopperKernel {
    let io = Io {
        input: Half::Bf16,
        output,
        b_major,
    };
    find_tc(name).unwrap().kernel(io).unwrap()
}

fn ops(p: &TcProblem, c_bytes: usize) -> Operands {
    Operands {
        a: p.m * p.k,
        b: p.n * p.k,
        c: p.m * p.n,
        c_bytes,
    }
}

#[test]
fn hopper_launch_refuses_every_short_buffer() {
    for s in shipped() {
        let k = tc_kernel(s.name, Output::F32, OperandMajor::K);
        let p = TcProblem {
            m: 300,
            n: 200,
            k: 64,
        };
        let good = ops(&p, 4);
        assert!(matches!(
            plan(&k, &p, good, 132, None),
            Ok(HopperLaunch::Kernel { .. })
        ));
        for (what, bad) in [
            (
                "A",
                Operands {
                    a: good.a - 1,
                    ..good
                },
            ),
            (
                "B",
                Operands {
                    b: good.b - 1,
                    ..good
                },
            ),
            (
                "C",
                Operands {
                    c: good.c - 1,
                    ..good
                },
            ),
        ] {
            match plan(&k, &p, bad, 132, None) {
                Err(HopperError::Gpu(GpuError::BufferTooShort { operand, .. })) => {
                    assert_eq!(operand, what)
                }
                other => panic!("{} {what}: {other:?}", s.name),
            }
        }
    }
}

#[test]
fn hopper_k_zero_checks_c_and_clears_exactly_m_n_elements() {
    let k = tc_kernel("r5_tma_store", Output::Half(Half::Bf16), OperandMajor::K);
    let p = TcProblem { m: 33, n: 65, k: 0 };
    let good = Operands {
        a: 0,
        b: 0,
        c: 33 * 65,
        c_bytes: 2,
    };
    assert_eq!(
        plan(&k, &p, good, 132, None).unwrap(),
        HopperLaunch::ZeroC { bytes: 33 * 65 * 2 }
    );
    let short = Operands {
        c: 33 * 65 - 1,
        ..good
    };
    assert!(matches!(
        plan(&k, &p, short, 132, None),
        Err(HopperError::Gpu(GpuError::BufferTooShort {
            operand: "C",
            ..
        }))
    ));
}

#[test]
fn hopper_output_type_and_tma_rules_are_checked_unaligned_rows_padded() {
    let k = tc_kernel("r4_two_consumers", Output::F32, OperandMajor::K);
    let p = TcProblem {
        m: 64,
        n: 64,
        k: 64,
    };
    assert!(matches!(
        plan(&k, &p, ops(&p, 2), 132, None),
        Err(HopperError::Gpu(GpuError::ElementType {
            expected: 4,
            found: 2,
            ..
        }))
    ));
    // rows of K·2 (or, B stored K×N, N·2) bytes that are not 16-byte multiples
    // are padded (hopper::pad), not refused
    let odd_k = TcProblem { k: 60, ..p };
    assert!(matches!(
        plan(&k, &odd_k, ops(&odd_k, 4), 132, None),
        Ok(HopperLaunch::Kernel { padding, .. }) if padding.a.is_some() && padding.b.is_some()
    ));
    let kn = tc_kernel("r4_two_consumers", Output::F32, OperandMajor::Mn);
    let odd_n = TcProblem { n: 60, ..p };
    assert!(matches!(
        plan(&kn, &odd_n, ops(&odd_n, 4), 132, None),
        Ok(HopperLaunch::Kernel { padding, .. }) if padding.a.is_none() && padding.b.is_some()
    ));
    let huge = TcProblem {
        m: 1 << 31,
        n: 8,
        k: 8,
    };
    assert!(matches!(
        plan(&k, &huge, ops(&huge, 4), 132, None),
        Err(HopperError::Problem(_))
    ));
}

#[test]
fn hopper_tile_count_is_a_checked_u32() {
    // (2^31 − 1)² / (128·256) tiles do not fit a u32: an error, not a wrap
    let k = tc_kernel("r4_two_consumers", Output::F32, OperandMajor::K);
    let big = (1usize << 31) - 8;
    let p = TcProblem {
        m: big,
        n: big,
        k: 8,
    };
    let lens = Operands {
        a: usize::MAX,
        b: usize::MAX,
        c: usize::MAX,
        c_bytes: 4,
    };
    assert!(matches!(
        plan(&k, &p, lens, 132, None),
        Err(HopperError::Gpu(GpuError::Overflow(_)))
    ));
}

#[cfg(feature = "cuda")]
#[test]
fn without_a_driver_gpu_new_is_an_error() {
    match cute_gpu::cuda::Gpu::new() {
        Ok(_) => {} // a machine with a GPU
        Err(e) => assert!(
            matches!(e, GpuError::DriverMissing(_) | GpuError::Driver { .. }),
            "{e}"
        ),
    }
}
