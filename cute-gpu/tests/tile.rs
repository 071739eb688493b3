//! The tile layer without a GPU: kernels run in the simulator, vector widths,
//! the emitted PTX, and the launch refusals.
use cute_gpu::error::GpuError;
use cute_gpu::ptx::{Address, Space, Special};
use cute_gpu::sim::{Arg, Grid, Simulator};
use cute_gpu::tile::{
    vector, ArgInfo, Bf16, Element, Ix, ThreadValues, TileError, TileKernel, TileProgram,
};
use cute_typed::_1;

/// The transpose of the crate docs: `y (n × m) = xᵀ`, x row-major `m × n`.
fn transpose<E: Element>(
    tile: u32,
    smem: &str,
    rows: &str,
    cols: &str,
) -> (TileProgram, usize, usize) {
    transpose_with::<E>(tile, smem, [rows, cols], None)
}

/// As [`transpose`], with `copy_with` and single-element layouts for unaligned strides.
fn transpose_with<E: Element>(
    tile: u32,
    smem: &str,
    [rows, cols]: [&str; 2],
    safe: Option<[&str; 2]>,
) -> (TileProgram, usize, usize) {
    let mut k = TileKernel::new("transpose", 256).unwrap();
    let (x, y) = (k.input::<E>("x").unwrap(), k.output::<E>("y").unwrap());
    let (m, n) = (k.scalar("m").unwrap(), k.scalar("n").unwrap());
    let gx = k
        .global(&x, &[m.into(), n.into()], &[n.into(), _1.into()])
        .unwrap();
    let gy = k
        .global(&y, &[m.into(), n.into()], &[_1.into(), m.into()])
        .unwrap();
    let bx = k.builder().special(Special::CtaidX);
    let by = k.builder().special(Special::CtaidY);
    let tx = gx.tile(&[tile, tile], &[by, bx]).unwrap();
    let ty = gy.tile(&[tile, tile], &[by, bx]).unwrap();
    let s = k.shared::<E>(smem).unwrap();
    let tv = |l: &str| ThreadValues::new(l, &[tile, tile]).unwrap();
    let (wl, ws) = match safe {
        None => {
            let (wl, _) = k.copy(&tx, &s, &tv(rows)).unwrap();
            k.sync().unwrap();
            (wl, k.copy(&s, &ty, &tv(cols)).unwrap().1)
        }
        Some([r1, c1]) => {
            let [(wl, _), (w1, _)] = k.copy_with(&tx, &s, &tv(rows), &tv(r1)).unwrap();
            k.sync().unwrap();
            let [(_, ws), (_, w2)] = k.copy_with(&s, &ty, &tv(cols), &tv(c1)).unwrap();
            assert_eq!((w1, w2), (1, 1));
            (wl, ws)
        }
    };
    (k.finish().unwrap(), wl, ws)
}

fn f32_transpose() -> (TileProgram, usize, usize) {
    transpose::<f32>(
        32,
        "(32,32):(33,1)",
        "((8,32),4):((128,1),32)",
        "((8,32),4):((4,32),1)",
    )
}

fn bf16_transpose() -> (TileProgram, usize, usize) {
    transpose::<Bf16>(
        64,
        "(64,64):(66,1)",
        "((16,16),(4,4)):((256,1),(64,16))",
        "((16,16),(4,4)):((4,64),(1,1024))",
    )
}

/// bf16 with 16-byte global vectors: 8 halves per thread, packed in 4 `.b32` lanes.
fn bf16_transpose_16b() -> (TileProgram, usize, usize) {
    transpose::<Bf16>(
        64,
        "(64,64):(66,1)",
        "((8,32),(8,2)):((512,1),(64,32))",
        "((8,32),(8,2)):((8,64),(1,2048))",
    )
}

