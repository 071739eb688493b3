//! [`DTuple`]: a nested tuple of [`DInt`]s (CuTe's IntTuple) in a fixed-capacity,
//! `Copy`, `const`-friendly form.
use super::int::DInt;
use crate::error::Error;
use crate::tri;

/// Maximum number of nodes (leaves plus tuples) of one [`DTuple`].
///
/// Fixed capacity keeps [`DTuple`] `Copy` and usable in `const fn`, which is what
/// lets one algorithm serve both compile time and run time. 64 nodes hold far more
/// than the layouts of real kernels (a 4-level, rank-4 layout has fewer than 30).
pub const CAPACITY: usize = 64;

const LEAF: u8 = u8::MAX;
/// Node kind of the slicing placeholder `_` (only meaningful in coordinates).
const STAR: u8 = u8::MAX - 1;
/// Largest number of children of one tuple node.
const MAX_CHILDREN: u8 = STAR - 1;

/// A nested tuple whose leaves are [`DInt`]s: CuTe's IntTuple (shape, stride or coordinate).
///
/// Stored in prefix order: each node is either a leaf (with a value) or a tuple
/// node that records how many children follow. A `DTuple` is either a single
/// integer (`4`) or a tuple (`(4,(2,2))`), possibly empty (`()`).
///
/// `N` is the room in nodes (at most 64). [`DTuple`] is the usual one, with
/// [`CAPACITY`] nodes; a smaller `N` makes every copy cheaper, which is how the
/// calculator evaluates most lines (and falls back to [`CAPACITY`] when a line
/// needs more room). Every result that fits is the same at any `N`.
#[derive(Clone, Copy)]
pub struct DTupleN<const N: usize> {
    len: u8,
    kinds: [u8; N],
    vals: [i64; N],
    statics: u64,
}

/// A nested tuple with room for [`CAPACITY`] nodes: the tuple of the typed layer,
/// of static results and of the library's API.
pub type DTuple = DTupleN<CAPACITY>;

impl<const N: usize> DTupleN<N> {
    /// Refuses, at compile time, a capacity the static-flag bitmask (`u64`) or
    /// the `u8` node count cannot index.
    const ROOM_IS_VALID: () = assert!(N >= 1 && N <= 64, "a DTupleN holds 1 to 64 nodes");

