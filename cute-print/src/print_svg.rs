//! `print_svg`: a grid as an SVG picture.
//!
//! The picture has a title (the layout's notation), column indices above and row
//! indices to the left of the grid (with natural coordinates when a mode is
//! nested), one rectangle per cell filled by its colour key and labelled, heavier
//! lines where sub-modes begin, and a colour bar from the smallest to the largest
//! index. Every cell carries a tooltip `(row,col): label`.
use core::fmt::Write;

use super::error::PrintError;
use super::escape::{CharCount, XmlEscaped};
use super::grid::{CellLabel, Grid};
use super::palette::{ramp_colour, text_colour_on};
use super::scan::{boundary_level, coord_chars, decimal_chars, natural_coord, Scan};

const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";
const PAD: usize = 20;
const TITLE_SIZE: usize = 16;
const INK: &str = "#222222";
const MUTED: &str = "#6b6b6b";

/// Pixel geometry of one picture.
struct Geometry {
    cell_w: usize,
    cell_h: usize,
    grid_x: usize,
    grid_y: usize,
    grid_w: usize,
    grid_h: usize,
    width: usize,
    height: usize,
    label_size: usize,
}

impl Geometry {
    fn new<G: Grid + ?Sized>(grid: &G, scan: &Scan, title_chars: usize) -> Geometry {
        let label_size = if scan.two_lines { 11 } else { 14 };
        let char_w = if scan.two_lines { 7 } else { 9 };
        let col_coords = coord_chars(grid.col_shape().as_ref(), grid.cols());
        // Wide enough for the label and for the column's coordinate above it.
        let cell_w = even(
            (char_w * scan.label_chars + 16)
                .max(6 * col_coords + 10)
                .max(40),
        );
        let cell_h = if scan.two_lines { 44 } else { 40 };
        let row_shape = grid.row_shape();
        let row_digits = decimal_chars(grid.rows().saturating_sub(1) as i64);
        let row_coords = coord_chars(row_shape.as_ref(), grid.rows());
        let row_header = 14
            + 8 * row_digits
            + if row_coords > 0 {
                7 * row_coords + 10
            } else {
                0
            };
        let col_header = if col_coords > 0 { 34 } else { 22 };
        let grid_x = PAD + row_header;
        let grid_y = PAD + TITLE_SIZE + 14 + col_header;
        let grid_w = cell_w * grid.cols();
        let grid_h = cell_h * grid.rows();
        let legend = if scan.ramp.is_some() { 46 } else { 0 };
        let title_w = title_chars * 10;
        Geometry {
            cell_w,
            cell_h,
            grid_x,
            grid_y,
            grid_w,
            grid_h,
            width: (grid_x + grid_w).max(PAD + title_w) + PAD,
            height: grid_y + grid_h + legend + PAD,
            label_size,
        }
    }
}

fn even(x: usize) -> usize {
    x + x % 2
}

/// Writes `grid` as a standalone SVG document.
///
/// Errors: [`PrintError::TooLarge`] above [`super::MAX_PICTURE_CELLS`] cells, an
/// algebra error from a cell, or [`PrintError::Write`].
///
/// ```
/// use cute_print::{print_svg, LayoutGrid};
/// let l: cute_types::DLayout = "(4,(2,2)):(4,(1,2))".parse().unwrap();
/// let mut svg = String::new();
/// print_svg(&mut svg, &LayoutGrid::new(&l).unwrap()).unwrap();
/// assert_eq!(svg.matches("class=\"cell\"").count(), 16);
/// ```
pub fn print_svg<W: Write + ?Sized, G: Grid + ?Sized>(
    out: &mut W,
    grid: &G,
) -> Result<(), PrintError> {
    let scan = Scan::of(grid)?;
    let mut title_chars = CharCount::default();
    grid.write_title(&mut title_chars)?;
    let geo = Geometry::new(grid, &scan, title_chars.0);
    write_header(out, grid, &geo)?;
    write_axes(out, grid, &geo)?;
    write_cells(out, grid, &scan, &geo)?;
    write_boundaries(out, grid, &geo)?;
    if let Some((lo, hi)) = scan.ramp {
        write_legend(out, &geo, lo, hi)?;
    }
    out.write_str("</svg>\n")?;
    Ok(())
}

