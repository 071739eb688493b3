//! The two instantiations of the algebra's bodies against each other: the
//! `const fn` one over the fixed-capacity types (64 nodes) and the run-time one
//! over the compact types ([`super::rt`]), on random layouts of 1 to about 40
//! nodes (inline and heap compact forms), static and dynamic leaves, valid and
//! invalid operations. Where the fixed form runs out of room
//! ([`Error::Capacity`]) the compact one must succeed; everywhere else both
//! give the same layout or the same error.
use super::fixed::*;
use super::rt;
use crate::dynamic::rt::{DLayout, DTiler};
use crate::dynamic::{DInt, DTuple, FixedLayout, FixedTiler, FixedTuple};
use crate::error::Error;
use std::format;
use std::string::{String, ToString};
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
fn tuples(rng: &mut Rng, depth: u32) -> (FixedTuple, FixedTuple) {
    if depth == 0 || rng.below(3) == 0 {
        let s = rng.int(&[1, 2, 2, 3, 4, 4, 8]);
        let d = rng.int(&[0, 1, 1, 2, 3, 4, 8, 16, 32, 64]);
        return (FixedTuple::int(s), FixedTuple::int(d));
    }
    let (mut s, mut d) = (FixedTuple::empty(), FixedTuple::empty());
    for _ in 0..1 + rng.below(3) {
        let (cs, cd) = tuples(rng, depth - 1);
        s.push_in(&cs).unwrap();
        d.push_in(&cd).unwrap();
    }
    (s, d)
}

/// A random layout of at most 40 nodes (`max_depth` 3) or 13 (2).
fn layout(rng: &mut Rng, max_depth: u64) -> FixedLayout {
    let depth = 1 + rng.below(max_depth) as u32;
    let (s, d) = tuples(rng, depth);
    FixedLayout::new(s, d).unwrap()
}

fn tiler(rng: &mut Rng) -> FixedTiler {
    let modes: Vec<FixedLayout> = (0..1 + rng.below(2)).map(|_| layout(rng, 2)).collect();
    FixedTiler::from_layouts(&modes).unwrap()
}

/// Both answers agree: the same layout, the same error, or a compact answer
/// where the fixed form ran out of room. Returns whether a layout came back,
/// and whether it was one the fixed form could not hold.
fn agree(
    what: &str,
    fixed: Result<FixedLayout, Error>,
    compact: Result<DLayout, Error>,
) -> (bool, bool) {
    match (fixed, compact) {
        (Ok(f), Ok(c)) => {
            assert_eq!(c.to_fixed().unwrap(), f, "{what}");
            assert_eq!(c.to_string(), f.to_string(), "{what}");
            (true, false)
        }
        (Err(Error::Capacity), Ok(c)) => {
            assert!(c.to_fixed().is_err(), "{what}: {c} fits in 64 nodes");
            (true, true)
        }
        // Out of room at 64 nodes: the compact run goes further, and may
        // then meet a rule (a non-functional composition, say).
        (Err(Error::Capacity), Err(g)) => {
            assert_ne!(g, Error::Capacity, "{what}");
            (false, false)
        }
        (Err(e), Err(g)) => {
            assert_eq!(e, g, "{what}");
            (false, false)
        }
        (f, c) => panic!("{what}: fixed {f:?}, compact {c:?}"),
    }
}

const ROUNDS: usize = 3000;

/// One operation's name and its answers in the two instantiations.
type Pair = (String, Result<FixedLayout, Error>, Result<DLayout, Error>);

