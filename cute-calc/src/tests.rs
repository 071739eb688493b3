//! The evaluator's own rules: argument reading by position, printing, errors and
//! the line-by-line driver. The algebra's results are checked by the conformance
//! replay (`tests/conformance.rs` in the root crate).
use std::string::{String, ToString};
use std::vec::Vec;

use super::{eval_line, eval_line_as, eval_lines, evaluate, parse, ExprError, Value, MAX_NESTING};
use cute_types::error::Error;
use cute_types::text::ParseErrorKind;

fn line(src: &str) -> String {
    eval_line(src)
}

#[test]
fn bare_tuple_is_a_layout_where_a_layout_is_expected() {
    assert_eq!(line("(1,4)"), "(1,4):(0,1)");
    assert_eq!(line("size((4,(2,3)))"), "24");
    assert_eq!(line("composition((4,8):(1,4), (2,2))"), "(2,2):(1,2)");
}

#[test]
fn bare_tuple_is_an_inttuple_where_a_tuple_is_expected() {
    assert_eq!(line("idx2crd(22, (4,(2,3)))"), "(2,(1,2))");
    assert_eq!(line("crd2idx((1,5), (4,(2,3)))"), "21");
    assert_eq!(line("coalesce((4,(2,2)):(1,(4,8)), (1,1))"), "(4,4):(1,4)");
    // A layout literal is not an IntTuple.
    assert!(matches!(
        evaluate("idx2crd(3, (4,8):(1,4))"),
        Err(ExprError::ArgumentKind {
            function: "idx2crd",
            argument: 2,
            ..
        })
    ));
}

#[test]
fn int_where_a_layout_is_expected_is_make_layout() {
    assert_eq!(line("logical_divide(16:1, 4)"), "(4,4):(1,4)");
    // except as a composition's right-hand side, where C++ composes an integral
    // tiler `n` as `n:_1`: `composition(_8:_2, _1)` is `_1:_2` (g++, CuTe 4.2)
    assert_eq!(line("composition(8:2, 1)"), "1:2");
    assert_eq!(line("logical_divide(8:2, 1)"), "(1,8):(0,2)");
    // a call giving an int counts the same as the literal
    assert_eq!(line("composition(8:2, size(4:1))"), "4:2");
}

#[test]
fn cotarget_may_be_a_layout_standing_for_its_shape() {
    assert_eq!(line("complement(2:1, (3,5))"), "10:2");
    assert_eq!(line("complement(2:1, (3,5):(1,3))"), "10:2");
    assert_eq!(line("complement(2:1, shape((3,5)))"), "10:2");
}

#[test]
fn crd2idx_reads_a_layout_with_strides_as_a_layout() {
    assert_eq!(line("crd2idx((1,(1,2)), (4,(2,3)):(1,(4,8)))"), "21");
    assert_eq!(line("crd2idx((1,2), (4,8), (8,1))"), "10");
    assert_eq!(line("crd2idx(5, (4,8), (8,1))"), "9");
}

#[test]
fn tilers_nest_and_their_ints_are_layouts() {
    assert_eq!(
        line("logical_divide((8,8):(1,8), [2,4])"),
        "((2,4),(4,2)):((1,2),(8,32))"
    );
    assert_eq!(
        line("logical_product(((2,2),3):((1,2),4), [[2:1],2])"),
        "(((2,2),2),(3,2)):(((1,2),2),(4,1))"
    );
    // an integer entry prints as the integer, a shape as its layout
    assert_eq!(line("[2,(4,2)]"), "[2,(4,2):(1,4)]");
}

#[test]
fn prints_without_spaces_or_static_marks() {
    assert_eq!(
        line("( _4 , ( 2, _2 ) ) : ( 1 , ( 4, 8 ) )"),
        "(4,(2,2)):(1,(4,8))"
    );
    assert_eq!(line("stride(64:-1)"), "-1");
    assert_eq!(line("shape((3):(1))"), "(3)");
    assert_eq!(
        line("composition(swizzle(3,4,3), (8,64):(64,1))"),
        "Sw<3,4,3>o0o(8,64):(64,1)"
    );
    assert_eq!(line("swizzle(2,0,-3)"), "Sw<2,0,-3>");
    let v = evaluate("coalesce((4,(2,2)):(1,(4,8)))").unwrap();
    assert_eq!(v.to_string(), "16:1");
    assert!(matches!(v, Value::Layout(_)));
}

