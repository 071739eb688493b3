// Rule: a stack tensor's array must hold the static layout's cosize (a static size that must match).
use cute::tensor::make_tensor_from_array;

fn main() {
    let _ = make_tensor_from_array([0f32; 16], cute::layout!((4,8)));
}