fn write_header<W: Write + ?Sized, G: Grid + ?Sized>(
    out: &mut W,
    grid: &G,
    geo: &Geometry,
) -> Result<(), PrintError> {
    let (w, h) = (geo.width, geo.height);
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\">"
    )?;
    out.write_str("<title>")?;
    grid.write_title(&mut XmlEscaped(out))?;
    out.write_str("</title>\n")?;
    writeln!(out, "<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>")?;
    write!(
        out,
        "<text class=\"title\" x=\"{PAD}\" y=\"{}\" font-size=\"{TITLE_SIZE}\" font-weight=\"bold\" fill=\"{INK}\">",
        PAD + TITLE_SIZE
    )?;
    grid.write_title(&mut XmlEscaped(out))?;
    out.write_str("</text>\n")?;
    Ok(())
}

/// Column indices above the grid and row indices to its left, each with its
/// natural coordinate (smaller, muted) when the mode is nested.
fn write_axes<W: Write + ?Sized, G: Grid + ?Sized>(
    out: &mut W,
    grid: &G,
    geo: &Geometry,
) -> Result<(), PrintError> {
    let col_shape = grid.col_shape();
    let row_shape = grid.row_shape();
    let has_col_coords = coord_chars(col_shape.as_ref(), grid.cols()) > 0;
    out.write_str("<g class=\"axes\" text-anchor=\"middle\">\n")?;
    for col in 0..grid.cols() {
        let x = geo.grid_x + col * geo.cell_w + geo.cell_w / 2;
        let index_y = geo.grid_y - if has_col_coords { 20 } else { 8 };
        writeln!(
            out,
            "<text x=\"{x}\" y=\"{index_y}\" font-size=\"12\" fill=\"{INK}\">{col}</text>"
        )?;
        if let Some(c) = natural_coord(col_shape.as_ref(), col) {
            writeln!(
                out,
                "<text x=\"{x}\" y=\"{}\" font-size=\"10\" fill=\"{MUTED}\">{c}</text>",
                geo.grid_y - 7
            )?;
        }
    }
    out.write_str("</g>\n<g class=\"axes\" text-anchor=\"end\">\n")?;
    let row_digits = decimal_chars(grid.rows().saturating_sub(1) as i64);
    for row in 0..grid.rows() {
        let y = geo.grid_y + row * geo.cell_h + geo.cell_h / 2 + 4;
        writeln!(
            out,
            "<text x=\"{}\" y=\"{y}\" font-size=\"12\" fill=\"{INK}\">{row}</text>",
            geo.grid_x - 8
        )?;
        if let Some(c) = natural_coord(row_shape.as_ref(), row) {
            let x = geo.grid_x - 18 - 8 * row_digits;
            writeln!(
                out,
                "<text x=\"{x}\" y=\"{y}\" font-size=\"10\" fill=\"{MUTED}\">{c}</text>"
            )?;
        }
    }
    out.write_str("</g>\n")?;
    Ok(())
}

fn write_cells<W: Write + ?Sized, G: Grid + ?Sized>(
    out: &mut W,
    grid: &G,
    scan: &Scan,
    geo: &Geometry,
) -> Result<(), PrintError> {
    writeln!(
        out,
        "<g class=\"cells\" text-anchor=\"middle\" font-size=\"{}\" stroke-linejoin=\"round\">",
        geo.label_size
    )?;
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let cell = grid.cell(row, col)?;
            let fill = scan.fill(cell.shade);
            let ink = text_colour_on(fill);
            let (x, y) = (geo.grid_x + col * geo.cell_w, geo.grid_y + row * geo.cell_h);
            let cx = x + geo.cell_w / 2;
            out.write_str("<g><title>")?;
            write!(out, "({row},{col}): ")?;
            write_label_text(out, cell.label)?;
            writeln!(out, "</title>")?;
            writeln!(
                out,
                "<rect class=\"cell\" x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
                geo.cell_w, geo.cell_h
            )?;
            match cell.label {
                CellLabel::Index(v) => writeln!(
                    out,
                    "<text class=\"label\" x=\"{cx}\" y=\"{}\" fill=\"{ink}\">{v}</text>",
                    y + geo.cell_h / 2 + geo.label_size * 7 / 20
                )?,
                CellLabel::ThreadValue { thread, value } => writeln!(
                    out,
                    "<text class=\"label\" x=\"{cx}\" y=\"{}\" fill=\"{ink}\"><tspan x=\"{cx}\">T{thread}</tspan><tspan x=\"{cx}\" dy=\"{}\">V{value}</tspan></text>",
                    y + geo.cell_h / 2 - 2,
                    geo.label_size + 2
                )?,
                CellLabel::Empty => {}
            }
            out.write_str("</g>\n")?;
        }
    }
    out.write_str("</g>\n")?;
    Ok(())
}

