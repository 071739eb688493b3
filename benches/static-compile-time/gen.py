#!/usr/bin/env python3
"""Writes src/bin/typed.rs and src/bin/dynamic.rs: the same 50 layout algebra
operations, once on static typed layouts (zero-sized results computed at
compile time) and once on `DLayout` operands (the same `const fn`s at run time).

Every operation is checked first with the `cute eval` calculator (the same
algorithm, all leaves static), and its expected text is written into both
programs, which assert their results against it.
Usage: python3 gen.py PATH_TO_CUTE_BINARY
"""
import re
import subprocess
import sys

cute_bin = sys.argv[1]

# (function, arguments). An argument is a layout "S:D", an int "n", a shape
# "s(…)" or a by-mode tiler "[…]" of layouts and ints.
OPS = [
    ("coalesce", ["(2,(1,6)):(1,(6,2))"]),
    ("coalesce", ["((4,8),(2,(2,4))):((1,4),(32,(64,128)))"]),
    ("coalesce", ["(4,(2,2)):(1,(4,8))"]),
    ("filter", ["(2,(4,1),3):(0,(1,5),4)"]),
    ("filter", ["(4,2,2):(1,0,4)"]),
    ("composition", ["(6,2):(8,2)", "(4,3):(3,1)"]),
    ("composition", ["(4,(2,3)):(1,(4,8))", "(2,3):(3,1)"]),
    ("composition", ["(128,64):(1,128)", "[32:1,(8,2):(1,32)]"]),
    ("composition", ["(8,16):(16,1)", "(4,(2,4)):(2,(1,8))"]),
    ("composition", ["(4,8):(8,1)", "16"]),
    ("composition", ["((2,4),(4,2)):((1,16),(2,64))", "[2:2,4:1]"]),
    ("complement", ["(4,8):(1,64)", "1024"]),
    ("complement", ["6:4", "24"]),
    ("complement", ["(2,4):(1,6)", "48"]),
    ("complement", ["4:2", "32"]),
    ("right_inverse", ["(2,(8,2),8):(16,(32,8),1)"]),
    ("right_inverse", ["(4,8):(8,1)"]),
    ("right_inverse", ["((2,2),(4,2)):((1,8),(2,16))"]),
    ("left_inverse", ["(6,(7,64,1)):(42,(2,1008,504))"]),
    ("left_inverse", ["(2,3):(1,4)"]),
    ("left_inverse", ["(8,4):(4,1)"]),
    ("logical_divide", ["(128,64):(1,128)", "[32:1,16:1]"]),
    ("logical_divide", ["(4,2,3):(2,1,8)", "4:2"]),
    ("logical_divide", ["(8,16):(16,1)", "[2,4]"]),
    ("logical_divide", ["((4,8),(2,(2,2))):((64,1),(32,(8,256)))", "[8,4]"]),
    ("zipped_divide", ["(128,64):(1,128)", "[(8,4):(1,32),16:1]"]),
    ("zipped_divide", ["(8,16):(16,1)", "[2,4]"]),
    ("zipped_divide", ["((4,8),(2,(2,2))):((64,1),(32,(8,256)))", "[8,4]"]),
    ("zipped_divide", ["(64,32):(32,1)", "[16,8]"]),
    ("tiled_divide", ["(128,64):(1,128)", "[32:1,16:1]"]),
    ("tiled_divide", ["(16,16):(1,16)", "[4,8]"]),
    ("flat_divide", ["(128,64):(1,128)", "[32:1,16:1]"]),
    ("flat_divide", ["(16,8):(8,1)", "[4,2]"]),
    ("logical_product", ["(4,8):(8,1)", "(2,4):(1,2)"]),
    ("logical_product", ["(2,2):(4,1)", "6:1"]),
    ("logical_product", ["(8,8):(1,8)", "[2:1,4:1]"]),
    ("zipped_product", ["(4,8):(8,1)", "[2:1,4:1]"]),
    ("tiled_product", ["(4,8):(8,1)", "[2:1,4:1]"]),
    ("flat_product", ["(4,8):(8,1)", "[2:1,4:1]"]),
    ("blocked_product", ["(2,5):(5,1)", "(3,4):(1,3)"]),
    ("blocked_product", ["(4,4):(1,4)", "(2,8):(8,1)"]),
    ("raked_product", ["(2,5):(5,1)", "(3,4):(1,3)"]),
    ("raked_product", ["(4,4):(4,1)", "(8,2):(1,8)"]),
    ("tile_to_shape", ["(8,8):(8,1)", "s(128,64)"]),
    ("tile_to_shape", ["(4,2):(1,4)", "s(16,16)"]),
    ("max_common_layout", ["(4,8):(1,4)", "(4,8):(1,4)"]),
    ("max_common_layout", ["(4,(2,4)):(1,(4,16))", "(8,4):(1,8)"]),
    ("make_layout_like", ["(2,2,2,2):(0,2,4,1)"]),
    ("flatten", ["((4,(2,2)),8):((1,(4,8)),32)"]),
    ("append", ["(4,8):(1,4)", "2:32"]),
]


