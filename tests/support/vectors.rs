//! Reading `tests/vectors/*.tsv`: one `EXPR<TAB>EXPECTED` per line (blank lines
//! skipped). Shared by the conformance tests of `cute-rs` and `cute-cli`.
use std::path::Path;

/// `(line number, expression, expected)` for every line of the file at `path`.
pub fn read_vectors(path: &Path) -> Vec<(usize, String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read the conformance vectors at {}: {e}",
            path.display()
        )
    });
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let (expr, expected) = line
                .split_once('\t')
                .unwrap_or_else(|| panic!("{}:{}: no TAB in {line:?}", path.display(), i + 1));
            (i + 1, expr.to_string(), expected.to_string())
        })
        .collect()
}
