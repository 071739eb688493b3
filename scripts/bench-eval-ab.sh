#!/bin/bash
# Whole-process A/B of `cute eval -` builds on the GPU host.
#
# Usage: scripts/bench-eval-ab.sh DIR
#   DIR holds ab/cute_* (the builds to compare), supported.txt, pycute_eval.py and a
#   pycute/ package directory (see bench-eval-rounds.sh).
# Prints the CPU, then each build's median/min/max over ROUNDS (default 21) interleaved
# rounds on empty input and on the 277 expressions x50 and x200, then pycute's evaluation
# loop (200 passes) three times.
here=$(cd "$(dirname "$0")" && pwd)
cd "${1:?usage: $0 DIR}"
lscpu | grep -E "^(CPU\(s\)|Thread|Core|Socket|Model name)" | tr -s ' ' | tr '\n' ';'; echo
: > empty.txt
for n in 50 200; do for i in $(seq $n); do cat supported.txt; done > in$n.txt; done
bins=$(ls -d ./ab/cute_* | tr '\n' ' ')
for f in empty.txt in50.txt in200.txt; do
  python3 "$here/bench-eval-ab.py" "${ROUNDS:-21}" $f $bins
done
export PYTHONPATH=$PWD
for r in 1 2 3; do python3 pycute_eval.py supported.txt 200 /tmp/s.txt; done
