// Rule: the compact strides (and the size) of a shape must fit in 64 bits.
fn main() {
    let _ = cute::layout!((4294967296,4294967296,2));
}
