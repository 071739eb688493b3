//! Impossible kernel configurations are compile errors that name the rule.
#[test]
fn impossible_configurations_do_not_compile() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
