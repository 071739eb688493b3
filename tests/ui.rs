//! The compile-fail suite (`ui-tests/fail`, one rule per case, each with its
//! checked `.stderr`) and the passing macro forms (`ui-tests/pass`).
//!
//! Both sets run in one `TestCases`: trybuild then builds every case with
//! `cargo build` instead of `cargo check`, so errors that only appear when
//! constants are evaluated after monomorphization are reported too.
//! Regenerate the expected output with `TRYBUILD=overwrite cargo test --test ui`
//! and read every changed `.stderr` before keeping it.
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("ui-tests/pass/*.rs");
    t.compile_fail("ui-tests/fail/*.rs");
}
