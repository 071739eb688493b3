//! Typed `local_tile` with `_` in coordinates of any rank: CuTe C++ 4.2 facts
//! and an exhaustive comparison with the `DLayout` path.
use cute_types::tensor::{local_tile_layout, shape_tiler, TiledBy, Underscore as U};
use cute_types::typed::*;
use cute_types::DLayout;

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
