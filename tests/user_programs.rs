//! Programs written as a user would write them: operations chained with `?`,
//! failures matched on their typed error and printed, and the next step taken
//! after a failure. Every failure must be a typed error whose message names the
//! violated rule; nothing may panic, and a failure must not corrupt what follows.
use cute::algebra::{composition, logical_divide, zipped_divide};
use cute::expr::{eval_lines_as, eval_lines_on, evaluate, evaluate_mixed, ExprError, Reading};
use cute::tensor::{make_tensor, shape_tiler, TileGrid};
use cute::{make_layout, DLayout, DTuple, Error, _4};

/// A user's helper: tile a row-major `m × n` matrix by `tm × tn` and return the
/// offsets of tile `(i, j)`'s elements, every step with `?`.
fn tile_offsets(
    m: i64,
    n: i64,
    tm: i64,
    tn: i64,
    i: i64,
    j: i64,
) -> Result<Vec<i64>, Box<dyn std::error::Error>> {
    let matrix: DLayout = format!("({m},{n}):({n},1)").parse()?;
    let tiler = shape_tiler(&format!("({tm},{tn})").parse()?)?;
    let grid = TileGrid::new(&matrix, &tiler)?;
    let (tile, offset) = grid.tile(&format!("({i},{j})").parse::<DTuple>()?)?;
    let mut out = Vec::new();
    for k in 0..tile.size()?.value {
        out.push(offset + tile.eval_index(k)?.value);
    }
    Ok(out)
}

#[test]
fn a_chain_of_question_marks_reports_the_first_failure_typed() {
    // a good call
    assert_eq!(tile_offsets(4, 4, 2, 2, 1, 1).unwrap(), [10, 14, 11, 15]);
    // each failing step is reported with its own typed error and rule
    let cases: [(_, &str); 4] = [
        (
            tile_offsets(4, 0, 2, 2, 0, 0),
            "shape entries must be positive",
        ),
        (tile_offsets(4, 4, 2, 2, 9, 0), "outside"),
        (tile_offsets(i64::MAX, 2, 1, 1, i64::MAX - 1, 1), "overflow"),
        (tile_offsets(4, 4, -2, 2, 0, 0), "positive"),
    ];
    for (k, (got, rule)) in cases.into_iter().enumerate() {
        let e = got.expect_err("must fail");
        let text = e.to_string();
        assert!(!text.is_empty(), "case {k}: empty message");
        assert!(
            text.contains(rule),
            "case {k}: {text:?} does not name {rule:?}"
        );
        // the error is one of the library's typed errors
        assert!(
            e.downcast_ref::<Error>().is_some()
                || e.downcast_ref::<cute::text::ParseError>().is_some(),
            "case {k}: {text} is not a typed error"
        );
    }
}

/// Matching on the typed error of a failed composition and falling back to a
/// repaired right-hand side, as a user's code would.
#[test]
fn a_failed_composition_is_matched_and_the_program_goes_on() {
    let a: DLayout = "(3,5):(1,4)".parse().unwrap();
    let b: DLayout = "10:2".parse().unwrap();
    let r = match composition(&a, &b) {
        Ok(r) => r,
        Err(Error::NotFunctional) => {
            assert!(Error::NotFunctional.to_string().contains("R(i) == A(B(i))"));
            composition(&a, &"5:3".parse().unwrap()).unwrap()
        }
        Err(e) => panic!("unexpected error {e}"),
    };
    for i in 0..5 {
        assert_eq!(
            r.eval_index(i).unwrap().value,
            a.eval_index(3 * i).unwrap().value
        );
    }
    // the failed call left its operands usable
    assert_eq!(a.to_string(), "(3,5):(1,4)");
    let d = logical_divide(&a, &"3:1".parse().unwrap()).unwrap();
    for i in 0..15 {
        assert_eq!(d.eval_index(i).unwrap(), a.eval_index(i).unwrap());
    }
    // a failure further down a chain is the error of the step that failed
    let chained = composition(&a, &b).and_then(|r| zipped_divide(&r, &"2:1".parse().unwrap()));
    assert_eq!(chained.unwrap_err(), Error::NotFunctional);
}

/// The calculator API: each failing expression is a typed `ExprError` whose
/// message names the function and the rule.
#[test]
fn calculator_errors_are_typed_and_name_the_rule() {
    let cases: [(&str, &str, bool); 6] = [
        ("composition((3,5):(1,4), 10:2)", "R(i) == A(B(i))", true),
        ("complement((2,2):(1,1))", "not injective", true),
        // C++ checks the divisibility only for a static stride (`ceil_div` at run time)
        ("upcast(2:3, 2)", "divisible by the factor", false),
        ("size((4294967296,4294967296))", "overflow", true),
        ("get((4,8), 5)", "out of range", true),
        ("compositon((4,8), 2)", "did you mean 'composition'", true),
    ];
    for (src, rule, both) in cases {
        let readings = if both {
            vec![evaluate(src), evaluate_mixed(src)]
        } else {
            vec![evaluate(src)]
        };
        for r in readings {
            let e = r.expect_err(src);
            let text = e.to_string();
            assert!(
                text.contains(rule),
                "{src}: {text:?} does not name {rule:?}"
            );
        }
    }
    match evaluate("composition((3,5):(1,4), 10:2)") {
        Err(ExprError::Algebra {
            function: "composition",
            error: Error::NotFunctional,
        }) => {}
        other => panic!("{other:?}"),
    }
}

