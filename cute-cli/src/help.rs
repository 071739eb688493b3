//! The text after `cute --help`: the expression grammar, then the calculator's
//! functions, one line each, from `cute_calc::FUNCTIONS` (the table the
//! calculator dispatches on), so the list cannot drift from what `cute eval`
//! accepts.
use std::fmt::Write;

const GRAMMAR: &str = "\
Expressions (quote them for the shell):
  layouts     (4,(2,2)):(4,(1,2))    8:2    (4,8)  (a bare shape is column-major)
  tilers      [2:1,4:1]  (by-mode, as CuTe's Tile<...>)
  swizzles    Sw<3,4,3>    Sw<3,4,3>o0o(8,64):(64,1)  (as cute eval prints them)";

const LEGEND: &str = "\
Functions (L, A, B, M layouts; T a layout, an integer or a tiler; S, D, P, O
IntTuples: shape, stride, profile, mode order; c a coordinate; i, j, b, e, n
integers):";

const EXAMPLES: &str = "\
Examples:
  cute eval 'composition((4,8):(1,4), [2:1])'
  echo 'size((4,8))' | cute eval -
  cute print '(4,(2,2)):(4,(1,2))'
  cute print 'composition(swizzle(3,0,3), (8,8):(8,1))'
  cute svg 'raked_product((2,2),(2,3))' -o raked.svg
  cute latex '(4,8):(8,1)' -o layout.tex && pdflatex layout.tex";

/// The call column is this wide (the longest call, `max_common_vector(A, B)`,
/// and two spaces).
const CALL_WIDTH: usize = 26;

/// The help line of one function: `  name(args)   help`.
pub fn function_line(f: &cute_calc::Function) -> String {
    let call = format!("{}({})", f.name, f.args);
    format!("  {call:<CALL_WIDTH$} {}", f.help)
}

/// The whole text after `cute --help`.
pub fn after_help() -> String {
    let mut text = format!("{GRAMMAR}\n\n{LEGEND}\n");
    for f in cute_calc::FUNCTIONS {
        // Writing into a String cannot fail.
        let _ = writeln!(text, "{}", function_line(f));
    }
    text.push('\n');
    text.push_str(EXAMPLES);
    text
}
