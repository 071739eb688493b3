// Rule: a static mode index must be below the rank.
use cute::typed::*;

fn main() {
    let l = make_layout_strided((4, 8), (1, 4)).unwrap();
    let _ = l.get::<2>();
}
