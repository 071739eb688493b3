//! [`render_tv_picture`]: the TV pictures of the `cute` command line
//! (`cute svg --tv M,N LAYOUT`, `cute svg --mma ATOM ATOM_LAYOUT`), from text.
use core::fmt;

use super::picture::{MmaGrid, TvGrid, TvGrids};
use crate::{print_latex, print_svg, Grid, PrintError, MAX_PICTURE_CELLS};
use alloc::string::String;
use cute_typed::tv::MmaAtom;
use cute_typed::tv::TvLayout;
use cute_typed::tv::{TiledMma, MAX_ATOMS};
use cute_types::dynamic::DLayout;
use cute_types::error::Error;
use cute_types::text::ParseError;

/// What to draw.
#[derive(Clone, Copy, Debug)]
pub enum TvPictureSpec<'a> {
    /// `layout` maps `(thread, value)` to `m + M·n` in the tile `tile`, written
    /// `M,N` (or `MxN`).
    Tv {
        /// The TV layout in CuTe notation, e.g. `((4,8),(2,2)):((32,1),(16,8))`.
        layout: &'a str,
        /// The tile, `M,N`.
        tile: &'a str,
    },
    /// The tiled MMA of an atom ([`MmaAtom::by_name`]) over an atom layout
    /// `(AM,AN,AK)`: A, B and C as CuTe's `print_latex` draws them.
    Mma {
        /// `sm80_16x8x16`, `sm90_64xNx16` or `fma`.
        atom: &'a str,
        /// The atom layout, e.g. `(2,2,1)`.
        atom_layout: &'a str,
    },
}

/// The picture format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    /// A standalone SVG document.
    Svg,
    /// A standalone LaTeX/TikZ document.
    Latex,
}

/// Why a TV picture could not be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TvPictureError {
    /// The layout text does not parse.
    Parse(ParseError),
    /// The tile is not `M,N` with positive integers.
    BadTile,
    /// The atom name is not one of [`MmaAtom::by_name`]'s.
    UnknownAtom,
    /// The TV layout maps some `(thread, value)` outside the `M × N` tile.
    OutsideTile,
    /// The TV layout is not of rank 2 (`(thread, value) → index`).
    TvRank {
        /// its rank
        rank: usize,
    },
    /// The atom layout is not of rank 3 (`(AM, AN, AK) → atom`).
    AtomLayoutRank {
        /// its rank
        rank: usize,
    },
    /// The atom layout has more atoms than are tiled ([`MAX_ATOMS`]).
    TooManyAtoms {
        /// its size
        atoms: i64,
        /// the most atoms tiled
        limit: i64,
    },
    /// The atom layout does not map its coordinates one-to-one onto `[0, AM·AN·AK)`.
    AtomLayoutNotBijective,
    /// A rule of the algebra or of TV layouts is violated (unknown atom, indices
    /// outside the tile, …).
    Algebra(Error),
    /// The renderer refused (too many cells).
    Print(PrintError),
}

