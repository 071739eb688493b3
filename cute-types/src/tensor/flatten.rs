//! `flatten(tensor)`.
use super::engine::Engine;
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use crate::dynamic::DLayout;
use crate::error::Error;

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `flatten(tensor)`: the same elements under the flattened layout
    /// (depth ≤ 1; an integer-shaped layout stays as it is). The natural
    /// coordinates of the flat tensor are the leaves of the old ones.
    pub fn flatten(self) -> Result<Tensor<E, DLayout>, Error> {
        let flat = self.dlayout().flatten();
        let offset = self.offset();
        self.relayout(flat, offset)
    }
}