    /// A single integer.
    pub const fn int(v: DInt) -> DTupleN<N> {
        let () = Self::ROOM_IS_VALID;
        let mut t = DTupleN {
            len: 1,
            kinds: [0; N],
            vals: [0; N],
            statics: 0,
        };
        t.kinds[0] = LEAF;
        t.vals[0] = v.value;
        if v.is_static {
            t.statics = 1;
        }
        t
    }
    /// A static integer `_v`.
    pub const fn s(v: i64) -> DTupleN<N> {
        DTupleN::int(DInt::s(v))
    }
    /// A dynamic integer `v`.
    pub const fn d(v: i64) -> DTupleN<N> {
        DTupleN::int(DInt::d(v))
    }
    /// The empty tuple `()`.
    pub const fn empty() -> DTupleN<N> {
        let () = Self::ROOM_IS_VALID;
        DTupleN {
            len: 1,
            kinds: [0; N],
            vals: [0; N],
            statics: 0,
        }
    }
    /// The tuple of `children`.
    pub const fn tuple(children: &[DTupleN<N>]) -> Result<DTupleN<N>, Error> {
        let mut t = DTupleN::empty();
        let mut i = 0;
        while i < children.len() {
            tri!(t.push_in(&children[i]));
            i += 1;
        }
        Ok(t)
    }
    /// Appends `child` as the last child of this tuple; pushing onto an integer is
    /// [`Error::ExpectedTuple`].
    pub const fn push(mut self, child: &DTupleN<N>) -> Result<DTupleN<N>, Error> {
        tri!(self.push_in(child));
        Ok(self)
    }
    /// [`DTuple::push`] in place: the algebra builds its results this way, because
    /// moving a whole `DTuple` in and out of every call is what its time went to.
    pub const fn push_in(&mut self, child: &DTupleN<N>) -> Result<(), Error> {
        let m = child.len as usize;
        let n = tri!(self.room_for_child(0, m));
        let mut i = 0;
        while i < m {
            self.kinds[n + i] = child.kinds[i];
            self.vals[n + i] = child.vals[i];
            i += 1;
        }
        // `n + m <= 64`; the shifts stay below 64 (`n < 64` as the root exists).
        let child_bits = if m >= 64 {
            child.statics
        } else {
            child.statics & ((1u64 << m) - 1)
        };
        self.statics |= child_bits << n;
        self.len = (n + m) as u8;
        self.kinds[0] += 1;
        Ok(())
    }
    /// Checks that tuple node `parent` can take one more child of `nodes` nodes;
    /// returns the position the child would start at (the current node count).
    const fn room_for_child(&self, parent: usize, nodes: usize) -> Result<usize, Error> {
        if parent >= self.len as usize || self.kinds[parent] >= STAR {
            return Err(Error::ExpectedTuple);
        }
        let n = self.len as usize;
        if self.kinds[parent] >= MAX_CHILDREN || n + nodes > N {
            return Err(Error::Capacity);
        }
        Ok(n)
    }
    /// Appends the integer `v` as the last child, in place (no temporary tuple).
    pub const fn push_int(&mut self, v: DInt) -> Result<(), Error> {
        self.push_int_under(0, v)
    }
    /// Appends the integer `v` as the last child of tuple node `parent`, in place.
    ///
    /// `parent` must be the innermost open tuple: every node after it belongs
    /// to its subtree (a parser building a tuple front to back keeps this so).
    pub(crate) const fn push_int_under(&mut self, parent: usize, v: DInt) -> Result<(), Error> {
        match self.push_node_under(parent, LEAF, v.value, v.is_static) {
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        }
    }
    /// Appends the placeholder `_` as the last child of tuple node `parent`
    /// (see [`DTupleN::push_int_under`]).
    pub(crate) const fn push_underscore_under(&mut self, parent: usize) -> Result<(), Error> {
        match self.push_node_under(parent, STAR, 0, false) {
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        }
    }
    /// Appends an empty tuple as the last child of tuple node `parent` (see
    /// [`DTupleN::push_int_under`]); returns its node, the new innermost open tuple.
    pub(crate) const fn push_tuple_under(&mut self, parent: usize) -> Result<usize, Error> {
        self.push_node_under(parent, 0, 0, false)
    }
    const fn push_node_under(
        &mut self,
        parent: usize,
        kind: u8,
        value: i64,
        is_static: bool,
    ) -> Result<usize, Error> {
        let n = tri!(self.room_for_child(parent, 1));
        self.kinds[n] = kind;
        self.vals[n] = value;
        if is_static {
            self.statics |= 1u64 << n;
        }
        self.kinds[parent] += 1;
        self.len = (n + 1) as u8;
        Ok(n)
    }
    /// The same tuple with room for `M` nodes: [`Error::Capacity`] when it has
    /// more than `M`. Copies only the nodes in use, so that the algebra can run
    /// on a small capacity (cheap to copy) and hand back a full-capacity value.
    pub const fn resized<const M: usize>(&self) -> Result<DTupleN<M>, Error> {
        let n = self.len as usize;
        if n > M {
            return Err(Error::Capacity);
        }
        let mut t = DTupleN::<M>::empty();
        let mut p = 0;
        while p < n {
            t.kinds[p] = self.kinds[p];
            t.vals[p] = self.vals[p];
            p += 1;
        }
        // `n <= 64`: bits past the nodes in use are never set, mask anyway.
        t.statics = if n >= 64 {
            self.statics
        } else {
            self.statics & ((1u64 << n) - 1)
        };
        t.len = n as u8;
        Ok(t)
    }
    /// The slicing placeholder `_` (CuTe's `Underscore`), used in coordinates.
    pub const fn underscore() -> DTupleN<N> {
        let mut t = DTupleN::empty();
        t.kinds[0] = STAR;
        t
    }
    /// Whether this is the placeholder `_`.
    pub const fn is_underscore(&self) -> bool {
        self.kinds[0] == STAR
    }
    /// Whether any node is the placeholder `_`.
    pub const fn has_underscore(&self) -> bool {
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == STAR {
                return true;
            }
            p += 1;
        }
        false
    }
    /// Number of nodes.
    pub const fn node_count(&self) -> usize {
        self.len as usize
    }
    /// Whether this is a single integer (not a tuple).
    pub const fn is_int(&self) -> bool {
        self.kinds[0] == LEAF
    }
    /// Whether this is a tuple (possibly empty).
    pub const fn is_tuple(&self) -> bool {
        self.kinds[0] < STAR
    }
    /// The integer, if this is one.
    pub const fn as_int(&self) -> Option<DInt> {
        if self.is_int() {
            Some(self.node_int(0))
        } else {
            None
        }
    }
    /// The integer, or [`Error::ExpectedInt`].
    pub const fn to_int(&self) -> Result<DInt, Error> {
        match self.as_int() {
            Some(v) => Ok(v),
            None => Err(Error::ExpectedInt),
        }
    }
    /// The integer at node position `pos`, if that node is a leaf. Congruent
    /// tuples have their leaves at the same positions, so a layout's shape and
    /// stride can be walked together by position.
    pub const fn leaf_at_node(&self, pos: usize) -> Option<DInt> {
        if pos < self.len as usize && self.kinds[pos] == LEAF {
            Some(self.node_int(pos))
        } else {
            None
        }
    }
    /// The number of children of node `pos` if it is a tuple node (walks in
    /// prefix order read the structure with it, without copying subtrees).
    pub(crate) const fn children_at(&self, pos: usize) -> Option<usize> {
        if pos < self.len as usize && self.kinds[pos] < STAR {
            Some(self.kinds[pos] as usize)
        } else {
            None
        }
    }
    const fn node_int(&self, pos: usize) -> DInt {
        DInt {
            value: self.vals[pos],
            is_static: self.statics & (1u64 << pos) != 0,
        }
    }
    /// The number of children of the tuple node at position `pos`; `None` for
    /// a leaf, a `_` or a position past the last node (the evaluation engine
    /// walks coordinates and shapes by node position with it).
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub const fn arity_at_node(&self, pos: usize) -> Option<usize> {
        if pos < self.len as usize && self.kinds[pos] < STAR {
            Some(self.kinds[pos] as usize)
        } else {
            None
        }
    }
    /// The same tuple with the value of every run-time (not static) leaf set to
    /// `v`: the placeholders of a typed mixed pattern (`typed/mixed.rs`).
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub const fn with_dynamic_values(mut self, v: i64) -> DTupleN<N> {
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF && self.statics & (1u64 << p) == 0 {
                self.vals[p] = v;
            }
            p += 1;
        }
        self
    }
    /// Sets the leaf at node position `pos` to `v` (no effect unless that node
    /// is a leaf).
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub const fn set_leaf_at_node(&mut self, pos: usize, v: DInt) {
        if pos < self.len as usize && self.kinds[pos] == LEAF {
            self.vals[pos] = v.value;
            if v.is_static {
                self.statics |= 1u64 << pos;
            } else {
                self.statics &= !(1u64 << pos);
            }
        }
    }
    /// Product of the leaves of the subtree at node `pos` (CuTe's `product` of
    /// that mode), checked; `_1` for an empty tuple.
    pub(crate) const fn product_at(&self, pos: usize) -> Result<DInt, Error> {
        let end = self.subtree_end(pos);
        let mut acc = DInt::s(1);
        let mut p = pos;
        while p < end {
            if self.kinds[p] == LEAF {
                acc = tri!(acc.mul(self.node_int(p)));
            }
            p += 1;
        }
        Ok(acc)
    }
    /// End (exclusive) of the subtree starting at node `pos`.
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub const fn subtree_end(&self, pos: usize) -> usize {
        let mut p = pos;
        let mut pending = 1usize;
        while pending > 0 {
            let k = self.kinds[p];
            pending -= 1;
            if k < STAR {
                pending += k as usize;
            }
            p += 1;
        }
        p
    }
    /// The subtree at node range `[start, end)` as its own tuple.
    const fn slice(&self, start: usize, end: usize) -> DTupleN<N> {
        let mut t = DTupleN::empty();
        let mut i = start;
        while i < end {
            t.kinds[i - start] = self.kinds[i];
            t.vals[i - start] = self.vals[i];
            if self.statics & (1u64 << i) != 0 {
                t.statics |= 1u64 << (i - start);
            }
            i += 1;
        }
        t.len = (end - start) as u8;
        t
    }
    /// Rank: number of top-level modes (an integer has rank 1).
    pub const fn rank(&self) -> usize {
        if self.kinds[0] >= STAR {
            1
        } else {
            self.kinds[0] as usize
        }
    }
    /// Depth: 0 for an integer, 1 + the children's maximum depth for a tuple.
    pub const fn depth(&self) -> usize {
        let mut max = 0usize;
        let mut cur = 0usize;
        // Walk with an explicit stack of remaining-children counters.
        let mut stack = [0usize; N];
        let mut sp = 0usize;
        let mut p = 0usize;
        while p < self.len as usize {
            let k = self.kinds[p];
            if k < STAR {
                cur += 1;
                if cur > max {
                    max = cur;
                }
                stack[sp] = k as usize;
                sp += 1;
                p += 1;
                // Close tuples that are complete (empty tuples included).
                while sp > 0 && stack[sp - 1] == 0 {
                    sp -= 1;
                    cur -= 1;
                    if sp > 0 {
                        stack[sp - 1] -= 1;
                    }
                }
            } else {
                p += 1;
                if sp > 0 {
                    stack[sp - 1] -= 1;
                }
                while sp > 0 && stack[sp - 1] == 0 {
                    sp -= 1;
                    cur -= 1;
                    if sp > 0 {
                        stack[sp - 1] -= 1;
                    }
                }
            }
        }
        max
    }
    /// Mode `i`. For an integer, `get(0)` is the integer itself (as `get<0>` in CuTe).
    pub const fn get(&self, i: usize) -> Result<DTupleN<N>, Error> {
        if self.kinds[0] >= STAR {
            if i == 0 {
                return Ok(*self);
            }
            return Err(Error::ModeOutOfRange { index: i, rank: 1 });
        }
        let rank = self.kinds[0] as usize;
        if i >= rank {
            return Err(Error::ModeOutOfRange { index: i, rank });
        }
        let mut p = 1usize;
        let mut k = 0usize;
        while k < i {
            p = self.subtree_end(p);
            k += 1;
        }
        Ok(self.slice(p, self.subtree_end(p)))
    }
    /// Mode at an index path: `get_path(&[1, 0])` is `get(1)?.get(0)?`.
    pub const fn get_path(&self, path: &[usize]) -> Result<DTupleN<N>, Error> {
        let mut t = *self;
        let mut i = 0;
        while i < path.len() {
            t = tri!(t.get(path[i]));
            i += 1;
        }
        Ok(t)
    }
    /// Number of integer leaves.
    pub const fn leaf_count(&self) -> usize {
        let mut n = 0;
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF {
                n += 1;
            }
            p += 1;
        }
        n
    }
    /// The `k`-th leaf in order (`k < leaf_count()`).
    pub const fn leaf(&self, k: usize) -> DInt {
        let mut n = 0;
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF {
                if n == k {
                    return self.node_int(p);
                }
                n += 1;
            }
            p += 1;
        }
        DInt::d(0)
    }
    /// Replaces the `k`-th leaf (structure unchanged).
    pub const fn with_leaf(mut self, k: usize, v: DInt) -> DTupleN<N> {
        let mut n = 0;
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF {
                if n == k {
                    self.vals[p] = v.value;
                    if v.is_static {
                        self.statics |= 1u64 << p;
                    } else {
                        self.statics &= !(1u64 << p);
                    }
                    return self;
                }
                n += 1;
            }
            p += 1;
        }
        self
    }
    /// Flattens: an integer stays an integer; a tuple becomes the tuple of its leaves.
    pub const fn flatten(&self) -> DTupleN<N> {
        if !self.is_tuple() {
            return *self;
        }
        // Leaves and placeholders, in order, become the children of one root.
        let mut t = DTupleN::empty();
        let mut q = 1;
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] >= STAR {
                t.kinds[q] = self.kinds[p];
                t.vals[q] = self.vals[p];
                if self.statics & (1u64 << p) != 0 {
                    t.statics |= 1u64 << q;
                }
                q += 1;
            }
            p += 1;
        }
        t.kinds[0] = (q - 1) as u8;
        t.len = q as u8;
        t
    }
    /// Product of all leaves (CuTe's `product`/`size`), checked. The empty tuple's is `_1`.
    pub const fn product(&self) -> Result<DInt, Error> {
        let mut acc = DInt::s(1);
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF {
                acc = tri!(acc.mul(self.node_int(p)));
            }
            p += 1;
        }
        Ok(acc)
    }
    /// Sum of all leaves, checked.
    pub const fn sum(&self) -> Result<DInt, Error> {
        let mut acc = DInt::s(0);
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF {
                acc = tri!(acc.add(self.node_int(p)));
            }
            p += 1;
        }
        Ok(acc)
    }
    /// Whether every leaf is positive (shape leaves must be).
    pub const fn leaves_positive(&self) -> bool {
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF && self.vals[p] <= 0 {
                return false;
            }
            p += 1;
        }
        true
    }
    /// The leaves in order, with their static flags, into `out`; returns how many
    /// were written (at most `out.len()`). One pass, where `leaf(k)` for every `k`
    /// would be quadratic.
    pub const fn leaves_into(&self, out: &mut [DInt]) -> usize {
        let mut n = 0;
        let mut p = 0;
        while p < self.len as usize && n < out.len() {
            if self.kinds[p] == LEAF {
                out[n] = self.node_int(p);
                n += 1;
            }
            p += 1;
        }
        n
    }
    /// Whether every leaf is static.
    pub const fn is_static(&self) -> bool {
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF && self.statics & (1u64 << p) == 0 {
                return false;
            }
            p += 1;
        }
        true
    }
    /// The same tuple with every leaf marked static (`true`) or dynamic (`false`).
    pub const fn with_all_static(mut self, is_static: bool) -> DTupleN<N> {
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF {
                if is_static {
                    self.statics |= 1u64 << p;
                } else {
                    self.statics &= !(1u64 << p);
                }
            }
            p += 1;
        }
        self
    }
    /// Same nesting: both integers, or both tuples of equal rank with congruent modes.
    pub const fn congruent(&self, o: &DTupleN<N>) -> bool {
        if self.len != o.len {
            return false;
        }
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] != o.kinds[p] {
                return false;
            }
            p += 1;
        }
        true
    }
    /// Weak congruence: `self` is an integer, or both are tuples of equal rank whose
    /// modes are weakly congruent (`self` may be coarser than `o`).
    pub const fn weakly_congruent(&self, o: &DTupleN<N>) -> bool {
        if !self.is_tuple() {
            return true;
        }
        if !o.is_tuple() || self.rank() != o.rank() {
            return false;
        }
        let mut i = 0;
        while i < self.rank() {
            let (a, b) = match (self.get(i), o.get(i)) {
                (Ok(a), Ok(b)) => (a, b),
                _ => return false,
            };
            if !a.weakly_congruent(&b) {
                return false;
            }
            i += 1;
        }
        true
    }
    /// Compatibility (shapes): sizes are equal and every coordinate of `self` is a
    /// coordinate of `o`: `self` is an integer of the same size, or both are tuples
    /// of equal rank whose modes are compatible.
    pub const fn compatible(&self, o: &DTupleN<N>) -> bool {
        if self.is_int() {
            return match (self.product(), o.product()) {
                (Ok(a), Ok(b)) => a.value == b.value,
                _ => false,
            };
        }
        if !o.is_tuple() || self.rank() != o.rank() {
            return false;
        }
        let mut i = 0;
        while i < self.rank() {
            let (a, b) = match (self.get(i), o.get(i)) {
                (Ok(a), Ok(b)) => (a, b),
                _ => return false,
            };
            if !a.compatible(&b) {
                return false;
            }
            i += 1;
        }
        true
    }
    /// Structural and value equality, ignoring static flags.
    pub const fn eq_values(&self, o: &DTupleN<N>) -> bool {
        if !self.congruent(o) {
            return false;
        }
        let mut p = 0;
        while p < self.len as usize {
            if self.vals[p] != o.vals[p] {
                return false;
            }
            p += 1;
        }
        true
    }
    /// Equality of structure, values and static flags.
    pub const fn eq_exact(&self, o: &DTupleN<N>) -> bool {
        if !self.eq_values(o) {
            return false;
        }
        let mut p = 0;
        while p < self.len as usize {
            if self.kinds[p] == LEAF && (self.statics ^ o.statics) & (1u64 << p) != 0 {
                return false;
            }
            p += 1;
        }
        true
    }
    /// A tuple of the same structure as `self` with every leaf replaced by `v`.
    pub const fn fill(&self, v: DInt) -> DTupleN<N> {
        let mut t = *self;
        let mut p = 0;
        while p < t.len as usize {
            if t.kinds[p] == LEAF {
                t.vals[p] = v.value;
                if v.is_static {
                    t.statics |= 1u64 << p;
                } else {
                    t.statics &= !(1u64 << p);
                }
            }
            p += 1;
        }
        t
    }
    /// Modes `[b, e)` as a tuple (an integer counts as rank 1).
    pub const fn take(&self, b: usize, e: usize) -> Result<DTupleN<N>, Error> {
        if b >= e {
            return Err(Error::EmptyRange);
        }
        if e > self.rank() {
            return Err(Error::ModeOutOfRange {
                index: e - 1,
                rank: self.rank(),
            });
        }
        let mut t = DTupleN::empty();
        let mut i = b;
        while i < e {
            tri!(t.push_in(&tri!(self.get(i))));
            i += 1;
        }
        Ok(t)
    }
    /// This value as a tuple: an integer becomes the 1-tuple `(v)`.
    pub const fn as_tuple(&self) -> DTupleN<N> {
        if !self.is_tuple() {
            match DTupleN::tuple(&[*self]) {
                Ok(t) => t,
                Err(_) => *self,
            }
        } else {
            *self
        }
    }
}

