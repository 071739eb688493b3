//! Hostile inputs to the tail split's planning and its launch checks
//! (`gemm/split.rs`, `GemmKernel::plan_split`/`plan_whole`), without a GPU:
//! huge and zero tile counts, K, slot counts, granules and slice counts. The
//! planner's answers are bounded in time and consistent; every schedule it
//! gives is one the launch checks accept, and hostile schedules are refused
//! with a typed error (the CPU simulator runs the accepted ones).
use cute_gpu::error::GpuError;
use cute_gpu::gemm::shipped::shipped;
use cute_gpu::gemm::split::{plan_tail_split, MAX_SPLITS, MIN_SLICE_K_TILES};
use cute_gpu::gemm::{GemmLayout, Problem, SplitPolicy, TailSplit};
use std::time::{Duration, Instant};

const HOSTILE: [usize; 14] = [
    0,
    1,
    2,
    3,
    31,
    32,
    33,
    132,
    1 << 20,
    u32::MAX as usize,
    u32::MAX as usize + 1,
    usize::MAX / 150,
    usize::MAX / 2,
    usize::MAX,
];

/// A schedule of `tiles` tiles of `k` K tiles in multiples of `granule`.
fn consistent(s: &TailSplit, tiles: usize, k: usize, granule: usize) {
    assert_eq!(s.whole as usize + s.tail as usize, tiles, "{s:?}");
    assert!(s.tail > 0 && s.splits >= 2 && s.k_tiles >= 1, "{s:?}");
    assert!(
        (s.tail as usize).is_multiple_of(granule) || s.tail as usize == tiles,
        "{s:?}"
    );
    assert!(((s.splits as usize - 1) * s.k_tiles as usize) < k, "{s:?}");
    assert!(s.blocks().is_some() && s.slots().is_some());
}

#[test]
fn planning_is_bounded_and_consistent_on_hostile_counts() {
    for tiles in HOSTILE {
        for k in HOSTILE {
            for slots in HOSTILE {
                for granule in HOSTILE {
                    let t0 = Instant::now();
                    let auto = plan_tail_split(tiles, k, slots, granule);
                    assert!(
                        t0.elapsed() < Duration::from_millis(200),
                        "plan_tail_split({tiles}, {k}, {slots}, {granule}) took {:?}",
                        t0.elapsed()
                    );
                    if let Some(s) = auto {
                        consistent(&s, tiles, k, granule);
                        assert!(s.splits as usize <= MAX_SPLITS);
                        assert!(s.k_tiles as usize >= MIN_SLICE_K_TILES);
                    }
                    for splits in [0, 1, 2, 3, 8, 1000, u32::MAX] {
                        if let Some(s) =
                            SplitPolicy::Splits(splits).schedule(tiles, k, slots, granule)
                        {
                            consistent(&s, tiles, k, granule);
                            assert_eq!(s.splits, splits);
                        }
                    }
                    assert_eq!(SplitPolicy::Off.schedule(tiles, k, slots, granule), None);
                }
            }
        }
    }
}

#[test]
fn k_beyond_a_u32_slice_is_no_split() {
    // 3 tiles on 2 slots: the model splits (about 1.5·k against 2·k). At
    // k = 2^33, 2 slices of 2^32 K tiles do not fit in u32 but 3 to 8 do (it
    // was None: the first candidate beyond u32 ended the planning).
    let s = plan_tail_split(3, 1 << 33, 2, 1).unwrap();
    consistent(&s, 3, 1 << 33, 1);
    assert!(s.splits >= 3);
    assert_eq!(plan_tail_split(3, usize::MAX / 170, 2, 1), None);
    assert_eq!(
        SplitPolicy::Splits(2).schedule(3, usize::MAX / 170, 2, 1),
        None
    );
}

