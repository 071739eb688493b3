//! [`FlatCoord`]: a typed coordinate read as one 1-D index per top-level mode,
//! the form tile and thread coordinates take (`(m, n)`, `(_1, i)`, `(m, _)`).
use crate::typed::numeral::Numeral;
use crate::typed::{Coord, Underscore, C};

/// A leaf of a flat coordinate: a static `_N`, a run-time `i64`, or `_`.
///
/// ```
/// use cute_typed::tensor::FlatLeaf;
/// use cute_typed::typed::*;
/// assert_eq!(_3.entry(), Some(3));
/// assert_eq!(7i64.entry(), Some(7));
/// assert_eq!(Underscore.entry(), None);
/// ```
pub trait FlatLeaf: Coord {
    /// The 1-D index, or `None` for `_`.
    fn entry(&self) -> Option<i64>;
}

impl<N: Numeral> FlatLeaf for C<N> {
    #[inline(always)]
    fn entry(&self) -> Option<i64> {
        Some(C::<N>::VALUE)
    }
}
impl FlatLeaf for i64 {
    #[inline(always)]
    fn entry(&self) -> Option<i64> {
        Some(*self)
    }
}
impl FlatLeaf for Underscore {
    #[inline(always)]
    fn entry(&self) -> Option<i64> {
        None
    }
}

/// A coordinate of one 1-D index (or `_`) per mode: a leaf (one index into the
/// whole of what it addresses) or a Rust tuple of up to 6 leaves. Its kind
/// (leaf or tuple, where the `_` are) is in the type; its values may be static
/// or run-time.
///
/// ```
/// use cute_typed::tensor::FlatCoord;
/// use cute_typed::typed::*;
/// let c = (2i64, Underscore, _1);
/// assert_eq!(<(i64, Underscore, _1) as FlatCoord>::ENTRIES, 3);
/// assert_eq!((c.flat_entry(0), c.flat_entry(1), c.flat_entry(2)), (Some(2), None, Some(1)));
/// assert!(<i64 as FlatCoord>::IS_LEAF);
/// ```
pub trait FlatCoord: Coord {
    /// Whether this is a single leaf (a 1-D index) rather than a tuple.
    const IS_LEAF: bool;
    /// Number of entries (1 for a leaf).
    const ENTRIES: usize;
    /// Entry `i` as a 1-D index, `None` for `_` (and for `i` past the end).
    fn flat_entry(&self, i: usize) -> Option<i64>;
}

macro_rules! leaf_flat {
    ([$($gen:tt)*] $T:ty) => {
        impl<$($gen)*> FlatCoord for $T {
            const IS_LEAF: bool = true;
            const ENTRIES: usize = 1;
            #[inline(always)]
            fn flat_entry(&self, i: usize) -> Option<i64> {
                if i == 0 { self.entry() } else { None }
            }
        }
    };
}
leaf_flat!([N: Numeral] C<N>);
leaf_flat!([] i64);
leaf_flat!([] Underscore);

macro_rules! tuple_flat {
    ($n:literal: $($K:ident $i:tt),+) => {
        impl<$($K: FlatLeaf),+> FlatCoord for ($($K,)+) {
            const IS_LEAF: bool = false;
            const ENTRIES: usize = $n;
            #[inline(always)]
            fn flat_entry(&self, i: usize) -> Option<i64> {
                match i {
                    $($i => self.$i.entry(),)+
                    _ => None,
                }
            }
        }
    };
}
tuple_flat!(1: K0 0);
tuple_flat!(2: K0 0, K1 1);
tuple_flat!(3: K0 0, K1 1, K2 2);
tuple_flat!(4: K0 0, K1 1, K2 2, K3 3);
tuple_flat!(5: K0 0, K1 1, K2 2, K3 3, K4 4);
tuple_flat!(6: K0 0, K1 1, K2 2, K3 3, K4 4, K5 5);

/// An integer leaf of a coordinate: a static `_N` or a run-time `i64` (not `_`).
///
/// ```
/// use cute_typed::tensor::IndexLeaf;
/// use cute_typed::typed::*;
/// assert_eq!((_3.index(), 7i64.index()), (3, 7));
/// ```
pub trait IndexLeaf: FlatLeaf + FlatCoord {
    /// The index.
    fn index(&self) -> i64;
}
impl<N: Numeral> IndexLeaf for C<N> {
    #[inline(always)]
    fn index(&self) -> i64 {
        C::<N>::VALUE
    }
}
impl IndexLeaf for i64 {
    #[inline(always)]
    fn index(&self) -> i64 {
        *self
    }
}
