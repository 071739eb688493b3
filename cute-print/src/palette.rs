//! Colours of the pictures: a perceptual ramp for indices, light distinct colours
//! for categories (threads), and a readable text colour on each.
use core::fmt;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb {
    /// red
    pub r: u8,
    /// green
    pub g: u8,
    /// blue
    pub b: u8,
}

impl Rgb {
    const fn hex(v: u32) -> Rgb {
        Rgb {
            r: (v >> 16) as u8,
            g: (v >> 8) as u8,
            b: v as u8,
        }
    }
    /// Perceived brightness in `[0, 255]` (Rec. 709 weights on the sRGB values;
    /// good enough to pick a text colour).
    pub fn brightness(self) -> f64 {
        0.2126 * self.r as f64 + 0.7152 * self.g as f64 + 0.0722 * self.b as f64
    }
}

impl fmt::Display for Rgb {
    /// `#rrggbb`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// *viridis* (matplotlib's default colour map) at 16 evenly spaced points from 0
/// to 1: perceptually uniform, readable by colour-blind viewers and in grey
/// scale. Interpolated linearly in between.
const VIRIDIS: [Rgb; 16] = [
    Rgb::hex(0x440154),
    Rgb::hex(0x481a6c),
    Rgb::hex(0x472f7d),
    Rgb::hex(0x414487),
    Rgb::hex(0x39568c),
    Rgb::hex(0x31688e),
    Rgb::hex(0x2a788e),
    Rgb::hex(0x23888e),
    Rgb::hex(0x1f988b),
    Rgb::hex(0x22a884),
    Rgb::hex(0x35b779),
    Rgb::hex(0x54c568),
    Rgb::hex(0x7ad151),
    Rgb::hex(0xa5db36),
    Rgb::hex(0xd2e21b),
    Rgb::hex(0xfde725),
];

/// How much white is mixed into the ramp, in 1/256ths: a little softens the
/// darkest cells without losing the ordering of lightness.
const SOFTEN: u32 = 40;

/// ColorBrewer's *Set3*: twelve light colours that are easy to tell apart and
/// keep dark text readable.
const CATEGORIES: [Rgb; 12] = [
    Rgb::hex(0x8dd3c7),
    Rgb::hex(0xffffb3),
    Rgb::hex(0xbebada),
    Rgb::hex(0xfb8072),
    Rgb::hex(0x80b1d3),
    Rgb::hex(0xfdb462),
    Rgb::hex(0xb3de69),
    Rgb::hex(0xfccde5),
    Rgb::hex(0xd9d9d9),
    Rgb::hex(0xbc80bd),
    Rgb::hex(0xccebc5),
    Rgb::hex(0xffed6f),
];

/// The colour at position `t` of the ramp, `t` clamped to `[0, 1]`.
pub fn ramp_colour(t: f64) -> Rgb {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let scaled = t * (VIRIDIS.len() - 1) as f64;
    let lower = (scaled as usize).min(VIRIDIS.len() - 2);
    let frac = scaled - lower as f64;
    let (a, b) = (VIRIDIS[lower], VIRIDIS[lower + 1]);
    let mix = |x: u8, y: u8| {
        let v = (x as f64 + (y as f64 - x as f64) * frac + 0.5) as u32;
        (v + (255 - v) * SOFTEN / 256) as u8
    };
    Rgb {
        r: mix(a.r, b.r),
        g: mix(a.g, b.g),
        b: mix(a.b, b.b),
    }
}

/// The colour of category `k` (any integer; the palette repeats every 12).
pub fn category_colour(k: i64) -> Rgb {
    CATEGORIES[k.rem_euclid(CATEGORIES.len() as i64) as usize]
}

/// Dark text on light backgrounds, white text on dark ones.
pub fn text_colour_on(background: Rgb) -> Rgb {
    if background.brightness() > 130.0 {
        Rgb::hex(0x1a1a1a)
    } else {
        Rgb::hex(0xffffff)
    }
}
