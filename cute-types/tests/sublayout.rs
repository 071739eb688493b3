//! Sub-layouts and concatenation on `DLayout`: select, take, group, append, prepend,
//! replace, flatten, and slicing with `_` (slice, dice, slice_and_offset).
//! Expected texts come from CuTe C++ 4.2 (g++) and the conformance vectors.
use cute_types::{DLayout, DTuple, Error};

fn l(s: &str) -> DLayout {
    s.parse().unwrap()
}
fn c(s: &str) -> DTuple {
    s.parse().unwrap()
}

/// `L(i)` for `i` in `[0, size(L))`.
fn values(x: &DLayout) -> Vec<i64> {
    (0..x.size().unwrap().value)
        .map(|i| x.at(i).unwrap())
        .collect()
}

#[test]
fn take_select_group_give_tuples_as_cpp_does() {
    let v = l("_8:_2");
    assert_eq!(v.take(0, 1).unwrap().to_string(), "(_8):(_2)");
    assert_eq!(v.select(&[0]).unwrap().to_string(), "(_8):(_2)");
    assert_eq!(v.group(0, 1).unwrap().to_string(), "((_8)):((_2))");
    // C++: group<0,0>(8:2) is (8):(2)
    assert_eq!(v.group(0, 0).unwrap().to_string(), "(_8):(_2)");
    let t = l("(2,3,4):(1,2,6)");
    assert_eq!(t.take(1, 2).unwrap().to_string(), "(3):(2)");
    assert_eq!(t.group(0, 2).unwrap().to_string(), "((2,3),4):((1,2),6)");
    assert_eq!(t.group(1, 1).unwrap(), t);
    assert_eq!(t.group(1, 3).unwrap().to_string(), "(2,(3,4)):(1,(2,6))");
    assert_eq!(
        l("(16,2,4,2):(0,0,0,4)")
            .select(&[0, 3, 0, 3])
            .unwrap()
            .to_string(),
        "(16,2,16,2):(0,4,0,4)"
    );
    assert_eq!(
        l("(4,_8,7,6):(336,_7,1,_56)")
            .select(&[3])
            .unwrap()
            .to_string(),
        "(6):(_56)"
    );
}

#[test]
fn range_errors_name_the_rule() {
    let t = l("(7,_8,1):(1,7,_56)");
    assert_eq!(
        t.take(0, 4),
        Err(Error::ModeOutOfRange { index: 3, rank: 3 })
    );
    assert_eq!(t.take(2, 2), Err(Error::EmptyRange));
    assert_eq!(t.group(2, 0), Err(Error::EmptyRange));
    assert_eq!(
        t.group(1, 4),
        Err(Error::ModeOutOfRange { index: 3, rank: 3 })
    );
    assert_eq!(
        t.select(&[0, 3]),
        Err(Error::ModeOutOfRange { index: 3, rank: 3 })
    );
    assert_eq!(
        t.replace(3, &l("2:1")),
        Err(Error::ModeOutOfRange { index: 3, rank: 3 })
    );
    assert_eq!(
        l("8:1").replace(1, &l("2:1")),
        Err(Error::ModeOutOfRange { index: 1, rank: 1 })
    );
}

#[test]
fn append_prepend_replace() {
    assert_eq!(
        l("8:1").append(&l("4:8")).unwrap().to_string(),
        "(8,4):(1,8)"
    );
    assert_eq!(
        l("8:1").prepend(&l("4:8")).unwrap().to_string(),
        "(4,8):(8,1)"
    );
    assert_eq!(
        l("(2,3):(1,2)")
            .append(&l("(4,5):(6,24)"))
            .unwrap()
            .to_string(),
        "(2,3,(4,5)):(1,2,(6,24))"
    );
    assert_eq!(
        l("(3):(1)").prepend(&l("2:0")).unwrap().to_string(),
        "(2,3):(0,1)"
    );
    assert_eq!(
        l("(7,1):(0,0)").append(&l("4:1")).unwrap().to_string(),
        "(7,1,4):(0,0,1)"
    );
    assert_eq!(
        l("(2,3,4):(1,2,6)")
            .replace(1, &l("(5,5):(1,5)"))
            .unwrap()
            .to_string(),
        "(2,(5,5),4):(1,(1,5),6)"
    );
    // an integer-shaped layout: replace<0> gives X itself
    assert_eq!(
        l("8:1").replace(0, &l("(2,2):(1,2)")).unwrap().to_string(),
        "(2,2):(1,2)"
    );
}

#[test]
fn flatten_keeps_integers_and_the_function() {
    assert_eq!(l("8:2").flatten().to_string(), "8:2");
    assert_eq!(l("(3):(1)").flatten().to_string(), "(3):(1)");
    assert_eq!(l("((4)):((1))").flatten().to_string(), "(4):(1)");
    let n = l("(2,((2,2),4)):(1,((2,4),8))");
    assert_eq!(n.flatten().to_string(), "(2,2,2,4):(1,2,4,8)");
    assert_eq!(values(&n.flatten()), values(&n));
}

