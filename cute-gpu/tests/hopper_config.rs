//! Hopper GEMM configurations: read back as numbers, rejected with the rule in words.
use cute_gpu::gemm::Tile;
use cute_gpu::hopper::config::*;
use cute_gpu::static_int::StaticUsize;
use cute_typed::{_1, _128, _2, _232, _256, _4, _40, _64, _8};

#[test]
fn a_cooperative_configuration_reads_back() {
    type C = Hgemm<
        Tile<_128, _256, _64>,
        Consumers<_2>,
        ProducerWarpgroup<_40, _232>,
        Stages<_4>,
        Persistent<_8>,
        TmaStore,
        Sw128,
    >;
    let p = C::PARAMS;
    assert_eq!((p.threads(), p.m_blocks(), p.acc_regs()), (384, 1, 128));
    assert_eq!(p.stage_a_bytes() + p.stage_b_bytes(), 48 * 1024);
    assert_eq!(p.smem_bytes(), 4 * 48 * 1024 + 32 * 1024 + 64 + 1024);
    assert!(p.persistent() && p.tma_store());
}

#[test]
fn an_inline_configuration_reads_back() {
    type C = Hgemm<
        Tile<_128, _128, _64>,
        Consumers<_1>,
        InlineProducer,
        Stages<_4>,
        TilePerCta<_1>,
        DirectStore,
    >;
    let p = C::PARAMS;
    assert_eq!((p.threads(), p.m_blocks(), p.acc_regs()), (128, 2, 128));
    assert_eq!(p.warp_specialized(), None);
}

fn rejects(r: Result<HgemmParams, &'static str>) -> String {
    r.expect_err("configuration should be rejected").to_string()
}

#[test]
fn invalid_configurations_name_the_rule() {
    let ws = Some((40, 232));
    let msg = rejects(HgemmParams::try_checked(
        128,
        256,
        32,
        2,
        ws,
        4,
        (true, 8),
        false,
        128,
    ));
    assert!(msg.contains("one swizzle row wide"), "{msg}");
    let msg = rejects(HgemmParams::try_checked(
        96,
        256,
        64,
        2,
        ws,
        4,
        (true, 8),
        false,
        128,
    ));
    assert!(msg.contains("multiple of 64 rows"), "{msg}");
    let msg = rejects(HgemmParams::try_checked(
        128,
        256,
        64,
        1,
        ws,
        4,
        (true, 8),
        false,
        128,
    ));
    assert!(msg.contains("at most 128 fp32 accumulators"), "{msg}");
    let msg = rejects(HgemmParams::try_checked(
        128,
        256,
        64,
        2,
        ws,
        5,
        (true, 8),
        false,
        128,
    ));
    assert!(msg.contains("227 KiB"), "{msg}");
    let msg = rejects({
        HgemmParams::try_checked(128, 256, 64, 2, Some((40, 240)), 4, (true, 8), false, 128)
    });
    assert!(msg.contains("65536-register"), "{msg}");
    let msg = rejects(HgemmParams::try_checked(
        128,
        128,
        64,
        1,
        None,
        4,
        (true, 8),
        false,
        128,
    ));
    assert!(msg.contains("persistent grid needs a producer"), "{msg}");
    let msg = rejects(HgemmParams::try_checked(
        128,
        200,
        64,
        2,
        ws,
        3,
        (true, 8),
        true,
        128,
    ));
    assert!(msg.contains("multiple of 64"), "{msg}");
    let msg = rejects({
        HgemmParams::try_checked(128, 256, 64, 2, Some((41, 232)), 4, (true, 8), false, 128)
    });
    assert!(msg.contains("multiples of 8"), "{msg}");
}

#[test]
fn narrower_swizzles_set_bk() {
    let p = HgemmParams::try_checked(128, 128, 32, 1, Some((40, 232)), 8, (false, 1), false, 64)
        .unwrap();
    assert_eq!(p.stage_a_bytes(), 128 * 64);
    let _ = _8::USIZE;
}

#[test]
fn the_balanced_grid_keeps_the_waves_and_evens_the_tiles() {
    // 4096² in 128×256 tiles: 512 tiles, 4 waves on 132 SMs → 128 blocks of 4 tiles
    assert_eq!(balanced_grid(512, 132), 128);
    assert_eq!(balanced_grid(2048, 132), 128);
    assert_eq!(balanced_grid(100, 132), 100);
    assert_eq!(balanced_grid(133, 132), 67);
    assert_eq!(balanced_grid(0, 132), 1);
    for tiles in 1..2000u32 {
        let g = balanced_grid(tiles, 132);
        assert!((1..=132).contains(&g));
        assert_eq!(
            tiles.div_ceil(g),
            tiles.div_ceil(132),
            "same number of waves for {tiles}"
        );
    }
}
