// Rule: the cosize of a layout (1 + its largest index) must fit in 64 bits.
fn main() {
    let _ = cute::layout!((2,2):(1,9223372036854775807));
}
