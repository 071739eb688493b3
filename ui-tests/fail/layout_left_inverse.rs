// Rule: left_inverse needs strides that divide each other.
fn main() {
    let _ = cute::layout!(left_inverse((3,5,12):(16,3,32)));
}
