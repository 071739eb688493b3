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

    // Negative strides are i64 leaves (the typed layer's static integers are unsigned).
    let r = cute::layout!((4,2):(-1,4))?;
    assert_eq!(r.eval((3, 1)), Ok(1));
    Ok(())
}
