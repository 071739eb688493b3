//! Integer literals as the user wrote them: `4`, `4_096`, `0x10`, `8i64`, `_4`.
use proc_macro2::Literal;

use crate::diag::Diag;

const INT_SUFFIXES: [&str; 12] = [
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];

/// The value of an integer literal token. Values beyond `i128` are reported here;
/// values beyond `i64` are left to the layout grammar, which reports them as overflow.
pub fn int_value(lit: &Literal) -> Result<i128, Diag> {
    let text = lit.to_string();
    let not_int = || {
        Diag::at(
            lit.span(),
            format!("expected an integer, found `{text}`: layout text is made of integers, `(`, `)`, `,` and `:`"),
        )
    };
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let body = INT_SUFFIXES
        .iter()
        .find_map(|s| body.strip_suffix(s))
        .unwrap_or(body);
    let (radix, digits) = if let Some(d) = body.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = body.strip_prefix("0o") {
        (8, d)
    } else if let Some(d) = body.strip_prefix("0b") {
        (2, d)
    } else {
        (10, body)
    };
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(not_int());
    }
    let v = i128::from_str_radix(&digits, radix).map_err(|_| {
        Diag::at(
            lit.span(),
            format!("integer literal `{text}` does not fit in 64 bits"),
        )
    })?;
    Ok(if negative { -v } else { v })
}

/// The value of a CuTe-style static identifier `_4`, if `name` is one.
pub fn static_ident_value(name: &str) -> Option<i128> {
    let digits = name.strip_prefix('_')?;
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}
