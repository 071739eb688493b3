//! Tensors: a layout over storage (CuTe's `Tensor<Engine, Layout>`), the
//! tensor forms of the layout algebra (tiling, partitioning, slicing) and host
//! algorithms written through them (`copy`, `fill`, `clear`, `axpby`, `gemm`).
//!
//! A [`Tensor`] is an *engine* (where the elements live), a *layout* (coordinate
//! → index) and an *offset* (the index of coordinate 0 in the engine). The
//! element at coordinate `c` is `storage[offset + L(c)]`.
//!
//! * Engines: borrowed slices (`&[T]`, `&mut [T]`), plain arrays (`[T; N]`, no
//!   heap: a stack tensor), owned `Vec<T>` (feature `alloc`), and
//!   [`Counting`], the storage-less engine of identity (coordinate) tensors.
//! * Layouts: the typed layer's `Layout<S, D>` and static results, and
//!   [`crate::DLayout`] (see [`TensorLayout`]). A fully static layout gives a stack
//!   tensor's array length check at compile time.
//!
//! **Bounds.** A tensor never reads outside its storage: constructing a tensor
//! or any view (slice, tile, partition, divide) checks that every coordinate of
//! the layout's domain lands inside the storage, and returns
//! [`crate::Error::OutOfStorage`] otherwise. Element access checks the coordinate
//! against the shape ([`crate::Error::OutOfDomain`]). The one exception is the
//! ragged edge tile ([`Tensor::local_tile_ragged`]): its engine is [`Ragged`],
//! whose views may overhang the storage, whose every access is checked
//! ([`crate::Error::OutOfStorage`] outside it), and which has no whole-tensor
//! walks; kernels predicate it with an identity tensor
//! ([`make_identity_tensor_typed`], [`Tensor::in_bounds`]).
//!
//! ```
//! use cute_typed::tensor::{make_tensor, Underscore};
//! use cute_typed::DLayout;
//! let data: Vec<i32> = (0..12).collect();
//! // A 3×4 row-major matrix.
//! let t = make_tensor(&data[..], "(3,4):(4,1)".parse::<DLayout>().unwrap()).unwrap();
//! assert_eq!(*t.get((1, 2)).unwrap(), 6);
//! // Row 1 as a view: the slice `(1,_)`.
//! let row = t.view().slice((1, Underscore)).unwrap();
//! assert_eq!(row.iter().copied().collect::<Vec<_>>(), [4, 5, 6, 7]);
//! // A view larger than the storage is an error, not undefined behaviour.
//! assert!(make_tensor(&data[..], "(4,4):(4,1)".parse::<DLayout>().unwrap()).is_err());
//! ```
#[cfg(feature = "alloc")]
extern crate alloc;

mod algorithm;
mod bounds;
mod coord;
pub mod divide;
mod engine;
mod flat_coord;
mod flatten;
mod group_modes;
mod identity;
mod iter;
mod layout_trait;
mod local_partition;
mod local_tile;
mod make_tensor;
mod mode_eval;
mod ragged;
mod slice;
#[allow(clippy::module_inception)]
mod tensor;
mod typed_access;
mod typed_partition;
mod typed_tile;

pub use algorithm::{axpby, clear, copy, fill, Numeric};
#[cfg(feature = "alloc")]
pub use algorithm::{gemm, gemm_reference, gemm_typed, GemmConfig, GemmPlan, LineThreads};
pub use coord::{IntoCoord, Underscore};
// The free divides stay in `divide::` (not here): at the root they would collide
// with the typed layer's `zipped_divide` & co. under `use cute_typed::{*, tensor::*}`.
pub use divide::{DivideArg, IntoTensorLayout, Tiler};
pub use engine::{Counting, Engine, Storage, StorageMut};
pub use flat_coord::{FlatCoord, FlatLeaf, IndexLeaf};
pub use identity::{make_identity_tensor, make_identity_tensor_typed, IdentityShape};
pub use iter::{Offsets, TensorIter};
pub use layout_trait::{check_same_static_size, TensorLayout};
pub use local_partition::{local_partition, local_partition_layout, thread_coord, Partition};
pub use local_tile::{local_tile, local_tile_layout, shape_tiler, TileGrid};
pub use make_tensor::{make_tensor, make_tensor_from_array};
#[cfg(feature = "alloc")]
pub use make_tensor::{make_tensor_like, make_tensor_owned};
pub use ragged::Ragged;
pub use slice::{SliceBy, SliceDispatch, TensorSliced};
pub use tensor::Tensor;
pub use typed_access::{InShape, IndexWith};
pub use typed_partition::{LocalPartitioner, PartDispatch, PartLeaf, PartitionedBy};
pub use typed_tile::{LocalTiler, ModeKind, Push, TileCoord, TileDispatch, TileEntry, TiledBy};

pub(crate) use bounds::index_range as index_range_of;
