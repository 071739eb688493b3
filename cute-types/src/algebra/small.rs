//! Running an operation on a small node capacity first ([`SMALL`]).
//!
//! A [`DLayoutN<N>`](crate::dynamic::DLayoutN) is `Copy` and is copied whole,
//! whatever it holds: at the default 64 nodes a layout is about 1.2 KB and the
//! algebra's working lists about 2 KB, and copying and clearing them was over
//! half of the run-time cost of an operation. The algorithm is the same at every
//! capacity and only running out of room depends on it, so an operation on
//! `N > SMALL` nodes first copies its operands into [`SMALL`]-node values (only the
//! nodes in use), runs there, and copies the result back; it runs at `N` only
//! when an operand does not fit or the small run returns [`Error::Capacity`].
//! The answer is therefore always the `N`-node one (tested in this file).
//!
//! [`Error::Capacity`]: crate::Error::Capacity

/// The node capacity an operation tries first.
pub(crate) const SMALL: usize = 16;

/// `small_first!(f(a, b, …))` in a `const fn` generic over `N`: returns
/// `f::<SMALL>` on the operands resized to [`SMALL`] nodes when they fit and the
/// small run does not run out of room; otherwise falls through, so that the
/// statement after it computes `f::<N>`.
macro_rules! small_first {
    ($f:ident($($arg:ident),+ $(,)?)) => {
        if N > $crate::algebra::small::SMALL {
            'small: {
                $(
                    let $arg = match $arg.resized::<{ $crate::algebra::small::SMALL }>() {
                        Ok(v) => v,
                        Err(_) => break 'small,
                    };
                )+
                match $f::<{ $crate::algebra::small::SMALL }>($(&$arg),+) {
                    Ok(r) => return r.resized::<N>(),
                    Err($crate::error::Error::Capacity) => {}
                    Err(e) => return Err(e),
                }
            }
        }
    };
}
pub(crate) use small_first;

#[cfg(test)]
mod tests {
    //! The small-capacity run against the `N`-node body, on random layouts of
    //! 1 to about 30 nodes (so that operands and results both fit and do not fit
    //! in [`SMALL`] nodes), static and dynamic leaves, valid and invalid operations.
    use super::super::*;
    use super::SMALL;
    use crate::dynamic::{DInt, DLayout, DTiler, DTuple};
    use std::vec::Vec;

    /// xorshift64: a fixed sequence, so that a failure reproduces.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        fn int(&mut self, values: &[i64]) -> DInt {
            let v = values[self.below(values.len() as u64) as usize];
            DInt {
                value: v,
                is_static: self.below(3) != 0,
            }
        }
    }

    /// A random congruent shape and stride, nested at most `depth` deep.
    fn tuples(rng: &mut Rng, depth: u32) -> (DTuple, DTuple) {
        if depth == 0 || rng.below(3) == 0 {
            let s = rng.int(&[1, 2, 2, 3, 4, 4, 8]);
            let d = rng.int(&[0, 1, 1, 2, 3, 4, 8, 16, 32, 64]);
            return (DTuple::int(s), DTuple::int(d));
        }
        let (mut s, mut d) = (DTuple::empty(), DTuple::empty());
        for _ in 0..1 + rng.below(3) {
            let (cs, cd) = tuples(rng, depth - 1);
            s.push_in(&cs).unwrap();
            d.push_in(&cd).unwrap();
        }
        (s, d)
    }

    /// A random layout of at most 40 nodes (`max_depth` 3) or 13 (2).
    fn layout(rng: &mut Rng, max_depth: u64) -> DLayout {
        let depth = 1 + rng.below(max_depth) as u32;
        let (s, d) = tuples(rng, depth);
        DLayout::new(s, d).unwrap()
    }

    fn tiler(rng: &mut Rng) -> DTiler {
        let modes: Vec<DLayout> = (0..1 + rng.below(2)).map(|_| layout(rng, 2)).collect();
        DTiler::from_layouts(&modes).unwrap()
    }

    const ROUNDS: usize = 6000;

    #[test]
    fn small_first_gives_the_full_capacity_answer() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut small_fit, mut large, mut ok, mut large_results) = (0, 0, 0, 0);
        for _ in 0..ROUNDS {
            let a = layout(&mut rng, 3);
            let b = layout(&mut rng, 3);
            let t = tiler(&mut rng);
            let cot = DTuple::int(rng.int(&[16, 64, 256, 1024]));
            if a.shape_ref().node_count() > SMALL {
                large += 1;
            } else {
                small_fit += 1;
            }
            let pairs = [
                (composition(&a, &b), composition_at::<64>(&a, &b)),
                (
                    composition_tiler(&a, &t),
                    composition_tiler_at::<64>(&a, &t),
                ),
                (coalesce(&a), coalesce_at::<64>(&a)),
                (complement(&a, &cot), complement_at::<64>(&a, &cot)),
                (complement_default(&a), complement_default_at::<64>(&a)),
                (right_inverse(&a), right_inverse_at::<64>(&a)),
                (left_inverse(&a), left_inverse_at::<64>(&a)),
                (logical_divide(&a, &b), logical_divide_at::<64>(&a, &b)),
                (
                    logical_divide_tiler(&a, &t),
                    logical_divide_tiler_at::<64>(&a, &t),
                ),
                (
                    zipped_divide_tiler(&a, &t),
                    zipped_divide_tiler_at::<64>(&a, &t),
                ),
                (logical_product(&a, &b), logical_product_at::<64>(&a, &b)),
                (
                    logical_product_tiler(&a, &t),
                    logical_product_tiler_at::<64>(&a, &t),
                ),
            ];
            for (k, (fast, general)) in pairs.iter().enumerate() {
                assert_eq!(fast, general, "operation {k} on {a}, {b}, {t:?}, {cot}");
                if let Ok(r) = fast {
                    ok += 1;
                    large_results += usize::from(r.shape_ref().node_count() > SMALL);
                }
            }
        }
        // The sample covers both paths and mostly valid operations.
        assert!(
            small_fit > 1000 && large > 100,
            "{small_fit} small, {large} large"
        );
        assert!(ok > ROUNDS * 12 / 4, "{ok} results were layouts");
        assert!(
            large_results > 1000,
            "{large_results} results of more than SMALL nodes"
        );
    }

    /// Composition distributes over `B`'s modes: mode `i` of `A ∘ B` is `A ∘ B_i`
    /// (the one-pass tree walk of `composition` against one call per mode), and a
    /// failing `A ∘ B_i` makes `A ∘ B` fail.
    #[test]
    fn composition_distributes_over_the_modes_of_b() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for _ in 0..ROUNDS {
            let a = layout(&mut rng, 3);
            let b = layout(&mut rng, 3);
            if b.shape_ref().is_int() {
                continue;
            }
            let whole = composition(&a, &b);
            let mut all_modes_ok = true;
            for i in 0..b.rank() {
                match composition(&a, &b.get(i).unwrap()) {
                    Ok(m) => {
                        if let Ok(w) = &whole {
                            assert_eq!(w.get(i).unwrap(), m, "mode {i} of {a} o {b}");
                            checked += 1;
                        }
                    }
                    Err(_) => all_modes_ok = false,
                }
            }
            if !all_modes_ok {
                assert!(whole.is_err(), "{a} o {b} is {whole:?}");
            }
        }
        assert!(checked > 1000, "{checked} modes compared");
    }
}
