//! A GEMM problem `C = α·op(A)·op(B) + β·C` in BLAS (column-major) conventions.
use core::fmt;
use core::str::FromStr;

/// Which index of an operand is contiguous in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Major {
    /// the M index of A (N index of B) is contiguous
    Mn,
    /// the K index is contiguous
    K,
}

/// Storage of A and B, written as BLAS transpose flags: `nn`, `nt`, `tn`, `tt`.
///
/// With column-major storage, `n` for A means A is `M×K` with M contiguous
/// (`A(m,k)` at `m + k·lda`), `t` means A is stored `K×M` (`A(m,k)` at `k + m·lda`).
/// For B, `n` means `B(k,n)` at `k + n·ldb` (K contiguous) and `t` means `n + k·ldb`.
/// C is always column-major: `C(m,n)` at `m + n·ldc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GemmLayout {
    /// storage of A
    pub a: Major,
    /// storage of B
    pub b: Major,
}

impl GemmLayout {
    /// All four layouts.
    pub const ALL: [GemmLayout; 4] = [
        GemmLayout {
            a: Major::Mn,
            b: Major::K,
        },
        GemmLayout {
            a: Major::Mn,
            b: Major::Mn,
        },
        GemmLayout {
            a: Major::K,
            b: Major::K,
        },
        GemmLayout {
            a: Major::K,
            b: Major::Mn,
        },
    ];

    /// The two-letter name (`nn`, `nt`, `tn`, `tt`).
    pub fn name(self) -> &'static str {
        match (self.a, self.b) {
            (Major::Mn, Major::K) => "nn",
            (Major::Mn, Major::Mn) => "nt",
            (Major::K, Major::K) => "tn",
            (Major::K, Major::Mn) => "tt",
        }
    }
}

impl fmt::Display for GemmLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a problem description was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// the layout is not one of `nn`, `nt`, `tn`, `tt`
    UnknownLayout(String),
    /// a leading dimension is smaller than the contiguous extent it strides over
    LeadingDimension {
        /// which operand
        operand: char,
        /// the leading dimension given
        ld: usize,
        /// the least allowed
        min: usize,
    },
    /// a buffer is shorter than its matrix
    BufferTooShort {
        /// which operand
        operand: char,
        /// elements present
        len: usize,
        /// elements needed
        needed: usize,
    },
    /// a size or offset does not fit the kernel's 32-bit integers
    TooLarge,
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::UnknownLayout(s) => {
                write!(f, "unknown layout `{s}`: expected one of nn, nt, tn, tt")
            }
            ProblemError::LeadingDimension { operand, ld, min } => write!(
                f,
                "leading dimension of {operand} is {ld}, below its contiguous extent {min}"
            ),
            ProblemError::BufferTooShort {
                operand,
                len,
                needed,
            } => write!(
                f,
                "buffer {operand} holds {len} elements but the matrix needs {needed}"
            ),
            ProblemError::TooLarge => {
                write!(
                    f,
                    "sizes and leading dimensions must stay below 2^31 elements"
                )
            }
        }
    }
}

impl std::error::Error for ProblemError {}

impl FromStr for GemmLayout {
    type Err = ProblemError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GemmLayout::ALL
            .into_iter()
            .find(|l| l.name() == s.to_ascii_lowercase())
            .ok_or_else(|| ProblemError::UnknownLayout(s.to_string()))
    }
}

/// Sizes, storage and leading dimensions of one GEMM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// rows of C
    pub m: usize,
    /// columns of C
    pub n: usize,
    /// the reduction length
    pub k: usize,
    /// storage of A and B
    pub layout: GemmLayout,
    /// leading dimension of A
    pub lda: usize,
    /// leading dimension of B
    pub ldb: usize,
    /// leading dimension of C
    pub ldc: usize,
}

impl Problem {
    /// A problem with tight leading dimensions.
    pub fn new(m: usize, n: usize, k: usize, layout: GemmLayout) -> Problem {
        let lda = match layout.a {
            Major::Mn => m,
            Major::K => k,
        };
        let ldb = match layout.b {
            Major::Mn => n,
            Major::K => k,
        };
        Problem {
            m,
            n,
            k,
            layout,
            lda: lda.max(1),
            ldb: ldb.max(1),
            ldc: m.max(1),
        }
    }

    /// The same problem with leading dimensions rounded up to multiples of `q`
    /// (so that 128-bit kernels apply to any size).
    pub fn padded_to(mut self, q: usize) -> Problem {
        self.lda = self.lda.next_multiple_of(q);
        self.ldb = self.ldb.next_multiple_of(q);
        self.ldc = self.ldc.next_multiple_of(q);
        self
    }

    /// Index of `A(m,k)` in A's buffer.
    pub fn a_index(&self, m: usize, k: usize) -> usize {
        match self.layout.a {
            Major::Mn => m + k * self.lda,
            Major::K => k + m * self.lda,
        }
    }

    /// Index of `B(k,n)` in B's buffer.
    pub fn b_index(&self, k: usize, n: usize) -> usize {
        match self.layout.b {
            Major::K => k + n * self.ldb,
            Major::Mn => n + k * self.ldb,
        }
    }

    /// Index of `C(m,n)` in C's buffer.
    pub fn c_index(&self, m: usize, n: usize) -> usize {
        m + n * self.ldc
    }

