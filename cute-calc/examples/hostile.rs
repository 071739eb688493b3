//! Exploration driver: every function of the calculator on hostile operands.
//! `cargo run --release -p cute-calc --example hostile [sample3]`
use cute_calc::{eval_line_as, Reading, FUNCTIONS};
use std::panic;
use std::time::Instant;

const MAX: &str = "9223372036854775807";
const MIN: &str = "-9223372036854775808";

fn atoms() -> Vec<String> {
    let ints = [
        "0",
        "1",
        "-1",
        "2",
        "3",
        "-0",
        "63",
        "64",
        "65",
        "-64",
        "4294967296",
        "4611686018427387904",
        MAX,
        MIN,
        "9223372036854775806",
        "-9223372036854775807",
        "_4",
        "_0",
        "_1",
        "_9223372036854775807",
    ];
    let mut v: Vec<String> = ints.iter().map(|s| s.to_string()).collect();
    let lays = [
        "9223372036854775807:1", "9223372036854775807:9223372036854775807", "(9223372036854775807,2):(1,9223372036854775807)",
        "(2,4611686018427387904):(4611686018427387904,1)", "8:-9223372036854775808", "(4,8):(0,0)", "1:0",
        "(1,1,1):(1,1,1)", "(3,5):(9223372036854775807,-9223372036854775808)", "(2,(2,(2,(2,2))))",
        "(4294967296,4294967296):(4294967296,1)", "(4294967296,4294967296)", "((2,2),(3,3)):((1,2),(4,12))", "(8,8):(-1,-8)",
        "(4,8):(8,1)", "(3,7,11):(77,11,1)", "(2,3):(3,-1)", "(1,9223372036854775807):(0,1)", "(9223372036854775807,9223372036854775807):(0,0)",
        "(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2)",
        "(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2)",
        "(3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3):(0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0)",
        "(3037000499,3037000499):(1,3037000499)", "(3037000500,3037000500):(1,3037000500)",
        "composition(swizzle(3,4,3),(8,64):(64,1))", "swizzle(3,4,3)", "swizzle(30,0,30)", "swizzle(0,62,1)", "swizzle(1,62,1)", "swizzle(31,31,31)",
        "composition(swizzle(2,60,2),9223372036854775807:1)",
        "[2,4]", "[9223372036854775807,9223372036854775807]", "[(2,2):(1,8),4:2]", "[1,1,1,1]", "[_1,1]",
        "[9223372036854775807:9223372036854775807]", "[(9223372036854775807,2):(2,1)]", "[[2,2],[2,2]]",
        "(0,0)", "()", "(9223372036854775807,9223372036854775807)", "(-1,-1)", "(_2,_-1)", "(2,(3,-4))",
        "0:1", "-4:1", "(2,0):(1,2)",
    ];
    v.extend(lays.iter().map(|s| s.to_string()));
    v
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(|s| s.as_str()) == Some("long") {
        long_lines();
        return;
    }
    if args.get(1).map(|s| s.as_str()) == Some("huge") {
        huge_text();
        return;
    }
    let sample3: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    panic::set_hook(Box::new(|_| {}));
    let atoms = atoms();
    let names: Vec<&str> = FUNCTIONS.iter().map(|f| f.name).collect();
    let mut exprs: Vec<String> = Vec::new();
    for n in &names {
        exprs.push(format!("{n}()"));
        for a in &atoms {
            exprs.push(format!("{n}({a})"));
            for b in &atoms {
                exprs.push(format!("{n}({a},{b})"));
            }
        }
    }
    // random triples and quads
    let mut seed: u64 = 0x9e3779b97f4a7c15;
    let mut rnd = |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m as u64) as usize
    };
    for _ in 0..sample3 {
        let n = names[rnd(names.len())];
        let k = 3 + rnd(3);
        let a: Vec<&str> = (0..k).map(|_| atoms[rnd(atoms.len())].as_str()).collect();
        exprs.push(format!("{n}({})", a.join(",")));
        // one nested: f(g(a,b),c)
        let g = names[rnd(names.len())];
        exprs.push(format!("{n}({g}({},{}),{})", a[0], a[1], a[2]));
    }
    eprintln!("{} expressions x 2 readings", exprs.len());
    let mut slow: Vec<(f64, String, usize)> = Vec::new();
    let mut big: Vec<(usize, String)> = Vec::new();
    let (mut panics, mut errors, mut oks) = (0, 0, 0);
    let t0 = Instant::now();
    for e in &exprs {
        for r in [Reading::Static, Reading::Mixed] {
            let t = Instant::now();
            let out = panic::catch_unwind(|| eval_line_as(e, r));
            let dt = t.elapsed().as_secs_f64();
            match out {
                Err(_) => {
                    panics += 1;
                    println!("PANIC {r:?}: {e}");
                }
                Ok(o) => {
                    if o.starts_with("error") {
                        errors += 1
                    } else {
                        oks += 1
                    }
                    if dt > 0.01 {
                        slow.push((dt, e.clone(), o.len()));
                    }
                    if o.len() > 10_000 {
                        big.push((o.len(), e.clone()));
                    }
                    if o.contains("overflow") && !o.starts_with("error") {
                        println!("ODD {e} -> {o}");
                    }
                }
            }
        }
    }
    slow.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    big.sort_by(|a, b| b.0.cmp(&a.0));
    for s in slow.iter().take(20) {
        println!("SLOW {:.3}s out={} {}", s.0, s.2, s.1);
    }
    for s in big.iter().take(10) {
        println!("BIG {} {}", s.0, s.1);
    }
    println!(
        "panics {panics} errors {errors} oks {oks} total {:.1}s",
        t0.elapsed().as_secs_f64()
    );
}

