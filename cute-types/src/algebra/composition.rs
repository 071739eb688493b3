//! `composition`: the layout `A ∘ B`, which maps `i` to `A(B(i))`.
use super::by_mode::{by_mode, ModeOp};
use super::coalesce::coalesce_x;
use super::modes::Modes;
use crate::dynamic::{DInt, DLayoutN, DTilerN, DTupleN, N};
use crate::error::Error;
use crate::lists::ct::{filled, List};
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! composition_body {
    ($($c:ident)?; [$($g:tt)*]; $DigitUse:ident, $DigitLoad:ident, $DigitGroup:ident $(; $fast:path)?) => {
/// Sub-problems up to this many points are checked point by point when a step is
/// not exact and no witness decides it.
const ENUMERATION_LIMIT: i64 = 1 << 16;

/// `composition`: the layout `A ∘ B`, which maps `i` to `A(B(i))`.
///
/// **Defining equation.** `R = composition(A, B)` is compatible with `B` (same size,
/// `B`'s nesting with every leaf of `B` possibly refined into a flat tuple) and
///
/// ```text
/// R(i) == A(B(i))   for every i in [0, size(B))
/// ```
///
/// where `A` is evaluated the CuTe way beyond its domain (a 1-D index is split
/// colexicographically and the last mode takes the rest, without wrapping).
///
/// **Algorithm** (CuTe C++ `composition`). `A` is flattened and coalesced so that it
/// keeps its values beyond the domain (`coalesce_x`). `B` distributes: each leaf
/// `s:d` of `B` is replaced by `A ∘ (s:d)`. A static stride-0 leaf stays itself; an
/// `A` of one mode `S:D` gives `s:(d·D)`; otherwise the leaf walks the modes
/// `(s_j:d_j)` of `A` with a remaining shape `m` (first `s`) and stride `r` (first `d`):
/// `n = ⌈s_j/|r|⌉`; unless `n` or `m` is a static 1 the mode `min(n, m):(r·d_j)` is
/// appended and `m` divided by it; `r` becomes `⌈|r|/s_j⌉·sign(r)`. The remaining
/// `m:(r·d_last)` closes the result (dropped when `m` is a static 1).
///
/// **Preconditions.**
/// * CuTe's weak divisibility conditions, checked where both values are static as
///   in C++: `r % s_j == 0 || r < s_j` ([`Error::StrideDivisibility`]) and
///   `m % min(n, m) == 0` ([`Error::ShapeDivisibility`]).
/// * The result must be functional, `R(i) == A(B(i))` on `[0, size(B))`
///   ([`Error::NotFunctional`]). C++'s weak checks let wrong results through, e.g.
///   `composition((3,5):(1,4), 10:2)` would be `(2,5):(2,4)` with `R(2) = 4` but
///   `A(B(2)) = A(4) = 5`.
///
/// **How functionality is decided without enumerating `[0, size(B))`.** Per leaf
/// `s:d` of `B`, write `f(i) = A(i·d)`. Because `A(-x) = -A(x)` under C++'s
/// truncating division and the algorithm only carries `sign(d)`, it is enough to
/// argue for `ρ = |r| > 0`. Let the walk be at mode `j` of (coalesced) `A` with the
/// sub-problem `f_j(i') = A_j(i'·ρ)`, `i' < m` (`A_j` = modes `j..` of `A`). A step is
/// *exact* when it splits `f_j` exactly as the appended mode claims:
/// * `m == 1`: one point, `f_j(0) = 0`;
/// * `ρ >= s_j` and `s_j | ρ`: digit `j` of `i'ρ` is 0 and the carry is `i'·(ρ/s_j)`;
/// * `ρ < s_j`, `m <= n`: `i'ρ < s_j`, so `f_j(i') = i'·ρ·d_j` (the appended mode);
/// * `ρ < s_j`, `ρ | s_j`, `n | m`: `i' = a + n·b` gives digit `a·ρ`, carry `b`;
/// * `ρ < s_j`, `ρ ∤ s_j`, `n | m`, `d_j == 0` and `(m/n)·t < ρ` with `t = nρ - s_j`:
///   for `a < n`, `b < m/n` the digit `aρ + bt` stays below `s_j`, so the carry is
///   exactly `b` and the digit is multiplied by 0.
///
/// If every step is exact, `R` and `f` agree by induction over the steps (the
/// last mode takes the rest in both). Otherwise let `j` be the first inexact step
/// and `Q` the product of the modes appended before it: by exactness of the earlier
/// steps `R(q + Q·i') = R(q) + R(Q·i')` and the same for `f`, so `R ≡ f` exactly
/// when `R(Q·i') = f(Q·i')` for all `i' < m`. This is decided by (1) evaluating a
/// few witnesses that expose the known failure patterns — `i' = n` catches every
/// inexact step of a coalesced static `A` whose stride `d_j` is non-zero
/// (`f_j(n) = t·d_j + A_{j+1}(1)` but `R_j(n) = A_{j+1}(1)`), the points around
/// `b* = ⌈(ρ - t)/t⌉` catch the first lost carry when `d_j == 0`; (2) if no witness
/// fails and `m <= 2^16`, enumerating `i' < m`. (3) Otherwise the composition is
/// refused as [`Error::NotFunctional`] although not proven wrong: this needs a
/// stride-0 mode of `A` that `B` steps over with a stride not dividing it, with
/// carries inside `B`'s domain, and a sub-problem above `2^16` points.
///
/// **Across the leaves of `B`.** `R(c) = Σ_k R_k(c_k)` while `A ∘ B` is
/// `A(Σ_k x_k)` with `x_k = c_k·d_k`, so the leaves must also add up under `A`. `A`'s
/// modes but the last are the digits of a mixed radix; first merge, by value, the
/// neighbours a carry passes through unchanged (`d_{j+1} == s_j·d_j`; non-last
/// shape-1 modes have no digit). An exact leaf occupies known digits: each appended
/// mode `N:(ρ·d_j)` puts at most `(N-1)·ρ` into digit `j`. If, for every digit, the
/// leaves' largest values sum below its size, no carry can occur and `A` adds up
/// exactly. Otherwise take the leaves with the largest values of that digit until
/// their sum first reaches its size: at that point the digit carries exactly once
/// into the next digit, whose stride is not `size·stride` (the runs are maximal), so
/// `R` and `A ∘ B` differ there; the point is evaluated to confirm. Leaves of both
/// signs (borrows), leaves that needed witnesses, and the stride-0 case above (whose
/// digit comes with a carry) are decided by enumerating `[0, size(B))` when it has
/// at most `2^16` points, and refused otherwise.
///
/// So normal compositions (all steps exact, digits without overflow) cost
/// `O(rank(A))` per leaf of `B` plus `O(rank(A))` for the digit sums, at any size.
/// C++'s divisibility errors are reported before [`Error::NotFunctional`], as a
/// static assertion anywhere in `B` fails the C++ compilation.
///
/// ```
/// use cute_types::{algebra::composition, DLayout};
/// let a: DLayout = "(_6,_2):(_8,_2)".parse().unwrap();
/// let b: DLayout = "(_4,_3):(_3,_1)".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "((_2,_2),_3):((_24,_2),_8)");
/// let bad: DLayout = "(3,5):(1,4)".parse().unwrap();
/// assert!(composition(&bad, &"10:2".parse().unwrap()).is_err());
/// ```
pub $($c)? fn composition $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    $(if let Some(r) = $fast(a, b) {
        return r;
    })?
    composition_at(a, b)
}

/// The body of [`composition`].
pub(crate) $($c)? fn composition_at $($g)* (
    a: &DLayoutN<N>,
    b: &DLayoutN<N>,
) -> Result<DLayoutN<N>, Error> {
    // B's shape must be positive (a layout built with `new_unchecked_shape` may not
    // be): `DLayoutN::new`'s checks, in its order, without copying B (shape and
    // stride of a `DLayoutN` are always congruent).
    if !b.shape_ref().leaves_positive() {
        return Err(Error::NonPositiveShape);
    }
    if b.shape_ref().has_underscore() || b.stride_ref().has_underscore() {
        return Err(Error::ExpectedInt);
    }
    // Beyond its domain A's last mode takes the rest; an empty last mode `()`
    // takes it to nowhere, which no composition can reproduce (C++ compiles
    // neither the evaluation nor the composition).
    if ends_in_empty_tuple(a.shape_ref()) {
        return Err(Error::Unsupported);
    }
    let lhs = tri!(coalesce_x(a));
    let a_values = Modes::of_layout(a);
    let mut load = DigitLoad::new();
    let (shape, stride) = tri!(compose_tree(
        &lhs,
        &a_values,
        b.shape_ref(),
        b.stride_ref(),
        &mut load
    ));
    if load.not_functional {
        return Err(Error::NotFunctional);
    }
    let r = tri!(DLayoutN::new(shape, stride));
    tri!(check_leaves_add_up(&lhs, &load, &a_values, b, &r));
    Ok(r)
}

/// CuTe's `composition(A, tiler)` with a by-mode tiler `[t0, t1, …]`: mode `i` of the
/// result is `A_i ∘ t_i` (a nested tiler recursing into `A_i`). The modes of `A` the
/// tiler does not reach are dropped, and the result is always tuple-shaped.
///
/// **Preconditions.** `rank(tiler) <= rank(A)` ([`Error::TilerRank`]); every
/// composition involved satisfies the conditions of [`composition`].
///
/// ```
/// use cute_types::{algebra::composition_tiler, dynamic::DTiler, DLayout};
/// let a: DLayout = "(_4,_8):(_1,_4)".parse().unwrap();
/// let t = DTiler::from_layouts(&["_2:_1".parse().unwrap(), "_4:_2".parse().unwrap()]).unwrap();
/// assert_eq!(composition_tiler(&a, &t).unwrap().to_string(), "(_2,_4):(_1,_8)");
/// ```
pub $($c)? fn composition_tiler $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    composition_tiler_at(a, tiler)
}

