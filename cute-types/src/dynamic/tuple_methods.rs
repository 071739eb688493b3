//! The methods of a nested tuple, written once over the storage primitives
//! and instantiated twice (see [`tuple_methods!`]): as `const fn` on the
//! fixed-capacity [`DTupleN`](super::DTupleN) (compile time) and as plain `fn` on
//! the compact [`DTuple`](super::DTuple) (run time, up to [`MAX_NODES`](super::MAX_NODES) nodes).
//!
//! Both types store a tuple in prefix order, one node per position: a leaf (an
//! integer and its static flag), the placeholder `_`, or a tuple node with its
//! number of children. Each provides the same storage primitives:
//!
//! * `node_count()`, `kind_at(p)`, `val_at(p)`, `static_at(p)`: read node `p`;
//!   a kind is [`K_LEAF`], [`K_STAR`] or a child count;
//! * `set_node(p, kind, value, is_static)`, `set_kind(p, kind)`, `set_len(n)`;
//! * `copy_nodes(at, src, start, end)`: nodes `[start, end)` of `src` written
//!   from position `at` (room made beforehand);
//! * `reserve_nodes(n)`: room for `n` nodes ([`Error::Capacity`](crate::Error)
//!   past a fixed capacity; the compact form moves to the heap instead);
//! * `MAX_CHILDREN`, and `usize_list(n)`, a scratch list of `n` zeros.
//!
//! Everything else about a tuple is here, so the two forms cannot drift apart.

/// Kind of a leaf node (an integer).
pub(crate) const K_LEAF: u32 = u32::MAX;
/// Kind of the slicing placeholder `_` (only meaningful in coordinates).
pub(crate) const K_STAR: u32 = u32::MAX - 1;

