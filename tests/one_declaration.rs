//! One declaration per operation (issue 15 item 8): the operation list of the
//! core (`cute_types::for_each_op!`) is where the typed functions, the
//! calculator's table and `cute --help` come from. This file reads the same list
//! and checks that every `calc` part is an entry of `cute_calc::FUNCTIONS`, in
//! order and word for word (the table `cute --help` prints:
//! `cute-cli/tests/cli_print.rs` checks the help against the list too); that
//! every typed name of the list is a public item of the typed layer (below, at
//! compile time); and that each typed function, called on the operands of its
//! operation's calculator example, gives CuTe C++'s result of that example.
use cute_typed::{DLayout, DTiler, DTilerArg, DTuple};

/// One entry of the operation list, as this test reads it.
struct Decl {
    name: &'static str,
    /// `(args, help, example, C++ result)` of the calculator function.
    calc: Option<(&'static str, &'static str, &'static str, &'static str)>,
    typed: Vec<TypedForm>,
    by_hand: Vec<&'static str>,
}

/// A typed function of the list and a call of it on operands written in CuTe
/// notation (`None`: an operand this test cannot build for that kind).
struct TypedForm {
    name: &'static str,
    call: fn(&[&str]) -> Option<Result<String, String>>,
}

macro_rules! opt {
    () => {
        None
    };
    ($x:expr) => {
        Some($x)
    };
}

/// The operand of trait `$kind` written `$s`, as a run-time value the typed
/// function takes (every result is then a `Result<DLayout, Error>`).
macro_rules! operand {
    (LayoutOperand, $s:expr) => {
        layout_operand($s)
    };
    (TilerOperand, $s:expr) => {
        tiler_operand($s)
    };
    (IntTuple, $s:expr) => {
        int_operand($s)
    };
    (IntLike, $s:expr) => {
        int_operand($s)
    };
    (Coord, $s:expr) => {
        None::<i64>
    };
}

macro_rules! decls {
    ($( $name:ident {
        calc: [$( ($args:literal) => $eval:ident,
            $help:literal, $example:literal => $result:literal )?],
        typed: [$(
            $(#[$doc:meta])*
            fn $f:ident($($arg:ident: $T:ident $kind:ident $([$($need:ident)+])?),+)
                -> $Marker:ident as $Alias:ident
                = $entry:path $(, strides($($S:ident),+))?;
        )*],
        typed_by_hand: [$($hand:ident),*],
    } )*) => {
        /// Every typed name of the list (function, static result, return alias,
        /// hand-written function) is a public item of the typed layer: this
        /// module does not compile otherwise.
        #[allow(unused_imports)]
        mod typed_names {
            $($( pub use cute_typed::typed::{$f, $Marker, $Alias}; )*)*
            $($( pub use cute_typed::typed::$hand; )*)*
        }

        fn decls() -> Vec<Decl> {
            vec![$(Decl {
                name: stringify!($name),
                calc: opt!($( ($args, $help, $example, $result) )?),
                typed: vec![$(TypedForm {
                    name: stringify!($f),
                    call: |args| {
                        if args.len() != [$(stringify!($kind)),+].len() {
                            return None;
                        }
                        let mut next = args.iter();
                        let r = cute_typed::typed::$f($(operand!($kind, next.next()?)?),+);
                        // The calculator prints without the static marks.
                        Some(r.map(|l| l.to_string().replace('_', "")).map_err(|e| e.to_string()))
                    },
                }),*],
                by_hand: vec![$(stringify!($hand)),*],
            }),*]
        }
    };
}

cute_types::for_each_op!(decls);

/// `s` split at its top-level commas.
fn split_top(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0i32, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(s[start..].trim());
    parts
}

/// The operands of a call `name(a, b, …)`.
fn operands(call: &str) -> Vec<&str> {
    let open = call.find('(').expect("a call");
    split_top(&call[open + 1..call.len() - 1])
}

/// `s` with every integer marked static (`4` → `_4`): the calculator reads
/// every literal as static, as the C++ of the vectors writes `Int<4>`.
fn all_static(s: &str) -> String {
    let mut out = String::new();
    let mut prev = ' ';
    for c in s.chars() {
        if c.is_ascii_digit() && !prev.is_ascii_digit() && prev != '_' {
            out.push('_');
        }
        out.push(c);
        prev = c;
    }
    out
}

/// A layout as the calculator reads it: `S:D`, or a shape (column-major),
/// every leaf static.
fn layout_operand(s: &str) -> Option<DLayout> {
    let s = all_static(s);
    if s.contains(':') {
        return s.parse().ok();
    }
    DLayout::col_major(s.parse::<DTuple>().ok()?).ok()
}

/// A tiler: a by-mode `[…]`, an integer `n`, or a layout.
fn tiler_operand(s: &str) -> Option<DTilerArg> {
    if let Some(inner) = s.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        let mut t = DTiler::new();
        for mode in split_top(inner) {
            t = t.push_layout(layout_operand(mode)?).ok()?;
        }
        return Some(DTilerArg::Tiler(t.to_fixed().ok()?));
    }
    if let Ok(n) = s.parse::<i64>() {
        return Some(DTilerArg::Int(cute_typed::DInt::s(n)));
    }
    layout_operand(s)
        .and_then(|l| l.to_fixed().ok())
        .map(DTilerArg::Layout)
}

