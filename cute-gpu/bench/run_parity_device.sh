#!/usr/bin/env bash
# Device run 2 of the gpu helper: fp32 and Hopper GEMM speed, new binaries (this
# branch) against the binaries of the base commit (old/, cust) and cuBLAS, interleaved.
set -uo pipefail
B=$(dirname "$0"); S=scripts
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
: > $OUT/fp32_new.log; : > $OUT/fp32_old.log
for size in 4096 8192; do
  for round in 1 2; do
    python3 $S/gpu-cublas.py --size $size --layout nn,nt,tn,tt > /tmp/cb.txt 2>&1
    cat /tmp/cb.txt >> $OUT/fp32_new.log; cat /tmp/cb.txt >> $OUT/fp32_old.log
    if [ $round = 1 ]; then order="new old"; else order="old new"; fi
    for v in $order; do
      bin=$B/gemm; [ $v = old ] && bin=$B/old/gemm
      "$bin" --size $size --layout nn,nt,tn,tt --config best >> $OUT/fp32_$v.log 2>&1
    done
  done
done
echo "== fp32, this branch"; python3 $S/gpu-cublas.py --report $OUT/fp32_new.log
echo "== fp32, base commit (cust)"; python3 $S/gpu-cublas.py --report $OUT/fp32_old.log
for dt in bf16 fp16; do
  for v in new old old new; do
    bin=$B/gemm_tc; [ $v = old ] && bin=$B/old/gemm_tc
    "$bin" --dtype $dt --configs r5_tma_store --sizes 4096,8192 > /tmp/tc.txt 2>&1
    sed -n '/== summary/,$p' /tmp/tc.txt | tail -n +2 | sed "s/^/$v /" | tee -a $OUT/tc.log
  done
done
PYTHONUNBUFFERED=1 python3 cute-gpu/bench/cublas_tc.py --dtypes bf16 fp16 --sizes 4096 8192 2>&1 | tee $OUT/cublas_tc.log | grep -v "^#" | tail -12
