#!/usr/bin/env python3
"""Compares two EXPR<TAB>RESULT files by the conformance README's rules.

Usage: compare.py --mode static|mixed EXPECTED ACTUAL
Prints the lines that differ as `EXPR<TAB>EXPECTED<TAB>ACTUAL`, then a count.
"""
import sys


def norm(s, mode):
    s = "".join(s.split())
    if s.startswith("error"):  # the message is free
        return "error"
    s = s.replace(",)", ")")
    if mode == "static":
        s = s.replace("_", "")
    return s


def load(path):
    out = {}
    for line in open(path):
        line = line.rstrip("\n")
        if not line:
            continue
        e, _, r = line.partition("\t")
        out[e] = r
    return out


def main():
    mode = "static"
    args = sys.argv[1:]
    if args[0] == "--mode":
        mode, args = args[1], args[2:]
    exp, act = load(args[0]), load(args[1])
    bad = 0
    for e, r in exp.items():
        a = act.get(e)
        if a is None or norm(a, mode) != norm(r, mode):
            bad += 1
            print("%s\t%s\t%s" % (e, r, a))
    print("# %d of %d differ" % (bad, len(exp)), file=sys.stderr)


if __name__ == "__main__":
    main()
