//! Generated GEMM kernels executed in the CPU simulator and checked against the
//! fp64 host reference with the tolerance of `gemm::tolerance`.
use cute_gpu::gemm::reference::{host_reference, Rng};
use cute_gpu::gemm::shipped::{find, shipped};
use cute_gpu::gemm::tolerance::{check, Scaling, Tolerance};
use cute_gpu::gemm::{GemmKernel, GemmLayout, Problem};

fn run(k: &GemmKernel, p: &Problem, rng: &mut Rng, alpha: f32, beta: f32) {
    let a = rng.uniform_vec(p.a_len());
    let b = rng.uniform_vec(p.b_len());
    // C before the call: NaN when beta = 0 (must not be read), random otherwise
    let c0: Vec<f32> = if beta == 0.0 {
        vec![f32::NAN; p.c_len()]
    } else {
        rng.uniform_vec(p.c_len())
    };
    let c = k.simulate(p, &a, &b, &c0, alpha, beta).unwrap();
    let (r, s) = host_reference(p, &a, &b);
    let sc = Scaling {
        alpha,
        beta,
        c0: Some(&c0),
    };
    let rep = check(p, &c, &r, &s, sc, Tolerance::fp32(p.k));
    assert!(rep.passed(), "{} {:?}: {rep:?}", k.name(), p);
    // entries between columns (ld padding) are untouched
    for j in 0..p.n {
        for i in p.m..p.ldc {
            let idx = i + j * p.ldc;
            assert!(
                c[idx].to_bits() == c0[idx].to_bits(),
                "padding of C written at ({i},{j})"
            );
        }
    }
}

/// Ragged sizes in every dimension, K of one tile, K of two tiles plus a bit, and
/// K shorter than the pipeline.
fn shapes(bm: usize, bn: usize, bk: usize) -> Vec<(usize, usize, usize)> {
    vec![
        (bm + 3, bn - 5, 2 * bk + 3),
        (bm, bn, bk),
        (7, 9, 1),
        (bm - 1, 2 * bn + 1, 5 * bk),
    ]
}

#[test]
fn the_small_configuration_is_right_for_every_layout_and_edge() {
    let s = find("small").unwrap();
    let mut rng = Rng::new(11);
    for layout in GemmLayout::ALL {
        let k = s.kernel(layout);
        for (m, n, kk) in shapes(64, 64, 8) {
            run(
                &k,
                &Problem::new(m, n, kk, layout).padded_to(4),
                &mut rng,
                1.0,
                0.0,
            );
        }
        run(
            &k,
            &Problem::new(40, 70, 19, layout).padded_to(4),
            &mut rng,
            -1.5,
            0.25,
        );
    }
}

#[test]
fn k_equal_to_zero_scales_c() {
    let s = find("small").unwrap();
    let mut rng = Rng::new(5);
    let k = s.kernel("nt".parse().unwrap());
    run(
        &k,
        &Problem::new(10, 12, 0, "nt".parse().unwrap()).padded_to(4),
        &mut rng,
        1.0,
        0.5,
    );
}

#[test]
fn small_integers_give_exact_results() {
    let s = find("small").unwrap();
    let mut rng = Rng::new(13);
    for layout in GemmLayout::ALL {
        let k = s.kernel(layout);
        let p = Problem::new(70, 66, 45, layout).padded_to(4);
        let a = rng.small_int_vec(p.a_len());
        let b = rng.small_int_vec(p.b_len());
        let c = k
            .simulate(&p, &a, &b, &vec![0.0; p.c_len()], 1.0, 0.0)
            .unwrap();
        let (r, _) = host_reference(&p, &a, &b);
        for j in 0..p.n {
            for i in 0..p.m {
                assert_eq!(
                    c[p.c_index(i, j)] as f64,
                    r[i + j * p.m],
                    "{layout} ({i},{j})"
                );
            }
        }
    }
}

