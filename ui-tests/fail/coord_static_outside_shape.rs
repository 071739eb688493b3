// Rule: a static coordinate must lie inside the static shape it indexes.
use cute::typed::*;

fn main() {
    let l = cute::layout!((4,8):(1,4));
    let _ = l.eval((_4, _0));
}
