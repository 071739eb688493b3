//! Pictures of thread–value layouts, as CuTe's `print_latex` draws tiled MMAs
//! and tiled copies: every element coloured by the thread that holds it and
//! labelled `T<thread>V<value>`. Rendering is this crate's ([`crate::print_svg`], [`crate::print_latex`]).
use core::fmt;

use crate::{print_latex, print_svg, Cell, CellLabel, Grid, PrintError, Shade};
use alloc::vec::Vec;
use cute_typed::tv::{TiledCopy, TiledMma, TvLayout};
use cute_types::error::Error;

/// Owner table of a TV layout: `owners[m + M·n]`.
struct Owners {
    m: i64,
    n: i64,
    cells: Vec<Option<(i64, i64)>>,
}

impl Owners {
    fn of(tv: &TvLayout) -> Result<Owners, Error> {
        let (m, n) = tv.tile();
        Ok(Owners {
            m,
            n,
            cells: tv.owners()?,
        })
    }
    /// The cell showing the owner of element `(row, col)` of the tile.
    fn cell(&self, row: i64, col: i64) -> Result<Cell, Error> {
        if row < 0 || row >= self.m || col < 0 || col >= self.n {
            return Err(Error::OutOfDomain);
        }
        Ok(match self.cells[(row + self.m * col) as usize] {
            Some((thread, value)) => Cell {
                label: CellLabel::ThreadValue { thread, value },
                shade: Shade::Category(thread),
            },
            None => BLANK,
        })
    }
}

const BLANK: Cell = Cell {
    label: CellLabel::Empty,
    shade: Shade::Blank,
};

/// A label cell (an axis index drawn inside a composite picture's margin).
fn index_cell(i: i64) -> Cell {
    Cell {
        label: CellLabel::Index(i),
        shade: Shade::Blank,
    }
}

fn to_usize(v: i64) -> usize {
    usize::try_from(v).unwrap_or(0)
}

/// The picture of one TV layout over its `M × N` tile: cell `(m, n)` shows the
/// thread and value that hold it (the first in thread-major order, as CuTe's
/// pictures choose), coloured by thread; cells nobody holds are blank.
pub struct TvGrid {
    owners: Owners,
    layout: TvLayout,
}

impl TvGrid {
    /// The grid of `tv`.
    pub fn new(tv: &TvLayout) -> Result<TvGrid, Error> {
        Ok(TvGrid {
            owners: Owners::of(tv)?,
            layout: *tv,
        })
    }
}

impl Grid for TvGrid {
    fn rows(&self) -> usize {
        to_usize(self.owners.m)
    }
    fn cols(&self) -> usize {
        to_usize(self.owners.n)
    }
    fn cell(&self, row: usize, col: usize) -> Result<Cell, Error> {
        self.owners.cell(row as i64, col as i64)
    }
    fn write_title(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let (m, n) = self.layout.tile();
        write!(out, "TV layout {} over {m}x{n}", self.layout.layout())
    }
}

/// The picture of a tiled MMA, arranged as CuTe's `print_latex` arranges it:
/// C (`M × N`) at the bottom right, A (`M × K`) to its left, B drawn as `K × N`
/// above it; the margin row above A and column left of B carry the `k` indices.
///
/// Grid rows: `K` rows of B, one margin row, `M` rows of A and C.
/// Grid columns: `K` columns of A, one margin column, `N` columns of B and C.
pub struct MmaGrid {
    a: Owners,
    b: Owners,
    c: Owners,
    k: i64,
    title: &'static str,
}

impl MmaGrid {
    /// The picture of the TV layouts `a` (`M × K`), `b` (`N × K`) and `c` (`M × N`).
    /// [`Error::SizeMismatch`] unless the three tiles agree on `M`, `N` and `K`.
    pub fn new(
        a: &TvLayout,
        b: &TvLayout,
        c: &TvLayout,
        title: &'static str,
    ) -> Result<MmaGrid, Error> {
        let (am, ak) = a.tile();
        let (bn, bk) = b.tile();
        let (cm, cn) = c.tile();
        if am != cm || bn != cn || ak != bk {
            return Err(Error::SizeMismatch);
        }
        Ok(MmaGrid {
            a: Owners::of(a)?,
            b: Owners::of(b)?,
            c: Owners::of(c)?,
            k: ak,
            title,
        })
    }
}

impl Grid for MmaGrid {
    fn rows(&self) -> usize {
        to_usize(self.k + 1 + self.c.m)
    }
    fn cols(&self) -> usize {
        to_usize(self.k + 1 + self.c.n)
    }
    fn cell(&self, row: usize, col: usize) -> Result<Cell, Error> {
        let (r, c, k) = (row as i64, col as i64, self.k);
        match (r.cmp(&k), c.cmp(&k)) {
            // B, drawn transposed: row = k, column = K + 1 + n.
            (core::cmp::Ordering::Less, core::cmp::Ordering::Greater) => self.b.cell(c - k - 1, r),
            // A: row = K + 1 + m, column = k.
            (core::cmp::Ordering::Greater, core::cmp::Ordering::Less) => self.a.cell(r - k - 1, c),
            // C: row = K + 1 + m, column = K + 1 + n.
            (core::cmp::Ordering::Greater, core::cmp::Ordering::Greater) => {
                self.c.cell(r - k - 1, c - k - 1)
            }
            // Margins: the k index above A's columns and beside B's rows.
            (core::cmp::Ordering::Equal, core::cmp::Ordering::Less) => Ok(index_cell(c)),
            (core::cmp::Ordering::Less, core::cmp::Ordering::Equal) => Ok(index_cell(r)),
            _ => Ok(BLANK),
        }
    }
    fn write_title(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(
            out,
            "{}: C {}x{} (bottom right), A {}x{} (left), B {}x{} as KxN (top)",
            self.title, self.c.m, self.c.n, self.a.m, self.a.n, self.b.n, self.b.m
        )
    }
}

