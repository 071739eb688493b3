//! probe
use cute_types::{parse_coord, parse_layout, parse_tuple};

#[test]
fn probe_deep_parens() {
    for n in [10usize, 100, 1000, 100_000] {
        let s = "(".repeat(n) + "1" + &")".repeat(n);
        let r = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let a = parse_tuple(&s).is_ok();
                let b = parse_layout(&s).is_ok();
                let c = parse_coord(&s).is_ok();
                (a, b, c)
            })
            .unwrap()
            .join();
        eprintln!("{n}: {r:?}");
    }
}
