//! Typed `local_tile` with `_` in coordinates of any rank: CuTe C++ 4.2 facts
//! and an exhaustive comparison with the `DLayout` path.
// The spelled-out tile types are what these tests assert.
#![allow(clippy::type_complexity)]
use cute_typed::tensor::{
    local_tile_layout, shape_tiler, PartitionedBy, Tensor, TiledBy, Underscore as U,
};
use cute_typed::typed::*;
use cute_typed::DLayout;

/// The `DLayout` path: `local_tile` of `layout` by the by-mode tiler `tile`
/// (e.g. `"(_4,_2,_3)"`) at `coord` (e.g. `"(2,_,3)"`).
fn dpath(layout: &DLayout, tile: &str, coord: &str) -> (String, i64) {
    let tiler = shape_tiler(&tile.parse().unwrap()).unwrap();
    let (t, off) = local_tile_layout(layout, &tiler, &coord.parse().unwrap()).unwrap();
    (t.to_string(), off)
}

/// CuTe C++ 4.2: `print(local_tile(T, tiler, coord).layout())` and the offset
/// of its data.
#[test]
fn underscores_in_any_rank_match_cute_cpp() {
    // (9,10,11):(_1,9,90) by (_4,_2,_3)
    let a = Layout::new((9i64, 10i64, 11i64), (_1, 9i64, 90i64)).unwrap();
    let b = (_4, _2, _3);
    let (t, off) = a.tile_by(&b, (2, U, 3)).unwrap();
    let _: &Layout<(_4, _2, _3, i64), (_1, i64, i64, i64)> = &t;
    assert_eq!(
        (t.to_string(), off),
        ("(_4,_2,_3,5):(_1,9,90,18)".into(), 818)
    );
    let (t, off) = a.tile_by(&b, (U, 4, U)).unwrap();
    assert_eq!(
        (t.to_string(), off),
        ("(_4,_2,_3,3,4):(_1,9,90,_4,270)".into(), 72)
    );
    let (t, off) = a.tile_by(&b, (U, U, U)).unwrap();
    assert_eq!(
        (t.to_string(), off),
        ("(_4,_2,_3,3,5,4):(_1,9,90,_4,18,270)".into(), 0)
    );
    let (t, off) = a.tile_by(&b, (1, U, U)).unwrap();
    assert_eq!(
        (t.to_string(), off),
        ("(_4,_2,_3,5,4):(_1,9,90,18,270)".into(), 4)
    );
    // A static extent keeps a static count: (_8,6):(_1,_8) by (_4,_2) at (_,1).
    let a = Layout::new((_8, 6i64), (_1, _8)).unwrap();
    let (t, off) = a.tile_by(&(_4, _2), (U, 1)).unwrap();
    let _: &Layout<(_4, _2, _2), (_1, _8, _4)> = &t;
    assert_eq!((t.to_string(), off), ("(_4,_2,_2):(_1,_8,_4)".into(), 16));
    // Rank 4: (7,_6,5,9):(_1,7,42,210) by (_2,_3,_2,_4).
    let a = Layout::new((7i64, _6, 5i64, 9i64), (_1, 7i64, 42i64, 210i64)).unwrap();
    let b = (_2, _3, _2, _4);
    let (t, off) = a.tile_by(&b, (U, 1, U, 2)).unwrap();
    assert_eq!(
        (t.to_string(), off),
        ("(_2,_3,_2,_4,4,3):(_1,7,42,210,_2,84)".into(), 1701)
    );
    let (t, off) = a.tile_by(&b, (3, U, 2, U)).unwrap();
    let _: &Layout<(_2, _3, _2, _4, _2, i64), (_1, i64, i64, i64, i64, i64)> = &t;
    assert_eq!(
        (t.to_string(), off),
        ("(_2,_3,_2,_4,_2,3):(_1,7,42,210,21,840)".into(), 174)
    );
}

