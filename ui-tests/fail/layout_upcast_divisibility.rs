// Rule: upcast needs strides and shapes divisible by the factor.
fn main() {
    let _ = cute::layout!(upcast(8:3, 2));
}