/// An integer operand (an IntTuple, a factor): a run-time `i64`. A tuple such
/// as `(8,4)` is a Rust tuple in the typed layer, whose type this test cannot
/// pick from text: `None`.
fn int_operand(s: &str) -> Option<i64> {
    s.parse().ok()
}

/// The list's calculator parts are `cute_calc::FUNCTIONS`, in order, word for
/// word: the table (and so `cute --help`) has no other source.
#[test]
fn the_calculator_table_is_the_list() {
    let from_list: Vec<_> = decls()
        .into_iter()
        .filter_map(|d| d.calc.map(|c| (d.name, c)))
        .collect();
    let table: Vec<_> = cute_calc::FUNCTIONS
        .iter()
        .map(|f| (f.name, (f.args, f.help, f.example, f.result)))
        .collect();
    assert_eq!(from_list, table);
}

/// The list names each operation once, and each typed function once.
#[test]
fn the_list_names_each_operation_once() {
    let decls = decls();
    let mut names: Vec<&str> = decls.iter().map(|d| d.name).collect();
    let mut typed: Vec<&str> = decls
        .iter()
        .flat_map(|d| {
            d.typed
                .iter()
                .map(|t| t.name)
                .chain(d.by_hand.iter().copied())
        })
        .collect();
    for v in [&mut names, &mut typed] {
        let n = v.len();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), n, "a name is declared twice");
    }
    // The typed layer has the algebra of the calculator, and more.
    assert!(typed.len() >= 36, "{} typed functions", typed.len());
}

/// Each typed function written from the list, called with run-time operands
/// read from its operation's calculator example, gives the example's C++
/// result: the typed and calculator views of an operation agree on the fact
/// it was declared with.
#[test]
fn typed_functions_give_the_cpp_result_of_their_example() {
    // `tile_to_shape`'s example shape `(8,4)` is a Rust tuple in the typed
    // layer (see `int_operand`); `tests/conformance*.rs` cover it.
    const NOT_BUILT_FROM_TEXT: &[&str] = &["tile_to_shape"];
    let mut checked = Vec::new();
    for d in decls() {
        let Some((_, _, example, result)) = d.calc else {
            continue;
        };
        let args = operands(example);
        let mut agreed = Vec::new();
        for form in &d.typed {
            if let Some(r) = (form.call)(&args) {
                assert_eq!(r.as_deref(), Ok(result), "typed {} on {example}", form.name);
                agreed.push(form.name);
            }
        }
        if !d.typed.is_empty() && !NOT_BUILT_FROM_TEXT.contains(&d.name) {
            assert!(
                !agreed.is_empty(),
                "{}: no typed form takes the operands of {example}",
                d.name
            );
        }
        checked.extend(agreed);
    }
    // 23 typed functions take the operands of their operation's example.
    assert!(checked.len() >= 23, "checked: {checked:?}");
}
