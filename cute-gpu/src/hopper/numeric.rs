//! Host-side conversions between `f32` and the 16-bit formats of the Hopper GEMM
//! (round to nearest, ties to even, as `cvt.rn` does on the device).
use super::isa::Half;

/// `x` rounded to bfloat16 (bits). NaN stays a (quiet) NaN.
pub fn f32_to_bf16(x: f32) -> u16 {
    let bits = x.to_bits();
    if x.is_nan() {
        return ((bits >> 16) as u16) | 0x0040;
    }
    // add half an ulp of bf16 (minus one when the kept part is even): ties to even
    let lsb = (bits >> 16) & 1;
    ((bits + 0x7FFF + lsb) >> 16) as u16
}

/// The `f32` value of bfloat16 bits (exact).
pub fn bf16_to_f32(h: u16) -> f32 {
    f32::from_bits(u32::from(h) << 16)
}

/// `x` rounded to IEEE binary16 (bits), subnormals and overflow to ±∞ included.
pub fn f32_to_f16(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let abs = bits & 0x7FFF_FFFF;
    if abs > 0x7F80_0000 {
        return sign | 0x7E00;
    }
    if abs >= 0x4780_0000 {
        // |x| ≥ 65536 (or ∞): beyond the largest finite half after rounding
        return sign | 0x7C00;
    }
    let exp = (abs >> 23) as i32 - 127;
    if exp >= -14 {
        // normal half: keep 10 mantissa bits, round the 13 dropped ones
        let mant = abs & 0x007F_FFFF;
        let half = (((exp + 15) as u32) << 10) | (mant >> 13);
        let rest = mant & 0x1FFF;
        let round_up = rest > 0x1000 || (rest == 0x1000 && (half & 1) == 1);
        // a carry out of the mantissa correctly bumps the exponent (up to ∞)
        return sign | (half + u32::from(round_up)) as u16;
    }
    if exp < -25 {
        return sign;
    }
    // subnormal half: value = m · 2^-24 with m = round(|x| · 2^24)
    let mant = (abs & 0x007F_FFFF) | 0x0080_0000; // 24-bit significand of |x| = mant · 2^(exp-23)
    let shift = (-exp - 1) as u32; // |x|·2^24 = mant · 2^(exp+1) = mant >> (−exp−1)
    let m = mant >> shift;
    let rest = mant & ((1 << shift) - 1);
    let halfway = 1 << (shift - 1);
    let round_up = rest > halfway || (rest == halfway && (m & 1) == 1);
    sign | (m + u32::from(round_up)) as u16
}

/// The `f32` value of binary16 bits (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h & 0x8000) << 16;
    let exp = u32::from((h >> 10) & 0x1F);
    let mant = u32::from(h & 0x3FF);
    let bits = match (exp, mant) {
        (0, 0) => sign,
        (0, m) => {
            // subnormal: m · 2^-24, exact in f32
            let v = m as f32 / 16_777_216.0;
            return if sign != 0 { -v } else { v };
        }
        (31, 0) => sign | 0x7F80_0000,
        (31, m) => sign | 0x7FC0_0000 | (m << 13),
        (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

/// `x` rounded to `fmt` (bits).
pub fn to_half(fmt: Half, x: f32) -> u16 {
    match fmt {
        Half::Bf16 => f32_to_bf16(x),
        Half::F16 => f32_to_f16(x),
    }
}

/// The `f32` value of `fmt` bits.
pub fn from_half(fmt: Half, h: u16) -> f32 {
    match fmt {
        Half::Bf16 => bf16_to_f32(h),
        Half::F16 => f16_to_f32(h),
    }
}

/// Unit roundoff of `fmt`: 2⁻⁸ for bfloat16 (8-bit significand), 2⁻¹¹ for binary16.
pub fn unit_roundoff(fmt: Half) -> f64 {
    match fmt {
        Half::Bf16 => 1.0 / 256.0,
        Half::F16 => 1.0 / 2048.0,
    }
}
