// layout! must give a layout; size(...) gives an integer.
fn main() {
    let _ = cute::layout!(size((4,8):(1,4)));
}
