// Rule: a tuple tiler applies entry i to mode i, so it has at most rank(layout)
// entries. The mode counts are types, so `cargo check` reports it.
use cute::typed::*;

fn main() {
    let a = make_layout((_4, _8));
    let tiles = logical_divide(a, (_2, _2, _2));
    println!("{tiles}");
}
