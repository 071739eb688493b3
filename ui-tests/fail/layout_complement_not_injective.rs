// Rule: complement needs an injective layout.
fn main() {
    let _ = cute::layout!(complement((2,(2,(2,6))):(8,(5,(64,1)))));
}
