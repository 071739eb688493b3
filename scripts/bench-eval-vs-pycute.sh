#!/usr/bin/env bash
# Times `cute eval -` against pycute (nvidia-cutlass==4.2.0.0) on the conformance
# expressions that pycute supports, and prints both times and the ratio.
#
# Usage: scripts/bench-eval-vs-pycute.sh [REPEAT] [RUNS]
#   REPEAT  how many times the expression set is evaluated in one process (default 200)
#   RUNS    how many times each side is run; the median run is reported (default 5)
#
# Python side, two ways, both in one Python process, interpreter start-up and the
# import of pycute NOT counted:
# - "algebra": scripts/pycute_eval.py translates every expression pycute supports
#   into pycute calls once, then times REPEAT passes over the calls (parsing and
#   output NOT counted: pycute's algebra alone);
# - "calculator" (--calculator): the same lines, repeated REPEAT times, each parsed,
#   evaluated and formatted as a line of text, as `cute eval -` does.
# Rust side: the same expressions, repeated REPEAT times, piped through one
# `cute eval -` process; the whole process wall time is counted (start-up, parsing,
# evaluation and printing included). `cute eval -` evaluates on all cores
# (std::thread::available_parallelism); pin it (taskset -c 0, via a CUTE_BIN
# wrapper) to compare one core with one core.
#
# Environment: CUTE_BIN (a prebuilt `cute` binary; default: build target/release/cute),
# CUTE_CONFORMANCE (the public.tsv to read), PYTHONPATH (where pycute is, if not
# installed; scripts/pycute_eval.py also looks in ~/.cache/cute-cpp).
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT="${1:-200}"
RUNS="${2:-5}"
TSV="${CUTE_CONFORMANCE:-../shared/conformance/public.tsv}"
[ -f "$TSV" ] || { echo "missing $TSV (shared/ must sit beside the repository)" >&2; exit 2; }

if [ -n "${CUTE_BIN:-}" ]; then
  CUTE="$CUTE_BIN"
else
  cargo build --release --quiet -p cute-cli --bin cute
  CUTE=target/release/cute
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

python3 scripts/pycute_eval.py "$TSV" 1 "$WORK/supported.txt" > /dev/null
for _ in $(seq "$REPEAT"); do cat "$WORK/supported.txt"; done > "$WORK/input.txt"
COUNT=$(wc -l < "$WORK/supported.txt")

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

py_times=()
py_calc_times=()
for _ in $(seq "$RUNS"); do
  py_times+=("$(python3 scripts/pycute_eval.py "$TSV" "$REPEAT" "$WORK/s.txt" | sed 's/.*seconds=//')")
  py_calc_times+=("$(python3 scripts/pycute_eval.py --calculator "$TSV" "$REPEAT" "$WORK/s.txt" | sed 's/.*seconds=//')")
done
rs_times=()
for _ in $(seq "$RUNS"); do
  rs_times+=("$(python3 - "$CUTE" "$WORK/input.txt" <<'PY'
import subprocess, sys, time
cute, inp = sys.argv[1], sys.argv[2]
with open(inp, "rb") as f:
    t = time.perf_counter()
    subprocess.run([cute, "eval", "-"], stdin=f, stdout=subprocess.DEVNULL, check=False)
    print(f"{time.perf_counter() - t:.6f}")
PY
)")
done
PY_S=$(printf '%s\n' "${py_times[@]}" | median)
PYC_S=$(printf '%s\n' "${py_calc_times[@]}" | median)
RS_S=$(printf '%s\n' "${rs_times[@]}" | median)
LINES=$((COUNT * REPEAT))
awk -v cores="$(nproc)" -v c="$COUNT" -v t="$(wc -l < "$TSV")" -v r="$REPEAT" -v n="$RUNS" -v py="$PY_S" -v pyc="$PYC_S" -v rs="$RS_S" -v l="$LINES" 'BEGIN {
  printf "expressions: %d of %d conformance lines are supported by pycute (and give a value there)\n", c, t
  printf "cores:       %s available to cute eval - (pycute uses one)\n", cores
  printf "workload:    %d passes = %d evaluations per run; median of %d runs\n", r, l, n
  printf "pycute, algebra:    %.4f s  (%.2f us per expression: calls built beforehand)\n", py, py / l * 1e6
  printf "pycute, calculator: %.4f s  (%.2f us per expression: parse, evaluate, format)\n", pyc, pyc / l * 1e6
  printf "cute eval -:        %.4f s  (%.2f us per expression, process start-up included)\n", rs, rs / l * 1e6
  printf "ratio, algebra:     %.1fx  (pycute algebra time / cute eval time)\n", py / rs
  printf "ratio, calculator:  %.1fx  (pycute calculator time / cute eval time)\n", pyc / rs
}'