impl fmt::Display for TvPictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TvPictureError::Parse(e) => write!(f, "{e}"),
            TvPictureError::BadTile => f.write_str("the tile must be written M,N with positive integers (for example 16,8)"),
            TvPictureError::UnknownAtom => {
                f.write_str("unknown MMA atom: expected sm80_16x8x16, sm90_64xNx16 (N a multiple of 8 up to 256) or fma")
            }
            TvPictureError::OutsideTile => {
                f.write_str("the TV layout maps some (thread, value) outside the M×N tile (its indices must lie in [0, M·N))")
            }
            TvPictureError::TvRank { rank } => write!(
                f,
                "a TV layout has rank 2, (thread, value) -> index; this layout has rank {rank}"
            ),
            TvPictureError::AtomLayoutRank { rank } => write!(
                f,
                "the atom layout has rank 3, (AM,AN,AK) -> atom; this layout has rank {rank}"
            ),
            TvPictureError::TooManyAtoms { atoms, limit } => write!(
                f,
                "the atom layout has {atoms} atoms; at most {limit} are tiled"
            ),
            TvPictureError::AtomLayoutNotBijective => f.write_str(
                "the atom layout must map its (AM,AN,AK) coordinates one-to-one onto [0, AM·AN·AK)",
            ),
            TvPictureError::Algebra(e) => write!(f, "{e}"),
            TvPictureError::Print(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TvPictureError {}

impl From<Error> for TvPictureError {
    fn from(e: Error) -> Self {
        TvPictureError::Algebra(e)
    }
}

impl From<PrintError> for TvPictureError {
    fn from(e: PrintError) -> Self {
        TvPictureError::Print(e)
    }
}

fn parse_tile(tile: &str) -> Result<(i64, i64), TvPictureError> {
    let (m, n) = tile.split_once([',', 'x']).ok_or(TvPictureError::BadTile)?;
    let int = |s: &str| {
        s.trim()
            .parse::<i64>()
            .ok()
            .filter(|v| *v > 0)
            .ok_or(TvPictureError::BadTile)
    };
    Ok((int(m)?, int(n)?))
}

fn render<G: Grid>(grid: &G, format: PictureFormat) -> Result<String, TvPictureError> {
    let mut text = String::new();
    match format {
        PictureFormat::Svg => print_svg(&mut text, grid)?,
        PictureFormat::Latex => print_latex(&mut text, grid)?,
    }
    Ok(text)
}

/// The picture of `spec` as text: each element coloured by its thread and
/// labelled `T<thread>V<value>`.
///
/// ```
/// use cute_print::tv::{render_tv_picture, PictureFormat, TvPictureSpec};
/// let spec = TvPictureSpec::Tv { layout: "((4,8),(2,2)):((32,1),(16,8))", tile: "16,8" };
/// let svg = render_tv_picture(&spec, PictureFormat::Svg).unwrap();
/// assert!(svg.contains("T31V3"));
/// let mma = TvPictureSpec::Mma { atom: "sm80_16x8x16", atom_layout: "(2,2,1)" };
/// assert!(render_tv_picture(&mma, PictureFormat::Latex).unwrap().contains("tikzpicture"));
/// ```
pub fn render_tv_picture(
    spec: &TvPictureSpec<'_>,
    format: PictureFormat,
) -> Result<String, TvPictureError> {
    match *spec {
        TvPictureSpec::Tv { layout, tile } => {
            let layout: DLayout = layout.parse().map_err(TvPictureError::Parse)?;
            if layout.rank() != 2 {
                return Err(TvPictureError::TvRank {
                    rank: layout.rank(),
                });
            }
            let (m, n) = parse_tile(tile)?;
            // Refuse a tile too large to draw before its owner table is built.
            let cells = m as u128 * n as u128;
            if cells > MAX_PICTURE_CELLS as u128 {
                return Err(TvPictureError::Print(PrintError::TooLarge {
                    cells,
                    limit: MAX_PICTURE_CELLS,
                }));
            }
            let tv = TvLayout::new(layout, m, n).map_err(|e| match e {
                Error::OutOfDomain => TvPictureError::OutsideTile,
                other => TvPictureError::Algebra(other),
            })?;
            render(&TvGrid::new(&tv)?, format)
        }
        TvPictureSpec::Mma { atom, atom_layout } => {
            let atom = MmaAtom::by_name(atom).map_err(|_| TvPictureError::UnknownAtom)?;
            let atom_layout: DLayout = atom_layout.parse().map_err(TvPictureError::Parse)?;
            if atom_layout.rank() != 3 {
                return Err(TvPictureError::AtomLayoutRank {
                    rank: atom_layout.rank(),
                });
            }
            let atoms = atom_layout.size()?.value;
            if atoms > MAX_ATOMS {
                return Err(TvPictureError::TooManyAtoms {
                    atoms,
                    limit: MAX_ATOMS,
                });
            }
            let tiled = TiledMma::new(atom, atom_layout).map_err(|e| match e {
                Error::NotInjective => TvPictureError::AtomLayoutNotBijective,
                other => TvPictureError::Algebra(other),
            })?;
            let grid: MmaGrid = tiled.grid()?;
            render(&grid, format)
        }
    }
}
