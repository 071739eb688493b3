#!/usr/bin/env bash
# GEMM parity with interleaved rounds, on whichever device runs it: the check
# suites and refusal demos, then R rounds (default 3) that each time cuBLAS and
# ours once per shape (fp32: scripts/gpu-cublas.py then `gemm`; bf16/fp16:
# `gemm_tc` then cublas_tc.py), each tool with its protocol (warm-up, 50
# launches each between CUDA events, median); parity_table.py then takes the
# median over rounds. Binaries in $1 (default carry/final).
#   cute-gpu/bench/run_parity_rounds.sh carry/gpu-gemm 3
set -uo pipefail
# $OUT gets 8 files, the most that come back: refusals, the check and suite
# results, the two timing logs and the clock log; run it with `| tee $OUT/run.out`.
B=${1:-carry/final}
R=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
# the helpers from the repository, or copies beside this script
fp32_cublas=$here/../../scripts/gpu-cublas.py
[ -f "$fp32_cublas" ] || fp32_cublas=$here/gpu-cublas.py
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu --format=csv,noheader -lms 500 > $OUT/smi.log 2>&1 &
smi=$!
echo "== refusals"
timeout -k 5 60 "$B/gemm" --refusals > $OUT/refusals.txt 2>&1; echo "gemm rc=$?"
timeout -k 5 60 "$B/gemm_tc" --refusals >> $OUT/refusals.txt 2>&1; echo "gemm_tc rc=$?"
tail -4 $OUT/refusals.txt
echo "== fp32 check suite (4096, best per layout)"
timeout -k 5 200 "$B/gemm" --size 4096 --check --no-time > $OUT/check_fp32.txt 2>&1; echo "rc=$?"
echo "pass $(grep -c '^CHECK pass' $OUT/check_fp32.txt) fail $(grep -c '^CHECK FAIL' $OUT/check_fp32.txt)"
for dt in bf16 fp16; do
  timeout -k 5 150 "$B/gemm_tc" --dtype $dt --configs r5_tma_store --suite --b-layout both > $OUT/suite_$dt.txt 2>&1
  echo "== $dt suite r5_tma_store: rc=$? pass $(grep -c ' PASS ' $OUT/suite_$dt.txt) fail $(grep -c ' FAIL ' $OUT/suite_$dt.txt)"
done
SIZES="2048,4000,4096,8192,8192x8192x1024,6144x2048x12288,16384x16384x512"
: > $OUT/fp32.log; : > $OUT/tc.log
for r in $(seq "$R"); do
  echo "== round $r $(date -u +%T)"
  for size in 4096 8192; do
    python3 "$fp32_cublas" --size $size --layout nn,nt,tn,tt >> $OUT/fp32.log 2>&1
    "$B/gemm" --size $size --layout nn,nt,tn,tt --config w128x256x8pm,w128x256x8pmg16,w128x256x8pm_ts,w128x256x8pmg16_ts >> $OUT/fp32.log 2>&1
  done
  for dt in bf16 fp16; do
    "$B/gemm_tc" --dtype $dt --configs r5_tma_store --sizes $SIZES >> $OUT/tc.log 2>&1
  done
  PYTHONUNBUFFERED=1 python3 "$here/cublas_tc.py" --dtypes bf16 fp16 \
    --sizes $(tr , ' ' <<<"$SIZES") >> $OUT/tc.log 2>&1
done
kill $smi
python3 "$here/parity_table.py" fp32 $OUT/fp32.log
python3 "$here/parity_table.py" tc $OUT/tc.log