#[test]
fn the_fallback_takes_unaligned_leading_dimensions() {
    let s = find("fallback32").unwrap();
    let mut rng = Rng::new(17);
    for layout in GemmLayout::ALL {
        let k = s.kernel(layout);
        run(&k, &Problem::new(131, 67, 21, layout), &mut rng, 1.0, 0.0);
    }
}

/// Every shipped configuration, each layout, one ragged problem.
#[test]
fn every_shipped_configuration_is_right_on_a_ragged_problem() {
    let mut rng = Rng::new(19);
    for s in shipped() {
        for &layout in s.layouts {
            let k = s.kernel(layout);
            let p = Problem::new(
                s.params.bm() + 5,
                s.params.bn() - 3,
                3 * s.params.bk() + 1,
                layout,
            );
            let p = if s.params.vec() == 4 {
                p.padded_to(4)
            } else {
                p
            };
            run(&k, &p, &mut rng, 1.0, 0.0);
        }
    }
}

/// Blocks ordered in groups of 3 tile rows over 5 × 4 tiles (a partial last
/// group): every tile of C is still computed exactly once.
#[test]
fn grouped_block_order_covers_every_tile() {
    use cute_gpu::gemm::{sgemm, Async, Copy, Padded, Pipeline, Sgemm, Tile, WarpTiled};
    use cute_typed::{_0, _1, _2, _3, _32, _4, _64, _8};
    type Grouped = Sgemm<
        Tile<_64, _64, _8>,
        WarpTiled<_32, _32, _8, _4>,
        Padded<_4, _0>,
        Copy<_4, Async>,
        Pipeline<_2, _1, _3>,
    >;
    let mut rng = Rng::new(23);
    for layout in GemmLayout::ALL {
        let k = sgemm::<Grouped>("grouped", layout).unwrap();
        assert_eq!(k.grid(5 * 64 - 7, 4 * 64), Ok((20, 1)));
        run(
            &k,
            &Problem::new(5 * 64 - 7, 4 * 64, 19, layout).padded_to(4),
            &mut rng,
            1.0,
            0.0,
        );
    }
}

/// 64×64×8 tiles in raster groups of 3 tile rows, odd groups right to left.
type GroupedSnake = cute_gpu::gemm::Sgemm<
    cute_gpu::gemm::Tile<cute_typed::_64, cute_typed::_64, cute_typed::_8>,
    cute_gpu::gemm::WarpTiled<cute_typed::_32, cute_typed::_32, cute_typed::_8, cute_typed::_4>,
    cute_gpu::gemm::Padded<cute_typed::_4, cute_typed::_0>,
    cute_gpu::gemm::Copy<cute_typed::_4, cute_gpu::gemm::Async>,
    cute_gpu::gemm::Pipeline<
        cute_typed::_2,
        cute_typed::_1,
        cute_typed::_3,
        cute_gpu::gemm::Direct,
        cute_gpu::gemm::Snake,
    >,
>;

/// The snake order (odd raster groups run their tile columns right to left)
/// over ragged tile grids: groups of 3 tile rows over 5 × 4, 7 × 3 and 4 × 5
/// tiles (ragged M and N, a partial last group that is odd or even, one or two
/// mirrored groups): every tile of C is computed (C starts as NaN), and with as
/// many blocks as tiles that is every tile exactly once.
#[test]
fn snake_block_order_covers_every_tile_of_ragged_grids() {
    use cute_gpu::gemm::sgemm;
    let mut rng = Rng::new(31);
    for layout in GemmLayout::ALL {
        let k = sgemm::<GroupedSnake>("grouped_snake", layout).unwrap();
        assert!(k.params().snake());
        for (tm, tn) in [(5, 4), (7, 3), (4, 5)] {
            let (m, n) = (tm * 64 - 7, tn * 64 - 5);
            assert_eq!(k.grid(m, n), Ok(((tm * tn) as u32, 1)));
            run(
                &k,
                &Problem::new(m, n, 19, layout).padded_to(4),
                &mut rng,
                1.0,
                0.0,
            );
        }
    }
}

