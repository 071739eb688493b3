//! By-mode tilers of many modes: the compact (run-time structure) tiler has no
//! mode limit, the fixed-capacity one holds up to `TILER_CAPACITY` layouts and
//! says `Capacity` beyond.
//!
//! The defining property of a by-mode divide or product: mode `i` of
//! `op(A, [t0, t1, …])` is `op(A_i, t_i)`, and the modes the tiler does not
//! reach are kept.
use cute_types::algebra;
use cute_types::dynamic::{FixedTiler, TILER_CAPACITY};
use cute_types::{DInt, DLayout, DTiler, Error, FixedLayout};

/// `(e0,e1,…):(1,2,3,…)` over `extents`, as text (a by-mode operation
/// reads each mode alone, so the modes need not be laid out side by side;
/// compact strides of 100 modes would not fit in `i64`).
fn layout_text(extents: &[i64]) -> String {
    let strides: Vec<String> = (1..=extents.len()).map(|d| d.to_string()).collect();
    let shape: Vec<String> = extents.iter().map(i64::to_string).collect();
    format!("({}):({})", shape.join(","), strides.join(","))
}

#[test]
fn compact_tilers_divide_and_multiply_mode_by_mode_past_64_modes() {
    // 100 modes of extent 2 or 3 and a 90-entry tiler of layouts and integers.
    let extents: Vec<i64> = (0..100).map(|k| 2 + (k % 2)).collect();
    let a: DLayout = layout_text(&extents).parse().unwrap();
    let mut tiler = DTiler::new();
    for (k, &e) in extents.iter().enumerate().take(90) {
        tiler = match k % 3 {
            0 => tiler.push_int(DInt::s(1)),
            1 => tiler.push_int(DInt::d(e)),
            _ => tiler.push_layout("1:1".parse().unwrap()),
        }
        .unwrap();
    }
    assert_eq!(tiler.rank(), 90);
    let divided = algebra::logical_divide_tiler(&a, &tiler).unwrap();
    assert_eq!(divided.rank(), 100);
    for (i, &e) in extents.iter().enumerate() {
        let mode = a.get(i).unwrap();
        let expected = if i < 90 {
            let t: DLayout = match i % 3 {
                // An integer entry `n` divides as `make_layout(n)`: `n:_1`,
                // `_1:_0` for a static 1.
                0 => "_1:_0".parse().unwrap(),
                1 => format!("{e}:_1").parse().unwrap(),
                _ => "1:1".parse().unwrap(),
            };
            algebra::logical_divide(&mode, &t).unwrap()
        } else {
            mode
        };
        assert_eq!(divided.get(i).unwrap(), expected, "mode {i}");
    }
    // A product over the first 70 modes: the same property.
    let two: DLayout = "2:1".parse().unwrap();
    let ones = DTiler::from_layouts(&vec![two; 70]).unwrap();
    let product = algebra::logical_product_tiler(&a, &ones).unwrap();
    for i in 0..70 {
        let t: DLayout = "2:1".parse().unwrap();
        let expected = algebra::logical_product(&a.get(i).unwrap(), &t).unwrap();
        assert_eq!(product.get(i).unwrap(), expected, "mode {i}");
    }
}

#[test]
fn integer_entries_past_64_keep_their_reading() {
    // An integer entry `1` divides as `1:_0`, a layout entry `1:1` as itself:
    // the mark must survive past the 64th layout of the store.
    let a: DLayout = layout_text(&[2; 80]).parse().unwrap();
    let mut tiler = DTiler::new();
    for k in 0..80 {
        tiler = if k == 70 {
            tiler.push_int(DInt::s(1))
        } else {
            tiler.push_layout("1:1".parse().unwrap())
        }
        .unwrap();
    }
    let r = algebra::logical_divide_tiler(&a, &tiler).unwrap();
    let by_int = algebra::logical_divide(&a.get(70).unwrap(), &"_1:_0".parse().unwrap());
    assert_eq!(r.get(70).unwrap(), by_int.unwrap());
    assert_eq!(tiler.int_mode(70), Ok(Some(DInt::s(1))));
    assert_eq!(tiler.int_mode(69), Ok(None));
}

#[test]
fn fixed_tilers_hold_up_to_their_capacity() {
    let one: FixedLayout = "2:1".parse().unwrap();
    let full = FixedTiler::from_layouts(&vec![one; TILER_CAPACITY - 1]);
    // The tuples of a fixed tiler have 64 nodes: the root and one per layout.
    assert!(full.is_ok());
    let a: FixedLayout = layout_text(&[2; 9]).parse().unwrap();
    let nine = FixedTiler::from_layouts(&[one; 9]).unwrap();
    let r = algebra::fixed::logical_divide_tiler(&a, &nine).unwrap();
    assert_eq!(r.rank(), 9);
    assert_eq!(
        FixedTiler::from_layouts(&vec![one; TILER_CAPACITY + 1]).unwrap_err(),
        Error::Capacity
    );
}
