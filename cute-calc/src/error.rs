//! [`ExprError`]: why a calculator expression has no value.
use core::fmt;

use alloc::string::String;
use cute_types::error::Error;
use cute_types::text::{ParseError, ParseErrorKind};

/// Why an expression could not be evaluated. Each variant names what is wrong;
/// the algebra's own rule violations are carried as [`Error`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExprError {
    /// The text does not follow the grammar (or a literal breaks a rule, such as
    /// a non-congruent `shape:stride`). `pos` in the [`ParseError`] is a byte offset.
    Syntax(ParseError),
    /// The expression nests brackets deeper than the calculator accepts.
    TooDeep {
        /// byte offset of the bracket that went too deep
        pos: usize,
        /// the deepest nesting accepted
        limit: usize,
    },
    /// The expression is longer than the calculator reads (4 GiB).
    TooLong {
        /// its length in bytes
        len: usize,
    },
    /// An input line of `cute eval -` is longer than it reads
    /// ([`MAX_LINE_BYTES`](super::MAX_LINE_BYTES)); the line was skipped unread.
    LineTooLong {
        /// its length in bytes, without the newline
        len: u64,
        /// the longest line read, in bytes
        limit: usize,
    },
    /// No function has this name.
    UnknownFunction {
        /// the name as written
        name: String,
        /// byte offset of the name
        pos: usize,
        /// the function whose name is nearest (a typo's likely intent), if any is near
        suggestion: Option<&'static str>,
    },
    /// A function got the wrong number of arguments.
    Arity {
        /// the function
        function: &'static str,
        /// how many it accepts, in words (`"1 or 2"`)
        expected: &'static str,
        /// how many it got
        found: usize,
    },
    /// An argument is not of a kind its position accepts.
    ArgumentKind {
        /// the function
        function: &'static str,
        /// 1-based argument number
        argument: usize,
        /// what the position accepts (`"a layout"`)
        expected: &'static str,
        /// what was given (`"a swizzle"`)
        found: &'static str,
    },
    /// An operation of the layout algebra refused its arguments.
    Algebra {
        /// the function that failed
        function: &'static str,
        /// the rule it names
        error: Error,
    },
}

impl ExprError {
    /// The algebra error `error` raised by `function`.
    pub const fn algebra(function: &'static str, error: Error) -> ExprError {
        ExprError::Algebra { function, error }
    }

    /// Whether the expression failed only for want of room ([`Error::Capacity`]).
    /// The calculator's values (compact layouts and tilers) have no ceiling, so
    /// its own evaluations never answer this; a caller that converts a result
    /// to the fixed-capacity forms may.
    pub const fn is_capacity(&self) -> bool {
        matches!(
            self,
            ExprError::Algebra {
                error: Error::Capacity,
                ..
            } | ExprError::Syntax(ParseError {
                kind: ParseErrorKind::Invalid(Error::Capacity),
                ..
            })
        )
    }
}

impl From<ParseError> for ExprError {
    fn from(e: ParseError) -> Self {
        ExprError::Syntax(e)
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprError::Syntax(e) => write!(f, "syntax: {e}"),
            ExprError::TooDeep { pos, limit } => write!(
                f,
                "syntax: brackets nested deeper than {limit} levels at column {}",
                pos + 1
            ),
            ExprError::TooLong { len } => write!(
                f,
                "syntax: the expression is {len} bytes long; at most {} are read",
                u32::MAX
            ),
            ExprError::LineTooLong { len, limit } => write!(
                f,
                "syntax: the line is {len} bytes long; lines of at most {limit} bytes are read"
            ),
            ExprError::UnknownFunction {
                name,
                pos,
                suggestion,
            } => {
                write!(f, "unknown function '{name}' at column {}", pos + 1)?;
                match suggestion {
                    Some(near) => write!(f, "; did you mean '{near}'?"),
                    None => Ok(()),
                }
            }
            ExprError::Arity {
                function,
                expected,
                found,
            } => write!(
                f,
                "{function} takes {expected} argument{}, found {found}",
                if *expected == "1" { "" } else { "s" }
            ),
            ExprError::ArgumentKind {
                function,
                argument,
                expected,
                found,
            } => write!(
                f,
                "{function}: argument {argument} must be {expected}, found {found}"
            ),
            // Rules that already name their operation ("composition: …") are not prefixed twice.
            ExprError::Algebra { function, error } if error.rule().starts_with(function) => {
                write!(f, "{error}")
            }
            ExprError::Algebra { function, error } => write!(f, "{function}: {error}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ExprError {}
