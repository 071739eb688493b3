// The algebra takes layouts: a bare shape tuple is not one.
use cute::typed::*;

fn main() {
    let _ = coalesce((4, 8));
}
