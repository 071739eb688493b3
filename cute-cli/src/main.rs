//! `cute`: CuTe's layout algebra as a calculator and a layout visualiser.
//!
//! ```text
//! cute eval 'coalesce((4,(2,2)):(1,(4,8)))'     # 16:1
//! cute print '(4,(2,2)):(4,(1,2))'              # CuTe's print_layout table
//! cute svg 'blocked_product((2,2),(2,3))' -o blocked.svg
//! ```
#![forbid(unsafe_code)]
mod cli;
mod help;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use cute_calc::Reading;
use cute_print::tv::{render_tv_picture, PictureFormat, TvPictureSpec};

/// CuTe's layout algebra (NVIDIA CUTLASS) as a calculator and a layout visualiser.
///
/// Every integer is read as a static CuTe integer (`Int<N>`), so results are those
/// of CuTe C++ with static layouts.
#[derive(Parser)]
#[command(name = "cute", version, after_help = help::after_help())]
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
                            printf 'size(8:2)\\nrank((2,3))\\n' | cute eval -\n\n\
                            With -, lines are evaluated on one thread per core; CUTE_THREADS=N \
                            (1 to 1024) sets the number of threads. A line longer than 64 KiB is \
                            answered with an error line."
    )]
    Eval {
        /// The expression, or `-` to read expressions from standard input.
        #[arg(value_name = "EXPR", allow_hyphen_values = true)]
        expr: String,
        /// Read `_N` as a static integer (C++ `Int<N>`) and a bare `N` as a
        /// run-time `int`, and print results as CuTe C++ does with that mix,
        /// static leaves marked `_`: `size((_4,8))` is `32`, `size((_4,_8))` is `_32`.
        #[arg(long)]
        mixed: bool,
    },
    /// Print a rank-1 or rank-2 layout as CuTe's print_layout table.
    ///
    /// EXPR must evaluate to a layout or a swizzled layout. The first line is the
    /// layout as `cute eval` writes it; then a table whose row m, column n holds
    /// L(m, n) (m and n are 1-D indices into modes 0 and 1). A rank-1 layout is
    /// shown as one row. Other ranks, and values that are not layouts, are errors.
    /// At most 65536 cells are printed.
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
        /// Draw EXPR as a thread–value layout `(thread, value) -> m + M·n` over
        /// an M×N tile: every element coloured by its thread, labelled T<t>V<v>.
        #[arg(long, value_name = "M,N", conflicts_with = "mma")]
        tv: Option<String>,
        /// Draw the tiled MMA of ATOM (sm80_16x8x16, sm90_64xNx16, fma) over the
        /// atom layout EXPR, e.g. `--mma sm80_16x8x16 '(2,2,1)'`: A, B and C as
        /// CuTe's print_latex draws them.
        #[arg(long, value_name = "ATOM")]
        mma: Option<String>,
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
        /// Draw EXPR as a thread–value layout `(thread, value) -> m + M·n` over
        /// an M×N tile: every element coloured by its thread, labelled T<t>V<v>.
        #[arg(long, value_name = "M,N", conflicts_with = "mma")]
        tv: Option<String>,
        /// Draw the tiled MMA of ATOM (sm80_16x8x16, sm90_64xNx16, fma) over the
        /// atom layout EXPR, e.g. `--mma sm80_16x8x16 '(2,2,1)'`: A, B and C as
        /// CuTe's print_latex draws them.
        #[arg(long, value_name = "ATOM")]
        mma: Option<String>,
    },
}

fn main() -> ExitCode {
    // The calculator's stream mode skips clap: building its parser takes
    // about 0.1 ms, a noticeable part of a short run.
    if is_eval_stdin(std::env::args_os().skip(1)) {
        return cli::eval_stdin(Reading::Static).exit_code();
    }
    let outcome = match Cli::parse().command {
        Command::Eval { expr, mixed } => {
            let reading = if mixed {
                Reading::Mixed
            } else {
                Reading::Static
            };
            if expr == "-" {
                cli::eval_stdin(reading)
            } else {
                cli::eval_one(&expr, reading)
            }
        }
        Command::Print { expr } => cli::print_table(&expr),
        Command::Svg {
            expr,
            output,
            tv,
            mma,
        } => match tv_spec(&expr, &tv, &mma) {
            Some(spec) => tv_picture(&spec, PictureFormat::Svg, output.as_deref()),
            None => cli::picture(&expr, cli::Picture::Svg, output.as_deref()),
        },
        Command::Latex {
            expr,
            output,
            tv,
            mma,
        } => match tv_spec(&expr, &tv, &mma) {
            Some(spec) => tv_picture(&spec, PictureFormat::Latex, output.as_deref()),
            None => cli::picture(&expr, cli::Picture::Latex, output.as_deref()),
        },
    };
    outcome.exit_code()
}

/// Whether the arguments are exactly `eval -`.
fn is_eval_stdin(mut args: impl Iterator<Item = std::ffi::OsString>) -> bool {
    args.next().is_some_and(|a| a == "eval")
        && args.next().is_some_and(|a| a == "-")
        && args.next().is_none()
}

/// `--tv M,N` or `--mma ATOM`: EXPR is a TV layout or an atom layout.
fn tv_spec<'a>(
    expr: &'a str,
    tv: &'a Option<String>,
    mma: &'a Option<String>,
) -> Option<TvPictureSpec<'a>> {
    match (tv, mma) {
        (Some(tile), _) => Some(TvPictureSpec::Tv { layout: expr, tile }),
        (None, Some(atom)) => Some(TvPictureSpec::Mma {
            atom,
            atom_layout: expr,
        }),
        (None, None) => None,
    }
}

/// Renders a TV picture (`cute_print::tv::render_tv_picture`) to FILE or standard output.
fn tv_picture(
    spec: &TvPictureSpec<'_>,
    format: PictureFormat,
    file: Option<&std::path::Path>,
) -> cli::Outcome {
    use std::io::Write as _;
    let written = match render_tv_picture(spec, format) {
        Ok(text) => match file {
            Some(path) => {
                std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
            }
            None => std::io::stdout()
                .write_all(text.as_bytes())
                .map_err(|e| e.to_string()),
        },
        Err(e) => Err(e.to_string()),
    };
    match written {
        Ok(()) => cli::Outcome::Done,
        Err(message) => {
            eprintln!("error: {}", cute_types::text::LineSafe(&message));
            cli::Outcome::Failed
        }
    }
}
