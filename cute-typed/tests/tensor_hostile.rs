//! Hostile inputs to ragged tiles, run-time tile extents and identity
//! predicates (`tensor/ragged.rs`, `typed_tile.rs`, `identity.rs`): huge and
//! zero extents, coordinates outside the grid, negative strides and tiles
//! overhanging the storage. Every access is checked against an independent
//! computation of its index (in `i128`): an access either reads exactly
//! `data[index]` or is [`Error::OutOfStorage`]; nothing reads elsewhere and
//! nothing panics.
use cute_typed::tensor::*;
use cute_typed::*;
use proptest::prelude::*;

fn hostile() -> impl Strategy<Value = i64> {
    prop_oneof![
        4 => -3i64..=40,
        1 => prop::sample::select(vec![
            0,
            -1,
            i64::MAX,
            i64::MIN,
            i64::MAX / 2,
            1 << 31,
            1 << 40,
            -(1 << 40),
            3_037_000_500
        ]),
        1 => any::<i64>(),
    ]
}

const N_DATA: usize = 200;

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// A ragged tile of a row-major `m×n` tensor with leading dimension `ld`
    /// (any sign) by run-time extents `(bm, bn)` at `(c0, c1)`.
    #[test]
    fn ragged_tiles_read_exactly_their_elements(
        m in hostile(), n in hostile(), ld in hostile(),
        bm in hostile(), bn in hostile(), c0 in hostile(), c1 in hostile(),
    ) {
        let data: Vec<i64> = (0..N_DATA as i64).collect();
        let Ok(layout) = Layout::new((m, n), (ld, _1)) else {
            // Refused: a shape entry below 1, or a size or span beyond i64.
            let span = (m as i128 - 1) * (ld as i128).abs() * i128::from(m != 1) + n as i128 - 1;
            prop_assert!(m < 1 || n < 1 || m.checked_mul(n).is_none() || span > i64::MAX as i128);
            return Ok(());
        };
        let a = Tensor::new(Ragged::new(&data[..]), layout);
        let Ok(a) = a else { return Ok(()) };
        // Tiles of a ragged tensor are ragged (`local_tile` keeps the engine).
        let g = match a.local_tile(&(bm, bn), (c0, c1)) {
            Ok(g) => g,
            Err(e) => {
                let grid = |s: i64, b: i64| s / b + i64::from(s % b != 0);
                if bm < 1 || bn < 1 {
                    prop_assert_eq!(e, Error::NonPositiveShape);
                } else if c0 < 0 || c1 < 0 || c0 >= grid(m, bm) || c1 >= grid(n, bn) {
                    // Both rules may be broken: a tile step beyond i64 is
                    // reported first.
                    prop_assert!(e == Error::OutOfDomain || e == Error::Overflow, "{:?}", e);
                } else {
                    prop_assert_eq!(e, Error::Overflow);
                }
                return Ok(());
            }
        };
        // The tile is within the grid.
        prop_assert!(bm >= 1 && bn >= 1 && c0 >= 0 && c1 >= 0);
        prop_assert!((c0 as i128) * (bm as i128) < m as i128 + bm as i128);
        for i in [0, 1, 2, bm - 1, bm / 2] {
            for j in [0, 1, 2, bn - 1, bn / 2] {
                if i < 0 || i >= bm || j < 0 || j >= bn {
                    continue;
                }
                let want = ((c0 * bm + i) as i128) * ld as i128 + ((c1 * bn + j) as i128);
                let got = g.at((i, j));
                if (0..N_DATA as i128).contains(&want) {
                    prop_assert_eq!(got, Ok(&data[want as usize]), "({}, {})", i, j);
                } else {
                    prop_assert_eq!(got, Err(Error::OutOfStorage), "({}, {})", i, j);
                }
            }
        }
        // Coordinates outside the tile are refused, never read.
        for (i, j) in [(bm, 0), (0, bn), (-1, 0), (0, -1), (i64::MAX, 0), (i64::MIN, i64::MIN)] {
            prop_assert!(g.at((i, j)).is_err());
        }
    }

    /// The identity tiled the same way predicates exactly the elements inside
    /// `(m, n)`, or its tile is refused with a typed error.
    #[test]
    fn identity_predicates_are_exact(
        m in hostile(), n in hostile(), bm in hostile(), bn in hostile(),
        c0 in hostile(), c1 in hostile(),
    ) {
        let Ok(id) = make_identity_tensor_typed((m, n)) else {
            prop_assert!(m < 1 || n < 1 || m >= 1 << 30 || n >= 1 << 30);
            return Ok(());
        };
        let Ok(t) = id.local_tile(&(bm, bn), (c0, c1)) else { return Ok(()) };
        for i in [0, 1, bm - 1, bm / 2] {
            for j in [0, 1, bn - 1, bn / 2] {
                if i < 0 || i >= bm || j < 0 || j >= bn {
                    continue;
                }
                let (r, c) = (c0 * bm + i, c1 * bn + j);
                prop_assert_eq!(t.in_bounds((i, j), &[m, n]), Ok(r < m && c < n));
                prop_assert_eq!(t.coord_at((i, j), 0), Ok(r));
                prop_assert_eq!(t.coord_at((i, j), 1), Ok(c));
            }
        }
    }
}

