//! The one declaration of every operation: [`for_each_op!`](crate::for_each_op)
//! lists each operation once, and the crates that offer it expand the list:
//! `cute-typed` into its typed functions, `cute-calc` into its calculator
//! table (`FUNCTIONS`, the dispatch, "did you mean" and `cute --help`). Adding
//! an operation is one entry here plus its entry point (an `algebra` function,
//! or an adapter in the crate that names it). The list is text only: no code
//! of this crate is generated from it.

/// Calls `$callback! { … }` with one entry per operation, in the order
/// `cute --help` lists them:
///
/// ```text
/// name {
///     calc: [("L, T") => eval_fn, "one-line help", "example" => "C++ result"],
///     typed: [ /// doc comment with examples
///              fn f(a: A LayoutOperand, tiler: B TilerOperand) -> Marker as Alias = entry_point,
///                 strides(A); … ],
///     typed_by_hand: [g, …],
/// }
/// ```
///
/// * `calc`: the calculator function (empty when the calculator has none): its
///   arguments as `--help` writes them (L, A, B, M layouts; T a layout, an
///   integer or a by-mode tiler `[…]`; S, D, P, O IntTuples: shape, stride,
///   profile, order; c a coordinate; i, j, b, e, m, s, n integers; the
///   calculator's fuzz target reads operand kinds from these letters), the evaluation
///   function in `cute-calc`, a one-line help, and an example with CuTe C++
///   4.2's answer (a line of `tests/vectors/public.tsv`; a test checks it).
/// * `typed`: the typed functions `cute-typed` writes: name, arguments with the
///   operand trait each one takes (`LayoutOperand`, `TilerOperand`,
///   `IntTuple`, `IntLike`, `Coord`), the zero-sized static result `Marker`,
///   the return alias `Alias`, the `const fn` entry point over `DLayout` that
///   the static, mixed and run-time results all call, and `strides(…)`: the
///   layout operands whose static strides make the mixed result's strides
///   static. After a trait, what a typed mixed result (run-time leaves in a
///   typed layout) needs of that operand: `[static strides]` (C++ complements
///   it) or `[static]`; by default, only that it be typed.
/// * `typed_by_hand`: typed functions written by hand in `cute-typed` (const
///   generic arguments, an integer result, always run-time); `cute-typed`
///   checks that each exists.
///
/// Queries that are methods in the typed layer (`size`, `shape`, `eval`, …)
/// have no typed function.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_op {
    ($callback:ident) => {
        $callback! {
            size {
                calc: [("L") => size,
                    "the number of elements of L's domain",
                    "size((4,(2,3)))" => "24"],
                typed: [],
                typed_by_hand: [],
            }
            cosize {
                calc: [("L") => cosize,
                    "L(size(L) - 1) + 1: the extent of L's codomain",
                    "cosize((2,4,3):(12,1,4))" => "24"],
                typed: [],
                typed_by_hand: [],
            }
            rank {
                calc: [("L") => rank,
                    "the number of top-level modes",
                    "rank((2,(5,256)):(3840,(1,5)))" => "2"],
                typed: [],
                typed_by_hand: [],
            }
            depth {
                calc: [("L") => depth,
                    "the nesting depth of the shape (0 for an integer)",
                    "depth((2,(2,(2,2))):(1,(2,(4,8))))" => "3"],
                typed: [],
                typed_by_hand: [],
            }
            shape {
                calc: [("L") => shape,
                    "the shape of L",
                    "shape((3):(1))" => "(3)"],
                typed: [],
                typed_by_hand: [],
            }
            stride {
                calc: [("L") => stride,
                    "the stride of L",
                    "stride((4,(2,2)):(4,(1,2)))" => "(4,(1,2))"],
                typed: [],
                typed_by_hand: [],
            }
            get {
                calc: [("L, i [, j …]") => get,
                    "the mode of L at the path i, j, … (C++ get<i,j,…>(L))",
                    "get((4,(2,3)):(1,(4,8)), 1, 0)" => "2:4"],
                typed: [],
                typed_by_hand: [],
            }
            eval {
                calc: [("L, c") => eval,
                    "L(c): the offset of coordinate or 1-D index c; also Sw(c)",
                    "eval((4,12):(12,2),(2,8))" => "40"],
                typed: [],
                typed_by_hand: [],
            }
            idx2crd {
                calc: [("i, S [, D]") => idx2crd_fn,
                    "the natural coordinate of index i in shape S",
                    "idx2crd(22, (4,(2,3)))" => "(2,(1,2))"],
                typed: [],
                typed_by_hand: [],
            }
            crd2idx {
                calc: [("c, S [, D]") => crd2idx_fn,
                    "the index of c in shape S, column-major or with strides D",
                    "crd2idx((1,5), (4,(2,3)))" => "21"],
                typed: [],
                typed_by_hand: [],
            }
            flatten {
                calc: [("L") => flatten,
                    "every leaf mode made a top-level mode",
                    "flatten((2,((2,2),4)):(1,((2,4),8)))" => "(2,2,2,4):(1,2,4,8)"],
                typed: [
                    /// CuTe `flatten(a)`: the leaves of `a` as one flat tuple of modes.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout(((_2, _3), (_5, _7)));
                    /// assert_eq!(flatten(a).to_string(), "(_2,_3,_5,_7):(_1,_2,_6,_30)");
                    /// ```
                    fn flatten(a: A LayoutOperand) -> Flattened as FlattenOut = flatten_ok, strides(A);
                ],
                typed_by_hand: [],
            }
            coalesce {
                calc: [("L [, P]") => coalesce,
                    "the same function in the fewest modes (by mode of profile P)",
                    "coalesce((1,4):(0,1))" => "4:1"],
                typed: [
                    /// [`algebra::coalesce`]: the same function with as few modes as possible
                    /// (C++ merges only static modes; the flags of the leaves decide).
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let c = coalesce(make_layout((_2, (_1, _6))));
                    /// assert_eq!(c.to_string(), "_12:_1");
                    /// assert_eq!(core::mem::size_of_val(&c), 0);
                    /// ```
                    fn coalesce(a: A LayoutOperand) -> Coalesced as CoalesceOut = algebra::coalesce, strides(A);
                    /// [`algebra::coalesce_profile`]: coalesce within each mode of `profile`
                    /// (only its nesting matters).
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = Layout::new((_2, (_1, _6)), (_1, (_6, _2)));
                    /// // Coalesced within each mode of the profile (_1, _1):
                    /// let c: CoalescedBy<_, _> = coalesce_profile(a, (_1, _1));
                    /// assert_eq!(c.to_string(), "(_2,_6):(_1,_2)");
                    /// // A run-time profile: the same rule, a Result.
                    /// assert_eq!(coalesce_profile(a, (1i64, 1i64)).unwrap().to_string(), "(_2,_6):(_1,_2)");
                    /// ```
                    fn coalesce_profile(a: A LayoutOperand, profile: P IntTuple) -> CoalescedBy as CoalesceProfileOut = algebra::coalesce_profile, strides(A);
                ],
                typed_by_hand: [],
            }
            filter {
                calc: [("L") => filter,
                    "L without its stride-0 and size-1 modes, coalesced",
                    "filter((4,(1,2),3):(1,(9,0),4))" => "12:1"],
                typed: [
                    /// [`algebra::filter`]: coalesce after removing stride-0 and size-1 modes.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = Layout::new((_4, (_2, _3)), (_0, (_1, _2)));
                    /// // Stride-0 and size-1 modes removed, then coalesced.
                    /// let f: Filtered<_> = filter(a);
                    /// assert_eq!(f.to_string(), "_6:_1");
                    /// // As in C++, only strides known statically to be 0 are removed.
                    /// let d = Layout::new((4i64, 6i64), (0i64, 1i64)).unwrap();
                    /// assert_eq!(filter(d).unwrap().to_string(), "(4,6):(0,1)");
                    /// ```
                    fn filter(a: A LayoutOperand) -> Filtered as FilterOut = algebra::filter, strides(A);
                ],
                typed_by_hand: [],
            }
            composition {
                calc: [("A, T") => composition,
                    "A ∘ T: (A ∘ T)(i) = A(T(i)), by mode for a tiler",
                    "composition(8:2, 16:1)" => "16:2"],
                typed: [
                    /// [`algebra::composition`]: `R(i) = A(B(i))`. `b` is a layout, an integer
                    /// (`n:1`) or a tuple of tilers (by-mode, [`algebra::composition_tiler`]).
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout_strided((_6, _2), (_8, _2));
                    /// let b = make_layout_strided((_4, _3), (_3, _1));
                    /// let r = composition(a, b);
                    /// assert_eq!(r.to_string(), "((_2,_2),_3):((_24,_2),_8)");
                    /// for i in 0..12 {
                    ///     assert_eq!(r.eval_index(i), a.eval(b.eval(i).unwrap()));
                    /// }
                    /// ```
                    fn composition(a: A LayoutOperand, b: B TilerOperand) -> Composed as CompositionOut = composition_any;
                ],
                typed_by_hand: [],
            }
            complement {
                calc: [("L [, M]") => complement,
                    "the offsets below M (default: cosize L) that L leaves out",
                    "complement((2),6)" => "3:2"],
                typed: [
                    /// [`algebra::complement`]: the layout of the positions `a` does not reach,
                    /// within `cotarget` (an integer or a shape).
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = Layout::new(_4, _2);
                    /// let c: ComplementedIn<_, _> = complement(a, _16);
                    /// assert_eq!(c.to_string(), "(_2,_2):(_1,_8)");
                    /// // A run-time cotarget: a Result; the mode it sizes is dynamic.
                    /// assert_eq!(complement(a, 16i64).unwrap().to_string(), "(_2,2):(_1,_8)");
                    /// ```
                    fn complement(a: A LayoutOperand[static strides], cotarget: T IntTuple) -> ComplementedIn as ComplementOut = algebra::complement;
                    /// [`algebra::complement_default`]: `complement(a, cosize(a))`.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// // The complement within the layout's own cosize.
                    /// let c: Complemented<_> = complement_default(Layout::new(_4, _2));
                    /// assert_eq!(c.to_string(), "_2:_1");
                    /// ```
                    fn complement_default(a: A LayoutOperand[static strides]) -> Complemented as ComplementDefaultOut = algebra::complement_default;
                ],
                typed_by_hand: [],
            }
            right_inverse {
                calc: [("L") => right_inverse,
                    "the largest R with L(R(i)) = i",
                    "right_inverse((2,8):(8,1))" => "(8,2):(2,1)"],
                typed: [
                    /// [`algebra::right_inverse`]: `R` with `a(R(i)) == i` on `R`'s domain.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout_right((_4, _8)); // (_4,_8):(_8,_1)
                    /// let r: RightInverse<_> = right_inverse(a);
                    /// assert_eq!(r.to_string(), "(_8,_4):(_4,_1)");
                    /// // a(r(i)) == i on r's domain.
                    /// for i in 0..32 {
                    ///     assert_eq!(a.eval(r.eval_index(i).unwrap()).unwrap(), i);
                    /// }
                    /// ```
                    fn right_inverse(a: A LayoutOperand[static strides]) -> RightInverse as RightInverseOut = algebra::right_inverse;
                ],
                typed_by_hand: [],
            }
            left_inverse {
                calc: [("L") => left_inverse,
                    "an R with R(L(i)) = i",
                    "left_inverse((2,3):(1,4))" => "(4,3):(1,2)"],
                typed: [
                    /// [`algebra::left_inverse`]: `R` with `R(a(i)) == i` on `a`'s domain.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = Layout::new((_4, _2), (_1, _8));
                    /// let l: LeftInverse<_> = left_inverse(a);
                    /// assert_eq!(l.to_string(), "(_8,_2):(_1,_4)");
                    /// // l(a(i)) == i on a's domain.
                    /// for i in 0..8 {
                    ///     assert_eq!(l.eval_index(a.eval_index(i).unwrap()).unwrap(), i);
                    /// }
                    /// ```
                    fn left_inverse(a: A LayoutOperand[static strides]) -> LeftInverse as LeftInverseOut = algebra::left_inverse;
                ],
                typed_by_hand: [],
            }
            logical_divide {
                calc: [("L, T") => logical_divide,
                    "L ∘ (T, complement of T): a tile, then the tiles",
                    "logical_divide((4,3):(1,5), 8:1)" => "((4,2),2):((1,5),10)"],
                typed: [
                    /// [`algebra::logical_divide`]: the tiles of `a` by `tiler`: `composition(a, (tiler, complement(tiler, size(a))))`, mode by mode for a tuple tiler. `tiler` is a layout, an integer (`n:1`) or a
                    /// tuple of tilers.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_4, _8));
                    /// // By-mode tiler: 2 along mode 0, 4 along mode 1.
                    /// let d: LogicalDivided<_, _> = logical_divide(a, (_2, _4));
                    /// assert_eq!(d.to_string(), "((_2,_2),(_4,_2)):((_1,_2),(_4,_16))");
                    /// assert_eq!(d.size(), 32);
                    /// // A run-time tiler: a typed mixed layout, run-time where C++ is.
                    /// let m = logical_divide(a, (2i64, 4i64)).unwrap();
                    /// assert_eq!(m.to_string(), "((2,2),(4,2)):((_1,2),(_4,16))");
                    /// assert_eq!(m.size(), 32);
                    /// ```
                    fn logical_divide(a: A LayoutOperand, tiler: B TilerOperand[static strides]) -> LogicalDivided as LogicalDivideOut = logical_divide_any;
                ],
                typed_by_hand: [],
            }
            zipped_divide {
                calc: [("L, T") => zipped_divide,
                    "logical_divide with tile modes and rest modes gathered",
                    "zipped_divide(10:1, 4:1)" => "(4,3):(1,4)"],
                typed: [
                    /// [`algebra::zipped_divide`]: `logical_divide` with the tile modes gathered first: `((tile), (rest))`. `tiler` is a layout, an integer (`n:1`) or a
                    /// tuple of tilers.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_4, _8));
                    /// // By-mode tiler: 2 along mode 0, 4 along mode 1.
                    /// let d: ZippedDivided<_, _> = zipped_divide(a, (_2, _4));
                    /// assert_eq!(d.to_string(), "((_2,_4),(_2,_2)):((_1,_4),(_2,_16))");
                    /// assert_eq!(d.size(), 32);
                    /// // A run-time tiler: a typed mixed layout, run-time where C++ is.
                    /// let m = zipped_divide(a, (2i64, 4i64)).unwrap();
                    /// assert_eq!(m.to_string(), "((2,4),(2,2)):((_1,_4),(2,16))");
                    /// assert_eq!(m.size(), 32);
                    /// ```
                    fn zipped_divide(a: A LayoutOperand, tiler: B TilerOperand[static strides]) -> ZippedDivided as ZippedDivideOut = zipped_divide_any;
                ],
                typed_by_hand: [],
            }
            tiled_divide {
                calc: [("L, T") => tiled_divide,
                    "zipped_divide with the rest modes made top-level",
                    "tiled_divide((8,8):(1,8), [2:1,4:1])" => "((2,4),4,2):((1,8),2,32)"],
                typed: [
                    /// [`algebra::tiled_divide`]: `zipped_divide` with the rest modes unpacked: `((tile), rest0, rest1, …)`. `tiler` is a layout, an integer (`n:1`) or a
                    /// tuple of tilers.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_4, _8));
                    /// // By-mode tiler: 2 along mode 0, 4 along mode 1.
                    /// let d: TiledDivided<_, _> = tiled_divide(a, (_2, _4));
                    /// assert_eq!(d.to_string(), "((_2,_4),_2,_2):((_1,_4),_2,_16)");
                    /// assert_eq!(d.size(), 32);
                    /// // A run-time tiler: a typed mixed layout, run-time where C++ is.
                    /// let m = tiled_divide(a, (2i64, 4i64)).unwrap();
                    /// assert_eq!(m.to_string(), "((2,4),2,2):((_1,_4),2,16)");
                    /// assert_eq!(m.size(), 32);
                    /// ```
                    fn tiled_divide(a: A LayoutOperand, tiler: B TilerOperand[static strides]) -> TiledDivided as TiledDivideOut = tiled_divide_any;
                ],
                typed_by_hand: [],
            }
            flat_divide {
                calc: [("L, T") => flat_divide,
                    "zipped_divide with every mode made top-level",
                    "flat_divide((8,8):(1,8), [2:1,4:1])" => "(2,4,4,2):(1,8,2,32)"],
                typed: [
                    /// [`algebra::flat_divide`]: `zipped_divide` with both parts unpacked: `(tile0, tile1, …, rest0, …)`. `tiler` is a layout, an integer (`n:1`) or a
                    /// tuple of tilers.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_4, _8));
                    /// // By-mode tiler: 2 along mode 0, 4 along mode 1.
                    /// let d: FlatDivided<_, _> = flat_divide(a, (_2, _4));
                    /// assert_eq!(d.to_string(), "(_2,_4,_2,_2):(_1,_4,_2,_16)");
                    /// assert_eq!(d.size(), 32);
                    /// // A run-time tiler: a typed mixed layout, run-time where C++ is.
                    /// let m = flat_divide(a, (2i64, 4i64)).unwrap();
                    /// assert_eq!(m.to_string(), "(2,4,2,2):(_1,_4,2,16)");
                    /// assert_eq!(m.size(), 32);
                    /// ```
                    fn flat_divide(a: A LayoutOperand, tiler: B TilerOperand[static strides]) -> FlatDivided as FlatDivideOut = flat_divide_any;
                ],
                typed_by_hand: [],
            }
            logical_product {
                calc: [("A, T") => logical_product,
                    "(A, complement of A ∘ T): A, repeated as T says",
                    "logical_product((2,2):(1,2), 3)" => "((2,2),3):((1,2),4)"],
                typed: [
                    /// [`algebra::logical_product`]: `a` repeated by `tiler`: `(a, composition(complement(a, size(a)·cosize(tiler)), tiler))`, mode by mode for a tuple tiler. `tiler` is a layout, an integer (`n:1`) or a
                    /// tuple of tilers.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_2, _2));
                    /// let p: LogicalProduct<_, _> = logical_product(a, make_layout((_3, _2)));
                    /// assert_eq!(p.to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_4,_12))");
                    /// assert_eq!(p.size(), 24);
                    /// ```
                    fn logical_product(a: A LayoutOperand[static strides], tiler: B TilerOperand) -> LogicalProduct as LogicalProductOut = logical_product_any;
                ],
                typed_by_hand: [],
            }
            zipped_product {
                calc: [("A, T") => zipped_product,
                    "logical_product with block modes and repeat modes gathered",
                    "zipped_product((2,2):(1,2), [3:1,2:1])" => "((2,2),(3,2)):((1,2),(2,1))"],
                typed: [
                    /// [`algebra::zipped_product`]: `logical_product` with the modes zipped: `((a modes), (tiler modes))`. `tiler` is a layout, an integer (`n:1`) or a
                    /// tuple of tilers.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_2, _2));
                    /// let p: ZippedProduct<_, _> = zipped_product(a, (_3, _2));
                    /// assert_eq!(p.to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_2,_1))");
                    /// assert_eq!(p.size(), 24);
                    /// ```
                    fn zipped_product(a: A LayoutOperand[static strides], tiler: B TilerOperand) -> ZippedProduct as ZippedProductOut = zipped_product_any;
                ],
                typed_by_hand: [],
            }
            tiled_product {
                calc: [("A, T") => tiled_product,
                    "zipped_product with the repeat modes made top-level",
                    "tiled_product((2,2):(1,2), [3:1,2:1])" => "((2,2),3,2):((1,2),2,1)"],
                typed: [
                    /// [`algebra::tiled_product`]: `zipped_product` with the tiler modes unpacked. `tiler` is a layout, an integer (`n:1`) or a
                    /// tuple of tilers.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_2, _2));
                    /// let p: TiledProduct<_, _> = tiled_product(a, (_3, _2));
                    /// assert_eq!(p.to_string(), "((_2,_2),_3,_2):((_1,_2),_2,_1)");
                    /// assert_eq!(p.size(), 24);
                    /// ```
                    fn tiled_product(a: A LayoutOperand[static strides], tiler: B TilerOperand) -> TiledProduct as TiledProductOut = tiled_product_any;
                ],
                typed_by_hand: [],
            }
            flat_product {
                calc: [("A, T") => flat_product,
                    "zipped_product with every mode made top-level",
                    "flat_product((2,2):(1,2), [3:1,2:1])" => "(2,2,3,2):(1,2,2,1)"],
                typed: [
                    /// [`algebra::flat_product`]: `zipped_product` with both parts unpacked. `tiler` is a layout, an integer (`n:1`) or a
                    /// tuple of tilers.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_2, _2));
                    /// let p: FlatProduct<_, _> = flat_product(a, (_3, _2));
                    /// assert_eq!(p.to_string(), "(_2,_2,_3,_2):(_1,_2,_2,_1)");
                    /// assert_eq!(p.size(), 24);
                    /// ```
                    fn flat_product(a: A LayoutOperand[static strides], tiler: B TilerOperand) -> FlatProduct as FlatProductOut = flat_product_any;
                ],
                typed_by_hand: [],
            }
            blocked_product {
                calc: [("A, B") => blocked_product,
                    "copies of A arranged as B, mode by mode, each copy together",
                    "blocked_product((2,5):(5,1), (3,4):(1,3))" => "((2,3),(5,4)):((5,10),(1,30))"],
                typed: [
                    /// [`algebra::blocked_product`]: each element of `b` becomes a block `a`; the result's modes pair `a`'s with `b`'s.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_2, _2));
                    /// let p: BlockedProduct<_, _> = blocked_product(a, make_layout((_3, _2)));
                    /// assert_eq!(p.to_string(), "((_2,_3),(_2,_2)):((_1,_4),(_2,_12))");
                    /// assert_eq!(p.size(), 24);
                    /// ```
                    fn blocked_product(a: A LayoutOperand[static strides], b: B LayoutOperand) -> BlockedProduct as BlockedProductOut = algebra::blocked_product;
                ],
                typed_by_hand: [],
            }
            raked_product {
                calc: [("A, B") => raked_product,
                    "copies of A arranged as B, mode by mode, elements interleaved",
                    "raked_product(3:1, (2,2):(1,2))" => "((2,3),(2,1)):((3,1),(6,0))"],
                typed: [
                    /// [`algebra::raked_product`]: `a`'s elements interleaved (raked) across the copies laid out by `b`.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_2, _2));
                    /// let p: RakedProduct<_, _> = raked_product(a, make_layout((_3, _2)));
                    /// assert_eq!(p.to_string(), "((_3,_2),(_2,_2)):((_4,_1),(_12,_2))");
                    /// assert_eq!(p.size(), 24);
                    /// ```
                    fn raked_product(a: A LayoutOperand[static strides], b: B LayoutOperand) -> RakedProduct as RakedProductOut = algebra::raked_product;
                ],
                typed_by_hand: [],
            }
            tile_to_shape {
                calc: [("L, S [, O]") => tile_to_shape,
                    "L repeated (in the mode order O) to fill the shape S",
                    "tile_to_shape((2,2), (8,4))" => "((2,4),(2,2)):((1,4),(2,16))"],
                typed: [
                    /// [`algebra::tile_to_shape`]: copies of `block` laid out column-major until
                    /// they cover `shape`.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let block = make_layout((_2, _2));
                    /// let t: TiledToShape<_, _> = tile_to_shape(block, (_4, _6));
                    /// assert_eq!(t.to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
                    /// // A run-time target shape: a typed mixed layout.
                    /// let m = tile_to_shape(block, (4i64, 6i64)).unwrap();
                    /// assert_eq!(m.to_string(), "((_2,2),(_2,3)):((_1,_4),(_2,8))");
                    /// assert_eq!(m.size(), 24);
                    /// ```
                    fn tile_to_shape(block: A LayoutOperand[static strides], shape: S IntTuple) -> TiledToShape as TileToShapeOut = tile_to_shape_column_major;
                    /// [`algebra::tile_to_shape`] with `order`, the order in which the copies
                    /// advance through the modes (e.g. `(_2, _1)` for row-major).
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let block = make_layout((_2, _2));
                    /// // Blocks repeated along mode 1 first (order (1, 0)).
                    /// let t: TiledToShapeOrdered<_, _, _> = tile_to_shape_ordered(block, (_4, _6), (_1, _0));
                    /// assert_eq!(t.size(), 24);
                    /// assert_eq!(t.to_string(), "((_2,_2),(_2,_3)):((_1,_12),(_2,_4))");
                    /// ```
                    fn tile_to_shape_ordered(block: A LayoutOperand[static strides], shape: S IntTuple, order: O IntTuple[static]) -> TiledToShapeOrdered as TileToShapeOrderedOut = tile_to_shape_in;
                ],
                typed_by_hand: [],
            }
            upcast {
                calc: [("L, n") => upcast,
                    "L over elements n times wider",
                    "upcast((4,8):(8,1), 4)" => "(4,2):(2,1)"],
                typed: [
                    /// [`algebra::upcast`]: the same data seen as elements `n` times wider
                    /// (CuTe `upcast<N>`); `n` is static (`_2`) or an `i64`.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// // Two 16-bit elements per 32-bit word: the index space shrinks by 2.
                    /// let u: Upcast<_, _> = upcast(make_layout((_4, _8)), _2);
                    /// assert_eq!(u.to_string(), "(_2,_8):(_1,_2)");
                    /// ```
                    fn upcast(a: A LayoutOperand, n: N IntLike[static]) -> Upcast as UpcastOut = algebra::upcast;
                ],
                typed_by_hand: [],
            }
            downcast {
                calc: [("L, n") => downcast,
                    "L over elements n times narrower",
                    "downcast((4,8):(8,1), 2)" => "(4,16):(16,1)"],
                typed: [
                    /// [`algebra::downcast`]: the same data seen as elements `n` times narrower
                    /// (CuTe `downcast<N>`); `n` is static (`_2`) or an `i64`.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// // Each element split in two: the index space grows by 2.
                    /// let d: Downcast<_, _> = downcast(make_layout((_4, _8)), _2);
                    /// assert_eq!(d.to_string(), "(_8,_8):(_1,_8)");
                    /// ```
                    fn downcast(a: A LayoutOperand, n: N IntLike[static]) -> Downcast as DowncastOut = algebra::downcast;
                ],
                typed_by_hand: [],
            }
            max_common_vector {
                calc: [("A, B") => max_common_vector,
                    "the number of contiguous elements from 0 that A and B map alike",
                    "max_common_vector((8,4), (8,4))" => "32"],
                typed: [],
                typed_by_hand: [max_common_vector],
            }
            max_common_layout {
                calc: [("A, B") => max_common_layout,
                    "the largest layout R with A ∘ R = B ∘ R contiguous",
                    "max_common_layout((8,4), (8,4))" => "32:1"],
                typed: [
                    /// [`algebra::max_common_layout`]: the longest run both layouts store
                    /// contiguously, as a layout into both.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_4, _8));
                    /// let m: MaxCommonLayout<_, _> = max_common_layout(a, a);
                    /// assert_eq!(m.to_string(), "_32:_1");
                    /// // Column-major against row-major: only one element in common order.
                    /// assert_eq!(max_common_layout(make_layout_right((_4, _8)), a).to_string(), "_1:_0");
                    /// ```
                    fn max_common_layout(a: A LayoutOperand[static strides], b: B LayoutOperand[static strides]) -> MaxCommonLayout as MaxCommonLayoutOut = algebra::max_common_layout;
                ],
                typed_by_hand: [],
            }
            make_layout_like {
                calc: [("L") => make_layout_like,
                    "a compact layout of L's shape, its strides ordered as L's",
                    "make_layout_like((2,8,4):(0,8,2))" => "(2,8,4):(0,4,1)"],
                typed: [
                    /// [`algebra::make_layout_like`]: a compact layout with `a`'s shape whose
                    /// modes are ordered like `a`'s strides.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// // Compact, with the modes ordered by the strides of the argument.
                    /// let a = Layout::new((_8, _3), (_32, _24));
                    /// let l: LayoutLikeOf<_> = make_layout_like(a);
                    /// assert_eq!(l.to_string(), "(_8,_3):(_3,_1)");
                    /// ```
                    fn make_layout_like(a: A LayoutOperand[static strides]) -> LayoutLikeOf as MakeLayoutLikeOut = algebra::make_layout_like;
                ],
                typed_by_hand: [],
            }
            nullspace {
                calc: [],
                typed: [
                    /// [`algebra::nullspace`]: the coordinates `a` maps to 0, as a layout.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// // The coordinates that map to 0: here the stride-0 mode.
                    /// let a = Layout::new((_4, _4), (_0, _1));
                    /// let n: Nullspace<_> = nullspace(a);
                    /// for i in 0..n.size() {
                    ///     assert_eq!(a.eval_index(n.eval_index(i).unwrap()).unwrap(), 0);
                    /// }
                    /// assert_eq!(n.size(), 4);
                    /// ```
                    fn nullspace(a: A LayoutOperand[static strides]) -> Nullspace as NullspaceOut = algebra::nullspace;
                ],
                typed_by_hand: [],
            }
            select {
                calc: [("L, i [, j …]") => select,
                    "the modes i, j, … of L",
                    "select((4,8):(1,4), 1, 1)" => "(8,8):(4,4)"],
                typed: [],
                typed_by_hand: [select],
            }
            take {
                calc: [("L, b, e") => take,
                    "the modes b to e - 1 of L",
                    "take((2,3,4):(1,2,6), 1, 2)" => "(3):(2)"],
                typed: [],
                typed_by_hand: [take],
            }
            group {
                calc: [("L, b, e") => group,
                    "the modes b to e - 1 of L gathered into one mode",
                    "group((2,3,4):(1,2,6), 0, 2)" => "((2,3),4):((1,2),6)"],
                typed: [],
                typed_by_hand: [group],
            }
            append {
                calc: [("L, M") => append,
                    "M added as L's last mode",
                    "append((2,3):(1,2), (4,5):(6,24))" => "(2,3,(4,5)):(1,2,(6,24))"],
                typed: [
                    /// CuTe `append(a, x)`: `x` becomes the last mode (an integer-shaped `a`
                    /// becomes the pair `(a, x)`).
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_4, _8));
                    /// let r: Appended<_, _> = append(a, Layout::new(_2, _32));
                    /// assert_eq!(r.to_string(), "(_4,_8,_2):(_1,_4,_32)");
                    /// assert_eq!(append(a, Layout::new(2i64, 32i64).unwrap()).unwrap().to_string(), "(_4,_8,2):(_1,_4,32)");
                    /// ```
                    fn append(a: A LayoutOperand, x: X LayoutOperand) -> Appended as AppendOut = FixedLayout::append, strides(A, X);
                ],
                typed_by_hand: [],
            }
            prepend {
                calc: [("L, M") => prepend,
                    "M added as L's first mode",
                    "prepend((3):(1), 2:0)" => "(2,3):(0,1)"],
                typed: [
                    /// CuTe `prepend(a, x)`: `x` becomes the first mode.
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_4, _8));
                    /// let r: Prepended<_, _> = prepend(a, Layout::new(_2, _32));
                    /// assert_eq!(r.to_string(), "(_2,_4,_8):(_32,_1,_4)");
                    /// ```
                    fn prepend(a: A LayoutOperand, x: X LayoutOperand) -> Prepended as PrependOut = FixedLayout::prepend, strides(A, X);
                ],
                typed_by_hand: [],
            }
            replace {
                calc: [],
                typed: [],
                typed_by_hand: [replace],
            }
            slice {
                calc: [],
                typed: [
                    /// CuTe `slice(coord, a)` (`a(coord)` with placeholders): the modes of `a`
                    /// where `coord` holds [`Underscore`](super::Underscore), flattened into one
                    /// tuple. The offset of the slice is in [`slice_and_offset`](super::slice_and_offset).
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_4, _8));
                    /// assert_eq!(slice(a, (Underscore, 3)).unwrap().to_string(), "(_4):(_1)");
                    /// assert_eq!(slice(a, (Underscore, _3)).to_string(), "(_4):(_1)");
                    /// ```
                    fn slice(a: A LayoutOperand, coord: K Coord) -> Sliced as SliceOut = FixedLayout::slice, strides(A);
                ],
                typed_by_hand: [],
            }
            dice {
                calc: [],
                typed: [
                    /// CuTe `dice(coord, a)`: the modes of `a` where `coord` holds an integer
                    /// (the complement of [`slice()`]).
                    ///
                    /// ```
                    /// use cute_typed::typed::*;
                    /// let a = make_layout((_4, _8, _2));
                    /// // The modes where the coordinate holds an integer.
                    /// let d: Diced<_, _> = dice(a, (_1, Underscore, _0));
                    /// assert_eq!(d.to_string(), "(_4,_2):(_1,_32)");
                    /// ```
                    fn dice(a: A LayoutOperand, coord: K Coord) -> Diced as DiceOut = FixedLayout::dice, strides(A);
                ],
                typed_by_hand: [],
            }
            slice_and_offset {
                calc: [],
                typed: [],
                typed_by_hand: [slice_and_offset],
            }
            swizzle {
                calc: [("b, m, s") => swizzle,
                    "Swizzle<b,m,s>: XORs bits [m+s, m+s+b) into bits [m, m+b)",
                    "swizzle(3,4,3)" => "Sw<3,4,3>"],
                typed: [],
                typed_by_hand: [],
            }
        }
    };
}
