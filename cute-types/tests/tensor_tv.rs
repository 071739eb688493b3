//! Thread–value layouts: MMA atoms as data (checked against the closed-form
//! register maps of the PTX ISA / CuTe traits), tiled MMAs and copies (checked
//! against CuTe C++ output), and their pictures.
use cute_types::tv::{
    sm80_16x8x16_f32f16f16f32_tn, sm90_64xnx16_f32f16f16_ss, sm90_c_layout_64xn, tv_svg, TvLayout,
};
use cute_types::Error;

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
            assert_eq!(a.coord(t, v).unwrap(), (t / 4 + 8 * v1, 2 * (t % 4) + v0 + 8 * v2));
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
    assert_eq!(atom.c.to_string(), "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))");
}

#[test]
fn tv_layout_rejects_out_of_tile_indices() {
    let c = sm80_16x8x16_f32f16f16f32_tn().c;
    assert_eq!(TvLayout::new(c, 16, 4).unwrap_err(), Error::OutOfDomain);
    assert_eq!(TvLayout::new(c, 8, 8).unwrap_err(), Error::OutOfDomain);
    let tv = TvLayout::new(c, 16, 8).unwrap();
    assert_eq!(tv.coord(32, 0).unwrap_err(), Error::OutOfDomain);
    assert_eq!(tv.coord(0, 4).unwrap_err(), Error::OutOfDomain);
}

#[test]
fn tv_picture_labels_every_cell_by_thread() {
    let c = TvLayout::new(sm80_16x8x16_f32f16f16f32_tn().c, 16, 8).unwrap();
    let mut svg = String::new();
    tv_svg(&mut svg, &c).unwrap();
    assert_eq!(svg.matches("class=\"cell\"").count(), 128);
    // (m, n) = (9, 3): t/4 = 1 and v₁ = 1 from m; 2·(t%4) + v₀ = 3 from n → t = 5, v = 3.
    assert!(svg.contains("<title>(9,3): T5V3</title>"), "{}", &svg[..400]);
    for t in 0..32 {
        assert!(svg.contains(&format!(">T{t}<")), "thread {t} missing");
    }
}