fn run_sim(p: &TileProgram, m: u32, n: u32, bytes: usize, tile: u32) -> (Vec<u8>, Vec<u8>) {
    let len = (m * n) as usize;
    let x: Vec<u8> = (0..len * bytes).map(|i| (i * 7 + i / 251) as u8).collect();
    let mut sim = Simulator::new();
    let (dx, dy) = (sim.alloc(len * bytes), sim.alloc(len * bytes));
    sim.write_bytes(dx, &x);
    sim.write_bytes(dy, &vec![0xEE; len * bytes]);
    let grid = Grid::new((n.div_ceil(tile), m.div_ceil(tile)), p.threads());
    sim.launch(
        p.kernel(),
        grid,
        &[dx.into(), dy.into(), Arg::U32(m), Arg::U32(n)],
    )
    .unwrap();
    let mut want = vec![0u8; len * bytes];
    for r in 0..m as usize {
        for c in 0..n as usize {
            let (from, to) = ((r * n as usize + c) * bytes, (c * m as usize + r) * bytes);
            want[to..to + bytes].copy_from_slice(&x[from..from + bytes]);
        }
    }
    (sim.read_bytes(dy, len * bytes), want)
}

#[test]
fn transposes_run_in_the_simulator_ragged_shapes_included() {
    let (p, wl, ws) = f32_transpose();
    assert_eq!((wl, ws), (4, 4));
    for (m, n) in [(1, 1), (32, 32), (33, 65), (70, 31), (5, 130), (64, 36)] {
        let (got, want) = run_sim(&p, m, n, 4, 32);
        assert!(got == want, "f32 {m}x{n}");
    }
    // shared rows of 72 halves: 16-byte shared stores of packed pairs too
    let padded72 = transpose::<Bf16>(
        64,
        "(64,64):(72,1)",
        "((8,32),(8,2)):((512,1),(64,32))",
        "((8,32),(8,2)):((8,64),(1,2048))",
    );
    assert!(padded72.0.ptx().contains("st.shared.v4.b32"));
    for (p, w) in [
        (bf16_transpose(), 4),
        (bf16_transpose_16b(), 8),
        (padded72, 8),
    ] {
        assert_eq!((p.1, p.2), (w, w));
        for (m, n) in [(1, 1), (64, 64), (65, 3), (70, 131), (128, 66), (64, 136)] {
            let (got, want) = run_sim(&p.0, m, n, 2, 64);
            assert!(got == want, "bf16 {m}x{n} width {w}");
        }
    }
}

#[test]
fn copy_with_falls_back_to_coalesced_single_elements_for_unaligned_strides() {
    let (p, wl, ws) = transpose_with::<f32>(
        32,
        "(32,32):(33,1)",
        ["((8,32),4):((128,1),32)", "((8,32),4):((4,32),1)"],
        Some(["((32,8),4):((32,1),8)", "((32,8),4):((1,32),256)"]),
    );
    assert_eq!((wl, ws), (4, 4));
    assert!(p.ptx().contains("bra.uni") && p.is_checked());
    for (m, n) in [(32, 64), (33, 64), (32, 65), (67, 93), (1, 7)] {
        let (got, want) = run_sim(&p, m, n, 4, 32);
        assert!(got == want, "f32 {m}x{n}");
    }
    let (p, _, _) = transpose_with::<Bf16>(
        64,
        "(64,64):(66,1)",
        [
            "((16,16),(4,4)):((256,1),(64,16))",
            "((16,16),(4,4)):((4,64),(1,1024))",
        ],
        Some(["((64,4),16):((64,1),4)", "((64,4),16):((1,64),256)"]),
    );
    for (m, n) in [(64, 128), (65, 64), (64, 130), (99, 71)] {
        let (got, want) = run_sim(&p, m, n, 2, 64);
        assert!(got == want, "bf16 {m}x{n}");
    }
}

#[test]
fn global_accesses_are_vectors_where_the_layout_allows() {
    let ptx = f32_transpose().0.ptx();
    assert!(ptx.contains("ld.global.nc.v4.f32"), "{ptx}");
    assert!(ptx.contains("st.global.v4.f32"));
    // shared rows of 33 words: no 16-byte alignment, so shared accesses are scalar
    assert!(!ptx.contains("st.shared.v") && !ptx.contains("ld.shared.v"));
    let ptx = bf16_transpose().0.ptx();
    assert!(ptx.contains("ld.global.nc.v4.b16") && ptx.contains("st.global.v4.b16"));
    // 8 halves: 16-byte accesses of packed pairs
    let ptx = bf16_transpose_16b().0.ptx();
    assert!(ptx.contains("ld.global.nc.v4.b32") && ptx.contains("st.global.v4.b32"));
    assert!(!ptx.contains("v4.b16"));
    // values along the strided mode: scalar loads only
    let (p, wl, ws) = transpose::<f32>(
        32,
        "(32,32):(1,32)",
        "((32,8),4):((1,32),256)",
        "((32,8),4):((1,32),256)",
    );
    assert_eq!((wl, ws), (1, 1));
    assert!(!p.ptx().contains(".v4") && !p.ptx().contains(".v2"));
}

