#!/usr/bin/env bash
# Device run 1 of the gpu helper: refusals, fp32 check suite, Hopper suites.
set -uo pipefail
B=$(dirname "$0")
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw --format=csv
echo "== ldd"; ldd "$B/gemm" | grep -i cuda || echo "no libcuda at load time"
echo "== fp32 refusals"; timeout -k 5 60 "$B/gemm" --refusals; echo "rc=$?"
echo "== bf16 refusals"; timeout -k 5 60 "$B/gemm_tc" --dtype bf16 --refusals; echo "rc=$?"
echo "== fp32 check suite (best per layout, all layouts, 4096)"
timeout -k 5 200 "$B/gemm" --size 4096 --check --no-time > $OUT/check_fp32.txt 2>&1; echo "rc=$?"
grep -c "^CHECK pass" $OUT/check_fp32.txt; grep -E "FAIL|SUMMARY|error" $OUT/check_fp32.txt | head
for dt in bf16 fp16; do
  echo "== $dt suite, all configs, both B layouts"
  timeout -k 5 150 "$B/gemm_tc" --dtype $dt --configs all --suite --b-layout both > $OUT/suite_$dt.txt 2>&1; echo "rc=$?"
  echo "pass: $(grep -c ' PASS ' $OUT/suite_$dt.txt) fail: $(grep -c ' FAIL ' $OUT/suite_$dt.txt)"; grep -E "FAIL|error|gemm_tc:" $OUT/suite_$dt.txt | head -5
done