/// Every coordinate pattern (`_` or an index per mode) and every index of a
/// rank-3 layout: the typed tile equals the `DLayout` path's.
macro_rules! check_rank3 {
    ($a:expr, $tile:expr, $b:expr, $n:expr) => {{
        let (a, b, n) = ($a, $b, $n);
        let d = a.to_dynamic();
        let dp = |c: String| dpath(&d, $tile, &c);
        let show = |t: &dyn std::fmt::Display, off: i64| (t.to_string(), off);
        for i in 0..n[0] {
            for j in 0..n[1] {
                for k in 0..n[2] {
                    let (t, o) = a.tile_by(&b, (i, j, k)).unwrap();
                    assert_eq!(show(&t, o), dp(format!("({i},{j},{k})")));
                    let (t, o) = a.tile_by(&b, (U, j, k)).unwrap();
                    assert_eq!(show(&t, o), dp(format!("(_,{j},{k})")));
                    let (t, o) = a.tile_by(&b, (i, U, k)).unwrap();
                    assert_eq!(show(&t, o), dp(format!("({i},_,{k})")));
                    let (t, o) = a.tile_by(&b, (i, j, U)).unwrap();
                    assert_eq!(show(&t, o), dp(format!("({i},{j},_)")));
                    let (t, o) = a.tile_by(&b, (U, U, k)).unwrap();
                    assert_eq!(show(&t, o), dp(format!("(_,_,{k})")));
                    let (t, o) = a.tile_by(&b, (U, j, U)).unwrap();
                    assert_eq!(show(&t, o), dp(format!("(_,{j},_)")));
                    let (t, o) = a.tile_by(&b, (i, U, U)).unwrap();
                    assert_eq!(show(&t, o), dp(format!("({i},_,_)")));
                }
            }
        }
        let (t, o) = a.tile_by(&b, (U, U, U)).unwrap();
        assert_eq!(show(&t, o), dp("(_,_,_)".into()));
        // Past the grid of tiles: refused in every pattern.
        assert!(a.tile_by(&b, (n[0], U, 0)).is_err());
        assert!(a.tile_by(&b, (U, U, n[2])).is_err());
    }};
}

#[test]
fn underscores_in_rank_3_equal_the_dlayout_path_exhaustively() {
    for (s0, s1, s2) in [(9, 10, 11), (4, 6, 3), (5, 2, 7)] {
        // Column-major with run-time strides, and a padded row-major one.
        let col = Layout::new((s0, s1, s2), (_1, s0, s0 * s1)).unwrap();
        check_rank3!(
            col,
            "(_4,_2,_3)",
            (_4, _2, _3),
            [(s0 + 3) / 4, (s1 + 1) / 2, (s2 + 2) / 3]
        );
        let row = Layout::new((s0, s1, s2), (s1 * s2 + 5, s2, _1)).unwrap();
        check_rank3!(
            row,
            "(_2,_2,_2)",
            (_2, _2, _2),
            [(s0 + 1) / 2, (s1 + 1) / 2, (s2 + 1) / 2]
        );
    }
    // Static and run-time extents mixed: static counts for the static modes.
    let mixed = Layout::new((_8, 5i64, _6), (_1, _8, 40i64)).unwrap();
    check_rank3!(mixed, "(_4,_2,_3)", (_4, _2, _3), [2, 3, 2]);
    // Fully static.
    let stat = make_layout((_4, _6, _4));
    check_rank3!(stat, "(_2,_3,_2)", (_2, _3, _2), [2, 2, 2]);
}

#[test]
fn underscores_in_rank_1_and_4_equal_the_dlayout_path() {
    let a = Layout::new((13i64,), (_2,)).unwrap();
    let d = a.to_dynamic();
    let (t, o) = a.tile_by(&(_4,), (U,)).unwrap();
    assert_eq!((t.to_string(), o), dpath(&d, "(_4)", "(_)"));
    for i in 0..4 {
        let (t, o) = a.tile_by(&(_4,), (i,)).unwrap();
        assert_eq!((t.to_string(), o), dpath(&d, "(_4)", &format!("({i})")));
    }
    let a = Layout::new((7i64, _6, 5i64, 9i64), (_1, 7i64, 42i64, 210i64)).unwrap();
    let d = a.to_dynamic();
    let b = (_2, _3, _2, _4);
    let tile = "(_2,_3,_2,_4)";
    for i in 0..4 {
        for j in 0..2 {
            for k in 0..3 {
                for l in 0..3 {
                    let (t, o) = a.tile_by(&b, (i, j, k, l)).unwrap();
                    assert_eq!(
                        (t.to_string(), o),
                        dpath(&d, tile, &format!("({i},{j},{k},{l})"))
                    );
                    let (t, o) = a.tile_by(&b, (U, j, U, l)).unwrap();
                    assert_eq!(
                        (t.to_string(), o),
                        dpath(&d, tile, &format!("(_,{j},_,{l})"))
                    );
                    let (t, o) = a.tile_by(&b, (i, U, k, U)).unwrap();
                    assert_eq!(
                        (t.to_string(), o),
                        dpath(&d, tile, &format!("({i},_,{k},_)"))
                    );
                    let (t, o) = a.tile_by(&b, (U, U, U, l)).unwrap();
                    assert_eq!((t.to_string(), o), dpath(&d, tile, &format!("(_,_,_,{l})")));
                }
            }
        }
    }
    let (t, o) = a.tile_by(&b, (U, U, U, U)).unwrap();
    assert_eq!((t.to_string(), o), dpath(&d, tile, "(_,_,_,_)"));
}

