//! `cute eval --mixed` on the command line (the library side of the mixed reading is
//! replayed against the conformance vectors in `tests/conformance_mixed.rs`).

/// `cute eval --mixed EXPR` and `cute eval --mixed -` print what the library does.
#[test]
fn cli_mixed_one_expression_and_stdin() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let one = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["eval", "--mixed", "make_layout_like((8,_3):(32,24))"])
        .output()
        .expect("run cute");
    assert!(one.status.success());
    assert_eq!(String::from_utf8_lossy(&one.stdout), "(8,_3):(_1,8)\n");

    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["eval", "--mixed", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run cute");
    let input = "size((_4,8))\nsize((_4,_8))\n(4,_8)\ncomposition((3,5):(1,4), 10:2)\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..3], ["32", "_32", "(4,_8):(_1,4)"]);
    assert!(lines[3].starts_with("error: "), "{}", lines[3]);
    assert_eq!(lines.len(), 4);
}
