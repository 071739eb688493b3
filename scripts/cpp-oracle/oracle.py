#!/usr/bin/env python3
"""CuTe C++ oracle for the `cute` calculator.

Translates calculator expressions into C++ CuTe 4.2 calls, compiles them with
/work/shared/tools/cute-cpp (g++), and reports what C++ prints with
`cute::print`.

Readings:
  static  every integer literal is a `cute::Int<N>`            (`cute eval`)
  mixed   `_N` is `cute::Int<N>`, a bare `N` a run-time `int`   (`cute eval --mixed`)
Arguments C++ needs at compile time (swizzle bits, up/downcast factors, the
indices of get/select/take/group) are template arguments whatever their spelling.

Usage:
  oracle.py run   --mode static|mixed [--cache F] [--detail] < EXPRS
      one `EXPR<TAB>RESULT` line per input line; RESULT is what C++ prints,
      `error` when C++ does not compile it; with --detail a third column gives
      the status (ok, error, crash, eqn, unchecked, untranslatable) and a fourth
      the first compiler message.
  oracle.py facts --mode static|mixed [--cache F] --out TSV --excluded TSV < EXPRS
      applies the exclusion rules of README.md and writes the facts.
  oracle.py cpp   --mode static|mixed EXPR     print the translated C++ program

Every composition made along the way (composition itself, and those the
divides, products, tile_to_shape and max_common_* are defined by) is checked
in the C++ program against R(i) == A(B(i)) for i in [0, size(B)); a case that
breaks it gets status `eqn`.
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

CUTE_CPP = os.environ.get("CUTE_CPP", "/work/shared/tools/cute-cpp")
BATCH = int(os.environ.get("ORACLE_BATCH", "60"))
JOBS = int(os.environ.get("ORACLE_JOBS", "2"))
CHECK_LIMIT = 1 << 18  # largest size(B) whose composition equation is checked


class Untranslatable(Exception):
    pass


# ------------------------------------------------------------------ parsing --
# Trees: ("int", value, static_spelled) ("tuple", [items]) ("layout", shape, stride)
#        ("tiler", [items]) ("call", name, [args])

TOKEN = re.compile(r"_-|_?-?\d+|[A-Za-z][A-Za-z0-9_]*|[()\[\],:]|\S")


def parse(src):
    toks = TOKEN.findall(src)
    try:
        node, i = _expr(toks, 0)
    except IndexError:
        raise Untranslatable("syntax: unexpected end") from None
    if i != len(toks):
        raise Untranslatable("syntax: trailing text")
    return node


def _int(tok):
    if tok.startswith("_"):
        if not tok[1:].isdigit():
            raise Untranslatable("syntax: bad static literal")
        return ("int", int(tok[1:]), True)
    if not re.fullmatch(r"-?\d+", tok):
        raise Untranslatable("syntax: bad literal " + tok)
    return ("int", int(tok), False)


def _inttuple(toks, i):
    tok = toks[i]
    if tok == "(":
        out = []
        while True:
            v, i = _inttuple(toks, i + 1)
            out.append(v)
            if toks[i] == ")":
                return ("tuple", out), i + 1
            if toks[i] != ",":
                raise Untranslatable("syntax")
    if tok[0].isdigit() or tok[0] in "_-":
        return _int(tok), i + 1
    raise Untranslatable("syntax")


def _items(toks, i, close):
    out = []
    while True:
        node, i = _expr(toks, i)
        out.append(node)
        if toks[i] == close:
            return out, i + 1
        if toks[i] != ",":
            raise Untranslatable("syntax")
        i += 1


def _expr(toks, i):
    tok = toks[i]
    if tok[0].isalpha():
        if toks[i + 1] != "(":
            raise Untranslatable("syntax")
        args, i = _items(toks, i + 2, ")")
        return ("call", tok, args), i
    if tok == "[":
        items, i = _items(toks, i + 1, "]")
        return ("tiler", items), i
    shape, i = _inttuple(toks, i)
    if i < len(toks) and toks[i] == ":":
        stride, i = _inttuple(toks, i + 1)
        return ("layout", shape, stride), i
    return shape, i  # an int or a tuple


def congruent(a, b):
    if a[0] == "int" and b[0] == "int":
        return True
    if a[0] == "tuple" and b[0] == "tuple" and len(a[1]) == len(b[1]):
        return all(congruent(x, y) for x, y in zip(a[1], b[1]))
    return False


# -------------------------------------------------------------- translation --

class Tr:
    """Translates one tree to a C++ expression; `mixed` picks the reading."""

    def __init__(self, mixed):
        self.mixed = mixed

    def lit(self, node):
        _, v, st = node
        if abs(v) >= 2**16:  # C++ Int<N> is 32-bit and wraps; keep products far from it
            raise Untranslatable("overflow: literal too large for 32-bit C++")
        if st or not self.mixed:
            return "Int<%d>{}" % v
        return "int(%d)" % v

    def static_val(self, node):
        if node[0] != "int":
            raise Untranslatable("template argument must be an int literal")
        return str(node[1])

    def tup(self, node):  # IntTuple position
        k = node[0]
        if k == "int":
            return self.lit(node)
        if k == "tuple":
            return "make_tuple(%s)" % ",".join(self.tup(x) for x in node[1])
        if k == "call":
            return self.call(node)
        raise Untranslatable("IntTuple expected")

    def layout(self, node):  # layout position
        k = node[0]
        if k == "int":
            return "make_layout(%s)" % self.lit(node)
        if k == "tuple":
            return "make_layout(%s)" % self.tup(node)
        if k == "layout":
            if not congruent(node[1], node[2]):
                raise Untranslatable("contract: non-congruent shape:stride")
            return "make_layout(%s,%s)" % (self.tup(node[1]), self.tup(node[2]))
        if k == "call":
            return self.call(node)
        raise Untranslatable("layout expected")

    def tiler(self, node):  # second argument of composition/divide/product
        k = node[0]
        if k == "int":
            return self.lit(node)
        if k == "tiler":
            return "make_tile(%s)" % ",".join(self.tiler(x) for x in node[1])
        return self.layout(node)

    def cotarget(self, node):
        k = node[0]
        if k in ("int", "tuple"):
            return self.tup(node)
        if k == "layout":
            return "shape(%s)" % self.layout(node)
        if k == "call":
            return "as_shape(%s)" % self.call(node)
        raise Untranslatable("cotarget")

    def swz(self, node):
        if node[0] == "call" and node[1] == "swizzle":
            a = node[2]
            if len(a) != 3:
                raise Untranslatable("arity")
            return "Swizzle<%s>{}" % ",".join(self.static_val(x) for x in a)
        return None

    def first(self, node):  # a layout, a swizzled layout or a swizzle
        s = self.swz(node)
        return s if s is not None else self.layout(node)

    def call(self, node):
        _, name, a = node
        n = len(a)

        def need(*ok):
            if n not in ok:
                raise Untranslatable("contract: wrong arity for " + name)

        if name in ("size", "cosize", "rank", "depth", "shape", "stride", "flatten",
                    "filter", "right_inverse", "left_inverse", "make_layout_like"):
            need(1)
            return "%s(%s)" % (name, self.first(a[0]))
        if name == "coalesce":
            need(1, 2)
            if n == 1:
                return "coalesce(%s)" % self.first(a[0])
            return "coalesce(%s,%s)" % (self.first(a[0]), self.tup(a[1]))
        if name == "composition":
            need(2)
            if self.swz(a[0]) is not None:  # Swizzle o L takes a layout
                return "composition(%s,%s)" % (self.swz(a[0]), self.layout(a[1]))
            return "ck_composition(%s,%s)" % (self.first(a[0]), self.tiler(a[1]))
        if name == "complement":
            need(1, 2)
            if n == 1:
                return "complement(%s)" % self.layout(a[0])
            return "complement(%s,%s)" % (self.layout(a[0]), self.cotarget(a[1]))
        if name in ("logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
                    "logical_product", "zipped_product", "tiled_product", "flat_product"):
            need(2)
            return "ck_%s(%s,%s)" % (name, self.layout(a[0]), self.tiler(a[1]))
        if name in ("blocked_product", "raked_product", "max_common_vector",
                    "max_common_layout"):
            need(2)
            return "ck_%s(%s,%s)" % (name, self.layout(a[0]), self.layout(a[1]))
        if name in ("append", "prepend"):
            need(2)
            return "%s(%s,%s)" % (name, self.layout(a[0]), self.layout(a[1]))
        if name == "tile_to_shape":
            need(2, 3)
            args = [self.layout(a[0]), self.tup(a[1])] + [self.tup(x) for x in a[2:]]
            return "ck_tile_to_shape(%s)" % ",".join(args)
        if name in ("upcast", "downcast"):
            need(2)
            return "%s<%s>(%s)" % (name, self.static_val(a[1]), self.layout(a[0]))
        if name in ("get", "select"):
            if n < 2:
                raise Untranslatable("contract: wrong arity for " + name)
            return "%s<%s>(%s)" % (name, ",".join(self.static_val(x) for x in a[1:]),
                                   self.layout(a[0]))
        if name in ("take", "group"):
            need(3)
            return "%s<%s,%s>(%s)" % (name, self.static_val(a[1]), self.static_val(a[2]),
                                      self.layout(a[0]))
        if name in ("idx2crd", "crd2idx"):
            need(2, 3)
            if name == "crd2idx" and n == 2 and a[1][0] == "layout":
                return "crd2idx(%s,%s)" % (self.tup(a[0]), self.layout(a[1]))
            return "%s(%s)" % (name, ",".join(self.tup(x) for x in a))
        if name == "eval":
            need(2)
            return "(%s)(%s)" % (self.first(a[0]), self.tup(a[1]))
        if name == "swizzle":
            return self.swz(node)
        raise Untranslatable("contract: unknown function " + name)


PRELUDE = r"""
#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
#include <cstdlib>
#include <utility>
using namespace cute;
static int g_bad = 0, g_unchecked = 0, g_big = 0;
template <class X> void note_big(X const& x) {
  if constexpr (is_tuple<X>::value) { for_each(x, [](auto const& e) { note_big(e); }); }
  else if constexpr (is_integral<X>::value) { long v = long(x); if (v >= (1L << 30) || v <= -(1L << 30)) g_big = 1; }
}
template <class X> void note_big_any(X const& x) {
  if constexpr (is_composed_layout<X>::value) { note_big(shape(x.layout_b())); note_big(stride(x.layout_b())); }
  else if constexpr (is_layout<X>::value) { note_big(shape(x)); note_big(stride(x)); note_big(cosize(x)); note_big(size(x)); }
  else if constexpr (is_tuple<X>::value || is_integral<X>::value) { note_big(x); }
}
template <class X> auto as_shape(X const& x) {
  if constexpr (is_layout<X>::value) return shape(x); else return x;
}
// R(i) == A(B(i)) for i in [0, size(B))
template <class A, class B, class R> void eqn(A const& a, B const& b, R const& r) {
  long n = long(size(b));
  if (n > CHECK_LIMIT) { g_unchecked = 1; return; }
  for (long i = 0; i < n; ++i)
    if (long(r(int(i))) != long(a(b(int(i))))) { g_bad = 1; return; }
}
template <class A, class T> void comp_check(A const& a, T const& t);
template <class A, class T, std::size_t... I> void comp_check_modes(A const& a, T const& t, std::index_sequence<I...>) {
  (comp_check(get<I>(a), get<I>(t)), ...);
}
template <class A, class T> void comp_check(A const& a, T const& t) {
  if constexpr (is_tuple<T>::value) comp_check_modes(a, t, std::make_index_sequence<tuple_size<T>::value>{});
  else if constexpr (is_integral<T>::value) eqn(a, make_layout(t, Int<1>{}), composition(a, t));
  else eqn(a, t, composition(a, t));
}
template <class A, class T> auto ck_composition(A const& a, T const& t) {
  auto r = composition(a, t);
  if constexpr (is_composed_layout<A>::value) comp_check(a.layout_b(), t);
  else if constexpr (is_layout<A>::value) comp_check(a, t);
  return r;
}
template <class A, class T> void div_check(A const& a, T const& t);
template <class A, class T, std::size_t... I> void div_check_modes(A const& a, T const& t, std::index_sequence<I...>) {
  (div_check(get<I>(a), get<I>(t)), ...);
}
template <class A, class T> void div_check(A const& a, T const& t) {
  if constexpr (is_tuple<T>::value) div_check_modes(a, t, std::make_index_sequence<tuple_size<T>::value>{});
  else if constexpr (is_integral<T>::value) div_check(a, make_layout(t));
  else { auto b = make_layout(t, complement(t, shape(coalesce(a)))); eqn(a, b, composition(a, b)); }
}
template <class A, class T> void prod_check(A const& a, T const& t);
template <class A, class T, std::size_t... I> void prod_check_modes(A const& a, T const& t, std::index_sequence<I...>) {
  (prod_check(get<I>(a), get<I>(t)), ...);
}
template <class A, class T> void prod_check(A const& a, T const& t) {
  if constexpr (is_tuple<T>::value) prod_check_modes(a, t, std::make_index_sequence<tuple_size<T>::value>{});
  else if constexpr (is_integral<T>::value) prod_check(a, make_layout(t));
  else { auto c = complement(a, size(a) * cosize(t)); eqn(c, t, composition(c, t)); }
}
#define CK_DIV(NAME) template <class A, class T> auto ck_##NAME(A const& a, T const& t) { auto r = NAME(a, t); div_check(a, t); return r; }
#define CK_PROD(NAME) template <class A, class T> auto ck_##NAME(A const& a, T const& t) { auto r = NAME(a, t); prod_check(a, t); return r; }
CK_DIV(logical_divide) CK_DIV(zipped_divide) CK_DIV(tiled_divide) CK_DIV(flat_divide)
CK_PROD(logical_product) CK_PROD(zipped_product) CK_PROD(tiled_product) CK_PROD(flat_product)
template <class A, class B> void block_check(A const& a, B const& b) {
  constexpr int R = cute::max(int(decltype(rank(a))::value), int(decltype(rank(b))::value));
  prod_check(append<R>(a), append<R>(b));
}
template <class A, class B> auto ck_blocked_product(A const& a, B const& b) { auto r = blocked_product(a, b); block_check(a, b); return r; }
template <class A, class B> auto ck_raked_product(A const& a, B const& b) { auto r = raked_product(a, b); block_check(a, b); return r; }
template <class L, class S, class O = LayoutLeft> auto ck_tile_to_shape(L const& block, S const& trg, O const& ord = {}) {
  auto r = tile_to_shape(block, trg, ord);
  constexpr int R = rank_v<S>;
  auto padded = append<R>(block);
  auto pshape = ceil_div(product_each(shape(trg)), product_each(shape(padded)));
  block_check(padded, make_ordered_layout(pshape, ord));
  return r;
}
template <class A, class B> auto ck_max_common_vector(A const& a, B const& b) {
  auto r = max_common_vector(a, b); auto inv = right_inverse(b); eqn(a, inv, composition(a, inv)); return r;
}
template <class A, class B> auto ck_max_common_layout(A const& a, B const& b) {
  auto r = max_common_layout(a, b); auto inv = right_inverse(b); eqn(a, inv, composition(a, inv)); return r;
}
template <class X> void out(int id, X const& x) {
  g_big = 0; note_big_any(x);
  printf("@@%d\t", id); print(x); printf("\t%d%d%d\n", g_bad, g_unchecked, g_big); fflush(stdout);
}
""".replace("CHECK_LIMIT", str(CHECK_LIMIT))


def program(cases):
    """cases: list of (id, cpp_expr). Returns (text, {line: id})."""
    lines = PRELUDE.split("\n")
    linemap = {}
    for cid, code in cases:
        lines.append("void f%d() { g_bad = 0; g_unchecked = 0; out(%d, %s); }" % (cid, cid, code))
        linemap[len(lines)] = cid
    lines.append("#ifndef START\n#define START 0\n#endif")
    lines.append("int main() {")
    lines.append("  void (*fs[])() = {%s};" % ",".join("f%d" % c for c, _ in cases))
    lines.append("  int ids[] = {%s};" % ",".join(str(c) for c, _ in cases))
    lines.append("  printf(\"@@BEGIN\\n\"); fflush(stdout);")
    lines.append("  for (unsigned k = START; k < sizeof(ids)/sizeof(ids[0]); ++k) { printf(\"@@RUN %d\\n\", ids[k]); fflush(stdout); fs[k](); }")
    lines.append("  printf(\"@@END\\n\");\n}")
    return "\n".join(lines) + "\n", linemap


# -------------------------------------------------------------- compilation --

LINE_RE = re.compile(r"oracle_batch\.cpp:(\d+):")
EXTRA = []  # extra g++ arguments: -O0 and the precompiled header, when it builds


def build_pch(workdir):
    """Precompiles the CuTe headers with cute-cpp's flags (-O0 last: faster, same results)."""
    d = os.environ.get("CUTE_CPP_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "cute-cpp")
    inc = [os.path.join(d, x) for x in ("cutlass_library/source/include", "nvidia/cuda_runtime/include",
                                         "nvidia/cuda_nvcc/include", "nvidia/cuda_cccl/include")]
    hdr = os.path.join(workdir, "pch.hpp")
    with open(hdr, "w") as f:
        f.write("#include <cute/layout.hpp>\n#include <cute/swizzle_layout.hpp>\n")
    cmd = ["g++", "-std=c++17", "-O1", "-w"] + sum((["-I", i] for i in inc), []) + [
        "-O0", "-x", "c++-header", hdr, "-o", hdr + ".gch"]
    if subprocess.run(cmd, capture_output=True).returncode == 0:
        EXTRA[:] = ["-O0", "-include", hdr]
    else:
        EXTRA[:] = ["-O0"]


def compile_run(cases, workdir, start=0):
    """Compiles and runs one batch. Returns (compiled, stdout, stderr, linemap)."""
    text, linemap = program(cases)
    d = tempfile.mkdtemp(dir=workdir)
    src = os.path.join(d, "oracle_batch.cpp")
    with open(src, "w") as f:
        f.write(text)
    args = [CUTE_CPP, src, "-DSTART=%d" % start] + EXTRA
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=900)
        so, se = p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        so = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        se = "timeout"
    compiled = "@@BEGIN" in so
    return compiled, so, se, linemap


