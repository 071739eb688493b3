#!/usr/bin/env bash
# GEMM parity, one process per measurement of ours, interleaved with cuBLAS in
# palindromic order (parity_abba.py), with the SM clock logged every 100 ms.
#   bash run_abba_device.sh BIN ROUNDS DEADLINE_S CELL...   (| tee $OUT/run.out)
# BIN holds gemm, gemm_tc and parity_abba.py. CHECKS=1 first runs the check
# suites: `gemm --size 4096 --check` (best per layout) and `gemm_tc --suite
# --b-layout both` for the configurations in TC_SUITE (default r5_tma_store).
set -uo pipefail
# LOG names the files under $OUT (default abba: abba.log, smi-abba.csv, summary-abba.txt).
B=${1:?binaries}; R=${2:-3}; D=${3:-450}; shift 3
L=${LOG:-abba}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv
q=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active
nvidia-smi --query-gpu=$q --format=csv,noheader -lms 100 > $OUT/smi-$L.csv 2>&1 &
smi=$!
if [ "${CHECKS:-0}" = 1 ]; then
  timeout -k 5 200 "$B/gemm" --size 4096 --check --no-time > $OUT/checks.txt 2>&1; echo "fp32 check rc=$?"
  echo "fp32 check: pass $(grep -c '^CHECK pass' $OUT/checks.txt) fail $(grep -c '^CHECK FAIL' $OUT/checks.txt)"
  for dt in bf16 fp16; do
    timeout -k 5 150 "$B/gemm_tc" --dtype $dt --configs ${TC_SUITE:-r5_tma_store} --suite --b-layout both > $OUT/suite.tmp 2>&1
    echo "$dt suite ${TC_SUITE:-r5_tma_store}: rc=$? pass $(grep -c ' PASS ' $OUT/suite.tmp) fail $(grep -c ' FAIL ' $OUT/suite.tmp)"
    cat $OUT/suite.tmp >> $OUT/checks.txt; rm $OUT/suite.tmp
  done
fi
args=()
for c in "$@"; do args+=(--cell "$c"); done
PYTHONUNBUFFERED=1 python3 "$B/parity_abba.py" --bin "$B" --rounds "$R" --deadline "$D" "${args[@]}" > $OUT/$L.log 2>&1
echo "abba rc=$?"
kill $smi
grep '^#' $OUT/$L.log
python3 "$B/parity_abba.py" --summary $OUT/$L.log --smi $OUT/smi-$L.csv | tee $OUT/summary-$L.txt
