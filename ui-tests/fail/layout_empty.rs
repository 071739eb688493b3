// An empty layout! is not a layout.
fn main() {
    let _ = cute::layout!();
}