#[test]
fn group_and_flatten_do_not_change_the_function_exhaustive() {
    // every flat rank-4 layout with shapes 1..3 and strides 0..4: grouping any range
    // and flattening back give the same function, and the same layout back
    let one: Vec<(i64, i64)> = (1..=3).flat_map(|s| (0..=4).map(move |d| (s, d))).collect();
    let mut checked = 0;
    for a in &one {
        for b in &one {
            for d in &one {
                for e in &one[..5] {
                    let m = [a, b, d, e];
                    let text = format!(
                        "({},{},{},{}):({},{},{},{})",
                        m[0].0, m[1].0, m[2].0, m[3].0, m[0].1, m[1].1, m[2].1, m[3].1
                    );
                    let x = l(&text);
                    for lo in 0..=4 {
                        for hi in lo..=4 {
                            let g = x.group(lo, hi).unwrap();
                            assert_eq!(values(&g), values(&x), "group({x}, {lo}, {hi})");
                            assert_eq!(g.flatten(), x, "group({x}, {lo}, {hi})");
                            if lo < hi {
                                let t = x.take(lo, hi).unwrap();
                                let idx: Vec<usize> = (lo..hi).collect();
                                assert_eq!(t, x.select(&idx).unwrap());
                                assert_eq!(g.get(lo).unwrap(), t);
                            }
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 15 * 15 * 15 * 5);
}

#[test]
fn slice_dice_and_offset_match_cpp() {
    // C++: slice(make_coord(_, make_coord(1,_)), make_layout(make_shape(4, make_shape(2,3))))
    // is (4,3):(_1,8); slice_and_offset gives offset 4; dice gives (2):(4)
    let x = DLayout::col_major(c("(4,(2,3))")).unwrap();
    let coord = c("(_,(1,_))");
    assert_eq!(x.slice(&coord).unwrap().to_string(), "(4,3):(_1,8)");
    assert_eq!(x.dice(&coord).unwrap().to_string(), "(2):(4)");
    let (s, off) = x.slice_and_offset(&coord).unwrap();
    assert_eq!((s.to_string(), off.value), ("(4,3):(_1,8)".to_string(), 4));
    // slice(_, L) == L, dice(1, L) == L; an integer slices everything away
    assert_eq!(x.slice(&c("_")).unwrap(), x);
    assert_eq!(x.dice(&c("1")).unwrap(), x);
    assert_eq!(x.slice(&c("3")).unwrap().to_string(), "():()");
    assert_eq!(x.slice(&c("(_,_,_)")), Err(Error::CoordinateMismatch));
    assert_eq!(x.slice(&c("(_,(1,_,2))")), Err(Error::CoordinateMismatch));
}

#[test]
fn slicing_splits_the_layout_into_offset_plus_slice_exhaustive() {
    // L(c) == offset + slice(c)(the _-positions of c) for every placement of _ in a
    // rank-3 coordinate and every value of the other positions
    let x = l("(3,(2,4),5):(7,(1,30),2)");
    let shape = [3i64, 2, 4, 5];
    for mask in 0u32..16 {
        // which of the four leaves are `_`
        for fixed in 0..(3 * 2 * 4 * 5) {
            let mut rest = fixed;
            let mut vals = [0i64; 4];
            for k in 0..4 {
                vals[k] = rest % shape[k];
                rest /= shape[k];
            }
            let leaf = |k: usize| {
                if mask & (1 << k) != 0 {
                    "_".to_string()
                } else {
                    vals[k].to_string()
                }
            };
            let coord = c(&format!(
                "({},({},{}),{})",
                leaf(0),
                leaf(1),
                leaf(2),
                leaf(3)
            ));
            let (s, off) = x.slice_and_offset(&coord).unwrap();
            let d = x.dice(&coord).unwrap();
            assert_eq!(
                s.size().unwrap().value * d.size().unwrap().value,
                x.size().unwrap().value,
                "{coord}"
            );
            // the _-leaves take the values of `vals` too: the full coordinate
            let free: Vec<i64> = (0..4)
                .filter(|k| mask & (1 << k) != 0)
                .map(|k| vals[k])
                .collect();
            let full = c(&format!(
                "({},({},{}),{})",
                vals[0], vals[1], vals[2], vals[3]
            ));
            let sliced = if free.is_empty() {
                0
            } else {
                // the slice's modes are the _-leaves in order, flattened by one level
                let text = format!(
                    "({})",
                    free.iter()
                        .map(|v| v.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                );
                s.flatten().eval(&c(&text)).unwrap().value
            };
            assert_eq!(
                x.eval(&full).unwrap().value,
                off.value + sliced,
                "{coord}: {s} + {}",
                off.value
            );
        }
    }
}
