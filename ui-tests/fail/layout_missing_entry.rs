// Malformed text: a tuple entry is missing.
fn main() {
    let _ = cute::layout!((4,):(1,4));
}
