//! The layout text grammar (`cute_types::text`, `DLayout: FromStr`): any input
//! gives a layout or a `ParseError` (whose caret rendering must not panic), and
//! printing a parsed layout or tuple parses back to the same value, static marks
//! included. Generated layouts are printed and parsed back too, so the printer
//! is fuzzed on values the parser alone rarely builds (extremes, empty tuples).
#![no_main]

use arbitrary::Unstructured;
use cute_types::{parse_coord, parse_layout, parse_tuple, DLayout, DTuple};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (selector, rest) = match data.split_first() {
        Some((s, r)) => (*s, r),
        None => return,
    };
    if selector & 1 == 0 {
        text(&String::from_utf8_lossy(rest));
    } else {
        let _ = generated(&mut Unstructured::new(rest));
    }
});

/// Parses `src` every way; round-trips what parses.
fn text(src: &str) {
    match src.parse::<DLayout>() {
        Ok(l) => round_trip_layout(&l),
        Err(e) => {
            assert!(
                e.pos <= src.len(),
                "error position {} beyond {src:?}",
                e.pos
            );
            let _ = e.caret(src).to_string();
            let _ = e.to_string();
        }
    }
    match parse_tuple(src) {
        Ok(t) => round_trip_tuple(&t, false),
        Err(e) => {
            let _ = e.caret(src).to_string();
        }
    }
    match parse_coord(src) {
        Ok(t) => round_trip_tuple(&t, true),
        Err(e) => {
            let _ = e.caret(src).to_string();
        }
    }
    // `FromStr for DTuple` is `parse_coord`.
    let _ = src.parse::<DTuple>();
}

fn round_trip_layout(l: &DLayout) {
    let printed = l.to_string();
    let back = parse_layout(&printed).unwrap_or_else(|e| {
        panic!("{printed:?} (printed from a parsed layout) does not parse: {e}")
    });
    assert!(
        back.shape().eq_exact(&l.shape()) && back.stride().eq_exact(&l.stride()),
        "{printed:?} parses back as {back}"
    );
}

fn round_trip_tuple(t: &DTuple, coord: bool) {
    let printed = t.to_string();
    let back = if coord {
        parse_coord(&printed)
    } else {
        parse_tuple(&printed)
    }
    .unwrap_or_else(|e| panic!("{printed:?} (printed from a parsed tuple) does not parse: {e}"));
    assert!(back.eq_exact(t), "{printed:?} parses back as {back}");
}

/// Prints a generated layout and parses it back (the printer's side).
fn generated(u: &mut Unstructured) -> arbitrary::Result<()> {
    if let Some(l) = cute_fuzz::layout(u)? {
        // Layouts with non-positive shapes print but are not valid layout text.
        if l.shape().leaves_positive() {
            round_trip_layout(&l);
        }
    }
    if let Some(t) = cute_fuzz::int_tuple(u)? {
        round_trip_tuple(&t, false);
    }
    Ok(())
}
