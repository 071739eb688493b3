// Rule: left_inverse needs strides that divide each other; the failing static
// result is then the tiler of operations on a layout with run-time leaves.
use cute::typed::*;

fn main() -> Result<(), cute::Error> {
    let n: i64 = 8;
    let a = Layout::new((n, _6), (_1, n))?;
    let r = left_inverse(Layout::new((_4, _3), (_3, _2)));
    let c = composition(a, r)?;
    let d = logical_divide(a, r)?;
    println!("{r} {c} {d} {}", r.size());
    Ok(())
}
