// Algebra inside layout! runs while compiling: its operands must be literals.
fn main() {
    let n = 4;
    let _ = cute::layout!(composition((4,8):(1,4), ({n}):(1)));
}
