//! "Did you mean": the known name nearest to a misspelled one.

/// The name of `known` nearest to `name` by edit distance (insertions,
/// deletions, substitutions and swaps of adjacent letters, ignoring ASCII
/// case), if it is near enough to be a likely typo: at most `1 + len/4` edits
/// for a name of `len` bytes, and fewer edits than the name has letters. Ties go to the
/// first in `known`.
///
/// ```text
/// suggest("sise", names)        == Some("size")
/// suggest("compostion", names)  == Some("composition")
/// suggest("xyz", names)         == None
/// ```
pub(crate) fn suggest(name: &str, known: &[&'static str]) -> Option<&'static str> {
    let limit = 1 + name.len() / 4;
    // A name far longer than every known one is no typo of them (and the
    // distance costs its length times theirs).
    if name.len() > 2 * known.iter().map(|k| k.len()).max().unwrap_or(0) {
        return None;
    }
    let mut best: Option<(usize, &'static str)> = None;
    for &k in known {
        let d = distance(name.as_bytes(), k.as_bytes());
        if d <= limit && d < name.len() && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| k)
}

/// Optimal string alignment distance between `a` and `b`, ASCII case ignored.
fn distance(a: &[u8], b: &[u8]) -> usize {
    let eq = |i: usize, j: usize| a[i].eq_ignore_ascii_case(&b[j]);
    // Rows i-2, i-1 and i of the table, each `b.len() + 1` long.
    let width = b.len() + 1;
    let mut rows = super::alloc::vec![0usize; 3 * width];
    for (j, cell) in rows[..width].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        let (cur, prev, prev2) = (i % 3, (i + 2) % 3, (i + 1) % 3);
        rows[cur * width] = i;
        for j in 1..=b.len() {
            let cost = usize::from(!eq(i - 1, j - 1));
            let mut d = (rows[prev * width + j] + 1)
                .min(rows[cur * width + j - 1] + 1)
                .min(rows[prev * width + j - 1] + cost);
            if i > 1 && j > 1 && eq(i - 1, j - 2) && eq(i - 2, j - 1) {
                d = d.min(rows[prev2 * width + j - 2] + 1);
            }
            rows[cur * width + j] = d;
        }
    }
    rows[(a.len() % 3) * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::{distance, suggest};

    const NAMES: [&str; 4] = ["size", "cosize", "composition", "logical_divide"];

    #[test]
    fn distances() {
        assert_eq!(distance(b"size", b"size"), 0);
        assert_eq!(distance(b"sise", b"size"), 1);
        assert_eq!(distance(b"szie", b"size"), 1);
        assert_eq!(distance(b"SIZE", b"size"), 0);
        assert_eq!(distance(b"", b"size"), 4);
        assert_eq!(distance(b"kitten", b"sitting"), 3);
    }

    #[test]
    fn suggestions() {
        assert_eq!(suggest("sise", &NAMES), Some("size"));
        assert_eq!(suggest("Size", &NAMES), Some("size"));
        assert_eq!(suggest("cosise", &NAMES), Some("cosize"));
        assert_eq!(suggest("compostion", &NAMES), Some("composition"));
        assert_eq!(suggest("logical_dvide", &NAMES), Some("logical_divide"));
        assert_eq!(suggest("frobnicate", &NAMES), None);
        assert_eq!(suggest("x", &NAMES), None);
        assert_eq!(suggest(&"a".repeat(10_000), &NAMES), None);
    }
}