/// Emits the tuple methods inside an `impl` block of a storage type; `const`
/// as the argument makes them `const fn`.
macro_rules! tuple_methods {
    ($($c:ident)?) => {
    /// A single integer.
    pub $($c)? fn int(v: DInt) -> Self {
        let mut t = Self::blank();
        t.set_len(1);
        t.set_node(0, K_LEAF, v.value, v.is_static);
        t
    }
    /// A static integer `_v`.
    pub $($c)? fn s(v: i64) -> Self {
        Self::int(DInt::s(v))
    }
    /// A dynamic integer `v`.
    pub $($c)? fn d(v: i64) -> Self {
        Self::int(DInt::d(v))
    }
    /// The empty tuple `()`.
    pub $($c)? fn empty() -> Self {
        let mut t = Self::blank();
        t.set_len(1);
        t.set_node(0, 0, 0, false);
        t
    }
    /// The tuple of `children`.
    pub $($c)? fn tuple(children: &[Self]) -> Result<Self, Error> {
        let mut t = Self::empty();
        let mut i = 0;
        while i < children.len() {
            tri!(t.push_in(&children[i]));
            i += 1;
        }
        Ok(t)
    }
    /// Appends `child` as the last child of this tuple; pushing onto an integer is
    /// [`Error::ExpectedTuple`].
    pub $($c)? fn push(mut self, child: &Self) -> Result<Self, Error> {
        tri!(self.push_in(child));
        Ok(self)
    }
    /// `push` in place: the algebra builds its results this way, because
    /// moving a whole tuple in and out of every call is what its time went to.
    pub $($c)? fn push_in(&mut self, child: &Self) -> Result<(), Error> {
        let m = child.node_count();
        let n = tri!(self.room_for_child(0, m));
        self.copy_nodes(n, child, 0, m);
        self.set_len(n + m);
        self.set_kind(0, self.kind_at(0) + 1);
        Ok(())
    }
    /// Appends the subtree of `src` at node range `[start, end)` as the last
    /// child of this tuple (a mode of another tuple, without copying it out first).
    pub(crate) $($c)? fn push_range_in(
        &mut self,
        src: &Self,
        start: usize,
        end: usize,
    ) -> Result<(), Error> {
        let m = end - start;
        let n = tri!(self.room_for_child(0, m));
        self.copy_nodes(n, src, start, end);
        self.set_len(n + m);
        self.set_kind(0, self.kind_at(0) + 1);
        Ok(())
    }
    /// Checks that tuple node `parent` can take one more child of `nodes` nodes;
    /// returns the position the child would start at (the current node count).
    $($c)? fn room_for_child(&mut self, parent: usize, nodes: usize) -> Result<usize, Error> {
        if parent >= self.node_count() || self.kind_at(parent) >= K_STAR {
            return Err(Error::ExpectedTuple);
        }
        let n = self.node_count();
        if self.kind_at(parent) >= Self::MAX_CHILDREN {
            return Err(Error::Capacity);
        }
        tri!(self.reserve_nodes(n + nodes));
        Ok(n)
    }
    /// Appends the integer `v` as the last child, in place (no temporary tuple).
    pub $($c)? fn push_int(&mut self, v: DInt) -> Result<(), Error> {
        self.push_int_under(0, v)
    }
    /// Appends the integer `v` as the last child of tuple node `parent`, in place.
    ///
    /// `parent` must be the innermost open tuple: every node after it belongs
    /// to its subtree (a parser building a tuple front to back keeps this so).
    pub(crate) $($c)? fn push_int_under(&mut self, parent: usize, v: DInt) -> Result<(), Error> {
        match self.push_node_under(parent, K_LEAF, v.value, v.is_static) {
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        }
    }
    /// Appends the placeholder `_` as the last child of tuple node `parent`
    /// (see `push_int_under`).
    pub(crate) $($c)? fn push_underscore_under(&mut self, parent: usize) -> Result<(), Error> {
        match self.push_node_under(parent, K_STAR, 0, false) {
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        }
    }
    /// Appends an empty tuple as the last child of tuple node `parent` (see
    /// `push_int_under`); returns its node, the new innermost open tuple.
    pub(crate) $($c)? fn push_tuple_under(&mut self, parent: usize) -> Result<usize, Error> {
        self.push_node_under(parent, 0, 0, false)
    }
    $($c)? fn push_node_under(
        &mut self,
        parent: usize,
        kind: u32,
        value: i64,
        is_static: bool,
    ) -> Result<usize, Error> {
        let n = tri!(self.room_for_child(parent, 1));
        self.set_len(n + 1);
        self.set_node(n, kind, value, is_static);
        self.set_kind(parent, self.kind_at(parent) + 1);
        Ok(n)
    }
    /// The slicing placeholder `_` (CuTe's `Underscore`), used in coordinates.
    pub $($c)? fn underscore() -> Self {
        let mut t = Self::blank();
        t.set_len(1);
        t.set_node(0, K_STAR, 0, false);
        t
    }
    /// Whether this is the placeholder `_`.
    pub $($c)? fn is_underscore(&self) -> bool {
        self.kind_at(0) == K_STAR
    }
    /// Whether any node is the placeholder `_`.
    pub $($c)? fn has_underscore(&self) -> bool {
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_STAR {
                return true;
            }
            p += 1;
        }
        false
    }
    /// Whether this is a single integer (not a tuple).
    pub $($c)? fn is_int(&self) -> bool {
        self.kind_at(0) == K_LEAF
    }
    /// Whether this is a tuple (possibly empty).
    pub $($c)? fn is_tuple(&self) -> bool {
        self.kind_at(0) < K_STAR
    }
    /// The integer, if this is one.
    pub $($c)? fn as_int(&self) -> Option<DInt> {
        if self.is_int() {
            Some(self.node_int(0))
        } else {
            None
        }
    }
    /// The integer, or [`Error::ExpectedInt`].
    pub $($c)? fn to_int(&self) -> Result<DInt, Error> {
        match self.as_int() {
            Some(v) => Ok(v),
            None => Err(Error::ExpectedInt),
        }
    }
    /// The integer at node position `pos`, if that node is a leaf. Congruent
    /// tuples have their leaves at the same positions, so a layout's shape and
    /// stride can be walked together by position.
    pub $($c)? fn leaf_at_node(&self, pos: usize) -> Option<DInt> {
        if pos < self.node_count() && self.kind_at(pos) == K_LEAF {
            Some(self.node_int(pos))
        } else {
            None
        }
    }
    /// The number of children of node `pos` if it is a tuple node (walks in
    /// prefix order read the structure with it, without copying subtrees).
    pub(crate) $($c)? fn children_at(&self, pos: usize) -> Option<usize> {
        if pos < self.node_count() && self.kind_at(pos) < K_STAR {
            Some(self.kind_at(pos) as usize)
        } else {
            None
        }
    }
    /// The integer at node `pos` (a leaf's value and static flag).
    pub(crate) $($c)? fn node_int(&self, pos: usize) -> DInt {
        DInt {
            value: self.val_at(pos),
            is_static: self.static_at(pos),
        }
    }
    /// The number of children of the tuple node at position `pos`; `None` for
    /// a leaf, a `_` or a position past the last node (the evaluation engine
    /// walks coordinates and shapes by node position with it).
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub $($c)? fn arity_at_node(&self, pos: usize) -> Option<usize> {
        self.children_at(pos)
    }
    /// The same tuple with the value of every run-time (not static) leaf set to
    /// `v`: the placeholders of a typed mixed pattern (`typed/mixed.rs`).
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub $($c)? fn with_dynamic_values(mut self, v: i64) -> Self {
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF && !self.static_at(p) {
                self.set_node(p, K_LEAF, v, false);
            }
            p += 1;
        }
        self
    }
    /// Sets the leaf at node position `pos` to `v` (no effect unless that node
    /// is a leaf).
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub $($c)? fn set_leaf_at_node(&mut self, pos: usize, v: DInt) {
        if pos < self.node_count() && self.kind_at(pos) == K_LEAF {
            self.set_node(pos, K_LEAF, v.value, v.is_static);
        }
    }
    /// Product of the leaves of the subtree at node `pos` (CuTe's `product` of
    /// that mode), checked; `_1` for an empty tuple.
    pub(crate) $($c)? fn product_at(&self, pos: usize) -> Result<DInt, Error> {
        let end = self.subtree_end(pos);
        let mut acc = DInt::s(1);
        let mut p = pos;
        while p < end {
            if self.kind_at(p) == K_LEAF {
                acc = tri!(acc.mul(self.node_int(p)));
            }
            p += 1;
        }
        Ok(acc)
    }
    /// End (exclusive) of the subtree starting at node `pos`.
    // Public for `cute-typed` (node-position internals, not a user API).
    #[doc(hidden)]
    pub $($c)? fn subtree_end(&self, pos: usize) -> usize {
        let mut p = pos;
        let mut pending = 1usize;
        while pending > 0 {
            let k = self.kind_at(p);
            pending -= 1;
            if k < K_STAR {
                pending += k as usize;
            }
            p += 1;
        }
        p
    }
    /// The mode of this tuple starting at node `p` (1 for the first, then
    /// each position this returns) and the position of the next mode. A loop
    /// over the modes walks the nodes once with it, where `get(i)` for each
    /// `i` walks the modes before `i` each time (rank² steps for a wide
    /// run-time tuple). `p` must start a mode.
    pub(crate) $($c)? fn mode_at(&self, p: usize) -> (Self, usize) {
        let end = self.subtree_end(p);
        (self.slice(p, end), end)
    }
    /// Node range `[start, end)` of mode `i` (an integer's mode 0 is itself):
    /// the algebra addresses modes by range instead of copying them out.
    pub(crate) $($c)? fn mode_range(&self, i: usize) -> Result<(usize, usize), Error> {
        if self.kind_at(0) >= K_STAR {
            if i == 0 {
                return Ok((0, self.node_count()));
            }
            return Err(Error::ModeOutOfRange { index: i, rank: 1 });
        }
        let rank = self.kind_at(0) as usize;
        if i >= rank {
            return Err(Error::ModeOutOfRange { index: i, rank });
        }
        // A flat tuple (every mode one node): mode `i` is node `i + 1`. The
        // walk below costs a pass over the modes before `i`, so a loop over
        // the modes of a wide run-time tuple would cost rank² steps.
        if self.node_count() == rank + 1 {
            return Ok((i + 1, i + 2));
        }
        let mut p = 1usize;
        let mut k = 0usize;
        while k < i {
            p = self.subtree_end(p);
            k += 1;
        }
        Ok((p, self.subtree_end(p)))
    }
    /// The subtree at node range `[start, end)` as its own tuple.
    pub(crate) $($c)? fn slice(&self, start: usize, end: usize) -> Self {
        let mut t = Self::blank();
        // Room for a subtree of a tuple that exists always exists.
        let _ = t.reserve_nodes(end - start);
        t.set_len(end - start);
        t.copy_nodes(0, self, start, end);
        t
    }
    /// Rank: number of top-level modes (an integer has rank 1).
    pub $($c)? fn rank(&self) -> usize {
        if self.kind_at(0) >= K_STAR {
            1
        } else {
            self.kind_at(0) as usize
        }
    }
    /// Depth: 0 for an integer, 1 + the children's maximum depth for a tuple.
    pub $($c)? fn depth(&self) -> usize {
        let mut max = 0usize;
        let mut cur = 0usize;
        // Walk with an explicit stack of remaining-children counters.
        let mut stack = Self::usize_list(self.node_count());
        let mut sp = 0usize;
        let mut p = 0usize;
        while p < self.node_count() {
            let k = self.kind_at(p);
            p += 1;
            if k < K_STAR {
                cur += 1;
                if cur > max {
                    max = cur;
                }
                stack[sp] = k as usize;
                sp += 1;
            } else if sp > 0 {
                stack[sp - 1] -= 1;
            }
            // Close tuples that are complete (empty tuples included).
            while sp > 0 && stack[sp - 1] == 0 {
                sp -= 1;
                cur -= 1;
                if sp > 0 {
                    stack[sp - 1] -= 1;
                }
            }
        }
        max
    }
    /// Mode `i`. For an integer, `get(0)` is the integer itself (as `get<0>` in CuTe).
    pub $($c)? fn get(&self, i: usize) -> Result<Self, Error> {
        let (b, e) = tri!(self.mode_range(i));
        Ok(self.slice(b, e))
    }
    /// Mode at an index path: `get_path(&[1, 0])` is `get(1)?.get(0)?`.
    pub $($c)? fn get_path(&self, path: &[usize]) -> Result<Self, Error> {
        // Node range of the current mode, narrowed level by level.
        let (mut b, mut e) = (0usize, self.node_count());
        let mut i = 0;
        while i < path.len() {
            let k = self.kind_at(b);
            if k >= K_STAR {
                if path[i] != 0 {
                    return Err(Error::ModeOutOfRange { index: path[i], rank: 1 });
                }
            } else {
                let rank = k as usize;
                if path[i] >= rank {
                    return Err(Error::ModeOutOfRange { index: path[i], rank });
                }
                let mut p = b + 1;
                let mut m = 0usize;
                while m < path[i] {
                    p = self.subtree_end(p);
                    m += 1;
                }
                b = p;
                e = self.subtree_end(p);
            }
            i += 1;
        }
        Ok(self.slice(b, e))
    }
    /// Number of integer leaves.
    pub $($c)? fn leaf_count(&self) -> usize {
        let mut n = 0;
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF {
                n += 1;
            }
            p += 1;
        }
        n
    }
    /// The node position of the first leaf at or after node `p`
    /// (`node_count()` when there is none). A loop over every leaf walks
    /// with it in one pass: `leaf(k)` for each `k` costs a pass each, which
    /// for a run-time tuple of 30 000 leaves took seconds.
    pub(crate) $($c)? fn leaf_from(&self, mut p: usize) -> usize {
        while p < self.node_count() && self.kind_at(p) != K_LEAF {
            p += 1;
        }
        p
    }
    /// The node position of the last leaf before node `p`, if any (the walk
    /// of [`leaf_from`](Self::leaf_from) backwards).
    pub(crate) $($c)? fn leaf_before(&self, mut p: usize) -> Option<usize> {
        while p > 0 {
            p -= 1;
            if self.kind_at(p) == K_LEAF {
                return Some(p);
            }
        }
        None
    }
    /// The leaf at node position `p` (a position [`leaf_from`](Self::leaf_from) gave).
    pub(crate) $($c)? fn leaf_at(&self, p: usize) -> DInt {
        self.node_int(p)
    }
    /// Replaces the leaf at node position `p` (a position [`leaf_from`](Self::leaf_from) gave).
    pub(crate) $($c)? fn set_leaf_at(&mut self, p: usize, v: DInt) {
        self.set_node(p, K_LEAF, v.value, v.is_static);
    }
    /// The `k`-th leaf in order (`k < leaf_count()`).
    pub $($c)? fn leaf(&self, k: usize) -> DInt {
        let mut n = 0;
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF {
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
    pub $($c)? fn with_leaf(mut self, k: usize, v: DInt) -> Self {
        let mut n = 0;
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF {
                if n == k {
                    self.set_node(p, K_LEAF, v.value, v.is_static);
                    return self;
                }
                n += 1;
            }
            p += 1;
        }
        self
    }
    /// Flattens: an integer stays an integer; a tuple becomes the tuple of its leaves.
    pub $($c)? fn flatten(&self) -> Self {
        if !self.is_tuple() {
            return self.dup();
        }
        // Leaves and placeholders, in order, become the children of one root.
        let mut t = Self::blank();
        let _ = t.reserve_nodes(self.node_count());
        t.set_len(self.node_count());
        let mut q = 1;
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) >= K_STAR {
                t.set_node(q, self.kind_at(p), self.val_at(p), self.static_at(p));
                q += 1;
            }
            p += 1;
        }
        t.set_node(0, (q - 1) as u32, 0, false);
        t.set_len(q);
        t
    }
    /// Product of all leaves (CuTe's `product`/`size`), checked. The empty tuple's is `_1`.
    pub $($c)? fn product(&self) -> Result<DInt, Error> {
        let mut acc = DInt::s(1);
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF {
                acc = tri!(acc.mul(self.node_int(p)));
            }
            p += 1;
        }
        Ok(acc)
    }
    /// Sum of all leaves, checked.
    pub $($c)? fn sum(&self) -> Result<DInt, Error> {
        let mut acc = DInt::s(0);
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF {
                acc = tri!(acc.add(self.node_int(p)));
            }
            p += 1;
        }
        Ok(acc)
    }
    /// Whether every leaf is positive (shape leaves must be).
    pub $($c)? fn leaves_positive(&self) -> bool {
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF && self.val_at(p) <= 0 {
                return false;
            }
            p += 1;
        }
        true
    }
    /// The leaves in order, with their static flags, into `out`; returns how many
    /// were written (at most `out.len()`). One pass, where `leaf(k)` for every `k`
    /// would be quadratic.
    pub $($c)? fn leaves_into(&self, out: &mut [DInt]) -> usize {
        let mut n = 0;
        let mut p = 0;
        while p < self.node_count() && n < out.len() {
            if self.kind_at(p) == K_LEAF {
                out[n] = self.node_int(p);
                n += 1;
            }
            p += 1;
        }
        n
    }
    /// Whether every leaf is static.
    pub $($c)? fn is_static(&self) -> bool {
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF && !self.static_at(p) {
                return false;
            }
            p += 1;
        }
        true
    }
    /// The same tuple with every leaf marked static (`true`) or dynamic (`false`).
    pub $($c)? fn with_all_static(mut self, is_static: bool) -> Self {
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF {
                self.set_node(p, K_LEAF, self.val_at(p), is_static);
            }
            p += 1;
        }
        self
    }
    /// Same nesting: both integers, or both tuples of equal rank with congruent modes.
    pub $($c)? fn congruent(&self, o: &Self) -> bool {
        if self.node_count() != o.node_count() {
            return false;
        }
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) != o.kind_at(p) {
                return false;
            }
            p += 1;
        }
        true
    }
    /// The checks of a layout `self:stride` in one pass, reported in this order:
    /// congruence ([`Error::NotCongruent`]), positive shape leaves when
    /// `positive` is set ([`Error::NonPositiveShape`]), no placeholder `_`
    /// ([`Error::PlaceholderInLayout`]; congruent tuples have theirs at the
    /// same nodes).
    pub(crate) $($c)? fn check_layout(&self, stride: &Self, positive: bool) -> Result<(), Error> {
        if self.node_count() != stride.node_count() {
            return Err(Error::NotCongruent);
        }
        let mut non_positive = false;
        let mut star = false;
        let mut p = 0;
        while p < self.node_count() {
            let k = self.kind_at(p);
            if k != stride.kind_at(p) {
                return Err(Error::NotCongruent);
            }
            if k == K_LEAF {
                non_positive |= self.val_at(p) <= 0;
            } else if k == K_STAR {
                star = true;
            }
            p += 1;
        }
        if positive && non_positive {
            return Err(Error::NonPositiveShape);
        }
        if star {
            return Err(Error::PlaceholderInLayout);
        }
        Ok(())
    }
    /// Weak congruence: `self` is an integer, or both are tuples of equal rank whose
    /// modes are weakly congruent (`self` may be coarser than `o`).
    pub $($c)? fn weakly_congruent(&self, o: &Self) -> bool {
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
    pub $($c)? fn compatible(&self, o: &Self) -> bool {
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
    pub $($c)? fn eq_values(&self, o: &Self) -> bool {
        if !self.congruent(o) {
            return false;
        }
        let mut p = 0;
        while p < self.node_count() {
            if self.val_at(p) != o.val_at(p) {
                return false;
            }
            p += 1;
        }
        true
    }
    /// Equality of structure, values and static flags.
    pub $($c)? fn eq_exact(&self, o: &Self) -> bool {
        if !self.eq_values(o) {
            return false;
        }
        let mut p = 0;
        while p < self.node_count() {
            if self.kind_at(p) == K_LEAF && self.static_at(p) != o.static_at(p) {
                return false;
            }
            p += 1;
        }
        true
    }
    /// A tuple of the same structure as `self` with every leaf replaced by `v`.
    pub $($c)? fn fill(&self, v: DInt) -> Self {
        let mut t = self.dup();
        let mut p = 0;
        while p < t.node_count() {
            if t.kind_at(p) == K_LEAF {
                t.set_node(p, K_LEAF, v.value, v.is_static);
            }
            p += 1;
        }
        t
    }
    /// Modes `[b, e)` as a tuple (an integer counts as rank 1).
    pub $($c)? fn take(&self, b: usize, e: usize) -> Result<Self, Error> {
        if b >= e {
            return Err(Error::EmptyRange);
        }
        if e > self.rank() {
            return Err(Error::ModeOutOfRange {
                index: e - 1,
                rank: self.rank(),
            });
        }
        let mut t = Self::empty();
        let mut i = b;
        while i < e {
            let (s, f) = tri!(self.mode_range(i));
            tri!(t.push_range_in(self, s, f));
            i += 1;
        }
        Ok(t)
    }
    /// This value as a tuple: an integer becomes the 1-tuple `(v)`.
    pub $($c)? fn as_tuple(&self) -> Self {
        if !self.is_tuple() {
            let mut t = Self::empty();
            match t.push_in(self) {
                Ok(()) => t,
                Err(_) => self.dup(),
            }
        } else {
            self.dup()
        }
    }
    };
}
pub(crate) use tuple_methods;

