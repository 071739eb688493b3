// Rule: copy needs tensors of equal size; with static layouts it is checked at compile time.
use cute::tensor::{copy, make_tensor};

fn main() {
    let a = [0f32; 32];
    let mut b = [0f32; 16];
    let src = make_tensor(&a[..], cute::layout!((4,8))).unwrap();
    let mut dst = make_tensor(&mut b[..], cute::layout!((4,4))).unwrap();
    let _ = copy(&src, &mut dst);
}