def first_error(chunk):
    for l in chunk.split("\n"):
        if "error:" in l:
            return l.split("error:", 1)[1].strip()[:300]
    return chunk.strip()[:300]


def error_messages(se, linemap):
    """Maps each failing case id to the first compiler error message attributed to it."""
    msgs = {}
    # g++ groups: context lines ("In instantiation", "required from") then "error:".
    block = []
    for l in se.split("\n"):
        block.append(l)
        if "error:" in l:
            ids = set()
            for b in block:
                for m in LINE_RE.finditer(b):
                    ln = int(m.group(1))
                    if ln in linemap:
                        ids.add(linemap[ln])
            for cid in ids:
                msgs.setdefault(cid, l.split("error:", 1)[1].strip()[:300])
            block = []
    # a case mentioned anywhere (e.g. in notes after its error) also fails
    for m in LINE_RE.finditer(se):
        ln = int(m.group(1))
        if ln in linemap:
            msgs.setdefault(linemap[ln], "error (see compiler notes)")
    return msgs


def run_batch(cases, workdir, results, lock):
    """Compiles cases, peeling off failing ones until the rest compiles; runs it."""
    pending = list(cases)
    while pending:
        ok, so, se, linemap = compile_run(pending, workdir)
        if not ok:
            msgs = error_messages(se, linemap)
            if not msgs:
                if len(pending) == 1:
                    with lock:
                        results[pending[0][0]] = ("error", "error", first_error(se))
                    return
                # cannot attribute: bisect
                h = len(pending) // 2
                run_batch(pending[:h], workdir, results, lock)
                run_batch(pending[h:], workdir, results, lock)
                return
            with lock:
                for cid, msg in msgs.items():
                    results[cid] = ("error", "error", msg)
            pending = [c for c in pending if c[0] not in msgs]
            continue
        # compiled: collect outputs, restart after a crash
        start = 0
        while True:
            got = parse_output(so)
            with lock:
                for cid, (res, flags) in got.items():
                    st = "ok"
                    if flags[2] == "1":
                        st = "overflow"
                    elif flags[0] == "1":
                        st = "eqn"
                    elif flags[1] == "1":
                        st = "unchecked"
                    results[cid] = (st, res, "")
            if "@@END" in so:
                return
            runs = re.findall(r"^@@RUN (\d+)$", so, re.M)
            crashed = int(runs[-1]) if runs else None
            ids = [c for c, _ in pending]
            if crashed is None or crashed not in ids:
                for c in ids[start:]:
                    if c not in results:
                        results[c] = ("crash", "crash", se[-300:])
                return
            with lock:
                results[crashed] = ("crash", "crash", (se or "")[-200:])
            start = ids.index(crashed) + 1
            if start >= len(ids):
                return
            ok, so, se, _ = compile_run(pending, workdir, start)
        return


