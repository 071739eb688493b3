// Rule: a static divisor must not be `_0` (static arithmetic names the rule).
use cute::typed::*;

fn main() {
    let _ = _128 / _0;
}
