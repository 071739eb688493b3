//! `right_inverse`: a layout `R` with `L(R(i)) == i`.
use super::coalesce::coalesce_modes;
use super::modes::{prefix_products, sort_by_stride, Modes};
use crate::dynamic::{DInt, DLayoutN, N};
use crate::error::Error;
use crate::lists::ct::{filled, List};
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! right_inverse_body {
    ($($c:ident)?; [$($g:tt)*] $(; $fast:path)?) => {
/// `right_inverse`: a layout `R` with `L(R(i)) == i`.
///
/// **Defining equation.** For `R = right_inverse(L)`:
/// `L(R(i)) == i` for every `i` in `[0, size(R))`, and `composition(L, R)` is the
/// compact layout of `R`'s shape. `R` is the largest such layout that CuTe's
/// algorithm finds: the contiguous prefix `[0, size(R))` of `L`'s codomain.
///
/// **Algorithm** (CuTe C++ `right_inverse`). Coalesce `L`; keep the modes whose
/// stride is static (C++ cannot order run-time strides) and sort them by stride
/// (CuTe's exchange sort). Walk them with `next = 1`: a mode `s:d` with `d == next`
/// (and `next` static) contributes the mode `s:P`, `P` being the product of the
/// shapes before it in `L`, and sets `next = s·d`; other modes are skipped. The
/// contributions are coalesced. So a layout with only run-time strides has the
/// trivial right inverse `_1:_0`, and a mode that does not continue the contiguous
/// run is skipped (`right_inverse((4,2):(0,1))` is `2:4`).
///
/// **Preconditions.** None; the result is `_1:_0` when nothing is contiguous.
///
/// ```
/// use cute_types::{algebra::right_inverse, DLayout};
/// let l: DLayout = "(_2,_3):(_3,_1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(_3,_2):(_2,_1)");
/// let d: DLayout = "(2,3):(3,1)".parse().unwrap();
/// assert_eq!(right_inverse(&d).unwrap().to_string(), "_1:_0");
/// ```
pub $($c)? fn right_inverse $($g)* (l: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    $(if let Some(r) = $fast(l) {
        return r;
    })?
    right_inverse_at(l)
}

/// The body of [`right_inverse`].
pub(crate) $($c)? fn right_inverse_at $($g)* (
    l: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    let c = tri!(coalesce_modes(&Modes::of_layout(l), false));
    let prefix = tri!(prefix_products(&c));
    let mut keep: List<bool, N> = filled(false, c.len);
    let mut k = 0;
    while k < c.len {
        keep[k] = c.stride[k].is_static;
        k += 1;
    }
    let (order, n) = sort_by_stride(&c, &keep);
    let mut out = Modes::new();
    tri!(out.push(DInt::s(1), DInt::s(0)));
    let mut next = DInt::s(1);
    let mut i = 0;
    while i < n {
        let m = order[i];
        if next.is_static && c.stride[m].value == next.value {
            tri!(out.push(c.shape[m], prefix[m]));
            next = tri!(c.shape[m].mul(c.stride[m]));
        }
        i += 1;
    }
    tri!(coalesce_modes(&out, false)).layout()
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use right_inverse_body;
right_inverse_body!(const; []);
