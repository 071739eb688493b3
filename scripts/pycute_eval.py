#!/usr/bin/env python3
"""Evaluates calculator expressions with pycute, for timing against `cute eval -`.

Usage: pycute_eval.py [--calculator] EXPRS_FILE REPEAT SUPPORTED_OUT

EXPRS_FILE holds one expression per line (the first TAB-separated column is
used, so public.tsv can be given directly). Every expression is parsed with the
calculator grammar and translated into the equivalent pycute call, reading each
argument by its position as `cute eval` does. Expressions that use something
pycute lacks (see the conformance README, last section) are skipped, and so are
those on which pycute raises: the timed set is what pycute evaluates to a value.
The supported expressions are written to SUPPORTED_OUT (one per line), so that
`cute eval -` can be timed on exactly the same set.

The translated calls are built once; the timed part is evaluating all of them
REPEAT times in this one Python process. Prints `count=N seconds=S` on stdout.
This is pycute's algebra alone: no parsing and no output.

With --calculator, the timed part is what `cute eval -` does with the same
lines: each of the REPEAT x count lines is parsed, evaluated straight from its
tree, and its result formatted as text (pycute's str() without spaces); the output text
is written to /dev/null at the end. Interpreter start-up and the import of
pycute stay outside the timing, as before.
"""
import os
import re
import sys
import time

try:
    import pycute as pc
except ImportError:  # the unpacked copy of nvidia-cutlass==4.2.0.0
    sys.path.insert(0, os.path.expanduser("~/.cache/cute-cpp"))
    import pycute as pc


class Unsupported(Exception):
    pass


# --- parsing: one C-level findall per line, then a descent over the tokens ---
# Trees: ("call", name, args), ("tiler", items), ("layout", shape, stride), ("tuple", shape).

TOKEN = re.compile(r"_?-?\d+|[A-Za-z][A-Za-z0-9_]*|[()\[\],:]|\S")


def parse(src):
    toks = TOKEN.findall(src)
    try:
        node, i = _expr(toks, 0)
    except IndexError:  # the text ended early
        raise Unsupported("syntax") from None
    if i != len(toks):
        raise Unsupported("syntax")
    return node


def _int(tok):
    if tok[0] == "_":
        if tok[1] == "-":
            raise Unsupported("syntax")
        return int(tok[1:])
    return int(tok)


def _inttuple(toks, i):
    tok = toks[i]
    if tok == "(":
        out = []
        while True:
            v, i = _inttuple(toks, i + 1)
            out.append(v)
            if toks[i] == ")":
                return tuple(out), i + 1
            if toks[i] != ",":
                raise Unsupported("syntax")
    if tok[0].isdigit() or tok[0] in "_-":
        return _int(tok), i + 1
    raise Unsupported("syntax")


def _items(toks, i, close):
    out = []
    while True:
        node, i = _expr(toks, i)
        out.append(node)
        if toks[i] == close:
            return out, i + 1
        if toks[i] != ",":
            raise Unsupported("syntax")
        i += 1


def _expr(toks, i):
    tok = toks[i]
    if tok[0].isalpha():
        if toks[i + 1] != "(":
            raise Unsupported("syntax")
        args, i = _items(toks, i + 2, ")")
        return ("call", tok, args), i
    if tok == "[":
        items, i = _items(toks, i + 1, "]")
        return ("tiler", items), i
    shape, i = _inttuple(toks, i)
    if i < len(toks) and toks[i] == ":":
        stride, i = _inttuple(toks, i + 1)
        return ("layout", shape, stride), i
    return ("tuple", shape), i


# --- translation: each node becomes a zero-argument Python callable ---------

def as_layout(node):
    kind = node[0]
    if kind == "tuple":
        shape = node[1]
        return lambda: pc.Layout(shape)
    if kind == "layout":
        shape, stride = node[1], node[2]
        return lambda: pc.Layout(shape, stride)
    if kind == "call":
        f = call(node)
        return lambda: _layout_value(f())
    raise Unsupported("tiler where a layout is expected")


def _layout_value(v):
    return pc.Layout(v) if isinstance(v, (int, tuple)) else v


def as_tuple(node):
    if node[0] == "tuple":
        v = node[1]
        return lambda: v
    raise Unsupported("non-literal IntTuple")


def as_tiler(node):
    if node[0] == "tiler":
        items = [as_tiler_item(x) for x in node[1]]
        return lambda: tuple(f() for f in items)
    return as_layout(node)


def as_tiler_item(node):
    if node[0] == "tiler":
        return as_tiler(node)
    return as_layout(node)


def unary(fn):
    return lambda args: (lambda a: (lambda: fn(a())))(as_layout(one(args)))


def one(args):
    if len(args) != 1:
        raise Unsupported("arity")
    return args[0]