/// CuTe C++ 4.2: `local_tile` and `local_partition` of tensors whose modes
/// are nested (`print(t.layout())`, `t.data() - buf`).
#[test]
fn nested_modes_match_cute_cpp() {
    // ((_2,_4),_8):((_1,_2),_8): static, so the tile is a static result.
    let a = Layout::new(((_2, _4), _8), ((_1, _2), _8));
    let (t, off) = a.tile_by(&(_4, _4), (1, 1)).unwrap();
    assert_eq!(core::mem::size_of_val(&t), 0);
    assert_eq!((t.to_string(), off), ("(_4,_4):(_1,_8)".into(), 36));
    let (t, off) = a.tile_by(&(_4, _4), (U, 1)).unwrap();
    assert_eq!((t.to_string(), off), ("(_4,_4,_2):(_1,_8,_4)".into(), 32));
    let (t, off) = a.tile_by(&(_4, _4), 3).unwrap();
    assert_eq!((t.to_string(), off), ("(_4,_4):(_1,_8)".into(), 36));
    // ((2,6),10):((_1,2),12): mixed, through the algebra.
    let b = Layout::new(((2i64, 6i64), 10i64), ((_1, 2i64), 12i64)).unwrap();
    let (t, off) = b.tile_by(&(_4, _5), (2, 1)).unwrap();
    assert_eq!((t.to_string(), off), ("((2,2),_5):((_1,2),12)".into(), 68));
    let (t, off) = b.tile_by(&(_4, _5), (U, 1)).unwrap();
    assert_eq!(
        (t.to_string(), off),
        ("((2,2),_5,(1,3)):((_1,2),12,(_4,4))".into(), 60)
    );
    let (t, off) = b.tile_by(&(_4, _5), (1, U)).unwrap();
    assert_eq!(
        (t.to_string(), off),
        ("((2,2),_5,2):((_1,2),12,60)".into(), 4)
    );
    // (_8,(_4,3)):(12,(_1,_4)) by (_4,_2) at (1,3).
    let c = Layout::new((_8, (_4, 3i64)), (12i64, (_1, _4))).unwrap();
    let (t, off) = c.tile_by(&(_4, _2), (1, 3)).unwrap();
    assert_eq!((t.to_string(), off), ("(_4,_2):(12,_1)".into(), 54));
    // Outside the grid of tiles.
    assert!(b.tile_by(&(_4, _5), (3, 0)).is_err());

    // local_partition of the static tile (_4,_4):(_1,_8) at 36 over (_2,_2), thread 3.
    let (t, off) = a.tile_by(&(_4, _4), (1, 1)).unwrap();
    let buf = [0f32; 64];
    let tile = Tensor::with_offset(&buf[..], t, off).unwrap();
    let p = tile.local_partition(&make_layout((_2, _2)), 3).unwrap();
    assert_eq!(
        (p.layout().to_string(), p.offset()),
        ("(_2,_2):(_2,_16)".into(), 45)
    );
    // Nested tensors partitioned directly: static and mixed.
    let thr = make_layout_right((_4, _2));
    let (p, off) = a.partition_by(&thr, 5).unwrap();
    assert_eq!(core::mem::size_of_val(&p), 0);
    assert_eq!((p.to_string(), off), ("(_2,_4):(_4,_16)".into(), 10));
    let m = Layout::new(((2i64, 4i64), 8i64), ((_1, 2i64), 8i64)).unwrap();
    let (p, off) = m.partition_by(&thr, 5).unwrap();
    assert_eq!((p.to_string(), off), ("((1,2),4):((_4,4),16)".into(), 10));
    // A leaf tile of run-time extent: (_8,6):(_1,8) over (_2,_3), thread 4.
    let l = Layout::new((_8, 6i64), (_1, 8i64)).unwrap();
    let (p, off) = l.partition_by(&make_layout((_2, _3)), 4).unwrap();
    assert_eq!((p.to_string(), off), ("(_4,2):(_2,24)".into(), 16));
    assert!(l.partition_by(&make_layout((_2, _3)), 6).is_err());
}