#[test]
fn vector_width_follows_the_layouts() {
    let s = [Ix::Static(1)];
    let w = |tv: &str, tile: u32, bytes| {
        vector::global_width(&ThreadValues::new(tv, &[tile]).unwrap(), &s, bytes).width
    };
    assert_eq!(w("(32,4):(4,1)", 128, 4), 4); // 4 consecutive f32: 16 bytes
    assert_eq!(w("(32,8):(8,1)", 256, 4), 4); // 8 consecutive, capped at 16 bytes
    assert_eq!(w("(32,8):(8,1)", 256, 2), 8); // bf16: 8 halves, 16 bytes
    assert_eq!(w("(32,16):(16,1)", 512, 2), 8); // 16 halves, capped at 16 bytes
    assert_eq!(w("(32,2):(2,1)", 64, 4), 2);
    assert_eq!(w("(32,4):(1,32)", 128, 4), 1); // values 32 apart
    assert_eq!(w("(32,4):(5,1)", 160, 4), 1); // runs of 4 start at 5·t: misaligned
    assert_eq!(w("(32,4):(4,1)", 130, 4), 2); // tiles of 130: origins only 2-aligned
    assert_eq!(w("(32,4):(4,1)", 129, 4), 1); // tiles of 129: origins unaligned
                                              // a stride-2 global mode: nothing is contiguous
    let tv = ThreadValues::new("(32,4):(4,1)", &[128]).unwrap();
    assert_eq!(vector::global_width(&tv, &[Ix::Static(2)], 4).width, 1);
    // static (shared) layouts
    let off = |l: &str| {
        let l = cute_typed::parse_layout(l).unwrap();
        move |i: i64| l.at(i).unwrap()
    };
    let tv = ThreadValues::new("((8,32),4):((128,1),32)", &[32, 32]).unwrap();
    assert_eq!(vector::static_width(&tv, off("(32,32):(32,1)"), 4), 4);
    assert_eq!(vector::static_width(&tv, off("(32,32):(33,1)"), 4), 1);
    assert_eq!(vector::static_width(&tv, off("(32,32):(36,1)"), 4), 4);
    assert_eq!(vector::static_width(&tv, off("(32,32):(34,1)"), 4), 2);
    let tv = ThreadValues::new("((8,32),(8,2)):((512,1),(64,32))", &[64, 64]).unwrap();
    assert_eq!(vector::static_width(&tv, off("(64,64):(72,1)"), 2), 8);
    assert_eq!(vector::static_width(&tv, off("(64,64):(68,1)"), 2), 4);
    assert_eq!(vector::static_width(&tv, off("(64,64):(66,1)"), 2), 2);
}