/// Emits the methods of a tuple that are not `const` (text), inside an `impl`
/// block of a storage type.
macro_rules! tuple_text_methods {
    () => {
        /// Calls `f` with the pieces of this tuple's text in order: `(4,(2,_))` is
        /// `Open, Int(4), Comma, Open, Int(2), Comma, Underscore, Close, Close`.
        /// One pass over the nodes; printing is built on it.
        pub fn for_each_token<E>(
            &self,
            mut f: impl FnMut(Token) -> Result<(), E>,
        ) -> Result<(), E> {
            // Open tuples: children still to come, and whether one was written.
            let mut remaining = Self::usize_list(self.node_count());
            let mut started = Self::usize_list(self.node_count());
            let mut depth = 0usize;
            for p in 0..self.node_count() {
                if depth > 0 {
                    if started[depth - 1] != 0 {
                        f(Token::Comma)?;
                    }
                    started[depth - 1] = 1;
                    remaining[depth - 1] -= 1;
                }
                match self.kind_at(p) {
                    K_LEAF => f(Token::Int(self.node_int(p)))?,
                    K_STAR => f(Token::Underscore)?,
                    children => {
                        f(Token::Open)?;
                        if children > 0 {
                            remaining[depth] = children as usize;
                            started[depth] = 0;
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
    };
}
pub(crate) use tuple_text_methods;
