#!/usr/bin/env python3
"""Checks the mixed expressions C++ refuses only because a value is run-time.

Usage: runtime_twin.py EXCLUDED.tsv [--cache F] [--cute BIN]

Reads the `runtime-only refusal` lines of an `oracle.py facts --mode mixed`
exclusion list, asks C++ for their all-static twin, and compares the values of
`cute eval --mixed` with it (the contract computes these at run time: any answer
satisfying the defining equation is right, so a layout is compared as a function:
the same size and the same offsets at every index, up to 2^14 of them; any other
value by its text, static marks ignored). Prints
`EXPR<TAB>STATIC C++<TAB>MIXED CALCULATOR` for each difference.
"""
import argparse
import re
import subprocess
import sys

import oracle
from compare import norm


def static_twin(e):
    return re.sub(r"_(\d)", r"\1", e)


def tree(s):
    """`(2,(3,4))` -> nested tuples of ints."""
    return eval(re.sub(r"(\d)\s*,?\s*\)", r"\1,)", s.replace("_", "")).replace(")", ",)").replace(",,", ","))


def leaves(t):
    return [t] if isinstance(t, int) else [x for m in t for x in leaves(m)]


def as_function(text):
    """A printed layout as (size, offsets), or None when it is not a layout."""
    text = "".join(text.split()).replace("_", "")
    if ":" not in text or text.startswith("error") or "Sw<" in text:
        return None
    sh, st = text.split(":")
    try:
        s, d = leaves(tree(sh)), leaves(tree(st))
    except Exception:
        return None
    size = 1
    for x in s:
        size *= x
    offs = []
    for i in range(min(size, 1 << 14)):
        o, rest = 0, i
        for k, (x, y) in enumerate(zip(s, d)):
            c = rest if k == len(s) - 1 else rest % x
            rest //= x
            o += c * y
        offs.append(o)
    return size, offs


def same(a, b):
    fa, fb = as_function(a), as_function(b)
    if fa is not None and fb is not None:
        return fa == fb
    return norm(a, "static") == norm(b, "static")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("excluded")
    ap.add_argument("--cache")
    ap.add_argument("--cute", default="target/release/cute")
    a = ap.parse_args()
    exprs = [l.split("\t")[0] for l in open(a.excluded) if "\truntime-only refusal" in l]
    twins = oracle.oracle([static_twin(e) for e in exprs], "static", a.cache)
    p = subprocess.run([a.cute, "eval", "--mixed", "-"], input="".join(e + "\n" for e in exprs),
                       capture_output=True, text=True)
    got = p.stdout.split("\n")
    bad = checked = 0
    for k, e in enumerate(exprs):
        st, res, _ = twins[static_twin(e)]
        if st != "ok":
            continue  # the static twin refuses or breaks an equation: no value to compare
        checked += 1
        if not same(got[k], res):
            bad += 1
            print("%s\t%s\t%s" % (e, res, got[k]))
    print("# %d of %d (of %d runtime-only refusals) differ from the static twin" %
          (bad, checked, len(exprs)), file=sys.stderr)


if __name__ == "__main__":
    main()
