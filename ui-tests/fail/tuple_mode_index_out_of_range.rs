// Rule: a static mode index must be below the rank (on a shape's nested mode).
use cute::typed::*;

fn main() {
    let s = make_shape((4, (2, 2)));
    let _ = s.get::<1>().get::<2>();
}
