// Rule: complement needs non-negative strides (admissible for the cotarget).
fn main() {
    let _ = cute::layout!(complement(4:-1, 8));
}
