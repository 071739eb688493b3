//! Tensors over typed layouts: typed `local_tile` and `local_partition` (typed
//! tilers, typed coordinates, typed results), element access with typed
//! coordinates, each checked against the `DLayout` path on exhaustive small
//! cases and against CuTe C++ 4.2 on a few examples.
use cute_typed::tensor::{
    local_partition_layout, local_tile_layout, make_tensor, shape_tiler, LocalPartitioner,
    LocalTiler, PartitionedBy, Tensor, TiledBy,
};
use cute_typed::typed::*;
use cute_typed::{DLayout, Error};

fn l(s: &str) -> DLayout {
    s.parse().unwrap()
}

/// The `DLayout` path: `local_tile` with the by-mode tiler of static extents.
fn dlayout_tile(layout: &DLayout, tile: &str, coord: &[i64]) -> (String, i64) {
    let tiler = shape_tiler(&tile.parse().unwrap()).unwrap();
    let c = cute_typed::DTuple::tuple(
        &coord
            .iter()
            .map(|&c| cute_typed::DTuple::d(c))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let (t, off) = local_tile_layout(layout, &tiler, &c).unwrap();
    (t.to_string(), off)
}

/// CuTe C++ 4.2 (`/work/shared/tools/cute-cpp`), `local_tile` of a tensor over
/// a buffer: `print(tile.layout())` and `tile.data() - buf`.
#[test]
fn local_tile_matches_cute_cpp() {
    // make_layout((_8,_8), LayoutRight), tile (_2,_4) at (1,1)
    let a = make_layout_right((_8, _8));
    let (t, off) = a.tile_by(&(_2, _4), (1i64, 1i64)).unwrap();
    assert_eq!((t.to_string(), off), ("(_2,_4):(_8,_1)".into(), 20));
    // make_layout((_12,_8)), tile (_4,_4) at (2,1)
    let a = make_layout((_12, _8));
    let (t, off) = a.tile_by(&(_4, _4), (2i64, 1i64)).unwrap();
    assert_eq!((t.to_string(), off), ("(_4,_4):(_1,_12)".into(), 56));
    // (M,N):(N,_1) with M = 100, N = 60, tile (_32,_8) at (3,7)
    let a = Layout::new((100i64, 60i64), (60i64, _1)).unwrap();
    let (t, off) = a.tile_by(&(_32, _8), (3i64, 7i64)).unwrap();
    let _: &Layout<(_32, _8), (i64, _1)> = &t;
    assert_eq!((t.to_string(), off), ("(_32,_8):(60,_1)".into(), 5816));
    // C++: zipped_divide gives ((_32,_8),(4,8)):((60,_1),(1920,_8)): 4 × 8 tiles.
    assert!(a.tile_by(&(_32, _8), (3i64, 7i64)).is_ok());
    assert_eq!(
        a.tile_by(&(_32, _8), (4i64, 0i64)).unwrap_err(),
        Error::OutOfDomain
    );
    assert_eq!(
        a.tile_by(&(_32, _8), (0i64, 8i64)).unwrap_err(),
        Error::OutOfDomain
    );
    // `_` keeps a mode's tiles: (3,_), (_,5), (_,_)
    let (t, off) = a.tile_by(&(_32, _8), (3i64, Underscore)).unwrap();
    let _: &Layout<(_32, _8, i64), (i64, _1, _8)> = &t;
    assert_eq!((t.to_string(), off), ("(_32,_8,8):(60,_1,_8)".into(), 5760));
    let (t, off) = a.tile_by(&(_32, _8), (Underscore, 5i64)).unwrap();
    assert_eq!((t.to_string(), off), ("(_32,_8,4):(60,_1,1920)".into(), 40));
    let (t, off) = a.tile_by(&(_32, _8), (Underscore, Underscore)).unwrap();
    assert_eq!(
        (t.to_string(), off),
        ("(_32,_8,4,8):(60,_1,1920,_8)".into(), 0)
    );
    // make_layout((M,N)) with M = 37, N = 21, tile (_16,_4) at (2,5)
    let a = make_layout((37i64, 21i64)).unwrap();
    let (t, off) = a.tile_by(&(_16, _4), (2i64, 5i64)).unwrap();
    assert_eq!((t.to_string(), off), ("(_16,_4):(_1,37)".into(), 772));
    // C++: ((_16,_4),(3,6)):((_1,37),(_16,148)).
    assert!(a.tile_by(&(_16, _4), (2i64, 5i64)).is_ok());
    assert!(a.tile_by(&(_16, _4), (3i64, 5i64)).is_err());
    // (_64,50):(70,_1), tile (_16,_8) at (3,6)
    let a = Layout::new((_64, 50i64), (70i64, _1)).unwrap();
    let (t, off) = a.tile_by(&(_16, _8), (3i64, 6i64)).unwrap();
    assert_eq!((t.to_string(), off), ("(_16,_8):(70,_1)".into(), 3408));
    // (9,10,11):(_1,9,90), tile (_4,_2,_3) at (2,4,3)
    let a = Layout::new((9i64, 10i64, 11i64), (_1, 9i64, 90i64)).unwrap();
    let (t, off) = a.tile_by(&(_4, _2, _3), (2i64, 4i64, 3i64)).unwrap();
    assert_eq!((t.to_string(), off), ("(_4,_2,_3):(_1,9,90)".into(), 890));
}

/// CuTe C++ 4.2: `local_partition(tensor, thr, 13)`.
#[test]
fn local_partition_matches_cute_cpp() {
    // (_32,_8):(60,_1) over make_layout((_8,_4), LayoutRight)
    let tile = Layout::new((_32, _8), (60i64, _1)).unwrap();
    let (p, off) = tile.partition_by(&make_layout_right((_8, _4)), 13).unwrap();
    let _: &Layout<(_4, _2), (i64, _4)> = &p;
    assert_eq!((p.to_string(), off), ("(_4,_2):(480,_4)".into(), 181));
    // make_layout((_16,_16)) over make_layout((_4,_8))
    let tile = make_layout((_16, _16));
    let (p, off) = tile.partition_by(&make_layout((_4, _8)), 13).unwrap();
    assert_eq!((p.to_string(), off), ("(_4,_2):(_4,_128)".into(), 49));
}

/// Every tile of `(s0, s1):(d0, d1)` (run-time leaves) by `(B0, B1)`: the typed
/// tile prints as the `DLayout` path's tile and sits at the same offset.
fn check_mixed_grid<B0: Numeral, B1: Numeral>(s0: i64, s1: i64, d0: i64, d1: i64) {
    let tiler = (C::<B0>::new(), C::<B1>::new());
    let (b0, b1) = (C::<B0>::VALUE, C::<B1>::VALUE);
    let tile_str = format!("(_{b0},_{b1})");
    // Row-major-like: (s0,s1):(d0,_1) and fully run-time strides.
    let a = Layout::new((s0, s1), (d0, _1)).unwrap();
    let dl = a.to_dynamic();
    let ad = Layout::new((s0, s1), (d0, d1)).unwrap();
    let dld = ad.to_dynamic();
    let (n0, n1) = ((s0 + b0 - 1) / b0, (s1 + b1 - 1) / b1);
    for c0 in 0..n0 {
        for c1 in 0..n1 {
            let (t, off) = a.tile_by(&tiler, (c0, c1)).unwrap();
            assert_eq!(
                (t.to_string(), off),
                dlayout_tile(&dl, &tile_str, &[c0, c1]),
                "{a} by {tile_str} at ({c0},{c1})"
            );
            let (t, off) = ad.tile_by(&tiler, (c0, c1)).unwrap();
            assert_eq!(
                (t.to_string(), off),
                dlayout_tile(&dld, &tile_str, &[c0, c1]),
                "{ad} by {tile_str} at ({c0},{c1})"
            );
            // The 1-D tile index addresses the same tile.
            let (_, off1) = ad.tile_by(&tiler, c0 + n0 * c1).unwrap();
            assert_eq!(off1, off);
            // A DLayout tiled by the typed tiler takes the algebra's path: the same.
            let (td, offd) = dld.tile_by(&tiler, (c0, c1)).unwrap();
            assert_eq!((td.to_string(), offd), (t.to_string(), off));
        }
    }
    // `_` keeps a mode's tiles: (c0, _), (_, c1), (_, _), as the DLayout path.
    let dl_str = |l: &DLayout, coord: &str| {
        let t = shape_tiler(&tile_str.parse().unwrap()).unwrap();
        let (t, off) = local_tile_layout(l, &t, &coord.parse().unwrap()).unwrap();
        (t.to_string(), off)
    };
    for c0 in 0..n0 {
        let (t, off) = ad.tile_by(&tiler, (c0, Underscore)).unwrap();
        assert_eq!((t.to_string(), off), dl_str(&dld, &format!("({c0},_)")));
    }
    for c1 in 0..n1 {
        let (t, off) = ad.tile_by(&tiler, (Underscore, c1)).unwrap();
        assert_eq!((t.to_string(), off), dl_str(&dld, &format!("(_,{c1})")));
    }
    let (t, off) = ad.tile_by(&tiler, (Underscore, Underscore)).unwrap();
    assert_eq!((t.to_string(), off), dl_str(&dld, "(_,_)"));
    assert_eq!(
        ad.tile_by(&tiler, (n0, Underscore)).unwrap_err(),
        Error::OutOfDomain
    );
    for bad in [(n0, 0), (0, n1), (-1, 0)] {
        assert_eq!(ad.tile_by(&tiler, bad).unwrap_err(), Error::OutOfDomain);
    }
    assert_eq!(ad.tile_by(&tiler, n0 * n1).unwrap_err(), Error::OutOfDomain);
}

#[test]
fn mixed_tiles_equal_the_dlayout_path_exhaustively() {
    for s0 in 1..=9 {
        for s1 in 1..=7 {
            for (d0, d1) in [(s1, 1), (1, s0), (0, 3), (-2, 5), (7, -1)] {
                check_mixed_grid::<D2, D3>(s0, s1, d0, d1);
                check_mixed_grid::<D4, D2>(s0, s1, d0, d1);
                check_mixed_grid::<D3, D5>(s0, s1, d0, d1);
            }
        }
    }
}

/// A static layout tiled by static extents: the typed tile (a static `Layout`)
/// equals the `DLayout` path's at every tile coordinate.
fn check_static_grid<S0, S1, D0, D1, B0, B1>()
where
    S0: Numeral,
    S1: Numeral,
    D0: Numeral,
    D1: Numeral,
    B0: Numeral,
    B1: Numeral,
{
    type Static2<S0, S1, D0, D1> = Layout<(C<S0>, C<S1>), (C<D0>, C<D1>)>;
    let a: Static2<S0, S1, D0, D1> = Layout::default();
    let tiler = (C::<B0>::new(), C::<B1>::new());
    let (b0, b1) = (C::<B0>::VALUE, C::<B1>::VALUE);
    let tile_str = format!("(_{b0},_{b1})");
    let (n0, n1) = (C::<S0>::VALUE / b0, C::<S1>::VALUE / b1);
    for c0 in 0..n0 {
        for c1 in 0..n1 {
            let (t, off) = a.tile_by(&tiler, (c0, c1)).unwrap();
            assert_eq!(
                (t.to_string(), off),
                dlayout_tile(&a.to_dynamic(), &tile_str, &[c0, c1])
            );
            assert_eq!(core::mem::size_of_val(&t), 0);
        }
    }
}

#[test]
fn static_tiles_equal_the_dlayout_path() {
    check_static_grid::<D8, D8, D8, D1, D2, D4>();
    check_static_grid::<(D1, D2), D8, D1, (D1, D2), D4, D4>();
    check_static_grid::<D6, D4, D4, D1, D3, D2>();
    check_static_grid::<D6, D4, D1, D0, D2, D2>(); // a stride-0 mode
                                                   // Static tile coordinates too.
    let a = make_layout_right((_8, _8));
    let (t, off) = a.tile_by(&(_2, _4), (_1, 1i64)).unwrap();
    assert_eq!((t.to_string(), off), ("(_2,_4):(_8,_1)".into(), 20));
}

#[test]
fn typed_partitions_equal_the_dlayout_path_for_every_thread() {
    fn check<T, Thr: LayoutOperand + Copy>(tile: T, thr: Thr)
    where
        T: LayoutOperand + PartitionedBy<Thr>,
        T::Part: core::fmt::Display + core::fmt::Debug,
    {
        let (dt, dthr) = (tile.to_dynamic(), thr.to_dynamic());
        let threads = dthr.size().unwrap().value;
        for t in 0..threads {
            let (p, off) = tile.partition_by(&thr, t).unwrap();
            let (dp, doff) = local_partition_layout(&dt, &dthr, t).unwrap();
            assert_eq!(
                (p.to_string(), off),
                (dp.to_string(), doff),
                "{dt} / {dthr} @ {t}"
            );
        }
        assert_eq!(
            tile.partition_by(&thr, threads).unwrap_err(),
            Error::OutOfDomain
        );
        assert_eq!(tile.partition_by(&thr, -1).unwrap_err(), Error::OutOfDomain);
    }
    for ld in [8i64, 33, -5, 0] {
        let tile = Layout::new((_8, _8), (ld, _1)).unwrap();
        check(tile, make_layout_right((_2, _4)));
        check(tile, make_layout((_2, _4)));
        check(tile, make_layout_right((_4, _1)));
        check(tile, make_layout_strided((_1, _4), (_0, _1)));
        let col = Layout::new((_16, _4), (_1, ld)).unwrap();
        check(col, make_layout((_8, _2)));
    }
    check(make_layout((_16, _16)), make_layout((_4, _8)));
    check(make_layout((_4, _6, _8)), make_layout((_2, _3, _2)));
}

/// The typed tile of `(12,10):(10,_1)` by `(_4,_5)`.
type Tile45 = Layout<(_4, _5), (i64, _1)>;

#[test]
fn tensor_views_through_typed_tilers_equal_dlayout_views() {
    let (m, n) = (12i64, 10i64);
    let data: Vec<i32> = (0..(m * n) as i32).collect();
    let typed = make_tensor(&data[..], Layout::new((m, n), (n, _1)).unwrap()).unwrap();
    let dynamic = make_tensor(&data[..], typed.dlayout()).unwrap(); // (12,10):(10,_1)
    let tiler = shape_tiler(&"(_4,_5)".parse().unwrap()).unwrap();
    for c0 in 0..3i64 {
        for c1 in 0..2i64 {
            let t: Tensor<&[i32], Tile45> = typed.view().local_tile(&(_4, _5), (c0, c1)).unwrap();
            let d = dynamic.view().local_tile(&tiler, (c0, c1)).unwrap();
            assert_eq!(t.to_vec(), d.to_vec());
            assert_eq!(t.offset(), d.offset());
            // Typed element access: the same elements as `get`, checked.
            for i in 0..4i64 {
                for j in 0..5i64 {
                    assert_eq!(t.at((i, j)), d.get((i, j)));
                }
            }
            assert_eq!(t.at((4, 0)), Err(Error::OutOfDomain));
            assert_eq!(t.at((0, 5)), Err(Error::OutOfDomain));
            // Partition of the typed tile by a typed thread layout.
            let thr = make_layout((_2, _1));
            let dthr = thr.to_dynamic();
            for th in 0..2 {
                let p = t.view().local_partition(&thr, th).unwrap();
                let dp = d.view().local_partition(&dthr, th).unwrap();
                assert_eq!(p.to_vec(), dp.to_vec());
                assert_eq!(p.layout().to_string(), dp.layout().to_string());
            }
        }
    }
    // A ragged edge tile does not fit the storage: not clipped, refused as a view.
    let ragged = make_tensor(&data[..], Layout::new((m, n), (n, _1)).unwrap()).unwrap();
    assert_eq!(
        ragged.local_tile(&(_8, _8), (1, 1)).unwrap_err(),
        Error::OutOfStorage
    );
}

#[test]
fn local_tiler_and_partitioner_accept_run_time_forms() {
    // A DTiler and a DLayout thread layout over a typed tensor: DLayout results.
    let a = make_layout_right((_8, _8));
    let tiler = shape_tiler(&"(2,4)".parse().unwrap()).unwrap();
    let (t, off) = tiler.tile_layout(&a, (1, 1)).unwrap();
    assert_eq!((t.to_string(), off), ("(2,4):(_8,_1)".into(), 20));
    let thr = l("(2,2):(2,1)");
    let (p, off) = thr.partition_layout(&t, 3).unwrap();
    assert_eq!((p.to_string(), off), ("(1,2):(16,2)".into(), 9));
}

/// Deterministic data in [-1, 1).
fn data(len: usize, seed: u64) -> Vec<f32> {
    (0..len as u64)
        .map(|i| {
            let x =
                (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seed).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            (x >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        })
        .collect()
}

#[test]
fn gemm_typed_equals_the_reference_bit_for_bit() {
    use cute_typed::tensor::{gemm_reference, gemm_typed};
    for (m, n, k) in [(16i64, 16i64, 8i64), (37, 21, 13), (5, 40, 3), (64, 33, 17)] {
        let a = data((m * k) as usize, 1);
        let b = data((n * k) as usize, 2);
        let c0 = data((m * n) as usize, 3);
        // A row-major, B column-major (Bᵀ row-major), C with a padded run-time stride.
        let ta = make_tensor(&a[..], Layout::new((m, k), (k, _1)).unwrap()).unwrap();
        let tb = make_tensor(&b[..], Layout::new((n, k), (_1, n)).unwrap()).unwrap();
        let mut cpad = vec![0f32; ((m + 2) * n) as usize];
        let lc = Layout::new((m, n), (_1, m + 2)).unwrap();
        for (i, x) in cpad.iter_mut().enumerate() {
            *x = c0[i % c0.len()];
        }
        let mut want = cpad.clone();
        gemm_reference(
            1.5,
            &ta,
            &tb,
            0.25,
            &mut make_tensor(&mut want[..], lc).unwrap(),
        )
        .unwrap();
        let mut got = cpad.clone();
        gemm_typed(
            1.5,
            &ta,
            &tb,
            0.25,
            &mut make_tensor(&mut got[..], lc).unwrap(),
            (_16, _8, _4),
            make_layout_right((_4, _2)),
        )
        .unwrap();
        assert_eq!(got, want, "{m}x{n}x{k}, 16x8x4 over (4,2) row-major");
        // Another blocking: column-major threads, fully run-time strides, B reversed.
        let lb_rev = Layout::new((n, k), (-k, 1i64)).unwrap();
        let tb_rev = Tensor::with_offset(&b[..], lb_rev, (n - 1) * k).unwrap();
        let mut want = cpad.clone();
        gemm_reference(
            1.0,
            &ta,
            &tb_rev,
            1.0,
            &mut make_tensor(&mut want[..], lc).unwrap(),
        )
        .unwrap();
        let mut got = cpad.clone();
        gemm_typed(
            1.0,
            &ta,
            &tb_rev,
            1.0,
            &mut make_tensor(&mut got[..], lc).unwrap(),
            (_8, _16, _8),
            make_layout((_2, _4)),
        )
        .unwrap();
        assert_eq!(
            got, want,
            "{m}x{n}x{k}, 8x16x8 over (2,4) column-major, B reversed"
        );
    }
}

#[test]
fn gemm_typed_rejects_bad_input() {
    use cute_typed::tensor::gemm_typed;
    let a = vec![0f32; 64];
    let ta = make_tensor(&a[..], Layout::new((8i64, 8i64), (8i64, _1)).unwrap()).unwrap();
    let tb = make_tensor(&a[..], Layout::new((4i64, 8i64), (8i64, _1)).unwrap()).unwrap();
    let mut c = vec![0f32; 64];
    let lc = Layout::new((8i64, 8i64), (8i64, _1)).unwrap();
    // B has 4 rows, C 8 columns.
    assert_eq!(
        gemm_typed(
            1.0,
            &ta,
            &tb,
            0.0,
            &mut make_tensor(&mut c[..], lc).unwrap(),
            (_4, _4, _4),
            make_layout((_2, _2))
        ),
        Err(Error::SizeMismatch)
    );
    // Threads (2,2):(1,1) number thread 1 twice.
    assert_eq!(
        gemm_typed(
            1.0,
            &ta,
            &ta,
            0.0,
            &mut make_tensor(&mut c[..], lc).unwrap(),
            (_4, _4, _4),
            make_layout_strided((_2, _2), (_1, _1))
        ),
        Err(Error::NotInjective)
    );
}

/// Typed divides and slices of tensors: static results for static layouts and
/// tilers, the same layouts and elements as the `DLayout` path.
#[test]
fn typed_divides_and_slices_equal_the_dlayout_path() {
    use cute_typed::tensor::divide;
    use cute_typed::tensor::Underscore as U;
    let data: Vec<i32> = (0..96).collect();
    let typed = make_tensor(&data[..], make_layout_right((_8, _12))).unwrap();
    let dynamic = make_tensor(&data[..], typed.dlayout()).unwrap();
    let tiler = shape_tiler(&"(_2,_4)".parse().unwrap()).unwrap();
    let z = typed.view().zipped_divide((_2, _4)).unwrap();
    let zd = dynamic.view().zipped_divide(&tiler).unwrap();
    assert_eq!(core::mem::size_of_val(z.layout()), 0);
    assert_eq!(z.layout().to_string(), zd.layout().to_string());
    assert_eq!(
        z.layout().to_string(),
        "((_2,_4),(_4,_3)):((_12,_1),(_24,_4))"
    );
    assert_eq!(z.to_vec(), zd.to_vec());
    let lg = divide::logical_divide(typed.view(), (_2, _4)).unwrap();
    let lgd = divide::logical_divide(dynamic.view(), &tiler).unwrap();
    assert_eq!(lg.layout().to_string(), lgd.layout().to_string());
    assert_eq!(lg.to_vec(), lgd.to_vec());
    let td = typed.view().tiled_divide((_2, _4)).unwrap();
    assert_eq!(
        td.layout().to_string(),
        dynamic
            .view()
            .tiled_divide(&tiler)
            .unwrap()
            .layout()
            .to_string()
    );
    let fd = typed.view().flat_divide((_2, _4)).unwrap();
    assert_eq!(
        fd.layout().to_string(),
        dynamic
            .view()
            .flat_divide(&tiler)
            .unwrap()
            .layout()
            .to_string()
    );
    // CuTe's idiom: zipped(_, tile) is the tile; zipped(elem, _) the element of every tile.
    for tile in 0..12i64 {
        let t = z.view().slice((U, tile)).unwrap();
        let td = zd.view().slice((U, tile)).unwrap();
        assert_eq!(t.layout().to_string(), "((_2,_4)):((_12,_1))");
        assert_eq!(core::mem::size_of_val(t.layout()), 0);
        assert_eq!((t.offset(), t.to_vec()), (td.offset(), td.to_vec()));
    }
    for elem in 0..8i64 {
        let e = z.view().slice((elem, U)).unwrap();
        let ed = zd.view().slice((elem, U)).unwrap();
        assert_eq!(
            (e.layout().to_string(), e.offset(), e.to_vec()),
            (ed.layout().to_string(), ed.offset(), ed.to_vec())
        );
    }
    assert_eq!(z.view().slice((U, 12i64)).unwrap_err(), Error::OutOfDomain);
    // Every slice of the 8×12 matrix: rows, columns, single elements.
    for i in 0..8i64 {
        let r = typed.view().slice((i, U)).unwrap();
        assert_eq!(r.layout().to_string(), "(_12):(_1)");
        assert_eq!(r.to_vec(), dynamic.view().slice((i, U)).unwrap().to_vec());
        for j in 0..12i64 {
            let e = typed.view().slice((i, j)).unwrap();
            assert_eq!(e.layout().to_string(), "_1:_0");
            assert_eq!(e.to_vec(), [i as i32 * 12 + j as i32]);
        }
    }
    // A typed mixed layout divides and slices at run time.
    let mixed = make_tensor(&data[..], Layout::new((8i64, 12i64), (12i64, _1)).unwrap()).unwrap();
    let zm = mixed.view().zipped_divide((_2, _4)).unwrap();
    assert_eq!(zm.layout().to_string(), "((_2,_4),(4,3)):((12,_1),(24,_4))");
    assert_eq!(zm.to_vec(), z.to_vec());
    assert_eq!(
        mixed.view().slice((U, 3usize)).unwrap().to_vec(),
        typed.view().slice((U, 3)).unwrap().to_vec()
    );
}
