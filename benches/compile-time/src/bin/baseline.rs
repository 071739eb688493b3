//! Baseline for the compile-time benchmark: the same dependencies and one
//! static layout, to separate the cost of the 200 layouts from the fixed cost
//! of compiling and linking a binary against `cute`.
use cute::typed::*;

fn main() {
    println!(
        "{}",
        cute::layout!((4,8):(1,4)).size() + make_layout((_4, _8)).size()
    );
}