#[test]
fn every_literal_is_static() {
    // static shape-1 modes get stride 0, as with Int<1> in C++
    assert_eq!(line("(4,1,2)"), "(4,1,2):(1,0,4)");
    let Value::Layout(l) = evaluate("(4,8):(1,4)").unwrap() else {
        panic!("expected a layout")
    };
    assert!(l.is_static());
}

#[test]
fn swizzled_layouts_answer_domain_queries_with_their_inner_layout() {
    let sl = "composition(swizzle(3,4,3), (8,64):(64,1))";
    assert_eq!(line(&std::format!("cosize({sl})")), "512");
    assert_eq!(line(&std::format!("shape({sl})")), "(8,64)");
    assert_eq!(line(&std::format!("eval({sl}, (3,5))")), "213");
    assert!(line(&std::format!("stride({sl})")).starts_with("error: stride: argument 1"));
    // b = 0: the identity swizzle disappears
    assert_eq!(line("composition(swizzle(0,4,3), 8:1)"), "8:1");
}

#[test]
fn syntax_errors_carry_their_position() {
    let Err(ExprError::Syntax(e)) = evaluate("size((4,x))") else {
        panic!("expected a syntax error")
    };
    assert_eq!(e.pos, 8);
    let Err(ExprError::Syntax(e)) = evaluate("(6,4):((1,1),6)") else {
        panic!("expected a syntax error")
    };
    assert_eq!(e.kind, ParseErrorKind::Invalid(Error::NotCongruent));
    for bad in [
        "coalesce()",
        "size(4))",
        "size(4",
        "_-4",
        "__4:1",
        "[2,",
        ":(4)",
        "",
    ] {
        assert!(
            matches!(evaluate(bad), Err(ExprError::Syntax(_))),
            "{bad:?} should be a syntax error"
        );
    }
}

#[test]
fn unknown_functions_and_arity_are_named() {
    assert_eq!(
        evaluate("frobnicate(4:1)"),
        Err(ExprError::UnknownFunction {
            name: "frobnicate".to_string(),
            pos: 0,
            suggestion: None,
        })
    );
    assert_eq!(
        eval_line("coalesce(sise(4:1))"),
        "error: unknown function 'sise' at column 10; did you mean 'size'?"
    );
    assert_eq!(
        eval_line("logical_dvide(8:1, 2)"),
        "error: unknown function 'logical_dvide' at column 1; did you mean 'logical_divide'?"
    );
    assert_eq!(
        evaluate("complement(4:1, 8, 8)"),
        Err(ExprError::Arity {
            function: "complement",
            expected: "1 or 2",
            found: 3
        })
    );
    assert_eq!(
        line("size(8:1, 2)"),
        "error: size takes 1 argument, found 2"
    );
}

#[test]
fn algebra_errors_name_the_function_and_rule() {
    assert_eq!(
        evaluate("composition((3,5):(1,4), 10:2)"),
        Err(ExprError::Algebra {
            function: "composition",
            error: Error::NotFunctional
        })
    );
    assert_eq!(
        evaluate("upcast(8:1, 0)"),
        Err(ExprError::Algebra {
            function: "upcast",
            error: Error::NonPositiveFactor
        })
    );
    assert_eq!(
        evaluate("size((2147483648,2147483648,4))"),
        Err(ExprError::Algebra {
            function: "size",
            error: Error::Overflow
        })
    );
}