/// Every tile and every thread of nested layouts: the typed results equal the
/// `DLayout` path's (`local_tile_layout`, `local_partition_layout`).
#[test]
fn nested_modes_equal_the_dlayout_path_exhaustively() {
    use cute_typed::tensor::local_partition_layout;
    let thr = make_layout_right((_2, _2));
    let dthr = thr.to_dynamic();
    macro_rules! check {
        ($a:expr, $b:expr, $tile:expr, $n0:expr, $n1:expr) => {{
            let a = $a;
            let d = a.to_dynamic();
            for i in 0..$n0 {
                for j in 0..$n1 {
                    let (t, o) = a.tile_by(&$b, (i, j)).unwrap();
                    assert_eq!(
                        (t.to_string(), o),
                        dpath(&d, $tile, &format!("({i},{j})")),
                        "{d}"
                    );
                    let (t, o) = a.tile_by(&$b, (U, j)).unwrap();
                    assert_eq!((t.to_string(), o), dpath(&d, $tile, &format!("(_,{j})")));
                    let (t, o) = a.tile_by(&$b, (i, U)).unwrap();
                    assert_eq!((t.to_string(), o), dpath(&d, $tile, &format!("({i},_)")));
                }
            }
            for th in 0..4 {
                let (p, o) = a.partition_by(&thr, th).unwrap();
                let (dp, doff) = local_partition_layout(&d, &dthr, th).unwrap();
                assert_eq!((p.to_string(), o), (dp.to_string(), doff));
            }
        }};
    }
    check!(
        Layout::new(((_2, _4), _8), ((_1, _2), _8)),
        (_4, _4),
        "(_4,_4)",
        2,
        2
    );
    check!(
        Layout::new(((_2, _4), (_2, _4)), ((_1, _16), (_2, _4))),
        (_2, _4),
        "(_2,_4)",
        4,
        2
    );
    for (x, y, z) in [(2, 6, 10), (4, 2, 8), (2, 4, 12)] {
        let m = Layout::new(((x, y), z), ((_1, x), x * y)).unwrap();
        check!(m, (_4, _4), "(_4,_4)", (x * y) / 4, z / 4);
        let m = Layout::new((z, (x, y)), ((_1), (z, z * x))).unwrap();
        check!(m, (_2, _2), "(_2,_2)", z / 2, (x * y) / 2);
    }
}

/// Tiles of run-time extent partitioned by static threads stay typed: CuTe C++
/// 4.2 gives `(_4,2):(_2,32)` at 17 for `(_8,6):(_1,8)` over `(_2,_4)` threads
/// (thread 5, `⌈6/4⌉ = 2`), and `(_4,1):(_2,48)` at 17 over `(_2,_6)`.
#[test]
fn run_time_extents_partition_into_typed_layouts() {
    use cute_typed::tensor::local_partition_layout;
    let l = Layout::new((_8, 6i64), (_1, 8i64)).unwrap();
    let (p, off) = l.partition_by(&make_layout((_2, _4)), 5).unwrap();
    let _: &Layout<(_4, i64), (_2, i64)> = &p;
    assert_eq!((p.to_string(), off), ("(_4,2):(_2,32)".into(), 17));
    let (p, off) = l.partition_by(&make_layout((_2, _6)), 5).unwrap();
    assert_eq!((p.to_string(), off), ("(_4,1):(_2,48)".into(), 17));
    let (p, off) = l.partition_by(&make_layout((_2, _3)), 4).unwrap();
    assert_eq!((p.to_string(), off), ("(_4,2):(_2,24)".into(), 16));
    // Every extent and thread: the typed partition equals the DLayout path.
    let thr = make_layout_right((_2, _4));
    let dthr = thr.to_dynamic();
    for s0 in 1..10i64 {
        for s1 in 1..10i64 {
            let l = Layout::new((s0, s1), (_1, s0 + 1)).unwrap();
            let d = l.to_dynamic();
            for t in 0..8 {
                let (p, o) = l.partition_by(&thr, t).unwrap();
                let (dp, doff) = local_partition_layout(&d, &dthr, t).unwrap();
                assert_eq!((p.to_string(), o), (dp.to_string(), doff), "{d} thread {t}");
            }
        }
    }
}

/// Tiling by run-time extents: every tile equals the `DLayout` path's with the
/// same (run-time) tiler.
#[test]
fn run_time_tile_extents_equal_the_dlayout_path() {
    for (s0, s1) in [(10i64, 7i64), (8, 8), (5, 13)] {
        let l = Layout::new((s0, s1), (s1, _1)).unwrap();
        let d = l.to_dynamic();
        for (b0, b1) in [(1i64, 1i64), (3, 2), (4, 4), (10, 3)] {
            let tiler = shape_tiler(&format!("({b0},{b1})").parse().unwrap()).unwrap();
            let (n0, n1) = ((s0 + b0 - 1) / b0, (s1 + b1 - 1) / b1);
            for c0 in 0..n0 {
                for c1 in 0..n1 {
                    let (t, o) = l.tile_by(&(b0, b1), (c0, c1)).unwrap();
                    let (dt, doff) =
                        local_tile_layout(&d, &tiler, &format!("({c0},{c1})").parse().unwrap())
                            .unwrap();
                    assert_eq!(
                        (t.to_string(), o),
                        (dt.to_string(), doff),
                        "{d} by ({b0},{b1})"
                    );
                }
            }
            assert!(l.tile_by(&(b0, b1), (n0, 0)).is_err());
        }
    }
}

