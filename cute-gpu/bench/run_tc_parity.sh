#!/usr/bin/env bash
# bf16/fp16 GEMM parity against cuBLAS on the GPU machine:
#   SUITE=cfg,cfg [SUITE_T=200] [LOG=abba] bash run_tc_parity.sh BIN ROUNDS DEADLINE_S CELL...
# BIN holds gemm_tc and parity_abba.py. First `gemm_tc --suite --b-layout both` of the
# configurations in SUITE (bf16, then fp16; skipped when SUITE is empty), then
# parity_abba.py's interleaved rounds over the cells (`tc/bf16/4096/r6_tile_order,
# r5_tma_store`; a configuration may be a command-line variant such as
# `r5_tma_store:g16:s:k`) with nvidia-smi sampling SM clock, power and temperature
# every 100 ms; files under $OUT: checks-$LOG.txt, $LOG.log, smi-$LOG.csv, summary-$LOG.txt.
set -uo pipefail
B=${1:?}; R=$2; D=$3; shift 3
L=${LOG:-abba}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv
if [ -n "${SUITE:-}" ]; then
  for dt in bf16 fp16; do
    timeout -k 5 ${SUITE_T:-200} "$B/gemm_tc" --dtype $dt --configs "$SUITE" --suite --b-layout both > $OUT/suite.tmp 2>&1
    echo "$dt suite $SUITE: rc=$? pass $(grep -c ' PASS ' $OUT/suite.tmp) fail $(grep -c ' FAIL ' $OUT/suite.tmp)"
    grep ' FAIL ' $OUT/suite.tmp | head -5
    cat $OUT/suite.tmp >> $OUT/checks-$L.txt; rm $OUT/suite.tmp
  done
fi
q=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active
nvidia-smi --query-gpu=$q --format=csv,noheader -lms 100 > $OUT/smi-$L.csv 2>&1 &
smi=$!
args=()
for c in "$@"; do args+=(--cell "$c"); done
PYTHONUNBUFFERED=1 python3 "$B/parity_abba.py" --bin "$B" --rounds "$R" --deadline "$D" "${args[@]}" > $OUT/$L.log 2>&1
echo "abba rc=$?"
kill $smi
grep '^#' $OUT/$L.log | head -20
python3 "$B/parity_abba.py" --summary $OUT/$L.log --smi $OUT/smi-$L.csv | tee $OUT/summary-$L.txt
