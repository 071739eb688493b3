//! The run-time layout value [`DLayout`] (issue 15 item 3): no node ceiling
//! (a layout of 10,000 leaves is parsed, printed, evaluated and put through
//! the algebra), and small layouts are stored inline, in at most 256 bytes.
use cute_types::dynamic::INLINE_NODES;
use cute_types::{algebra, DInt, DLayout, DTiler, DTuple};

/// Leaves of the large layout: `_2` every 500th leaf (20 of them, so that the
/// size, 2²⁰, fits `i64`), `_1` elsewhere; strides column-major.
const LEAVES: usize = 10_000;

fn large_text() -> String {
    let mut shape = Vec::new();
    let mut stride = Vec::new();
    let mut product = 1i64;
    for k in 0..LEAVES {
        let s = if k % 500 == 0 { 2 } else { 1 };
        shape.push(format!("_{s}"));
        stride.push(format!("_{product}"));
        product *= s;
    }
    format!("({}):({})", shape.join(","), stride.join(","))
}

#[test]
fn ten_thousand_leaves_parse_print_and_evaluate() {
    let text = large_text();
    let l: DLayout = text.parse().unwrap();
    assert_eq!(l.shape().leaf_count(), LEAVES);
    assert_eq!(l.rank(), LEAVES);
    assert!(!l.shape_ref().is_inline());
    // Printed back to the same text, which parses to the same value.
    assert_eq!(l.to_string(), text);
    assert_eq!(l.to_string().parse::<DLayout>().unwrap(), l);
    // Column-major compact: L(i) = i over the whole domain.
    let size = l.size().unwrap().value;
    assert_eq!(size, 1 << 20);
    for i in [0, 1, 2, 12_345, 999_999, size - 1] {
        assert_eq!(l.eval_index(i).unwrap().value, i, "L({i})");
    }
    // A natural coordinate, evaluated leaf by leaf.
    let c = l.idx2crd(5).unwrap();
    assert_eq!(c.leaf_count(), LEAVES);
    assert_eq!(l.eval(&c).unwrap().value, 5);
}

#[test]
fn ten_thousand_leaves_through_the_algebra() {
    let l: DLayout = large_text().parse().unwrap();
    // Every `_1` mode drops out and the `_2`s merge.
    assert_eq!(algebra::coalesce(&l).unwrap().to_string(), "_1048576:_1");
    // L ∘ B with B a permutation of L's domain: (L ∘ B)(i) = L(B(i)).
    let b: DLayout = "(_1024,_1024):(_1024,_1)".parse().unwrap();
    let composed = algebra::composition(&l, &b).unwrap();
    assert_eq!(composed.size().unwrap().value, 1 << 20);
    for i in [0, 1, 1023, 1024, 777_777] {
        let bi = b.eval_index(i).unwrap().value;
        assert_eq!(
            composed.eval_index(i).unwrap().value,
            l.eval_index(bi).unwrap().value,
            "(L o B)({i})"
        );
    }
    // A divide by 1024 contiguous elements keeps L's function: (tile, rest).
    let t: DLayout = "_1024:_1".parse().unwrap();
    let divided = algebra::logical_divide(&l, &t).unwrap();
    assert_eq!(divided.rank(), 2);
    assert_eq!(divided.size().unwrap().value, 1 << 20);
    for i in [0, 5, 1024, 65_537, (1 << 20) - 1] {
        assert_eq!(divided.eval_index(i).unwrap().value, i, "divided({i})");
    }
    // By mode: the first mode divided, the other 9,999 kept.
    let by_mode = DTiler::from_layouts(&["_1:_1".parse().unwrap()]).unwrap();
    let kept = algebra::logical_divide_tiler(&l, &by_mode).unwrap();
    assert_eq!(kept.rank(), LEAVES);
}

#[test]
fn a_layout_is_at_most_256_bytes_and_small_ones_do_not_allocate() {
    assert!(core::mem::size_of::<DLayout>() <= 256);
    assert!(core::mem::size_of::<DTuple>() <= 128);
    let small: DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
    assert!(small.shape_ref().is_inline() && small.stride_ref().is_inline());
    // Up to the inline bound a tuple stays inline; one node more moves it to
    // the heap.
    let flat = |n: usize| {
        let mut t = DTuple::empty();
        for k in 0..n {
            t.push_int(DInt::d(k as i64 % 3 + 1)).unwrap();
        }
        t
    };
    let at_bound = flat(INLINE_NODES - 1);
    assert_eq!(at_bound.node_count(), INLINE_NODES);
    assert!(at_bound.is_inline());
    let l = DLayout::col_major(at_bound).unwrap();
    assert!(l.shape_ref().is_inline() && l.stride_ref().is_inline());
    let past = flat(INLINE_NODES);
    assert_eq!(past.node_count(), INLINE_NODES + 1);
    assert!(!past.is_inline());
    // Results of the algebra on small operands are inline too, and a mode
    // taken out of a large layout comes back inline.
    let c = algebra::composition(&small, &"(2,4):(4,1)".parse().unwrap()).unwrap();
    assert!(c.shape_ref().is_inline() && c.stride_ref().is_inline());
    let big: DLayout = large_text().parse().unwrap();
    let mode = big.get(7).unwrap();
    assert!(mode.shape_ref().is_inline() && mode.stride_ref().is_inline());
}
