//! Tensor construction, bounds, indexing, iteration, identity tensors and the
//! element-wise host algorithms (copy, fill, clear, axpby).
use cute_typed::tensor::{
    axpby, clear, copy, fill, make_identity_tensor, make_tensor, make_tensor_from_array,
    make_tensor_owned, Tensor,
};
use cute_typed::typed::{Layout, StaticLayout, _1, _2, _4};
use cute_typed::{parse_coord, DLayout, Error};

fn l(s: &str) -> DLayout {
    s.parse().unwrap()
}

#[test]
fn indexing_accepts_every_coordinate_form() {
    let data: Vec<i64> = (0..100).collect();
    // (4,(2,3)):(1,(4,8)) — hierarchical column mode.
    let t = make_tensor(&data[..], l("(4,(2,3)):(1,(4,8))")).unwrap();
    // 1-D index, rank-2 coordinate, natural coordinate, parsed text: all agree with L.
    assert_eq!(
        *t.get(21).unwrap(),
        l("(4,(2,3)):(1,(4,8))").at(21).unwrap()
    );
    assert_eq!(*t.get((1, 5)).unwrap(), 1 + 4 + 16);
    assert_eq!(*t.get((1, (1, 2))).unwrap(), 1 + 4 + 16);
    assert_eq!(*t.get(parse_coord("(1,(1,2))").unwrap()).unwrap(), 21);
    assert_eq!(*t.get([3usize, 5]).unwrap(), 3 + 4 + 16);
    // Outside the shape: an error, even where the storage would have an element.
    assert_eq!(t.get((4, 0)).unwrap_err(), Error::OutOfDomain);
    assert_eq!(t.get(24).unwrap_err(), Error::OutOfDomain);
    assert_eq!(t.get((0, (2, 0))).unwrap_err(), Error::OutOfDomain);
    assert_eq!(t.get((0, 0, 0)).unwrap_err(), Error::CoordinateMismatch);
    assert_eq!(t.get(-1).unwrap_err(), Error::OutOfDomain);
}

#[test]
fn views_larger_than_storage_are_errors() {
    let data = [0u8; 12];
    assert!(make_tensor(&data[..], l("(3,4):(4,1)")).is_ok());
    assert_eq!(
        make_tensor(&data[..], l("(4,4):(4,1)")).unwrap_err(),
        Error::OutOfStorage
    );
    // cosize 12 fits exactly; cosize 15 does not; a padded stride that fits is fine.
    assert!(make_tensor(&data[..], l("(3,4):(1,3)")).is_ok());
    assert_eq!(l("(3,4):(1,4)").cosize().unwrap().value, 15);
    assert_eq!(
        make_tensor(&data[..], l("(3,4):(1,4)")).unwrap_err(),
        Error::OutOfStorage
    );
    assert!(make_tensor(&data[..], l("(3,3):(1,4)")).is_ok());
    // A negative stride from element 0 reaches before the start...
    assert_eq!(
        make_tensor(&data[..], l("4:-1")).unwrap_err(),
        Error::OutOfStorage
    );
    // ...but is fine from an offset that keeps it inside.
    let t = Tensor::with_offset(&data[..], l("4:-1"), 3).unwrap();
    assert_eq!(t.offsets().unwrap().collect::<Vec<_>>(), [3, 2, 1, 0]);
    assert_eq!(
        Tensor::with_offset(&data[..], l("4:1"), 9).unwrap_err(),
        Error::OutOfStorage
    );
    // Stride-0 (broadcast) modes need only one element.
    let one = [7u8];
    let b = make_tensor(&one[..], l("(3,5):(0,0)")).unwrap();
    assert!(b.iter().all(|&x| x == 7));
    assert_eq!(b.iter().count(), 15);
}

#[test]
fn iteration_is_in_layout_order() {
    let data: Vec<i32> = (0..24).collect();
    for text in [
        "(4,6):(6,1)",
        "(2,(3,4)):(12,(1,3))",
        "((2,2),(3,2)):((1,12),(2,6))",
        "24:1",
        "(3,8):(8,1)",
    ] {
        let lay = l(text);
        let t = make_tensor(&data[..], lay.clone()).unwrap();
        let want: Vec<i32> = (0..24).map(|i| lay.at(i).unwrap() as i32).collect();
        assert_eq!(t.iter().copied().collect::<Vec<_>>(), want, "{text}");
        assert_eq!(t.to_vec(), want);
    }
}

#[test]
fn owned_and_mutable_tensors() {
    let mut t = make_tensor_owned(l("(2,3):(3,1)"), 0i32).unwrap();
    assert_eq!(t.engine().len(), 6);
    for m in 0..2 {
        for n in 0..3 {
            t.set((m, n), 10 * m + n).unwrap();
        }
    }
    assert_eq!(t.engine()[..], [0, 1, 2, 10, 11, 12]);
    *t.get_mut((1, 1)).unwrap() = -1;
    assert_eq!(t.engine()[4], -1);
    // A negative-stride owned tensor is allocated so that its lowest index is 0.
    let r = make_tensor_owned(l("(3,2):(-2,1)"), 0u8).unwrap();
    assert_eq!(r.engine().len(), 6);
    assert_eq!(r.offset(), 4);
    assert_eq!(r.index_of((2, 1)).unwrap(), 1);
    // A view shares the storage.
    let mut v = t.view_mut();
    v.set(0, 99).unwrap();
    assert_eq!(*t.get((0, 0)).unwrap(), 99);
}

/// A 2×4 row-major static layout of the typed layer: zero-sized, cosize 8.
type Rm2x4 = Layout<(_2, _4), (_4, _1)>;

