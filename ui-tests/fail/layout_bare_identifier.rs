// Run-time values are written in braces.
fn main() {
    let n = 8;
    let _ = cute::layout!((4,n):(1,4));
}