#[allow(dead_code)]
pub fn long_lines() {
    // operands that fill most of a 64 KiB line
    let n = 15000; // 15000 modes, about 30-60 KiB each operand pair
    let rep = |s: &str, k: usize| vec![s; k].join(",");
    let ones = format!("({})", rep("1", n));
    let ones0 = format!("({}):({})", rep("1", n / 2), rep("0", n / 2));
    let twos0 = format!("({}):({})", rep("2", n / 2), rep("0", n / 2));
    let nest = format!("({})", rep("(1,1)", n / 3));
    let mixed_ = format!(
        "({}):({})",
        rep("3", n / 4),
        (0..n / 4)
            .map(|i| ((i * 7919) % 1000).to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let pow = format!(
        "({}):({})",
        rep("2", 62),
        (0..62)
            .map(|i| (1u64 << i).to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let tiler = format!("[{}]", rep("1", n / 2));
    let ops: Vec<String> = vec![ones, ones0, twos0, nest, mixed_, pow.clone()];
    let names: Vec<&str> = FUNCTIONS.iter().map(|f| f.name).collect();
    let mut worst: Vec<(f64, String, usize)> = Vec::new();
    for name in &names {
        for (i, a) in ops.iter().enumerate() {
            let mut cands = vec![
                format!("{name}({a})"),
                format!("{name}({a},2)"),
                format!("{name}({a},{a})"),
                format!("{name}({a},{tiler})"),
                format!("{name}({pow},{a})"),
                format!("{name}(2,{a})"),
                format!("{name}({a},0,{})", n),
                format!("{name}({a},{})", rep("0", n / 2)),
            ];
            if i == 0 {
                cands.push(format!("{name}({a},{a},{a})"));
            }
            for e in cands {
                if e.len() > 65536 {
                    continue;
                }
                for r in [Reading::Static, Reading::Mixed] {
                    eprintln!("START {name}/op{i}/{r:?}: {}", &e[..100.min(e.len())]);
                    let t = Instant::now();
                    let out = panic::catch_unwind(|| eval_line_as(&e, r));
                    let dt = t.elapsed().as_secs_f64();
                    let len = out.as_ref().map(|o| o.len()).unwrap_or(0);
                    if out.is_err() {
                        println!("PANIC {name} {}", &e[..80.min(e.len())]);
                    }
                    let short = format!("{name}/op{i}/{r:?}: {}", &e[..100.min(e.len())]);
                    if dt > 0.05 {
                        println!("LONG {:.3}s out={} {}", dt, len, short);
                    }
                    worst.push((dt, short, len));
                }
            }
        }
    }
    worst.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    for w in worst.iter().take(30) {
        println!("LONG {:.3}s out={} {}", w.0, w.2, w.1);
    }
}

/// Library calls have no line limit: text far past the node ceiling.
#[allow(dead_code)]
pub fn huge_text() {
    for n in [500_000usize, 1_100_000, 3_000_000] {
        let ones = format!("({})", vec!["1"; n].join(","));
        let t = Instant::now();
        let tuple: Result<cute_types::dynamic::DTuple, _> = ones.parse();
        println!(
            "DTuple parse {n}: {:?} in {:?}",
            tuple
                .as_ref()
                .map(|t| t.node_count())
                .map_err(|e| e.to_string()),
            t.elapsed()
        );
        let t = Instant::now();
        let out = cute_calc::evaluate(&format!("size({ones})"));
        println!(
            "evaluate size {n}: {:?} in {:?}",
            out.map(|v| v.to_string()).map_err(|e| e.to_string()),
            t.elapsed()
        );
    }
}