/// The picture of a tiled copy as CuTe's `print_latex` draws it: the source TV
/// layout on the left, the destination TV layout three columns to its right.
pub struct CopyGrid {
    src: Owners,
    dst: Owners,
}

impl CopyGrid {
    /// The picture of `src` and `dst` (same tile, [`Error::SizeMismatch`] otherwise).
    pub fn new(src: &TvLayout, dst: &TvLayout) -> Result<CopyGrid, Error> {
        if src.tile() != dst.tile() {
            return Err(Error::SizeMismatch);
        }
        Ok(CopyGrid {
            src: Owners::of(src)?,
            dst: Owners::of(dst)?,
        })
    }
}

impl Grid for CopyGrid {
    fn rows(&self) -> usize {
        to_usize(self.src.m)
    }
    fn cols(&self) -> usize {
        to_usize(2 * self.src.n + 3)
    }
    fn cell(&self, row: usize, col: usize) -> Result<Cell, Error> {
        let (r, c, n) = (row as i64, col as i64, self.src.n);
        if c < n {
            self.src.cell(r, c)
        } else if c >= n + 3 {
            self.dst.cell(r, c - n - 3)
        } else {
            Ok(BLANK)
        }
    }
    fn write_title(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(
            out,
            "TiledCopy {}x{}: source (left), destination (right)",
            self.src.m, self.src.n
        )
    }
}

/// Writes the SVG picture of one TV layout.
///
/// ```
/// use cute_print::tv::tv_svg;
/// use cute_typed::tv::{TvLayout, SM80_16X8_ROW};
/// let c = TvLayout::new(SM80_16X8_ROW, 16, 8).unwrap();
/// let mut svg = String::new();
/// tv_svg(&mut svg, &c).unwrap();
/// assert!(svg.contains("T0V0") && svg.contains("T31V3"));
/// ```
pub fn tv_svg<W: fmt::Write + ?Sized>(out: &mut W, tv: &TvLayout) -> Result<(), PrintError> {
    print_svg(out, &TvGrid::new(tv)?)
}

/// Writes the LaTeX/TikZ picture of one TV layout.
pub fn tv_latex<W: fmt::Write + ?Sized>(out: &mut W, tv: &TvLayout) -> Result<(), PrintError> {
    print_latex(out, &TvGrid::new(tv)?)
}

/// Writes the SVG picture of a tiled MMA (see [`MmaGrid`]).
pub fn mma_svg<W: fmt::Write + ?Sized>(out: &mut W, grid: &MmaGrid) -> Result<(), PrintError> {
    print_svg(out, grid)
}

/// Writes the LaTeX/TikZ picture of a tiled MMA (see [`MmaGrid`]).
pub fn mma_latex<W: fmt::Write + ?Sized>(out: &mut W, grid: &MmaGrid) -> Result<(), PrintError> {
    print_latex(out, grid)
}

/// Writes the SVG picture of a tiled copy (see [`CopyGrid`]).
pub fn copy_svg<W: fmt::Write + ?Sized>(out: &mut W, grid: &CopyGrid) -> Result<(), PrintError> {
    print_svg(out, grid)
}

/// Writes the LaTeX/TikZ picture of a tiled copy (see [`CopyGrid`]).
pub fn copy_latex<W: fmt::Write + ?Sized>(out: &mut W, grid: &CopyGrid) -> Result<(), PrintError> {
    print_latex(out, grid)
}

/// The picture grid of a tiled MMA or a tiled copy: `mma.grid()` is its
/// [`MmaGrid`] (A, B and C arranged as CuTe's `print_latex` draws them),
/// `copy.grid()` its [`CopyGrid`] (source and destination side by side).
///
/// ```
/// use cute_print::tv::{copy_svg, TvGrids};
/// use cute_typed::tv::TiledCopy;
/// let copy = TiledCopy::new(&"(4,2):(1,4)".parse().unwrap(), &"(2,1):(1,0)".parse().unwrap()).unwrap();
/// let mut svg = String::new();
/// copy_svg(&mut svg, &copy.grid().unwrap()).unwrap();
/// assert!(svg.contains("T1V1"));
/// ```
pub trait TvGrids {
    /// The grid type drawn for `Self`.
    type Grid: Grid;
    /// The picture grid of `self`.
    fn grid(&self) -> Result<Self::Grid, Error>;
}

impl TvGrids for TiledMma {
    type Grid = MmaGrid;
    fn grid(&self) -> Result<MmaGrid, Error> {
        MmaGrid::new(
            &self.layout_a_tv()?,
            &self.layout_b_tv()?,
            &self.layout_c_tv()?,
            self.atom().name,
        )
    }
}

impl TvGrids for TiledCopy {
    type Grid = CopyGrid;
    fn grid(&self) -> Result<CopyGrid, Error> {
        CopyGrid::new(&self.layout_s_tv(), &self.layout_d_tv())
    }
}
