// `{expr}` leaves are run-time values: layout! then returns a Result, as the
// typed constructors do, because a run-time value may break a rule.
use cute::typed::{Layout, _1, _4};

fn main() -> Result<(), cute::Error> {
    let n = 6;
    let a: Layout<(_4, i64), (_1, _4)> = cute::layout!((4,{n}):(1,4))?;
    assert_eq!(a.to_string(), "(_4,6):(_1,_4)");
    assert_eq!(a.eval((3, 5)), Ok(23));

    // Compact strides after a run-time leaf are run-time values.
    let m: u32 = 3;
    let b = cute::layout!(({ m }, 4, 2))?;
    assert_eq!(b.to_string(), "(3,_4,_2):(_1,3,12)");

    // A run-time zero is caught at run time.
    let zero = 0;
    assert_eq!(
        cute::layout!((4,{zero}):(1,4)).unwrap_err(),
        cute::Error::NonPositiveShape
    );

    // Any integer type: `usize` (a length), `u64`, `i32`; a value beyond i64 is
    // caught at run time, and the user's own `?` keeps its meaning.
    let rows = vec![0.0f32; 5];
    let c = cute::layout!(({rows.len()},2):(2,1))?;
    assert_eq!(c.to_string(), "(5,_2):(_2,_1)");
    let k: i32 = -3;
    assert_eq!(cute::layout!(4:{k})?.eval(2), Ok(-6));
    assert_eq!(cute::layout!(({u64::MAX},2)).unwrap_err(), cute::Error::Overflow);
    let parsed = cute::layout!((4,{"8".parse::<usize>().map_err(|_| cute::Error::Overflow)?}))?;
    assert_eq!(parsed.to_string(), "(_4,8):(_1,_4)");

    // The typed constructors take those integer types as leaves directly.
    let n: u32 = 8;
    let d = cute::typed::Layout::try_new((_4, (n, rows.len())), (_1, (4i32, 32usize)))?;
    assert_eq!(d.to_string(), "(_4,(8,5)):(_1,(4,32))");
    assert_eq!(d.eval((3usize, (1u32, 2i32))), Ok(71));

    // Negative strides are i64 leaves (the typed layer's static integers are unsigned).
    let r = cute::layout!((4,2):(-1,4))?;
    assert_eq!(r.eval((3, 1)), Ok(1));
    Ok(())
}
