#!/usr/bin/env bash
# Device run of the softmax example (binary beside this script): checks and timing for
# f32 and bf16, then torch copy and softmax under the same protocol (torch_softmax.py,
# which imports the timing of torch_memory.py: carry both beside this script).
set -uo pipefail
B=$(dirname "$0")
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw --format=csv
for d in f32 bf16; do
  timeout -k 5 200 "$B/softmax" --dtype $d --sizes 4096,8192,4096x16384 2>&1 | tee $OUT/softmax-$d.txt; echo "rc=$?"
done
PYTHONUNBUFFERED=1 timeout -k 5 120 python3 "$B/torch_softmax.py" --sizes 4096 8192 4096x16384 2>&1 | tee $OUT/torch.txt
echo "=== summary"; grep -h "RESULT\|FAIL\|REFUSED" $OUT/*.txt | sed -E 's/max_rel_err=[^ ]+ //'
