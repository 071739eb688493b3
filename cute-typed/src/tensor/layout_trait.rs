//! [`TensorLayout`]: what a tensor needs from its layout.
use crate::dynamic::DLayout;
use crate::typed::LayoutOperand;

/// A layout a [`super::Tensor`] can be built on: any layout of the typed layer
/// (`Layout<S, D>`, static algebra results) and the run-time [`DLayout`]:
/// everything that implements [`LayoutOperand`].
///
/// The tensor's algebra (slicing, tiling, partitioning) runs on the run-time
/// form [`DLayout`], so a layout only has to say what it is as a `DLayout`;
/// views produced by the algebra carry a `DLayout`. A fully static layout
/// ([`crate::typed::StaticLayout`]) also gives a stack tensor its array length
/// check at compile time ([`super::make_tensor_from_array`]).
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// assert_eq!(<Layout<(_4, _8), (_1, _4)> as TensorLayout>::STATIC_SIZE, Some(32));
/// assert_eq!(<DLayout as TensorLayout>::STATIC_SIZE, None);
/// assert_eq!(make_layout((_4, _8)).to_dlayout().to_string(), "(_4,_8):(_1,_4)");
/// ```
pub trait TensorLayout {
    /// The size (number of coordinates), when the layout is wholly static.
    const STATIC_SIZE: Option<i64>;
    /// This layout as a run-time layout.
    fn to_dlayout(&self) -> DLayout;
    /// This layout, borrowed, when it is a run-time [`DLayout`] already (no
    /// copy); `None` otherwise.
    #[doc(hidden)]
    fn as_dlayout(&self) -> Option<&DLayout> {
        None
    }
}

impl<L: LayoutOperand> TensorLayout for L {
    const STATIC_SIZE: Option<i64> = match L::STATIC {
        Some(l) => match l.size() {
            Ok(n) => Some(n.value),
            Err(e) => e.raise(),
        },
        None => None,
    };
    fn to_dlayout(&self) -> DLayout {
        self.to_dynamic()
    }
    #[inline]
    fn as_dlayout(&self) -> Option<&DLayout> {
        LayoutOperand::as_dlayout(self)
    }
}

/// Compile-time form of the equal-size precondition of the element-wise
/// algorithms (`copy`, `axpby`): two wholly static layouts of different sizes
/// are [`crate::Error::SizeMismatch`] at compile time, not at run time. When
/// either size is dynamic the check is left to run time.
///
/// ```
/// use cute_typed::tensor::*;
/// use cute_typed::*;
/// // Equal static sizes, or a dynamic one: nothing to check at compile time.
/// const _: () = check_same_static_size(Some(32), Some(32));
/// const _: () = check_same_static_size(Some(32), None);
/// ```
#[track_caller]
pub const fn check_same_static_size(a: Option<i64>, b: Option<i64>) {
    if let (Some(a), Some(b)) = (a, b) {
        if a != b {
            crate::Error::SizeMismatch.raise()
        }
    }
}