def parse_output(so):
    got = {}
    for l in so.split("\n"):
        m = re.match(r"^@@(\d+)\t(.*)\t(\d\d\d)$", l)
        if m:
            got[int(m.group(1))] = (m.group(2), m.group(3))
    return got


def oracle(exprs, mode, cache_path=None, log=sys.stderr):
    """Returns {expr: (status, result, message)} for the given reading."""
    cache = {}  # keyed by the translated C++ expression
    if cache_path and os.path.exists(cache_path):
        with open(cache_path) as f:
            for line in f:
                r = json.loads(line)
                cache[r["code"]] = tuple(r["res"])
    out = {}
    todo = {}  # code -> [exprs]
    tr = Tr(mode == "mixed")
    for e in dict.fromkeys(exprs):
        try:
            code = translate(tr, parse(e))
        except Untranslatable as ex:
            out[e] = ("untranslatable", "error", str(ex))
            continue
        if code in cache:
            out[e] = cache[code]
        else:
            todo.setdefault(code, []).append(e)
    if todo and os.environ.get("ORACLE_CACHED_ONLY") == "1":
        todo = {}  # harvest what an interrupted run left in the cache; the rest is left out
    if todo:
        codes = order_by_prediction(todo, mode)
        workdir = tempfile.mkdtemp(prefix="cute-oracle-")
        if os.environ.get("ORACLE_PCH", "1") == "1":
            build_pch(workdir)
        results, lock = {}, threading.Lock()
        batches = [list(enumerate(codes))[i:i + BATCH] for i in range(0, len(codes), BATCH)]
        done = [0]

        def go(batch):
            run_batch(batch, workdir, results, lock)
            with lock:
                done[0] += len(batch)
                print("oracle[%s]: %d/%d" % (mode, done[0], len(codes)), file=log, flush=True)
                if cache_path:  # saved batch by batch, so an interrupted run resumes
                    with open(cache_path, "a") as f:
                        for i, code in batch:
                            r = results.get(i, ("crash", "crash", "no output"))
                            f.write(json.dumps({"code": code, "res": list(r)}) + "\n")

        try:
            with cf.ThreadPoolExecutor(JOBS) as ex:
                list(ex.map(go, batches))
        finally:
            # The precompiled header alone is about 100 MB per run.
            shutil.rmtree(workdir, ignore_errors=True)
        for i, code in enumerate(codes):
            r = results.get(i, ("crash", "crash", "no output"))
            for e in todo[code]:
                out[e] = r
    return out