/// The body of [`composition_tiler`].
pub(crate) $($c)? fn composition_tiler_at $($g)* (
    a: &DLayoutN<N>,
    tiler: &DTilerN<N>,
) -> Result<DLayoutN<N>, Error> {
    by_mode(a, tiler, ModeOp::Compose)
}

/// Whether the last mode of `shape`, followed down through its last modes, is
/// an empty tuple `()`.
$($c)? fn ends_in_empty_tuple $($g)* (shape: &DTupleN<N>) -> bool {
    let mut t = shape.dup();
    loop {
        if t.as_int().is_some() {
            return false;
        }
        let rank = t.rank();
        if rank == 0 {
            return true;
        }
        t = match t.get(rank - 1) {
            Ok(last) => last,
            Err(_) => return false,
        };
    }
}

/// Right distributivity: `A ∘ (B0, B1, …) = (A ∘ B0, A ∘ B1, …)`, down to the leaves.
///
/// One pass over `B`'s nodes in prefix order, building the result in place (the
/// open tuples on a stack), rather than a recursion that copies every mode of `B`
/// out and every partial result back in. The leaves are composed in the same order.
$($c)? fn compose_tree $($g)* (
    lhs: &Modes<N>,
    a_values: &Modes<N>,
    shape: &DTupleN<N>,
    stride: &DTupleN<N>,
    load: &mut DigitLoad<N>,
) -> Result<(DTupleN<N>, DTupleN<N>), Error> {
    if let Some(s) = shape.as_int() {
        let (modes, usage) = tri!(compose_leaf(lhs, a_values, s, tri!(stride.to_int())));
        load.add(&usage);
        return modes.int_or_tuples();
    }
    let mut out_shape = DTupleN::empty();
    let mut out_stride = DTupleN::empty();
    // Open tuples: their node in the result and how many children are still to come.
    let mut open: List<usize, N> = filled(0usize, shape.node_count());
    let mut remaining: List<usize, N> = filled(0usize, shape.node_count());
    let mut depth = 0usize;
    if let Some(k) = shape.children_at(0) {
        if k > 0 {
            remaining[0] = k;
            depth = 1;
        }
    }
    let mut p = 1;
    while p < shape.node_count() && depth > 0 {
        let parent = open[depth - 1];
        remaining[depth - 1] -= 1;
        if let (Some(s), Some(d)) = (shape.leaf_at_node(p), stride.leaf_at_node(p)) {
            let (modes, usage) = tri!(compose_leaf(lhs, a_values, s, d));
            load.add(&usage);
            tri!(push_modes(&mut out_shape, &mut out_stride, parent, &modes));
        } else if let Some(k) = shape.children_at(p) {
            let node = tri!(out_shape.push_tuple_under(parent));
            tri!(out_stride.push_tuple_under(parent));
            if k > 0 {
                open[depth] = node;
                remaining[depth] = k;
                depth += 1;
            }
        } else {
            // a layout holds no placeholder `_` (checked by the caller)
            return Err(Error::ExpectedInt);
        }
        while depth > 0 && remaining[depth - 1] == 0 {
            depth -= 1;
        }
        p += 1;
    }
    Ok((out_shape, out_stride))
}

