// Rule: composition's stride divisibility (checked at expansion time for literals).
fn main() {
    let _ = cute::layout!(composition((4,6):(1,5), 2:6));
}
