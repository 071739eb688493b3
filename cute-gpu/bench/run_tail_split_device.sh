#!/usr/bin/env bash
# The tail split's device run (README "Tail split"): the fp32 check suite of
# `gemm --config best` at 8192 (tail-split problems forced by the suite, and
# 8192³ itself split by the model), then R rounds (default 3) that each time
# cuBLAS (gpu-cublas.py) and then ours, the plain kernels and their tail-split
# configurations, at 4096³ and 8192³ in every layout; parity_table.py takes the
# medians over rounds. The `gemm` binary, gpu-cublas.py and parity_table.py are
# in $1 (default: this folder, with scripts/gpu-cublas.py copied beside it).
#   cute-gpu/bench/run_tail_split_device.sh carry/t9-splitk 3 | tee $OUT/run.out
set -uo pipefail
B=${1:-$(cd "$(dirname "$0")" && pwd)}
R=${2:-3}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu --format=csv,noheader -lms 500 > $OUT/smi.log 2>&1 &
smi=$!
echo "== checks $(date -u +%T)"
timeout -k 5 240 "$B/gemm" --size 8192 --layout nn,nt,tn,tt --config best --check --no-time > $OUT/check.txt 2>&1; echo "rc=$?"
echo "pass $(grep -c '^CHECK pass' $OUT/check.txt) fail $(grep -c '^CHECK FAIL' $OUT/check.txt) split-cases $(grep '^CHECK' $OUT/check.txt | grep -vc 'split=none')"
grep '^CHECK' $OUT/check.txt | grep -v 'split=none' | awk '{print $2, $3, $4, $5, $6, $7, $12}' | head -40
grep -E 'FAIL|error' $OUT/check.txt | head -5
: > $OUT/fp32.log
CFG=w128x256x8pm,w128x256x8pmg16,w128x256x8pm_ts,w128x256x8pmg16_ts
for r in $(seq "$R"); do
  echo "== round $r $(date -u +%T)"
  for size in 4096 8192; do
    python3 "$B/gpu-cublas.py" --size $size --layout nn,nt,tn,tt >> $OUT/fp32.log 2>&1
    "$B/gemm" --size $size --layout nn,nt,tn,tt --config $CFG >> $OUT/fp32.log 2>&1
  done
done
kill $smi
grep -E '^RESULT impl=cute' $OUT/fp32.log | grep -v 'split=none' | awk '{print $3,$4,$5,$NF}' | sort | uniq -c | head -20
grep -iE 'error' $OUT/fp32.log | head -5
python3 "$B/parity_table.py" fp32 $OUT/fp32.log
