// Rule: a failing static result that is then used (printed, measured, passed
// to the next operation, evaluated) reports its rule once.
use cute::typed::*;

fn main() {
    let a = Layout::new((_3, _5), (_1, _4));
    let r = composition(a, Layout::new(_10, _2));
    let s = coalesce(r);
    println!("{r} {s} {}", s.size());
    let _ = r.eval(_3);
    let _ = logical_divide(r, (_2, _2));
}
