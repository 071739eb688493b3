//! Why a tile kernel could not be defined.
use std::fmt;

/// A refusal while defining a tile kernel (before any PTX exists). Each variant
/// names the rule that was broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileError {
    /// threads per block must be in `1..=1024`
    Threads(u32),
    /// a kernel or parameter name must be a PTX identifier (`[A-Za-z_][A-Za-z0-9_]*`)
    Name(String),
    /// a handle (buffer, scalar, tensor, fragment) of another kernel was used
    ForeignHandle,
    /// the builder was replaced through [`super::TileKernel::builder`]: the tile
    /// layer's registers belong to the original one
    BuilderReplaced,
    /// a `when`/`unless` guard was pending when a tile operation began (it
    /// would have guarded the operation's first instruction)
    PendingGuard,
    /// a layout argument was invalid
    Layout(&'static str),
    /// shapes that must agree do not
    ShapeMismatch {
        /// what was compared
        what: &'static str,
        /// the expected value
        expected: Vec<i64>,
        /// the value found
        found: Vec<i64>,
    },
    /// the thread–value layout cannot be split into a run-time thread part plus
    /// a static value part for this tensor (its composition with the tensor is
    /// not a layout)
    NotSeparable(&'static str),
    /// a store into a buffer declared with [`super::TileKernel::input`]
    ReadOnly,
    /// static shared memory over the 48 KiB a kernel may declare statically
    SharedTooLarge {
        /// bytes asked for in total
        bytes: u64,
    },
    /// a size or offset computed from the layouts overflows
    Overflow(&'static str),
    /// extra parameters were declared through the raw builder
    ForeignParameter,
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TileError::Threads(t) => write!(f, "threads per block must be 1..=1024, got {t}"),
            TileError::Name(n) => write!(f, "`{n}` is not a PTX identifier"),
            TileError::ForeignHandle => write!(f, "a handle of another tile kernel was used"),
            TileError::BuilderReplaced => {
                write!(f, "the kernel's builder was replaced; tile operations refuse it")
            }
            TileError::PendingGuard => write!(
                f,
                "a when/unless guard is pending: tile operations are not guarded"
            ),
            TileError::Layout(why) => write!(f, "invalid layout: {why}"),
            TileError::ShapeMismatch {
                what,
                expected,
                found,
            } => write!(f, "{what}: expected {expected:?}, found {found:?}"),
            TileError::NotSeparable(what) => write!(
                f,
                "the thread-value layout does not split into thread and value parts over {what}"
            ),
            TileError::ReadOnly => write!(f, "a store into a buffer declared as input"),
            TileError::SharedTooLarge { bytes } => write!(
                f,
                "{bytes} bytes of static shared memory, over the 49152 a kernel may declare"
            ),
            TileError::Overflow(what) => write!(f, "{what} overflows"),
            TileError::ForeignParameter => write!(
                f,
                "parameters were declared through the raw builder; declare them with input/output/scalar"
            ),
        }
    }
}

impl std::error::Error for TileError {}
