//! Property tests of the core representation: parse ∘ print is the identity,
//! and crd2idx ∘ idx2crd round-trips.
use cute_types::dynamic::{crd2idx_compact, idx2crd, DInt, DLayout, DTuple};
use proptest::prelude::*;

/// A random IntTuple of depth ≤ 3 with leaves from `leaf`.
fn tuple(leaf: impl Strategy<Value = DInt> + Clone + 'static) -> impl Strategy<Value = DTuple> {
    let l = leaf.prop_map(DTuple::int);
    l.prop_recursive(3, 16, 4, |inner| {
        prop::collection::vec(inner, 1..4).prop_map(|v| DTuple::tuple(&v).unwrap())
    })
}

fn int_in(lo: i64, hi: i64) -> impl Strategy<Value = DInt> + Clone {
    (lo..=hi, any::<bool>()).prop_map(|(v, s)| if s { DInt::s(v) } else { DInt::d(v) })
}

/// A random layout: a shape, then a congruent stride (negative and zero strides included).
fn layout() -> impl Strategy<Value = DLayout> {
    tuple(int_in(1, 6)).prop_flat_map(|shape| {
        let n = shape.leaf_count();
        prop::collection::vec(int_in(-40, 40), n).prop_map(move |strides| {
            let mut stride = shape.clone();
            for (k, d) in strides.iter().enumerate() {
                stride = stride.with_leaf(k, *d);
            }
            DLayout::new(shape.clone(), stride).unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parse_of_print_is_the_identity(l in layout()) {
        let text = l.to_string();
        let back: DLayout = text.parse().unwrap();
        prop_assert_eq!(back, l, "{}", text);
    }

    #[test]
    fn tuples_round_trip_through_text(t in tuple(int_in(-1000, 1000))) {
        let back: DTuple = t.to_string().parse().unwrap();
        prop_assert_eq!(back, t);
    }

    #[test]
    fn crd2idx_inverts_idx2crd_on_the_domain(shape in tuple(int_in(1, 5))) {
        let size = shape.product().unwrap().value;
        let compact = DLayout::col_major(shape.clone()).unwrap();
        for i in 0..size {
            let c = idx2crd(&DTuple::d(i), &shape).unwrap();
            prop_assert_eq!(crd2idx_compact(&c, &shape).unwrap().value, i);
            // The natural coordinate evaluates like the 1-D index, for any stride.
            prop_assert_eq!(compact.eval(&c).unwrap().value, compact.eval_index(i).unwrap().value);
            prop_assert_eq!(compact.eval_index(i).unwrap().value, i, "{}", compact);
        }
    }

    #[test]
    fn every_coordinate_form_agrees(l in layout()) {
        let size = l.size().unwrap().value;
        for i in 0..size {
            let natural = l.idx2crd(i).unwrap();
            // R-D form: one 1-D index per top-level mode.
            let mut flat = DTuple::empty();
            for m in 0..natural.rank() {
                let mode_shape = l.shape().get(m).unwrap();
                let sub = natural.get(m).unwrap();
                let idx = crd2idx_compact(&sub, &mode_shape).unwrap();
                flat = flat.push(&DTuple::int(idx)).unwrap();
            }
            let by_index = l.eval_index(i).unwrap().value;
            prop_assert_eq!(l.eval(&natural).unwrap().value, by_index);
            if l.shape().is_tuple() {
                prop_assert_eq!(l.eval(&flat).unwrap().value, by_index);
            }
        }
    }
}
