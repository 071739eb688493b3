//! The evaluation engine: the one definition of `layout → offset`, shared by
//! compile time, run time and the PTX generator.
//!
//! A layout `S:D` maps a 1-D index `i` to
//!
//! ```text
//! L(i) = Σₖ cₖ(i)·dₖ      cₖ(i) = (i / divₖ) mod sₖ    (the leaf taking the rest: i / divₖ)
//! ```
//!
//! over the shape leaves `sₖ` and stride leaves `dₖ` in colexicographic order
//! (the order of the text), `divₖ` being the product of the shape leaves before
//! leaf `k`. `cₖ(i)` is leaf `k` of the natural coordinate `idx2crd(i, S)`. The
//! leaf that takes the rest of the index, unreduced, is the last node of the
//! shape when that node is a leaf: an index past the domain runs on in the last
//! mode, as in CuTe, and a shape ending in `()` drops the rest. A coordinate with
//! tuple parts is walked alongside the shape; each integer in it is a 1-D index
//! into the mode it meets, evaluated by the same formula over that mode's leaves.
//!
//! [`Terms`] is the walk: leaf by leaf, it yields a [`Term`] `(div, extent,
//! stride, takes_rest)`, each value with its static flag, and, node by node,
//! each node's place in the nesting. It is a `const fn` over the node arrays
//! (no recursion, no copies of tuples), so it is the same walk for a `const` at
//! compile time and for a value at run time. The consumers differ only in the
//! arithmetic they do on each term:
//!
//! * [`index_offset`], [`crd2idx`], [`DLayoutN::eval`](super::DLayoutN::eval)
//!   and `idx2crd` (the natural coordinate is the walk's leaf coordinates):
//!   checked [`DInt`] arithmetic in a `const fn`, what the algebra, the
//!   calculator, static layouts at compile time and dynamic layouts at run time
//!   evaluate with. Each leaf's coordinate is split off mode by mode as CuTe
//!   does (`divmod` by the size of each mode that is not last, the last mode
//!   taking what is left): the value is `cₖ(i)` above, and the static flag is
//!   the one C++ gives (it depends on the nesting: `i % 6` is run-time for a
//!   mode `(_2,3)`, so its first leaf's coordinate is too, although `i % 2`
//!   alone would be static).
//! * `dynamic/eval_fast.rs`: the flat form above in one pass over the node
//!   arrays, for a run-time index on layouts whose flags it reproduces (no
//!   static `_1` extent, no empty tuple; every extent positive), and `Σ cₖ·dₖ`
//!   for a coordinate of the shape's nesting: what `eval_index`, `idx2crd` and
//!   `eval` try first (tested against this walk on random layouts).
//! * `typed::static_eval`: the terms of a static layout, gathered once per type
//!   at compile time into a plan whose numbers the compiler reads as literals,
//!   so that `L(i)` folds to shifts, masks and multiplications by constants.
//! * `tensor::mode_eval`: [`index_offset`] over one top-level mode, in tiling
//!   loops.
//! * `cute_gpu::layout_code::emit_eval`: PTX, one instruction sequence per
//!   term, with shifts and masks for powers of two and `div`/`rem` otherwise.
//!
//! Typed layouts (`Layout<S, D>`) keep their structure in the type; the
//! `Congruent`/`CoordOf` impls unroll the same sum at compile time, terms
//! added in the order below, so static leaves fold and `i64` leaves stay
//! run-time values.
//!
//! Arithmetic rules, which every consumer reproduces:
//!
//! * division truncates towards zero (as in C++), and `(i / a) / b = i / (a·b)`
//!   for positive `a`, `b`, so the mode-by-mode split and the flat form give
//!   the same coordinates (the flat form is what compiled code evaluates);
//! * every product and every partial sum, in leaf order, is checked: an
//!   overflow is [`Error::Overflow`]. A reduced leaf's term is at most
//!   `(sₖ - 1)·|dₖ|`, so when the layout's cosize fits in `i64` only the term of
//!   the leaf taking the rest (the last leaf) and the last addition can
//!   overflow; the static plan relies on this;
//! * static flags follow [`DInt`]'s operations: a result is static when its
//!   inputs are, and `_0` operands give `_0`, as in CuTe.
use super::int::DInt;
use super::layout::DLayoutN;
use super::tuple::{DTupleN, N};
use crate::error::Error;
use crate::lists::ct::{filled, List};
use crate::tri;