fn write_label_text<W: Write + ?Sized>(out: &mut W, label: CellLabel) -> Result<(), PrintError> {
    match label {
        CellLabel::Index(v) => write!(out, "{v}")?,
        CellLabel::ThreadValue { thread, value } => write!(out, "T{thread}V{value}")?,
        CellLabel::Empty => out.write_str("empty")?,
    }
    Ok(())
}

/// The frame around the grid and heavier lines where a sub-mode block begins.
fn write_boundaries<W: Write + ?Sized, G: Grid + ?Sized>(
    out: &mut W,
    grid: &G,
    geo: &Geometry,
) -> Result<(), PrintError> {
    let (x0, y0) = (geo.grid_x, geo.grid_y);
    let (x1, y1) = (x0 + geo.grid_w, y0 + geo.grid_h);
    writeln!(
        out,
        "<g class=\"boundaries\" stroke=\"{INK}\" stroke-linecap=\"square\">"
    )?;
    let row_shape = grid.row_shape();
    for row in 1..grid.rows() {
        let level = boundary_level(row_shape.as_ref(), row);
        if level > 0 {
            let y = y0 + row * geo.cell_h;
            writeln!(
                out,
                "<line x1=\"{x0}\" y1=\"{y}\" x2=\"{x1}\" y2=\"{y}\" stroke-width=\"{}\"/>",
                level + 1
            )?;
        }
    }
    let col_shape = grid.col_shape();
    for col in 1..grid.cols() {
        let level = boundary_level(col_shape.as_ref(), col);
        if level > 0 {
            let x = x0 + col * geo.cell_w;
            writeln!(
                out,
                "<line x1=\"{x}\" y1=\"{y0}\" x2=\"{x}\" y2=\"{y1}\" stroke-width=\"{}\"/>",
                level + 1
            )?;
        }
    }
    writeln!(
        out,
        "<rect x=\"{x0}\" y=\"{y0}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke-width=\"2\"/>",
        geo.grid_w, geo.grid_h
    )?;
    out.write_str("</g>\n")?;
    Ok(())
}

/// A colour bar from the smallest to the largest index, labelled at both ends.
fn write_legend<W: Write + ?Sized>(
    out: &mut W,
    geo: &Geometry,
    lo: i64,
    hi: i64,
) -> Result<(), PrintError> {
    const STOPS: usize = 8;
    let bar_w = geo.grid_w.clamp(80, 320);
    let (x, y) = (geo.grid_x, geo.grid_y + geo.grid_h + 14);
    out.write_str("<defs><linearGradient id=\"ramp\">")?;
    for k in 0..=STOPS {
        let t = k as f64 / STOPS as f64;
        write!(
            out,
            "<stop offset=\"{t:.3}\" stop-color=\"{}\"/>",
            ramp_colour(t)
        )?;
    }
    out.write_str("</linearGradient></defs>\n")?;
    writeln!(
        out,
        "<g class=\"legend\" font-size=\"11\" fill=\"{MUTED}\"><rect x=\"{x}\" y=\"{y}\" width=\"{bar_w}\" height=\"10\" rx=\"2\" fill=\"url(#ramp)\"/>"
    )?;
    writeln!(out, "<text x=\"{x}\" y=\"{}\">{lo}</text>", y + 24)?;
    writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{hi}</text>",
        x + bar_w,
        y + 24
    )?;
    writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">index</text>\n</g>",
        x + bar_w / 2,
        y + 24
    )?;
    Ok(())
}
