// Rule: a composition must satisfy R(i) == A(B(i)); the failing static result
// is then the layout of a stack tensor and of a slice tensor.
use cute::tensor::{make_tensor, make_tensor_from_array};
use cute::typed::*;

fn main() {
    let r = composition(Layout::new((_3, _5), (_1, _4)), Layout::new(_10, _2));
    let t = make_tensor_from_array([0f32; 64], r);
    println!("{:?}", t.get(_3));
    let buf = [0f32; 64];
    let u = make_tensor(&buf[..], r).unwrap();
    println!("{:?}", u.get(3));
}
