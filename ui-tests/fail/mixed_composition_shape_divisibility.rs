// Rule: composition's shape divisibility, checked at compile time on the static leaves of a layout with run-time leaves (as C++ does).
use cute::typed::*;

fn main() -> Result<(), cute::Error> {
    let n: i64 = 8;
    let a = Layout::new((_4, _6, n), (_1, _5, _30))?;
    let b = cute::layout!(6:1);
    let c = composition(a, b)?;
    println!("{c}");
    Ok(())
}
