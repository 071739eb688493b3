//! Written by gen.py: 50 layout algebra operations on `DLayout` operands (the same `const fn`s at run time).
//! Each result is checked against the calculator's text (static marks removed).
#![allow(clippy::all)]
use cute_typed::typed::*;
use cute_types::{algebra, DLayout, DTuple};

/// A layout whose leaves are all marked static, so that the run-time
/// algorithm takes the same decisions as the compile-time one.
fn dl(s: &str) -> DLayout {
    s.parse::<DLayout>().unwrap().with_all_static(true)
}
/// An IntTuple whose leaves are all marked static.
fn dt(s: &str) -> DTuple {
    s.parse::<DTuple>().unwrap().with_all_static(true)
}

fn plain(x: impl core::fmt::Display) -> String {
    x.to_string().replace('_', "")
}

fn main() {
    let mut checked = 0;
    assert_eq!(plain(coalesce(dl("(2,(1,6)):(1,(6,2))")).unwrap()), "12:1");
    checked += 1;
    assert_eq!(plain(coalesce(dl("((4,8),(2,(2,4))):((1,4),(32,(64,128)))")).unwrap()), "512:1");
    checked += 1;
    assert_eq!(plain(coalesce(dl("(4,(2,2)):(1,(4,8))")).unwrap()), "16:1");
    checked += 1;
    assert_eq!(plain(filter(dl("(2,(4,1),3):(0,(1,5),4)")).unwrap()), "12:1");
    checked += 1;
    assert_eq!(plain(filter(dl("(4,2,2):(1,0,4)")).unwrap()), "8:1");
    checked += 1;
    assert_eq!(plain(composition(dl("(6,2):(8,2)"), dl("(4,3):(3,1)")).unwrap()), "((2,2),3):((24,2),8)");
    checked += 1;
    assert_eq!(plain(composition(dl("(4,(2,3)):(1,(4,8))"), dl("(2,3):(3,1)")).unwrap()), "(2,3):(3,1)");
    checked += 1;
    assert_eq!(plain(composition(dl("(128,64):(1,128)"), (dl("32:1"), dl("(8,2):(1,32)"))).unwrap()), "(32,(8,2)):(1,(128,4096))");
    checked += 1;
    assert_eq!(plain(composition(dl("(8,16):(16,1)"), dl("(4,(2,4)):(2,(1,8))")).unwrap()), "(4,(2,4)):(32,(16,1))");
    checked += 1;
    assert_eq!(plain(composition(dl("(4,8):(8,1)"), dl("16:1")).unwrap()), "(4,4):(8,1)");
    checked += 1;
    assert_eq!(plain(composition(dl("((2,4),(4,2)):((1,16),(2,64))"), (dl("2:2"), dl("4:1"))).unwrap()), "(2,4):(16,2)");
    checked += 1;
    assert_eq!(plain(algebra::complement(&dl("(4,8):(1,64)"), &dt("1024")).unwrap()), "(16,2):(4,512)");
    checked += 1;
    assert_eq!(plain(algebra::complement(&dl("6:4"), &dt("24")).unwrap()), "4:1");
    checked += 1;
    assert_eq!(plain(algebra::complement(&dl("(2,4):(1,6)"), &dt("48")).unwrap()), "(3,2):(2,24)");
    checked += 1;
    assert_eq!(plain(algebra::complement(&dl("4:2"), &dt("32")).unwrap()), "(2,4):(1,8)");
    checked += 1;
    assert_eq!(plain(right_inverse(dl("(2,(8,2),8):(16,(32,8),1)")).unwrap()), "(8,2,16):(32,16,1)");
    checked += 1;
    assert_eq!(plain(right_inverse(dl("(4,8):(8,1)")).unwrap()), "(8,4):(4,1)");
    checked += 1;
    assert_eq!(plain(right_inverse(dl("((2,2),(4,2)):((1,8),(2,16))")).unwrap()), "(2,4,2,2):(1,4,2,16)");
    checked += 1;
    assert_eq!(plain(left_inverse(dl("(6,(7,64,1)):(42,(2,1008,504))")).unwrap()), "(2,21,24,64):(0,6,1,42)");
    checked += 1;
    assert_eq!(plain(left_inverse(dl("(2,3):(1,4)")).unwrap()), "(4,3):(1,2)");
    checked += 1;
    assert_eq!(plain(left_inverse(dl("(8,4):(4,1)")).unwrap()), "(4,8):(8,1)");
    checked += 1;
    assert_eq!(plain(logical_divide(dl("(128,64):(1,128)"), (dl("32:1"), dl("16:1"))).unwrap()), "((32,4),(16,4)):((1,32),(128,2048))");
    checked += 1;
    assert_eq!(plain(logical_divide(dl("(4,2,3):(2,1,8)"), dl("4:2")).unwrap()), "((2,2),(2,3)):((4,1),(2,8))");
    checked += 1;
    assert_eq!(plain(logical_divide(dl("(8,16):(16,1)"), (dl("2:1"), dl("4:1"))).unwrap()), "((2,4),(4,4)):((16,32),(1,4))");
    checked += 1;
    assert_eq!(plain(logical_divide(dl("((4,8),(2,(2,2))):((64,1),(32,(8,256)))"), (dl("8:1"), dl("4:1"))).unwrap()), "(((4,2),4),((2,2),2)):(((64,1),2),((32,8),256))");
    checked += 1;
    assert_eq!(plain(zipped_divide(dl("(128,64):(1,128)"), (dl("(8,4):(1,32)"), dl("16:1"))).unwrap()), "(((8,4),16),(4,4)):(((1,32),128),(8,2048))");
    checked += 1;
    assert_eq!(plain(zipped_divide(dl("(8,16):(16,1)"), (dl("2:1"), dl("4:1"))).unwrap()), "((2,4),(4,4)):((16,1),(32,4))");
    checked += 1;
    assert_eq!(plain(zipped_divide(dl("((4,8),(2,(2,2))):((64,1),(32,(8,256)))"), (dl("8:1"), dl("4:1"))).unwrap()), "(((4,2),(2,2)),(4,2)):(((64,1),(32,8)),(2,256))");
    checked += 1;
    assert_eq!(plain(zipped_divide(dl("(64,32):(32,1)"), (dl("16:1"), dl("8:1"))).unwrap()), "((16,8),(4,4)):((32,1),(512,8))");
    checked += 1;
    assert_eq!(plain(tiled_divide(dl("(128,64):(1,128)"), (dl("32:1"), dl("16:1"))).unwrap()), "((32,16),4,4):((1,128),32,2048)");
    checked += 1;
    assert_eq!(plain(tiled_divide(dl("(16,16):(1,16)"), (dl("4:1"), dl("8:1"))).unwrap()), "((4,8),4,2):((1,16),4,128)");
    checked += 1;
    assert_eq!(plain(flat_divide(dl("(128,64):(1,128)"), (dl("32:1"), dl("16:1"))).unwrap()), "(32,16,4,4):(1,128,32,2048)");
    checked += 1;
    assert_eq!(plain(flat_divide(dl("(16,8):(8,1)"), (dl("4:1"), dl("2:1"))).unwrap()), "(4,2,4,4):(8,1,32,2)");
    checked += 1;
    assert_eq!(plain(logical_product(dl("(4,8):(8,1)"), dl("(2,4):(1,2)")).unwrap()), "((4,8),(2,4)):((8,1),(32,64))");
    checked += 1;
    assert_eq!(plain(logical_product(dl("(2,2):(4,1)"), dl("6:1")).unwrap()), "((2,2),(2,3)):((4,1),(2,8))");
    checked += 1;
    assert_eq!(plain(logical_product(dl("(8,8):(1,8)"), (dl("2:1"), dl("4:1"))).unwrap()), "((8,2),(8,4)):((1,8),(8,1))");
    checked += 1;
    assert_eq!(plain(zipped_product(dl("(4,8):(8,1)"), (dl("2:1"), dl("4:1"))).unwrap()), "((4,8),(2,4)):((8,1),(1,8))");
    checked += 1;
    assert_eq!(plain(tiled_product(dl("(4,8):(8,1)"), (dl("2:1"), dl("4:1"))).unwrap()), "((4,8),2,4):((8,1),1,8)");
    checked += 1;
    assert_eq!(plain(flat_product(dl("(4,8):(8,1)"), (dl("2:1"), dl("4:1"))).unwrap()), "(4,8,2,4):(8,1,1,8)");
    checked += 1;
    assert_eq!(plain(blocked_product(dl("(2,5):(5,1)"), dl("(3,4):(1,3)")).unwrap()), "((2,3),(5,4)):((5,10),(1,30))");
    checked += 1;
    assert_eq!(plain(blocked_product(dl("(4,4):(1,4)"), dl("(2,8):(8,1)")).unwrap()), "((4,2),(4,8)):((1,128),(4,16))");
    checked += 1;
    assert_eq!(plain(raked_product(dl("(2,5):(5,1)"), dl("(3,4):(1,3)")).unwrap()), "((3,2),(4,5)):((10,5),(30,1))");
    checked += 1;
    assert_eq!(plain(raked_product(dl("(4,4):(4,1)"), dl("(8,2):(1,8)")).unwrap()), "((8,4),(2,4)):((16,4),(128,1))");
    checked += 1;
    assert_eq!(plain(algebra::tile_to_shape(&dl("(8,8):(8,1)"), &dt("(128,64)"), None).unwrap()), "((8,16),(8,8)):((8,64),(1,1024))");
    checked += 1;
    assert_eq!(plain(algebra::tile_to_shape(&dl("(4,2):(1,4)"), &dt("(16,16)"), None).unwrap()), "((4,4),(2,8)):((1,8),(4,32))");
    checked += 1;
    assert_eq!(plain(max_common_layout(dl("(4,8):(1,4)"), dl("(4,8):(1,4)")).unwrap()), "32:1");
    checked += 1;
    assert_eq!(plain(max_common_layout(dl("(4,(2,4)):(1,(4,16))"), dl("(8,4):(1,8)")).unwrap()), "8:1");
    checked += 1;
    assert_eq!(plain(make_layout_like(dl("(2,2,2,2):(0,2,4,1)")).unwrap()), "(2,2,2,2):(0,2,4,1)");
    checked += 1;
    assert_eq!(plain(flatten(dl("((4,(2,2)),8):((1,(4,8)),32)")).unwrap()), "(4,2,2,8):(1,4,8,32)");
    checked += 1;
    assert_eq!(plain(append(dl("(4,8):(1,4)"), dl("2:32")).unwrap()), "(4,8,2):(1,4,32)");
    checked += 1;
    println!("{checked} results checked");
}