#[test]
fn launch_checks_refuse_before_any_driver_call() {
    let (p, _, _) = f32_transpose();
    let ok = [
        ArgInfo::input::<f32>(12),
        ArgInfo::output::<f32>(12),
        ArgInfo::scalar(3),
        ArgInfo::scalar(4),
    ];
    assert!(p.plan([1, 1, 1], &ok).unwrap().is_some());
    // y one element short
    let short = [
        ArgInfo::input::<f32>(12),
        ArgInfo::output::<f32>(11),
        ArgInfo::scalar(3),
        ArgInfo::scalar(4),
    ];
    assert_eq!(
        p.plan([1, 1, 1], &short),
        Err(GpuError::KernelBufferTooShort {
            buffer: "y".into(),
            len: 11,
            needed: 12
        })
    );
    // the element type, the kind, the write borrow, the count
    let bf = [
        ArgInfo::input::<Bf16>(12),
        ArgInfo::output::<f32>(12),
        ArgInfo::scalar(3),
        ArgInfo::scalar(4),
    ];
    assert!(matches!(
        p.plan([1, 1, 1], &bf),
        Err(GpuError::KernelElementType { .. })
    ));
    let ro = [
        ArgInfo::input::<f32>(12),
        ArgInfo::input::<f32>(12),
        ArgInfo::scalar(3),
        ArgInfo::scalar(4),
    ];
    assert!(matches!(
        p.plan([1, 1, 1], &ro),
        Err(GpuError::Argument { position: 1, .. })
    ));
    let kind = [
        ArgInfo::input::<f32>(12),
        ArgInfo::output::<f32>(12),
        ArgInfo::output::<f32>(3),
        ArgInfo::scalar(4),
    ];
    assert!(matches!(
        p.plan([1, 1, 1], &kind),
        Err(GpuError::Argument { position: 2, .. })
    ));
    assert_eq!(
        p.plan([1, 1, 1], &ok[..3]),
        Err(GpuError::ArgumentCount {
            expected: 4,
            found: 3
        })
    );
    // grid limits
    assert!(matches!(
        p.plan([1, 65536, 1], &ok),
        Err(GpuError::GridTooLarge { dim: 'y', .. })
    ));
    assert!(matches!(
        p.plan([1 << 31, 1, 1], &ok),
        Err(GpuError::GridTooLarge { dim: 'x', .. })
    ));
    // an empty grid or an empty tensor: nothing to run, nothing needed
    assert_eq!(p.plan([0, 1, 1], &ok), Ok(None));
    let empty = [
        ArgInfo::input::<f32>(0),
        ArgInfo::output::<f32>(0),
        ArgInfo::scalar(0),
        ArgInfo::scalar(u32::MAX),
    ];
    assert!(p.plan([1, 1, 1], &empty).is_ok());
    // u32::MAX² elements: the reach is computed without overflow, then refused
    let huge = [
        ArgInfo::input::<f32>(usize::MAX),
        ArgInfo::output::<f32>(12),
        ArgInfo::scalar(u32::MAX),
        ArgInfo::scalar(u32::MAX),
    ];
    assert!(matches!(
        p.plan([1, 1, 1], &huge),
        Err(GpuError::KernelBufferTooShort { .. })
    ));
}

#[test]
fn the_reach_overflowing_is_an_error() {
    // 4 modes of extent and stride u32::MAX: Σ (e−1)·s overflows 64 bits
    let mut k = TileKernel::new("wide", 32).unwrap();
    let x = k.input::<f32>("x").unwrap();
    let big = Ix::Static(u32::MAX);
    k.global(&x, &[big; 4], &[big; 4]).unwrap();
    let p = k.finish().unwrap();
    assert_eq!(
        p.plan([1, 1, 1], &[ArgInfo::input::<f32>(usize::MAX)]),
        Err(GpuError::Overflow("the elements a tensor reaches"))
    );
}

#[test]
fn raw_global_accesses_make_the_program_unchecked() {
    let mut k = TileKernel::new("raw", 32).unwrap();
    k.input::<f32>("x").unwrap();
    let b = k.builder();
    let a = b.mov(0u64);
    let v = b.reg::<cute_gpu::ptx::kind::F32>();
    b.ld(Space::Global, false, &[v], Address::at(a, 0));
    assert!(!k.finish().unwrap().is_checked());
    // a shared access through the builder is fine
    let mut k = TileKernel::new("shared_raw", 32).unwrap();
    let b = k.builder();
    let a = b.mov(0u32);
    let v = b.reg::<cute_gpu::ptx::kind::F32>();
    b.ld(Space::Shared, false, &[v], Address::at(a, 0));
    assert!(k.finish().unwrap().is_checked());
}

/// Text the builder prints as is (comments, symbol names) cannot smuggle a
/// global store past the scan: a program with such text is unchecked.
#[test]
fn printed_text_that_could_carry_instructions_makes_the_program_unchecked() {
    let store = "\n\tst.global.u32 [%rd0], %r0;\n";
    let fresh = || {
        let mut k = TileKernel::new("inject", 32).unwrap();
        k.input::<f32>("x").unwrap();
        k
    };
    let mut k = fresh();
    k.builder().comment("a plain comment");
    let _ = k.builder().symbol_address("inject_ok");
    assert!(k.finish().unwrap().is_checked());
    let mut k = fresh();
    k.builder().comment(store);
    assert!(!k.finish().unwrap().is_checked());
    let mut k = fresh();
    let _ = k.builder().symbol_address(&format!("s;{store}"));
    assert!(!k.finish().unwrap().is_checked());
    let mut k = fresh();
    let v = k.builder().reg::<cute_gpu::ptx::kind::F32>();
    let at = Address {
        base: cute_gpu::ptx::AddrBase::Symbol(format!("s];{store}")),
        offset: 0,
    };
    k.builder().ld(Space::Shared, false, &[v], at);
    assert!(!k.finish().unwrap().is_checked());
    let mut k = fresh();
    k.builder()
        .shared_array(&format!("s[4];{store}"), 4, Some(4));
    assert!(!k.finish().unwrap().is_checked());
}

