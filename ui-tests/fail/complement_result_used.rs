// Rule: complement needs an injective layout; the failing result is then used.
use cute::typed::*;

fn main() {
    let c = complement(Layout::new((_2, _2), (_1, _1)), _8);
    let p = logical_product(make_layout(_4), c);
    println!("{c} {p} {} {}", c.size(), p.cosize());
}