/// Appends the composition of one leaf of `B` under tuple node `parent`: an
/// integer for one mode, a flat tuple otherwise (as [`Modes::int_or_tuples`]).
$($c)? fn push_modes $($g)* (
    shape: &mut DTupleN<N>,
    stride: &mut DTupleN<N>,
    parent: usize,
    modes: &Modes<N>,
) -> Result<(), Error> {
    if modes.len == 1 {
        tri!(shape.push_int_under(parent, modes.shape[0]));
        return stride.push_int_under(parent, modes.stride[0]);
    }
    let s = tri!(shape.push_tuple_under(parent));
    let d = tri!(stride.push_tuple_under(parent));
    let mut k = 0;
    while k < modes.len {
        tri!(shape.push_int_under(s, modes.shape[k]));
        tri!(stride.push_int_under(d, modes.stride[k]));
        k += 1;
    }
    Ok(())
}

/// The first step of the walk that is not exact: its sub-problem.
#[derive(Clone, Copy)]
struct Inexact {
    /// product of the modes appended before the step
    q: i64,
    /// remaining shape (sub-problem size)
    m: i64,
    /// |remaining stride|
    rho: i64,
    /// shape of the mode of A at this step
    s: i64,
}

/// `A ∘ (s:d)` for one leaf of `B`, checked for functionality, with the digits of
/// `A`'s mixed radix that the leaf's values use.
$($c)? fn compose_leaf $($g)* (
    lhs: &Modes<N>,
    a_values: &Modes<N>,
    s: DInt,
    d: DInt,
) -> Result<(Modes<N>, DigitUse<N>), Error> {
    // a leaf of size 1 is the constant 0, whatever its stride
    let moving = if s.value == 1 { 0 } else { d.value.signum() };
    let mut usage = DigitUse::new(moving);
    let mut out = Modes::new();
    // A stride-0 leaf maps everything to A(0) = 0: it is its own composition. C++
    // takes this shortcut for a static 0; a run-time 0 would divide by zero there,
    // except over a one-mode `A`, whose stride C++ multiplies in (`0 * _0` is the
    // static `_0`: `composition(_4:_0, 2:0)` is `_2:_0`), as below.
    if d.value == 0 && (d.is_static || lhs.len != 1) {
        tri!(out.push(s, d));
        return Ok((out, usage));
    }
    if lhs.len == 1 {
        // all values land in the last mode, which takes the rest: no digit is used
        tri!(out.push(s, tri!(d.mul(lhs.stride[0]))));
        return Ok((out, usage));
    }
    let mut rest_shape = s;
    let mut rest_stride = d;
    let mut exact = true;
    let mut q: i64 = 1;
    let mut first_inexact = Inexact {
        q: 1,
        m: 1,
        rho: 1,
        s: 1,
    };
    let mut j = 0;
    while j + 1 < lhs.len {
        let cs = lhs.shape[j];
        let cd = lhs.stride[j];
        let (rho, next_shape, next_stride) = tri!(walk_step(cs, rest_stride));
        if exact
            && rest_shape.value > 1
            && !step_is_exact(cs.value, cd.value, rho.value, rest_shape.value)
        {
            exact = false;
            first_inexact = Inexact {
                q,
                m: rest_shape.value,
                rho: rho.value,
                s: cs.value,
            };
        }
        if exact && rest_shape.value > 1 && rho.value < cs.value {
            tri!(usage.record(j, cs.value, rho.value, rest_shape.value, q));
        }
        if next_shape.is_static_eq(1) || rest_shape.is_static_eq(1) {
            rest_stride = next_stride;
            j += 1;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        if new_shape.is_static && rest_shape.is_static && rest_shape.value % new_shape.value != 0 {
            return Err(Error::ShapeDivisibility);
        }
        tri!(out.push(new_shape, tri!(rest_stride.mul(cd))));
        if exact {
            q = match q.checked_mul(new_shape.value) {
                Some(v) => v,
                None => return Err(Error::Overflow),
            };
        }
        rest_shape = tri!(rest_shape.div(new_shape));
        rest_stride = next_stride;
        j += 1;
    }
    let last_stride = tri!(rest_stride.mul(lhs.stride[lhs.len - 1]));
    if out.len == 0 || !rest_shape.is_static_eq(1) {
        tri!(out.push(rest_shape, last_stride));
    }
    // A non-functional leaf is reported after the whole of B has been walked, so
    // that C++'s divisibility errors in later leaves take precedence, as in C++.
    match check_functional(a_values, &out, s, d, exact, &first_inexact) {
        Ok(()) => {}
        Err(Error::NotFunctional) => usage.not_functional = true,
        Err(e) => return Err(e),
    }
    usage.characterized = exact;
    Ok((out, usage))
}

/// `R(i) == A(i·d)` on `[0, s)`, decided as explained on [`composition`].
$($c)? fn check_functional $($g)* (
    a_values: &Modes<N>,
    r: &Modes<N>,
    s: DInt,
    d: DInt,
    exact: bool,
    at: &Inexact,
) -> Result<(), Error> {
    let size = tri!(r.size());
    if size.value != s.value {
        return Err(Error::NotFunctional);
    }
    if exact {
        return Ok(());
    }
    let (points, count) = witnesses(at);
    let mut k = 0;
    while k < count {
        if tri!(differs(a_values, r, d, at.q, points[k])) {
            return Err(Error::NotFunctional);
        }
        k += 1;
    }
    if at.m > ENUMERATION_LIMIT {
        return Err(Error::NotFunctional);
    }
    let mut i = 1;
    while i < at.m {
        if tri!(differs(a_values, r, d, at.q, i)) {
            return Err(Error::NotFunctional);
        }
        i += 1;
    }
    Ok(())
}

/// Whether `R(q·i') != A(q·i'·d)`.
$($c)? fn differs $($g)* (
    a_values: &Modes<N>,
    r: &Modes<N>,
    d: DInt,
    q: i64,
    ip: i64,
) -> Result<bool, Error> {
    let i = match q.checked_mul(ip) {
        Some(v) => v,
        None => return Err(Error::Overflow),
    };
    let x = match i.checked_mul(d.value) {
        Some(v) => v,
        None => return Err(Error::Overflow),
    };
    Ok(tri!(r.eval(i)) != tri!(a_values.eval(x)))
}

const MAX_WITNESSES: usize = 40;

/// Sub-problem indices where an inexact step typically shows (see [`composition`]
/// documentation); only those in `(0, m)` are returned.
$($c)? fn witnesses(at: &Inexact) -> ([i64; MAX_WITNESSES], usize) {
    let mut out = [0i64; MAX_WITNESSES];
    let mut len = 0;
    let m = at.m;
    let generic = [1, 2, 3, m - 1, m - 2];
    let mut k = 0;
    while k < generic.len() {
        len = add_point(&mut out, len, generic[k], m);
        k += 1;
    }
    if at.rho < at.s {
        let n = digits_per_step(at.s, at.rho);
        let n2 = n.saturating_mul(2);
        let n3 = n.saturating_mul(3);
        let around_n = [
            n - 1,
            n,
            n.saturating_add(1),
            n2 - 1,
            n2,
            n2.saturating_add(1),
            n3 - 1,
        ];
        k = 0;
        while k < around_n.len() {
            len = add_point(&mut out, len, around_n[k], m);
            k += 1;
        }
        let t = overhang(at.s, at.rho);
        if t > 0 {
            // b*: the first block index whose last element carries out of the digit.
            let b_star = (at.rho - t + t - 1) / t;
            let blocks = [b_star, b_star + 1, b_star + 2, m / n - 1];
            // (all values here are below m <= i64::MAX, so +1, +2 do not overflow)
            k = 0;
            while k < blocks.len() {
                let b = blocks[k];
                len = add_block_points(&mut out, len, b, n, at, m);
                k += 1;
            }
        }
    }
    (out, len)
}

/// Witnesses inside block `b` (indices `n·b + a`, `a < n`): its first and last
/// element and the first element of each carry value.
$($c)? fn add_block_points(
    out: &mut [i64; MAX_WITNESSES],
    len: usize,
    b: i64,
    n: i64,
    at: &Inexact,
    m: i64,
) -> usize {
    if b < 0 || b > m / n {
        return len;
    }
    let t = overhang(at.s, at.rho);
    let base = n.saturating_mul(b);
    let mut len = add_point(out, len, base, m);
    len = add_point(out, len, base.saturating_add(n - 1), m);
    // first a with a·ρ + b·t >= v·s, for carries v = 1, 2
    let mut v = 1;
    while v <= 2 {
        let need = at.s.saturating_mul(v).saturating_sub(b.saturating_mul(t));
        if need > 0 {
            let a = need.saturating_add(at.rho - 1) / at.rho;
            if a < n {
                len = add_point(out, len, base.saturating_add(a), m);
            }
        }
        v += 1;
    }
    len
}

$($c)? fn add_point(out: &mut [i64; MAX_WITNESSES], len: usize, p: i64, m: i64) -> usize {
    if p <= 0 || p >= m || len >= MAX_WITNESSES {
        return len;
    }
    out[len] = p;
    len + 1
}

/// The digits of `A`'s mixed radix (its coalesced modes but the last) that the
/// values `c·d` of one leaf `s:d` of `B` occupy, known when every step was exact.
#[derive(Clone)]
struct $DigitUse $($g)* {
    /// sign of the leaf's stride (0: the leaf is constant)
    sign: i64,
    /// every step exact, so `max`/`at` describe the leaf
    characterized: bool,
    /// the leaf's own composition is not functional
    not_functional: bool,
    /// the largest value of digit `j` among the leaf's values
    max: List<i64, N>,
    /// a leaf-local index whose value has digit `j` at `max[j]` and all other
    /// digits (but the last mode's) zero
    at: List<i64, N>,
    /// digit `j` reaches `max[j]` only together with a carry into higher digits
    coupled: List<bool, N>,
    /// digits `>= digits` were never recorded (all zero): sums stop there
    digits: usize,
}

impl $($g)* DigitUse<N> {
    $($c)? fn new(sign: i64) -> DigitUse<N> {
        DigitUse {
            sign,
            characterized: true,
            digits: 0,
            not_functional: false,
            max: filled(0i64, 0),
            at: filled(0i64, 0),
            coupled: filled(false, 0),
        }
    }
    /// An exact step at mode `j` (shape `s`) with |stride| `rho < s`, sub-problem
    /// size `m > 1` and leaf-local multiplier `q` appended its mode.
    $($c)? fn record(&mut self, j: usize, s: i64, rho: i64, m: i64, q: i64) -> Result<(), Error> {
        let n = digits_per_step(s, rho);
        let (top, local) = if m <= n {
            ((m - 1) * rho, m - 1)
        } else if s % rho == 0 {
            ((n - 1) * rho, n - 1)
        } else {
            // the stride-0 case without carries: digit aρ + bt, carry b
            let t = overhang(s, rho);
            self.coupled[j] = true;
            let carried = match (m / n - 1).checked_mul(t) {
                Some(v) => v,
                None => return Err(Error::Overflow),
            };
            // (n - 1)·ρ < s, so only the sum can overflow
            match ((n - 1) * rho).checked_add(carried) {
                Some(v) => (v, m - 1),
                None => return Err(Error::Overflow),
            }
        };
        self.max[j] = top;
        if j >= self.digits {
            self.digits = j + 1;
        }
        self.at[j] = match local.checked_mul(q) {
            Some(v) => v,
            None => return Err(Error::Overflow),
        };
        Ok(())
    }
}

/// The sum over the leaves of `B` of their largest digits, per mode of `A`.
struct $DigitLoad $($g)* {
    pos: List<i64, N>,
    neg: List<i64, N>,
    coupled: List<bool, N>,
    any_pos: bool,
    any_neg: bool,
    uncharacterized: bool,
    /// number of leaves that are not constant
    moving: usize,
    /// some leaf's own composition is not functional
    not_functional: bool,
    /// digits `>= digits` are zero in every sum
    digits: usize,
}

impl $($g)* DigitLoad<N> {
    $($c)? fn new() -> DigitLoad<N> {
        DigitLoad {
            pos: filled(0i64, 0),
            neg: filled(0i64, 0),
            coupled: filled(false, 0),
            any_pos: false,
            any_neg: false,
            uncharacterized: false,
            moving: 0,
            not_functional: false,
            digits: 0,
        }
    }
    $($c)? fn add(&mut self, u: &DigitUse<N>) {
        self.not_functional |= u.not_functional;
        if u.sign == 0 {
            return;
        }
        self.moving += 1;
        if !u.characterized {
            self.uncharacterized = true;
        }
        if u.sign > 0 {
            self.any_pos = true;
        } else {
            self.any_neg = true;
        }
        if u.digits > self.digits {
            self.digits = u.digits;
        }
        let mut j = 0;
        while j < u.digits {
            if u.sign > 0 {
                self.pos[j] = self.pos[j].saturating_add(u.max[j]);
            } else {
                self.neg[j] = self.neg[j].saturating_add(u.max[j]);
            }
            self.coupled[j] |= u.coupled[j];
            j += 1;
        }
    }
}

/// A maximal run of modes of `A` (but the last) that carry into each other without
/// changing the function (`d_next == s·d` by value; non-last shape-1 modes, whose
/// digit is always 0, are passed over): one digit of `A`'s reduced mixed radix.
struct $DigitGroup $($g)* {
    modes: List<usize, N>,
    weight: List<i64, N>,
    len: usize,
    size: i64,
    /// the run continues into the last mode, which takes the rest: it never carries
    unbounded: bool,
    /// index of the run's last mode
    end: usize,
}

$($c)? fn digit_group $($g)* (lhs: &Modes<N>, start: usize) -> DigitGroup<N> {
    let last = lhs.len - 1;
    let mut g = DigitGroup {
        modes: filled(0usize, lhs.len),
        weight: filled(0i64, lhs.len),
        len: 1,
        size: lhs.shape[start].value,
        unbounded: false,
        end: start,
    };
    g.modes[0] = start;
    g.weight[0] = 1;
    let mut k = start;
    loop {
        let mut next = k + 1;
        while next < last && lhs.shape[next].value == 1 {
            next += 1;
        }
        let continues = match lhs.shape[k].value.checked_mul(lhs.stride[k].value) {
            Some(v) => v == lhs.stride[next].value,
            None => false,
        };
        if !continues {
            break;
        }
        if next == last {
            g.unbounded = true;
            break;
        }
        g.modes[g.len] = next;
        g.weight[g.len] = g.size;
        g.size = g.size.saturating_mul(lhs.shape[next].value);
        g.len += 1;
        k = next;
    }
    g.end = k;
    g
}

/// The leaves of `B` compose one by one; the whole is functional when
/// `A(x_0 + x_1 + …) == A(x_0) + A(x_1) + …` for the leaves' values `x_k`. That
/// holds when no digit of `A`'s reduced mixed radix can overflow: for each digit,
/// the sum of the leaves' largest digit values stays below its size (the last mode
/// takes the rest and never overflows). When a digit can overflow, the leaves with
/// the largest digit values, taken until their sum first reaches the size, give a
/// point where the digit carries exactly once into the next digit, whose stride is
/// not `size·stride` (the run is maximal), so `R` and `A ∘ B` differ there: that
/// witness is evaluated. Leaves of both signs, leaves not characterized by exact
/// steps and the coupled stride-0 digits are decided by enumeration (up to 2^16
/// points) or refused.
$($c)? fn check_leaves_add_up $($g)* (
    lhs: &Modes<N>,
    load: &DigitLoad<N>,
    a_values: &Modes<N>,
    b: &DLayoutN<N>,
    r: &DLayoutN<N>,
) -> Result<(), Error> {
    // one moving leaf: nothing to add up; a linear A adds up everything
    if load.moving <= 1 || is_linear(lhs) {
        return Ok(());
    }
    if load.uncharacterized {
        return enumerate_all(a_values, b, r);
    }
    if !uses_digits(load) {
        // every leaf lives in A's last mode, which is linear
        return Ok(());
    }
    if load.any_pos && load.any_neg {
        // negative and positive values borrow across digits
        return enumerate_all(a_values, b, r);
    }
    let last = lhs.len - 1;
    let mut j = 0;
    while j < last {
        if lhs.shape[j].value == 1 {
            j += 1;
            continue;
        }
        let g = digit_group(lhs, j);
        if g.unbounded {
            return Ok(());
        }
        let mut pos: i64 = 0;
        let mut neg: i64 = 0;
        let mut coupled = false;
        let mut k = 0;
        while k < g.len {
            let m = g.modes[k];
            pos = pos.saturating_add(load.pos[m].saturating_mul(g.weight[k]));
            neg = neg.saturating_add(load.neg[m].saturating_mul(g.weight[k]));
            coupled |= load.coupled[m];
            k += 1;
        }
        if pos >= g.size || neg >= g.size {
            if coupled {
                return enumerate_all(a_values, b, r);
            }
            let sign = if pos >= g.size { 1 } else { -1 };
            if tri!(carry_witness_differs(lhs, a_values, b, r, &g, sign)) {
                return Err(Error::NotFunctional);
            }
            return enumerate_all(a_values, b, r);
        }
        j = g.end + 1;
    }
    Ok(())
}

/// `A` is linear by value: all its modes but the last merge into the last one.
$($c)? fn is_linear $($g)* (lhs: &Modes<N>) -> bool {
    if lhs.len < 2 {
        return true;
    }
    let mut j = 0;
    while j + 1 < lhs.len && lhs.shape[j].value == 1 {
        j += 1;
    }
    j + 1 == lhs.len || digit_group(lhs, j).unbounded
}

/// Some leaf has a non-zero digit below A's last mode.
$($c)? fn uses_digits $($g)* (load: &DigitLoad<N>) -> bool {
    let mut j = 0;
    while j < load.digits {
        if load.pos[j] != 0 || load.neg[j] != 0 {
            return true;
        }
        j += 1;
    }
    false
}

/// Builds the carry witness for digit group `g` (leaves of stride sign `sign`) and
/// reports whether `R` and `A ∘ B` differ there.
$($c)? fn carry_witness_differs $($g)* (
    lhs: &Modes<N>,
    a_values: &Modes<N>,
    b: &DLayoutN<N>,
    r: &DLayoutN<N>,
    g: &DigitGroup<N>,
    sign: i64,
) -> Result<bool, Error> {
    let leaves = Modes::of_layout(b);
    let mut value: List<i64, N> = filled(0i64, leaves.len);
    let mut local: List<i64, N> = filled(0i64, leaves.len);
    let mut weight_b: List<i64, N> = filled(0i64, leaves.len);
    let mut prefix: i64 = 1;
    let mut l = 0;
    while l < leaves.len {
        weight_b[l] = prefix;
        prefix = match prefix.checked_mul(leaves.shape[l].value) {
            Some(v) => v,
            None => return Err(Error::Overflow),
        };
        if leaves.stride[l].value.signum() == sign {
            let (_, u) = tri!(compose_leaf(
                lhs,
                a_values,
                leaves.shape[l],
                leaves.stride[l]
            ));
            let mut k = 0;
            while k < g.len {
                let m = g.modes[k];
                value[l] = value[l].saturating_add(u.max[m].saturating_mul(g.weight[k]));
                local[l] = local[l].saturating_add(u.at[m]);
                k += 1;
            }
        }
        l += 1;
    }
    // largest digit values first, until their sum reaches the group's size
    let mut taken: List<bool, N> = filled(false, leaves.len);
    let mut sum: i64 = 0;
    let mut index: i64 = 0;
    while sum < g.size {
        let mut best = usize::MAX;
        let mut l = 0;
        while l < leaves.len {
            if !taken[l] && value[l] > 0 && (best == usize::MAX || value[l] > value[best]) {
                best = l;
            }
            l += 1;
        }
        if best == usize::MAX {
            return Ok(false);
        }
        taken[best] = true;
        sum = sum.saturating_add(value[best]);
        index = index.saturating_add(local[best].saturating_mul(weight_b[best]));
    }
    let rm = Modes::of_layout(r);
    let bm = leaves;
    let x = tri!(bm.eval(index));
    Ok(tri!(rm.eval(index)) != tri!(a_values.eval(x)))
}

/// Point-by-point check of `R(i) == A(B(i))` over `[0, size(B))`, for the cases the
/// criteria above leave open; beyond 2^16 points the composition is refused.
$($c)? fn enumerate_all $($g)* (
    a_values: &Modes<N>,
    b: &DLayoutN<N>,
    r: &DLayoutN<N>,
) -> Result<(), Error> {
    let size = tri!(b.size()).value;
    if size > ENUMERATION_LIMIT {
        return Err(Error::NotFunctional);
    }
    let bm = Modes::of_layout(b);
    let rm = Modes::of_layout(r);
    let mut i = 0;
    while i < size {
        if tri!(rm.eval(i)) != tri!(a_values.eval(tri!(bm.eval(i)))) {
            return Err(Error::NotFunctional);
        }
        i += 1;
    }
    Ok(())
}
    };
}
// Integer steps of the walk, shared by both instantiations of the body and the
// run-time fast path (`fast.rs`); they depend on no tuple type.

