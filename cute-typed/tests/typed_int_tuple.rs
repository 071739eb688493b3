//! Static and dynamic integers and nested tuples of the typed layer.
// The assertions on constants and the type-only parameters are the point:
// they check what the type system computes.
#![allow(clippy::assertions_on_constants, clippy::extra_unused_type_parameters)]
use cute_typed::typed::*;
use cute_typed::{DInt, DTuple, Error};
use static_assertions::{assert_eq_size, assert_type_eq_all};

#[test]
fn aliases_are_types_and_values() {
    // The same name as a type and as a value, zero-sized.
    let four: _4 = _4;
    assert_eq_size!(_4, ());
    assert_eq_size!(_65536, ());
    assert_eq!(four.value(), 4);
    assert_eq!(_0.value(), 0);
    assert_eq!(_256.value(), 256);
    assert_eq!(_1024.value(), 1024);
    assert_eq!(_65536.value(), 65536);
    assert_eq!(<_16 as IntLike>::STATIC, Some(16));
    assert_eq!(<i64 as IntLike>::STATIC, None);
    assert_eq!(_4.to_dint(), DInt::s(4));
    assert_eq!(7i64.to_dint(), DInt::d(7));
    assert_eq!(format!("{} {:?}", _4, _4), "_4 _4");
    // Usable in const items.
    const S: (_4, _8) = (_4, _8);
    assert_eq!(S.to_dynamic().to_string(), "(_4,_8)");
    assert_type_eq_all!(_4, C<D4>);
    assert_type_eq_all!(_256, C<(D2, D5, D6)>);
    assert_type_eq_all!(C<Decimal<typenum::U4>>, _4);
}

#[test]
fn static_from_value_is_checked() {
    assert_eq!(<_4 as IntLike>::from_value(4), Ok(_4));
    assert_eq!(<_4 as IntLike>::from_value(5), Err(Error::StaticMismatch));
    assert_eq!(<i64 as IntLike>::from_value(5), Ok(5));
    assert_eq!(dynamic(3u32), 3i64);
    assert_eq!(dynamic(-3i16), -3i64);
}

#[test]
fn arithmetic_stays_static_when_both_operands_are() {
    let p: _32 = _4.int_mul(_8).unwrap();
    assert_eq!(p.value(), 32);
    let s: _12 = _4.int_add(_8).unwrap();
    assert_eq!(s, _12);
    let q: _2 = _8.int_div(_4).unwrap();
    assert_eq!(q, _2);
    let m: _24 = _4 * _6;
    assert_eq!(m, _24);
    let n: _10 = _4 + _6;
    assert_eq!(n, _10);
    // Anything with a dynamic operand is dynamic, and checked.
    let d: i64 = _4.int_mul(8i64).unwrap();
    assert_eq!(d, 32);
    assert_eq!(8i64.int_mul(_4), Ok(32));
    assert_eq!(i64::MAX.int_mul(_2), Err(Error::Overflow));
    assert_eq!(i64::MAX.int_add(1i64), Err(Error::Overflow));
    assert_eq!(8i64.int_div(0i64), Err(Error::DivisionByZero));
    assert_eq!(_8.int_div(0i64), Err(Error::DivisionByZero));
}

#[test]
fn tuple_facts_are_constants() {
    type T = (_4, (i64, _2));
    assert_eq!(T::RANK, 2);
    assert_eq!(T::DEPTH, 2);
    assert_eq!(T::LEAVES, 3);
    assert!(!T::IS_STATIC);
    assert_eq!(T::STATIC, None);
    assert_eq!(T::PATTERN.to_string(), "(_4,(0,_2))");
    type U = ((_2, _2), _8);
    assert!(U::IS_STATIC);
    assert_eq!(U::STATIC.unwrap().to_string(), "((_2,_2),_8)");
    assert_eq!((_4, 8).to_dynamic().to_string(), "(_4,8)");
    assert_eq!(<i64 as IntTuple>::RANK, 1);
    assert_eq!(<i64 as IntTuple>::DEPTH, 0);
    assert_eq!(<() as IntTuple>::RANK, 0);
    assert_eq!(().to_dynamic(), DTuple::empty());
    assert_eq!((4, (3, _2)).product(), Ok(24));
    assert_eq!((1i64 << 40, 1i64 << 40).product(), Err(Error::Overflow));
    assert_eq!((4, (3, _2)).rank(), 2);
    assert_eq!((4, (3, _2)).depth(), 2);
    assert_eq!(make_shape((_4, 8)), (_4, 8));
    assert_eq!(make_stride((_1, 4)).to_dynamic().to_string(), "(_1,4)");
    assert_eq!(make_coord((1, (0, 2))).to_dcoord().to_string(), "(1,(0,2))");
}

