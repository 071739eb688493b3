// Rule: a composition must satisfy R(i) == A(B(i)) (CuTe's divisibility conditions).
fn main() {
    let _ = cute::layout!(composition((3,5):(1,4), 10:2));
}
