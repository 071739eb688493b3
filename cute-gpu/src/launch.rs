//! The shape of a kernel launch, computed and checked before any driver call.
use crate::error::GpuError;

/// CUDA's limit on `gridDim.x` (2³¹ − 1).
pub const MAX_GRID_X: u64 = (1 << 31) - 1;
/// CUDA's limit on `gridDim.y` and `gridDim.z`.
pub const MAX_GRID_YZ: u64 = 65535;

/// A launch shape: blocks, threads per block, bytes of dynamic shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchShape {
    /// blocks along x, y, z
    pub grid: (u32, u32, u32),
    /// threads per block (x only)
    pub threads: u32,
    /// bytes of dynamic shared memory
    pub smem: u32,
}

/// `blocks` along `dim` as a `u32`, refused when over CUDA's limit for `dim`.
pub fn grid_dim(dim: char, blocks: u64) -> Result<u32, GpuError> {
    let limit = if dim == 'x' { MAX_GRID_X } else { MAX_GRID_YZ };
    if blocks > limit {
        return Err(GpuError::GridTooLarge { dim, blocks, limit });
    }
    u32::try_from(blocks).map_err(|_| GpuError::Overflow("a grid dimension"))
}

/// `a · b`, or [`GpuError::Overflow`] naming `what`.
pub fn mul(a: usize, b: usize, what: &'static str) -> Result<usize, GpuError> {
    a.checked_mul(b).ok_or(GpuError::Overflow(what))
}

/// Refuses a buffer of `len` elements where `needed` are read or written.
pub fn check_len(operand: &'static str, len: usize, needed: usize) -> Result<(), GpuError> {
    if len < needed {
        Err(GpuError::BufferTooShort {
            operand,
            len,
            needed,
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_limits_are_errors() {
        assert_eq!(grid_dim('y', 65535), Ok(65535));
        assert_eq!(
            grid_dim('y', 65536),
            Err(GpuError::GridTooLarge {
                dim: 'y',
                blocks: 65536,
                limit: 65535
            })
        );
        assert_eq!(grid_dim('x', MAX_GRID_X), Ok(MAX_GRID_X as u32));
        assert!(matches!(
            grid_dim('x', MAX_GRID_X + 1),
            Err(GpuError::GridTooLarge { dim: 'x', .. })
        ));
        assert_eq!(mul(usize::MAX, 2, "x"), Err(GpuError::Overflow("x")));
        assert!(check_len("A", 3, 4).is_err() && check_len("A", 4, 4).is_ok());
    }
}