#[test]
fn an_identity_tile_past_its_digits_is_refused() {
    // (3,3) has 31-bit digits; a tile of 2^40 rows would spill into the column digit.
    let id = make_identity_tensor_typed((3i64, 3i64)).unwrap();
    let r = id.local_tile(&(1i64 << 40, 2i64), (0i64, 1i64));
    assert_eq!(r.map(|_| ()), Err(Error::Overflow));
}

#[test]
fn huge_tiles_of_a_plain_tensor_are_refused() {
    // A tile of i64::MAX rows at stride 4: its cosize does not fit in i64.
    let data = [0u8; 16];
    let a = make_tensor(&data[..], Layout::new((4i64, 4i64), (4i64, _1)).unwrap()).unwrap();
    assert_eq!(
        a.local_tile(&(i64::MAX, 1i64), (0i64, 0i64)).map(|_| ()),
        Err(Error::Overflow)
    );
    assert_eq!(
        a.local_tile(&(2i64, 2i64), (2i64, 0i64)).map(|_| ()),
        Err(Error::OutOfDomain)
    );
    assert_eq!(
        a.local_tile(&(0i64, 2i64), (0i64, 0i64)).map(|_| ()),
        Err(Error::NonPositiveShape)
    );
}

#[test]
fn a_unit_mode_takes_any_stride() {
    // C++ accepts (1,4):(INT64_MIN,1); no index uses the stride.
    let l = Layout::new((1i64, 4i64), (i64::MIN, _1)).unwrap();
    assert_eq!(LayoutLike::eval_index(&l, 3), Ok(3));
    assert_eq!(l.size(), 4);
    // The typed and dynamic cosize agree (the fuzz target typed_convert
    // found the dynamic one still taking |i64::MIN|).
    assert_eq!(l.cosize(), 4);
    let d: DLayout = "(1,4):(-9223372036854775808,1)".parse().unwrap();
    assert_eq!(d.cosize().map(|c| c.value), Ok(4));
    assert_eq!(l.to_dynamic().cosize().map(|c| c.value), Ok(4));
}

/// A blocking far larger than the problem: the plan's work and memory follow
/// the problem, not the tile (a K tile of 2^40 ran 2^40 steps in the typed
/// kernel and allocated 2^40-entry tables, aborting, in the per-mode one).
#[test]
fn a_huge_tile_costs_what_the_problem_costs() {
    use std::time::{Duration, Instant};
    let (m, n, k) = (5i64, 3i64, 7i64);
    let a: Vec<f64> = (0..m * k).map(|i| (i % 5) as f64).collect();
    let b: Vec<f64> = (0..n * k).map(|i| (i % 3) as f64 - 1.0).collect();
    let la: DLayout = "(5,7):(1,5)".parse().unwrap();
    let lb: DLayout = "(3,7):(7,1)".parse().unwrap();
    let lc: DLayout = "(5,3):(1,5)".parse().unwrap();
    // The typed kernel (leaf modes) and the per-mode tables (a nested mode).
    let nested: DLayout = "(5,(1,7)):(1,(35,5))".parse().unwrap();
    for (la, typed) in [(la, true), (nested, false)] {
        let (ta, tb) = (
            make_tensor(&a[..], la.clone()).unwrap(),
            make_tensor(&b[..], lb.clone()).unwrap(),
        );
        for tile in [(8, 4, 1i64 << 40), (1 << 40, 4, 8), (8, 1 << 40, 1 << 20)] {
            let cfg = GemmConfig::new(tile, "(2,2):(2,1)".parse().unwrap()).unwrap();
            let t0 = Instant::now();
            let plan = GemmPlan::new(&la, &lb, &lc, &cfg).unwrap();
            assert_eq!(plan.typed(), typed);
            let mut c = make_tensor(vec![1.0; (m * n) as usize], lc.clone()).unwrap();
            let mut r = make_tensor(vec![1.0; (m * n) as usize], lc.clone()).unwrap();
            plan.run(2.0, &ta, &tb, 0.5, &mut c).unwrap();
            assert!(
                t0.elapsed() < Duration::from_secs(2),
                "{tile:?}: {:?}",
                t0.elapsed()
            );
            gemm_reference(2.0, &ta, &tb, 0.5, &mut r).unwrap();
            assert_eq!(c.to_vec(), r.to_vec(), "{tile:?}");
        }
    }
}
