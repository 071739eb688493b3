//! The static integers of kernel configurations: cute-typed's `_N` / `C<…>`,
//! the workspace's one vocabulary for compile-time integers (`_128` is
//! `C<(D1, D2, D8)>`), read as `usize` in constants.
use cute_typed::{Numeral, C};

/// A static integer usable as a configuration parameter.
///
/// ```
/// use cute_gpu::static_int::StaticUsize;
/// use cute_typed::{_0, _128};
/// assert_eq!(<_128 as StaticUsize>::USIZE, 128);
/// assert_eq!(<_0 as StaticUsize>::USIZE, 0);
/// ```
pub trait StaticUsize {
    /// The value.
    const USIZE: usize;
}

impl<N: Numeral> StaticUsize for C<N> {
    // A numeral is a non-negative decimal; `C::VALUE` already refuses one past
    // `i64` at compile time.
    const USIZE: usize = C::<N>::VALUE as usize;
}