#[test]
fn nesting_beyond_the_limit_is_refused_before_recursing() {
    let deep = "(".repeat(MAX_NESTING + 1) + "4" + &")".repeat(MAX_NESTING + 1);
    assert!(matches!(evaluate(&deep), Err(ExprError::TooDeep { .. })));
    let huge = "size(".repeat(100_000) + "4" + &")".repeat(100_000);
    assert!(matches!(evaluate(&huge), Err(ExprError::TooDeep { .. })));
    // within the limit, nested calls evaluate
    let calls = "coalesce(".repeat(20) + "(4,2):(1,4)" + &")".repeat(20);
    assert_eq!(line(&calls), "8:1");
    // the deepest accepted nesting evaluates within a test thread's stack (2 MiB)
    let n = MAX_NESTING - 1;
    let deepest = "composition(".repeat(n) + "(4,2):(1,4)" + &", 8:1)".repeat(n);
    assert_eq!(line(&deepest), "8:1");
    let t = "(".repeat(n) + "4" + &")".repeat(n);
    assert_eq!(line(&std::format!("size({t})")), "4");
}

#[test]
fn parse_keeps_literals_as_written() {
    use super::ExprKind;
    let parsed = parse("composition((4,8), [2:1, 3])").unwrap();
    let root = parsed.root();
    let ExprKind::Call(name, args) = root.kind() else {
        panic!("expected a call")
    };
    assert_eq!((name, args.len(), root.pos()), ("composition", 2, 0));
    let tuple = args.get(0).unwrap();
    assert_eq!(tuple.pos(), 12);
    assert!(matches!(tuple.kind(), ExprKind::Tuple(t) if t.to_string() == "(_4,_8)"));
    let tiler = args.get(1).unwrap();
    let ExprKind::Tiler(items) = tiler.kind() else {
        panic!("expected a tiler")
    };
    assert_eq!((tiler.pos(), items.len()), (19, 2));
    assert!(
        matches!(items.get(0).unwrap().kind(), ExprKind::Layout(l) if l.to_string() == "_2:_1")
    );
    assert!(matches!(items.get(1).unwrap().kind(), ExprKind::Tuple(_)));
    assert_eq!(items.iter().map(|e| e.pos()).collect::<Vec<_>>(), [20, 25]);
    assert!(items.get(2).is_none());
}

