//! [`DTuple`]: the compact run-time tuple. Small tuples live inline (no heap
//! allocation); larger ones move to the heap, up to [`MAX_NODES`] nodes.
//!
//! The methods are the ones of the fixed form ([`FixedTuple`](super::FixedTuple)), from the same
//! declaration (`tuple_methods!`); only the storage primitives below differ.
use super::int::DInt;
use super::tuple::Token;
use super::tuple_methods::{tuple_methods, tuple_text_methods, K_LEAF, K_STAR};
use super::FixedTuple;
use crate::error::Error;
use crate::tri;
use alloc::vec;
use alloc::vec::Vec;

/// Nodes a [`DTuple`] holds without allocating: a layout of two such tuples
/// stays within 256 bytes.
pub const INLINE_NODES: usize = 12;

/// The most nodes one [`DTuple`] holds: a tuple that would grow past it is
/// refused with [`Error::NodeLimit`] instead of allocated.
///
/// Results can be far larger than their operands (with run-time extents,
/// `composition(A, B)` keeps A's modes under each of B's: rank(A)·rank(B)
/// leaves, 2.6·10⁸ for two operands of 16 000 modes, which fit on one
/// 64 KiB line of `cute eval -`), so without a ceiling one line could
/// ask for tens of gigabytes. 2²⁰ nodes (16 MiB of heap) is 32 times the
/// nodes of the longest line `cute eval -` reads.
pub const MAX_NODES: usize = 1 << 20;
// `Error::NodeLimit`'s message states the number.
const _: () = assert!(MAX_NODES == 1_048_576);

/// Inline node kinds (one byte each); child counts below `I_STAR`: the
/// encoding of the fixed form's nodes too (`DTuple::to_fixed` copies them).
const I_LEAF: u8 = u8::MAX;
const I_STAR: u8 = u8::MAX - 1;

/// A nested tuple of [`DInt`]s: CuTe's IntTuple (shape, stride or
/// coordinate) with its structure known at run time, up to [`MAX_NODES`]
/// nodes. A tuple is a single integer (`4`) or a tuple (`(4,(2,2))`),
/// possibly empty (`()`); each leaf carries a static flag (`_4` or `4`).
///
/// Up to [`INLINE_NODES`] nodes are stored inline (112 bytes, no allocation);
/// beyond that the nodes move to one heap vector. Cloning copies the nodes in
/// use only.
///
/// ```
/// use cute_types::dynamic::DTuple;
/// let mut t = DTuple::empty();
/// for k in 0..10_000 {
///     t.push_int(cute_types::DInt::d(k % 7 + 1)).unwrap();
/// }
/// assert_eq!(t.rank(), 10_000);
/// assert!(core::mem::size_of::<DTuple>() <= 128);
/// ```
#[derive(Clone)]
pub struct DTuple {
    repr: Repr,
}

#[derive(Clone)]
enum Repr {
    Inline(Inline),
    Heap(Heap),
}

#[derive(Clone, Copy)]
struct Inline {
    len: u8,
    kinds: [u8; INLINE_NODES],
    statics: u16,
    vals: [i64; INLINE_NODES],
}

/// One node of the heap form.
#[derive(Clone, Copy, Default)]
struct Node {
    value: i64,
    kind: u32,
    is_static: bool,
}

#[derive(Clone)]
struct Heap {
    /// Nodes in use; `nodes.len()` may be larger (room reserved).
    len: usize,
    nodes: Vec<Node>,
}

/// A scratch list of `usize` (walk stacks): inline when short.
#[derive(Clone, Debug)]
pub(crate) enum Scratch {
    Inline([usize; 16]),
    Heap(Vec<usize>),
}

impl core::ops::Index<usize> for Scratch {
    type Output = usize;
    fn index(&self, i: usize) -> &usize {
        match self {
            Scratch::Inline(a) => &a[i],
            Scratch::Heap(v) => &v[i],
        }
    }
}
impl core::ops::IndexMut<usize> for Scratch {
    fn index_mut(&mut self, i: usize) -> &mut usize {
        match self {
            Scratch::Inline(a) => &mut a[i],
            Scratch::Heap(v) => &mut v[i],
        }
    }
}

