//! Thread–value layouts: MMA atoms as data (checked against the closed-form
//! register maps of the PTX ISA / CuTe traits), tiled MMAs and copies (checked
//! against CuTe C++ output). Their pictures are tested in cute-print.
use cute_typed::tensor::Offsets;
use cute_typed::tv::{
    make_layout_tv, sm80_16x8x16_f32f16f16f32_tn, sm90_64xnx16_f32f16f16_ss, sm90_c_layout_64xn,
    universal_fma, MmaAtom, TiledCopy, TiledMma, TvLayout,
};
use cute_typed::{DLayout, Error};

fn l(s: &str) -> DLayout {
    s.parse().unwrap()
}

/// `ours` and CuTe's layout are the same function on `[0,T) × [0,V)`: equal
/// values at every 1-D index `t + T·v`, walked in layout order.
fn same_function(ours: &TvLayout, cpp: &str, what: &str) {
    let cpp = l(cpp);
    let t = cpp.shape().get(0).unwrap().product().unwrap().value;
    let v = cpp.shape().get(1).unwrap().product().unwrap().value;
    assert_eq!(
        (ours.threads().unwrap(), ours.values().unwrap()),
        (t, v),
        "{what}: T×V"
    );
    let mine = Offsets::new(&ours.layout(), 0).unwrap();
    let theirs = Offsets::new(&cpp, 0).unwrap();
    for (i, (x, y)) in mine.zip(theirs).enumerate() {
        assert_eq!(x, y, "{what}: t={} v={}", i as i64 % t, i as i64 / t);
    }
}

