//! The Hopper GEMM's padding of operands whose rows the TMA cannot address
//! (`cute_gpu::hopper::pad`): the copy kernel in the CPU simulator, bit for bit,
//! its launch checks, and what `plan` pads. No GPU needed.
use cute_gpu::error::GpuError;
use cute_gpu::hopper::kernel::{Io, Output};
use cute_gpu::hopper::layouts::OperandMajor;
use cute_gpu::hopper::pad::{pad_grid, pad_program, Pad, Padding};
use cute_gpu::hopper::plan::{plan, HopperError, HopperLaunch, Operands, TcProblem};
use cute_gpu::hopper::{isa::Half, shipped::find};
use cute_gpu::sim::{Arg, Grid, Simulator};
use cute_gpu::tile::ArgInfo;

/// `rows × cols` distinct words (none zero, so a missed copy shows).
fn sample(rows: usize, cols: usize) -> Vec<u16> {
    (0..rows * cols)
        .map(|i| (i as u16).wrapping_mul(40503) | 1)
        .collect()
}

/// The padded copy the kernel must write: rows of `pitch`, zeros past `cols`.
fn padded(x: &[u16], rows: usize, cols: usize, pitch: usize) -> Vec<u16> {
    let mut y = vec![0u16; rows * pitch];
    for r in 0..rows {
        y[r * pitch..r * pitch + cols].copy_from_slice(&x[r * cols..(r + 1) * cols]);
    }
    y
}

#[test]
fn the_padding_copy_runs_in_the_simulator_bit_for_bit() {
    let prog = pad_program().unwrap();
    assert!(prog.is_checked());
    for (rows, cols) in [
        (1usize, 1usize),
        (3, 7),
        (33, 13),
        (64, 65),
        (5, 130),
        (70, 9),
        (31, 3),
        (40, 8),
    ] {
        let pitch = cols.next_multiple_of(8);
        let x = sample(rows, cols);
        let mut sim = Simulator::new();
        let dx = sim.upload(&x);
        // the scratch starts poisoned: every element must be written
        let dy = sim.upload(&vec![0xFFFFu16; rows * pitch]);
        let [gx, gy, _] = pad_grid(rows, pitch).map(|g| g as u32);
        let args = [
            dx.into(),
            dy.into(),
            Arg::U32(rows as u32),
            Arg::U32(cols as u32),
            Arg::U32(pitch as u32),
        ];
        sim.launch(prog.kernel(), Grid::new((gx, gy), 256), &args)
            .unwrap();
        assert_eq!(
            sim.download::<u16>(dy, rows * pitch),
            padded(&x, rows, cols, pitch),
            "{rows}x{cols} -> pitch {pitch}"
        );
    }
}

#[test]
fn the_padding_copy_vectorises_its_stores_and_checks_its_buffers() {
    let prog = pad_program().unwrap();
    let ptx = prog.ptx();
    assert!(
        ptx.contains("st.global.v4.b32"),
        "16-byte stores of the scratch"
    );
    let (rows, cols, pitch) = (33usize, 13usize, 16usize);
    let grid = pad_grid(rows, pitch);
    assert_eq!(grid, [2, 1, 1]);
    let args = |x: usize, y: usize| {
        [
            ArgInfo::input::<u16>(x),
            ArgInfo::output::<u16>(y),
            ArgInfo::scalar(rows as u32),
            ArgInfo::scalar(cols as u32),
            ArgInfo::scalar(pitch as u32),
        ]
    };
    assert!(prog
        .plan(grid, &args(rows * cols, rows * pitch))
        .unwrap()
        .is_some());
    assert!(matches!(
        prog.plan(grid, &args(rows * cols - 1, rows * pitch)),
        Err(GpuError::KernelBufferTooShort { .. })
    ));
    assert!(matches!(
        prog.plan(grid, &args(rows * cols, rows * pitch - 1)),
        Err(GpuError::KernelBufferTooShort { .. })
    ));
}