// Some shared methods serve only the fixed form so far (the parser's).
#[allow(dead_code)]
impl DTuple {
    /// Largest number of children of one tuple node.
    pub(crate) const MAX_CHILDREN: u32 = K_STAR - 1;

    // The storage primitives (see `tuple_methods`).

    /// No nodes at all (not a valid tuple until a root is set).
    pub(crate) fn blank() -> DTuple {
        DTuple {
            repr: Repr::Inline(Inline {
                len: 0,
                kinds: [0; INLINE_NODES],
                statics: 0,
                vals: [0; INLINE_NODES],
            }),
        }
    }
    /// Number of nodes.
    #[inline]
    pub fn node_count(&self) -> usize {
        match &self.repr {
            Repr::Inline(t) => t.len as usize,
            Repr::Heap(h) => h.len,
        }
    }
    #[inline]
    pub(crate) fn kind_at(&self, p: usize) -> u32 {
        match &self.repr {
            // Sign extension maps `I_LEAF`/`I_STAR` (255, 254) to `K_LEAF`/`K_STAR`
            // (`u32::MAX`, `u32::MAX - 1`) and keeps child counts (< 128): one
            // instruction instead of two comparisons.
            Repr::Inline(t) => t.kinds[p] as i8 as i32 as u32,
            Repr::Heap(h) => h.nodes[p].kind,
        }
    }
    #[inline]
    pub(crate) fn val_at(&self, p: usize) -> i64 {
        match &self.repr {
            Repr::Inline(t) => t.vals[p],
            Repr::Heap(h) => h.nodes[p].value,
        }
    }
    #[inline]
    pub(crate) fn static_at(&self, p: usize) -> bool {
        match &self.repr {
            Repr::Inline(t) => t.statics & (1u16 << p) != 0,
            Repr::Heap(h) => h.nodes[p].is_static,
        }
    }
    #[inline]
    pub(crate) fn set_node(&mut self, p: usize, kind: u32, value: i64, is_static: bool) {
        match &mut self.repr {
            Repr::Inline(t) => {
                t.kinds[p] = match kind {
                    K_LEAF => I_LEAF,
                    K_STAR => I_STAR,
                    // An inline tuple has fewer than `INLINE_NODES` children.
                    k => k as u8,
                };
                t.vals[p] = value;
                if is_static {
                    t.statics |= 1u16 << p;
                } else {
                    t.statics &= !(1u16 << p);
                }
            }
            Repr::Heap(h) => {
                h.nodes[p] = Node {
                    value,
                    kind,
                    is_static,
                }
            }
        }
    }
    #[inline]
    pub(crate) fn set_kind(&mut self, p: usize, kind: u32) {
        match &mut self.repr {
            Repr::Inline(t) => t.kinds[p] = kind as u8,
            Repr::Heap(h) => h.nodes[p].kind = kind,
        }
    }
    /// Nodes `[start, end)` of `src` written from position `at` (room made
    /// beforehand). Between inline tuples: array copies, no per-node dispatch.
    #[inline]
    pub(crate) fn copy_nodes(&mut self, at: usize, src: &DTuple, start: usize, end: usize) {
        if let (Repr::Inline(d), Repr::Inline(s)) = (&mut self.repr, &src.repr) {
            let m = end - start;
            // Node by node: a few nodes at most, where a `memcpy` call per
            // array costs more than the copy (callgrind on `benches/vs-cpp`).
            for i in 0..m {
                d.kinds[at + i] = s.kinds[start + i];
                d.vals[at + i] = s.vals[start + i];
            }
            // Static flags of nodes `[start, end)` moved to `[at, at + m)`.
            let window = ((1u32 << m) - 1) as u16;
            let bits = (s.statics >> start) & window;
            d.statics = (d.statics & !(window << at)) | (bits << at);
            return;
        }
        for i in start..end {
            self.set_node(
                at + i - start,
                src.kind_at(i),
                src.val_at(i),
                src.static_at(i),
            );
        }
    }
    /// Sets the node count (room for it is made if needed). Callers grow a
    /// tuple through [`reserve_nodes`](Self::reserve_nodes), which checks
    /// [`MAX_NODES`], or set at most the count of a tuple that exists.
    pub(crate) fn set_len(&mut self, n: usize) {
        let room = match &self.repr {
            Repr::Inline(_) => n <= INLINE_NODES,
            Repr::Heap(h) => n <= h.nodes.len(),
        };
        if !room {
            self.grow_to(n);
        }
        match &mut self.repr {
            Repr::Inline(t) => t.len = n as u8,
            Repr::Heap(h) => h.len = n,
        }
    }
    /// Room for `n` nodes: moves to the heap past [`INLINE_NODES`];
    /// [`Error::NodeLimit`] past [`MAX_NODES`].
    #[inline(always)]
    pub(crate) fn reserve_nodes(&mut self, n: usize) -> Result<(), Error> {
        let room = match &self.repr {
            Repr::Inline(_) => n <= INLINE_NODES,
            Repr::Heap(h) => n <= h.nodes.len(),
        };
        if !room {
            if n > MAX_NODES {
                return Err(Error::NodeLimit);
            }
            self.grow_to(n);
        }
        Ok(())
    }
    /// Makes nodes `[0, n)` addressable: moves to the heap, or doubles it.
    #[cold]
    #[inline(never)]
    fn grow_to(&mut self, n: usize) {
        match &mut self.repr {
            Repr::Inline(t) => {
                let len = t.len as usize;
                let mut nodes = Vec::with_capacity(n.max(2 * INLINE_NODES));
                for p in 0..len {
                    nodes.push(Node {
                        value: t.vals[p],
                        kind: match t.kinds[p] {
                            I_LEAF => K_LEAF,
                            I_STAR => K_STAR,
                            k => k as u32,
                        },
                        is_static: t.statics & (1u16 << p) != 0,
                    });
                }
                nodes.resize(n, Node::default());
                self.repr = Repr::Heap(Heap { len, nodes });
            }
            Repr::Heap(h) => {
                // Doubling keeps a tuple built by pushes linear overall (and
                // within `MAX_NODES` of room when `n` is).
                let room = n.max((2 * h.nodes.len()).min(MAX_NODES));
                h.nodes.resize(room, Node::default());
            }
        }
    }
    pub(crate) fn usize_list(n: usize) -> Scratch {
        if n <= 16 {
            Scratch::Inline([0; 16])
        } else {
            Scratch::Heap(vec![0; n])
        }
    }
    /// A copy (`clone`; the name the algebra's one body uses on both forms).
    pub(crate) fn dup(&self) -> DTuple {
        self.clone()
    }

