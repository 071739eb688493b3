//! [`PrintError`]: why a layout could not be printed.
use core::fmt;

use cute_types::error::Error;

/// Why a table or picture could not be produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PrintError {
    /// Only rank-1 and rank-2 layouts have a 2-D picture (CuTe's `print_layout`
    /// is defined for rank 2; a rank-1 layout is shown as one row).
    Rank {
        /// the rank of the layout that was given
        rank: usize,
    },
    /// A table or picture would have more cells than the printers accept
    /// ([`MAX_PICTURE_CELLS`](super::MAX_PICTURE_CELLS)).
    TooLarge {
        /// cells the table or picture would have
        cells: u128,
        /// the most cells a picture may have
        limit: usize,
    },
    /// Evaluating the layout failed (for example an overflow).
    Algebra(Error),
    /// The output sink refused the text.
    Write,
}

impl fmt::Display for PrintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrintError::Rank { rank } => write!(
                f,
                "only rank-1 and rank-2 layouts can be printed as a table; this layout has rank {rank}"
            ),
            PrintError::TooLarge { cells, limit } => write!(
                f,
                "the layout would be shown in {cells} cells; at most {limit} are printed or drawn"
            ),
            PrintError::Algebra(e) => write!(f, "{e}"),
            PrintError::Write => f.write_str("the output could not be written"),
        }
    }
}

impl From<Error> for PrintError {
    fn from(e: Error) -> Self {
        PrintError::Algebra(e)
    }
}

impl From<fmt::Error> for PrintError {
    fn from(_: fmt::Error) -> Self {
        PrintError::Write
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PrintError {}
