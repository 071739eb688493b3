//! Ragged edge tiles (`local_tile_ragged`, the `Ragged` engine) and their
//! predicates (the typed identity tensor): facts from CuTe C++ 4.2 and an
//! exhaustive comparison with the `DLayout` path.
// The spelled-out tile types are what these tests assert.
#![allow(clippy::type_complexity)]
use cute_typed::tensor::{
    local_tile_layout, make_identity_tensor, make_identity_tensor_typed, make_tensor, shape_tiler,
    Ragged, Tensor,
};
use cute_typed::typed::*;
use cute_typed::{DLayout, DTuple, Error};

/// CuTe C++ 4.2 (`/work/shared/tools/cute-cpp`) on a 100×60 row-major
/// `float` buffer `A = make_tensor(buf, make_layout(make_shape(100, 60),
/// make_stride(60, _1{})))`, `cA = make_identity_tensor(shape(A))`:
///
/// * `local_tile(A, (_32,_8), (3,7))` is `(_32,_8):(60,_1)` at `buf + 5816`;
/// * `local_tile(cA, …, (3,7))`: `(5,3)` ↦ `(101,59)`, `(0,0)` ↦ `(96,56)`,
///   `(31,7)` ↦ `(127,63)`; 16 of its 256 coordinates are `elem_less` than
///   `shape(A)`;
/// * tile `(3,2)` is at `buf + 5776`; in tile `(0,7)` 128 coordinates are inside;
/// * `local_partition(tile (3,7), make_layout((_8,_4), LayoutRight), 13)` is
///   `(_4,_2):(480,_4)` at `buf + 5997`; the identity's partition holds
///   `(123,61)` at `(3,1)`, and 1 of its 8 coordinates is inside.
#[test]
fn ragged_tiles_match_cute_cpp() {
    let (m, n) = (100i64, 60i64);
    let buf: Vec<f32> = (0..m * n).map(|i| i as f32).collect();
    let a = make_tensor(&buf[..], Layout::new((m, n), (n, _1)).unwrap()).unwrap();
    let ca = make_identity_tensor_typed((m, n)).unwrap();
    let bounds = [m, n];

    let g = a.view().local_tile_ragged(&(_32, _8), (3, 7)).unwrap();
    let _: &Tensor<Ragged<&[f32]>, Layout<(_32, _8), (i64, _1)>> = &g;
    assert_eq!(
        (g.layout().to_string(), g.offset()),
        ("(_32,_8):(60,_1)".into(), 5816)
    );
    let cg = ca.local_tile(&(_32, _8), (3, 7)).unwrap();
    let coord = |k: (i64, i64)| (cg.coord_at(k, 0).unwrap(), cg.coord_at(k, 1).unwrap());
    assert_eq!(coord((5, 3)), (101, 59));
    assert_eq!(coord((0, 0)), (96, 56));
    assert_eq!(coord((31, 7)), (127, 63));
    let mut live = 0;
    for i in 0..32 {
        for j in 0..8 {
            let inside = cg.in_bounds((i, j), &bounds).unwrap();
            live += inside as usize;
            if inside {
                // Inside A: the element of A at that coordinate.
                let (r, c) = coord((i, j));
                assert_eq!(*g.at((i, j)).unwrap(), (r * n + c) as f32);
            }
        }
    }
    assert_eq!(live, 16);
    // Past the buffer: an error, not a read.
    assert_eq!(g.at((31, 7)), Err(Error::OutOfStorage));
    assert_eq!(g.get((31, 7)), Err(Error::OutOfStorage));
    // Outside the tile's shape: outside its domain.
    assert_eq!(g.at((32, 0)), Err(Error::OutOfDomain));

    let g2 = a.view().local_tile_ragged(&(_32, _8), (3, 2)).unwrap();
    assert_eq!(g2.offset(), 5776);
    let c3 = ca.local_tile(&(_32, _8), (0, 7)).unwrap();
    let mut live3 = 0;
    for i in 0..32 {
        for j in 0..8 {
            live3 += c3.in_bounds((i, j), &bounds).unwrap() as usize;
        }
    }
    assert_eq!(live3, 128);

    let thr = make_layout_right((_8, _4));
    let p = g.local_partition(&thr, 13).unwrap();
    let _: &Layout<(_4, _2), (i64, _4)> = p.layout();
    assert_eq!(
        (p.layout().to_string(), p.offset()),
        ("(_4,_2):(480,_4)".into(), 5997)
    );
    let cp = cg.local_partition(&thr, 13).unwrap();
    assert_eq!(
        (cp.coord_at((3, 1), 0), cp.coord_at((3, 1), 1)),
        (Ok(123), Ok(61))
    );
    let mut livep = 0;
    for i in 0..4 {
        for j in 0..2 {
            let inside = cp.in_bounds((i, j), &bounds).unwrap();
            livep += inside as usize;
            // A thread's value is readable exactly when it lies in the buffer;
            // here the live value is the one readable one.
            assert_eq!(p.at((i, j)).is_ok(), inside);
        }
    }
    assert_eq!(livep, 1);
}