    tuple_methods!();
    tuple_text_methods!();

    /// The flat tuple of the leaves `vals` (bit `k` of `statics`: whether leaf
    /// `k` is static), an integer when there is exactly one: what
    /// `Modes::int_or_tuples` of the algebra builds with one push per leaf,
    /// written in one pass (the algebra's fast paths, `algebra/fast.rs`).
    pub(crate) fn from_leaves(vals: &[i64], statics: u64) -> DTuple {
        let leaf = |k: usize| DInt {
            value: vals[k],
            is_static: statics >> k & 1 != 0,
        };
        if vals.len() == 1 {
            return DTuple::int(leaf(0));
        }
        let n = vals.len() + 1;
        if n <= INLINE_NODES {
            let mut t = Inline {
                len: n as u8,
                kinds: [I_LEAF; INLINE_NODES],
                // (leaf `k` is node `k + 1`; fewer than 16 nodes, so the cast keeps them)
                statics: (statics << 1) as u16,
                vals: [0; INLINE_NODES],
            };
            t.kinds[0] = vals.len() as u8;
            t.vals[1..n].copy_from_slice(vals);
            return DTuple {
                repr: Repr::Inline(t),
            };
        }
        let mut t = DTuple::blank();
        t.set_len(n);
        t.set_node(0, vals.len() as u32, 0, false);
        for k in 0..vals.len() {
            let v = leaf(k);
            t.set_node(k + 1, K_LEAF, v.value, v.is_static);
        }
        t
    }
    /// Appends a node after the last one (a tuple node's `kind` is its
    /// number of children, the nodes that follow in preorder; below 128);
    /// [`Error::NodeLimit`] past [`MAX_NODES`].
    #[inline]
    pub(crate) fn push_node_end(
        &mut self,
        kind: u32,
        value: i64,
        is_static: bool,
    ) -> Result<(), Error> {
        let n = self.node_count();
        tri!(self.reserve_nodes(n + 1));
        // Room was made: the count is stored without `set_len`'s second check
        // (the algebra's fast paths build their results with this, node by node).
        match &mut self.repr {
            Repr::Inline(t) => t.len = (n + 1) as u8,
            Repr::Heap(h) => h.len = n + 1,
        }
        self.set_node(n, kind, value, is_static);
        Ok(())
    }
    /// Nodes `[start, end)` of `src` appended after the last node, as they are
    /// (no parent's child count changes): a subtree written into a result
    /// being built node by node; [`Error::NodeLimit`] past [`MAX_NODES`].
    pub(crate) fn append_nodes(
        &mut self,
        src: &DTuple,
        start: usize,
        end: usize,
    ) -> Result<(), Error> {
        let n = self.node_count();
        tri!(self.reserve_nodes(n + end - start));
        self.set_len(n + end - start);
        self.copy_nodes(n, src, start, end);
        Ok(())
    }
    /// The leaves in order: values into `vals`, static flags into `statics`,
    /// when there are at most `vals.len()` of them (`None` otherwise): the
    /// fast paths' flat form of a mode list. Returns how many.
    pub(crate) fn leaves_fit(&self, vals: &mut [i64], statics: &mut [bool]) -> Option<usize> {
        self.leaves_fit_in(0, self.node_count(), vals, statics)
    }
    /// [`leaves_fit`](Self::leaves_fit) of the nodes `[start, end)` (a mode's
    /// subtree, read where it lies).
    #[inline]
    pub(crate) fn leaves_fit_in(
        &self,
        start: usize,
        end: usize,
        vals: &mut [i64],
        statics: &mut [bool],
    ) -> Option<usize> {
        let mut n = 0;
        let room = vals.len().min(statics.len());
        match &self.repr {
            Repr::Inline(t) => {
                // (zipped slices: one bounds check for the range, not one per node)
                let mut flags = u32::from(t.statics) >> start;
                for (&kind, &v) in t.kinds[start..end].iter().zip(&t.vals[start..end]) {
                    if kind == I_LEAF {
                        if n == room {
                            return None;
                        }
                        vals[n] = v;
                        statics[n] = flags & 1 != 0;
                        n += 1;
                    }
                    flags >>= 1;
                }
            }
            Repr::Heap(h) => {
                for node in &h.nodes[start..end] {
                    if node.kind == K_LEAF {
                        if n == room {
                            return None;
                        }
                        vals[n] = node.value;
                        statics[n] = node.is_static;
                        n += 1;
                    }
                }
            }
        }
        Some(n)
    }
    /// The inline nodes, when stored inline: node kinds (leaf 255, `_` 254,
    /// else the child count), values, and the static flags as the bits of
    /// the `u16` (those past the last node mean nothing).
    // Public for `cute-typed` (a typed mixed result read against its
    // pattern), not a user API.
    #[doc(hidden)]
    #[inline]
    pub fn inline_nodes(&self) -> Option<(&[u8], &[i64], u16)> {
        match &self.repr {
            Repr::Inline(t) => {
                let n = t.len as usize;
                Some((&t.kinds[..n], &t.vals[..n], t.statics))
            }
            Repr::Heap(_) => None,
        }
    }
    /// Whether the nodes are stored inline (no heap allocation).
    pub fn is_inline(&self) -> bool {
        matches!(self.repr, Repr::Inline(_))
    }
    /// The same tuple in the run-time form.
    #[doc(hidden)]
    pub fn from_fixed(t: &FixedTuple) -> DTuple {
        let n = t.node_count();
        let mut c = DTuple::blank();
        c.set_len(n);
        let mut p = 0;
        while p < n {
            c.set_node(p, t.kind_at(p), t.val_at(p), t.static_at(p));
            p += 1;
        }
        c
    }
    /// [`DTuple::from_fixed`] as a `const fn`, for a tuple stored inline (at
    /// most [`INLINE_NODES`] nodes; `None` for a larger one): a typed value's
    /// pattern in the compact form, made at compile time, so that at run time
    /// only its run-time leaves are written.
    // Public for `cute-typed` (its run-time arm's operands), not a user API.
    #[doc(hidden)]
    pub const fn inline_of(t: &FixedTuple) -> Option<DTuple> {
        let n = t.node_count();
        if n > INLINE_NODES {
            return None;
        }
        let mut c = Inline {
            len: n as u8,
            kinds: [0; INLINE_NODES],
            statics: 0,
            vals: [0; INLINE_NODES],
        };
        let mut p = 0;
        while p < n {
            c.kinds[p] = match t.kind_at(p) {
                K_LEAF => I_LEAF,
                K_STAR => I_STAR,
                // (an inline tuple has fewer than `INLINE_NODES` children)
                k => k as u8,
            };
            c.vals[p] = t.val_at(p);
            if t.static_at(p) {
                c.statics |= 1u16 << p;
            }
            p += 1;
        }
        Some(DTuple {
            repr: Repr::Inline(c),
        })
    }
    /// The same tuple in the fixed form: [`Error::Capacity`] when it has more
    /// than [`CAPACITY`](super::CAPACITY) nodes.
    #[doc(hidden)]
    pub fn to_fixed(&self) -> Result<FixedTuple, Error> {
        let n = self.node_count();
        if let Repr::Inline(t) = &self.repr {
            // The same node encoding, child counts below `INLINE_NODES`: the
            // arrays as they are, when they fit.
            if n <= super::CAPACITY {
                return Ok(FixedTuple::from_nodes(
                    &t.kinds[..n],
                    &t.vals[..n],
                    u64::from(t.statics),
                ));
            }
        }
        let mut t = FixedTuple::empty();
        tri!(t.reserve_nodes(n));
        let mut p = 0;
        while p < n {
            if self.kind_at(p) < K_STAR && self.kind_at(p) >= FixedTuple::MAX_CHILDREN {
                return Err(Error::Capacity);
            }
            t.set_node(p, self.kind_at(p), self.val_at(p), self.static_at(p));
            p += 1;
        }
        t.set_len(n);
        Ok(t)
    }
}

