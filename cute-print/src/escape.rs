//! Writers that escape text for XML and for LaTeX on the way through.
use core::fmt::{self, Write};

/// Escapes `<`, `>`, `&`, `"` and `'` for XML text and attribute values.
pub(super) struct XmlEscaped<'a, W: Write + ?Sized>(pub &'a mut W);

impl<W: Write + ?Sized> Write for XmlEscaped<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match c {
                '<' => self.0.write_str("&lt;")?,
                '>' => self.0.write_str("&gt;")?,
                '&' => self.0.write_str("&amp;")?,
                '"' => self.0.write_str("&quot;")?,
                '\'' => self.0.write_str("&apos;")?,
                c => self.0.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// Escapes LaTeX's special characters so that text prints as written inside
/// `\texttt{}`.
pub(super) struct LatexEscaped<'a, W: Write + ?Sized>(pub &'a mut W);

impl<W: Write + ?Sized> Write for LatexEscaped<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match c {
                '_' | '%' | '&' | '#' | '$' | '{' | '}' => {
                    self.0.write_char('\\')?;
                    self.0.write_char(c)?;
                }
                '\\' => self.0.write_str("\\textbackslash{}")?,
                '^' => self.0.write_str("\\textasciicircum{}")?,
                '~' => self.0.write_str("\\textasciitilde{}")?,
                '<' => self.0.write_str("\\textless{}")?,
                '>' => self.0.write_str("\\textgreater{}")?,
                c => self.0.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// Counts the characters written through it (to size boxes around text).
#[derive(Default)]
pub(super) struct CharCount(pub usize);

impl Write for CharCount {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}
