//! [`TensorLayout`]: what a tensor needs from its layout.
use crate::dynamic::DLayout;

/// A layout a [`super::Tensor`] can be built on.
///
/// The tensor's algebra (slicing, tiling, partitioning) runs on the run-time
/// form [`DLayout`], so a layout type only has to say what it is as a
/// `DLayout`. Views produced by the algebra carry a `DLayout`.
pub trait TensorLayout {
    /// This layout as a run-time layout.
    fn to_dlayout(&self) -> DLayout;
}

impl TensorLayout for DLayout {
    fn to_dlayout(&self) -> DLayout {
        *self
    }
}

impl<L: TensorLayout + ?Sized> TensorLayout for &L {
    fn to_dlayout(&self) -> DLayout {
        (**self).to_dlayout()
    }
}

/// A layout known entirely at compile time: its value is a constant.
///
/// A stack tensor over `[T; N]` with such a layout checks `N >= COSIZE` at
/// compile time ([`super::make_tensor_from_array`]), so the array length the
/// layout needs is a property of the type, not a run-time check.
pub trait StaticTensorLayout: TensorLayout {
    /// The layout.
    const LAYOUT: DLayout;
    /// `cosize(LAYOUT)`: the number of storage elements the layout reaches
    /// (for non-negative strides; the span `max - min + 1` in general).
    const COSIZE: usize = match super::bounds::span(&Self::LAYOUT) {
        Ok(n) => n,
        Err(e) => e.raise(),
    };
}
