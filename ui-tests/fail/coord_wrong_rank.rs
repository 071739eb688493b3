// Rule: a coordinate is an integer (a 1-D index) or has the shape's rank.
use cute::typed::*;

fn main() {
    let l = make_layout_strided((4, 8), (1, 4)).unwrap();
    let _ = l.eval((1, 2, 3));
}
