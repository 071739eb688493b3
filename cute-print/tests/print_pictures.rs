//! The SVG and LaTeX pictures: well-formed, one cell and one label per element,
//! labels equal to the layout's values, colours from the ramp, and the same
//! renderers drawing a thread/value grid.
#[path = "support/xml_check.rs"]
mod xml_check;

use std::fmt;

use cute_print::{
    category_colour, print_latex, print_svg, ramp_colour, Cell, CellLabel, Grid, LayoutGrid,
    PrintError, Shade, MAX_PICTURE_CELLS,
};
use cute_types::algebra::Swizzle;
use cute_types::{DInt, DLayout, DTuple, Error};
use xml_check::Element;

const EXAMPLES: [&str; 9] = [
    "(2,3):(1,2)",
    "(2,3):(3,1)",
    "(4,(2,2)):(4,(1,2))",
    "(4,(2,2)):(2,(1,8))",
    "(2,(2,2)):(4,(2,1))",
    "(4,(4,2)):(4,(1,16))",
    "((2,3),4):((3,1),1)",
    "(3,4):(-1,3)",
    "8:2",
];

fn layout(s: &str) -> DLayout {
    s.parse().unwrap()
}

fn svg_of<G: Grid>(grid: &G) -> Vec<Element> {
    let mut svg = String::new();
    print_svg(&mut svg, grid).unwrap();
    xml_check::parse(&svg).unwrap_or_else(|e| panic!("malformed SVG: {e}\n{svg}"))
}

fn with_class<'a>(elements: &'a [Element], name: &str, class: &str) -> Vec<&'a Element> {
    elements
        .iter()
        .filter(|e| e.name == name && e.attr("class") == Some(class))
        .collect()
}

/// `L(m, n)` row by row (a rank-1 layout is one row).
fn values_row_major(l: &DLayout) -> Vec<i64> {
    let (rows, cols) = if l.rank() == 2 {
        (
            l.shape().get(0).unwrap().product().unwrap().value,
            l.shape().get(1).unwrap().product().unwrap().value,
        )
    } else {
        (1, l.size().unwrap().value)
    };
    let mut out = Vec::new();
    for m in 0..rows {
        for n in 0..cols {
            let v = if l.rank() == 2 {
                l.eval(&DTuple::tuple(&[DTuple::d(m), DTuple::d(n)]).unwrap())
            } else {
                l.eval_index(n)
            };
            out.push(v.unwrap().value);
        }
    }
    out
}

#[test]
fn svg_is_well_formed_with_one_cell_and_one_label_per_element() {
    for s in EXAMPLES {
        let l = layout(s);
        let doc = svg_of(&LayoutGrid::new(&l).unwrap());
        assert_eq!(doc[0].name, "svg");
        assert_eq!(doc[0].attr("xmlns"), Some("http://www.w3.org/2000/svg"));
        let cells = with_class(&doc, "rect", "cell");
        let labels = with_class(&doc, "text", "label");
        let size = l.size().unwrap().value as usize;
        assert_eq!(cells.len(), size, "{s}: cells");
        assert_eq!(labels.len(), size, "{s}: labels");
        let shown: Vec<i64> = labels.iter().map(|t| t.text.parse().unwrap()).collect();
        assert_eq!(
            shown,
            values_row_major(&l),
            "{s}: labels are L(m,n) row by row"
        );
        let title = with_class(&doc, "text", "title");
        assert_eq!(title.len(), 1);
        assert_eq!(title[0].text, l.to_string());
    }
}

#[test]
fn cells_are_placed_on_a_grid_and_coloured_along_the_ramp() {
    let l = layout("(4,(2,2)):(2,(1,8))");
    let doc = svg_of(&LayoutGrid::new(&l).unwrap());
    let cells = with_class(&doc, "rect", "cell");
    let num = |e: &Element, k: &str| e.attr(k).unwrap().parse::<i64>().unwrap();
    let (x0, y0, w, h) = (
        num(cells[0], "x"),
        num(cells[0], "y"),
        num(cells[0], "width"),
        num(cells[0], "height"),
    );
    for (k, c) in cells.iter().enumerate() {
        let (m, n) = (k as i64 / 4, k as i64 % 4);
        assert_eq!(
            (num(c, "x"), num(c, "y")),
            (x0 + n * w, y0 + m * h),
            "cell {k}"
        );
    }
    let values = values_row_major(&l);
    let fill_of = |v: i64| {
        cells[values.iter().position(|&x| x == v).unwrap()]
            .attr("fill")
            .unwrap()
            .to_string()
    };
    assert_eq!(fill_of(0), ramp_colour(0.0).to_string());
    assert_eq!(fill_of(15), ramp_colour(1.0).to_string());
    assert_ne!(fill_of(7), fill_of(8));
    // Column mode (2,2): its columns carry natural coordinates, and a heavier line
    // marks where the second sub-mode begins (between columns 1 and 2).
    let axes: Vec<&str> = doc
        .iter()
        .filter(|e| e.name == "text")
        .map(|e| e.text.as_str())
        .collect();
    for c in ["(0,0)", "(1,0)", "(0,1)", "(1,1)"] {
        assert!(axes.contains(&c), "coordinate {c} missing");
    }
    let lines: Vec<&Element> = doc.iter().filter(|e| e.name == "line").collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(num(lines[0], "x1"), x0 + 2 * w);
}