#[test]
fn tuples_of_every_arity() {
    let t1 = (5,);
    let t8 = (1, 2, 3, 4, 5, 6, 7, _8);
    assert_eq!(t1.to_dynamic().to_string(), "(5)");
    assert_eq!(t8.to_dynamic().to_string(), "(1,2,3,4,5,6,7,_8)");
    assert_eq!(<(i64, i64, i64, i64, i64, i64, i64, _8)>::RANK, 8);
    assert_eq!(t8.get::<7>(), _8);
    assert_eq!(t8.product(), Ok(40320));
    let l = make_layout((_1, _2, _3, _4, _5, _6, _7, _8));
    assert_eq!(
        l.to_string(),
        "(_1,_2,_3,_4,_5,_6,_7,_8):(_0,_1,_2,_6,_24,_120,_720,_5040)"
    );
    let r = make_layout_right((_1, _2, _3, _4, _5, _6, _7, _8));
    assert_eq!(
        r.to_string(),
        "(_1,_2,_3,_4,_5,_6,_7,_8):(_0,_20160,_6720,_1680,_336,_56,_8,_1)"
    );
}

#[test]
fn from_dtuple_checks_structure_and_static_values() {
    type T = (_4, (i64, _2));
    let t: DTuple = "(4,(3,2))".parse().unwrap();
    assert_eq!(T::from_dynamic(&t), Ok((_4, (3, _2))));
    assert_eq!(
        T::from_dtuple(&"(4,(3,3))".parse().unwrap()),
        Err(Error::StaticMismatch)
    );
    assert_eq!(
        T::from_dtuple(&"(4,3,2)".parse().unwrap()),
        Err(Error::StructureMismatch)
    );
    assert_eq!(
        T::from_dtuple(&"4".parse().unwrap()),
        Err(Error::StructureMismatch)
    );
    assert_eq!(<i64>::from_dtuple(&"_9".parse().unwrap()), Ok(9));
}

#[test]
fn congruence_facts() {
    fn congruent_bound<A: Congruent<B>, B: IntTuple>() -> bool {
        true
    }
    fn weak_bound<A: WeaklyCongruent<B>, B: IntTuple>() -> bool {
        true
    }
    assert!(congruent_bound::<(_4, (i64, _2)), (i64, (_1, i64))>());
    assert!(weak_bound::<(i64, i64), (i64, (i64, i64))>());
    assert!(weak_bound::<i64, ((i64, i64), i64)>());
    const C1: bool = congruent::<(_4, (i64, _2)), (i64, (_1, i64))>();
    const C2: bool = congruent::<(_4, i64), (i64, (_1, i64))>();
    const W1: bool = weakly_congruent::<(i64, i64), (i64, (i64, i64))>();
    const W2: bool = weakly_congruent::<(i64, (i64, i64)), (i64, i64)>();
    assert!(C1 && !C2 && W1 && !W2);
    // Compatibility needs sizes: a compile-time fact only when both are static.
    const K1: Option<bool> = static_compatible::<_24, (_4, _6)>();
    const K2: Option<bool> = static_compatible::<(_4, _6), (_4, (_2, _3))>();
    const K3: Option<bool> = static_compatible::<(_4, _6), (_6, _4)>();
    const K4: Option<bool> = static_compatible::<(_4, i64), (_4, _6)>();
    assert_eq!(
        (K1, K2, K3, K4),
        (Some(true), Some(true), Some(false), None)
    );
    assert!(compatible(&(4, 6), &(4, (2, 3))));
    assert!(!compatible(&(4, (2, 3)), &(4, 6)));
}

#[test]
fn natural_coordinates() {
    assert_eq!((4, 8).idx2crd(37), Ok((1, 9)));
    assert_eq!((4, (2, 3)).idx2crd(22), Ok((2, (1, 2))));
    assert_eq!((_4, (_2, _3)).idx2crd(22), Ok((2, (1, 2))));
    assert_eq!(8.idx2crd(5), Ok(5));
}