/// One step of the walk of a leaf of `B` over a mode `cs` of `A` at the stride
/// `rest_stride` still to cover: C++'s checks (a positive shape; for static
/// values, the stride divisibility condition), then `ρ = |rest_stride|`, the
/// mode's share `⌈cs / ρ⌉` and the stride carried to the next mode
/// `⌈ρ / cs⌉·sign(rest_stride)`.
pub(crate) const fn walk_step(cs: DInt, rest_stride: DInt) -> Result<(DInt, DInt, DInt), Error> {
    if cs.value <= 0 {
        return Err(Error::NonPositiveShape);
    }
    if cs.is_static
        && rest_stride.is_static
        && !(rest_stride.value % cs.value == 0 || rest_stride.value < cs.value)
    {
        return Err(Error::StrideDivisibility);
    }
    let rho = tri!(rest_stride.abs());
    let next_shape = tri!(cs.ceil_div(rho));
    let sign = DInt {
        value: rest_stride.value.signum(),
        is_static: rest_stride.is_static,
    };
    let next_stride = tri!(tri!(rho.ceil_div(cs)).mul(sign));
    Ok((rho, next_shape, next_stride))
}

/// `ceil(s / ρ)` for `s, ρ > 0`, without the overflow of `(s + ρ - 1) / ρ`.
pub(crate) const fn digits_per_step(s: i64, rho: i64) -> i64 {
    s / rho + if s % rho == 0 { 0 } else { 1 }
}

