// Rule: a typed mixed result holds at most 16 run-time leaves (shape and stride).
use cute::typed::*;

fn main() -> Result<(), cute::Error> {
    let v = 2i64;
    let a = Layout::new(((v, v, v, v, v, v, v, v), (v, v)), ((v, v, v, v, v, v, v, v), (v, v)))?;
    let c = flatten(a)?;
    println!("{}", c.size());
    Ok(())
}
