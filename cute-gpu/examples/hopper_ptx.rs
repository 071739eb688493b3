//! Writes the PTX (`.target sm_90a`) of every shipped Hopper GEMM kernel, and
//! of the padding copy that runs before it for unaligned operand rows:
//! `cargo run -p cute-gpu --example hopper_ptx -- OUT_DIR` writes one module per
//! kernel, `OUT_DIR/<kernel>.ptx`, and prints name, threads and shared bytes.
use cute_gpu::hopper::shipped::{all_io, shipped};
use cute_gpu::ptx::Module;
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(dir) = std::env::args().nth(1).map(std::path::PathBuf::from) else {
        eprintln!("usage: hopper_ptx OUT_DIR");
        return ExitCode::from(2);
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    for s in shipped() {
        for io in all_io() {
            let k = match s.kernel(io) {
                Ok(k) => k,
                Err(e) => {
                    eprintln!("{}: generation failed: {e:?}", s.name);
                    return ExitCode::FAILURE;
                }
            };
            let name = k.kernel.name.clone();
            println!(
                "{name}\tthreads={}\tsmem={}\t{}",
                k.threads(),
                k.smem_bytes(),
                s.what
            );
            let ptx = Module::new("sm_90a", vec![k.kernel]).to_string();
            let path = dir.join(format!("{name}.ptx"));
            if let Err(e) = std::fs::write(&path, ptx) {
                eprintln!("cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    // the padding copy that runs ahead of the GEMM for unaligned rows (tile API)
    let pad = match cute_gpu::hopper::pad::pad_program() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("padding copy: generation failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{}\tthreads={}\tsmem={}\tpadding copy of unaligned operand rows",
        pad.name(),
        pad.threads(),
        pad.smem_bytes()
    );
    let path = dir.join(format!("{}.ptx", pad.name()));
    if let Err(e) = std::fs::write(&path, pad.ptx()) {
        eprintln!("cannot write {}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
