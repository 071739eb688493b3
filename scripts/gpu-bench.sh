#!/usr/bin/env bash
# Side-by-side fp32 GEMM timing on the GPU machine: cute-gpu's `gemm` example
# against cuBLAS (torch), same sizes, layouts and protocol, interleaved
# (cuBLAS, ours, cuBLAS, ours) so that clock or power drift hits both alike.
# Then prints the table of TFLOP/s and ratios.
#
#   scripts/gpu-bench.sh BIN [SIZES] [LAYOUTS] [CONFIGS] [ROUNDS]
#   e.g. scripts/gpu-bench.sh carry/gemm "4096 8192" nn,nt,tn,tt best 2
# Build BIN on a CUDA-less machine with:
#   cargo build --release -p cute-gpu --features cuda --example gemm
#   cp target/release/examples/gemm carry/gemm
set -euo pipefail
bin=${1:?usage: gpu-bench.sh BIN [SIZES] [LAYOUTS] [CONFIGS] [ROUNDS]}
sizes=${2:-"4096 8192"}
layouts=${3:-nt}
configs=${4:-best}
rounds=${5:-2}
here=$(cd "$(dirname "$0")" && pwd)
log=${LOG:-${OUT:-/tmp}/gpu-bench.log}
: > "$log"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv | tee -a "$log"
for size in $sizes; do
  for round in $(seq "$rounds"); do
    python3 "$here/gpu-cublas.py" --size "$size" --layout "$layouts" 2>&1 | tee -a "$log"
    "$bin" --size "$size" --layout "$layouts" --config "$configs" 2>&1 | tee -a "$log"
  done
done
python3 "$here/gpu-cublas.py" --report "$log"
