//! `print_layout` against tables printed by CuTe C++ 4.2 itself
//! (`tests/data/*.txt`, produced by the `.cpp` files beside them with
//! `/work/shared/tools/cute-cpp`).
use cute_print::{print_layout, print_table, LayoutGrid, PrintError, MAX_PICTURE_CELLS};
use cute_types::algebra::Swizzle;
use cute_types::{DInt, DLayout, Error};

const DOC_EXAMPLES: &str = include_str!("data/print_layout_cpp.txt");
const EXTRA: &str = include_str!("data/print_layout_cpp_extra.txt");

/// Splits C++ output into (notation line, table text) blocks: a table line starts
/// with a space, a notation line does not.
fn blocks(text: &str) -> Vec<(&str, String)> {
    let mut out: Vec<(&str, String)> = Vec::new();
    for line in text.lines() {
        if line.starts_with(' ') {
            let table = &mut out.last_mut().expect("table before notation").1;
            table.push_str(line);
            table.push('\n');
        } else {
            out.push((line, String::new()));
        }
    }
    out
}

fn layout(s: &str) -> DLayout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn table_of(grid: &LayoutGrid<'_>) -> String {
    let mut s = String::new();
    print_table(&mut s, grid).unwrap();
    s
}

#[test]
fn documentation_examples_match_cpp_character_for_character() {
    let blocks = blocks(DOC_EXAMPLES);
    let notations: Vec<&str> = blocks.iter().map(|b| b.0).collect();
    assert_eq!(
        notations,
        [
            "(_2,_3):(_1,_2)",
            "(_2,_3):(_3,_1)",
            "(_4,(_2,_2)):(_4,(_1,_2))",
            "(_4,(_2,_2)):(_2,(_1,_8))",
            "(_2,(_2,_2)):(_4,(_2,_1))",
            "(_4,(_4,_2)):(_4,(_1,_16))",
            "((_2,_3),_4):((_3,_1),_1)",
        ]
    );
    for (notation, table) in &blocks {
        let mut got = String::new();
        print_layout(&mut got, &layout(notation)).unwrap();
        assert_eq!(
            got,
            format!("{notation}\n{table}"),
            "print_layout({notation})"
        );
    }
}

#[test]
fn negative_strides_and_wide_cells_match_cpp() {
    let blocks = blocks(EXTRA);
    // C++ writes the static -1 as `_-1`, which is not layout text; the table is what matters.
    assert_eq!(blocks[0].0, "(_3,_4):(_-1,_3)");
    let neg = layout("(3,4):(-1,3)");
    assert_eq!(table_of(&LayoutGrid::new(&neg).unwrap()), blocks[0].1);
    let wide = layout(blocks[1].0);
    assert_eq!(table_of(&LayoutGrid::new(&wide).unwrap()), blocks[1].1);
}

#[test]
fn rank1_layout_is_the_row_cpp_prints_for_1_0_prepended() {
    let blocks = blocks(EXTRA);
    assert_eq!(blocks[2].0, "(_1,((_2,_3))):(_0,((_3,_1)))");
    let l = layout("((_2,_3)):((_3,_1))");
    let mut got = String::new();
    print_layout(&mut got, &l).unwrap();
    assert_eq!(got, format!("((_2,_3)):((_3,_1))\n{}", blocks[2].1));
    // An integer shape is rank 1 too.
    let mut got = String::new();
    print_layout(&mut got, &layout("8:2")).unwrap();
    assert_eq!(
        got.lines().nth(3),
        Some(" 0  |  0 |  2 |  4 |  6 |  8 | 10 | 12 | 14 |")
    );
}

#[test]
fn swizzled_layouts_match_cpp() {
    let blocks = blocks(EXTRA);
    let cases = [
        ((2, 0, 2), "(_4,_4):(_4,_1)"),
        ((1, 1, 2), "(_8,_4):(_1,_8)"),
        ((2, 0, -2), "(_4,_4):(_1,_4)"),
    ];
    for (k, ((b, m, s), inner)) in cases.into_iter().enumerate() {
        let (notation, table) = &blocks[3 + k];
        let sw = Swizzle::new(b, m, s).unwrap();
        assert_eq!(*notation, format!("{sw} o _0 o {inner}"));
        let map = move |x: i64| Ok(sw.apply_int(DInt::s(x)).value);
        let l = layout(inner);
        let grid = LayoutGrid::new(&l).unwrap().with_offset_map(&map);
        assert_eq!(table_of(&grid), *table, "{notation}");
    }
}

#[test]
fn rank_0_and_rank_3_are_refused_with_their_rank() {
    let mut s = String::new();
    assert_eq!(
        print_layout(&mut s, &layout("(2,2,2)")),
        Err(PrintError::Rank { rank: 3 })
    );
    assert_eq!(
        print_layout(&mut s, &layout("((2,2),2,(1,1),3):((1,2),4,(0,0),8)")),
        Err(PrintError::Rank { rank: 4 })
    );
    assert_eq!(
        print_layout(&mut s, &layout("():()")),
        Err(PrintError::Rank { rank: 0 })
    );
    assert!(
        s.is_empty(),
        "nothing is written before the rank is checked"
    );
    assert!(PrintError::Rank { rank: 3 }.to_string().contains("rank 3"));
}

#[test]
fn an_overflowing_cosize_is_refused_before_anything_is_written() {
    let mut s = String::new();
    let l = layout("(4611686018427387904,4):(2,1)");
    assert_eq!(
        print_layout(&mut s, &l),
        Err(PrintError::Algebra(Error::Overflow))
    );
    assert!(s.is_empty());
}

#[test]
fn offset_map_errors_stop_the_table() {
    let l = layout("(2,2):(1,2)");
    let fail = |x: i64| if x == 3 { Err(Error::Overflow) } else { Ok(x) };
    let grid = LayoutGrid::new(&l).unwrap().with_offset_map(&fail);
    let mut s = String::new();
    assert_eq!(
        print_table(&mut s, &grid),
        Err(PrintError::Algebra(Error::Overflow))
    );
}

#[test]
fn a_failing_sink_is_a_write_error() {
    struct Full;
    impl core::fmt::Write for Full {
        fn write_str(&mut self, _: &str) -> core::fmt::Result {
            Err(core::fmt::Error)
        }
    }
    assert_eq!(
        print_layout(&mut Full, &layout("(2,2)")),
        Err(PrintError::Write)
    );
}

/// `print_table` refuses tables larger than the pictures may be.
#[test]
fn tables_are_capped_like_pictures() {
    let mut out = String::new();
    let huge: cute_types::DLayout = "9223372036854775807:1".parse().unwrap();
    assert_eq!(
        print_layout(&mut out, &huge),
        Err(PrintError::TooLarge {
            cells: 9223372036854775807,
            limit: MAX_PICTURE_CELLS
        })
    );
    let largest: cute_types::DLayout = "(256,256):(1,256)".parse().unwrap();
    out.clear();
    assert_eq!(print_layout(&mut out, &largest), Ok(()));
    let one_more: cute_types::DLayout = "(257,256):(1,257)".parse().unwrap();
    assert!(print_layout(&mut out, &one_more).is_err());
}