/// `ceil(s / ρ)·ρ - s` for `s, ρ > 0`: how far the last step overhangs `s`,
/// computed without forming `ceil(s / ρ)·ρ`, which may not fit.
pub(crate) const fn overhang(s: i64, rho: i64) -> i64 {
    let r = s % rho;
    if r == 0 {
        0
    } else {
        rho - r
    }
}

/// Whether one step of the walk splits the sub-problem exactly (see [`composition`]
/// documentation for the argument of each case). `s` and `ds` are the mode of `A`,
/// `rho` the |stride| and `m > 1` the size of the sub-problem.
pub(crate) const fn step_is_exact(s: i64, ds: i64, rho: i64, m: i64) -> bool {
    if rho >= s {
        return rho % s == 0;
    }
    let n = digits_per_step(s, rho);
    if m <= n {
        return true;
    }
    if m % n != 0 {
        return false;
    }
    if s % rho == 0 {
        return true;
    }
    // ρ ∤ s: only a stride-0 mode whose carries all stay inside the digit is exact.
    let t = overhang(s, rho);
    ds == 0 && (m / n) <= (rho - 1) / t
}

#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use composition_body;
composition_body!(const; []; DigitUseFixed, DigitLoadFixed, DigitGroupFixed);
/// [`DigitUseFixed`] under the bodies' name.
type DigitUse<const M: usize> = DigitUseFixed;
/// [`DigitLoadFixed`] under the bodies' name.
type DigitLoad<const M: usize> = DigitLoadFixed;
/// [`DigitGroupFixed`] under the bodies' name.
type DigitGroup<const M: usize> = DigitGroupFixed;
impl Copy for DigitUse<N> {}
