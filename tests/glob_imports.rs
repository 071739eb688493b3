//! `use cute::*;` and `use cute::tensor::*;` together: every name both globs
//! bring in must resolve to one item (an ambiguous name is a compile error here).
use cute::tensor::*;
use cute::*;

#[test]
fn both_globs_resolve_zipped_divide_and_underscore() {
    // `zipped_divide` is the typed layer's: static in, static out.
    let z = zipped_divide(make_layout((_8, _4)), (_2, _2));
    assert_eq!(
        z.to_dynamic().to_string(),
        "((_2,_2),(_4,_2)):((_1,_8),(_2,_16))"
    );
    // The tensor divide is the method (or `tensor::divide::zipped_divide`).
    let data: Vec<u32> = (0..32).collect();
    let t = make_tensor(&data[..], make_layout((_8, _4))).unwrap();
    let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    let zt = t.view().zipped_divide(&tiler).unwrap();
    assert_eq!(zt.dlayout().to_string(), "((2,2),(4,2)):((_1,_8),(2,16))");
    let zf = cute::tensor::divide::zipped_divide(t.view(), &tiler).unwrap();
    assert_eq!(zf.dlayout(), zt.dlayout());
    // One `Underscore`: it slices typed layouts and tensors alike.
    let col = slice(make_layout((_8, _4)), (Underscore, 1i64)).unwrap();
    assert_eq!(col.to_string(), "(_8):(_1)");
    let row: Vec<u32> = t
        .slice((2i64, Underscore))
        .unwrap()
        .iter()
        .copied()
        .collect();
    assert_eq!(row, [2, 10, 18, 26]);
}