#[test]
fn hostile_schedules_are_refused_by_the_launch_checks() {
    let s = shipped().into_iter().find(|s| s.tail_split).unwrap();
    let layout = GemmLayout::ALL[0];
    let (plain, split) = (s.kernel(layout), s.split_kernel(layout).unwrap());
    let (bm, bn, bk) = (s.params.bm(), s.params.bn(), s.params.bk());
    let p = Problem::new(3 * bm - 5, 2 * bn - 3, 7 * bk + 3, layout).padded_to(4);
    let lens = [p.a_len(), p.b_len(), p.c_len()];
    let big = usize::MAX;
    let refused = |r: Result<_, GpuError>| {
        assert!(
            matches!(r, Err(GpuError::BadSplit(_) | GpuError::Overflow(_))),
            "{r:?}"
        )
    };
    for (whole, tail, splits, k_tiles) in [
        (0, 0, 2, 1),
        (3, 3, 0, 1),
        (3, 3, 1, 1),
        (3, 3, 2, 0),
        (3, 3, 9, 1),        // the 9th slice starts at K tile 8 = ⌈K/BK⌉: past K
        (2, 3, 2, 1),        // 5 tiles of 6
        (u32::MAX, 7, 2, 1), // whole + tail overflows u32, not usize
        (3, 3, u32::MAX, u32::MAX),
        (0, 6, u32::MAX, 1),
        (u32::MAX, u32::MAX, u32::MAX, u32::MAX),
    ] {
        let sch = TailSplit {
            whole,
            tail,
            splits,
            k_tiles,
        };
        refused(split.plan_split(&p, lens, [big, big], &sch));
    }
    // A good schedule with too small a workspace.
    let sch = TailSplit {
        whole: 3,
        tail: 3,
        splits: 3,
        k_tiles: 3,
    };
    assert!(split
        .plan_split(&p, lens, [big, big], &sch)
        .unwrap()
        .is_some());
    let need = 9 * bm * bn;
    assert!(split.plan_split(&p, lens, [need - 1, 3], &sch).is_err());
    assert!(split.plan_split(&p, lens, [need, 2], &sch).is_err());
    // The plain kernel refuses a split launch, the split kernel a plain one.
    refused(plain.plan_split(&p, lens, [big, big], &sch));
    refused(split.plan(&p, lens));
    // Whole tiles past the tile count.
    refused(plain.plan_whole(&p, lens, 7));
    refused(plain.plan_whole(&p, lens, u32::MAX));
}

#[test]
fn every_fixed_split_schedule_is_accepted_and_right_in_the_simulator() {
    use cute_gpu::gemm::reference::{host_reference, Rng};
    use cute_gpu::gemm::tolerance::{check, Scaling, Tolerance};
    let s = shipped().into_iter().find(|s| s.tail_split).unwrap();
    let layout = GemmLayout::ALL[0];
    let (plain, split) = (s.kernel(layout), s.split_kernel(layout).unwrap());
    let (bm, bn, bk) = (s.params.bm(), s.params.bn(), s.params.bk());
    let p = Problem::new(2 * bm - 1, bn + 1, 5 * bk - 1, layout).padded_to(4);
    let (tiles, k_tiles) = plain.tile_counts(p.m, p.n, p.k).unwrap();
    let granule = plain.tail_granule(p.m);
    let mut rng = Rng::new(3);
    let (a, b) = (rng.uniform_vec(p.a_len()), rng.uniform_vec(p.b_len()));
    let c0 = rng.uniform_vec(p.c_len());
    let mut ran = 0;
    for splits in [2u32, 3, 5, 6, u32::MAX] {
        for slots in [1usize, 3, 5] {
            let Some(sch) = SplitPolicy::Splits(splits).schedule(tiles, k_tiles, slots, granule)
            else {
                continue;
            };
            let (c, flags) = split
                .simulate_split(&plain, &p, &a, &b, &c0, 1.5, 0.5, &sch)
                .unwrap();
            let (r, sabs) = host_reference(&p, &a, &b);
            let sc = Scaling {
                alpha: 1.5,
                beta: 0.5,
                c0: Some(&c0),
            };
            assert!(
                check(&p, &c, &r, &sabs, sc, Tolerance::fp32(p.k)).passed(),
                "{sch:?}"
            );
            assert!(flags.iter().all(|&f| f == 0));
            ran += 1;
        }
    }
    assert!(ran >= 4, "{ran}");
}
