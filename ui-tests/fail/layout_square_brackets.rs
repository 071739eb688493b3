// Tuples are written with parentheses; square brackets are tilers inside an operation.
fn main() {
    let _ = cute::layout!([4,8]:[1,4]);
}
