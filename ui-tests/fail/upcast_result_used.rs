// Rule: upcast needs strides and shapes divisible by the factor; the failing
// static result is then complemented against, and multiplied by, run-time values.
use cute::typed::*;

fn main() -> Result<(), cute::Error> {
    let n: i64 = 64;
    let r = upcast(Layout::new((_3, _2), (_1, _3)), _2);
    let k = complement(r, n)?;
    let p = logical_product(r, Layout::new(n, _1)?)?;
    println!("{k} {p} {}", r.cosize());
    Ok(())
}
