#!/usr/bin/env bash
# Device run of the softmax example: checks (ragged shapes, a refused launch), the
# timed sizes for fp32 and bf16 with every requested split, then torch's copy and
# softmax under the same protocol. Binaries beside this script.
#   run_softmax_device.sh [per-thread list] [hints list] [sizes]
set -uo pipefail
B=$(dirname "$0")
PT=${1:-8,16,32}; H=${2:-0}; S=${3:-4096,8192,4096x16384}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw --format=csv
for d in f32 bf16; do
  timeout -k 5 200 "$B/softmax" --dtype $d --sizes $S --per-thread $PT --hints $H 2>&1 | tee $OUT/softmax-$d.txt; echo "rc=$?"
done
PYTHONUNBUFFERED=1 timeout -k 5 120 python3 "$B/torch_softmax.py" --sizes ${S//,/ } 2>&1 | tee $OUT/torch.txt
grep -h RESULT $OUT/*.txt | sed -E 's/max_rel_err=[^ ]+ //' > $OUT/summary.txt
echo "=== summary"; cat $OUT/summary.txt
