//! Engines: where a tensor's elements live.
use crate::dynamic::DLayout;
use crate::error::Error;

/// The storage behind a tensor, as far as the bounds rule is concerned.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// assert_eq!(Engine::extent(&&[1u8, 2, 3][..]), Some(3));
/// assert_eq!(Engine::extent(&[0f32; 8]), Some(8));
/// // A layout reaching past the storage is refused.
/// let l: DLayout = "4:2".parse().unwrap();
/// assert!(Engine::admits(&&[0u8; 7][..], &l, 0).is_ok());
/// assert!(Engine::admits(&&[0u8; 6][..], &l, 0).is_err());
/// ```
pub trait Engine {
    /// Number of addressable elements, or `None` for an engine without storage
    /// ([`Counting`]), which any layout fits.
    fn extent(&self) -> Option<usize>;
    /// Checks the bounds rule for `layout` placed at `offset`: every coordinate of
    /// the domain must address an element ([`Error::OutOfStorage`] otherwise).
    fn admits(&self, layout: &DLayout, offset: i64) -> Result<(), Error> {
        super::bounds::check_fits(layout, offset, self.extent())
    }
}

/// An engine whose elements can be read as a slice.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let v = vec![1, 2, 3];
/// assert_eq!(Storage::as_slice(&v), &[1, 2, 3][..]);
/// ```
pub trait Storage: Engine {
    /// The element type.
    type Elem;
    /// All elements.
    fn as_slice(&self) -> &[Self::Elem];
}

/// An engine whose elements can be written.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let mut a = [0u8; 3];
/// StorageMut::as_mut_slice(&mut a)[1] = 7;
/// assert_eq!(a, [0, 7, 0]);
/// ```
pub trait StorageMut: Storage {
    /// All elements, mutably.
    fn as_mut_slice(&mut self) -> &mut [Self::Elem];
}

impl<T> Engine for &[T] {
    fn extent(&self) -> Option<usize> {
        Some(self.len())
    }
}
impl<T> Storage for &[T] {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}

impl<T> Engine for &mut [T] {
    fn extent(&self) -> Option<usize> {
        Some(self.len())
    }
}
impl<T> Storage for &mut [T] {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}
impl<T> StorageMut for &mut [T] {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

/// A plain array: the engine of stack tensors (no heap).
impl<T, const N: usize> Engine for [T; N] {
    fn extent(&self) -> Option<usize> {
        Some(N)
    }
}
impl<T, const N: usize> Storage for [T; N] {
    type Elem = T;
    fn as_slice(&self) -> &[T] {
        self
    }
}
impl<T, const N: usize> StorageMut for [T; N] {
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use super::{Engine, Storage, StorageMut};
    use crate::tensor::alloc::vec::Vec;

    /// Owned heap storage.
    impl<T> Engine for Vec<T> {
        fn extent(&self) -> Option<usize> {
            Some(self.len())
        }
    }
    impl<T> Storage for Vec<T> {
        type Elem = T;
        fn as_slice(&self) -> &[T] {
            self
        }
    }
    impl<T> StorageMut for Vec<T> {
        fn as_mut_slice(&mut self) -> &mut [T] {
            self
        }
    }
}

/// The engine of identity tensors ([`super::make_identity_tensor`]): no storage;
/// the "element" at index `i` is the coordinate that `i` encodes.
///
/// Coordinates of a rank-`r` identity tensor are encoded as the digits of one
/// integer in radix `2^bits` (mode `j` has stride `2^(bits·j)`), which makes the
/// identity a plain layout that every algebra operation accepts, and lets tiles
/// overhang the shape (their coordinates simply exceed it; predicates compare
/// them with the shape).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// let id = make_identity_tensor(&"(3,5)".parse().unwrap()).unwrap();
/// let e: &Counting = id.engine();
/// assert_eq!(e.extent(), None); // no storage
/// assert_eq!(id.coord((2, 3)).unwrap().to_string(), "(2,3)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting {
    pub(crate) rank: usize,
    pub(crate) bits: u32,
}

impl Engine for Counting {
    fn extent(&self) -> Option<usize> {
        None
    }
    /// The identity has no storage; its rule is that coordinates stay exact: every
    /// stride moves a single digit and no digit can carry into the next.
    fn admits(&self, layout: &DLayout, offset: i64) -> Result<(), Error> {
        super::identity::check_digits(self, layout, offset)
    }
}
