// Rule: a coordinate may not be more deeply nested than the shape.
use cute::typed::*;

fn main() {
    let l = make_layout_strided((4, 8), (1, 4)).unwrap();
    let _ = l.eval((1, (0, 1)));
}
