//! `make_layout_like(L)`: the compact layout of `L`'s shape whose modes are laid
//! out in the order of `L`'s strides.
use super::make_ordered_layout::compact_order;
use crate::dynamic::{DInt, DLayoutN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! make_layout_like_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `make_layout_like(L)`: the compact layout of `L`'s shape whose modes are laid
/// out in the order of `L`'s strides.
///
/// # Definition
///
/// ```text
/// make_layout_like(S:D) = S : compact_order(filter_zeros(D, S), D)
/// ```
///
/// where `filter_zeros(D, S)` replaces every leaf of `S` whose stride is a
/// *static* 0 by a static 1 (so static-0 strides stay `_0` and take no room), and
/// [`compact_order`](fn@crate::algebra::compact_order) ranks leaves by their stride value
/// (dynamic strides rank after static ones, in leaf order; equal strides share a
/// start offset).
///
/// # Preconditions
///
/// None beyond a valid layout. The result is compact on the non-zero-stride modes:
/// its cosize is the product of their shapes.
///
/// # Example
///
/// ```
/// use cute_types::algebra::make_layout_like;
/// use cute_types::DLayout;
/// let l: DLayout = "(_2,_8,_4):(_0,_8,_2)".parse().unwrap();
/// assert_eq!(make_layout_like(&l).unwrap().to_string(), "(_2,_8,_4):(_0,_4,_1)");
/// ```
pub $($c)? fn make_layout_like $($g)* (layout: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    let shape = layout.shape();
    let stride = layout.stride();
    // filter_zeros: a static-0 stride mode counts as a static 1 in the ordering.
    let mut filtered = shape.dup();
    // Shape and stride are congruent: their leaves share node positions.
    let mut p = stride.leaf_from(0);
    while p < stride.node_count() {
        if stride.leaf_at(p).is_static_eq(0) {
            filtered.set_leaf_at(p, DInt::s(1));
        }
        p = stride.leaf_from(p + 1);
    }
    DLayoutN::new(shape, tri!(compact_order(&filtered, &stride)))
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use make_layout_like_body;
make_layout_like_body!(const; []);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::FixedLayout;
    use std::string::ToString;

    fn like(s: &str) -> std::string::String {
        make_layout_like(&s.parse().unwrap()).unwrap().to_string()
    }

    #[test]
    fn matches_cpp() {
        // Answers of CuTe 4.2 (g++), static and dynamic leaves.
        assert_eq!(like("(2,3,4,5):(_0,42,_1,_0)"), "(2,3,4,5):(_0,4,_1,_0)");
        assert_eq!(like("(2,3,4,5):(7,42,_1,-3)"), "(2,3,4,5):(4,8,_1,24)");
        let negative: FixedLayout = "(2,3,4):(-2,3,-1)".parse().unwrap();
        assert_eq!(
            make_layout_like(&negative.with_all_static(true))
                .unwrap()
                .to_string(),
            "(_2,_3,_4):(_1,_8,_2)"
        );
        assert_eq!(
            like("(_2,(_3,_4)):(_12,(_4,_1))"),
            "(_2,(_3,_4)):(_12,(_4,_1))"
        );
        assert_eq!(
            like("(_2,(_3,_1)):(_3,(_1,_0))"),
            "(_2,(_3,_1)):(_3,(_1,_0))"
        );
        assert_eq!(like("(_2,_1):(_0,_1)"), "(_2,_1):(_0,_0)");
        assert_eq!(
            like("(_2,_2,_2,_2):(_0,_2,_4,_1)"),
            "(_2,_2,_2,_2):(_0,_2,_4,_1)"
        );
    }
}