#[test]
fn compact_instantiation_matches_the_const_one() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut ok, mut heap_operands, mut beyond_fixed) = (0, 0, 0);
    for _ in 0..ROUNDS {
        let a = layout(&mut rng, 3);
        let b = layout(&mut rng, 3);
        let t = tiler(&mut rng);
        let cot = FixedTuple::int(rng.int(&[16, 64, 256, 1024]));
        let (ca, cb) = (DLayout::from_fixed(&a), DLayout::from_fixed(&b));
        let ct = DTiler::from_fixed(&t);
        let ccot = DTuple::from_fixed(&cot);
        heap_operands += usize::from(!ca.shape_ref().is_inline());
        let n = rng.below(4) as i64 + 1;
        let pairs: Vec<Pair> = std::vec![
            (
                "composition".into(),
                composition(&a, &b),
                rt::composition(&ca, &cb)
            ),
            (
                "composition_tiler".into(),
                composition_tiler(&a, &t),
                rt::composition_tiler(&ca, &ct)
            ),
            ("coalesce".into(), coalesce(&a), rt::coalesce(&ca)),
            ("filter".into(), filter(&a), rt::filter(&ca)),
            (
                "complement".into(),
                complement(&a, &cot),
                rt::complement(&ca, &ccot)
            ),
            (
                "complement_default".into(),
                complement_default(&a),
                rt::complement_default(&ca)
            ),
            (
                "right_inverse".into(),
                right_inverse(&a),
                rt::right_inverse(&ca)
            ),
            (
                "left_inverse".into(),
                left_inverse(&a),
                rt::left_inverse(&ca)
            ),
            (
                "logical_divide".into(),
                logical_divide(&a, &b),
                rt::logical_divide(&ca, &cb)
            ),
            (
                "logical_divide_tiler".into(),
                logical_divide_tiler(&a, &t),
                rt::logical_divide_tiler(&ca, &ct)
            ),
            (
                "zipped_divide_tiler".into(),
                zipped_divide_tiler(&a, &t),
                rt::zipped_divide_tiler(&ca, &ct)
            ),
            (
                "tiled_divide_tiler".into(),
                tiled_divide_tiler(&a, &t),
                rt::tiled_divide_tiler(&ca, &ct)
            ),
            (
                "flat_divide_tiler".into(),
                flat_divide_tiler(&a, &t),
                rt::flat_divide_tiler(&ca, &ct)
            ),
            (
                "logical_product".into(),
                logical_product(&a, &b),
                rt::logical_product(&ca, &cb)
            ),
            (
                "logical_product_tiler".into(),
                logical_product_tiler(&a, &t),
                rt::logical_product_tiler(&ca, &ct)
            ),
            (
                "blocked_product".into(),
                blocked_product(&a, &b),
                rt::blocked_product(&ca, &cb)
            ),
            (
                "raked_product".into(),
                raked_product(&a, &b),
                rt::raked_product(&ca, &cb)
            ),
            (
                "zipped_product_tiler".into(),
                zipped_product_tiler(&a, &t),
                rt::zipped_product_tiler(&ca, &ct)
            ),
            (
                "max_common_layout".into(),
                max_common_layout(&a, &b),
                rt::max_common_layout(&ca, &cb)
            ),
            ("nullspace".into(), nullspace(&a), rt::nullspace(&ca)),
            (
                "make_layout_like".into(),
                make_layout_like(&a),
                rt::make_layout_like(&ca)
            ),
            ("upcast".into(), upcast(&a, n), rt::upcast(&ca, n)),
            ("downcast".into(), downcast(&a, n), rt::downcast(&ca, n)),
            (
                "layout_add".into(),
                layout_add(&a, &b),
                rt::layout_add(&ca, &cb)
            ),
            ("zip".into(), zip(&a, &b), rt::zip(&ca, &cb)),
            (
                "tile_unzip".into(),
                tile_unzip(&a, &t),
                rt::tile_unzip(&ca, &ct)
            ),
        ];
        for (name, fixed, compact) in pairs {
            let what = format!("{name} on {a}, {b}, {t:?}, {cot}");
            let (is_ok, beyond) = agree(&what, fixed, compact);
            ok += usize::from(is_ok);
            beyond_fixed += usize::from(beyond);
        }
        // The free functions of the evaluation engine and the tuple algebra.
        assert_eq!(
            rt_tuple(crate::dynamic::rt::idx2crd(
                &DTuple::d(n * 5),
                ca.shape_ref()
            )),
            crate::dynamic::fixed::idx2crd(&FixedTuple::d(n * 5), a.shape_ref())
                .map(|t| t.to_string()),
        );
        assert_eq!(ca.eval_index(n * 7), a.eval_index(n * 7), "eval of {a}");
        assert_eq!(
            max_common_vector(&a, &b),
            rt::max_common_vector(&ca, &cb),
            "max_common_vector of {a}, {b}"
        );
    }
    // The sample covers inline and heap operands, and mostly valid operations.
    assert!(heap_operands > 100, "{heap_operands} operands on the heap");
    assert!(ok > ROUNDS * 26 / 3, "{ok} results were layouts");
    // (results beyond 64 nodes: `ten_thousand_leaves`)
    let _ = beyond_fixed;
}

fn rt_tuple(t: Result<DTuple, Error>) -> Result<String, Error> {
    t.map(|t| t.to_string())
}

/// Composition distributes over `B`'s modes: mode `i` of `A ∘ B` is `A ∘ B_i`
/// (the one-pass tree walk of `composition` against one call per mode), and a
/// failing `A ∘ B_i` makes `A ∘ B` fail.
#[test]
fn composition_distributes_over_the_modes_of_b() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for _ in 0..ROUNDS {
        let a = DLayout::from_fixed(&layout(&mut rng, 3));
        let b = DLayout::from_fixed(&layout(&mut rng, 3));
        if b.shape_ref().is_int() {
            continue;
        }
        let whole = rt::composition(&a, &b);
        let mut all_modes_ok = true;
        for i in 0..b.rank() {
            match rt::composition(&a, &b.get(i).unwrap()) {
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

/// The run-time algebra has no node ceiling: a layout of 10,000 leaves.
#[test]
fn ten_thousand_leaves() {
    let (mut shape, mut stride) = (DTuple::empty(), DTuple::empty());
    let mut d = 1i64;
    for k in 0..10_000 {
        // ten 2s among static 1s: size 1024
        let s = if k % 1000 == 0 { 2 } else { 1 };
        shape.push_int(DInt::s(s)).unwrap();
        stride.push_int(DInt::s(d)).unwrap();
        d *= s;
    }
    let l = DLayout::new(shape, stride).unwrap();
    assert_eq!(l.rank(), 10_000);
    assert_eq!(l.size().unwrap(), DInt::s(1024));
    assert_eq!(rt::coalesce(&l).unwrap().to_string(), "_1024:_1");
    let flat = rt::filter(&l).unwrap();
    assert_eq!(flat.rank(), 1);
    // A dynamic layout of 10,000 modes keeps them all.
    let mut dynamic = DTuple::empty();
    for _ in 0..10_000 {
        dynamic.push_int(DInt::d(1)).unwrap();
    }
    let dl = DLayout::col_major(dynamic).unwrap();
    let c = rt::coalesce(&dl).unwrap();
    assert_eq!(c.rank(), 10_000);
    assert_eq!(c.eval_index(0).unwrap().value, 0);
    let r = rt::composition(&dl, &DLayout::col_major(DTuple::d(1)).unwrap()).unwrap();
    assert_eq!(r.size().unwrap().value, 1);
}
