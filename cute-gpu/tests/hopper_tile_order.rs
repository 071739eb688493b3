//! The tile-order refinements of the persistent Hopper GEMM ([`TileOrder`]):
//! which configurations take them, that the plain order leaves a kernel's PTX
//! untouched, what each refinement adds to the PTX, and that the shipped rung 6
//! is rung 5 with only its tile order changed.
use cute_gpu::hopper::config::{HgemmParams, TileOrder};
use cute_gpu::hopper::kernel::generate;
use cute_gpu::hopper::shipped::{all_io, find, kernel_name};

fn order(snake: bool, k_alternate: bool) -> TileOrder {
    TileOrder { snake, k_alternate }
}

fn params(name: &str) -> HgemmParams {
    find(name)
        .unwrap_or_else(|| panic!("{name} is shipped"))
        .params
}

/// The PTX text of `p` for every format, all under the kernel name of `name`.
fn texts(p: &HgemmParams, name: &str) -> Vec<String> {
    all_io()
        .into_iter()
        .map(|io| {
            let k = generate(p, io, &kernel_name(name, io)).expect("generates");
            k.kernel.to_string()
        })
        .collect()
}

/// Predicated moves: the snake's mirrored column and the K walk's start and
/// step are each one (`@%p mov.u32`), next to the stage ring's own.
fn predicated_moves(text: &str) -> usize {
    text.lines()
        .filter(|l| l.trim_start().starts_with("@%p") && l.contains(" mov.u32 "))
        .count()
}

#[test]
fn r6_is_r5_with_raster_groups_of_16_snake_and_alternating_k() {
    let r5 = params("r5_tma_store");
    let r6 = params("r6_tile_order");
    assert_eq!(r6.group_m(), 16);
    assert_eq!(r6.order(), order(true, true));
    assert_eq!(r5.order(), TileOrder::RASTER);
    let rebuilt = r5
        .try_with_group(16)
        .and_then(|p| p.try_with_order(order(true, true)))
        .unwrap();
    assert_eq!(rebuilt, r6);
}

#[test]
fn the_plain_order_generates_the_same_ptx_as_before_the_refinements() {
    // r5 with raster groups of 16 in plain order is the shipped r5_g16, text for text
    let g16 = params("r5_tma_store").try_with_group(16).unwrap();
    let plain = g16.try_with_order(TileOrder::RASTER).unwrap();
    assert_eq!(texts(&plain, "r5_g16"), texts(&params("r5_g16"), "r5_g16"));
}

#[test]
fn each_refinement_adds_its_predicated_moves() {
    let g16 = params("r5_g16");
    for ((snake, k_alternate), extra) in [
        ((false, false), 0),
        // the mirrored column, in the producer's and the consumers' tile maps
        ((true, false), 2),
        // the producer's first K tile and K step on a block's odd tiles
        ((false, true), 2),
        ((true, true), 4),
    ] {
        let p = g16.try_with_order(order(snake, k_alternate)).unwrap();
        for (base, text) in texts(&g16, "x").iter().zip(texts(&p, "x")) {
            assert_eq!(
                predicated_moves(&text),
                predicated_moves(base) + extra,
                "snake {snake}, k_alternate {k_alternate}"
            );
            // backwards K steps by −BK, as a two's-complement u32
            let minus_bk = (g16.bk() as u32).wrapping_neg().to_string();
            assert_eq!(
                text.lines()
                    .any(|l| l.contains(" mov.u32 ") && l.ends_with(&format!(", {minus_bk};"))),
                k_alternate
            );
        }
    }
}

#[test]
fn refinements_are_refused_where_they_do_not_apply() {
    // a block per tile has no "odd tiles" to walk K backwards
    let r1 = params("r1_tma_wgmma");
    assert!(!r1.persistent());
    let e = r1.try_with_order(order(false, true)).unwrap_err();
    assert!(e.contains("persistent"), "{e}");
    // the snake only renames columns inside a group: any grid takes it
    assert_eq!(
        r1.try_with_order(order(true, false)).unwrap().order(),
        order(true, false)
    );
    let e = params("r5_tma_store").try_with_group(0).unwrap_err();
    assert!(e.contains("at least 1"), "{e}");
}
