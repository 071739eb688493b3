// Rule: composition's shape divisibility, checked at compile time for static layouts.
use cute::typed::*;

fn main() {
    let a = cute::layout!((4,6):(1,5));
    let b = cute::layout!(6:1);
    let _ = composition(a, b);
}
