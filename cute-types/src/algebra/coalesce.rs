//! `coalesce`: the simplest layout computing the same function on its domain.
use super::modes::Modes;
use crate::dynamic::{DInt, DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! coalesce_body {
    ($($c:ident)?; [$($g:tt)*] $(; $fast:path)?) => {
/// `coalesce`: the simplest layout computing the same function on its domain.
///
/// **Defining equation.** For `R = coalesce(L)`: `size(R) == size(L)`,
/// `depth(R) <= 1` and `R(i) == L(i)` for every `i` in `[0, size(L))`.
///
/// **Algorithm** (CuTe C++ `coalesce`). Flatten `L`, then walk the modes from the
/// last to the first, keeping a front mode `s0:d0`:
/// * a static shape-1 mode is dropped;
/// * a front that is still the single static `_1` is replaced by the mode;
/// * `s:d` followed by `s0:d0` with `d0 == s*d` merges into `(s*s0):d`, but only when
///   `s0`, `d0` and the product `s*d` are static (C++ can only prove the equality
///   for `Int<N>`; `s*_0` is `_0` even for a run-time `s`);
/// * anything else becomes the new front.
///
/// A result with one mode has an integer shape; a result of nothing but static
/// shape-1 modes is `_1:_0`.
///
/// **Preconditions.** None beyond a valid layout. `coalesce_profile` requires the
/// profile to have no more modes than the layout ([`Error::ProfileRank`]).
///
/// ```
/// use cute_types::{algebra::coalesce, DLayout};
/// let l: DLayout = "(_2,(_1,_6)):(_1,(_6,_2))".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "_12:_1");
/// // the same layout with run-time integers cannot be merged
/// let d: DLayout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
/// assert_eq!(coalesce(&d).unwrap().to_string(), "(2,1,6):(1,6,2)");
/// ```
pub $($c)? fn coalesce $($g)* (l: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    $(if let Some(r) = $fast(l) {
        return r;
    })?
    coalesce_at(l)
}

/// The body of [`coalesce`].
pub(crate) $($c)? fn coalesce_at $($g)* (l: &DLayoutN<N>) -> Result<DLayoutN<N>, Error> {
    let m = tri!(coalesce_modes(&Modes::of_layout(l), false));
    m.layout()
}

/// CuTe's `coalesce(layout, profile)`: coalesce each mode of `l` that the profile
/// covers, by the profile's nesting; only the profile's structure matters.
///
/// An integer profile coalesces the whole layout. A tuple profile of rank `r`
/// coalesces mode `i < r` of `l` with profile mode `i` and keeps the modes `>= r`
/// unchanged; the result is then tuple-shaped.
///
/// ```
/// use cute_types::{algebra::coalesce_profile, DLayout, DTuple};
/// let l: DLayout = "((_2,_2),((_2,_2),_3)):((_1,_2),((_4,_8),_16))".parse().unwrap();
/// let p: DTuple = "(1,(1,1))".parse().unwrap();
/// assert_eq!(coalesce_profile(&l, &p).unwrap().to_string(), "(_4,(_4,_3)):(_1,(_4,_16))");
/// ```
pub $($c)? fn coalesce_profile $($g)* (
    l: &DLayoutN<N>,
    profile: &DTupleN<N>,
) -> Result<DLayoutN<N>, Error> {
    if !profile.is_tuple() {
        return coalesce(l);
    }
    let r = profile.rank();
    if r > l.rank() {
        return Err(Error::ProfileRank);
    }
    let mut shape = DTupleN::empty();
    let mut stride = DTupleN::empty();
    let mut i = 0;
    while i < l.rank() {
        let mode = tri!(l.get(i));
        let out = if i < r {
            tri!(coalesce_profile(&mode, &tri!(profile.get(i))))
        } else {
            mode
        };
        tri!(shape.push_in(out.shape_ref()));
        tri!(stride.push_in(out.stride_ref()));
        i += 1;
    }
    DLayoutN::new(shape, stride)
}

/// CuTe's `detail::coalesce_x`: like [`coalesce`], but the result also agrees with
/// `l` beyond its domain (where the last mode takes the rest). A trailing static
/// shape-1 mode is kept as the last mode (with a placeholder shape `_2`, which is
/// never read: only the last mode's stride matters beyond the domain).
/// Composition uses this form of its left-hand side.
pub(crate) $($c)? fn coalesce_x $($g)* (l: &DLayoutN<N>) -> Result<Modes<N>, Error> {
    coalesce_modes(&Modes::of_layout(l), true)
}

/// The backward walk shared by [`coalesce`], [`coalesce_x`] and the algebra files
/// that coalesce an intermediate list of modes.
pub(crate) $($c)? fn coalesce_modes $($g)* (
    m: &Modes<N>,
    keep_rest: bool,
) -> Result<Modes<N>, Error> {
    coalesce_walk(m, keep_rest, false)
}

/// The walk itself; `by_value` decides every test by value instead of requiring
/// static integers.
$($c)? fn coalesce_walk $($g)* (
    m: &Modes<N>,
    keep_rest: bool,
    by_value: bool,
) -> Result<Modes<N>, Error> {
    if m.len == 0 {
        return Ok(Modes::unit());
    }
    let last = m.len - 1;
    // Built back to front: entry `top` of `out` is the current front, entries
    // `0..top` the modes after it in reverse order; reversed at the end.
    let mut out = Modes::with_room(m.len);
    let mut top = 0;
    out.shape[top] = if keep_rest && m.shape[last].is_static_eq(1) {
        DInt::s(2)
    } else {
        m.shape[last]
    };
    out.stride[top] = m.stride[last];
    let mut single = true;
    let mut i = last;
    while i > 0 {
        i -= 1;
        let s = m.shape[i];
        let d = m.stride[i];
        if is_one(s, by_value) {
            continue;
        }
        if single && is_one(out.shape[top], by_value) {
            out.shape[top] = s;
            out.stride[top] = d;
            continue;
        }
        let fs = out.shape[top];
        let fd = out.stride[top];
        let provable = by_value || (fs.is_static && fd.is_static && static_product(s, d));
        if provable && product_is(s, d, fd) {
            out.shape[top] = match s.mul(fs) {
                Ok(p) => p,
                // Merged into the last mode of `coalesce_x`, whose shape is never
                // read (it takes the rest): a product past i64 stands in as i64::MAX.
                Err(_) if keep_rest && top == 0 => DInt {
                    value: i64::MAX,
                    is_static: s.is_static && fs.is_static,
                },
                Err(e) => return Err(e),
            };
            out.stride[top] = d;
        } else {
            // (never full: `out` has no more modes than `m`)
            top += 1;
            out.shape[top] = s;
            out.stride[top] = d;
            single = false;
        }
    }
    if single && is_one(out.shape[top], by_value) {
        return Ok(Modes::unit());
    }
    let len = top + 1;
    let mut k = 0;
    while k < len / 2 {
        let (s, d) = (out.shape[k], out.stride[k]);
        out.shape[k] = out.shape[len - 1 - k];
        out.stride[k] = out.stride[len - 1 - k];
        out.shape[len - 1 - k] = s;
        out.stride[len - 1 - k] = d;
        k += 1;
    }
    out.len = len;
    Ok(out)
}

/// `s * d` is a compile-time constant in C++: both factors static, or a static
/// stride `_0` (CuTe's `_0 * n` is `_0` whatever `n`), so that
/// `coalesce((7,_3):(_0,_0))` with a run-time `7` merges into `21:_0`.
$($c)? fn static_product(s: DInt, d: DInt) -> bool {
    (s.is_static && d.is_static) || d.is_static_eq(0)
}

/// A shape known to be 1: a static `_1`, or any 1 when deciding by value.
$($c)? fn is_one(s: DInt, by_value: bool) -> bool {
    if by_value {
        s.value == 1
    } else {
        s.is_static_eq(1)
    }
}

/// [`coalesce_modes`] deciding by value alone, as if every integer were static
/// (the flags of the results still follow the arithmetic). Operations that C++
/// compiles only for static strides use it to compute their run-time answer.
pub(crate) $($c)? fn coalesce_values $($g)* (m: &Modes<N>) -> Result<Modes<N>, Error> {
    coalesce_walk(m, false, true)
}

/// `s * d == target`, where an overflowing product equals nothing.
$($c)? fn product_is(s: DInt, d: DInt, target: DInt) -> bool {
    match s.value.checked_mul(d.value) {
        Some(p) => p == target.value,
        None => false,
    }
}

/// CuTe's `coalesce(shape)`: flatten, then multiply neighbouring leaves that are
/// both static or both dynamic. One remaining leaf gives an integer.
///
/// ```
/// use cute_types::{algebra::coalesce_shape, DTuple};
/// let s: DTuple = "(_2,(_3,4),5,_6)".parse().unwrap();
/// assert_eq!(coalesce_shape(&s).unwrap().to_string(), "(_6,20,_6)");
/// ```
pub $($c)? fn coalesce_shape $($g)* (shape: &DTupleN<N>) -> Result<DTupleN<N>, Error> {
    if !shape.is_tuple() {
        return Ok(shape.dup());
    }
    let first = shape.leaf_from(0);
    if first == shape.node_count() {
        return Ok(shape.dup());
    }
    let mut acc = Modes::new();
    tri!(acc.push(shape.leaf_at(first), DInt::s(0)));
    let mut p = shape.leaf_from(first + 1);
    while p < shape.node_count() {
        let a = shape.leaf_at(p);
        let b = acc.len - 1;
        if acc.shape[b].is_static == a.is_static {
            acc.shape[b] = tri!(acc.shape[b].mul(a));
        } else {
            tri!(acc.push(a, DInt::s(0)));
        }
        p = shape.leaf_from(p + 1);
    }
    let (s, _) = tri!(acc.int_or_tuples());
    Ok(s)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use coalesce_body;
coalesce_body!(const; []);