/// The snake order with the tail split: groups of 3 tile rows over 5 × 4 tiles,
/// the whole tiles (plain kernel, first blocks) ending inside the mirrored
/// group and the tail tiles split in 3 slices; every tile of C once, β ≠ 0.
#[test]
fn snake_block_order_with_a_tail_split_covers_every_tile() {
    use cute_gpu::gemm::{generate, generate_tail_split, GemmConfig, TailSplit};
    let p3 = GroupedSnake::PARAMS;
    let mut rng = Rng::new(37);
    for layout in GemmLayout::ALL {
        let plain = generate(&p3, layout, "snake_plain").unwrap();
        let split = generate_tail_split(&p3, layout, "snake_split").unwrap();
        let p = Problem::new(5 * 64 - 7, 4 * 64 - 5, 5 * 8 + 3, layout).padded_to(4);
        for whole in [9, 13, 17] {
            let sch = TailSplit {
                whole,
                tail: 20 - whole,
                splits: 3,
                k_tiles: 2,
            };
            let a = rng.uniform_vec(p.a_len());
            let b = rng.uniform_vec(p.b_len());
            let c0 = rng.uniform_vec(p.c_len());
            let (c, flags) = split
                .simulate_split(&plain, &p, &a, &b, &c0, 0.5, -2.0, &sch)
                .unwrap();
            let (r, sabs) = host_reference(&p, &a, &b);
            let sc = Scaling {
                alpha: 0.5,
                beta: -2.0,
                c0: Some(&c0),
            };
            let rep = check(&p, &c, &r, &sabs, sc, Tolerance::fp32(p.k));
            assert!(rep.passed(), "{layout} whole {whole}: {rep:?}");
            assert!(flags.iter().all(|&f| f == 0), "{flags:?}");
        }
    }
}

/// Every shipped tail-split kernel, each layout: a ragged problem of 3 × 2
/// tiles, the first tile column whole (the plain kernel) and the other in 3
/// slices (the last slice with the ragged end of K), β ≠ 0; against the host
/// reference, C's padding untouched, flags back at 0.
#[test]
fn every_shipped_split_kernel_is_right_on_a_ragged_problem() {
    use cute_gpu::gemm::TailSplit;
    let mut rng = Rng::new(29);
    let mut seen = 0;
    for s in shipped() {
        for &layout in s.layouts {
            let Some(k) = s.split_kernel(layout) else {
                continue;
            };
            seen += 1;
            let (bm, bn, bk) = (s.params.bm(), s.params.bn(), s.params.bk());
            let p = Problem::new(3 * bm - 5, 2 * bn - 3, 7 * bk + 3, layout).padded_to(4);
            let sch = TailSplit {
                whole: 3,
                tail: 3,
                splits: 3,
                k_tiles: 3,
            };
            let a = rng.uniform_vec(p.a_len());
            let b = rng.uniform_vec(p.b_len());
            let c0 = rng.uniform_vec(p.c_len());
            let (c, flags) = k
                .simulate_split(&s.kernel(layout), &p, &a, &b, &c0, 0.5, -2.0, &sch)
                .unwrap();
            let (r, sabs) = host_reference(&p, &a, &b);
            let sc = Scaling {
                alpha: 0.5,
                beta: -2.0,
                c0: Some(&c0),
            };
            let rep = check(&p, &c, &r, &sabs, sc, Tolerance::fp32(p.k));
            assert!(rep.passed(), "{} {:?}: {rep:?}", k.name(), p);
            assert!(flags.iter().all(|&f| f == 0), "{flags:?}");
            for j in 0..p.n {
                for i in p.m..p.ldc {
                    let idx = i + j * p.ldc;
                    assert_eq!(c[idx].to_bits(), c0[idx].to_bits(), "padding at ({i},{j})");
                }
            }
        }
    }
    assert_eq!(
        seen, 20,
        "five tail-split configurations, four layouts each"
    );
}
