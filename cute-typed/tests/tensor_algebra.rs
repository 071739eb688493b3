//! The tensor forms of the layout algebra — slicing, local_tile, local_partition
//! (with projections), the divides, flatten, group_modes, make_tensor_like —
//! against CuTe 4.2: every expected layout and offset below was printed by C++
//! (`print(t.layout())` and `t.data() - base`, all integers static).
use cute_typed::dynamic::DTiler;
use cute_typed::tensor::{
    divide::zipped_divide, local_partition, local_tile, make_tensor, make_tensor_like, shape_tiler,
    Tensor, Underscore as U,
};
use cute_typed::{parse_coord, DLayout, Error};

fn l(s: &str) -> DLayout {
    s.parse().unwrap()
}

/// Layout text without static marks, and the offset.
fn shown<E: cute_typed::tensor::Engine>(t: &Tensor<E, DLayout>) -> (String, i64) {
    (t.dlayout().to_string().replace('_', ""), t.offset())
}

fn tiler(s: &str) -> DTiler {
    shape_tiler(&s.parse().unwrap()).unwrap()
}

const N: usize = 4096;

#[test]
fn local_tile_matches_cute() {
    let buf = vec![0f32; N];
    let data = make_tensor(&buf[..], l("(_16,_64):(_64,_1)")).unwrap();
    // local_tile(data, Shape<_4,_8>{}, make_coord(2, 3))
    let a = local_tile(data.view(), &tiler("(_4,_8)"), (2, 3)).unwrap();
    assert_eq!(shown(&a), ("(4,8):(64,1)".into(), 536));
    // make_coord(2, _): a stack of tiles along the second mode.
    let a2 = data.view().local_tile(&tiler("(_4,_8)"), (2, U)).unwrap();
    assert_eq!(shown(&a2), ("(4,8,8):(64,1,8)".into(), 512));
    // local_tile(A, (_4,_8,_2), (1,0,_), Step<_1,X,_1>) on a 12×10 column-major A.
    let big = vec![0f32; 120];
    let am = make_tensor(&big[..], l("(_12,_10):(_1,_12)")).unwrap();
    let b = am
        .local_tile_proj(&tiler("(_4,_8,_2)"), (1, 0, U), &[true, false, true])
        .unwrap();
    assert_eq!(shown(&b), ("(4,2,5):(1,12,24)".into(), 4));
}

