//! Pictures of thread–value layouts (moved here from cute-types' tests with the
//! renderers): every element labelled `T<thread>V<value>` and coloured by thread.
use cute_print::tv::{copy_svg, mma_svg, tv_svg, MmaGrid, TvGrids};
use cute_typed::tv::{sm80_16x8x16_f32f16f16f32_tn, TiledCopy, TiledMma, TvLayout};
use cute_types::{DLayout, Error};

fn l(s: &str) -> DLayout {
    s.parse().unwrap()
}

#[test]
fn tv_picture_labels_every_cell_by_thread() {
    let c = TvLayout::new(sm80_16x8x16_f32f16f16f32_tn().c, 16, 8).unwrap();
    let mut svg = String::new();
    tv_svg(&mut svg, &c).unwrap();
    assert_eq!(svg.matches("class=\"cell\"").count(), 128);
    // (m, n) = (9, 3): t/4 = 1 and v₁ = 1 from m; 2·(t%4) + v₀ = 3 from n → t = 5, v = 3.
    assert!(
        svg.contains("<title>(9,3): T5V3</title>"),
        "{}",
        &svg[..400]
    );
    for t in 0..32 {
        assert!(svg.contains(&format!(">T{t}<")), "thread {t} missing");
    }
}

#[test]
fn tiled_mma_picture_has_a_b_and_c() {
    let mma = TiledMma::new(sm80_16x8x16_f32f16f16f32_tn(), l("(_2,_2,_1):(_1,_2,_0)")).unwrap();
    let (a, b, c) = (
        mma.layout_a_tv().unwrap(),
        mma.layout_b_tv().unwrap(),
        mma.layout_c_tv().unwrap(),
    );
    let grid = MmaGrid::new(&a, &b, &c, "SM80 2x2x1").unwrap();
    let mut svg = String::new();
    mma_svg(&mut svg, &grid).unwrap();
    // (K + 1 + M) × (K + 1 + N) cells: 16 + 1 + 32 rows, 16 + 1 + 16 columns.
    assert_eq!(svg.matches("class=\"cell\"").count(), 49 * 33);
    // C(0,0) is thread 0 value 0, drawn at row K+1, column K+1.
    assert!(svg.contains("<title>(17,17): T0V0</title>"));
    // A(16, 0): thread 32 (warp 1 holds rows 16..32 of A), value 0; row K+1+16, column 0.
    assert!(svg.contains("<title>(33,0): T32V0</title>"));
    // B drawn transposed: B(n=8, k=0) is warp 2 (thread 64), at row 0, column K+1+8.
    assert!(svg.contains("<title>(0,25): T64V0</title>"));
    // Mismatched tiles are refused.
    assert_eq!(
        MmaGrid::new(&a, &b, &b, "bad").err(),
        Some(Error::SizeMismatch)
    );
}

#[test]
fn cli_pictures_from_text() {
    use cute_print::tv::{render_tv_picture, PictureFormat, TvPictureError, TvPictureSpec};
    let tv =
        |layout, tile| render_tv_picture(&TvPictureSpec::Tv { layout, tile }, PictureFormat::Svg);
    let svg = tv("((4,8),(2,2)):((32,1),(16,8))", "16,8").unwrap();
    assert_eq!(svg.matches("class=\"cell\"").count(), 128);
    assert_eq!(
        tv("((4,8),(2,2)):((32,1),(16,8))", "16,4").unwrap_err(),
        TvPictureError::OutsideTile
    );
    assert_eq!(
        tv("((4,8),(2,2)):((32,1),(16,8))", "16").unwrap_err(),
        TvPictureError::BadTile
    );
    assert_eq!(
        tv("((4,8),(2,2)):((32,1),(16,8))", "0,8").unwrap_err(),
        TvPictureError::BadTile
    );
    assert!(matches!(
        tv("((4,8),(2,2):((32,1),(16,8))", "16,8"),
        Err(TvPictureError::Parse(_))
    ));
    let mma = |atom, atom_layout| {
        render_tv_picture(
            &TvPictureSpec::Mma { atom, atom_layout },
            PictureFormat::Latex,
        )
    };
    let tex = mma("sm90_64x16x16", "(1,1,1)").unwrap();
    assert!(tex.contains("T127") && tex.contains("begin{tikzpicture}"));
    assert_eq!(
        mma("sm75_16x8x8", "(1,1,1)").unwrap_err(),
        TvPictureError::UnknownAtom
    );
    assert_eq!(
        mma("fma", "(2,2,1):(1,1,0)").unwrap_err(),
        TvPictureError::AtomLayoutNotBijective
    );
    assert_eq!(
        mma("fma", "(2,2)").unwrap_err(),
        TvPictureError::AtomLayoutRank { rank: 2 }
    );
    assert_eq!(
        mma("fma", "(100000,1,1)").unwrap_err(),
        TvPictureError::TooManyAtoms {
            atoms: 100_000,
            limit: 1 << 16
        }
    );
    assert_eq!(
        tv("4:0", "1,1").unwrap_err(),
        TvPictureError::TvRank { rank: 1 }
    );
}

#[test]
fn tiled_copy_picture_shows_source_and_destination() {
    // A tiled copy: 4×2 threads (column-major), 2×1 values each, over an 8×2 tile;
    // source and destination side by side with a 3-column gap.
    let copy = TiledCopy::new(&l("(4,2):(1,4)"), &l("(2,1):(1,0)")).unwrap();
    assert_eq!(copy.tile(), (8, 2));
    let mut svg = String::new();
    copy_svg(&mut svg, &copy.grid().unwrap()).unwrap();
    assert_eq!(svg.matches("class=\"cell\"").count(), 8 * (2 + 3 + 2));
    // Thread 1's values are rows 2 and 3 of column 0, on both sides.
    assert!(
        svg.contains("<title>(2,0): T1V0</title>") && svg.contains("<title>(3,5): T1V1</title>")
    );
}