#[test]
fn eval_lines_writes_one_line_per_input_line_and_never_stops() {
    let input = b"size((4,8))\nfoo(1)\n\ncoalesce((4,(2,2)):(1,(4,8)))\r\n\xff\nshape(8:2)";
    let mut out = Vec::new();
    let errors = eval_lines(&input[..], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert_eq!(lines[0], "32");
    assert!(lines[1].starts_with("error: unknown function 'foo'"));
    assert!(lines[2].starts_with("error: syntax"));
    assert_eq!(lines[3], "16:1");
    assert!(lines[4].starts_with("error: syntax: the line is not valid UTF-8"));
    assert_eq!(lines[5], "8");
    assert!(text.ends_with('\n'));
    assert_eq!(errors, 3);
}

#[test]
fn eval_lines_keeps_input_order_when_evaluating_in_parallel() {
    let exprs = [
        "coalesce((4,(2,2)):(1,(4,8)))",
        "size((4,8))",
        "composition((3,5):(1,4), 10:2)",
        "",
        "logical_divide((8,8):(1,8), [2,4])",
        "eval(composition(swizzle(3,4,3), (8,64):(64,1)), (3,5))",
        "nope(",
    ];
    // enough lines for many jobs; CRLF on some, no newline after the last (non-empty) one
    let mut input = String::new();
    let mut expected = String::new();
    for i in 0..3001 {
        let e = exprs[i % exprs.len()];
        input.push_str(e);
        if i + 1 < 3001 {
            input.push_str(if i % 3 == 0 { "\r\n" } else { "\n" });
        }
        expected.push_str(&eval_line(e));
        expected.push('\n');
    }
    let mut out = Vec::new();
    let errors = eval_lines(input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().count(), 3001);
    assert!(
        out == expected,
        "output differs from line-by-line evaluation"
    );
    assert_eq!(
        errors,
        expected.lines().filter(|l| l.starts_with("error")).count()
    );
}

#[test]
fn eval_lines_joins_lines_split_across_reads() {
    // A reader that hands out 5 bytes per read cuts lines in the middle.
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(5).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let input = b"size((4,8))\ncoalesce((4,(2,2)):(1,(4,8)))\nshape(8:2)\n";
    let mut out = Vec::new();
    let reader = std::io::BufReader::with_capacity(5, Trickle(input));
    eval_lines(reader, &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "32\n16:1\n8\n");
}

/// The first read is handled on the calling thread and the rest on the reading
/// thread: a line cut between them, a last line without its newline and an
/// empty input all keep one output line per input line.
#[test]
fn eval_lines_handles_the_first_read_the_last_line_and_empty_input() {
    let mut out = Vec::new();
    assert_eq!(eval_lines(&b""[..], &mut out).unwrap(), 0);
    assert!(out.is_empty());
    // 20 000 lines: the first 64 KiB read ends inside a line.
    let mut input = "size((4,8))\nfrobnicate(1)\n".repeat(10_000);
    input.push_str("rank((2,3))");
    let errors = eval_lines(input.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20_001);
    assert_eq!(errors, 10_000);
    assert!(lines[..20_000]
        .chunks(2)
        .all(|pair| pair[0] == "32" && pair[1].starts_with("error: ")));
    assert_eq!(lines[20_000], "2");
    assert!(text.ends_with("2\n"));
}

/// A line that does not fit in the read it starts in (64 KiB) waits for its
/// rest, and still gives exactly one output line between its neighbours':
/// the longest line read, and one byte more (an error line).
#[test]
fn eval_lines_joins_a_line_longer_than_a_read() {
    use super::MAX_LINE_BYTES;
    let spaces = " ".repeat(MAX_LINE_BYTES - 27);
    let longest = std::format!("{spaces}rank(({}1))", "1,".repeat(9));
    assert_eq!(longest.len(), MAX_LINE_BYTES);
    let too_long = std::format!(" {longest}");
    for workers in [1, 2] {
        let input = std::format!("rank((2,3))\n{longest}\nsize(8:2)\n{too_long}\nsize(4)\n");
        let mut out = Vec::new();
        let workers = core::num::NonZeroUsize::new(workers).unwrap();
        super::eval_lines_on(workers, input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert_eq!(lines[0], "2");
        assert_eq!(lines[1], "10");
        assert_eq!(lines[2], "8");
        assert_eq!(
            lines[3],
            std::format!(
                "error: syntax: the line is {} bytes long; lines of at most {MAX_LINE_BYTES} bytes are read",
                MAX_LINE_BYTES + 1
            )
        );
        assert_eq!(lines[4], "4");
    }
}

/// No node ceiling: the calculator evaluates lines of any size in one pass
/// over the compact run-time values (there is no capacity to retry at).
#[test]
fn lines_of_any_size_evaluate() {
    let ones = |n: usize| std::vec!["1"; n].join(",");
    // 70 and 10,000 leaves: past the 64 nodes of the fixed-capacity form.
    assert_eq!(line(&std::format!("size(({}))", ones(70))), "1");
    assert_eq!(line(&std::format!("rank(({}))", ones(10_000))), "10000");
    // A 10,000-leaf layout through the algebra: static ones coalesce away.
    let big = std::format!("(2,{}):(1,{})", ones(9_999), ones(9_999));
    assert_eq!(line(&std::format!("coalesce({big})")), "2:1");
    assert_eq!(line(&std::format!("size({big})")), "2");
    // (the static 1s take no part: as for three leaves)
    assert_eq!(
        line(&std::format!("logical_divide({big}, 2:1)")),
        line("logical_divide((2,1,1):(1,1,1), 2:1)")
    );
    // Dynamic leaves stay: 10,000 modes in, 10,000 out.
    let dynamic = std::format!("(2,{}):(1,{})", ones(9_999), ones(9_999));
    let c = eval_line_as(&std::format!("coalesce({dynamic})"), crate::Reading::Mixed);
    assert_eq!(c.matches(',').count(), 2 * 9_999, "{}", &c[..20]);
    // Deeper nesting than the calculator reads is still refused, as before.
    assert!(matches!(
        evaluate(&std::format!("size({}1{})", "(".repeat(30), ")".repeat(30))),
        Err(ExprError::TooDeep { .. })
    ));
}

/// Each answer is written (and flushed) as soon as it is known, before the
/// next line is even read: `cute eval -` at a terminal answers every line.
#[test]
fn eval_lines_answers_each_line_before_reading_the_next() {
    use std::sync::mpsc;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    /// Input that hands out one line per read, as a terminal does.
    struct Typed(mpsc::Receiver<&'static [u8]>);
    impl std::io::Read for Typed {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Ok(line) = self.0.recv() else {
                return Ok(0);
            };
            buf[..line.len()].copy_from_slice(line);
            Ok(line.len())
        }
    }
    /// Output that can be looked at while the evaluation runs.
    #[derive(Clone)]
    struct Screen(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Screen {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    let (typing, lines) = mpsc::channel();
    let screen = Screen(Arc::new(Mutex::new(Vec::new())));
    let shown = screen.clone();
    let session =
        std::thread::spawn(move || eval_lines(std::io::BufReader::new(Typed(lines)), screen));
    let wait_for = |text: &str| {
        for _ in 0..500 {
            if shown.0.lock().unwrap().as_slice() == text.as_bytes() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("no answer within 5 s: want {text:?}");
    };
    typing.send(&b"size((4,8))\n"[..]).unwrap();
    wait_for("32\n");
    typing.send(&b"shape(8:2)\n"[..]).unwrap();
    wait_for("32\n8\n");
    drop(typing);
    assert_eq!(session.join().unwrap().unwrap(), 0);
}

/// A failing output stops the run with its error; nothing waits forever.
#[test]
fn eval_lines_stops_at_a_write_error() {
    struct Closed;
    impl std::io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let input = "size((4,8))\n".repeat(200_000);
    let err = eval_lines(input.as_bytes(), Closed).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe);
}

/// Every name offered as "did you mean" is a function, and every function
/// is offered for its own misspelling.
#[test]
fn suggested_names_are_functions() {
    use super::functions::{lookup, FUNCTION_NAMES};
    for &name in FUNCTION_NAMES {
        assert!(lookup(name).is_some(), "{name}");
        let typo = std::format!("{name}x");
        assert_eq!(
            super::suggest::suggest(&typo, FUNCTION_NAMES),
            Some(name),
            "{typo}"
        );
    }
}

/// The messages of user mistakes name them, not what they lead to.
#[test]
fn messages_name_the_mistake() {
    for cotarget in ["0", "(2,0)", "(0,2)", "-4", "(4,-1)"] {
        assert_eq!(
            eval_line(&std::format!("complement(4:1, {cotarget})")),
            "error: complement: the cotarget's entries must be positive",
            "{cotarget}"
        );
    }
    assert_eq!(
        evaluate("blocked_product((4), 2)"),
        Err(ExprError::algebra("blocked_product", Error::ProductZipRank))
    );
    // Facts of CuTe C++ 4.2: a tuple tiler of the same rank works, and
    // raked_product zips the other way round, which C++ compiles.
    assert_eq!(eval_line("blocked_product((4), (2))"), "((4,2)):((1,4))");
    assert_eq!(eval_line("raked_product((4), 2)"), "((2,(4))):((4,(1)))");
    // Facts of CuTe C++ 4.2: where the copies split into a tuple and the block
    // is an integer, C++'s zip does not compile raked_product (blocked_product
    // zips the integer first, which C++ compiles); in the mixed reading a
    // run-time shape keeps the copies from merging.
    assert_eq!(
        evaluate("raked_product(2:2, 8:1)"),
        Err(ExprError::algebra("raked_product", Error::RakedZipRank))
    );
    assert_eq!(
        eval_line("blocked_product(2:2, 8:1)"),
        "((2,(2,4))):((2,(1,4)))"
    );
    assert_eq!(
        eval_line_as("raked_product(4:1, _4:3)", crate::Reading::Mixed),
        "error: raked_product: the copies of the block form a tuple but the block is an integer; C++ zips a tuple only with a tuple of the same rank"
    );
    assert_eq!(
        eval_line_as("raked_product(_4:_1, _4:_3)", crate::Reading::Mixed),
        "((_4,_4)):((_12,_1))"
    );
}
