//! Writes the PTX of every shipped kernel configuration, one module per file:
//! `cute-gpu-ptx OUT_DIR` writes `OUT_DIR/<kernel>.ptx` and prints one line per
//! kernel (name, threads, shared bytes); `--list` only prints.
use cute_gpu::gemm::{reference::reference_kernel, shipped::shipped};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = match args.first().map(String::as_str) {
        Some("--list") => None,
        Some(dir) => Some(std::path::PathBuf::from(dir)),
        None => {
            eprintln!("usage: cute-gpu-ptx OUT_DIR | --list");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &out {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("cannot create {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    }
    let mut modules = Vec::new();
    // One module per kernel, with its line of the listing.
    let mut push = |k: &cute_gpu::gemm::GemmKernel, what: &str| {
        let line = format!(
            "{}\tthreads={}\tsmem={}\t{what}",
            k.name(),
            k.threads(),
            k.params().smem_bytes()
        );
        modules.push((
            k.name().to_string(),
            cute_gpu::module_ptx(vec![k.kernel().clone()]),
            line,
        ));
    };
    for s in shipped() {
        for &layout in s.layouts {
            push(&s.kernel(layout), s.what);
            if let Some(k) = s.split_kernel(layout) {
                push(&k, &format!("{} (the split kernel)", s.what));
            }
        }
    }
    let r = reference_kernel();
    let line = format!("{}\tthreads=256\tsmem=0\tfp64 reference", r.name);
    modules.push((r.name.clone(), cute_gpu::module_ptx(vec![r]), line));
    for (name, ptx, line) in modules {
        println!("{line}");
        if let Some(dir) = &out {
            let path = dir.join(format!("{name}.ptx"));
            if let Err(e) = std::fs::write(&path, ptx) {
                eprintln!("cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
