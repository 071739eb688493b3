//! Host conversions to bf16/fp16 round to nearest even, like `cvt.rn` on the device.
use cute_gpu::hopper::numeric::*;

#[test]
fn bf16_rounds_to_nearest_even() {
    assert_eq!(f32_to_bf16(1.0), 0x3F80);
    // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties to the even 1.0
    assert_eq!(f32_to_bf16(1.0 + 1.0 / 256.0), 0x3F80);
    // 1 + 3·2^-8 is halfway between 1+2^-7 (odd) and 1+2^-6: goes up
    assert_eq!(f32_to_bf16(1.0 + 3.0 / 256.0), 0x3F82);
    assert_eq!(f32_to_bf16(-2.5), 0xC020);
    assert!(bf16_to_f32(f32_to_bf16(f32::NAN)).is_nan());
    assert_eq!(bf16_to_f32(f32_to_bf16(f32::INFINITY)), f32::INFINITY);
}

#[test]
fn f16_rounds_to_nearest_even_through_every_range() {
    assert_eq!(f32_to_f16(1.0), 0x3C00);
    assert_eq!(f32_to_f16(-2.0), 0xC000);
    assert_eq!(f32_to_f16(65504.0), 0x7BFF);
    assert_eq!(f32_to_f16(65520.0), 0x7C00); // halfway to 65536 rounds to even: ∞
    assert_eq!(f32_to_f16(1.0 + 1.0 / 2048.0), 0x3C00); // tie to even
    assert_eq!(f32_to_f16(1.0 + 3.0 / 2048.0), 0x3C02);
    assert_eq!(f32_to_f16(6.103_515_6e-5), 0x0400); // smallest normal
    assert_eq!(f32_to_f16(5.960_464_5e-8), 0x0001); // smallest subnormal
    assert_eq!(f32_to_f16(2.0e-8), 0x0000);
    assert_eq!(f32_to_f16(3.0e-8), 0x0001); // just over half the smallest subnormal
    assert!(f16_to_f32(f32_to_f16(f32::NAN)).is_nan());
}

#[test]
fn every_half_value_survives_a_round_trip() {
    for h in 0..=u16::MAX {
        let x = f16_to_f32(h);
        if x.is_nan() {
            continue;
        }
        assert_eq!(f32_to_f16(x), h, "f16 {h:#06x} = {x}");
        let b = bf16_to_f32(h);
        if !b.is_nan() {
            assert_eq!(f32_to_bf16(b), h, "bf16 {h:#06x} = {b}");
        }
    }
}

#[test]
fn rounding_picks_the_nearer_neighbour() {
    // against an exhaustive search over the neighbours of the truncated value
    let mut x = 1.0e-7f32;
    while x < 70000.0 {
        for v in [x, -x, x * 1.000_37] {
            let h = f32_to_f16(v);
            let got = f16_to_f32(h) as f64;
            let (below, above) = (
                f16_to_f32(h.wrapping_sub(1)) as f64,
                f16_to_f32(h.wrapping_add(1)) as f64,
            );
            let err = (got - v as f64).abs();
            if got.is_finite() {
                assert!(err <= (below - v as f64).abs() || below.is_nan(), "{v}");
                assert!(
                    err <= (above - v as f64).abs() || above.is_nan() || above.is_infinite(),
                    "{v}"
                );
            }
        }
        x *= 1.013;
    }
}
