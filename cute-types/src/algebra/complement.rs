//! `complement`: the layout that fills the gaps of `L` up to a cotarget.
use super::coalesce::{coalesce_modes, coalesce_shape, coalesce_values};
use super::filter::filter_modes;
use super::modes::Modes;
use crate::dynamic::{DInt, DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! complement_body {
    ($($c:ident)?; [$($g:tt)*] $(; $fast:path)?) => {
/// `complement`: the layout that fills the gaps of `L` up to a cotarget.
///
/// **Defining equation.** For an injective `L` and `C = complement(L, M)`:
/// * `(L, C)` is injective, so `C(j) ∉ {L(i)}` for `j > 0`: the codomains are disjoint
///   except for 0;
/// * `C` is ordered: `C(j-1) < C(j)` for `j` in `[1, size(C))`;
/// * for an integer cotarget `M`, `C` ends with the mode `⌈M/P⌉:P` (before
///   coalescing), `P = d·s` being the extent of the mode of `filter(L)` with the
///   largest stride (`P = 1` when nothing remains): `P·⌈M/P⌉ >= M`;
/// * when moreover each stride of `filter(L)`, in increasing order, is a multiple of
///   the extent `d·s` of the mode before it, `(L, C)` is a bijection onto
///   `[0, P·⌈M/P⌉)`, so `size(L)·size(C) >= M`.
///
/// Without that divisibility the gaps are divided down (as C++ divides them), and
/// `size(C)` can fall below `⌈M / size(L)⌉`: `complement((2,3):(4,1), 16)` is
/// `_2:_8` in CuTe C++ 4.2, as here, though `⌈16/6⌉ = 3`.
///
/// **Algorithm** (CuTe C++ `complement`). `L` is filtered (static stride-0 and size-1
/// modes removed, coalesced). If nothing remains, the result is the compact layout of
/// the coalesced cotarget. Otherwise the modes are taken by increasing stride `d_k`
/// (first minimum first): the gap before each is the mode `(d_k / P):P`, where `P` is
/// the extent reached so far (`P = 1`, then `P = d_k·s_k`); the rest up to the
/// cotarget is the compact layout of `coalesce(⌈M / P⌉)` with stride `P`. The whole is
/// coalesced. The cotarget may be an integer or a shape (`complement(2:1, (3,5))` is
/// `10:2`); `⌈shape / P⌉` divides it mode by mode as CuTe's `ceil_div` does.
///
/// **Preconditions.**
/// * `L` must be injective: a gap of size 0 is [`Error::NotInjective`];
/// * strides must be non-negative ([`Error::NotAdmissible`]; C++ returns negative shapes).
/// * the cotarget holds no placeholder `_` ([`Error::ExpectedInt`]), and its
///   entries are positive ([`Error::NonPositiveCotarget`]; C++ divides by them).
///
/// C++ compiles rank>1 complements only with static strides; here strides known at
/// run time give the answer computed by value at run time (modes are coalesced by
/// value and a run-time stride-0 mode is dropped, as filter drops a static one).
///
/// ```
/// use cute_types::{algebra::complement, DLayout, DTuple};
/// let l: DLayout = "(_2,_2):(_1,_6)".parse().unwrap();
/// assert_eq!(complement(&l, &DTuple::s(24)).unwrap().to_string(), "(_3,_2):(_2,_12)");
/// let shape: DTuple = "(_3,_5)".parse().unwrap();
/// assert_eq!(complement(&"_2:_1".parse().unwrap(), &shape).unwrap().to_string(), "_10:_2");
/// // Strides not divisible by the extent before them: C++ 4.2 gives `_2:_8` too.
/// let gappy: DLayout = "(_2,_3):(_4,_1)".parse().unwrap();
/// assert_eq!(complement(&gappy, &DTuple::s(16)).unwrap().to_string(), "_2:_8");
/// ```
pub $($c)? fn complement $($g)* (
    l: &DLayoutN<N>,
    cotarget: &DTupleN<N>,
) -> Result<DLayoutN<N>, Error> {
    $(if let Some(r) = $fast(l, cotarget) {
        return r;
    })?
    complement_at(l, cotarget)
}

/// The body of [`complement`].
pub(crate) $($c)? fn complement_at $($g)* (
    l: &DLayoutN<N>,
    cotarget: &DTupleN<N>,
) -> Result<DLayoutN<N>, Error> {
    // A placeholder `_` is no extent (and would make the walk over the
    // cotarget's modes recurse forever: mode 0 of `_` is `_`).
    if cotarget.has_underscore() {
        return Err(Error::ExpectedInt);
    }
    // Checked first, so that a zero entry is named as such rather than as the
    // division by zero (or the zero shape) it leads to.
    if !all_positive(cotarget) {
        return Err(Error::NonPositiveCotarget);
    }
    let f = tri!(filter_modes(l));
    complement_of_filtered(&f, cotarget)
}

/// Whether every entry of `t` is positive.
$($c)? fn all_positive $($g)* (t: &DTupleN<N>) -> bool {
    // An integer (the usual cotarget) without a walk over leaves.
    if let Some(v) = t.as_int() {
        return v.value > 0;
    }
    let mut p = t.leaf_from(0);
    while p < t.node_count() {
        if t.leaf_at(p).value <= 0 {
            return false;
        }
        p = t.leaf_from(p + 1);
    }
    true
}

/// CuTe's `complement(L)`: the cotarget is `cosize(filter(L))`.
///
/// ```
/// use cute_types::{algebra::complement_default, DLayout};
/// let l: DLayout = "(_2,_4):(_1,_6)".parse().unwrap();
/// assert_eq!(complement_default(&l).unwrap().to_string(), "_3:_2");
/// ```
pub $($c)? fn complement_default $($g)* (l: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    complement_default_at(l)
}

/// The body of [`complement_default`].
pub(crate) $($c)? fn complement_default_at $($g)* (
    l: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    let f = tri!(filter_modes(l));
    let cosize = tri!(tri!(f.layout()).cosize());
    complement_of_filtered(&f, &DTupleN::int(cosize))
}

$($c)? fn complement_of_filtered $($g)* (
    f: &Modes<N>,
    cotarget: &DTupleN<N>,
) -> Result<DLayoutN<N>, Error> {
    // C++ compiles rank>1 complements only with static strides; otherwise the
    // answer is computed by value (merging as static coalescing would).
    let by_value = !(strides_static(f) || f.len == 1);
    let f = if by_value {
        tri!(coalesce_values(f))
    } else {
        f.dup()
    };
    let modes = tri!(moving_modes(&f));
    if modes.len == 0 {
        // Nothing to avoid: the compact layout of the (coalesced) cotarget.
        let rest = tri!(coalesce_shape(cotarget));
        let mut out = Modes::new();
        tri!(push_compact(&mut out, &rest, DInt::s(1)));
        let (s, d) = tri!(out.int_or_tuples());
        return DLayoutN::new(s, d);
    }
    let mut rest_modes = modes;
    let mut gaps = Modes::new();
    // The gap before the first mode is measured from stride 1.
    let mut reached = DInt::s(1);
    while rest_modes.len > 0 {
        let (k, min_stride) = first_min_stride(&rest_modes);
        let gap = tri!(min_stride.div(reached));
        if gap.value == 0 {
            return Err(Error::NotInjective);
        }
        tri!(gaps.push(gap, reached));
        reached = tri!(min_stride.mul(rest_modes.shape[k]));
        rest_modes.remove(k);
    }
    let rest_shape = tri!(coalesce_shape(&tri!(ceil_div_tuple(cotarget, reached))));
    tri!(push_compact(&mut gaps, &rest_shape, reached));
    // By value, gaps of size 1 are dropped as the static twin's `_1` are: a
    // run-time 1 kept before the last mode would change where the last mode takes
    // the rest (`(2,1,1):(1,8,16)` maps 2 to 16, the twin's `2:1` maps it to 2).
    let out = if by_value {
        tri!(coalesce_values(&gaps))
    } else {
        tri!(coalesce_modes(&gaps, false))
    };
    out.layout()
}

/// The filtered modes that C++'s algorithm walks over. A lone static `_1:_0` (what
/// filter leaves when nothing moves) is no mode at all. Run-time strides are
/// handled by value, as the all-static twin is: shape-1 modes and stride-0 modes
/// are dropped (C++ cannot drop them, but also does not compile such complements,
/// or divides by the 0 in rank 1), so `complement((3,6):(_2,0), 24)` is `(2,4):(_1,6)`
/// as `complement((3,6):(2,0), 24)` is `(2,4):(1,6)`.
$($c)? fn moving_modes $($g)* (f: &Modes<N>) -> Result<Modes<N>, Error> {
    let all_static = strides_static(f);
    let mut out = Modes::new();
    let mut k = 0;
    while k < f.len {
        let s = f.shape[k];
        let d = f.stride[k];
        let is_unit = s.is_static_eq(1) && d.is_static_eq(0);
        let value_unit = !(all_static || f.len == 1) && s.value == 1;
        if d.value < 0 {
            return Err(Error::NotAdmissible);
        }
        // (a static `_0` stride is gone after filter: any 0 left is a run-time one)
        if is_unit || value_unit || d.value == 0 {
            k += 1;
            continue;
        }
        tri!(out.push(s, d));
        k += 1;
    }
    Ok(out)
}

$($c)? fn strides_static $($g)* (f: &Modes<N>) -> bool {
    let mut k = 0;
    while k < f.len {
        if !f.stride[k].is_static {
            return false;
        }
        k += 1;
    }
    true
}

/// Index of the first smallest stride, and the smallest stride, static only when
/// every stride is (as CuTe's `min` over a tuple).
$($c)? fn first_min_stride $($g)* (m: &Modes<N>) -> (usize, DInt) {
    let mut best = 0;
    let mut min = m.stride[0];
    let mut k = 1;
    while k < m.len {
        if m.stride[k].value < m.stride[best].value {
            best = k;
        }
        min = min.min(m.stride[k]);
        k += 1;
    }
    (best, min)
}

/// CuTe's `ceil_div(shape, n)`: an integer is divided up; a tuple is divided mode by
/// mode, each mode by what the previous modes have not absorbed yet.
$($c)? fn ceil_div_tuple $($g)* (a: &DTupleN<N>, b: DInt) -> Result<DTupleN<N>, Error> {
    if let Some(v) = a.as_int() {
        return Ok(DTupleN::int(tri!(v.ceil_div(b))));
    }
    let mut out = DTupleN::empty();
    let mut rest = b;
    let mut i = 0;
    while i < a.rank() {
        let ai = tri!(a.get(i));
        tri!(out.push_in(&tri!(ceil_div_tuple(&ai, rest))));
        rest = tri!(rest.ceil_div(tri!(ai.product())));
        i += 1;
    }
    Ok(out)
}

/// Appends the compact column-major modes of the flat `shape` starting at `start`
/// (CuTe's `compact_major<LayoutLeft>`; a static shape-1 mode gets stride `_0`).
$($c)? fn push_compact $($g)* (
    out: &mut Modes<N>,
    shape: &DTupleN<N>,
    start: DInt,
) -> Result<(), Error> {
    let mut current = start;
    let mut p = shape.leaf_from(0);
    while p < shape.node_count() {
        let s = shape.leaf_at(p);
        let next = shape.leaf_from(p + 1);
        if s.is_static_eq(1) {
            tri!(out.push(s, DInt::s(0)));
        } else {
            tri!(out.push(s, current));
            // The product past the last leaf is never a stride: not formed,
            // so that it cannot overflow when every stride fits.
            if next < shape.node_count() {
                current = tri!(current.mul(s));
            }
        }
        p = next;
    }
    Ok(())
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use complement_body;
complement_body!(const; []);
