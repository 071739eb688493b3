//! `tile_to_shape(block, shape, order)`: copies of `block` laid out until they
//! cover `shape`.
use super::blocked_product::{blocked_product, pad_to_rank};
use super::make_ordered_layout::make_ordered_layout;
use crate::dynamic::{DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! tile_to_shape_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `tile_to_shape(block, shape, order)`: copies of `block` laid out until they
/// cover `shape`.
///
/// # Definition
///
/// With `R = rank(shape)`, `A'` the block padded to rank `R` with `_1:_0` modes,
/// `b_i = size(A'_i)` and `t_i = size(shape_i)`:
///
/// ```text
/// tile_to_shape(A, shape, order) = blocked_product(A', make_ordered_layout((⌈t_0/b_0⌉, …), order))
/// ```
///
/// `order` ranks the modes in which the copies advance (default: column-major,
/// the first mode first); see [`make_ordered_layout`](fn@crate::algebra::make_ordered_layout).
/// The result is always tuple-shaped and compatible with `shape` mode by mode.
///
/// # Preconditions
///
/// * `rank(block) <= rank(shape)`, else [`Error::TileToShape`];
/// * when `shape` is static, every `b_i` divides `t_i`, else [`Error::TileToShape`]
///   (C++ checks only static shapes; a dynamic `shape` is rounded up);
/// * those of [`blocked_product`](fn@crate::algebra::blocked_product) and of the order.
///
/// # Example
///
/// ```
/// use cute_types::algebra::tile_to_shape;
/// use cute_types::DLayout;
/// let block: DLayout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let r = tile_to_shape(&block, &"(_8,_4)".parse().unwrap(), None).unwrap();
/// assert_eq!(r.to_string(), "((_2,_4),(_2,_2)):((_1,_4),(_2,_16))");
/// let r = tile_to_shape(&block, &"(_8,_4)".parse().unwrap(), Some(&"(_2,_1)".parse().unwrap())).unwrap();
/// assert_eq!(r.to_string(), "((_2,_4),(_2,_2)):((_1,_8),(_2,_4))");
/// ```
pub $($c)? fn tile_to_shape $($g)* (
    block: &DLayoutN<N>,
    shape: &DTupleN<N>,
    order: Option<&DTupleN<N>>,
) -> Result<DLayoutN<N>, Error> {
    let rank = shape.rank();
    if block.rank() > rank {
        return Err(Error::TileToShape);
    }
    let padded = tri!(pad_to_rank(block, rank));
    let target = shape.as_tuple();
    let check = shape.is_static();
    let mut copies = DTupleN::empty();
    let mut i = 0;
    while i < rank {
        let want = tri!(tri!(target.get(i)).product());
        let have = tri!(tri!(padded.get(i)).size());
        if check && tri!(want.rem(have)).value != 0 {
            return Err(Error::TileToShape);
        }
        tri!(copies.push_int(tri!(want.ceil_div(have))));
        i += 1;
    }
    let arrangement = match order {
        Some(o) => tri!(make_ordered_layout(&copies, o)),
        None => tri!(DLayoutN::col_major(copies)),
    };
    blocked_product(&padded, &arrangement)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use tile_to_shape_body;
tile_to_shape_body!(const; []);
