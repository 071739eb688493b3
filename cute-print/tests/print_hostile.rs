//! The printers on layouts and grids that are empty along one side: the work and
//! the output stay bounded (a typed error, never a table of 2^63 rules).
use std::fmt;

use cute_print::{print_latex, print_layout, print_svg, Cell, Grid, LayoutGrid, PrintError};
use cute_types::{DLayout, DTuple, Error};

fn unchecked(shape: &str, stride: &str) -> DLayout {
    DLayout::new_unchecked_shape(
        shape.parse::<DTuple>().unwrap(),
        stride.parse::<DTuple>().unwrap(),
    )
    .unwrap()
}

/// `(2^63-1, 0)` has 0 cells, under the limit, but `print_layout` wrote a rule
/// for each of its 2^63-1 rows (5 GiB, then an allocation abort). A mode of
/// extent 0 or less is refused, for the table and the pictures.
#[test]
fn a_layout_with_an_empty_or_negative_mode_is_refused() {
    for (shape, stride) in [
        ("(9223372036854775807,0)", "(0,1)"),
        ("(0,9223372036854775807)", "(1,0)"),
        ("(4,0)", "(1,4)"),
        ("(0,4)", "(1,1)"),
        ("0", "1"),
        ("(-3,2)", "(1,1)"),
        ("(2,-9223372036854775808)", "(1,2)"),
    ] {
        let l = unchecked(shape, stride);
        let mut out = String::new();
        assert_eq!(
            print_layout(&mut out, &l),
            Err(PrintError::Algebra(Error::NonPositiveShape)),
            "{l}"
        );
        assert!(out.is_empty(), "{l}: {out}");
        assert_eq!(
            LayoutGrid::new(&l).map(|_| ()),
            Err(PrintError::Algebra(Error::NonPositiveShape)),
            "{l}"
        );
    }
}

/// A user's grid with many rows and no column: 0 cells, but every row would be
/// walked (row headers, rules): refused as too large.
struct Tall(usize, usize);

impl Grid for Tall {
    fn rows(&self) -> usize {
        self.0
    }
    fn cols(&self) -> usize {
        self.1
    }
    fn cell(&self, _: usize, _: usize) -> Result<Cell, Error> {
        Err(Error::Unsupported)
    }
    fn write_title(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str("tall")
    }
}

#[test]
fn a_grid_with_one_empty_side_is_bounded() {
    for (rows, cols) in [(usize::MAX, 0), (0, usize::MAX), (1 << 20, 0)] {
        let g = Tall(rows, cols);
        let mut out = String::new();
        assert!(
            matches!(print_svg(&mut out, &g), Err(PrintError::TooLarge { .. })),
            "{rows}x{cols}"
        );
        assert!(
            matches!(print_latex(&mut out, &g), Err(PrintError::TooLarge { .. })),
            "{rows}x{cols}"
        );
        assert!(out.is_empty());
    }
}