/// `cute eval -`: a failing line gives one error line and the next lines are
/// evaluated as if it had not been there, whatever the number of threads.
#[test]
fn a_failing_line_does_not_disturb_the_next_ones() {
    let lines = [
        "size((4,8))",
        "composition((3,5):(1,4), 10:2)",
        "coalesce((2,(1,6)):(1,(6,2)))",
        "size((9223372036854775807,2))",
        "((((",
        "logical_divide((8,8):(1,8), [2,4])",
        "\u{0}",
        "cosize((4,8):(8,1))",
    ];
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let want = [
        "32",
        "error: composition: the result would not satisfy R(i) == A(B(i))",
        "12:1",
        "error: size: integer overflow: a value does not fit in 64 bits",
        "error",
        "((2,4),(4,2)):((1,2),(8,32))",
        "error",
        "32",
    ];
    for workers in [1, 2, 7] {
        let mut out = Vec::new();
        let errors = eval_lines_on(
            std::num::NonZeroUsize::new(workers).unwrap(),
            input.as_bytes(),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got.len(), lines.len(), "{out}");
        assert_eq!(errors, 4);
        for (g, w) in got.iter().zip(want) {
            assert!(g.starts_with(w), "{workers} workers: {g:?} for {w:?}");
        }
    }
    // the same in the mixed reading (bare integers are run-time ints)
    let mut out = Vec::new();
    eval_lines_as(
        Reading::Mixed,
        std::num::NonZeroUsize::MIN,
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().count(), lines.len());
    assert_eq!(out.lines().nth(2), Some("(2,1,6):(1,6,2)"));
    assert_eq!(out.lines().nth(7), Some("32"));
}

/// Tensors: a view that would read past the storage is refused, and the tensor is
/// still usable afterwards.
#[test]
fn tensor_failures_are_typed_and_leave_the_tensor_usable() {
    let data: Vec<i32> = (0..16).collect();
    let l: DLayout = "(4,4):(4,1)".parse().unwrap();
    let t = make_tensor(&data[..], l.clone()).unwrap();
    // storage too short
    let short = make_tensor(&data[..15], l.clone());
    let e = short.map(|_| ()).unwrap_err();
    assert_eq!(e, Error::OutOfStorage);
    assert!(e.to_string().contains("storage"));
    // a tile outside the grid of tiles of a tensor whose storage is longer than
    // its layout reaches: refused, not a view of the elements past the tensor
    let tiler = shape_tiler(&"(2,2)".parse().unwrap()).unwrap();
    let long: Vec<i32> = (0..64).collect();
    let t4 = make_tensor(&long[..], l).unwrap();
    assert_eq!(
        t4.view().local_tile(&tiler, (1i64, 1i64)).unwrap().to_vec(),
        [10, 14, 11, 15]
    );
    for coord in [(2i64, 0i64), (0, 2), (-1, 0)] {
        let e = t4.view().local_tile(&tiler, coord).map(|_| ()).unwrap_err();
        assert_eq!(e, Error::OutOfDomain, "{coord:?}");
    }
    let e = t4.view().local_tile(&tiler, 4i64).map(|_| ()).unwrap_err();
    assert_eq!(e, Error::OutOfDomain);
    assert!(e.to_string().contains("outside"));
    // the same tiles through the typed tiler
    let e = t4
        .view()
        .local_tile(&(cute::_2, cute::_2), (2i64, 0i64))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e, Error::OutOfDomain);
    // coordinate outside the shape
    let e = t.get((4i64, 0i64)).unwrap_err();
    assert_eq!(e, Error::OutOfDomain);
    // a huge tile: refused or clamped, never a panic; the tensor still works
    let huge = shape_tiler(&format!("({},{})", i64::MAX, i64::MAX).parse().unwrap()).unwrap();
    let _ = t.view().local_tile(&huge, (0i64, 0i64));
    assert_eq!(*t.get((3i64, 2i64)).unwrap(), 14);
    // typed mixed layer: a run-time 0 extent is refused with the rule named
    let e = make_layout((_4, 0i64)).map(|_| ()).unwrap_err();
    assert_eq!(e, Error::NonPositiveShape);
    assert!(e.to_string().contains("positive"));
}
