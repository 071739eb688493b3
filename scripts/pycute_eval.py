#!/usr/bin/env python3
"""Evaluates calculator expressions with pycute, for timing against `cute eval -`.

Usage: pycute_eval.py EXPRS_FILE REPEAT SUPPORTED_OUT

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
"""
import re
import sys
import time

try:
    import pycute as pc
except ImportError:  # the unpacked copy of nvidia-cutlass==4.2.0.0
    import os
    sys.path.insert(0, os.path.expanduser("~/.cache/cute-cpp"))
    import pycute as pc


class Unsupported(Exception):
    pass


TOKEN = re.compile(r"\s*(?:(?P<int>_?-?\d+)|(?P<name>[A-Za-z][A-Za-z0-9_]*)|(?P<punct>[()\[\],:]))")


def tokenize(src):
    pos, out = 0, []
    src = src.strip()
    while pos < len(src):
        m = TOKEN.match(src, pos)
        if not m:
            raise Unsupported("syntax")
        pos = m.end()
        if m.group("int") is not None:
            text = m.group("int")
            if text.startswith("_-"):
                raise Unsupported("syntax")
            out.append(("int", int(text.lstrip("_"))))
        elif m.group("name") is not None:
            out.append(("name", m.group("name")))
        else:
            out.append(("p", m.group("punct")))
    return out


class Parser:
    def __init__(self, src):
        self.t = tokenize(src)
        self.i = 0

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else (None, None)

    def take(self, kind=None, val=None):
        k, v = self.peek()
        if k is None or (kind and k != kind) or (val and v != val):
            raise Unsupported("syntax")
        self.i += 1
        return v

    def expr(self):
        k, v = self.peek()
        if k == "name":
            self.take()
            self.take("p", "(")
            return ("call", v, self.items(")"))
        if (k, v) == ("p", "["):
            self.take()
            return ("tiler", self.items("]"))
        shape = self.inttuple()
        if self.peek() == ("p", ":"):
            self.take()
            return ("layout", shape, self.inttuple())
        return ("tuple", shape)

    def items(self, close):
        out = [self.expr()]
        while self.peek() == ("p", ","):
            self.take()
            out.append(self.expr())
        self.take("p", close)
        return out

    def inttuple(self):
        if self.peek() == ("p", "("):
            self.take()
            out = [self.inttuple()]
            while self.peek() == ("p", ","):
                self.take()
                out.append(self.inttuple())
            self.take("p", ")")
            return tuple(out)
        return self.take("int")

    def parse(self):
        e = self.expr()
        if self.i != len(self.t):
            raise Unsupported("syntax")
        return e


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
    node = Parser(src).parse()
    if node[0] == "call":
        return call(node)
    return as_layout(node)


def main():
    exprs_file, repeat, supported_out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    exprs = [line.rstrip("\n").split("\t")[0] for line in open(exprs_file) if line.strip()]
    thunks, kept = [], []
    sys.setrecursionlimit(200)  # pycute's swizzle with s = 0 recurses forever
    for src in exprs:
        try:
            f = translate(src)
            f()  # pycute must give a value (not assert, raise or recurse) to be timed
        except Exception:
            continue
        thunks.append(f)
        kept.append(src)
    with open(supported_out, "w") as out:
        out.write("".join(s + "\n" for s in kept))
    start = time.perf_counter()
    for _ in range(repeat):
        for f in thunks:
            f()
    seconds = time.perf_counter() - start
    print(f"total={len(exprs)} count={len(thunks)} repeat={repeat} seconds={seconds:.6f}")


if __name__ == "__main__":
    main()
