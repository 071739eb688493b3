//! With the `cuda` feature, compiles `cuda-stub/libcuda_stub.c` into a link-only
//! `libcuda.so` (SONAME `libcuda.so.1`) and puts it on the link path, so that the
//! crate and its binaries link on machines without CUDA. At run time the real
//! driver is loaded under the same SONAME.
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=cuda-stub/libcuda_stub.c");
    if std::env::var_os("CARGO_FEATURE_CUDA").is_none() {
        return;
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let lib = out.join("libcuda.so");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let status = Command::new(&cc)
        .args(["-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-o"])
        .arg(&lib)
        .arg("cuda-stub/libcuda_stub.c")
        .status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => panic!("`{cc}` failed to build the libcuda link stub ({s})"),
        Err(e) => panic!("cannot run the C compiler `{cc}` to build the libcuda link stub: {e}"),
    }
    println!("cargo:rustc-link-search=native={}", out.display());
}