def divide_like(fn):
    def build(args):
        if len(args) != 2:
            raise Unsupported("arity")
        a, t = as_layout(args[0]), as_tiler(args[1])
        return lambda: fn(a(), t())
    return build


def coalesce(args):
    if len(args) == 1:
        a = as_layout(args[0])
        return lambda: pc.coalesce(a())
    if len(args) == 2:
        a, p = as_layout(args[0]), as_tuple(args[1])
        return lambda: pc.coalesce(a(), p())
    raise Unsupported("arity")


def complement(args):
    a = as_layout(args[0])
    if len(args) == 1:
        return lambda: pc.complement(a())
    if len(args) == 2 and args[1][0] == "tuple" and isinstance(args[1][1], int):
        n = args[1][1]
        return lambda: pc.complement(a(), n)
    raise Unsupported("complement cotarget")


def composition(args):
    if len(args) != 2:
        raise Unsupported("arity")
    if args[0][0] == "call" and args[0][1] == "swizzle":
        sw, b = call(args[0]), as_layout(args[1])
        return lambda: pc.ComposedLayout(sw(), 0, b())
    a, t = as_layout(args[0]), as_tiler(args[1])
    return lambda: pc.composition(a(), t())


def swizzle(args):
    vals = [as_tuple(x) for x in args]
    if len(vals) != 3:
        raise Unsupported("arity")
    return lambda: pc.Swizzle(*(v() for v in vals))


def eval_(args):
    if len(args) != 2:
        raise Unsupported("arity")
    if args[0][0] == "call" and args[0][1] == "swizzle":
        sw, x = call(args[0]), as_tuple(args[1])
        return lambda: sw()(x())
    a, c = as_layout(args[0]), as_tuple(args[1])
    return lambda: a()(c())


def idx2crd(args):
    vals = [as_tuple(x) for x in args]
    if len(vals) not in (2, 3):
        raise Unsupported("arity")
    return lambda: pc.idx2crd(*(v() for v in vals))


def crd2idx(args):
    if len(args) == 2 and args[1][0] == "layout":
        c, a = as_tuple(args[0]), as_layout(args[1])
        return lambda: a()(c())
    vals = [as_tuple(x) for x in args]
    if len(vals) not in (2, 3):
        raise Unsupported("arity")
    return lambda: pc.crd2idx(*(v() for v in vals))


FUNCS = {
    "size": unary(pc.size),
    "cosize": unary(pc.cosize),
    "rank": unary(len),
    "shape": unary(lambda l: l.shape),
    "stride": unary(lambda l: l.stride),
    "filter": unary(pc.filter),
    "right_inverse": unary(pc.right_inverse),
    "left_inverse": unary(pc.left_inverse),
    "coalesce": coalesce,
    "complement": complement,
    "composition": composition,
    "logical_divide": divide_like(pc.logical_divide),
    "zipped_divide": divide_like(pc.zipped_divide),
    "tiled_divide": divide_like(pc.tiled_divide),
    "logical_product": divide_like(pc.logical_product),
    "zipped_product": divide_like(pc.zipped_product),
    "tiled_product": divide_like(pc.tiled_product),
    "swizzle": swizzle,
    "eval": eval_,
    "idx2crd": idx2crd,
    "crd2idx": crd2idx,
}


def call(node):
    name, args = node[1], node[2]
    if name not in FUNCS:
        raise Unsupported(name)
    return FUNCS[name](args)


def translate(src):
    node = parse(src)
    if node[0] == "call":
        return call(node)
    return as_layout(node)


# --- the calculator mode's evaluator: straight from the tree, no thunks ---
# (each argument read by its position exactly as the translation above reads it)

def ev_layout(node):
    kind = node[0]
    if kind == "tuple":
        return pc.Layout(node[1])
    if kind == "layout":
        return pc.Layout(node[1], node[2])
    if kind == "call":
        return _layout_value(ev_call(node))
    raise Unsupported("tiler where a layout is expected")


def ev_tuple(node):
    if node[0] == "tuple":
        return node[1]
    raise Unsupported("non-literal IntTuple")


def ev_tiler(node):
    if node[0] == "tiler":
        return tuple(ev_tiler(x) for x in node[1])
    return ev_layout(node)


def _ev_unary(fn):
    return lambda args: fn(ev_layout(one(args)))


def _ev_divide_like(fn):
    def run(args):
        if len(args) != 2:
            raise Unsupported("arity")
        return fn(ev_layout(args[0]), ev_tiler(args[1]))
    return run


def _ev_coalesce(args):
    if len(args) == 1:
        return pc.coalesce(ev_layout(args[0]))
    if len(args) == 2:
        return pc.coalesce(ev_layout(args[0]), ev_tuple(args[1]))
    raise Unsupported("arity")