/// One shape leaf's part of `L(i)`: `((i / div) mod extent)·stride`, or
/// `(i / div)·stride` when the leaf takes the rest of the index.
///
/// ```
/// use cute_types::dynamic::{Term, Terms};
/// use cute_types::{DInt, DLayout};
/// let l: DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
/// let terms: Vec<Term> = Terms::new(&l).collect();
/// assert_eq!(terms.len(), 3);
/// assert_eq!(terms[1].div, Some(DInt::d(4)));
/// assert_eq!((terms[1].extent.value, terms[1].stride.value), (2, 1));
/// assert!(terms[2].takes_rest && !terms[1].takes_rest);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// The product of the shape leaves before this one (`_1` for the first);
    /// `None` when that product does not fit in `i64`.
    pub div: Option<DInt>,
    /// The shape leaf.
    pub extent: DInt,
    /// The stride leaf.
    pub stride: DInt,
    /// Whether the leaf receives `i / div` unreduced (the last node of the
    /// walked shape is this leaf).
    pub takes_rest: bool,
}

/// The walk over a layout's (or one mode's) nodes, in prefix order: the
/// leaves' [`Term`]s in colexicographic order for the consumers of the flat
/// form, and each node's place in the nesting for the [`DInt`] consumer, which
/// follows CuTe's nesting to reproduce its static flags (see the module docs).
///
/// Precondition: shape and stride are congruent (a [`DLayoutN`]'s are); a leaf
/// of the shape where the stride has none is skipped.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct FixedTerms<'a> {
    shape: &'a DTupleN<N>,
    stride: &'a DTupleN<N>,
    /// Next node position to visit.
    node: usize,
    /// End (exclusive) of the walked subtree.
    end: usize,
    /// Product of the shape leaves before `pending`.
    div: Option<DInt>,
    /// The last shape leaf yielded, not yet multiplied into `div` (the product
    /// is formed only when another leaf needs it).
    pending: Option<DInt>,
    /// Children still to come of each open tuple, outermost first.
    open: [usize; N],
    /// Number of open tuples.
    depth: usize,
}

/// One node of the walk, for the [`DInt`] consumer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Position in the shape's node array.
    pub(crate) pos: usize,
    /// Nesting depth below the walk's root (the root is at 0).
    pub(crate) depth: usize,
    /// Whether the node is the last child of its tuple (the root counts as
    /// last: it receives the whole index).
    pub(crate) last: bool,
    /// The leaf's term; `None` for a tuple node.
    pub(crate) term: Option<Term>,
}

