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
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<u8> = (0..16).collect();
    /// let t = make_tensor(&data[..], "(4,(2,2)):(1,(4,8))".parse::<DLayout>().unwrap()).unwrap();
    /// let f = t.flatten().unwrap();
    /// assert_eq!(f.dlayout().to_string(), "(4,2,2):(1,4,8)");
    /// assert_eq!(*f.get((1, 1, 1)).unwrap(), 13);
    /// ```
    pub fn flatten(self) -> Result<Tensor<E, DLayout>, Error> {
        let flat = self.dlayout().flatten();
        let offset = self.offset();
        self.relayout(flat, offset)
    }
}
