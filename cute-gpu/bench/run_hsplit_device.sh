#!/usr/bin/env bash
# Raster-group variants of r5_tma_store (r5_g4, r5_g16) and r5 on a 132-block
# grid (--ctas 132) against r5 and cuBLAS at 4000³, 4096³ and 8192³, bf16 and
# fp16, in R interleaved rounds (default 3) with the parity protocol: gemm_tc
# (10 warm-up launches, 50 timed each between its own events, median; every
# timed configuration first checked on poisoned C against an fp64 reference),
# then cublas_tc.py. First the check suites of the new configurations.
#   bash run_hsplit_device.sh BIN [R]     (BIN holds gemm_tc; run | tee $OUT/run.out)
# Environment: CONFIGS (gemm_tc order, default r5_tma_store,r5_g4,r5_g16), SIZES
# (default 4000,4096,8192), C132 (sizes for the 132-block grid, default 4000,4096;
# empty: none), SUITE=0 skips the suites.
set -uo pipefail
B=${1:?binaries}
R=${2:-3}
CONFIGS=${CONFIGS:-r5_tma_store,r5_g4,r5_g16}
SIZES=${SIZES:-4000,4096,8192}
C132=${C132-4000,4096}
here=$(cd "$(dirname "$0")" && pwd)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu --format=csv,noheader -lms 500 > $OUT/smi.log 2>&1 &
smi=$!
: > $OUT/suite.txt
for dt in bf16 fp16; do
  [ "${SUITE:-1}" = 0 ] && break
  timeout -k 5 150 "$B/gemm_tc" --dtype $dt --configs r5_g4,r5_g16 --suite --b-layout both >> $OUT/suite.txt 2>&1
  echo "== $dt suite r5_g4,r5_g16: rc=$? pass $(grep -c ' PASS ' $OUT/suite.txt) fail $(grep -c ' FAIL ' $OUT/suite.txt) (cumulative)"
done
: > $OUT/tc.log
for r in $(seq "$R"); do
  echo "== round $r $(date -u +%T)"
  for dt in bf16 fp16; do
    timeout -k 5 200 "$B/gemm_tc" --dtype $dt --configs "$CONFIGS" --sizes "$SIZES" >> $OUT/tc.log 2>&1 || echo "gemm_tc $dt rc=$?"
    # the same kernel on one block per SM: its lines renamed r5_c132 for the table
    [ -n "$C132" ] && timeout -k 5 100 "$B/gemm_tc" --dtype $dt --configs r5_tma_store --ctas 132 --sizes "$C132" 2>&1 \
      | sed 's/^time r5_tma_store /time r5_c132      /' >> $OUT/tc.log
  done
  PYTHONUNBUFFERED=1 timeout -k 5 200 python3 "$here/cublas_tc.py" --dtypes bf16 fp16 --sizes $(tr , ' ' <<<"$SIZES") >> $OUT/tc.log 2>&1 || echo "cublas rc=$?"
done
kill $smi
grep -c "check=FAIL" $OUT/tc.log | sed 's/^/timed-check failures: /'
python3 "$here/parity_table.py" tc $OUT/tc.log | tee $OUT/table.txt
