//! `print_latex`: a grid as a standalone LaTeX document drawn with TikZ, in the
//! manner of CuTe's `print_latex`: one filled, labelled node per cell, a grid,
//! row indices on the left and column indices on top. Rows run down and columns
//! right (TikZ axes `x={(0cm,-1cm)}`, `y={(1cm,0cm)}`), so node `(m,n)` is row `m`,
//! column `n`. The colours are those of the SVG picture.
use core::fmt::Write;

use super::error::PrintError;
use super::escape::LatexEscaped;
use super::grid::{CellLabel, Grid};
use super::palette::{text_colour_on, Rgb};
use super::scan::{boundary_level, Scan};

/// Writes `grid` as a standalone LaTeX/TikZ document (compile with `pdflatex`).
///
/// Errors: [`PrintError::TooLarge`] above [`super::MAX_PICTURE_CELLS`] cells, an
/// algebra error from a cell, or [`PrintError::Write`].
///
/// ```
/// use cute_print::{print_latex, LayoutGrid};
/// let l: cute_types::DLayout = "(2,3):(3,1)".parse().unwrap();
/// let mut tex = String::new();
/// print_latex(&mut tex, &LayoutGrid::new(&l).unwrap()).unwrap();
/// assert_eq!(tex.matches("\\node[fill=").count(), 6);
/// ```
pub fn print_latex<W: Write + ?Sized, G: Grid + ?Sized>(
    out: &mut W,
    grid: &G,
) -> Result<(), PrintError> {
    let scan = Scan::of(grid)?;
    let (rows, cols) = (grid.rows(), grid.cols());
    out.write_str("% Layout: ")?;
    grid.write_title(&mut &mut *out)?;
    out.write_str(
        "\n\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n",
    )?;
    let width = if scan.two_lines {
        1.2
    } else {
        (0.3 + 0.2 * scan.label_chars as f64).max(1.0)
    };
    writeln!(
        out,
        "\\begin{{tikzpicture}}[x={{(0cm,-1cm)}},y={{({width:.1}cm,0cm)}},every node/.style={{minimum width={width:.1}cm,minimum height=1cm,outer sep=0pt,font=\\ttfamily}}]\n"
    )?;
    // The title, centred above the column indices.
    write!(
        out,
        "\\node[font=\\large\\ttfamily\\bfseries] at (-2,{:.1}) {{",
        (cols as f64 - 1.0) / 2.0
    )?;
    grid.write_title(&mut LatexEscaped(out))?;
    out.write_str("};\n")?;
    for m in 0..rows {
        for n in 0..cols {
            let cell = grid.cell(m, n)?;
            let fill = scan.fill(cell.shade);
            write!(
                out,
                "\\node[fill={},text={}] at ({m},{n}) {{",
                tikz_rgb(fill),
                tikz_rgb(text_colour_on(fill))
            )?;
            match cell.label {
                CellLabel::Index(v) => write!(out, "{v}")?,
                CellLabel::ThreadValue { thread, value } => {
                    write!(out, "\\shortstack{{T{thread} \\\\ V{value}}}")?
                }
                CellLabel::Empty => {}
            }
            out.write_str("};\n")?;
        }
    }
    write_cell_edges(out, rows, cols)?;
    write_boundaries(out, grid)?;
    writeln!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,0) rectangle ({rows},{cols});\n"
    )?;
    for m in 0..rows {
        writeln!(out, "\\node at ({m},-1) {{\\large{{\\texttt{{{m}}}}}}};")?;
    }
    for n in 0..cols {
        writeln!(out, "\\node at (-1,{n}) {{\\large{{\\texttt{{{n}}}}}}};")?;
    }
    out.write_str("\\end{tikzpicture}\n\\end{document}\n")?;
    Ok(())
}

/// The thin edges between cells. Drawn line by line: TikZ's `grid` steps in
/// centimetres, not in cells, so it would misplace the lines of cells wider than 1cm.
fn write_cell_edges<W: Write + ?Sized>(
    out: &mut W,
    rows: usize,
    cols: usize,
) -> Result<(), PrintError> {
    out.write_str("\\begin{scope}[color=black!40,shift={(-0.5,-0.5)}]\n")?;
    for m in 1..rows {
        writeln!(out, "\\draw ({m},0) -- ({m},{cols});")?;
    }
    for n in 1..cols {
        writeln!(out, "\\draw (0,{n}) -- ({rows},{n});")?;
    }
    out.write_str("\\end{scope}\n")?;
    Ok(())
}

/// Heavier lines where a sub-mode block begins, as in the SVG picture.
fn write_boundaries<W: Write + ?Sized, G: Grid + ?Sized>(
    out: &mut W,
    grid: &G,
) -> Result<(), PrintError> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let row_shape = grid.row_shape();
    for m in 1..rows {
        let level = boundary_level(row_shape.as_ref(), m);
        if level > 0 {
            writeln!(
                out,
                "\\draw[line width={}pt,shift={{(-0.5,-0.5)}}] ({m},0) -- ({m},{cols});",
                level + 1
            )?;
        }
    }
    let col_shape = grid.col_shape();
    for n in 1..cols {
        let level = boundary_level(col_shape.as_ref(), n);
        if level > 0 {
            writeln!(
                out,
                "\\draw[line width={}pt,shift={{(-0.5,-0.5)}}] (0,{n}) -- ({rows},{n});",
                level + 1
            )?;
        }
    }
    Ok(())
}

/// TikZ's inline colour syntax for `c`.
fn tikz_rgb(c: Rgb) -> impl core::fmt::Display {
    struct T(Rgb);
    impl core::fmt::Display for T {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(
                f,
                "{{rgb,255:red,{};green,{};blue,{}}}",
                self.0.r, self.0.g, self.0.b
            )
        }
    }
    T(c)
}