#[test]
fn misuse_is_refused_while_defining() {
    assert_eq!(TileKernel::new("k", 0).err(), Some(TileError::Threads(0)));
    assert_eq!(
        TileKernel::new("k", 1025).err(),
        Some(TileError::Threads(1025))
    );
    assert!(matches!(TileKernel::new("1k", 32), Err(TileError::Name(_))));
    let mut k = TileKernel::new("k", 32).unwrap();
    let mut other = TileKernel::new("other", 32).unwrap();
    let x = other.input::<f32>("x").unwrap();
    assert_eq!(
        k.global(&x, &[Ix::Static(4)], &[Ix::Static(1)]).err(),
        Some(TileError::ForeignHandle)
    );
    // a store into an input, a guard left pending, a replaced builder
    let x = k.input::<f32>("x").unwrap();
    let g = k.global(&x, &[Ix::Static(32)], &[Ix::Static(1)]).unwrap();
    let t = k.thread_index().unwrap();
    let tile = g.tile(&[32], &[t]).unwrap();
    let f = k.fragment::<f32>("1:1").unwrap();
    let tv = ThreadValues::new("(32,1):(1,0)", &[32]).unwrap();
    assert_eq!(k.store(&f, &tile, &tv).err(), Some(TileError::ReadOnly));
    let p = k.builder().setp(cute_gpu::ptx::Cmp::Eq, t, 0u32);
    k.builder().when(p);
    assert_eq!(k.load(&tile, &f, &tv).err(), Some(TileError::PendingGuard));
    *k.builder() = cute_gpu::ptx::KernelBuilder::new("k");
    assert_eq!(
        k.load(&tile, &f, &tv).err(),
        Some(TileError::BuilderReplaced)
    );
    // a thread-value layout for another block size, or another tile
    let mut k = TileKernel::new("k", 64).unwrap();
    let x = k.input::<f32>("x").unwrap();
    let g = k.global(&x, &[Ix::Static(32)], &[Ix::Static(1)]).unwrap();
    let t = k.thread_index().unwrap();
    let tile = g.tile(&[32], &[t]).unwrap();
    let f = k.fragment::<f32>("1:1").unwrap();
    assert!(matches!(
        k.load(&tile, &f, &tv),
        Err(TileError::ShapeMismatch { .. })
    ));
    assert!(matches!(
        ThreadValues::new("(32,2):(1,32)", &[32]),
        Err(TileError::Layout(_))
    ));
    assert!(matches!(
        k.shared::<f32>("(128,128):(1,128)"),
        Err(TileError::SharedTooLarge { .. })
    ));
}

