//! Extents and strides of global tensors: static (an immediate in the PTX) or
//! a scalar kernel parameter (known at launch).
use super::TileError;
use cute_typed::{Numeral, C};

/// A scalar `u32` parameter of a tile kernel, declared with
/// [`super::TileKernel::scalar`]; its value is given at launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalar {
    pub(crate) kernel: u64,
    pub(crate) index: usize,
}

/// One extent or stride of a global tensor's layout: `Static(v)` becomes an
/// immediate (a shift when a power of two), `Scalar(s)` a parameter read at run
/// time. `From` builds one from an integer, a cute-typed static integer
/// (`_1`, `_32`) or a [`Scalar`].
///
/// ```
/// use cute_gpu::tile::Ix;
/// use cute_typed::_1;
/// assert_eq!(Ix::from(_1), Ix::Static(1));
/// assert_eq!(Ix::from(32u32), Ix::Static(32));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ix {
    /// known when the kernel is generated
    Static(u32),
    /// a scalar parameter
    Scalar(Scalar),
}

impl From<u32> for Ix {
    fn from(v: u32) -> Ix {
        Ix::Static(v)
    }
}

impl From<Scalar> for Ix {
    fn from(s: Scalar) -> Ix {
        Ix::Scalar(s)
    }
}

impl<N: Numeral> From<C<N>> for Ix {
    fn from(_: C<N>) -> Ix {
        // a static integer past u32 becomes u32::MAX, which no tile uses; the
        // launch checks see it as the (huge) extent it is
        Ix::Static(u32::try_from(C::<N>::VALUE).unwrap_or(u32::MAX))
    }
}

impl Ix {
    /// The value given the scalar arguments of a launch.
    pub(crate) fn value(self, scalars: &[u32]) -> Option<u32> {
        match self {
            Ix::Static(v) => Some(v),
            Ix::Scalar(s) => scalars.get(s.index).copied(),
        }
    }

    pub(crate) fn check(self, kernel: u64) -> Result<Ix, TileError> {
        match self {
            Ix::Scalar(s) if s.kernel != kernel => Err(TileError::ForeignHandle),
            other => Ok(other),
        }
    }
}
