//! The working lists of the bodies written once (tuple walks, the algebra's
//! flat modes), for each instantiation: a fixed array of the capacity `N` at
//! compile time ([`ct`]), a list that grows as it is written at run time
//! ([`rt`]). A body declares one as `let mut l: List<T, N> = filled(v, n);`,
//! `n` being how many entries it expects (a hint: the run-time list grows).

/// Compile-time lists: `[T; N]`.
pub(crate) mod ct {
    /// A working list: a fixed array.
    pub(crate) type List<T, const M: usize> = [T; M];
    /// A list of `M` copies of `v` (`_n` is the run-time form's size hint).
    pub(crate) const fn filled<T: Copy, const M: usize>(v: T, _n: usize) -> [T; M] {
        [v; M]
    }
    /// Whether a list of `len` entries is at its capacity.
    pub(crate) const fn is_full<T, const M: usize>(_l: &[T; M], len: usize) -> bool {
        len >= M
    }
    /// Makes entries `[0, n)` addressable as a slice (an array already is).
    pub(crate) const fn reserve<T, const M: usize>(_l: &mut [T; M], _n: usize) {}
}

/// Run-time lists: [`SmallList`](rt::SmallList).
#[cfg(feature = "alloc")]
pub(crate) mod rt {
    use alloc::vec::Vec;

    /// A working list: a [`SmallList`] (the capacity parameter is ignored).
    pub(crate) type List<T, const M: usize> = SmallList<T>;

    /// Entries held without allocating.
    const INLINE: usize = 8;

    /// A list that reads as an unbounded array filled with one value: entries
    /// never written read as that value, and writing past the end grows the
    /// list (inline up to 8 entries, then on the heap). It stands where the
    /// compile-time bodies use a fixed array.
    #[derive(Clone, Debug)]
    pub(crate) struct SmallList<T: Copy> {
        fill: T,
        repr: Repr<T>,
    }

    #[derive(Clone, Debug)]
    enum Repr<T: Copy> {
        Inline([T; INLINE]),
        Heap(Vec<T>),
    }

    /// A list of copies of `v` with room for `n` entries before it grows.
    pub(crate) fn filled<T: Copy>(v: T, n: usize) -> SmallList<T> {
        let repr = if n <= INLINE {
            Repr::Inline([v; INLINE])
        } else {
            Repr::Heap(alloc::vec![v; n])
        };
        SmallList { fill: v, repr }
    }
    /// Never full: the list grows.
    pub(crate) fn is_full<T: Copy>(_l: &SmallList<T>, _len: usize) -> bool {
        false
    }
    /// Makes entries `[0, n)` addressable as a slice.
    pub(crate) fn reserve<T: Copy>(l: &mut SmallList<T>, n: usize) {
        if n > 0 {
            let _ = &mut l[n - 1];
        }
    }

    impl<T: Copy> SmallList<T> {
        /// The entries `[0, k)` and the rest of the storage.
        pub(crate) fn split_at(&self, k: usize) -> (&[T], &[T]) {
            let all: &[T] = self;
            all.split_at(k.min(all.len()))
        }
    }

    impl<T: Copy> core::ops::Deref for SmallList<T> {
        type Target = [T];
        fn deref(&self) -> &[T] {
            match &self.repr {
                Repr::Inline(a) => a,
                Repr::Heap(v) => v,
            }
        }
    }
    impl<T: Copy> core::ops::DerefMut for SmallList<T> {
        fn deref_mut(&mut self) -> &mut [T] {
            match &mut self.repr {
                Repr::Inline(a) => a,
                Repr::Heap(v) => v,
            }
        }
    }
    impl<T: Copy> core::ops::Index<usize> for SmallList<T> {
        type Output = T;
        #[inline(always)]
        fn index(&self, i: usize) -> &T {
            let all: &[T] = self;
            all.get(i).unwrap_or(&self.fill)
        }
    }
    impl<T: Copy> core::ops::IndexMut<usize> for SmallList<T> {
        #[inline(always)]
        fn index_mut(&mut self, i: usize) -> &mut T {
            let addressable = match &self.repr {
                Repr::Inline(_) => i < INLINE,
                Repr::Heap(v) => i < v.len(),
            };
            if !addressable {
                self.grow_to(i + 1);
            }
            let all: &mut [T] = self;
            &mut all[i]
        }
    }

    impl<T: Copy> SmallList<T> {
        /// Makes entries `[0, n)` addressable (moving to the heap past the
        /// inline entries), new entries filled.
        #[cold]
        #[inline(never)]
        fn grow_to(&mut self, n: usize) {
            let fill = self.fill;
            match &mut self.repr {
                Repr::Inline(a) => {
                    let mut v = Vec::with_capacity(n.max(2 * INLINE));
                    v.extend_from_slice(a);
                    v.resize(n.max(INLINE), fill);
                    self.repr = Repr::Heap(v);
                }
                Repr::Heap(v) => {
                    if v.len() < n {
                        let room = n.max(2 * v.len());
                        v.resize(room, fill);
                    }
                }
            }
        }
    }
}
