//! Constructors: `make_tensor` over borrowed or array storage, owned tensors,
//! `make_tensor_like`.
use super::bounds::index_range;
use super::engine::Engine;
use super::layout_trait::TensorLayout;
use super::tensor::Tensor;
use crate::dynamic::DLayout;
use crate::error::Error;
use crate::typed::StaticLayout;

/// CuTe's `make_tensor(ptr, layout)`: `layout` over existing storage (a slice,
/// a mutable slice, an array or a vector), coordinate 0 at element 0.
///
/// [`Error::OutOfStorage`] if the layout reaches past the storage (its cosize
/// exceeds the length) or before its start (a negative stride from element 0).
///
/// ```
/// use cute_typed::{tensor::make_tensor, DLayout};
/// let a = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
/// let l: DLayout = "(2,3):(1,2)".parse().unwrap();
/// let t = make_tensor(&a[..], l).unwrap();
/// assert_eq!(*t.get((1, 2)).unwrap(), 6.0);
/// ```
pub fn make_tensor<E: Engine, L: TensorLayout>(
    engine: E,
    layout: L,
) -> Result<Tensor<E, L>, Error> {
    Tensor::new(engine, layout)
}

/// A stack tensor: a static layout over a plain array, no heap. The array must
/// be at least as long as the layout's cosize, which is checked **at compile
/// time** (a static layout's cosize is a constant of its type).
///
/// ```
/// use cute_typed::tensor::make_tensor_from_array;
/// use cute_typed::typed::{Layout, StaticLayout, _1, _2, _3};
/// type RowMajor2x3 = Layout<(_2, _3), (_3, _1)>;
/// let t = make_tensor_from_array([0u8, 1, 2, 3, 4, 5], RowMajor2x3::default());
/// assert_eq!(*t.get((1, 0)).unwrap(), 3);
/// assert_eq!(RowMajor2x3::COSIZE, 6);
/// ```
///
/// An array shorter than the cosize does not compile:
/// ```compile_fail
/// use cute_typed::tensor::make_tensor_from_array;
/// use cute_typed::typed::{Layout, _1, _4};
/// let t = make_tensor_from_array([0u8; 3], Layout::<_4, _1>::default());
/// ```
pub fn make_tensor_from_array<T, L: StaticLayout, const N: usize>(
    array: [T; N],
    layout: L,
) -> Tensor<[T; N], L> {
    const {
        assert!(
            N as u128 >= L::COSIZE as u128,
            "tensor bounds: the array is shorter than the static layout's cosize"
        )
    };
    let lo = match index_range(&DLayout::from_fixed(
        &crate::typed::static_result::layout_of::<L>(),
    )) {
        Ok((lo, _)) => lo,
        Err(e) => e.raise(),
    };
    // The span fits N (checked above), so this cannot fail; a negative-stride
    // layout starts at -lo so that its smallest index is element 0.
    match Tensor::with_offset(array, layout, -lo) {
        Ok(t) => t,
        Err(e) => e.raise(),
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use super::super::bounds::{index_range, span};
    use super::super::layout_trait::TensorLayout;
    use super::super::tensor::Tensor;
    use crate::dynamic::DLayout;
    use crate::error::Error;
    use crate::tensor::alloc::vec::Vec;

    /// A tensor that owns its storage: `span(layout)` elements set to `value`
    /// (the cosize for non-negative strides), coordinate 0 placed so that the
    /// smallest index is element 0.
    ///
    /// ```
    /// use cute_typed::{tensor::make_tensor_owned, DLayout};
    /// let mut t = make_tensor_owned("(2,2):(2,1)".parse::<DLayout>().unwrap(), 0i32).unwrap();
    /// t.set((1, 0), 7).unwrap();
    /// assert_eq!(t.engine()[..], [0, 0, 7, 0]);
    /// ```
    pub fn make_tensor_owned<T: Clone, L: TensorLayout>(
        layout: L,
        value: T,
    ) -> Result<Tensor<Vec<T>, L>, Error> {
        let d = layout.to_dlayout();
        let n = span(&d)?;
        let (lo, _) = index_range(&d)?;
        // The span comes from the caller's layout: a storage that cannot be
        // allocated is an error, not a panic or an abort.
        let mut storage = Vec::new();
        storage.try_reserve_exact(n).map_err(|_| Error::TooLarge)?;
        storage.resize(n, value);
        Tensor::with_offset(storage, layout, -lo)
    }

    /// CuTe's `make_tensor_like`: a new owned tensor with the same shape as `t`,
    /// compact, its modes ordered as `t`'s strides order them
    /// ([`crate::algebra::make_layout_like`]), filled with `value`.
    ///
    /// ```
    /// use cute_typed::tensor::*;
    /// use cute_typed::*;
    /// let data: Vec<i32> = (0..6).collect();
    /// let t = make_tensor(&data[..], make_layout_right((_2, _3))).unwrap();
    /// // Same shape, compact, modes in the same stride order (row-major here).
    /// let like = make_tensor_like(&t, 0i32).unwrap();
    /// assert_eq!(like.dlayout().to_string(), "(_2,_3):(_3,_1)");
    /// assert!(like.iter().all(|&x| x == 0));
    /// ```
    pub fn make_tensor_like<E, L, T>(
        t: &Tensor<E, L>,
        value: T,
    ) -> Result<Tensor<Vec<T>, DLayout>, Error>
    where
        E: super::super::engine::Engine,
        L: TensorLayout,
        T: Clone,
    {
        let like = crate::algebra::make_layout_like(&t.dlayout())?;
        make_tensor_owned(like, value)
    }
}
#[cfg(feature = "alloc")]
pub use owned::{make_tensor_like, make_tensor_owned};

/// A stack tensor of a static layout type: an array of exactly
/// `cosize(layout)` elements, sized at compile time from the type, filled with
/// a copyable `value`. No heap.
///
/// ```
/// use cute_typed::stack_tensor;
/// use cute_typed::typed::{Layout, _1, _2, _8};
/// let mut t = stack_tensor!(0.0f32, Layout<(_8, _2), (_2, _1)>);
/// t.set((7, 1), 1.5).unwrap();
/// assert_eq!(t.engine().len(), 16);
/// assert_eq!(t.engine()[15], 1.5);
/// ```
#[macro_export]
macro_rules! stack_tensor {
    ($value:expr, $layout:ty) => {
        $crate::tensor::make_tensor_from_array(
            [$value; <$layout as $crate::typed::StaticLayout>::COSIZE as usize],
            <$layout as ::core::default::Default>::default(),
        )
    };
}