impl PartialEq for DTuple {
    /// Equal structure, values and static flags.
    fn eq(&self, o: &DTuple) -> bool {
        self.eq_exact(o)
    }
}
impl Eq for DTuple {}

impl core::fmt::Debug for DTuple {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}

impl core::fmt::Display for DTuple {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FixedTuple;
    use alloc::string::ToString;

    #[test]
    fn small_tuples_are_inline_and_small() {
        assert!(core::mem::size_of::<DTuple>() <= 128);
        let t = DTuple::from_fixed(&"(_4,(2,_2),3)".parse::<FixedTuple>().unwrap());
        assert!(t.is_inline());
        assert_eq!(t.to_string(), "(_4,(2,_2),3)");
        assert_eq!(t.depth(), 2);
        assert_eq!(t.product().unwrap(), DInt::d(48));
    }

    #[test]
    fn inline_tuples_convert_to_the_fixed_form_node_for_node() {
        for text in ["(_4,(2,_2),3)", "(_,(2,_))", "_", "()", "(((_7)),())", "5"] {
            let fixed: FixedTuple = text.parse().unwrap();
            let t = DTuple::from_fixed(&fixed);
            assert!(t.is_inline());
            assert_eq!(t.to_fixed().unwrap(), fixed, "{text}");
            assert_eq!(t.to_fixed().unwrap().to_string(), text);
            assert_eq!(DTuple::inline_of(&fixed).unwrap(), t, "{text}");
        }
        // Layouts, inline and on the heap, both ways.
        for text in [
            "(_4,(2,_2)):(1,(_0,4))",
            "_1:_0",
            "((1,2,3),(4,(5,6)),_7,8):((1,2,3),(4,(5,6)),_7,8)",
        ] {
            let fixed: crate::dynamic::FixedLayout = text.parse().unwrap();
            let c = crate::dynamic::rt::DLayout::from_fixed(&fixed);
            assert_eq!(c.to_fixed().unwrap(), fixed, "{text}");
            assert_eq!(c.to_fixed().unwrap().to_string(), text);
        }
        // Past the fixed form's 64 nodes: refused, inline or not.
        let modes = (1..=70)
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let wide: crate::dynamic::rt::DLayout =
            alloc::format!("({modes}):({modes})").parse().unwrap();
        assert_eq!(wide.to_fixed(), Err(Error::Capacity));
        // A tuple cut short keeps no flag of the nodes past its end.
        let mut t = DTuple::from_fixed(&"(_4,_2,_3)".parse::<FixedTuple>().unwrap());
        t.set_len(2);
        t.set_kind(0, 1);
        assert_eq!(t.to_fixed().unwrap(), "(_4)".parse::<FixedTuple>().unwrap());
    }