fn tuple(c: &[i64]) -> DTuple {
    DTuple::tuple(&c.iter().map(|&x| DTuple::d(x)).collect::<Vec<_>>()).unwrap()
}

/// Every tile of an `s0 × s1` matrix (run-time extents and strides) by
/// `(B0, B1)`, every element of it: the typed ragged tile reads what the
/// `DLayout` path's tile addresses (or fails where that index is outside the
/// buffer), and the typed identity tile holds the `DLayout` identity tile's
/// coordinates.
fn check_ragged_grid<B0: Numeral, B1: Numeral>(s0: i64, s1: i64, d0: i64, d1: i64, pad: i64) {
    let (b0, b1) = (C::<B0>::VALUE, C::<B1>::VALUE);
    let tiler = (C::<B0>::new(), C::<B1>::new());
    let dtiler = shape_tiler(&format!("(_{b0},_{b1})").parse().unwrap()).unwrap();
    let lay = Layout::new((s0, s1), (d0, d1)).unwrap();
    let dl = lay.to_dynamic();
    // Storage: the matrix's span plus `pad` elements (some overhangs land in it).
    let len = (dl.cosize().unwrap().value + pad) as usize;
    let buf: Vec<i64> = (0..len as i64).map(|i| 1000 + i).collect();
    let a = make_tensor(&buf[..], lay).unwrap();
    let ca = make_identity_tensor_typed((s0, s1)).unwrap();
    let dca = make_identity_tensor(&tuple(&[s0, s1])).unwrap();
    let (n0, n1) = ((s0 + b0 - 1) / b0, (s1 + b1 - 1) / b1);
    let mut inside = 0;
    for c0 in 0..n0 {
        for c1 in 0..n1 {
            let g = a.view().local_tile_ragged(&tiler, (c0, c1)).unwrap();
            let (dt, doff) = local_tile_layout(&dl, &dtiler, &tuple(&[c0, c1])).unwrap();
            assert_eq!((g.layout().to_string(), g.offset()), (dt.to_string(), doff));
            // The DTiler gives the same ragged view with a DLayout.
            let gd = a.view().local_tile_ragged(&dtiler, (c0, c1)).unwrap();
            let cg = ca.local_tile(&tiler, (c0, c1)).unwrap();
            let dcg = dca.clone().local_tile(&dtiler, (c0, c1)).unwrap();
            for i in 0..b0 {
                for j in 0..b1 {
                    let idx = doff + dt.eval(&tuple(&[i, j])).unwrap().value;
                    let want = usize::try_from(idx)
                        .ok()
                        .and_then(|x| buf.get(x))
                        .ok_or(Error::OutOfStorage);
                    assert_eq!(g.at((i, j)), want, "tile ({c0},{c1}) at ({i},{j})");
                    assert_eq!(gd.get((i, j)), want);
                    let want_c = dcg.coord((i, j)).unwrap().to_string();
                    let (r, c) = (
                        cg.coord_at((i, j), 0).unwrap(),
                        cg.coord_at((i, j), 1).unwrap(),
                    );
                    assert_eq!(format!("({r},{c})"), want_c);
                    assert_eq!((r, c), (c0 * b0 + i, c1 * b1 + j));
                    let live = cg.in_bounds((i, j), &[s0, s1]).unwrap();
                    assert_eq!(live, r < s0 && c < s1);
                    if live {
                        inside += 1;
                        // A live element is A(r, c).
                        assert_eq!(g.at((i, j)), a.at((r, c)));
                    }
                }
            }
        }
    }
    // The live elements of all tiles are the matrix, once each.
    assert_eq!(inside, s0 * s1);
}

