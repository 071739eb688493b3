#!/usr/bin/env python3
"""Replays a vector file through the calculator and lists the lines that differ.

Usage: check.py --mode static|mixed VECTORS.tsv [--cute target/release/cute]
Static comparison: whitespace and `_` ignored. Mixed: whitespace ignored, `,)` = `)`,
`_` marks count. An expected `error` matches any output starting with `error`.
Prints `EXPR<TAB>EXPECTED<TAB>GOT` for each differing line, and a count on stderr.
"""
import argparse
import subprocess
import sys

from compare import norm


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["static", "mixed"], required=True)
    ap.add_argument("--cute", default="target/release/cute")
    ap.add_argument("vectors")
    a = ap.parse_args()
    rows = [l.rstrip("\n").split("\t") for l in open(a.vectors) if l.strip()]
    args = [a.cute, "eval"] + (["--mixed"] if a.mode == "mixed" else []) + ["-"]
    p = subprocess.run(args, input="".join(r[0] + "\n" for r in rows), capture_output=True, text=True)
    got = p.stdout.split("\n")
    bad = 0
    for k, (e, want) in enumerate(rows):
        g = got[k] if k < len(got) else "<missing>"
        if norm(g, a.mode) != norm(want, a.mode):
            bad += 1
            print("%s\t%s\t%s" % (e, want, g))
    print("# %d of %d differ" % (bad, len(rows)), file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
