// Leaves are static integers or run-time integers: a float is neither.
use cute::typed::*;

fn main() {
    let n: f32 = 8.0;
    let _ = Layout::new((4, n), (1, 4));
}