impl<const N: usize> PartialEq for DTupleN<N> {
    /// Equal structure, values and static flags.
    fn eq(&self, o: &DTupleN<N>) -> bool {
        self.eq_exact(o)
    }
}
impl<const N: usize> Eq for DTupleN<N> {}

impl<const N: usize> core::fmt::Debug for DTupleN<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}

/// One piece of a tuple's text, in writing order (see [`DTupleN::for_each_token`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// `(`
    Open,
    /// `)`
    Close,
    /// `,` between two modes
    Comma,
    /// an integer leaf
    Int(DInt),
    /// the placeholder `_`
    Underscore,
}

impl<const N: usize> DTupleN<N> {
    /// Calls `f` with the pieces of this tuple's text in order: `(4,(2,_))` is
    /// `Open, Int(4), Comma, Open, Int(2), Comma, Underscore, Close, Close`.
    /// One pass over the nodes; printing is built on it.
    pub fn for_each_token<E>(&self, mut f: impl FnMut(Token) -> Result<(), E>) -> Result<(), E> {
        // Open tuples: children still to come, and whether one was written.
        let mut remaining = [0u8; 64];
        let mut started = [false; 64];
        let mut depth = 0usize;
        for p in 0..self.len as usize {
            if depth > 0 {
                if started[depth - 1] {
                    f(Token::Comma)?;
                }
                started[depth - 1] = true;
                remaining[depth - 1] -= 1;
            }
            match self.kinds[p] {
                LEAF => f(Token::Int(self.node_int(p)))?,
                STAR => f(Token::Underscore)?,
                children => {
                    f(Token::Open)?;
                    if children > 0 {
                        remaining[depth] = children;
                        started[depth] = false;
                        depth += 1;
                        continue;
                    }
                    f(Token::Close)?;
                }
            }
            while depth > 0 && remaining[depth - 1] == 0 {
                f(Token::Close)?;
                depth -= 1;
            }
        }
        Ok(())
    }
}

impl<const N: usize> core::fmt::Display for DTupleN<N> {
    /// CuTe notation: `(_4,(2,2))`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.for_each_token(|t| match t {
            Token::Open => f.write_str("("),
            Token::Close => f.write_str(")"),
            Token::Comma => f.write_str(","),
            Token::Int(v) => write!(f, "{v}"),
            Token::Underscore => f.write_str("_"),
        })
    }
}