#[test]
fn local_partition_matches_cute() {
    let buf = vec![0f32; N];
    let data = make_tensor(&buf[..], l("(_16,_64):(_64,_1)")).unwrap();
    // local_partition(data, Layout<Shape<_2,_16>>{}, 5): the (_8,_4) of CuTe's comment.
    let c = local_partition(data, &l("(_2,_16):(_1,_2)"), 5).unwrap();
    assert_eq!(shown(&c), ("(8,4):(128,16)".into(), 66));
    let tile = Tensor::with_offset(&buf[..], l("(_8,_4):(_4,_1)"), 100).unwrap();
    let thr = l("(_2,_4):(_4,_1)");
    // Step<_1,X>: rows by the thread's row coordinate (6 → row 1).
    let d = tile
        .view()
        .local_partition_proj(&thr, 6, &[true, false])
        .unwrap();
    assert_eq!(shown(&d), ("(4,4):(8,1)".into(), 104));
    // Step<X,_1>: the thread's column coordinate (6 → 2) splits mode 0, as for a GEMM's B (N,K).
    let d2 = tile
        .view()
        .local_partition_proj(&thr, 6, &[false, true])
        .unwrap();
    assert_eq!(shown(&d2), ("(2,4):(16,1)".into(), 108));
    // Every thread's partition is disjoint from the others' and together they cover the tile.
    let mut seen = [0; 32];
    for t in 0..8 {
        for o in tile
            .view()
            .local_partition(&thr, t)
            .unwrap()
            .offsets()
            .unwrap()
        {
            seen[(o - 100) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&k| k == 1));
    assert_eq!(
        tile.view().local_partition(&thr, 8).unwrap_err(),
        Error::OutOfDomain
    );
}

#[test]
fn slicing_matches_cute() {
    let buf: Vec<i32> = (0..64).collect();
    let h = make_tensor(&buf[..], l("(_4,(_2,_3)):(_1,(_4,_8))")).unwrap();
    // h(_, 3)
    let e = h.view().slice((U, 3)).unwrap();
    assert_eq!(shown(&e), ("(4):(1)".into(), 12));
    assert_eq!(e.to_vec(), [12, 13, 14, 15]);
    // h(make_coord(1, make_coord(_, 2)))
    let e2 = h.view().slice(parse_coord("(1,(_,2))").unwrap()).unwrap();
    assert_eq!(shown(&e2), ("(2):(4)".into(), 17));
    assert_eq!(e2.to_vec(), [17, 21]);
    // Fixed coordinates must lie in the shape.
    assert_eq!(h.view().slice((4, U)).unwrap_err(), Error::OutOfDomain);
    assert_eq!(h.view().slice((U, (0, 3))).unwrap_err(), Error::OutOfDomain);
}

#[test]
fn divides_flatten_group_match_cute() {
    let buf = vec![0u8; N];
    let sq = make_tensor(&buf[..], l("(_8,_8):(_8,_1)")).unwrap();
    let t = DTiler::from_layouts(&[l("_2:_1"), l("_4:_1")]).unwrap();
    assert_eq!(
        shown(&zipped_divide(sq.view(), &t).unwrap()).0,
        "((2,4),(4,2)):((8,1),(16,4))"
    );
    assert_eq!(
        shown(&sq.view().logical_divide(&t).unwrap()).0,
        "((2,4),(4,2)):((8,16),(1,4))"
    );
    assert_eq!(
        shown(&sq.view().tiled_divide(&t).unwrap()).0,
        "((2,4),4,2):((8,1),16,4)"
    );
    assert_eq!(
        shown(&sq.view().flat_divide(&t).unwrap()).0,
        "(2,4,4,2):(8,1,16,4)"
    );
    let h = make_tensor(&buf[..], l("(_4,(_2,_3)):(_1,(_4,_8))")).unwrap();
    assert_eq!(shown(&h.view().flatten().unwrap()).0, "(4,2,3):(1,4,8)");
    let r3 = make_tensor(&buf[..], l("(_2,_3,_4):(_1,_2,_6)")).unwrap();
    assert_eq!(
        shown(&r3.group_modes(1, 3).unwrap()).0,
        "(2,(3,4)):(1,(2,6))"
    );
    // make_tensor_like: same shape, compact, modes ordered like the strides.
    assert_eq!(
        shown(&make_tensor_like(&h, 0u8).unwrap()).0,
        "(4,(2,3)):(1,(4,8))"
    );
    let rm = make_tensor(&buf[..], l("(_3,_5):(_5,_1)")).unwrap();
    let like = make_tensor_like(&rm, 0u8).unwrap();
    assert_eq!(shown(&like).0, "(3,5):(5,1)");
    assert_eq!(like.engine().len(), 15);
}

#[test]
fn views_stay_inside_their_storage() {
    // A 10×10 row-major matrix: a 4×4 tile at tile coordinate (2, 0) covers rows
    // 8..12, two of which do not exist. As a view it is refused...
    let buf = vec![0f32; 100];
    let a = make_tensor(&buf[..], l("(10,10):(10,1)")).unwrap();
    assert!(a.view().local_tile(&tiler("(4,4)"), (1, 0)).is_ok());
    assert_eq!(
        a.view().local_tile(&tiler("(4,4)"), (2, 0)).unwrap_err(),
        Error::OutOfStorage
    );
    // ...while the layout algebra itself describes it (the GEMM predicates such tiles).
    let (layout, offset) = cute_typed::tensor::local_tile_layout(
        &a.dlayout(),
        &tiler("(4,4)"),
        &"(2,0)".parse().unwrap(),
    )
    .unwrap();
    assert_eq!(
        (layout.to_string(), offset),
        ("(4,4):(10,1)".to_string(), 80)
    );
    // A divide whose result fits is a view; products need storage for the repeats.
    assert!(a.view().zipped_divide(&tiler("(5,2)")).is_ok());
    assert_eq!(
        a.view().logical_product(&l("2:1")).unwrap_err(),
        Error::OutOfStorage
    );
    // A stride-0 product (a broadcast) fits: the same 100 elements seen twice.
    let twice = a.view().logical_product(&l("2:0")).unwrap();
    assert_eq!(twice.size(), 200);
}