def split_top(text):
    """Top-level comma-separated parts of text (no outer brackets)."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return parts


def int_tuple(text, static):
    """A CuTe IntTuple text as Rust: static leaves `_n`, dynamic leaves `ni64`."""
    if text.startswith("("):
        inner = [int_tuple(p, static) for p in split_top(text[1:-1])]
        return "(" + ", ".join(inner) + ("," if len(inner) == 1 else "") + ")"
    if not static:
        return f"{text}i64"
    return static_int(int(text))


def static_int(n):
    """A static integer: the alias `_n` where there is one (0 to 256 and the
    powers of two to 65536), else `C::<(D…)>::new()` with the decimal digits of n."""
    if n <= 256 or (n <= 65536 and n & (n - 1) == 0):
        return f"_{n}"
    digits = ", ".join(f"D{d}" for d in str(n))
    return f"C::<({digits})>::new()"


def split_layout(text):
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == ":" and depth == 0:
            return text[:i], text[i + 1:]
    raise ValueError(text)


def rust_arg(arg, static, tiler_int):
    if arg.startswith("["):
        modes = [rust_arg(p, static, True) for p in split_top(arg[1:-1])]
        return "(" + ", ".join(modes) + ("," if len(modes) == 1 else "") + ")"
    if arg.startswith("s("):
        return int_tuple(arg[1:], static)
    if ":" in arg:
        s, d = split_layout(arg)
        if static:
            return f"make_layout_strided({int_tuple(s, True)}, {int_tuple(d, True)})"
        return f'dl("{arg}")'
    # An int: a tiler n:1, or an integer operand (cotarget).
    if static:
        return static_int(int(arg))
    return f'dl("{arg}:1")' if tiler_int else f"{arg}i64"


def calc_arg(arg):
    return arg[1:] if arg.startswith("s(") else arg


def cute_eval(expr):
    out = subprocess.run([cute_bin, "eval", expr], capture_output=True, text=True)
    text = out.stdout.strip()
    if out.returncode != 0 or not text or text.startswith("error"):
        sys.exit(f"{expr}: {text} {out.stderr}")
    return text


EVAL_HELPERS = {
    "plan": """
/// Σ L(i) for i in 0..8 through the static result's `eval_index`.
fn plan<L: StaticLayout>(l: L) -> i64 {
    (0..8).map(|i| l.eval_index(std::hint::black_box(i)).unwrap()).sum()
}
""",
    "interp": """
/// Σ L(i) for i in 0..8 through the run-time interpreter of its `const` layout.
fn interp<L: StaticLayout>(_: L) -> i64 {
    (0..8).map(|i| L::LAYOUT.eval_index(std::hint::black_box(i)).unwrap().value).sum()
}
""",
}

HEADER = """//! Written by gen.py: {n} layout algebra operations {how}.
//! Each result is checked against the calculator's text (static marks removed).
#![allow(clippy::all)]
use cute_typed::typed::*;
{extra}
fn plain(x: impl core::fmt::Display) -> String {{
    x.to_string().replace('_', "")
}}

fn main() {{
    let mut checked = 0;
"""


def write(path, static, exprs, evaluate=None):
    """`evaluate`: None, or "plan"/"interp": also evaluate every static result at
    the indices 0..8, through `eval_index` (its compile-time plan) or through
    `StaticLayout::LAYOUT.eval_index` (the run-time interpreter)."""
    how = ("on static typed layouts (results computed at compile time)" if static
           else "on `DLayout` operands (the same `const fn`s at run time)")
    extra = "" if static else (
        "use cute_types::{algebra, DLayout, DTuple};\n\n/// A layout whose leaves are all marked static, so that the run-time\n"
        "/// algorithm takes the same decisions as the compile-time one.\n"
        "fn dl(s: &str) -> DLayout {\n    s.parse::<DLayout>().unwrap().with_all_static(true)\n}\n"
        "/// An IntTuple whose leaves are all marked static.\n"
        "fn dt(s: &str) -> DTuple {\n    s.parse::<DTuple>().unwrap().with_all_static(true)\n}\n")
    if evaluate:
        how += ", each evaluated at 0..8 " + (
            "through `eval_index`" if evaluate == "plan" else "through `LAYOUT.eval_index`")
        extra += EVAL_HELPERS[evaluate]
    lines = [HEADER.format(n=len(exprs), how=how, extra=extra)]
    if evaluate:
        lines.append("    let mut sum = 0i64;\n")
    for fn, args, expect in exprs:
        tiler_pos = fn not in ("complement", "tile_to_shape", "blocked_product",
                               "raked_product", "max_common_layout", "append")
        rargs = [rust_arg(a, static, tiler_pos and k == 1) for k, a in enumerate(args)]
        call = f"{fn}({', '.join(rargs)})"
        if not static and fn in ("complement", "tile_to_shape"):
            # The typed API takes a dynamic IntTuple as `i64`s, which changes
            # C++'s decisions; the algebra's own API takes a static-marked DTuple.
            extra_arg = ", None" if fn == "tile_to_shape" else ""
            call = (f'algebra::{fn}(&{rargs[0]}, &dt("{calc_arg(args[1])}"){extra_arg})')
        value = call if static else f"{call}.unwrap()"
        lines.append(f'    assert_eq!(plain({value}), "{expect}");\n    checked += 1;\n')
        if evaluate:
            lines.append(f"    sum += {evaluate}({call});\n")
    if evaluate:
        lines.append('    println!("{checked} results checked, sum of L(0..8) {sum}");\n}\n')
    else:
        lines.append('    println!("{checked} results checked");\n}\n')
    with open(path, "w") as f:
        f.write("".join(lines))


exprs = []
for fn, args in OPS:
    expect = cute_eval(f"{fn}({', '.join(calc_arg(a) for a in args)})")
    exprs.append((fn, args, expect))
write("src/bin/typed.rs", True, exprs)
write("src/bin/typed_eval.rs", True, exprs, "plan")
write("src/bin/typed_eval_interp.rs", True, exprs, "interp")
write("src/bin/dynamic.rs", False, exprs)
print(f"{len(exprs)} operations written")
