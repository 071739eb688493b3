#!/usr/bin/env bash
# GEMM parity after the session-7 merges, on whichever device runs it: the check
# suites, then fp32 (gemm, best config) and bf16/fp16 (gemm_tc r5_tma_store)
# against cuBLAS through torch, each timed by its own tool with the established
# protocol (warm-up, per-launch events, median). Binaries in $1 (default carry/final).
set -uo pipefail
B=${1:-carry/final}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
echo "== refusals"; timeout -k 5 60 "$B/gemm" --refusals | tail -3; echo "rc=$?"
echo "== fp32 check suite (4096)"
timeout -k 5 200 "$B/gemm" --size 4096 --check --no-time > $OUT/check_fp32.txt 2>&1; echo "rc=$?"
echo "pass: $(grep -c '^CHECK pass' $OUT/check_fp32.txt)"; grep -E "FAIL|error" $OUT/check_fp32.txt | head -3
for dt in bf16 fp16; do
  timeout -k 5 150 "$B/gemm_tc" --dtype $dt --configs r5_tma_store --suite --b-layout both > $OUT/suite_$dt.txt 2>&1
  echo "== $dt suite r5_tma_store: rc=$? pass $(grep -c ' PASS ' $OUT/suite_$dt.txt) fail $(grep -c ' FAIL ' $OUT/suite_$dt.txt)"
done
: > $OUT/fp32.log
for size in 4096 8192; do
  python3 scripts/gpu-cublas.py --size $size --layout nn,nt,tn,tt >> $OUT/fp32.log 2>&1
  "$B/gemm" --size $size --layout nn,nt,tn,tt --config best >> $OUT/fp32.log 2>&1
done
echo "== fp32 vs cuBLAS"; python3 scripts/gpu-cublas.py --report $OUT/fp32.log
SIZES="2048,4000,4096,8192,8192x8192x1024,6144x2048x12288,16384x16384x512"
for dt in bf16 fp16; do
  "$B/gemm_tc" --dtype $dt --configs r5_tma_store --sizes $SIZES > $OUT/tc_$dt.txt 2>&1
  echo "== ours $dt"; sed -n '/== summary/,$p' $OUT/tc_$dt.txt | tail -n +2
done
echo "== cuBLAS"
PYTHONUNBUFFERED=1 python3 cute-gpu/bench/cublas_tc.py --dtypes bf16 fp16 \
  --sizes 2048 4000 4096 8192 8192x8192x1024 6144x2048x12288 16384x16384x512 2>&1 \
  | tee $OUT/cublas_tc.log | grep "TN"
