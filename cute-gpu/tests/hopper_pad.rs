//! The Hopper GEMM's padding of operands whose rows the TMA cannot address
//! (`cute_gpu::hopper::pad`): the copy kernel in the CPU simulator, bit for bit,
//! its launch checks, and what `plan` pads. No GPU needed.
use cute_gpu::error::GpuError;
use cute_gpu::hopper::kernel::{Io, Output};
use cute_gpu::hopper::layouts::OperandMajor;
use cute_gpu::hopper::pad::{pad_grid, pad_program, Pad, Padding, RowAlign};
use cute_gpu::hopper::pitch::{
    padding, PadPolicy, B_LINE_MIN_ELEMS, B_LINE_MIN_TILES_M, LINE_MIN_COLS,
};
use cute_gpu::hopper::plan::{plan, plan_with, HopperError, HopperLaunch, Operands, TcProblem};
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
    // (rows, cols, pitch): pitches of 8 (the TMA's minimum) and of 64 (whole
    // 128-byte lines), one and several tiles of 32×256 each way
    for (rows, cols, pitch) in [
        (1usize, 1usize, 8usize),
        (3, 7, 8),
        (33, 13, 16),
        (64, 65, 72),
        (5, 130, 136),
        (70, 9, 16),
        (31, 3, 8),
        (40, 8, 8),
        (37, 600, 640),
        (9, 1001, 1024),
        (3, 1001, 1008),
        (66, 520, 576),
    ] {
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
        // N = 1001 is padded only when B is stored K×N; it has to be, and its
        // rows are long enough (≥ 512) to be padded to whole lines
        let b = (k.derived.b.major == OperandMajor::Mn).then_some(Pad {
            rows: 64,
            cols: 1001,
            pitch: 1024,
        });
        assert_eq!(padding_of(l), Padding { a: None, b });
    }
    for kk in [1usize, 7, 13, 4103] {
        let p = TcProblem {
            m: 77,
            n: 24,
            k: kk,
        };
        // K = 4103 ≥ 512: padded anyway, so to whole lines (4160), else to 8
        let pitch = kk.next_multiple_of(if kk >= 512 { 64 } else { 8 });
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

/// The `(a, b)` pitches of a launch of `m × n × k` under `policy` (`None`: not padded).
fn pitches(
    k: &cute_gpu::hopper::kernel::HopperKernel,
    (m, n, kk): (usize, usize, usize),
    policy: PadPolicy,
) -> (Option<usize>, Option<usize>) {
    let p = TcProblem { m, n, k: kk };
    let pad = padding_of(plan_with(k, &p, ops(&p), 132, None, policy).unwrap());
    (pad.a.map(|a| a.pitch), pad.b.map(|b| b.pitch))
}

#[test]
fn auto_pads_b_to_whole_lines_only_when_m_repays_the_copy() {
    let nk = tc("r6_tile_order", OperandMajor::K);
    let kn = tc("r6_tile_order", OperandMajor::Mn);
    let bm = 128; // r6_tile_order's tiles are 128×256
    let m_min = (B_LINE_MIN_TILES_M - 1) * bm + 1; // the first M with enough tile rows
                                                   // B N×K, K = 4104 (8208-byte rows: TMA-addressable, not whole lines)
    assert_eq!(
        pitches(&nk, (m_min, 4096, 4104), PadPolicy::Auto),
        (None, Some(4160))
    );
    assert_eq!(
        pitches(&nk, (m_min - 1, 4096, 4104), PadPolicy::Auto),
        (None, None)
    );
    // A's rows are the same length and never padded for this: measured not to pay
    assert_eq!(
        pitches(&nk, (8192, 4096, 4104), PadPolicy::Auto),
        (None, Some(4160))
    );
    // B K×N: N = 4104 is its row length; K = 4104 with N = 4096 pads nothing
    assert_eq!(
        pitches(&kn, (4096, 4104, 4096), PadPolicy::Auto),
        (None, Some(4160))
    );
    assert_eq!(
        pitches(&kn, (4096, 4096, 4104), PadPolicy::Auto),
        (None, None)
    );
    // whole lines already: nothing to do
    assert_eq!(
        pitches(&nk, (4096, 4096, 4160), PadPolicy::Auto),
        (None, None)
    );
    // a small B is not worth a launch: 2048 × 1032 < B_LINE_MIN_ELEMS ≤ 4096 × 1032
    const { assert!(2048 * 1032 < B_LINE_MIN_ELEMS && 4096 * 1032 >= B_LINE_MIN_ELEMS) };
    assert_eq!(
        pitches(&nk, (8192, 2048, 1032), PadPolicy::Auto),
        (None, None)
    );
    assert_eq!(
        pitches(&nk, (8192, 4096, 1032), PadPolicy::Auto),
        (None, Some(1088))
    );
    // short rows (< LINE_MIN_COLS) keep their length: the scratch would grow too much
    let short = LINE_MIN_COLS - 8;
    assert_eq!(
        pitches(&kn, (8192, short, 1 << 14), PadPolicy::Auto),
        (None, None)
    );
}

#[test]
fn operands_padded_anyway_get_whole_lines_when_their_rows_are_long() {
    let nk = tc("r6_tile_order", OperandMajor::K);
    // K = 4100: both must be padded; to 4160 (not 4104) under Auto, even for small M
    assert_eq!(
        pitches(&nk, (64, 64, 4100), PadPolicy::Auto),
        (Some(4160), Some(4160))
    );
    assert_eq!(
        pitches(&nk, (64, 64, 4100), PadPolicy::Tma),
        (Some(4104), Some(4104))
    );
    // K = 13 < 512: to 16, as the TMA needs
    assert_eq!(
        pitches(&nk, (8192, 8192, 13), PadPolicy::Auto),
        (Some(16), Some(16))
    );
    // the scratch of a line pad stays within an eighth of the operand
    let p = Pad::to(3, LINE_MIN_COLS + 1, RowAlign::Line)
        .unwrap()
        .unwrap();
    assert_eq!(p.pitch, LINE_MIN_COLS + 64);
    assert!(p.pitch * 8 <= (p.cols - 1) * 9);
}

#[test]
fn tma_policy_pads_as_before_and_lines_pads_b_whenever_it_can() {
    let nk = tc("r6_tile_order", OperandMajor::K);
    let kn = tc("r6_tile_order", OperandMajor::Mn);
    for (size, want_tma) in [
        ((4096, 4096, 4104), (None, None)),
        ((77, 24, 4103), (Some(4104), Some(4104))),
        ((8192, 4096, 4104), (None, None)),
    ] {
        assert_eq!(pitches(&nk, size, PadPolicy::Tma), want_tma, "{size:?}");
    }
    // Lines: B whatever M and its size, A only as Auto
    assert_eq!(
        pitches(&nk, (1, 600, 600), PadPolicy::Lines),
        (None, Some(640))
    );
    assert_eq!(
        pitches(&kn, (1, 600, 600), PadPolicy::Lines),
        (None, Some(640))
    );
    assert_eq!(pitches(&nk, (1, 600, 24), PadPolicy::Lines), (None, None));
    // the free function and plan agree
    let p = TcProblem {
        m: 4096,
        n: 4096,
        k: 4104,
    };
    for policy in [PadPolicy::Tma, PadPolicy::Auto, PadPolicy::Lines] {
        assert_eq!(
            padding(policy, &p, OperandMajor::K, 128).unwrap(),
            padding_of(plan_with(&nk, &p, ops(&p), 132, None, policy).unwrap())
        );
        assert_eq!(PadPolicy::parse(policy.name()), Some(policy));
    }
    assert_eq!(PadPolicy::default(), PadPolicy::Auto);
    assert_eq!(PadPolicy::parse("lines-b"), None);
}