/// CuTe C++ 4.2 keeps a rank-1 tile mode nested (`repeat<1>(_)` is `_`):
/// `local_tile` of `(37):(_2)` by `make_shape(_8)` at 3 is `((_8)):((_2))` at
/// 48, at `_` it is `((_8),5):((_2),_16)`; the typed and `DLayout` paths agree.
#[test]
fn rank_one_tiles_stay_nested_as_in_cute_cpp() {
    let a = Layout::new((37i64,), (_2,)).unwrap();
    let d = a.to_dynamic();
    let (t, off) = a.tile_by(&(_8,), (3,)).unwrap();
    let _: &Layout<((_8,),), ((_2,),)> = &t;
    assert_eq!((t.to_string(), off), ("((_8)):((_2))".into(), 48));
    assert_eq!(dpath(&d, "(_8)", "(3)"), ("((_8)):((_2))".into(), 48));
    assert_eq!(dpath(&d, "(_8)", "3"), ("((_8)):((_2))".into(), 48));
    let (t, off) = a.tile_by(&(_8,), (U,)).unwrap();
    assert_eq!((t.to_string(), off), ("((_8),5):((_2),_16)".into(), 0));
    assert_eq!(dpath(&d, "(_8)", "(_)"), ("((_8),5):((_2),_16)".into(), 0));
    let (t, off) = a.tile_by(&(8i64,), 3).unwrap();
    assert_eq!((t.to_string(), off), ("((8)):((_2))".into(), 48));
}

/// `_` with run-time tile extents (C++'s `make_shape(bm, bk)` with `int`s):
/// the kept mode is `⌈s/b⌉ : b·d`, as the `DLayout` path gives, in ranks 2 and 3.
#[test]
fn underscores_with_run_time_extents_equal_the_dlayout_path() {
    for (s0, s1) in [(10i64, 7i64), (8, 8)] {
        let l = Layout::new((s0, s1), (s1, _1)).unwrap();
        let d = l.to_dynamic();
        for (b0, b1) in [(1i64, 1i64), (3, 2), (4, 8)] {
            let tile = format!("({b0},{b1})");
            let (n0, n1) = ((s0 + b0 - 1) / b0, (s1 + b1 - 1) / b1);
            for c0 in 0..n0 {
                let (t, o) = l.tile_by(&(b0, b1), (c0, U)).unwrap();
                let _: &Layout<(i64, i64, i64), (i64, _1, i64)> = &t;
                assert_eq!((t.to_string(), o), dpath(&d, &tile, &format!("({c0},_)")));
            }
            for c1 in 0..n1 {
                let (t, o) = l.tile_by(&(b0, b1), (U, c1)).unwrap();
                assert_eq!((t.to_string(), o), dpath(&d, &tile, &format!("(_,{c1})")));
            }
            let (t, o) = l.tile_by(&(b0, b1), (U, U)).unwrap();
            assert_eq!((t.to_string(), o), dpath(&d, &tile, "(_,_)"));
        }
    }
    let a = Layout::new((9i64, 10i64, 11i64), (_1, 9i64, 90i64)).unwrap();
    let d = a.to_dynamic();
    // CuTe C++ (static tile (_4,_2,_3)) at (2,_,3): (_4,_2,_3,5):(_1,9,90,18) at 818;
    // with int extents the tile extents are run-time.
    let (t, o) = a.tile_by(&(4i64, 2i64, 3i64), (2, U, 3)).unwrap();
    assert_eq!((t.to_string(), o), ("(4,2,3,5):(_1,9,90,18)".into(), 818));
    assert_eq!((t.to_string(), o), dpath(&d, "(4,2,3)", "(2,_,3)"));
    let (t, o) = a.tile_by(&(4i64, 2i64, 3i64), (U, 4, U)).unwrap();
    assert_eq!((t.to_string(), o), dpath(&d, "(4,2,3)", "(_,4,_)"));
    assert!(a.tile_by(&(4i64, 2i64, 3i64), (3, U, 0)).is_err());
}
