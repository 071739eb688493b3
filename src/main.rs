//! `cute`: CuTe's layout algebra as a calculator and a layout visualiser.
//!
//! ```text
//! cute eval 'coalesce((4,(2,2)):(1,(4,8)))'     # 16:1
//! cute print '(4,(2,2)):(4,(1,2))'              # CuTe's print_layout table
//! cute svg 'blocked_product((2,2),(2,3))' -o blocked.svg
//! ```
mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

const AFTER_HELP: &str = "\
Expressions (quote them for the shell):
  layouts     (4,(2,2)):(4,(1,2))    8:2    (4,8)  (a bare shape is column-major)
  functions   size cosize rank depth shape stride flatten coalesce filter
              composition complement right_inverse left_inverse
              logical_divide zipped_divide tiled_divide flat_divide
              logical_product zipped_product tiled_product flat_product
              blocked_product raked_product tile_to_shape upcast downcast
              get select take group append prepend idx2crd crd2idx eval
              swizzle max_common_vector max_common_layout make_layout_like
  tilers      [2:1,4:1]  (by-mode, as CuTe's Tile<...>)

Examples:
  cute eval 'composition((4,8):(1,4), [2:1])'
  echo 'size((4,8))' | cute eval -
  cute print '(4,(2,2)):(4,(1,2))'
  cute print 'composition(swizzle(3,0,3), (8,8):(8,1))'
  cute svg 'raked_product((2,2),(2,3))' -o raked.svg
  cute latex '(4,8):(8,1)' -o layout.tex && pdflatex layout.tex";

/// CuTe's layout algebra (NVIDIA CUTLASS) as a calculator and a layout visualiser.
///
/// Every integer is read as a static CuTe integer (`Int<N>`), so results are those
/// of CuTe C++ with static layouts.
#[derive(Parser)]
#[command(name = "cute", version, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate an expression and print the result in CuTe notation.
    ///
    /// With `-`, read one expression per line from standard input and write one
    /// result line per input line; failing lines print `error: <message>` and the
    /// run goes on (exit status 0 unless reading or writing fails). With a single
    /// EXPR, an error goes to standard error with a caret under the offending
    /// character, and the exit status is 1.
    #[command(
        after_help = "Examples:\n  cute eval 'coalesce((4,(2,2)):(1,(4,8)))'     # 16:1\n  \
                            cute eval 'logical_divide((4,8):(1,4), [2,4])'\n  \
                            printf 'size(8:2)\\nrank((2,3))\\n' | cute eval -"
    )]
    Eval {
        /// The expression, or `-` to read expressions from standard input.
        #[arg(value_name = "EXPR", allow_hyphen_values = true)]
        expr: String,
    },
    /// Print a rank-1 or rank-2 layout as CuTe's print_layout table.
    ///
    /// EXPR must evaluate to a layout or a swizzled layout. The first line is the
    /// layout as `cute eval` writes it; then a table whose row m, column n holds
    /// L(m, n) (m and n are 1-D indices into modes 0 and 1). A rank-1 layout is
    /// shown as one row. Other ranks, and values that are not layouts, are errors.
    #[command(after_help = "Examples:\n  cute print '(4,(2,2)):(4,(1,2))'\n  \
                            cute print 'blocked_product((2,2),(2,3))'\n  \
                            cute print 'composition(swizzle(2,0,2), (4,4):(4,1))'")]
    Print {
        /// An expression that evaluates to a layout.
        #[arg(value_name = "EXPR", allow_hyphen_values = true)]
        expr: String,
    },
    /// Draw a rank-1 or rank-2 layout as an SVG picture.
    ///
    /// Each cell shows L(m, n), coloured along a perceptual ramp from the smallest
    /// to the largest index; rows and columns carry their indices and, for nested
    /// modes, their natural coordinates; heavier lines mark where sub-modes begin.
    /// At most 65536 cells are drawn.
    #[command(
        after_help = "Examples:\n  cute svg '(4,(2,2)):(4,(1,2))' -o layout.svg\n  \
                            cute svg 'composition(swizzle(3,0,3), (8,8):(8,1))' > swizzle.svg"
    )]
    Svg {
        /// An expression that evaluates to a layout.
        #[arg(value_name = "EXPR")]
        expr: String,
        /// Write to FILE instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<std::path::PathBuf>,
    },
    /// Draw a rank-1 or rank-2 layout as a standalone LaTeX/TikZ document.
    ///
    /// The document is drawn like CuTe's print_latex (one node per element, rows
    /// down, columns right), with the colours of `cute svg`. Compile it with
    /// pdflatex (the standalone class comes with TeX Live's latex-extra collection).
    /// At most 65536 cells are drawn.
    #[command(
        after_help = "Examples:\n  cute latex '(4,8):(8,1)' -o layout.tex && pdflatex layout.tex"
    )]
    Latex {
        /// An expression that evaluates to a layout.
        #[arg(value_name = "EXPR")]
        expr: String,
        /// Write to FILE instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let outcome = match Cli::parse().command {
        Command::Eval { expr } if expr == "-" => cli::eval_stdin(),
        Command::Eval { expr } => cli::eval_one(&expr),
        Command::Print { expr } => cli::print_table(&expr),
        Command::Svg { expr, output } => cli::picture(&expr, cli::Picture::Svg, output.as_deref()),
        Command::Latex { expr, output } => {
            cli::picture(&expr, cli::Picture::Latex, output.as_deref())
        }
    };
    outcome.exit_code()
}
