//! The floor of the compile-time benchmark: one static layout, no algebra.
use cute_typed::typed::*;

fn main() {
    let l = make_layout_strided((_4, _8), (_1, _4));
    assert_eq!(l.eval(9), Ok(9 % 4 + 4 * (9 / 4)));
    println!("{l}");
}