def _ev_complement(args):
    if len(args) == 1:
        return pc.complement(ev_layout(args[0]))
    if len(args) == 2 and args[1][0] == "tuple" and isinstance(args[1][1], int):
        return pc.complement(ev_layout(args[0]), args[1][1])
    raise Unsupported("complement cotarget")


def _ev_composition(args):
    if len(args) != 2:
        raise Unsupported("arity")
    if args[0][0] == "call" and args[0][1] == "swizzle":
        return pc.ComposedLayout(ev_call(args[0]), 0, ev_layout(args[1]))
    return pc.composition(ev_layout(args[0]), ev_tiler(args[1]))


def _ev_swizzle(args):
    if len(args) != 3:
        raise Unsupported("arity")
    return pc.Swizzle(*(ev_tuple(x) for x in args))


def _ev_eval(args):
    if len(args) != 2:
        raise Unsupported("arity")
    if args[0][0] == "call" and args[0][1] == "swizzle":
        return ev_call(args[0])(ev_tuple(args[1]))
    return ev_layout(args[0])(ev_tuple(args[1]))


def _ev_tuples(fn):
    def run(args):
        if len(args) not in (2, 3):
            raise Unsupported("arity")
        return fn(*(ev_tuple(x) for x in args))
    return run


def _ev_crd2idx(args):
    if len(args) == 2 and args[1][0] == "layout":
        return ev_layout(args[1])(ev_tuple(args[0]))
    return _ev_tuples(pc.crd2idx)(args)


EVAL_FUNCS = {
    "size": _ev_unary(pc.size),
    "cosize": _ev_unary(pc.cosize),
    "rank": _ev_unary(len),
    "shape": _ev_unary(lambda l: l.shape),
    "stride": _ev_unary(lambda l: l.stride),
    "filter": _ev_unary(pc.filter),
    "right_inverse": _ev_unary(pc.right_inverse),
    "left_inverse": _ev_unary(pc.left_inverse),
    "coalesce": _ev_coalesce,
    "complement": _ev_complement,
    "composition": _ev_composition,
    "logical_divide": _ev_divide_like(pc.logical_divide),
    "zipped_divide": _ev_divide_like(pc.zipped_divide),
    "tiled_divide": _ev_divide_like(pc.tiled_divide),
    "logical_product": _ev_divide_like(pc.logical_product),
    "zipped_product": _ev_divide_like(pc.zipped_product),
    "tiled_product": _ev_divide_like(pc.tiled_product),
    "swizzle": _ev_swizzle,
    "eval": _ev_eval,
    "idx2crd": _ev_tuples(pc.idx2crd),
    "crd2idx": _ev_crd2idx,
}


def ev_call(node):
    fn = EVAL_FUNCS.get(node[1])
    if fn is None:
        raise Unsupported(node[1])
    return fn(node[2])


def evaluate_text(src):
    """One calculator line evaluated with pycute: parsed, then evaluated."""
    node = parse(src)
    if node[0] == "call":
        return ev_call(node)
    return ev_layout(node)


def format_value(v):
    """The result as one line of text: pycute's str() without spaces."""
    return str(v).replace(" ", "")


def calculator(lines):
    """Text in, text out: each line parsed, evaluated and formatted."""
    out = []
    for src in lines:
        out.append(format_value(evaluate_text(src)))
    return "\n".join(out) + "\n"


def main():
    args = sys.argv[1:]
    as_calculator = args[:1] == ["--calculator"]
    if as_calculator:
        args = args[1:]
    exprs_file, repeat, supported_out = args[0], int(args[1]), args[2]
    exprs = [line.rstrip("\n").split("\t")[0] for line in open(exprs_file) if line.strip()]
    thunks, kept = [], []
    sys.setrecursionlimit(200)  # pycute's swizzle with s = 0 recurses forever
    for src in exprs:
        try:
            f = translate(src)
            f()  # pycute must give a value (not assert, raise or recurse) to be timed
        except Exception:
            continue
        if as_calculator and format_value(evaluate_text(src)) != format_value(f()):
            raise SystemExit(f"the calculator mode disagrees with the translation on {src!r}")
        thunks.append(f)
        kept.append(src)
    with open(supported_out, "w") as out:
        out.write("".join(s + "\n" for s in kept))
    if as_calculator:
        lines = kept * repeat
        start = time.perf_counter()
        text = calculator(lines)
        with open(os.devnull, "w") as sink:
            sink.write(text)
        seconds = time.perf_counter() - start
        mode = "calculator"
    else:
        start = time.perf_counter()
        for _ in range(repeat):
            for f in thunks:
                f()
        seconds = time.perf_counter() - start
        mode = "algebra"
    print(f"mode={mode} total={len(exprs)} count={len(thunks)} repeat={repeat} seconds={seconds:.6f}")


if __name__ == "__main__":
    main()
