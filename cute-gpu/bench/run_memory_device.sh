#!/usr/bin/env bash
# Device run 3 of the gpu helper: the user-written transpose and softmax examples
# (checks, a refused launch, timing) beside torch under the same protocol.
set -uo pipefail
B=$(dirname "$0")
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw --format=csv
timeout -k 5 120 "$B/transpose" --sizes 4096,8192,16384,4000x6000 2>&1 | tee $OUT/transpose.txt; echo "rc=$?"
timeout -k 5 120 "$B/softmax" --sizes 4096,8192,16384,4000x6000 2>&1 | tee $OUT/softmax.txt; echo "rc=$?"
PYTHONUNBUFFERED=1 timeout -k 5 120 python3 "$B/torch_memory.py" --sizes 4096 8192 16384 2>&1 | tee $OUT/torch.txt
