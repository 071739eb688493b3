//! [`TensorLayout`]: what a tensor needs from its layout.
use crate::dynamic::DLayout;
use crate::typed::LayoutOperand;

/// A layout a [`super::Tensor`] can be built on: any layout of the typed layer
/// (`Layout<S, D>`, static algebra results) and [`DLayout`] — everything that
/// implements [`LayoutOperand`].
///
/// The tensor's algebra (slicing, tiling, partitioning) runs on the run-time
/// form [`DLayout`], so a layout only has to say what it is as a `DLayout`;
/// views produced by the algebra carry a `DLayout`. A fully static layout
/// ([`crate::typed::StaticLayout`]) also gives a stack tensor its array length
/// check at compile time ([`super::make_tensor_from_array`]).
pub trait TensorLayout {
    /// This layout as a run-time layout.
    fn to_dlayout(&self) -> DLayout;
}

impl<L: LayoutOperand> TensorLayout for L {
    fn to_dlayout(&self) -> DLayout {
        self.to_dynamic()
    }
}
