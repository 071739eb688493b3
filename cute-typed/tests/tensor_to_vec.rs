//! `Tensor::to_vec` on tensors with more elements than memory holds: a stride-0
//! (broadcast) mode makes a tensor of 2^63 elements over a few values. Collecting
//! it reserved the count with a panic (capacity overflow) or an allocation abort;
//! `try_to_vec` returns `Error::TooLarge`, and `to_vec` documents its panic.
use cute_typed::tensor::*;
use cute_typed::{DLayout, Error};

#[test]
fn a_broadcast_tensor_beyond_memory_is_too_large() {
    let data: Vec<i32> = (0..4).collect();
    for l in [
        "(9223372036854775807,1):(0,1)",
        "(4611686018427387904,4):(0,1)",
        "(4,(1099511627776,1099511627776)):(1,(0,0))",
        "(2305843009213693952,2):(0,2)",
    ] {
        let l: DLayout = l.parse().unwrap();
        let t = make_tensor(&data[..], l.clone()).unwrap();
        assert_eq!(t.try_to_vec(), Err(Error::TooLarge), "{l}");
        assert_eq!(t.view().try_to_vec(), Err(Error::TooLarge), "{l}");
        // the tensor is still usable
        assert_eq!(*t.get(0i64).unwrap(), 0);
    }
    // to_vec's documented panic names the error, instead of `capacity overflow`
    let l: DLayout = "(9223372036854775807,1):(0,1)".parse().unwrap();
    let t = make_tensor(&data[..], l).unwrap();
    let msg = std::panic::catch_unwind(|| t.to_vec())
        .unwrap_err()
        .downcast::<String>()
        .unwrap();
    assert!(msg.contains("too large"), "{msg}");
}

#[test]
fn try_to_vec_is_to_vec_where_it_fits() {
    let data: Vec<i32> = (0..16).collect();
    for l in [
        "(4,4):(4,1)",
        "(4,4):(1,4)",
        "(2,(2,2)):(0,(1,8))",
        "16:1",
        "(4,4):(0,0)",
    ] {
        let l: DLayout = l.parse().unwrap();
        let t = make_tensor(&data[..], l.clone()).unwrap();
        let want: Vec<i32> = t.iter().copied().collect();
        assert_eq!(t.try_to_vec().unwrap(), want, "{l}");
        assert_eq!(t.to_vec(), want, "{l}");
    }
}
