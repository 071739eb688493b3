// Typed tuples hold at most 8 modes.
fn main() {
    let _ = cute::layout!((2,2,2,2,2,2,2,2,2));
}