    #[test]
    fn a_layout_pushed_in_place_is_the_layout_pushed_by_value() {
        use crate::dynamic::rt::{DLayout, DTiler};
        let layouts: [DLayout; 4] = [
            "_4:_1".parse().unwrap(),
            "(8,(2,_3)):(1,(_16,32))".parse().unwrap(),
            "((1,2,3),(4,(5,6)),_7,8):((1,2,3),(4,(5,6)),_7,8)"
                .parse()
                .unwrap(),
            "():()".parse().unwrap(),
        ];
        let (mut by_value, mut in_place) = (DTiler::new(), DTiler::new());
        for l in &layouts {
            by_value = by_value.push_layout(l.clone()).unwrap();
            in_place.push_layout_in(l).unwrap();
            assert!(by_value == in_place, "{l}");
        }
        assert_eq!(in_place.rank(), 4);
        assert!(
            in_place.mode(2).unwrap() == crate::dynamic::rt::TilerMode::Layout(layouts[2].clone())
        );
    }

    #[test]
    fn large_tuples_move_to_the_heap_and_keep_their_value() {
        let text = "((1,2,3),(4,(5,6)),_7,8,(9,(10,(11,12))),13,_14)";
        let fixed: FixedTuple = text.parse().unwrap();
        let t = DTuple::from_fixed(&fixed);
        assert!(!t.is_inline());
        assert_eq!(t.to_string(), text);
        assert_eq!(t.to_fixed().unwrap(), fixed);
        assert_eq!(t.get(4).unwrap().to_string(), "(9,(10,(11,12)))");
        assert_eq!(t.get_path(&[4, 1, 1]).unwrap().to_string(), "(11,12)");
        assert_eq!(t.depth(), 4);
        assert_eq!(t.leaf_count(), 14);
        assert_eq!(
            t.flatten().to_string(),
            "(1,2,3,4,5,6,_7,8,9,10,11,12,13,_14)"
        );
        // A mode small enough comes back inline.
        assert!(t.get(1).unwrap().is_inline());
        assert_eq!(t.to_fixed().unwrap().to_string(), t.to_string());
        // Past the fixed form's 64 nodes the conversion is refused.
        let mut long = DTuple::empty();
        for k in 0..64 {
            long.push_int(DInt::d(k + 1)).unwrap();
        }
        assert_eq!(long.node_count(), 65);
        assert_eq!(long.to_fixed().err(), Some(Error::Capacity));
    }

    #[test]
    fn ten_thousand_leaves_and_deep_nesting() {
        let mut t = DTuple::empty();
        for k in 0..10_000 {
            t.push_int(DInt::d(k % 3 + 1)).unwrap();
        }
        assert_eq!(t.rank(), 10_000);
        assert_eq!(t.leaf_count(), 10_000);
        assert_eq!(t.get(9_998).unwrap(), DTuple::d(9_998 % 3 + 1));
        assert_eq!(t.sum().unwrap().value, (0..10_000).map(|k| k % 3 + 1).sum());
        // 5,000 levels deep: walks use heap stacks, not recursion.
        let mut deep = DTuple::s(2);
        for _ in 0..5_000 {
            let mut outer = DTuple::empty();
            outer.push_in(&deep).unwrap();
            outer.push_int(DInt::s(1)).unwrap();
            deep = outer;
        }
        assert_eq!(deep.depth(), 5_000);
        let text = deep.to_string();
        assert!(text.starts_with("((((") && text.ends_with(",_1),_1)"));
        assert_eq!(deep.product().unwrap(), DInt::s(2));
    }
}