#[test]
fn stack_tensor_from_a_static_layout() {
    assert_eq!(Rm2x4::COSIZE, 8);
    let mut t = make_tensor_from_array([0f32; Rm2x4::COSIZE as usize], Rm2x4::default());
    assert_eq!(core::mem::size_of_val(t.layout()), 0);
    t.set((1, 2), 5.0).unwrap();
    assert_eq!(t.engine()[6], 5.0);
    // The array is the tensor: no heap, size of the array exactly.
    assert_eq!(core::mem::size_of_val(t.engine()), 8 * 4);
    // A typed layout with dynamic leaves works too (checked at run time).
    let dyn_layout = Layout::new((2i64, 3i64), (3i64, 1i64)).unwrap();
    let td = make_tensor(&[1, 2, 3, 4, 5, 6][..], dyn_layout).unwrap();
    assert_eq!(*td.get((1, 2)).unwrap(), 6);
    assert!(make_tensor(&[1, 2, 3][..], dyn_layout).is_err());
    // A dynamic layout over an array is checked at run time.
    assert!(make_tensor([0u8; 4], l("(2,3):(1,2)")).is_err());
    assert!(make_tensor([0u8; 6], l("(2,3):(1,2)")).is_ok());
}

#[test]
fn identity_tensor_yields_coordinates() {
    let c = make_identity_tensor(&"(3,5)".parse().unwrap()).unwrap();
    for i in 0..15 {
        let want = format!("({},{})", i % 3, i / 3);
        assert_eq!(c.coord(i).unwrap().to_string(), want);
    }
    assert_eq!(c.coord((2, 4)).unwrap().to_string(), "(2,4)");
    assert_eq!(c.coord((3, 0)).unwrap_err(), Error::OutOfDomain);
    // Non-flat shapes are not supported.
    assert_eq!(
        make_identity_tensor(&"((2,2),3)".parse().unwrap()).unwrap_err(),
        Error::Unsupported
    );
}

#[test]
fn copy_transposes_between_layouts() {
    let a: Vec<i32> = (0..12).collect();
    let src = make_tensor(&a[..], l("(3,4):(4,1)")).unwrap();
    let mut b = [0; 12];
    let mut dst = make_tensor(&mut b[..], l("(3,4):(1,3)")).unwrap();
    copy(&src, &mut dst).unwrap();
    for m in 0..3 {
        for n in 0..4 {
            assert_eq!(b[m + 3 * n], a[4 * m + n]);
        }
    }
    let mut small = [0; 11];
    let mut bad = make_tensor(&mut small[..], l("11:1")).unwrap();
    assert_eq!(copy(&src, &mut bad).unwrap_err(), Error::SizeMismatch);
}

#[test]
fn fill_and_clear_touch_exactly_the_view() {
    let mut b = [1i32; 20];
    // Every other column of a 4×5 column-major matrix.
    let mut cols = make_tensor(&mut b[..], l("(4,3):(1,8)")).unwrap();
    fill(&mut cols, 7).unwrap();
    for (i, x) in b.iter().enumerate() {
        let col = i / 4;
        assert_eq!(*x, if col % 2 == 0 { 7 } else { 1 }, "element {i}");
    }
    let mut all = make_tensor(&mut b[..], l("20:1")).unwrap();
    clear(&mut all).unwrap();
    assert_eq!(b, [0; 20]);
}

#[test]
fn axpby_matches_the_formula() {
    let x: Vec<f64> = (0..6).map(|i| i as f64).collect();
    let mut y: Vec<f64> = (0..6).map(|i| 100.0 + i as f64).collect();
    let y0 = y.clone();
    let tx = make_tensor(&x[..], l("(2,3):(3,1)")).unwrap();
    let mut ty = make_tensor(&mut y[..], l("(2,3):(1,2)")).unwrap();
    axpby(0.5, &tx, -2.0, &mut ty).unwrap();
    for m in 0..2 {
        for n in 0..3 {
            let want = 0.5 * x[3 * m + n] - 2.0 * y0[m + 2 * n];
            assert_eq!(y[m + 2 * n], want);
        }
    }
}

#[test]
fn display_prints_header_and_rows() {
    let a = [1, 2, 3, 4, 5, 6];
    let t = make_tensor(&a[..], l("(2,3):(3,1)")).unwrap();
    assert_eq!(t.to_string(), "tensor (2,3):(3,1) o 0\n1 2 3\n4 5 6\n");
}

/// The compile-time equal-size check of `copy`/`axpby`, run here as a plain
/// function (its refusal is a panic with the rule).
#[test]
fn static_sizes_of_elementwise_operands_must_match() {
    use cute_typed::tensor::check_same_static_size;
    let refused = |a, b| std::panic::catch_unwind(|| check_same_static_size(a, b)).is_err();
    assert!(refused(Some(32), Some(16)));
    assert!(!refused(Some(32), Some(32)));
    // a dynamic size leaves the check to run time
    assert!(!refused(None, Some(16)));
    assert!(!refused(Some(32), None));
    // and at run time a mismatch is an error, not a panic
    let a = [0i32; 32];
    let mut b = [0i32; 16];
    let src =
        cute_typed::tensor::make_tensor(&a[..], "32:1".parse::<cute_typed::DLayout>().unwrap())
            .unwrap();
    let mut dst =
        cute_typed::tensor::make_tensor(&mut b[..], "16:1".parse::<cute_typed::DLayout>().unwrap())
            .unwrap();
    assert_eq!(
        cute_typed::tensor::copy(&src, &mut dst),
        Err(cute_typed::Error::SizeMismatch)
    );
}