def order_by_prediction(todo, mode):
    """Puts the cases the calculator refuses after the others, so that most batches
    compile at the first try (a failing batch is compiled again without its failing
    cases). Only the order changes; the results are C++'s."""
    codes = list(todo)
    cute = os.environ.get("ORACLE_CUTE", "target/release/cute")
    if not os.path.exists(cute):
        return codes
    exprs = [todo[c][0] for c in codes]
    args = [cute, "eval"] + (["--mixed"] if mode == "mixed" else []) + ["-"]
    try:
        p = subprocess.run(args, input="".join(e + "\n" for e in exprs), capture_output=True,
                           text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return codes
    got = p.stdout.split("\n")
    bad = {c for c, g in zip(codes, got) if g.startswith("error")}
    return [c for c in codes if c not in bad] + [c for c in codes if c in bad]


def translate(tr, tree):
    k = tree[0]
    if k == "call":
        return tr.call(tree)
    if k == "layout" or k == "tuple":
        return tr.layout(tree)
    raise Untranslatable("not specified: bare int or tiler at top level")


# -------------------------------------------------------------------- facts --

# C++ messages of refusals that only run-time values cause (the check needs a static value)
RUNTIME_ONLY_RE = re.compile(r"Dynamic-stride complement only for rank-1|requires static strides"
                             r"|Downcast requires adjacent elements"
                             r"|.value.{1,3} is not a member of .{1,3}bool")


def classify(expr, mode, mine, static_twin=None):
    """Returns (fact_or_None, reason). mine/static_twin: (status, result, msg)."""
    st, res, msg = mine
    if st == "untranslatable":
        return None, "untranslatable: " + msg
    if st in ("crash", "overflow", "unchecked"):
        return None, st + ": " + msg
    if st == "eqn":
        if mode == "static":  # the contract's definitional refusal, as in public.tsv
            return "error", "eqn: C++ answers %s but R(i) != A(B(i))" % res
        return None, "eqn: C++ answers %s but R(i) != A(B(i))" % res
    if mode == "mixed" and st == "error" and RUNTIME_ONLY_RE.search(msg):
        # even where the static twin fails too (for another reason): the mixed
        # values can differ from the static ones (make_layout_like, coalesce...)
        return None, "runtime-only refusal: " + msg
    if mode == "mixed" and static_twin is not None:
        sst = static_twin[0]
        if st == "error" and sst in ("ok", "eqn", "unchecked", "overflow"):
            return None, "runtime-only refusal: " + msg
        if st == "ok" and sst == "error":
            return None, "mixed C++ skips a static check: static says " + static_twin[2]
        if st == "ok" and sst == "eqn":
            return None, "eqn in the static twin"
    if st == "error":
        return "error", msg
    return res, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["run", "facts", "cpp"])
    ap.add_argument("--mode", choices=["static", "mixed"], default="static")
    ap.add_argument("--cache")
    ap.add_argument("--detail", action="store_true")
    ap.add_argument("--out")
    ap.add_argument("--excluded")
    ap.add_argument("expr", nargs="?")
    a = ap.parse_intermixed_args()
    if a.cmd == "cpp":
        tr = Tr(a.mode == "mixed")
        print(program([(0, translate(tr, parse(a.expr)))])[0])
        return
    exprs = [l.rstrip("\n").split("\t")[0] for l in sys.stdin if l.strip()]
    res = oracle(exprs, a.mode, a.cache)
    if a.cmd == "run":
        for e in exprs:
            if e not in res:
                continue
            st, r, msg = res[e]
            if a.detail:
                print("%s\t%s\t%s\t%s" % (e, r, st, msg))
            else:
                # eqn: C++ answers, but the contract refuses (README "definitional refusal")
                print("%s\t%s" % (e, "error" if st in ("error", "eqn", "untranslatable") else r))
        return
    twin = {}
    if a.mode == "mixed":  # the static twin, only where it can change the verdict
        need = [e for e in dict.fromkeys(exprs) if e in res and res[e][0] == "error"]
        twin = oracle(need, "static", a.cache)
    with open(a.out, "w") as fo, open(a.excluded, "w") as fx:
        for e in dict.fromkeys(exprs):
            if e not in res:
                continue
            fact, why = classify(e, a.mode, res[e], twin.get(e))
            if fact is None:
                fx.write("%s\t%s\n" % (e, " ".join(why.split())))
            else:
                fo.write("%s\t%s\n" % (e, fact))

if __name__ == "__main__":
    main()
