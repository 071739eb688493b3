// The slicing placeholder `_` selects modes for slice(); eval needs integers.
use cute::typed::*;

fn main() {
    let l = make_layout_strided((4, 8), (1, 4)).unwrap();
    let _ = l.eval(cute::coord!((_,1)));
}
