// Only the operations of the layout algebra can be called inside layout!.
fn main() {
    let _ = cute::layout!(transpose((4,8):(1,4)));
}
