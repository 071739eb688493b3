//! `print_layout`: CuTe's text table of a rank-2 layout (a rank-1 layout is one row).
//!
//! The format, for a layout whose cosize has `w` decimal digits:
//!
//! ```text
//! (_2,_3):(_3,_1)          <- the layout (print_layout only)
//!       0   1   2          <- "    ", then "  {n:>w} " per column
//!     +---+---+---+        <- "    ", then "+" and w+2 dashes per column, then "+"
//!  0  | 0 | 1 | 2 |        <- "{m:>2}  ", then "| {value:>w} " per column, then "|"
//!     +---+---+---+
//!  1  | 3 | 4 | 5 |
//!     +---+---+---+
//! ```
//!
//! Cell `(m, n)` holds `L(m, n)`, with `m` and `n` 1-D indices into modes 0 and 1.
//! The header keeps CuTe's trailing space.
use core::fmt::Write;

use super::error::PrintError;
use super::grid::{Grid, LayoutGrid};
use cute_typed::tensor::TensorLayout;
use cute_types::dynamic::DLayout;

/// Writes CuTe's `print_layout` output for `layout`: its notation on one line
/// (static leaves marked `_`, as C++ prints them), then the table (see
/// [`print_table`]).
///
/// Errors: [`PrintError::Rank`] for rank 0 or ≥ 3, [`PrintError::TooLarge`]
/// above [`MAX_PICTURE_CELLS`](super::MAX_PICTURE_CELLS) cells (as the pictures).
///
/// Any layout: a [`DLayout`], a typed `Layout<S, D>` or a static algebra result
/// (everything that implements `LayoutOperand`).
///
/// ```
/// let l: cute_types::DLayout = "(_2,_3):(_1,_2)".parse().unwrap();
/// let mut s = String::new();
/// cute_print::print_layout(&mut s, &l).unwrap();
/// assert_eq!(s.lines().nth(3), Some(" 0  | 0 | 2 | 4 |"));
/// // The same layout, typed: the same table.
/// use cute_typed::typed::*;
/// let mut t = String::new();
/// cute_print::print_layout(&mut t, &make_layout((_2, _3))).unwrap();
/// assert_eq!(t, s);
/// ```
pub fn print_layout<W: Write + ?Sized, L: TensorLayout + ?Sized>(
    out: &mut W,
    layout: &L,
) -> Result<(), PrintError> {
    let layout: DLayout = layout.to_dlayout();
    let grid = LayoutGrid::new(&layout)?;
    writeln!(out, "{layout}")?;
    print_table(out, &grid)
}

/// Writes the table of a layout grid, without the notation line. The cell width is
/// the number of digits of the layout's cosize, as in CuTe; wider values (negative
/// ones, or those an offset map moved) overflow their cell as C++'s `%*d` does.
///
/// Errors: [`PrintError::TooLarge`] above [`MAX_PICTURE_CELLS`](super::MAX_PICTURE_CELLS) cells: C++
/// prints any table, but a layout of 2^63 cells would write exabytes.
pub fn print_table<W: Write + ?Sized>(
    out: &mut W,
    grid: &LayoutGrid<'_>,
) -> Result<(), PrintError> {
    super::scan::check_cells(grid.rows(), grid.cols())?;
    let width = decimal_digits(grid.cosize());
    out.write_str("    ")?;
    for n in 0..grid.cols() {
        write!(out, "  {n:>width$} ")?;
    }
    out.write_str("\n")?;
    for m in 0..grid.rows() {
        write_rule(out, grid.cols(), width)?;
        write!(out, "{m:>2}  ")?;
        for n in 0..grid.cols() {
            write!(out, "| {:>width$} ", grid.value(m, n)?)?;
        }
        out.write_str("|\n")?;
    }
    write_rule(out, grid.cols(), width)
}

fn write_rule<W: Write + ?Sized>(out: &mut W, cols: usize, width: usize) -> Result<(), PrintError> {
    out.write_str("    ")?;
    for _ in 0..cols {
        out.write_str("+")?;
        for _ in 0..width + 2 {
            out.write_str("-")?;
        }
    }
    out.write_str("+\n")?;
    Ok(())
}

/// Decimal digits of a cosize; CuTe's `num_digits` gives 1 for anything below 10.
fn decimal_digits(mut x: i64) -> usize {
    let mut digits = 1;
    while x >= 10 {
        x /= 10;
        digits += 1;
    }
    digits
}
