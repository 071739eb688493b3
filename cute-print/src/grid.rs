//! [`Grid`]: what a picture shows, cell by cell; [`LayoutGrid`]: the grid of a layout.
use core::fmt;

use super::error::PrintError;
use cute_types::dynamic::{DInt, DLayout, DTuple};
use cute_types::error::Error;

/// What a cell says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellLabel {
    /// An index (the value of a layout at the cell): `13`.
    Index(i64),
    /// A thread and a value index, written `T<thread>V<value>` (thread/value layouts).
    ThreadValue {
        /// thread index
        thread: i64,
        /// value index within the thread
        value: i64,
    },
    /// Nothing (a cell that no element maps to).
    Empty,
}

/// How a cell is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shade {
    /// A position on a perceptual colour ramp; the renderer spreads the smallest to
    /// the largest `Ramp` value of the grid over the whole ramp.
    Ramp(i64),
    /// One of a set of distinct, light colours (for example one per thread).
    Category(i64),
    /// White.
    Blank,
}

/// One cell of a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// What the cell says.
    pub label: CellLabel,
    /// How the cell is coloured.
    pub shade: Shade,
}

/// A rectangle of cells to draw: the one interface of the picture renderers
/// ([`super::print_svg`], [`super::print_latex`]).
///
/// Rows are numbered downwards and columns rightwards from 0, as in CuTe's
/// `print_layout` and `print_latex`.
pub trait Grid {
    /// Number of rows.
    fn rows(&self) -> usize;
    /// Number of columns.
    fn cols(&self) -> usize;
    /// The cell at `(row, col)`, both in range.
    fn cell(&self, row: usize, col: usize) -> Result<Cell, Error>;
    /// The shape the row index runs over, if it is structured. A nested shape such
    /// as `(2,2)` makes the renderers write each row's natural coordinate and mark
    /// the boundaries of the sub-modes.
    fn row_shape(&self) -> Option<DTuple> {
        None
    }
    /// The shape the column index runs over, if it is structured (see [`Grid::row_shape`]).
    fn col_shape(&self) -> Option<DTuple> {
        None
    }
    /// Writes the title (plain text; the renderers escape it).
    fn write_title(&self, out: &mut dyn fmt::Write) -> fmt::Result;
}

/// The grid of a rank-1 or rank-2 layout: cell `(m, n)` holds `L(m, n)`, where
/// `m` and `n` are 1-D indices into modes 0 and 1, shaded by that value.
///
/// A rank-1 layout `L` is one row: cell `(0, n)` holds `L(n)` (the grid of
/// `(1:0, L)`). An optional offset map is applied to every value; a swizzled
/// layout `Sw o L` is the grid of `L` with the swizzle as offset map.
#[derive(Clone)]
pub struct LayoutGrid<'a> {
    layout: DLayout,
    cosize: i64,
    two_d: bool,
    rows: usize,
    cols: usize,
    offset_map: Option<&'a dyn Fn(i64) -> Result<i64, Error>>,
    title: Option<&'a dyn fmt::Display>,
}

impl<'a> LayoutGrid<'a> {
    /// The grid of `layout` (a [`DLayout`], a typed `Layout<S, D>` or a static
    /// algebra result); [`PrintError::Rank`] unless its rank is 1 or 2, and an
    /// algebra error if its size or cosize overflows (checked here, so that nothing
    /// is printed before a failure that was known in advance).
    ///
    /// ```
    /// use cute_print::{print_svg, LayoutGrid};
    /// use cute_typed::typed::*;
    /// let mut svg = String::new();
    /// print_svg(&mut svg, &LayoutGrid::new(&make_layout_right((_2, _4))).unwrap()).unwrap();
    /// assert!(svg.contains("(_2,_4):(_4,_1)"));
    /// ```
    pub fn new<L: cute_typed::tensor::TensorLayout + ?Sized>(
        layout: &L,
    ) -> Result<LayoutGrid<'a>, PrintError> {
        let layout = &layout.to_dlayout();
        let rank = layout.rank();
        let two_d = match rank {
            1 => false,
            2 => true,
            _ => return Err(PrintError::Rank { rank }),
        };
        let (rows, cols) = if two_d {
            (
                mode_extent(&layout.shape().get(0)?)?,
                mode_extent(&layout.shape().get(1)?)?,
            )
        } else {
            (1, mode_extent(&layout.shape())?)
        };
        Ok(LayoutGrid {
            layout: layout.clone(),
            cosize: layout.cosize()?.value,
            two_d,
            rows,
            cols,
            offset_map: None,
            title: None,
        })
    }
    /// The same grid with `map` applied to every value (for example a swizzle);
    /// an error from `map` (such as an overflow) stops the printing.
    pub fn with_offset_map(mut self, map: &'a dyn Fn(i64) -> Result<i64, Error>) -> Self {
        self.offset_map = Some(map);
        self
    }
    /// The same grid with another title (the default is the layout's notation).
    pub fn with_title(mut self, title: &'a dyn fmt::Display) -> Self {
        self.title = Some(title);
        self
    }
    /// The layout drawn.
    pub fn layout(&self) -> &DLayout {
        &self.layout
    }
    /// The value at `(row, col)`: `L(row, col)`, then the offset map.
    pub fn value(&self, row: usize, col: usize) -> Result<i64, Error> {
        let v = if self.two_d {
            let coord = DTuple::tuple(&[index(row)?, index(col)?])?;
            self.layout.eval(&coord)?.value
        } else {
            self.layout.eval(&index(col)?)?.value
        };
        Ok(match self.offset_map {
            Some(map) => map(v)?,
            None => v,
        })
    }
    /// The cosize of the layout (before the offset map), which sets the width of the
    /// table's cells as in CuTe.
    pub fn cosize(&self) -> i64 {
        self.cosize
    }
}

/// The number of 1-D indices of a mode, as a loop bound. A mode of extent 0 or
/// less (a layout built with `DLayout::new_unchecked_shape`) is refused: with 0
/// columns, `rows × cols` stays under the cell limit whatever the rows, and the
/// table would still write a rule per row.
fn mode_extent(shape: &DTuple) -> Result<usize, Error> {
    let size: DInt = shape.product()?;
    if size.value <= 0 {
        return Err(Error::NonPositiveShape);
    }
    usize::try_from(size.value).map_err(|_| Error::Overflow)
}

fn index(i: usize) -> Result<DTuple, Error> {
    i64::try_from(i).map(DTuple::d).map_err(|_| Error::Overflow)
}

impl Grid for LayoutGrid<'_> {
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn cell(&self, row: usize, col: usize) -> Result<Cell, Error> {
        let v = self.value(row, col)?;
        Ok(Cell {
            label: CellLabel::Index(v),
            shade: Shade::Ramp(v),
        })
    }
    fn row_shape(&self) -> Option<DTuple> {
        if self.two_d {
            self.layout.shape().get(0).ok()
        } else {
            None
        }
    }
    fn col_shape(&self) -> Option<DTuple> {
        if self.two_d {
            self.layout.shape().get(1).ok()
        } else if self.layout.shape().is_tuple() {
            // `((2,3))` is the one mode `(2,3)`.
            self.layout.shape().get(0).ok()
        } else {
            Some(self.layout.shape())
        }
    }
    fn write_title(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        match self.title {
            Some(t) => write!(out, "{t}"),
            None => write!(out, "{}", self.layout),
        }
    }
}
