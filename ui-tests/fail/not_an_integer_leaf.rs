// Leaves are static integers or i64: a u32 must be converted with cute::typed::dynamic.
use cute::typed::*;

fn main() {
    let n: u32 = 8;
    let _ = Layout::new((4, n), (1, 4));
}
