//! `make_ordered_layout(shape, order)` and `compact_order(shape, order)`: the
//! compact layout of `shape` whose modes are laid out in the order given by `order`.
use crate::dynamic::fixed::product_like;
use crate::dynamic::{DInt, DLayoutN, DTupleN, N};
use crate::error::Error;
use crate::lists::ct::{filled, List};
use crate::tri;

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! make_ordered_layout_body {
    ($($c:ident)?; [$($g:tt)*]; $Ranking:ident) => {
/// `make_ordered_layout(shape, order)` and `compact_order(shape, order)`: the
/// compact layout of `shape` whose modes are laid out in the order given by `order`.
///
/// # Definition
///
/// `order` is weakly congruent to `shape`: each leaf `o_k` of `order` ranks the
/// sub-shape `S_k` of `shape` at the same position. Let `P_k = size(S_k)`.
/// Dynamic leaves of `order` rank after all static ones, in leaf order: leaf `k`
/// gets rank `max(0, largest static order) + 1 + k`. Then the sub-shape `S_k` is
/// laid out compact column-major starting at
///
/// ```text
/// start_k = Π { P_j : rank_j < rank_k }
/// ```
///
/// Equal ranks start at the same offset (C++ does the same). As everywhere in
/// CuTe, a static shape-1 leaf gets the static stride `_0`, and a stride is
/// static iff every shape it multiplies is.
///
/// # Preconditions
///
/// `order` is weakly congruent to `shape` (else [`Error::CoordinateMismatch`]).
///
/// # Example
///
/// ```
/// use cute_types::algebra::make_ordered_layout;
/// let l = make_ordered_layout(&"(_2,_2,_2,_2)".parse().unwrap(), &"(_0,_2,_3,_1)".parse().unwrap()).unwrap();
/// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
/// let l = make_ordered_layout(&"(2,3,4,5)".parse().unwrap(), &"(_2,67,42,_50)".parse().unwrap()).unwrap();
/// assert_eq!(l.to_string(), "(2,3,4,5):(_1,10,30,2)");
/// ```
pub $($c)? fn make_ordered_layout $($g)* (
    shape: &DTupleN<N>,
    order: &DTupleN<N>,
) -> Result<DLayoutN<N>, Error> {
    DLayoutN::new(shape.dup(), tri!(compact_order(shape, order)))
}

/// The per-leaf ranks and sizes that [`compact_order`] sorts by, and each
/// leaf's start offset (`overflows[k]`: leaf `k`'s start passes i64).
struct $Ranking $($g)* {
    sizes: List<DInt, N>,
    ranks: List<i64, N>,
    starts: List<DInt, N>,
    overflows: List<bool, N>,
    count: usize,
}

/// CuTe's `compact_order(shape, order)`: the strides of [`make_ordered_layout`].
pub $($c)? fn compact_order $($g)* (
    shape: &DTupleN<N>,
    order: &DTupleN<N>,
) -> Result<DTupleN<N>, Error> {
    let sizes = tri!(product_like(shape, order)).flatten();
    let flat_order = order.flatten();
    let count = flat_order.leaf_count();
    // Largest static order, at least 0: dynamic orders are ranked after it.
    let mut max_static = 0i64;
    let mut p = flat_order.leaf_from(0);
    while p < flat_order.node_count() {
        let o = flat_order.leaf_at(p);
        if o.is_static && o.value > max_static {
            max_static = o.value;
        }
        p = flat_order.leaf_from(p + 1);
    }
    let mut ranking = Ranking {
        sizes: filled(DInt::s(1), count),
        ranks: filled(0i64, count),
        starts: filled(DInt::s(1), count),
        overflows: filled(false, count),
        count,
    };
    // Leaf `k` of each flat tuple, walked by node position.
    let mut k = 0;
    let mut p = flat_order.leaf_from(0);
    let mut q = sizes.leaf_from(0);
    while k < count {
        let o = flat_order.leaf_at(p);
        ranking.sizes[k] = sizes.leaf_at(q);
        p = flat_order.leaf_from(p + 1);
        q = sizes.leaf_from(q + 1);
        ranking.ranks[k] = if o.is_static {
            o.value
        } else {
            // max_static + 1 + k cannot overflow unless max_static is near i64::MAX.
            match max_static.checked_add(1 + k as i64) {
                Some(v) => v,
                None => return Err(Error::Overflow),
            }
        };
        k += 1;
    }
    start_offsets(&mut ranking);
    let mut next_leaf = 0usize;
    strides_by_order(shape, order, &ranking, &mut next_leaf)
}

/// Every leaf's `start_k = Π { P_j : rank_j < rank_k }` (static iff every
/// factor taken is), from the leaves sorted by rank: one running product
/// over the ranks in increasing order, instead of a pass over all leaves
/// for each (which took seconds for 30 000 leaves). An overflowing start is
/// marked, and reported only when its leaf is laid out, as before. (The
/// sizes are positive, so the product overflows in this order exactly when
/// it does in any other.)
$($c)? fn start_offsets $($g)* (ranking: &mut Ranking<N>) {
    let n = ranking.count;
    let order = by_rank(ranking);
    let mut acc = DInt::s(1);
    let mut overflowed = false;
    let mut i = 0;
    while i < n {
        // The group of equal ranks from `i`: all start at `acc`.
        let mut end = i;
        while end < n && ranking.ranks[order[end]] == ranking.ranks[order[i]] {
            let k = order[end];
            ranking.starts[k] = acc;
            ranking.overflows[k] = overflowed;
            end += 1;
        }
        // Then the group's sizes join the product, if a later rank needs it.
        while i < end && end < n && !overflowed {
            match acc.mul(ranking.sizes[order[i]]) {
                Ok(v) => acc = v,
                Err(_) => overflowed = true,
            }
            i += 1;
        }
        i = end;
    }
}

/// The leaf indices `0..count` sorted by rank (heap sort: `n log n` steps,
/// no allocation beyond the list, and `const fn`).
$($c)? fn by_rank $($g)* (ranking: &Ranking<N>) -> List<usize, N> {
    let n = ranking.count;
    let mut idx: List<usize, N> = filled(0usize, n);
    let mut i = 0;
    while i < n {
        idx[i] = i;
        i += 1;
    }
    let mut root = n / 2;
    while root > 0 {
        root -= 1;
        sift_down(&mut idx, &ranking.ranks, root, n);
    }
    let mut end = n;
    while end > 1 {
        end -= 1;
        let top = idx[0];
        idx[0] = idx[end];
        idx[end] = top;
        sift_down(&mut idx, &ranking.ranks, 0, end);
    }
    idx
}

/// Restores the max-heap order (by `ranks`) of `idx[root..end]` below `root`.
$($c)? fn sift_down $($g)* (idx: &mut List<usize, N>, ranks: &List<i64, N>, root: usize, end: usize) {
    let mut at = root;
    loop {
        let mut child = 2 * at + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && ranks[idx[child + 1]] > ranks[idx[child]] {
            child += 1;
        }
        if ranks[idx[at]] >= ranks[idx[child]] {
            return;
        }
        let t = idx[at];
        idx[at] = idx[child];
        idx[child] = t;
        at = child;
    }
}

/// Walks `shape` along `order`'s structure; at each leaf of `order` lays out the
/// whole sub-shape compactly from its start offset.
$($c)? fn strides_by_order $($g)* (
    shape: &DTupleN<N>,
    order: &DTupleN<N>,
    ranking: &Ranking<N>,
    next_leaf: &mut usize,
) -> Result<DTupleN<N>, Error> {
    if order.is_tuple() {
        if !shape.is_tuple() || shape.rank() != order.rank() {
            return Err(Error::CoordinateMismatch);
        }
        let mut out = DTupleN::empty();
        // Mode by mode, each by its node range (`get(i)` would walk the
        // modes before `i` each time).
        let (mut p, mut q) = (1, 1);
        let mut i = 0;
        while i < order.rank() {
            let (p_end, q_end) = (shape.subtree_end(p), order.subtree_end(q));
            let sub = tri!(strides_by_order(
                &shape.slice(p, p_end),
                &order.slice(q, q_end),
                ranking,
                next_leaf
            ));
            tri!(out.push_in(&sub));
            (p, q) = (p_end, q_end);
            i += 1;
        }
        return Ok(out);
    }
    let k = *next_leaf;
    *next_leaf += 1;
    let start = tri!(start_offset(ranking, k));
    compact_left_from(shape, start)
}

/// `Π { size_j : rank_j < rank_k }`, static iff every factor taken is.
$($c)? fn start_offset $($g)* (ranking: &Ranking<N>, k: usize) -> Result<DInt, Error> {
    if ranking.overflows[k] {
        return Err(Error::Overflow);
    }
    Ok(ranking.starts[k])
}

/// Compact column-major strides of `shape` starting at `start` (CuTe's
/// `compact_col_major(shape, start)`): the unit-start strides scaled by `start`,
/// except that a static shape-1 leaf keeps `_0`.
$($c)? fn compact_left_from $($g)* (
    shape: &DTupleN<N>,
    start: DInt,
) -> Result<DTupleN<N>, Error> {
    let unit = tri!(DLayoutN::col_major(shape.dup())).stride();
    let mut out = unit.dup();
    // `unit` is congruent with `shape`: their leaves share node positions.
    let mut p = shape.leaf_from(0);
    while p < shape.node_count() {
        if !shape.leaf_at(p).is_static_eq(1) {
            out.set_leaf_at(p, tri!(unit.leaf_at(p).mul(start)));
        }
        p = shape.leaf_from(p + 1);
    }
    Ok(out)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use make_ordered_layout_body;
make_ordered_layout_body!(const; []; RankingFixed);
/// [`RankingFixed`] under the bodies' name.
type Ranking<const M: usize> = RankingFixed;

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    fn ordered(s: &str, o: &str) -> std::string::String {
        make_ordered_layout(&s.parse().unwrap(), &o.parse().unwrap())
            .unwrap()
            .to_string()
    }

    #[test]
    fn cpp_examples() {
        assert_eq!(
            ordered("(_2,_2,_2,_2)", "(_0,_2,_3,_1)"),
            "(_2,_2,_2,_2):(_1,_4,_8,_2)"
        );
        assert_eq!(
            ordered("(2,3,4,5)", "(_2,67,42,_50)"),
            "(2,3,4,5):(_1,10,30,2)"
        );
    }

    #[test]
    fn ties_share_a_start_and_coarse_orders_compact_subshapes() {
        assert_eq!(ordered("(_2,_2)", "(_1,_1)"), "(_2,_2):(_1,_1)");
        assert_eq!(
            ordered("((_2,_3),_4)", "(_2,_1)"),
            "((_2,_3),_4):((_4,_8),_1)"
        );
        assert_eq!(ordered("(_3,_1)", "(_1,_2)"), "(_3,_1):(_1,_0)");
    }

    #[test]
    fn rank_mismatch_is_an_error() {
        assert!(compact_order(&"(2,3)".parse().unwrap(), &"(1,2,3)".parse().unwrap()).is_err());
        assert!(compact_order(&"2".parse().unwrap(), &"(1,2)".parse().unwrap()).is_err());
    }
}