#[test]
fn swizzled_title_is_escaped_and_values_are_swizzled() {
    let l = layout("(4,4):(4,1)");
    let sw = Swizzle::new(2, 0, 2).unwrap();
    let map = move |x: i64| Ok(sw.apply_int(DInt::s(x)).value);
    let title = "Sw<2,0,2>o0o(4,4):(4,1)";
    let grid = LayoutGrid::new(&l)
        .unwrap()
        .with_offset_map(&map)
        .with_title(&title);
    let doc = svg_of(&grid);
    assert_eq!(with_class(&doc, "text", "title")[0].text, title);
    let labels: Vec<String> = with_class(&doc, "text", "label")
        .iter()
        .map(|t| t.text.clone())
        .collect();
    assert_eq!(&labels[4..8], ["5", "4", "7", "6"]);
}

#[test]
fn pictures_refuse_rank_3_and_huge_grids() {
    assert_eq!(
        LayoutGrid::new(&layout("(2,2,2)")).err(),
        Some(PrintError::Rank { rank: 3 })
    );
    let huge = layout("(1024,1024)");
    let mut s = String::new();
    let err = print_svg(&mut s, &LayoutGrid::new(&huge).unwrap()).unwrap_err();
    assert_eq!(
        err,
        PrintError::TooLarge {
            cells: 1 << 20,
            limit: MAX_PICTURE_CELLS
        }
    );
    assert!(matches!(
        print_latex(&mut s, &LayoutGrid::new(&huge).unwrap()),
        Err(PrintError::TooLarge { .. })
    ));
    assert!(s.is_empty());
}

/// A thread/value picture as a tiled copy would draw it: an 4×4 tile, thread
/// `t = m % 2 + 2 * (n % 2)` holding value `v = m / 2 + 2 * (n / 2)`; the last
/// cell is left empty.
struct TvTile;

impl Grid for TvTile {
    fn rows(&self) -> usize {
        4
    }
    fn cols(&self) -> usize {
        4
    }
    fn cell(&self, m: usize, n: usize) -> Result<Cell, Error> {
        if (m, n) == (3, 3) {
            return Ok(Cell {
                label: CellLabel::Empty,
                shade: Shade::Blank,
            });
        }
        let (t, v) = ((m % 2 + 2 * (n % 2)) as i64, (m / 2 + 2 * (n / 2)) as i64);
        Ok(Cell {
            label: CellLabel::ThreadValue {
                thread: t,
                value: v,
            },
            shade: Shade::Category(t),
        })
    }
    fn write_title(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str("TV & tile")
    }
}

#[test]
fn the_renderers_draw_thread_value_grids() {
    let doc = svg_of(&TvTile);
    assert_eq!(with_class(&doc, "rect", "cell").len(), 16);
    let labels = with_class(&doc, "text", "label");
    assert_eq!(labels.len(), 15, "the empty cell has no label");
    let spans: Vec<&str> = doc
        .iter()
        .filter(|e| e.name == "tspan")
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(&spans[..4], ["T0", "V0", "T2", "V0"]);
    let fills: Vec<&str> = with_class(&doc, "rect", "cell")
        .iter()
        .map(|c| c.attr("fill").unwrap())
        .collect();
    assert_eq!(fills[1], category_colour(2).to_string());
    assert_eq!(fills[15], "#ffffff");
    assert!(
        doc.iter().all(|e| e.attr("id") != Some("ramp")),
        "no index colour bar without ramp cells"
    );
    assert_eq!(with_class(&doc, "text", "title")[0].text, "TV & tile");

    let mut tex = String::new();
    print_latex(&mut tex, &TvTile).unwrap();
    assert_eq!(tex.matches("\\node[fill=").count(), 16);
    assert!(tex.contains("\\shortstack{T3 \\\\ V1}"));
    assert!(tex.contains("TV \\& tile"));
}

#[test]
fn latex_has_one_node_per_element_at_its_coordinate() {
    for s in EXAMPLES {
        let l = layout(s);
        let mut tex = String::new();
        print_latex(&mut tex, &LayoutGrid::new(&l).unwrap()).unwrap();
        assert!(
            tex.starts_with(&format!("% Layout: {l}\n\\documentclass")),
            "{s}"
        );
        assert!(tex.trim_end().ends_with("\\end{document}"));
        let nodes: Vec<&str> = tex
            .lines()
            .filter(|x| x.starts_with("\\node[fill="))
            .collect();
        let values = values_row_major(&l);
        assert_eq!(nodes.len(), values.len(), "{s}");
        let cols = if l.rank() == 2 {
            l.shape().get(1).unwrap().product().unwrap().value as usize
        } else {
            values.len()
        };
        for (k, (node, v)) in nodes.iter().zip(&values).enumerate() {
            let at = format!("at ({},{}) {{{v}}};", k / cols, k % cols);
            assert!(
                node.ends_with(&at),
                "{s}: node {k} is {node:?}, expected …{at}"
            );
        }
        assert_eq!(
            tex.matches('{').count(),
            tex.matches('}').count(),
            "{s}: balanced braces"
        );
    }
    let mut tex = String::new();
    print_latex(
        &mut tex,
        &LayoutGrid::new(&layout("(_2,_2):(_1,_2)")).unwrap(),
    )
    .unwrap();
    assert!(
        tex.contains("{(\\_2,\\_2):(\\_1,\\_2)}"),
        "the title escapes '_'"
    );
}