/// `y[i] = f32(x[i]) · 2` for bf16 `x`; with `narrow`, also `z[i] = bf16(y[i])`
/// and the other math instructions (for ptxas: the simulator runs no extension).
fn widen_kernel(narrow: bool) -> TileProgram {
    let mut k = TileKernel::new("widen", 32).unwrap();
    let x = k.input::<Bf16>("x").unwrap();
    let y = k.output::<f32>("y").unwrap();
    let z = k.output::<Bf16>("z").unwrap();
    let n = k.scalar("n").unwrap();
    let (bx, _) = k.block_index().unwrap();
    let gx = k
        .global(&x, &[n.into()], &[_1.into()])
        .unwrap()
        .tile(&[128], &[bx])
        .unwrap();
    let gy = k
        .global(&y, &[n.into()], &[_1.into()])
        .unwrap()
        .tile(&[128], &[bx])
        .unwrap();
    let gz = k
        .global(&z, &[n.into()], &[_1.into()])
        .unwrap()
        .tile(&[128], &[bx])
        .unwrap();
    let tv = ThreadValues::new("(32,4):(4,1)", &[128]).unwrap();
    let fx = k.fragment::<Bf16>("4:1").unwrap();
    let fy = k.fragment::<f32>("4:1").unwrap();
    let fz = k.fragment::<Bf16>("4:1").unwrap();
    assert_eq!(k.load(&gx, &fx, &tv).unwrap(), 4);
    for v in 0..4 {
        let w = k.to_f32::<Bf16>(fx.reg(v).unwrap()).unwrap();
        let b = k.builder();
        b.bin_to(cute_gpu::ptx::BinOp::Mul, fy.reg(v).unwrap(), w, 2.0f32);
        if narrow {
            let m = k.max_f32(w, fy.reg(v).unwrap()).unwrap();
            let e = k.exp2_approx(m).unwrap();
            let d = k.div_f32(e, w).unwrap();
            let s = k.shfl_bfly_f32(d, 16).unwrap();
            let h = k.from_f32::<Bf16>(s).unwrap();
            k.builder().mov_to(fz.reg(v).unwrap(), h);
            let back = k.to_f32::<cute_gpu::tile::F16>(h).unwrap();
            let _ = k.from_f32::<cute_gpu::tile::F16>(back).unwrap();
        }
    }
    assert_eq!(k.store(&fy, &gy, &tv).unwrap(), 4);
    assert_eq!(k.store(&fz, &gz, &tv).unwrap(), 4);
    k.finish().unwrap()
}

#[test]
fn bf16_widens_exactly_and_math_keeps_the_program_checked() {
    let p = widen_kernel(false);
    let n = 77usize;
    let x: Vec<Bf16> = (0..n).map(|i| Bf16(0x3F00 + i as u16 * 3)).collect();
    let mut sim = Simulator::new();
    let (dx, dy, dz) = (
        sim.upload(&x),
        sim.upload(&vec![f32::NAN; n]),
        sim.upload(&vec![Bf16(0); n]),
    );
    sim.launch(
        p.kernel(),
        Grid::new((1, 1), 32),
        &[dx.into(), dy.into(), dz.into(), Arg::U32(n as u32)],
    )
    .unwrap();
    let want: Vec<f32> = x
        .iter()
        .map(|h| 2.0 * f32::from_bits((h.0 as u32) << 16))
        .collect();
    assert_eq!(sim.download::<f32>(dy, n), want);
    let p = widen_kernel(true);
    assert!(p.is_checked());
    let ptx = p.ptx();
    for op in [
        "cvt.rn.bf16x2.f32",
        "ex2.approx.ftz.f32",
        "max.f32",
        "div.rn.f32",
        "shfl.sync.bfly.b32",
        "cvt.f32.f16",
    ] {
        assert!(ptx.contains(op), "{op}");
    }
}

/// Writes the test kernels' PTX into `$CUTE_GPU_TILE_PTX` for
/// `ci/validate-ptx.sh`, which assembles them with ptxas (run with `--ignored`).
#[test]
#[ignore = "a tool for ci/validate-ptx.sh"]
fn write_ptx_for_ptxas() {
    {
        let dir = std::env::var("CUTE_GPU_TILE_PTX").expect("CUTE_GPU_TILE_PTX names a folder");
        let d = std::path::Path::new(&dir);
        std::fs::create_dir_all(d).unwrap();
        for (name, p) in [
            ("tile_transpose_f32", f32_transpose().0),
            ("tile_transpose_bf16", bf16_transpose().0),
            ("tile_math", widen_kernel(true)),
            ("tile_transpose_bf16_16b", bf16_transpose_16b().0),
            (
                "tile_transpose_f32_with",
                transpose_with::<f32>(
                    32,
                    "(32,32):(33,1)",
                    ["((8,32),4):((128,1),32)", "((8,32),4):((4,32),1)"],
                    Some(["((32,8),4):((32,1),8)", "((32,8),4):((1,32),256)"]),
                )
                .0,
            ),
        ] {
            std::fs::write(d.join(format!("{name}.ptx")), p.ptx()).unwrap();
        }
    }
}