/// The items of this file, written once: instantiated here as `const fn`
/// over the fixed-capacity types and in the run-time module over the compact ones.
macro_rules! eval_body {
    ($($c:ident)?; [$($g:tt)*]; [$($gi:tt)*]) => {
impl<'a, $($gi)*> Terms<'a, N> {
    /// The terms of the whole layout.
    pub $($c)? fn new(layout: &'a DLayoutN<N>) -> Terms<'a, N> {
        Terms::at_node(layout.shape_ref(), layout.stride_ref(), 0)
    }
    /// The terms of the subtree at node position `node` of congruent `shape`
    /// and `stride` (a 1-D index into that mode).
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub $($c)? fn at_node(
        shape: &'a DTupleN<N>,
        stride: &'a DTupleN<N>,
        node: usize,
    ) -> Terms<'a, N> {
        Terms {
            shape,
            stride,
            node,
            end: shape.subtree_end(node),
            div: Some(DInt::s(1)),
            pending: None,
            open: DTupleN::usize_list(shape.node_count()),
            depth: 0,
        }
    }
    /// The next node, `None` after the last.
    pub(crate) $($c)? fn next_node(&mut self) -> Option<Node> {
        if self.node >= self.end {
            return None;
        }
        let pos = self.node;
        self.node += 1;
        let depth = self.depth;
        let last = if depth == 0 {
            true
        } else {
            let remaining = self.open[depth - 1];
            self.open[depth - 1] = remaining - 1;
            remaining == 1
        };
        let term = match (self.shape.leaf_at_node(pos), self.stride.leaf_at_node(pos)) {
            (Some(s), Some(d)) => {
                if let (Some(prev), Some(div)) = (self.pending, self.div) {
                    self.div = match div.mul(prev) {
                        Ok(v) => Some(v),
                        Err(_) => None,
                    };
                }
                self.pending = Some(s);
                Some(Term {
                    div: self.div,
                    extent: s,
                    stride: d,
                    // The last node in prefix order is the end of the chain of
                    // last children from the root: the leaf taking the rest.
                    takes_rest: self.node == self.end,
                })
            }
            _ => None,
        };
        if let Some(k) = self.shape.arity_at_node(pos) {
            self.open[self.depth] = k;
            self.depth += 1;
        }
        while self.depth > 0 && self.open[self.depth - 1] == 0 {
            self.depth -= 1;
        }
        Some(Node {
            pos,
            depth,
            last,
            term,
        })
    }
    /// The next leaf's term, `None` after the last (a `const fn`, unlike
    /// [`Iterator::next`], which calls it).
    pub $($c)? fn next_term(&mut self) -> Option<Term> {
        while let Some(n) = self.next_node() {
            if let Some(t) = n.term {
                return Some(t);
            }
        }
        None
    }
    /// The node position after the walked subtree.
    pub(crate) $($c)? fn end(&self) -> usize {
        self.end
    }
}

impl $($g)* Iterator for Terms<'_, N> {
    type Item = Term;
    fn next(&mut self) -> Option<Term> {
        self.next_term()
    }
}

/// `L(i)` over the walk `terms`, in checked [`DInt`] arithmetic: the value
/// `Σ cₖ(i)·dₖ` of the module docs, each leaf's coordinate formed as CuTe forms
/// it, mode by mode (`divmod` by each non-last mode's size, the last mode taking
/// what is left), so that its static flag is CuTe's too.
///
/// ```
/// use cute_types::dynamic::{index_offset, Terms};
/// use cute_types::{DInt, DLayout};
/// let l: DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
/// // 13 = 1 + 4·(1 + 2·1): 1·4 + 1·1 + 1·2
/// assert_eq!(index_offset(Terms::new(&l), DInt::d(13)), Ok(DInt::d(7)));
/// // Past the domain, the last leaf takes the rest: 33 = 1 + 4·(0 + 2·4).
/// assert_eq!(index_offset(Terms::new(&l), DInt::d(33)).unwrap().value, 4 + 4 * 2);
/// ```
pub $($c)? fn index_offset $($g)* (terms: Terms<'_, N>, i: DInt) -> Result<DInt, Error> {
    split(terms, i, None)
}

/// The walk of [`index_offset`]: returns `L(i)` and, with `coords`, writes each
/// leaf's coordinate `cₖ(i)` at the leaf's node position in it (a tuple of the
/// shape's nesting: the natural coordinate, CuTe's `idx2crd`).
pub(crate) $($c)? fn split $($g)* (
    terms: Terms<'_, N>,
    i: DInt,
    coords: Option<&mut DTupleN<N>>,
) -> Result<DInt, Error> {
    let mut terms = terms;
    let mut coords = coords;
    let shape = terms.shape;
    let mut acc = DInt::s(0);
    // `rest[t]`: what is left of the index for the remaining children of the
    // open tuple at depth `t`.
    let mut rest: List<DInt, N> = filled(DInt::s(0), shape.node_count());
    while let Some(n) = terms.next_node() {
        let x = if n.depth == 0 {
            i
        } else if n.last {
            rest[n.depth - 1]
        } else {
            let parent = rest[n.depth - 1];
            let size = tri!(shape.product_at(n.pos));
            rest[n.depth - 1] = tri!(parent.div(size));
            tri!(parent.rem(size))
        };
        match n.term {
            Some(t) => {
                if let Some(c) = &mut coords {
                    c.set_leaf_at_node(n.pos, x);
                }
                acc = tri!(acc.add(tri!(x.mul(t.stride))));
            }
            // `depth <= pos < N`.
            None => rest[n.depth] = x,
        }
    }
    Ok(acc)
}

/// CuTe's two-argument `idx2crd(i, shape)` for an integer index: the natural
/// coordinate (colexicographic, the last mode not wrapped), by the engine's
/// walk. The stride plays no part (stride 0 everywhere: no overflow).
pub(crate) $($c)? fn natural_coord $($g)* (
    i: DInt,
    shape: &DTupleN<N>,
) -> Result<DTupleN<N>, Error> {
    let zeros = shape.fill(DInt::s(0));
    let mut out = shape.dup();
    tri!(split(Terms::at_node(shape, &zeros, 0), i, Some(&mut out)));
    Ok(out)
}

/// CuTe's three-argument `idx2crd(i, shape, stride)` for an integer index
/// and congruent `shape` and `stride`, by the engine's walk: the coordinate of
/// each leaf is [`strided_leaf_coord`]`(i, sₖ, dₖ)`, written at the leaf's place
/// in a tuple of the shape's nesting.
pub(crate) $($c)? fn strided_coord $($g)* (
    i: DInt,
    shape: &DTupleN<N>,
    stride: &DTupleN<N>,
) -> Result<DTupleN<N>, Error> {
    let mut out = shape.dup();
    let mut terms = Terms::at_node(shape, stride, 0);
    while let Some(n) = terms.next_node() {
        if let Some(t) = n.term {
            out.set_leaf_at_node(n.pos, tri!(strided_leaf_coord(i, t.extent, t.stride)));
        }
    }
    Ok(out)
}

/// One leaf of CuTe's `idx2crd(i, s, d)`: `(i / d) mod s`, and `_0` for a
/// static extent 1 (whatever `d`).
pub(crate) $($c)? fn strided_leaf_coord(i: DInt, s: DInt, d: DInt) -> Result<DInt, Error> {
    if s.is_static_eq(1) {
        return Ok(DInt::s(0));
    }
    tri!(i.div(d)).rem(s)
}

/// CuTe's two-argument `crd2idx(coord, shape)` for a tuple coordinate: the
/// engine's [`crd2idx`] with the colexicographic prefix products of the shape
/// as strides (`_1` first; no special case for extent 1), which is the
/// Horner form `c₀ + s₀·(c₁ + s₁·(…))` term by term. An integer in the
/// coordinate meeting a mode is a 1-D index into it (CuTe's `product_like`).
pub(crate) $($c)? fn crd2idx_colex $($g)* (
    coord: &DTupleN<N>,
    shape: &DTupleN<N>,
) -> Result<DInt, Error> {
    if shape.has_underscore() {
        return Err(Error::ExpectedInt);
    }
    let mut stride = shape.dup();
    let mut acc = DInt::s(1);
    let mut pending: Option<DInt> = None;
    // Leaves by node position (shape and stride share them): one pass.
    let mut q = shape.leaf_from(0);
    while q < shape.node_count() {
        if let Some(p) = pending {
            acc = tri!(acc.mul(p));
        }
        stride.set_leaf_at(q, acc);
        pending = Some(shape.leaf_at(q));
        q = shape.leaf_from(q + 1);
    }
    crd2idx_congruent(coord, shape, &stride)
}

/// `L(x)` of a flat list of leaves (`extents[k]:strides[k]`, each a top-level
/// mode, the last taking the rest), for the algebra's working form
/// (`algebra::modes::Modes`): the engine's sum with every leaf at depth one,
/// where the mode-by-mode split is the leaf-by-leaf `divmod` (C++'s truncating
/// `/` and `%`, so `L(-x) = -L(x)`), in plain `i64`; checked as
/// [`index_offset`] checks.
pub(crate) $($c)? fn flat_offset(extents: &[DInt], strides: &[DInt], x: i64) -> Result<i64, Error> {
    let n = extents.len();
    let mut rest = x;
    let mut acc: i64 = 0;
    let mut k = 0;
    while k < n {
        let c = if k + 1 == n {
            rest
        } else {
            let s = extents[k].value;
            if s == 0 {
                return Err(Error::DivisionByZero);
            }
            let c = rest % s;
            rest /= s;
            c
        };
        let term = match c.checked_mul(strides[k].value) {
            Some(t) => t,
            None => return Err(Error::Overflow),
        };
        acc = match acc.checked_add(term) {
            Some(v) => v,
            None => return Err(Error::Overflow),
        };
        k += 1;
    }
    Ok(acc)
}

/// CuTe's `crd2idx(coord, shape, stride)`: the index of a coordinate.
///
/// * integer coordinate: a 1-D index into the shape, split colexicographically
///   over its leaves, the last leaf taking the rest (no wrap);
/// * tuple coordinate: of the shape's rank, each mode evaluated in its mode
///   (so R-D, natural and mixed coordinates are all accepted);
/// * a tuple coordinate meeting an integer shape, a rank mismatch or `_`:
///   [`Error::CoordinateMismatch`]; shape and stride not congruent:
///   [`Error::NotCongruent`]; a `_` in the shape: [`Error::ExpectedInt`].
///
/// ```
/// use cute_types::dynamic::crd2idx;
/// use cute_types::DTuple;
/// let (s, d): (DTuple, DTuple) = ("(4,(2,2))".parse().unwrap(), "(4,(1,2))".parse().unwrap());
/// for c in ["5", "(1,1)", "(1,(1,0))"] {
///     assert_eq!(crd2idx(&c.parse().unwrap(), &s, &d).unwrap().value, 5);
/// }
/// ```
pub $($c)? fn crd2idx $($g)* (
    coord: &DTupleN<N>,
    shape: &DTupleN<N>,
    stride: &DTupleN<N>,
) -> Result<DInt, Error> {
    if !shape.congruent(stride) {
        return Err(Error::NotCongruent);
    }
    if shape.has_underscore() {
        // `_` is not a shape leaf (a layout never holds one).
        return Err(Error::ExpectedInt);
    }
    crd2idx_congruent(coord, shape, stride)
}

/// [`crd2idx`] for a shape and stride known to be congruent (a layout's).
pub(crate) $($c)? fn crd2idx_congruent $($g)* (
    coord: &DTupleN<N>,
    shape: &DTupleN<N>,
    stride: &DTupleN<N>,
) -> Result<DInt, Error> {
    if let Some(i) = coord.as_int() {
        return index_offset(Terms::at_node(shape, stride, 0), i);
    }
    // Walk the coordinate and the shape together by node position: a tuple
    // node of the coordinate must meet a tuple node of the same arity; an
    // integer meets a whole mode, which it indexes.
    let mut acc = DInt::s(0);
    let mut cp = 0;
    let mut lp = 0;
    while cp < coord.node_count() {
        if let Some(c) = coord.leaf_at_node(cp) {
            if let (Some(_), Some(d)) = (shape.leaf_at_node(lp), stride.leaf_at_node(lp)) {
                // An integer meeting a leaf: `c·d`, what the walk of that one
                // leaf gives, without setting the walk up.
                acc = tri!(acc.add(tri!(c.mul(d))));
                lp += 1;
            } else {
                let terms = Terms::at_node(shape, stride, lp);
                lp = terms.end();
                acc = tri!(acc.add(tri!(index_offset(terms, c))));
            }
        } else {
            match (coord.arity_at_node(cp), shape.arity_at_node(lp)) {
                (Some(k), Some(r)) if k == r => lp += 1,
                _ => return Err(Error::CoordinateMismatch),
            }
        }
        cp += 1;
    }
    Ok(acc)
}
    };
}
#[allow(unused_imports)] // (used by the run-time module, with `alloc`)
pub(crate) use eval_body;
/// [`FixedTerms`] under the bodies' name.
pub(crate) type Terms<'a, const M: usize> = FixedTerms<'a>;
eval_body!(const; []; []);

#[cfg(test)]
mod tests;