#[test]
fn sm80_m16n8k16_register_maps() {
    let atom = sm80_16x8x16_f32f16f16f32_tn();
    assert_eq!(atom.shape_mnk, (16, 8, 16));
    let a = TvLayout::new(atom.a, 16, 16).unwrap();
    let b = TvLayout::new(atom.b, 8, 16).unwrap();
    let c = TvLayout::new(atom.c, 16, 8).unwrap();
    assert_eq!((a.threads().unwrap(), a.values().unwrap()), (32, 8));
    assert_eq!((b.threads().unwrap(), b.values().unwrap()), (32, 4));
    assert_eq!((c.threads().unwrap(), c.values().unwrap()), (32, 4));
    for t in 0..32 {
        for v in 0..8 {
            let (v0, v1, v2) = (v % 2, (v / 2) % 2, v / 4);
            // PTX ISA, mma.m16n8k16 .f16 A fragment: row = groupID + 8·v₁,
            // col = 2·threadID_in_group + v₀ + 8·v₂.
            assert_eq!(
                a.coord(t, v).unwrap(),
                (t / 4 + 8 * v1, 2 * (t % 4) + v0 + 8 * v2)
            );
        }
        for v in 0..4 {
            let (v0, v1) = (v % 2, v / 2);
            assert_eq!(b.coord(t, v).unwrap(), (t / 4, 2 * (t % 4) + v0 + 8 * v1));
            assert_eq!(c.coord(t, v).unwrap(), (t / 4 + 8 * v1, 2 * (t % 4) + v0));
        }
    }
    // Every element of A, B and C is held by exactly one (thread, value).
    for tv in [a, b, c] {
        let owners = tv.owners().unwrap();
        assert!(owners.iter().all(Option::is_some));
        let mut seen = vec![0; owners.len()];
        for t in 0..tv.threads().unwrap() {
            for v in 0..tv.values().unwrap() {
                seen[tv.index(t, v).unwrap() as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == 1));
    }
}

#[test]
fn sm90_wgmma_accumulator_map() {
    for n in [8, 16, 64, 128, 256] {
        let c = TvLayout::new(sm90_c_layout_64xn(n).unwrap(), 64, n).unwrap();
        assert_eq!(c.threads().unwrap(), 128);
        assert_eq!(c.values().unwrap(), n / 2);
        let mut seen = vec![false; (64 * n) as usize];
        for t in 0..128 {
            for v in 0..n / 2 {
                let m = 16 * (t / 32) + (t % 32) / 4 + 8 * ((v / 2) % 2);
                let nn = 2 * (t % 4) + v % 2 + 8 * (v / 4);
                assert_eq!(c.coord(t, v).unwrap(), (m, nn), "N={n} t={t} v={v}");
                let i = c.index(t, v).unwrap() as usize;
                assert!(!seen[i]);
                seen[i] = true;
            }
        }
    }
    assert_eq!(sm90_c_layout_64xn(12).unwrap_err(), Error::Unsupported);
    assert_eq!(sm90_c_layout_64xn(264).unwrap_err(), Error::Unsupported);
    // The shared-memory operands are broadcast: every thread sees the whole tile.
    let atom = sm90_64xnx16_f32f16f16_ss(256).unwrap();
    let a = TvLayout::new(atom.a, 64, 16).unwrap();
    assert_eq!(a.coord(0, 17).unwrap(), a.coord(127, 17).unwrap());
    assert_eq!(a.owners().unwrap()[17], Some((0, 17)));
    assert_eq!(
        atom.c.to_string(),
        "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))"
    );
}

#[test]
fn tv_layout_rejects_out_of_tile_indices() {
    let c = sm80_16x8x16_f32f16f16f32_tn().c;
    assert_eq!(TvLayout::new(&c, 16, 4).unwrap_err(), Error::OutOfDomain);
    assert_eq!(TvLayout::new(&c, 8, 8).unwrap_err(), Error::OutOfDomain);
    let tv = TvLayout::new(c, 16, 8).unwrap();
    assert_eq!(tv.coord(32, 0).unwrap_err(), Error::OutOfDomain);
    assert_eq!(tv.coord(0, 4).unwrap_err(), Error::OutOfDomain);
}

/// `get_layout{C,A,B}_TV()` of `make_tiled_mma(atom, atom_layout)` printed by
/// CuTe 4.2 (g++ against the 4.2.0 headers).
fn tiled_mma_matches_cute(atom: MmaAtom, atom_layout: &str, tile: (i64, i64, i64), cpp: [&str; 3]) {
    let mma = TiledMma::new(atom.clone(), l(atom_layout)).unwrap();
    assert_eq!(mma.tile_mnk(), tile, "{atom_layout}");
    let what = format!("{} {atom_layout}", atom.name);
    same_function(&mma.layout_c_tv().unwrap(), cpp[0], &format!("C {what}"));
    same_function(&mma.layout_a_tv().unwrap(), cpp[1], &format!("A {what}"));
    same_function(&mma.layout_b_tv().unwrap(), cpp[2], &format!("B {what}"));
}

#[test]
fn tiled_mma_tv_layouts_match_cute() {
    let sm80 = sm80_16x8x16_f32f16f16f32_tn();
    tiled_mma_matches_cute(
        sm80.clone(),
        "(_2,_2,_1):(_1,_2,_0)",
        (32, 16, 16),
        [
            "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))",
            "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))",
            "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))",
        ],
    );
    tiled_mma_matches_cute(
        sm80.clone(),
        "(_2,_2,_1):(_2,_1,_0)",
        (32, 16, 16),
        [
            "(((_4,_8),_2,_2),((_2,_2),(_1,_1))):(((_64,_1),_256,_16),((_32,_8),(_0,_0)))",
            "(((_4,_8),_2,_2),((_2,_2,_2),(_1,_1))):(((_64,_1),_0,_16),((_32,_8,_256),(_0,_0)))",
            "(((_4,_8),_2,_2),((_2,_2),(_1,_1))):(((_32,_1),_8,_0),((_16,_128),(_0,_0)))",
        ],
    );
    // Threads split along K: A and B as in CuTe. CuTe's get_layoutC_TV sends the
    // second K group (threads 64..128) outside the 16×16 C tile (index 256 and
    // up: its thread mode `(_4,_8,_4):(_32,_1,_128)` runs on past the tile);
    // here those threads hold the same C elements as their K partners, which is
    // what they accumulate (partial sums to be reduced).
    {
        let mma = TiledMma::new(sm80, l("(_1,_2,_2):(_0,_1,_2)")).unwrap();
        assert_eq!(mma.tile_mnk(), (16, 16, 32));
        let what = "(_1,_2,_2)";
        same_function(
            &mma.layout_a_tv().unwrap(),
            "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_32,_1,_0,_256),((_16,_8,_128),(_0,_0)))",
            what,
        );
        same_function(
            &mma.layout_b_tv().unwrap(),
            "((_4,_16,_2),((_2,_2),(_1,_1))):((_32,_1,_256),((_16,_128),(_0,_0)))",
            what,
        );
        let c = mma.layout_c_tv().unwrap();
        let cpp = l("((_4,_8,_4),((_2,_2),(_1,_1))):((_32,_1,_128),((_16,_8),(_0,_0)))");
        for t in 0..64 {
            for v in 0..4 {
                let tv = cute_typed::DTuple::tuple(&[
                    cute_typed::DTuple::d(t),
                    cute_typed::DTuple::d(v),
                ])
                .unwrap();
                assert_eq!(c.index(t, v).unwrap(), cpp.eval(&tv).unwrap().value);
                assert_eq!(c.index(t + 64, v).unwrap(), c.index(t, v).unwrap());
            }
        }
    }
    tiled_mma_matches_cute(
        universal_fma(),
        "(_16,_16,_1):(_1,_16,_0)",
        (16, 16, 1),
        [
            "(_256,(_1,(_1,_1))):(_1,(_0,(_0,_0)))",
            "((_16,_16),(_1,(_1,_1))):((_1,_0),(_0,(_0,_0)))",
            "((_16,_16),(_1,(_1,_1))):((_0,_1),(_0,(_0,_0)))",
        ],
    );
    tiled_mma_matches_cute(
        universal_fma(),
        "(_4,_8,_1):(_8,_1,_0)",
        (4, 8, 1),
        [
            "((_8,_4),(_1,(_1,_1))):((_4,_1),(_0,(_0,_0)))",
            "((_8,_4),(_1,(_1,_1))):((_0,_1),(_0,(_0,_0)))",
            "((_8,_4),(_1,(_1,_1))):((_1,_0),(_0,(_0,_0)))",
        ],
    );
    tiled_mma_matches_cute(
        sm90_64xnx16_f32f16f16_ss(64).unwrap(),
        "(_2,_1,_1):(_1,_0,_0)",
        (128, 64, 16),
        [
            "((_4,_8,_8),((_2,_2,_8),(_1,_1))):((_256,_1,_16),((_128,_8,_1024),(_0,_0)))",
            "((_128,_2),((_64,_16),(_1,_1))):((_0,_64),((_1,_128),(_0,_0)))",
            "(_256,((_64,_16),(_1,_1))):(_0,((_1,_64),(_0,_0)))",
        ],
    );
}

#[test]
fn make_layout_tv_matches_cute() {
    // right_inverse(raked_product(thr, val)).with_shape(size(thr), size(val)), by CuTe 4.2.
    for (thr, val, tile, cpp) in [
        (
            "(_32,_8):(_1,_32)",
            "(_4,_1):(_1,_0)",
            (128, 8),
            "(_256,_4):(_4,_1)",
        ),
        (
            "(_16,_8):(_8,_1)",
            "(_1,_8):(_0,_1)",
            (16, 64),
            "((_8,_16),_8):((_128,_1),_16)",
        ),
        (
            "(_8,_4):(_1,_8)",
            "(_2,_2):(_1,_2)",
            (16, 8),
            "((_8,_4),(_2,_2)):((_2,_32),(_1,_16))",
        ),
    ] {
        let tv = make_layout_tv(&l(thr), &l(val)).unwrap();
        assert_eq!(tv.tile(), tile, "{thr} {val}");
        same_function(&tv, cpp, &format!("make_layout_tv({thr}, {val})"));
        let copy = TiledCopy::new(&l(thr), &l(val)).unwrap();
        assert_eq!(copy.layout_s_tv(), tv);
    }
}

#[test]
fn atoms_by_name_and_tv_of_a_copy() {
    assert_eq!(
        MmaAtom::by_name("sm80_16x8x16").unwrap(),
        sm80_16x8x16_f32f16f16f32_tn()
    );
    assert_eq!(
        MmaAtom::by_name("SM90_64x128x16").unwrap(),
        sm90_64xnx16_f32f16f16_ss(128).unwrap()
    );
    assert_eq!(MmaAtom::by_name("fma").unwrap(), universal_fma());
    assert_eq!(
        MmaAtom::by_name("sm90_64x12x16").unwrap_err(),
        Error::Unsupported
    );
    assert_eq!(MmaAtom::by_name("sm75").unwrap_err(), Error::Unsupported);
    // A tiled copy of 4×2 threads (column-major), 2×1 values each, covers an 8×2 tile.
    let copy = TiledCopy::new(&l("(4,2):(1,4)"), &l("(2,1):(1,0)")).unwrap();
    assert_eq!(copy.tile(), (8, 2));
    // A non-injective thread layout is refused.
    assert_eq!(
        make_layout_tv(&l("(4,2):(1,1)"), &l("(2,1):(1,0)")).unwrap_err(),
        Error::NotInjective
    );
}
