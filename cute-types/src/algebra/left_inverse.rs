//! `left_inverse`: a layout `R` with `R(L(i)) == i`.
use super::coalesce::{coalesce_modes, coalesce_values};
use super::modes::{prefix_products, sort_by_stride, Modes};
use crate::dynamic::{DInt, DLayoutN, N};
use crate::error::Error;
use crate::lists::ct::{filled, List};
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! left_inverse_body {
    ($($c:ident)?; [$($g:tt)*]) => {
/// `left_inverse`: a layout `R` with `R(L(i)) == i`.
///
/// **Defining equation.** For `R = left_inverse(L)` and an injective `L`:
/// `R(L(i)) == i` for every `i` in `[0, size(L))`. `R`'s domain covers `L`'s
/// codomain `[0, cosize(L))`. A non-injective `L` gets C++'s answer, which need not
/// satisfy `L(R(L(i))) == L(i)`: `left_inverse((_5,_3,_2):(_1,_1,_0))` is `_5:_1`
/// in C++ and here, and `L(9) = 5` but `L(R(5)) = L(5) = 1`.
///
/// **Algorithm** (CuTe C++ `left_inverse`). Coalesce `L` and sort its modes by stride
/// (CuTe's exchange sort). Walk them, skipping stride 0, keeping `E`, the product of
/// the shapes emitted so far (1 at first). Each mode `s:d` emits the shape `d / E`
/// (which requires `E | d`): the codomain points below `d` are spanned by the modes
/// before it. Emitted shape `k` gets the stride `P` of the mode walked before it
/// (`_0` for the first: points below the smallest stride map to 0), where `P` is the
/// product of the shapes before that mode in `L`. The last sorted mode's shape closes
/// the result, with the last mode's `P`, and the whole is coalesced.
///
/// **Preconditions.** Each non-zero stride, in increasing order, is divisible by the
/// size of the modes built before it ([`Error::LeftInverse`]); strides must not be
/// negative ([`Error::LeftInverse`]: C++ builds negative shapes).
///
/// C++ compiles this only with static strides, and refuses where a run-time shape 1
/// breaks the divisibility that static coalescing would have avoided; here both
/// give the answer computed at run time (a run-time 0 is skipped like a static `_0`, and
/// modes are coalesced by value, as static coalescing would).
/// With static strides the C++ answer is followed even where C++'s coalesce keeps a
/// run-time shape-1 mode and the answer is then not an inverse:
/// `left_inverse((1,4):(_21,_7))` is `(_7,_3,1):(_0,1,_1)` in C++ and here.
///
/// ```
/// use cute_types::{algebra::left_inverse, DLayout};
/// let l: DLayout = "(_2,_4):(_4,_1)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(_4,_2):(_2,_1)");
/// assert_eq!(left_inverse(&"_4:_2".parse().unwrap()).unwrap().to_string(), "(_2,_4):(_0,_1)");
/// // Not injective: C++'s answer, not an inverse on L's image.
/// let r = left_inverse(&"(_5,_3,_2):(_1,_1,_0)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "_5:_1");
/// // A run-time shape 1 that breaks C++'s divisibility (C++ refuses only because
/// // it is run-time): computed by value, C++'s answer for `(_1,_4):(_2,_3)`.
/// let v = left_inverse(&"(1,_4):(_2,_3)".parse().unwrap()).unwrap();
/// assert_eq!(v.to_string(), "(_3,_4):(_0,_1)");
/// ```
pub $($c)? fn left_inverse $($g)* (l: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    left_inverse_at(l)
}

/// The body of [`left_inverse`].
pub(crate) $($c)? fn left_inverse_at $($g)* (l: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    let m = Modes::of_layout(l);
    let c = tri!(coalesce_for_inverse(&m));
    match left_inverse_of(&c) {
        // C++'s coalesce keeps a run-time shape-1 mode, whose stride then takes
        // part in the divisibility: C++ refuses only because that 1 is run-time,
        // so the answer is computed by value, the mode dropped as static
        // coalescing drops it (`left_inverse((1,_4):(_2,_3))` is `(_3,_4):(_0,_1)`,
        // C++'s answer for `(_1,_4):(_2,_3)`).
        Err(Error::LeftInverse) if has_runtime_one(&c) => left_inverse_of(&tri!(coalesce_values(&m))),
        r => r,
    }
}

/// Whether a mode of `m` has a run-time shape of value 1.
$($c)? fn has_runtime_one $($g)* (m: &Modes<N>) -> bool {
    let mut k = 0;
    while k < m.len {
        if !m.shape[k].is_static && m.shape[k].value == 1 {
            return true;
        }
        k += 1;
    }
    false
}

/// The walk of [`left_inverse`] over coalesced modes `c`.
$($c)? fn left_inverse_of $($g)* (c: &Modes<N>) -> Result<DLayoutN<N>, Error> {
    let prefix = tri!(prefix_products(c));
    let keep: List<bool, N> = filled(true, c.len);
    let (order, n) = sort_by_stride(c, &keep);
    // shapes.shape[k] pairs with strides.shape[k]; strides start with the leading `_0`.
    let mut shapes = Modes::<N>::new();
    let mut strides = Modes::<N>::new();
    tri!(strides.push(DInt::s(0), DInt::s(0)));
    let mut built = DInt::s(1);
    let mut i = 0;
    while i < n {
        let m = order[i];
        let d = c.stride[m];
        if d.value < 0 {
            return Err(Error::LeftInverse);
        }
        if d.value != 0 {
            if d.value % built.value != 0 {
                return Err(Error::LeftInverse);
            }
            let s = tri!(d.div(built));
            tri!(shapes.push(s, DInt::s(0)));
            tri!(strides.push(prefix[m], DInt::s(0)));
            built = tri!(built.mul(s));
        }
        i += 1;
    }
    let last = if n > 0 { order[n - 1] } else { 0 };
    tri!(shapes.push(c.shape[last], DInt::s(0)));
    let mut out = Modes::new();
    let mut k = 0;
    while k < shapes.len {
        tri!(out.push(shapes.shape[k], strides.shape[k]));
        k += 1;
    }
    tri!(coalesce_modes(&out, false)).layout()
}

/// C++'s coalesce; with a run-time stride that C++'s filter keeps (C++ then cannot
/// compile the complement inside its left inverse) the answer is computed by value
/// instead: modes are merged and shape-1 modes dropped as static coalescing would,
/// so that they do not take part in the stride divisibility. A run-time stride on a
/// static `_1` mode does not count: filter drops that mode, C++ compiles, and a
/// run-time shape 1 elsewhere stays a mode as in C++
/// (`left_inverse((_4,1,_1):(_16,_1,4))` is `(_16,_4):(_4,_1)`).
$($c)? fn coalesce_for_inverse $($g)* (m: &Modes<N>) -> Result<Modes<N>, Error> {
    let mut k = 0;
    while k < m.len {
        if !m.stride[k].is_static && !m.shape[k].is_static_eq(1) {
            return coalesce_values(m);
        }
        k += 1;
    }
    coalesce_modes(m, false)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use left_inverse_body;
left_inverse_body!(const; []);
