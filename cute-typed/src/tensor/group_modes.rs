//! `group_modes<B, E>(tensor)`.
use super::engine::Engine;
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use crate::dynamic::DLayout;
use crate::error::Error;

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's `group_modes<b, e>(tensor)`: modes `[b, e)` gathered into one mode,
    /// the same elements. Requires `b <= e <= rank`.
    ///
    /// ```
    /// use cute_typed::{tensor::make_tensor, DLayout};
    /// let data: Vec<u8> = (0..24).collect();
    /// let t = make_tensor(&data[..], "(2,3,4):(1,2,6)".parse::<DLayout>().unwrap()).unwrap();
    /// let g = t.group_modes(1, 3).unwrap(); // (2,(3,4))
    /// assert_eq!(g.rank(), 2);
    /// assert_eq!(*g.get((1, 5)).unwrap(), 1 + 2 * 2 + 6);
    /// ```
    pub fn group_modes(self, b: usize, e: usize) -> Result<Tensor<E, DLayout>, Error> {
        let grouped = self.dlayout().group(b, e)?;
        let offset = self.offset();
        self.relayout(grouped, offset)
    }
}
