// Rule: complement needs an injective layout.
use cute::typed::*;

fn main() {
    let a = cute::layout!((2,2):(1,1));
    let _ = complement(a, _8);
}
