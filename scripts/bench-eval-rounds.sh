#!/bin/bash
# Calculator speed on a many-core host (e.g. the GPU machine), two binaries side by side.
#
# Usage: scripts/bench-eval-rounds.sh DIR
#   DIR holds: cute_base, cute_new, cute_pool (three `cute` builds to compare; copy the
#   same binary three times to time one), supported.txt (written by
#   `python3 scripts/pycute_eval.py ../shared/conformance/public.tsv 1 supported.txt`),
#   pycute_eval.py and a `pycute/` package directory (from nvidia-cutlass==4.2.0.0).
# Prints 7 interleaved rounds: pycute's evaluation loop (200 passes) and each binary's
# whole `cute eval -` process on the same 55,400 lines, on all cores and pinned to one.
# Then: 4, 8 and 16 single-threaded processes at once, one per core (how far the
# host's cores scale on independent work).
# device-side: pycute (evaluation loop, 200 passes) and cute eval - (whole process,
# same 55,400 lines), interleaved, 7 rounds; plus cute pinned to one core.
cd "$1"
nproc
for i in $(seq 200); do cat supported.txt; done > input.txt
export PYTHONPATH=$PWD
t() { python3 - "$@" <<'PY'
import subprocess, sys, time
args, inp = sys.argv[1:-1], sys.argv[-1]
with open(inp, "rb") as f:
    t = time.perf_counter()
    subprocess.run(args + ["eval", "-"], stdin=f, stdout=subprocess.DEVNULL, check=False)
    print("%.4f" % (time.perf_counter() - t))
PY
}
for r in 1 2 3 4 5 6 7; do
  py=$(python3 pycute_eval.py supported.txt 200 /tmp/s.txt | sed 's/.*seconds=//')
  base=$(t ./cute_base input.txt); new=$(t ./cute_new input.txt); pool=$(t ./cute_pool input.txt)
  base1=$(t taskset -c 0 ./cute_base input.txt); new1=$(t taskset -c 0 ./cute_new input.txt)
  pool1=$(t taskset -c 0 ./cute_pool input.txt); echo "round $r pycute $py base $base new $new pool $pool base1core $base1 new1core $new1 pool1core $pool1"
done
one() { /usr/bin/time -f "%e" taskset -c $1 ./cute_pool eval - < input.txt > /dev/null; }
for n in 4 8 16; do
  echo "$n concurrent (one per core):"
  for c in $(seq 0 $((n-1))); do one $c 2>&1 & done 2>&1; wait
done 2>&1 | tr "\n" " "; echo