/// A strided 2-D copy between two mixed layouts: `y[r, c] = x[r, c]` for
/// `r < m` (static 40), `c < n` (scalar), `x` with leading dimension `ldx`
/// (scalar), `y` column-major with a static leading dimension 48; tiles of
/// 12 × 20 (not powers of two) over 60 threads.
#[test]
fn mixed_layouts_with_static_and_scalar_modes_copy_in_the_simulator() {
    let mut k = TileKernel::new("copy2d", 60).unwrap();
    let (x, y) = (k.input::<f32>("x").unwrap(), k.output::<f32>("y").unwrap());
    let (n, ldx) = (k.scalar("n").unwrap(), k.scalar("ldx").unwrap());
    let gx = k
        .global(&x, &[Ix::Static(40), n.into()], &[ldx.into(), _1.into()])
        .unwrap();
    let gy = k
        .global(
            &y,
            &[Ix::Static(40), n.into()],
            &[_1.into(), Ix::Static(48)],
        )
        .unwrap();
    let (bx, by) = k.block_index().unwrap();
    let tx = gx.tile(&[12, 20], &[by, bx]).unwrap();
    let ty = gy.tile(&[12, 20], &[by, bx]).unwrap();
    // thread t: row t % 12, columns 4·(t / 12) .. +4
    let tv = ThreadValues::new("((12,5),4):((1,48),12)", &[12, 20]).unwrap();
    let (wl, ws) = k.copy(&tx, &ty, &tv).unwrap();
    // values run along c: contiguous in x (4-wide when ldx % 4 = 0 at run time), stride 48 in y
    assert_eq!((wl, ws), (4, 1));
    let tv = ThreadValues::new("((3,20),4):((4,12),1)", &[12, 20]).unwrap();
    let p = {
        // a second copy, vectors along r in y (stride 1), scalar in x
        let (wl, ws) = k.copy(&tx, &ty, &tv).unwrap();
        assert_eq!((wl, ws), (1, 4));
        k.finish().unwrap()
    };
    assert!(p.is_checked());
    for (nn, ldx) in [(20u32, 20u32), (33, 35), (7, 9)] {
        let xs: Vec<f32> = (0..40 * ldx).map(|i| i as f32 + 0.5).collect();
        let mut sim = Simulator::new();
        let (dx, dy) = (
            sim.upload(&xs),
            sim.upload(&vec![-1.0f32; 48 * nn as usize]),
        );
        let grid = Grid::new((nn.div_ceil(20), 40u32.div_ceil(12)), 60);
        sim.launch(
            p.kernel(),
            grid,
            &[dx.into(), dy.into(), Arg::U32(nn), Arg::U32(ldx)],
        )
        .unwrap();
        let got = sim.download::<f32>(dy, 48 * nn as usize);
        for c in 0..nn as usize {
            for r in 0..48 {
                let want = if r < 40 {
                    xs[r * ldx as usize + c]
                } else {
                    -1.0
                };
                assert_eq!(got[c * 48 + r], want, "n={nn} ldx={ldx} ({r},{c})");
            }
        }
        // the launch checks: x must hold (40−1)·ldx + n elements, y (n−1)·48 + 40
        let need_x = 39 * ldx as usize + nn as usize;
        let args = |lx: usize| {
            [
                ArgInfo::input::<f32>(lx),
                ArgInfo::output::<f32>(48 * nn as usize),
                ArgInfo::scalar(nn),
                ArgInfo::scalar(ldx),
            ]
        };
        assert!(p.plan([1, 1, 1], &args(need_x)).is_ok());
        assert!(matches!(
            p.plan([1, 1, 1], &args(need_x - 1)),
            Err(GpuError::KernelBufferTooShort { .. })
        ));
    }
}

/// Shared tensors and fragments take typed cute-typed layouts as well as text.
#[test]
fn typed_layouts_describe_shared_tensors_and_fragments() {
    use cute_typed::{make_layout, make_layout_strided, _32, _33, _4};
    let mut k = TileKernel::new("typed", 32).unwrap();
    let s = k
        .shared::<f32>(make_layout_strided((_32, _32), (_33, _1)))
        .unwrap();
    let f = k.fragment::<f32>(make_layout(_4)).unwrap();
    assert_eq!(f.len(), 4);
    let tv = ThreadValues::new(make_layout_strided((_32, _4), (_1, _32)), &[32, 32]).unwrap();
    assert_eq!(k.load(&s, &f, &tv).unwrap(), 1);
    let p = k.finish().unwrap();
    // 4 × 33 · 32 words rounded up to 16 bytes
    assert_eq!(
        p.smem_bytes(),
        (4 * (31 * 33 + 31 + 1) as u64).next_multiple_of(16)
    );
}
