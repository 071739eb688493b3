#!/bin/bash
# The tile-API transpose (fp32, bf16) and torch's copies on the device; two passes.
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
for pass in 1 2; do
  echo "== pass $pass"
  for d in f32 bf16; do
    ./transpose --dtype $d --sizes 4096,8192,16384,1000x3000,4097x8191,8191x4097,8191x33 2>&1 | grep -v '^device'
  done
  python3 torch_copy.py   # cute-gpu/bench/torch_copy.py 2>&1
done
