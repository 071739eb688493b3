//! The command line shared by the user-kernel examples (`transpose`, …):
//! `[--simulate | --ptx] [--dtype D] [--sizes 4096,8192|MxN,...] [--iters 50] [--warmup 10]`.
use std::process::ExitCode;

/// The parsed options.
pub struct Cli {
    pub simulate: bool,
    pub ptx: bool,
    pub dtype: String,
    pub sizes: Vec<(usize, usize)>,
    pub iters: usize,
    pub warmup: usize,
}

fn parse_sizes(s: &str) -> Result<Vec<(usize, usize)>, String> {
    let size = |t: &str| -> Option<(usize, usize)> {
        let v: Vec<usize> = t
            .split('x')
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        match v[..] {
            [n] => Some((n, n)),
            [m, n] => Some((m, n)),
            _ => None,
        }
    };
    s.split(',')
        .map(|t| size(t).ok_or(format!("bad size `{t}`")))
        .collect()
}

/// The options, or the exit code (`--help`: 0 after printing `help`; a bad
/// argument: 2 after printing the error and `help`).
pub fn parse(help: &str) -> Result<Cli, ExitCode> {
    let mut cli = Cli {
        simulate: false,
        ptx: false,
        dtype: "f32".into(),
        sizes: vec![(4096, 4096)],
        iters: 50,
        warmup: 10,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        let num = |v: String| v.parse::<usize>().map_err(|_| format!("bad {a}"));
        let parsed = match a.as_str() {
            "-h" | "--help" => {
                println!("{help}");
                return Err(ExitCode::SUCCESS);
            }
            "--simulate" => {
                cli.simulate = true;
                Ok(())
            }
            "--ptx" => {
                cli.ptx = true;
                Ok(())
            }
            "--dtype" => value().map(|v| cli.dtype = v),
            "--sizes" => value().and_then(|v| parse_sizes(&v)).map(|s| cli.sizes = s),
            "--iters" => value().and_then(num).map(|v| cli.iters = v),
            "--warmup" => value().and_then(num).map(|v| cli.warmup = v),
            other => Err(format!("unknown argument `{other}`")),
        };
        if let Err(e) = parsed.and_then(|_| match cli.iters {
            0 => Err("--iters must be positive".to_string()),
            _ => Ok(()),
        }) {
            eprintln!("error: {e}\n{help}");
            return Err(ExitCode::from(2));
        }
    }
    Ok(cli)
}

/// The median of `ms` (sorted in place); 0 when empty.
pub fn median(ms: &mut [f32]) -> f64 {
    ms.sort_by(f32::total_cmp);
    ms.get(ms.len() / 2).copied().unwrap_or(0.0) as f64
}

/// Parses the command line, runs `body` and turns its result into the exit
/// status: 0 when every check passed, 1 on a failed check or an error (printed).
pub fn main(help: &str, body: impl FnOnce(&Cli) -> Result<bool, String>) -> ExitCode {
    let cli = match parse(help) {
        Ok(c) => c,
        Err(code) => return code,
    };
    match body(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `PASS` or `FAIL`.
pub fn verdict(pass: bool) -> &'static str {
    if pass {
        "PASS"
    } else {
        "FAIL"
    }
}

/// Prints one result line: the median of `ms` and the bandwidth for `bytes`
/// moved per launch (`RESULT <what> <dtype> MxN check=… median_ms=… GB/s=…`).
pub fn report(
    what: &str,
    dtype: &str,
    (m, n): (usize, usize),
    pass: bool,
    ms: &mut [f32],
    bytes: f64,
) {
    let med = median(ms);
    let gbs = bytes / (med * 1e6);
    let check = verdict(pass);
    println!("RESULT {what} {dtype} {m}x{n} check={check} median_ms={med:.4} GB/s={gbs:.0}");
}
