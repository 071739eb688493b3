//! [`LineSafe`]: text shown inside one output line, with every character that a
//! line splitter could take for a line break, or a terminal for a command,
//! escaped as `\u{…}`.
use core::fmt::{self, Write};

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "alloc")]
use alloc::string::String;

/// Whether `c` is escaped by [`LineSafe`]: the C0 and C1 control characters
/// and DEL (`\n`, `\r`, `\x0b`, `\x0c`, `\x1c`–`\x1e`, U+0085 and the rest of
/// Unicode's `Cc`), and the Unicode line and paragraph separators U+2028 and
/// U+2029. These are all the characters at which Python's `str.splitlines`,
/// JavaScript's line terminators or Unicode's mandatory line breaks cut text.
pub const fn is_line_unsafe(c: char) -> bool {
    matches!(c, '\0'..='\x1f' | '\x7f'..='\u{9f}' | '\u{2028}' | '\u{2029}')
}

/// `text` displayed so that it stays on one line: each character for which
/// [`is_line_unsafe`] holds is written as `\u{hex}` (`\x0b` as `\u{b}`, U+2028
/// as `\u{2028}`), everything else as it is.
///
/// ```
/// use cute_types::text::LineSafe;
/// assert_eq!(LineSafe("a\u{b}b\u{2028}c").to_string(), "a\\u{b}b\\u{2028}c");
/// assert_eq!(LineSafe("size(4)").to_string(), "size(4)");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LineSafe<'a>(pub &'a str);

impl LineSafe<'_> {
    /// How many characters the display has (for placing a caret under it).
    pub fn width(&self) -> usize {
        self.0.chars().map(escaped_width).sum()
    }
}

/// Characters `c` takes once escaped.
fn escaped_width(c: char) -> usize {
    if is_line_unsafe(c) {
        c.escape_unicode().count()
    } else {
        1
    }
}

impl fmt::Display for LineSafe<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        // Safe runs are written whole; most text has no character to escape.
        while let Some((at, c)) = rest.char_indices().find(|(_, c)| is_line_unsafe(*c)) {
            f.write_str(&rest[..at])?;
            for e in c.escape_unicode() {
                f.write_char(e)?;
            }
            rest = &rest[at + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// Escapes, in place, the characters of `text[start..]` that [`is_line_unsafe`]
/// names. A scan of the bytes decides first, so text without such characters
/// (nearly all) is left untouched and nothing is allocated.
#[cfg(feature = "alloc")]
pub fn escape_line_tail(text: &mut String, start: usize) {
    let Some(tail) = text.get(start..) else {
        return;
    };
    if !has_line_unsafe_bytes(tail.as_bytes()) {
        return;
    }
    let mut escaped = String::with_capacity(tail.len() + 16);
    // Writing into a String cannot fail.
    let _ = write!(escaped, "{}", LineSafe(tail));
    text.truncate(start);
    text.push_str(&escaped);
}

/// Whether some byte may belong to a character that [`is_line_unsafe`] names:
/// an ASCII control, or DEL and above (any non-ASCII character). Errs on the
/// safe side ([`LineSafe`] then decides), in one branch-free pass that the
/// compiler vectorises: this runs on every error line of `cute eval -`.
#[cfg(feature = "alloc")]
fn has_line_unsafe_bytes(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .fold(false, |found, &b| found | !(0x20..0x7f).contains(&b))
}
