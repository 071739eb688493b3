//! [`DTuple`]: a nested tuple of [`DInt`]s (CuTe's IntTuple) in a fixed-capacity,
//! `Copy`, `const`-friendly form.
use super::int::DInt;
use super::tuple_methods::{tuple_methods, tuple_text_methods, K_LEAF, K_STAR};
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
    /// Largest number of children of one tuple node.
    pub(crate) const MAX_CHILDREN: u32 = MAX_CHILDREN as u32;

    // The storage primitives (see `tuple_methods`).

    /// The tuple of the nodes `kinds`, `vals` (bit `p` of `statics`: whether
    /// node `p` is static) in this form's own encoding (the compact form's
    /// inline one is the same): at most `N` nodes, each tuple node with fewer
    /// than `MAX_CHILDREN` children (the caller's to know).
    #[cfg(feature = "alloc")]
    pub(crate) fn from_nodes(kinds: &[u8], vals: &[i64], statics: u64) -> DTupleN<N> {
        let mut t = Self::blank();
        t.set_nodes(kinds, vals, statics);
        t
    }
    /// This blank tuple made [`DTupleN::from_nodes`]`(kinds, vals, statics)`,
    /// in place.
    #[cfg(feature = "alloc")]
    pub(crate) fn set_nodes(&mut self, kinds: &[u8], vals: &[i64], statics: u64) {
        let n = kinds.len();
        self.kinds[..n].copy_from_slice(kinds);
        self.vals[..n].copy_from_slice(vals);
        // (flags of nodes past the last are not kept)
        self.statics = statics & u64::MAX.checked_shr(64 - n as u32).unwrap_or(0);
        self.len = n as u8;
    }
    /// No nodes at all (not a valid tuple until a root is set).
    pub(crate) const fn blank() -> DTupleN<N> {
        let () = Self::ROOM_IS_VALID;
        DTupleN {
            len: 0,
            kinds: [0; N],
            vals: [0; N],
            statics: 0,
        }
    }
    /// Number of nodes.
    pub const fn node_count(&self) -> usize {
        self.len as usize
    }
    pub(crate) const fn kind_at(&self, p: usize) -> u32 {
        match self.kinds[p] {
            LEAF => K_LEAF,
            STAR => K_STAR,
            k => k as u32,
        }
    }
    pub(crate) const fn val_at(&self, p: usize) -> i64 {
        self.vals[p]
    }
    pub(crate) const fn static_at(&self, p: usize) -> bool {
        self.statics & (1u64 << p) != 0
    }
    pub(crate) const fn set_node(&mut self, p: usize, kind: u32, value: i64, is_static: bool) {
        self.kinds[p] = match kind {
            K_LEAF => LEAF,
            K_STAR => STAR,
            k => k as u8,
        };
        self.vals[p] = value;
        if is_static {
            self.statics |= 1u64 << p;
        } else {
            self.statics &= !(1u64 << p);
        }
    }
    pub(crate) const fn set_kind(&mut self, p: usize, kind: u32) {
        self.kinds[p] = kind as u8;
    }
    pub(crate) const fn set_len(&mut self, n: usize) {
        self.len = n as u8;
    }
    /// Nodes `[start, end)` of `src` written from position `at`.
    pub(crate) const fn copy_nodes(
        &mut self,
        at: usize,
        src: &DTupleN<N>,
        start: usize,
        end: usize,
    ) {
        let mut i = start;
        while i < end {
            self.set_node(
                at + i - start,
                src.kind_at(i),
                src.val_at(i),
                src.static_at(i),
            );
            i += 1;
        }
    }
    /// Room for `n` nodes: [`Error::Capacity`] past `N`.
    pub(crate) const fn reserve_nodes(&self, n: usize) -> Result<(), Error> {
        if n > N {
            return Err(Error::Capacity);
        }
        Ok(())
    }
    pub(crate) const fn usize_list(_n: usize) -> [usize; N] {
        [0; N]
    }
    /// A copy (what `clone` is on the compact form).
    pub(crate) const fn dup(&self) -> DTupleN<N> {
        *self
    }

    tuple_methods!(const);

    /// The same tuple with room for `M` nodes: [`Error::Capacity`] when it has
    /// more than `M`. Copies only the nodes in use, so that the algebra can run
    /// on a small capacity (cheap to copy) and hand back a full-capacity value.
    pub const fn resized<const M: usize>(&self) -> Result<DTupleN<M>, Error> {
        let n = self.len as usize;
        if n > M {
            return Err(Error::Capacity);
        }
        let mut t = DTupleN::<M>::blank();
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
    tuple_text_methods!();
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
