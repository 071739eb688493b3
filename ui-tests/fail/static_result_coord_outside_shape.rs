// Rule: a static coordinate must lie inside the static shape it indexes, for
// static algebra results as for layouts.
use cute::typed::*;

fn main() {
    let r = coalesce(make_layout((_4, _8)));
    let _ = r.eval(_40);
}
