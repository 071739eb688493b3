//! What both picture renderers need to know about a grid before drawing it:
//! the range of the colour ramp, the widest label, the sub-mode boundaries.
use core::fmt::Write;

use super::error::PrintError;
use super::escape::CharCount;
use super::grid::{Cell, CellLabel, Grid, Shade};
use super::palette::{category_colour, ramp_colour, Rgb};
use cute_types::dynamic::{idx2crd, DTuple};

/// The most cells a picture may have. Larger pictures are refused with
/// [`PrintError::TooLarge`] instead of writing megabytes nobody can read.
pub const MAX_PICTURE_CELLS: usize = 1 << 16;

/// Facts gathered in one pass over a grid.
pub(super) struct Scan {
    /// Smallest and largest `Shade::Ramp` value, if any cell has one.
    pub ramp: Option<(i64, i64)>,
    /// Characters of the widest label line.
    pub label_chars: usize,
    /// Whether some label has two lines (`T<t>` over `V<v>`).
    pub two_lines: bool,
}

impl Scan {
    /// Reads every cell of `grid` once.
    pub fn of<G: Grid + ?Sized>(grid: &G) -> Result<Scan, PrintError> {
        check_cells(grid.rows(), grid.cols())?;
        let mut scan = Scan {
            ramp: None,
            label_chars: 1,
            two_lines: false,
        };
        for row in 0..grid.rows() {
            for col in 0..grid.cols() {
                scan.add(&grid.cell(row, col)?);
            }
        }
        Ok(scan)
    }

    fn add(&mut self, cell: &Cell) {
        if let Shade::Ramp(v) = cell.shade {
            self.ramp = Some(match self.ramp {
                Some((lo, hi)) => (lo.min(v), hi.max(v)),
                None => (v, v),
            });
        }
        let chars = match cell.label {
            CellLabel::Index(v) => decimal_chars(v),
            CellLabel::ThreadValue { thread, value } => {
                self.two_lines = true;
                1 + decimal_chars(thread).max(decimal_chars(value))
            }
            CellLabel::Empty => 0,
        };
        self.label_chars = self.label_chars.max(chars);
    }

    /// The fill of a cell.
    pub fn fill(&self, shade: Shade) -> Rgb {
        match (shade, self.ramp) {
            (Shade::Ramp(v), Some((lo, hi))) if hi > lo => {
                ramp_colour((v as f64 - lo as f64) / (hi as f64 - lo as f64))
            }
            (Shade::Ramp(_), _) => ramp_colour(0.5),
            (Shade::Category(k), _) => category_colour(k),
            (Shade::Blank, _) => Rgb {
                r: 255,
                g: 255,
                b: 255,
            },
        }
    }
}

/// Characters of `v` in decimal, sign included.
pub(super) fn decimal_chars(v: i64) -> usize {
    let mut count = CharCount::default();
    let _ = write!(count, "{v}");
    count.0
}

/// How strong the boundary before index `i` of a mode of shape `shape` is: the
/// number of sub-mode blocks (prefix products of the flattened shape, without
/// the whole) that start at `i`. 0 means an ordinary cell edge.
///
/// For `(2,2,2)`, indices 2 and 6 start a block of 2 (level 1) and 4 starts a block
/// of 2 and one of 4 (level 2).
pub(super) fn boundary_level(shape: Option<&DTuple>, i: usize) -> usize {
    let Some(shape) = shape else { return 0 };
    if i == 0 {
        return 0;
    }
    let flat = shape.flatten();
    let leaves = flat.leaf_count();
    let mut level = 0;
    let mut block: u128 = 1;
    for k in 0..leaves.saturating_sub(1) {
        let s = flat.leaf(k).value;
        if s <= 1 {
            continue;
        }
        block = block.saturating_mul(s as u128);
        if (i as u128).is_multiple_of(block) {
            level += 1;
        }
    }
    level
}

/// The natural coordinate of index `i` in `shape`, when that says more than `i`
/// itself (the shape has more than one leaf).
pub(super) fn natural_coord(shape: Option<&DTuple>, i: usize) -> Option<DTuple> {
    let shape = shape?;
    if shape.flatten().leaf_count() < 2 {
        return None;
    }
    idx2crd(&DTuple::d(i64::try_from(i).ok()?), shape).ok()
}

/// Characters of the widest natural coordinate over `0..extent`, 0 if none is shown.
pub(super) fn coord_chars(shape: Option<&DTuple>, extent: usize) -> usize {
    let mut widest = 0;
    for i in 0..extent {
        if let Some(c) = natural_coord(shape, i) {
            let mut count = CharCount::default();
            let _ = write!(count, "{c}");
            widest = widest.max(count.0);
        }
    }
    widest
}

/// [`PrintError::TooLarge`] when a `rows × cols` picture would exceed
/// [`MAX_PICTURE_CELLS`]. A side counts on its own as well: with 0 columns the
/// product is 0, but the printers still walk every row (headers, rules).
pub(super) fn check_cells(rows: usize, cols: usize) -> Result<(), PrintError> {
    let cells = (rows as u128 * cols as u128)
        .max(rows as u128)
        .max(cols as u128);
    if cells > MAX_PICTURE_CELLS as u128 {
        return Err(PrintError::TooLarge {
            cells,
            limit: MAX_PICTURE_CELLS,
        });
    }
    Ok(())
}