#[test]
fn ragged_tiles_equal_the_dlayout_path_exhaustively() {
    for (s0, s1) in [(5, 7), (8, 6), (9, 9), (1, 10), (12, 1), (7, 3)] {
        for pad in [0, 3] {
            // Row-major, column-major, padded and reversed-order strides.
            check_ragged_grid::<D4, D3>(s0, s1, s1, 1, pad);
            check_ragged_grid::<D4, D3>(s0, s1, 1, s0, pad);
            check_ragged_grid::<D2, (D1, D6)>(s0, s1, s1 + 2, 1, pad);
            check_ragged_grid::<D3, D2>(s0, s1, 1, s0 + 1, pad);
        }
    }
}

#[test]
fn ragged_views_are_checked_and_plain_views_still_fit() {
    let buf = vec![0f32; 100];
    let a = make_tensor(&buf[..], Layout::new((10i64, 10i64), (10i64, _1)).unwrap()).unwrap();
    // The plain tile is refused where it overhangs, the ragged one made.
    assert_eq!(
        a.view().local_tile(&(_4, _4), (2, 0)).unwrap_err(),
        Error::OutOfStorage
    );
    let mut data = vec![0f32; 100];
    let mut am = make_tensor(
        &mut data[..],
        Layout::new((10i64, 10i64), (10i64, _1)).unwrap(),
    )
    .unwrap();
    {
        let mut g = am.view_mut().local_tile_ragged(&(_4, _4), (2, 0)).unwrap();
        *g.at_mut((1, 3)).unwrap() = 5.0; // row 9, column 3
        assert_eq!(g.at_mut((2, 0)), Err(Error::OutOfStorage)); // row 10
        assert_eq!(g.get_mut((3, 3)), Err(Error::OutOfStorage));
    }
    assert_eq!(data[93], 5.0);
    // A tile coordinate outside the grid of tiles is still refused.
    assert_eq!(
        a.view().local_tile_ragged(&(_4, _4), (3, 0)).unwrap_err(),
        Error::OutOfDomain
    );
    // A ragged view whose index arithmetic would leave i64 is refused.
    let big: DLayout = "(2,2):(4611686018427387904,1)".parse().unwrap();
    assert_eq!(
        Tensor::with_offset(Ragged::new(&buf[..]), big, i64::MAX - 1).unwrap_err(),
        Error::Overflow
    );
    // Slices of a ragged tile stay ragged and checked.
    let g = a.view().local_tile_ragged(&(_4, _4), (2, 0)).unwrap();
    let row = g.slice((3i64, cute_typed::tensor::Underscore)).unwrap();
    assert_eq!(row.get(0), Err(Error::OutOfStorage));
    let row1 = a.view().local_tile_ragged(&(_4, _4), (2, 0)).unwrap();
    let row1 = row1.slice((1i64, cute_typed::tensor::Underscore)).unwrap();
    assert_eq!(row1.get(2), Ok(&0.0));
}