    /// Elements A's buffer must hold: `ld` times the number of strided columns
    /// (saturating: a product past `usize` is `usize::MAX`, which no buffer holds).
    pub fn a_len(&self) -> usize {
        match self.layout.a {
            Major::Mn => self.lda.saturating_mul(self.k),
            Major::K => self.lda.saturating_mul(self.m),
        }
    }

    /// Elements B's buffer must hold (saturating, as [`Problem::a_len`]).
    pub fn b_len(&self) -> usize {
        match self.layout.b {
            Major::K => self.ldb.saturating_mul(self.n),
            Major::Mn => self.ldb.saturating_mul(self.k),
        }
    }

    /// Elements C's buffer must hold (saturating, as [`Problem::a_len`]).
    pub fn c_len(&self) -> usize {
        self.ldc.saturating_mul(self.n)
    }

    /// `[A, B, C]` element counts, or [`ProblemError::TooLarge`] when a product
    /// overflows `usize`.
    pub fn checked_lens(&self) -> Result<[usize; 3], ProblemError> {
        let (a_cols, b_cols) = (
            match self.layout.a {
                Major::Mn => self.k,
                Major::K => self.m,
            },
            match self.layout.b {
                Major::K => self.n,
                Major::Mn => self.k,
            },
        );
        let a = self.lda.checked_mul(a_cols);
        let b = self.ldb.checked_mul(b_cols);
        let c = self.ldc.checked_mul(self.n);
        match (a, b, c) {
            (Some(a), Some(b), Some(c)) => Ok([a, b, c]),
            _ => Err(ProblemError::TooLarge),
        }
    }

    /// Floating-point operations of the product (`2·M·N·K`).
    pub fn flops(&self) -> f64 {
        2.0 * self.m as f64 * self.n as f64 * self.k as f64
    }

    /// Checks leading dimensions and the 32-bit limits of the kernels.
    pub fn validate(&self) -> Result<(), ProblemError> {
        let (a_min, b_min) = (
            match self.layout.a {
                Major::Mn => self.m,
                Major::K => self.k,
            },
            match self.layout.b {
                Major::Mn => self.n,
                Major::K => self.k,
            },
        );
        for (operand, ld, min) in [
            ('A', self.lda, a_min),
            ('B', self.ldb, b_min),
            ('C', self.ldc, self.m),
        ] {
            if ld < min.max(1) {
                return Err(ProblemError::LeadingDimension {
                    operand,
                    ld,
                    min: min.max(1),
                });
            }
        }
        let limit = i32::MAX as usize;
        if [self.m, self.n, self.k, self.lda, self.ldb, self.ldc]
            .iter()
            .any(|&v| v > limit)
        {
            return Err(ProblemError::TooLarge);
        }
        Ok(())
    }

    /// Checks that buffers of these lengths hold the matrices.
    pub fn check_buffers(&self, a: usize, b: usize, c: usize) -> Result<(), ProblemError> {
        for (operand, len, needed) in [
            ('A', a, self.a_len()),
            ('B', b, self.b_len()),
            ('C', c, self.c_len()),
        ] {
            if len < needed {
                return Err(ProblemError::BufferTooShort {
                    operand,
                    len,
                    needed,
                });
            }
        }
        Ok(())
    }

    /// Whether the 128-bit kernels apply: every leading dimension a multiple of 4
    /// (then every 4-element vector starts 16-byte aligned and stays inside its
    /// column's `ld` span).
    pub fn allows_vector4(&self) -> bool {
        self.lda.is_multiple_of(4) && self.ldb.is_multiple_of(4) && self.ldc.is_multiple_of(4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_parse_and_name_themselves() {
        for l in GemmLayout::ALL {
            assert_eq!(l.name().parse::<GemmLayout>().unwrap(), l);
        }
        assert_eq!(
            "TN".parse::<GemmLayout>().unwrap(),
            GemmLayout {
                a: Major::K,
                b: Major::K
            }
        );
        assert!(matches!(
            "xn".parse::<GemmLayout>(),
            Err(ProblemError::UnknownLayout(_))
        ));
    }

    #[test]
    fn indices_follow_blas_storage() {
        let p = Problem::new(3, 5, 7, "tn".parse().unwrap());
        assert_eq!((p.lda, p.ldb, p.ldc), (7, 7, 3));
        assert_eq!(p.a_index(2, 4), 4 + 2 * 7);
        assert_eq!(p.b_index(4, 3), 4 + 3 * 7);
        let q = Problem::new(3, 5, 7, "nt".parse().unwrap());
        assert_eq!(q.a_index(2, 4), 2 + 4 * 3);
        assert_eq!(q.b_index(4, 3), 3 + 4 * 5);
        assert_eq!(q.a_len(), 21);
        assert_eq!(q.b_len(), 35);
    }

    #[test]
    fn bad_leading_dimensions_and_buffers_are_errors() {
        let mut p = Problem::new(8, 8, 8, "nn".parse().unwrap());
        p.lda = 4;
        assert_eq!(
            p.validate(),
            Err(ProblemError::LeadingDimension {
                operand: 'A',
                ld: 4,
                min: 8
            })
        );
        let p = Problem::new(8, 8, 8, "nn".parse().unwrap());
        assert!(p.validate().is_ok());
        assert!(matches!(
            p.check_buffers(64, 63, 64),
            Err(ProblemError::BufferTooShort { operand: 'B', .. })
        ));
        assert!(!Problem::new(5, 8, 8, "nn".parse().unwrap()).allows_vector4());
        assert!(Problem::new(5, 8, 8, "nn".parse().unwrap())
            .padded_to(4)
            .allows_vector4());
    }
}
