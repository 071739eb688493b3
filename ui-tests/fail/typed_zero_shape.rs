// Rule: static shape entries must be positive (typed constructor).
use cute::typed::*;

fn main() {
    let _ = Layout::new((_4, _0), (_1, _4));
}
