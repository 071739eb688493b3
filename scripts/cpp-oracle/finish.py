#!/usr/bin/env python3
"""Final filter of a facts file before it becomes a vector file.

Usage: finish.py --mode static|mixed FACTS.tsv VECTORS.tsv HELD.tsv [--cute BIN] [--cache F]

Mixed reading: every line where C++ answers but `cute eval --mixed` says error
goes to HELD, not to VECTORS, with the all-static twin's verdict: if C++ refuses
the static twin (or it breaks the composition equation), mixed C++ only skipped
a check that the static contract enforces. Otherwise the line is a candidate
calculator bug for the lead to decide (the twin of an intermediate value can
still differ, e.g. after make_layout_like). Every other line goes to VECTORS,
mismatching or not. Static reading: every line goes to VECTORS.
"""
import argparse
import subprocess

import oracle


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["static", "mixed"], required=True)
    ap.add_argument("--cute", default="target/release/cute")
    ap.add_argument("--cache")
    ap.add_argument("facts")
    ap.add_argument("vectors")
    ap.add_argument("held")
    a = ap.parse_args()
    rows = [l.rstrip("\n").split("\t") for l in open(a.facts) if l.strip()]
    args = [a.cute, "eval"] + (["--mixed"] if a.mode == "mixed" else []) + ["-"]
    p = subprocess.run(args, input="".join(r[0] + "\n" for r in rows), capture_output=True, text=True)
    got = p.stdout.split("\n")
    suspects = [e for k, (e, want) in enumerate(rows)
                if a.mode == "mixed" and want != "error" and got[k].startswith("error")]
    held = set(suspects)
    twin = oracle.oracle(suspects, "static", a.cache) if suspects else {}
    with open(a.vectors, "w") as fv, open(a.held, "w") as fh:
        for e, want in rows:
            if e in held:
                t = twin.get(e, ("not run", "", ""))
                if t[0] in ("error", "eqn"):
                    why = "mixed C++ skips a static check; static twin: %s %s" % (t[0], t[2] or t[1])
                else:
                    why = ("calculator refuses, C++ answers and passes R(i) == A(B(i)); static twin: "
                           "%s %s" % (t[0], t[1]))
                fh.write("%s\t%s\t%s\n" % (e, want, why))
                continue
            fv.write("%s\t%s\n" % (e, want))


if __name__ == "__main__":
    main()
