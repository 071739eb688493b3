// Rule: integers must fit in 64 bits.
fn main() {
    let _ = cute::layout!((4,99999999999999999999):(1,4));
}
