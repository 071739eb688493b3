//! `max_common_vector` and `max_common_layout`: the longest run of elements that
use super::coalesce::coalesce;
use super::composition::composition;
use super::right_inverse::right_inverse;
use crate::dynamic::{DInt, DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! max_common_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// The leading static stride-`_1` mode of `coalesce(A ∘ right_inverse(B))`, with
/// `right_inverse(B)`.
$($c)? fn common_vector $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<(Option<DLayoutN<N>>, DLayoutN<N>), Error> {
    let inv_b = tri!(right_inverse(b));
    let common = tri!(coalesce(&tri!(composition(a, &inv_b))));
    let first = tri!(common.get(0));
    let contiguous = match (first.shape().as_int(), first.stride().as_int()) {
        (Some(s), Some(d)) => s.is_static && d.is_static_eq(1),
        _ => false,
    };
    if contiguous {
        Ok((Some(first), inv_b))
    } else {
        Ok((None, inv_b))
    }
}

/// `max_common_vector` and `max_common_layout`: the longest run of elements that
///
/// two layouts both store contiguously, in the same order.
///
/// **Defining equation.** With `C = coalesce(composition(A, right_inverse(B)))`, let
/// `V` be the first mode of `C` when it is static with static stride `_1`, else
/// `_1`. Then `max_common_vector(A, B) = size(V)` and
/// `max_common_layout(A, B) = composition(right_inverse(B), V)` (or `_1:_0`), so that
/// for every `i < size(V)` the layout `Lc = max_common_layout(A, B)` satisfies
/// `A(Lc(i)) == i` and `B(Lc(i)) == i`.
///
/// **Preconditions.** Those of [`composition`](fn@crate::algebra::composition): `A` composed with
/// `right_inverse(B)` must be functional ([`Error::NotFunctional`] otherwise).
///
/// ```
/// use cute_types::{algebra::{max_common_layout, max_common_vector}, DLayout};
/// let a: DLayout = "(_4,_8):(_1,_4)".parse().unwrap();
/// let b: DLayout = "(_4,_8):(_8,_1)".parse().unwrap();
/// assert_eq!(max_common_vector(&a, &a).unwrap().value, 32);
/// assert_eq!(max_common_vector(&a, &b).unwrap().value, 1);
/// assert_eq!(max_common_layout(&a, &a).unwrap().to_string(), "_32:_1");
/// ```
pub $($c)? fn max_common_vector $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DInt, Error> {
    match tri!(common_vector(a, b)) {
        (Some(v), _) => v.shape().to_int(),
        (None, _) => Ok(DInt::s(1)),
    }
}

/// CuTe's `max_common_layout(A, B)`: the layout `composition(right_inverse(B), V)`
/// of [`max_common_vector`]'s common vector `V` (`_1:_0` when there is none).
pub $($c)? fn max_common_layout $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    match tri!(common_vector(a, b)) {
        (Some(v), inv_b) => composition(&inv_b, &v),
        (None, _) => DLayoutN::new(DTupleN::s(1), DTupleN::s(0)),
    }
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use max_common_body;
max_common_body!(const; []);
