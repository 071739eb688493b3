//! `layout_add(A, B)`: the layout computing `A(i) + B(i)` (Cecka, *CuTe Layout
//! Representation and Algebra*, 2026; absent from CuTe C++ 4.2).
use super::coalesce::coalesce;
use super::greatest_common_domain::greatest_common_domain;
use crate::dynamic::{DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! layout_add_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `layout_add(A, B)`: the layout computing `A(i) + B(i)` (Cecka, *CuTe Layout
/// Representation and Algebra*, 2026; absent from CuTe C++ 4.2).
///
/// # Definition
///
/// ```text
/// R = layout_add(A, B):   size(R) = size(A) = size(B),   R(i) = A(i) + B(i)  for i < size(R)
/// ```
///
/// Computed on the [greatest common domain](fn@crate::algebra::greatest_common_domain) `G`
/// of the coalesced shapes of `A` and `B` (coalesced as functions, whatever the
/// static flags, so that every linear run is one leaf). When `size(G) = size(A)`,
/// `G` is the compact layout of its shape, both `A` and `B` are linear on it, and
///
/// ```text
/// R = coalesce( shape(G) : (A(e_k) + B(e_k))_k )     for the strides e_k of G.
/// ```
///
/// `R` is symmetric in `A` and `B`, and need not be compatible with either.
///
/// # Preconditions
///
/// * `size(A) == size(B)`, else [`Error::SizeMismatch`];
/// * `A` and `B` have a common domain of full size, else [`Error::Unsupported`]
///   (e.g. `(2,3):(1,10)` and `(3,2):(1,10)`, whose sum `0,2,12,21,31,33` is no
///   layout).
///
/// # Static flags
///
/// Shapes of `R` are static iff all shapes of `A` and `B` are; a stride is the
/// sum of two evaluations and is static iff their terms are.
///
/// # Example
///
/// ```
/// use cute_types::algebra::layout_add;
/// use cute_types::DLayout;
/// let a: DLayout = "(_4,_3):(_1,_4)".parse().unwrap();
/// let b: DLayout = "(_4,_3):(_3,_1)".parse().unwrap();
/// assert_eq!(layout_add(&a, &b).unwrap().to_string(), "(_4,_3):(_4,_5)");
/// let c: DLayout = "(_5,_3,_4):(_1,_5,_15)".parse().unwrap();
/// let d: DLayout = "(_10,_6):(_1,_10)".parse().unwrap();
/// assert_eq!(layout_add(&c, &d).unwrap().to_string(), "_60:_2");
/// ```
pub $($c)? fn layout_add $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    let size = tri!(a.size());
    if size.value != tri!(b.size()).value {
        return Err(Error::SizeMismatch);
    }
    let shapes_static = a.shape().is_static() && b.shape().is_static();
    // Coalesce as functions: merging is valid whatever the flags, and only the
    // merged shapes matter for finding the common domain.
    let a_runs = tri!(coalesce(&a.dup().with_all_static(true))).shape();
    let b_runs = tri!(coalesce(&b.dup().with_all_static(true))).shape();
    let domain = tri!(greatest_common_domain(&a_runs, &b_runs));
    if tri!(domain.size()).value != size.value {
        return Err(Error::Unsupported);
    }
    let g_shape = domain.shape();
    let g_stride = domain.stride();
    let mut shape = g_shape.dup();
    let mut stride = g_stride.dup();
    // Shape and stride are congruent: one walk over the leaf positions.
    let mut p = g_shape.leaf_from(0);
    while p < g_shape.node_count() {
        let e = g_stride.leaf_at(p).value;
        let sum = tri!(tri!(a.eval(&DTupleN::d(e).with_all_static(true)))
            .add(tri!(b.eval(&DTupleN::d(e).with_all_static(true)))));
        shape.set_leaf_at(p, g_shape.leaf_at(p).with_static(shapes_static));
        stride.set_leaf_at(p, sum);
        p = g_shape.leaf_from(p + 1);
    }
    coalesce(&tri!(DLayoutN::new(shape, stride)))
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use layout_add_body;
layout_add_body!(const; []);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamic::FixedLayout;
    use std::string::ToString;

    fn add(a: &str, b: &str) -> Result<std::string::String, Error> {
        let a: FixedLayout = a.parse().unwrap();
        let b: FixedLayout = b.parse().unwrap();
        layout_add(&a.with_all_static(true), &b.with_all_static(true)).map(|r| r.to_string())
    }

    #[test]
    fn whitepaper_examples() {
        assert_eq!(add("12:1", "12:1").unwrap(), "_12:_2");
        assert_eq!(add("5:0", "5:1").unwrap(), "_5:_1");
        assert_eq!(
            add("(4,3):(1,4)", "(4,3):(3,1)").unwrap(),
            "(_4,_3):(_4,_5)"
        );
        assert_eq!(
            add("(4,3):(3,1)", "(4,3):(3,1)").unwrap(),
            "(_4,_3):(_6,_2)"
        );
        assert_eq!(add("(6):(1)", "(3,2):(2,1)").unwrap(), "(_3,_2):(_3,_4)");
        assert_eq!(add("12:2", "(4,3):(3,1)").unwrap(), "(_4,_3):(_5,_9)");
        assert_eq!(
            add("(2,(3,4)):(12,(4,1))", "(6,4):(4,1)").unwrap(),
            "(_2,_3,_4):(_16,_12,_2)"
        );
        assert_eq!(
            add("(4,3):(1,0)", "(4,3):(3,1)").unwrap(),
            "(_4,_3):(_4,_1)"
        );
    }

    #[test]
    fn refusals() {
        assert_eq!(add("6:1", "8:1"), Err(Error::SizeMismatch));
        assert_eq!(add("(2,3):(1,10)", "(3,2):(1,10)"), Err(Error::Unsupported));
    }

    #[test]
    fn dynamic_leaves_are_added_as_values() {
        let a: FixedLayout = "(4,3):(1,4)".parse().unwrap();
        let b: FixedLayout = "(4,3):(3,1)".parse().unwrap();
        assert_eq!(layout_add(&a, &b).unwrap().to_string(), "(4,3):(4,5)");
    }
}
