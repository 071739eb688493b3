// Algebra inside layout! is computed at expansion time: the result is a plain
// static Layout<…> type, equal to what the typed API computes at compile time
// and to CuTe's answer.
use cute::typed::*;

fn main() {
    // The example of the issue.
    let c: Layout<(_4, _5), (_2, _8)> = cute::layout!(composition((20):(2), (4,5):(1,4)));
    assert_eq!(c.to_string(), "(_4,_5):(_2,_8)");
    let typed = composition(cute::layout!((20):(2)), cute::layout!((4,5):(1,4)));
    assert_eq!(c.to_dynamic(), typed.to_dynamic());

    // More operations, each checked against CuTe's all-static result.
    assert_eq!(
        cute::layout!(coalesce((4,(2,2)):(1,(4,8)))).to_string(),
        "_16:_1"
    );
    assert_eq!(cute::layout!(complement(6:4, 24)).to_string(), "_4:_1");
    assert_eq!(
        cute::layout!(logical_divide((4,8):(1,4), [2,4])).to_string(),
        "((_2,_2),(_4,_2)):((_1,_2),(_4,_16))"
    );
    assert_eq!(
        cute::layout!(right_inverse((2,3):(3,1))).to_string(),
        "(_3,_2):(_2,_1)"
    );
    assert_eq!(
        cute::layout!(blocked_product(4:1, 2:1)).to_string(),
        "((_4,_2)):((_1,_4))"
    );

    // Algebra results nest: the inner call is computed first. Inside layout! the
    // calculator's notation applies: a by-mode tiler is written [2,4] (a bare
    // (2,4) there is the layout (2,4):(1,2)); the typed API takes a tuple.
    let z = cute::layout!(zipped_divide(composition((8,8):(8,1), (8,8):(1,8)), [2,4]));
    let typed = zipped_divide(
        composition(cute::layout!((8,8):(8,1)), cute::layout!((8,8):(1,8))),
        make_shape((_2, _4)),
    );
    assert_eq!(z.to_dynamic(), typed.to_dynamic());
    assert_eq!(z.to_string(), "((_2,_4),(_4,_2)):((_8,_1),(_16,_4))");
    assert_eq!(core::mem::size_of_val(&z), 0);
}