#[test]
fn pads_are_bounded_and_checked() {
    assert_eq!(Pad::of(100, 4096).unwrap(), None);
    let p = Pad::of(100, 4099).unwrap().unwrap();
    assert_eq!((p.rows, p.cols, p.pitch), (100, 4099, 4104));
    assert_eq!(p.scratch_len().unwrap(), 100 * 4104);
    assert_eq!(p.scratch_bytes().unwrap(), 2 * 100 * 4104);
    // K = 1: the scratch is 8× the operand, the worst case
    assert_eq!(Pad::of(10, 1).unwrap().unwrap().scratch_len().unwrap(), 80);
    assert!(matches!(Pad::of(1, usize::MAX), Err(GpuError::Overflow(_))));
    assert!(matches!(
        Pad::of(usize::MAX / 4, 7),
        Err(GpuError::Overflow(_))
    ));
    // more than 65535 column tiles of 256: the copy's grid is refused
    assert!(matches!(
        Pad::of(2, 65535 * 256 + 1),
        Err(GpuError::GridTooLarge { dim: 'y', .. })
    ));
    assert!(Pad::of(2, 65535 * 256 - 1).unwrap().is_some());
}

fn tc(name: &str, b_major: OperandMajor) -> cute_gpu::hopper::kernel::HopperKernel {
    let io = Io {
        input: Half::Bf16,
        output: Output::F32,
        b_major,
    };
    find(name).unwrap().kernel(io).unwrap()
}

fn padding_of(launch: HopperLaunch) -> Padding {
    match launch {
        HopperLaunch::Kernel { padding, .. } => padding,
        other => panic!("expected a kernel launch, got {other:?}"),
    }
}

fn ops(p: &TcProblem) -> Operands {
    Operands {
        a: p.m * p.k,
        b: p.n * p.k,
        c: p.m * p.n,
        c_bytes: 4,
    }
}

#[test]
fn plan_pads_unaligned_k_and_kn_n_instead_of_refusing() {
    let nk = tc("r6_tile_order", OperandMajor::K);
    let kn = tc("r6_tile_order", OperandMajor::Mn);
    let aligned = TcProblem {
        m: 77,
        n: 1001,
        k: 64,
    };
    for k in [&nk, &kn] {
        let l = plan(k, &aligned, ops(&aligned), 132, None).unwrap();
        // N = 1001 is padded only when B is stored K×N
        let b = (k.derived.b.major == OperandMajor::Mn).then_some(Pad {
            rows: 64,
            cols: 1001,
            pitch: 1008,
        });
        assert_eq!(padding_of(l), Padding { a: None, b });
    }
    for kk in [1usize, 7, 13, 4103] {
        let p = TcProblem {
            m: 77,
            n: 24,
            k: kk,
        };
        let pitch = kk.next_multiple_of(8);
        let a = Some(Pad {
            rows: 77,
            cols: kk,
            pitch,
        });
        let b_nk = Some(Pad {
            rows: 24,
            cols: kk,
            pitch,
        });
        assert_eq!(
            padding_of(plan(&nk, &p, ops(&p), 132, None).unwrap()),
            Padding { a, b: b_nk }
        );
        // K×N with N = 24: B's rows are aligned whatever K is
        assert_eq!(
            padding_of(plan(&kn, &p, ops(&p), 132, None).unwrap()),
            Padding { a, b: None }
        );
        // the buffers are still checked against the unpadded sizes
        let short = Operands {
            a: p.m * p.k - 1,
            ..ops(&p)
        };
        assert!(matches!(
            plan(&nk, &p, short, 132, None),
            Err(HopperError::Gpu(GpuError::BufferTooShort {
                operand: "A",
                ..
            }))
        ));
    }
}

#[test]
fn plan_still_refuses_what_cannot_run() {
    let nk = tc("r6_tile_order", OperandMajor::K);
    let too_big = TcProblem {
        m: 1 << 31,
        n: 8,
        k: 7,
    };
    assert!(matches!(
        plan(&nk, &too_big, ops(&too_big), 132, None),
        Err(HopperError::Problem(_))
    ));
    // K = 16 776 961: more than 65535 column tiles for the padding copy
    let wide = TcProblem {
        m: 2,
        n: 2,
        k: 65535 * 256 + 1,
    };
    assert!(matches!(
        plan(&nk, &wide, ops(&wide), 132, None),
        Err(HopperError::Gpu(GpuError::GridTooLarge { .. }))
    ));
}
