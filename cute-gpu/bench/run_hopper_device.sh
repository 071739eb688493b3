#!/usr/bin/env bash
# One device session for the Hopper GEMM (run from the repository root on the GPU
# machine, with the release binaries of `gemm_tc` and `hopper_ptx` in $BIN):
#   1. ptxas (the machine's CUDA) and SASS of the shipped kernels: registers,
#      spills, HGMMA count;
#   2. the correctness suite, one process per dtype and configuration (a trap in
#      one kernel cannot take the others down);
#   3. the timed sweep of the configurations that passed, with dumps for the
#      cuBLAS calibration, and cuBLAS (torch) under the same protocol.
#   4. a second timed round after cuBLAS (both B layouts, $ROUND2 configurations)
#      and, with $CTAS set, a round on a persistent grid of that many blocks.
# $CONFIGS: the configurations of the suite; $TIME_CONFIGS (comma-separated)
# replaces "those that passed" for the timing. $SIZES, $DTYPES as named.
# Logs are collected in $WORK and packed into $OUT/hopper-logs.tgz at the end.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
BIN=${BIN:-carry/h9}
OUT=${OUT:-hopper-out}
WORK=${WORK:-/tmp/hopper-work}
SIZES=${SIZES:-4096,8192}
CONFIGS=${CONFIGS:-r1_tma_wgmma r2_warp_specialized r3_persistent r4_two_consumers r5_tma_store t256x128}
DTYPES=${DTYPES:-bf16 fp16}
mkdir -p "$OUT" "$WORK"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv | tee "$WORK/gpu.txt"

echo "== ptxas $(ptxas --version | tail -1)"
"$BIN/hopper_ptx" "$WORK/ptx" > "$WORK/kernels.txt"
for f in "$WORK"/ptx/*_bf16_bf16.ptx; do
  n=$(basename "$f" .ptx)
  ptxas -arch=sm_90a -O3 -v "$f" -o "$WORK/$n.cubin" > "$WORK/$n.ptxas" 2>&1
  echo "$n: $(grep -Eo 'Used [0-9]+ registers|[0-9]+ bytes (stack|spill)[a-z ]*|C75[0-9]+' "$WORK/$n.ptxas" | tr '\n' ' ') HGMMA=$(cuobjdump -sass "$WORK/$n.cubin" | grep -c HGMMA)"
done
rm -rf "$WORK/ptx"

passed_bf16=""; passed_fp16=""
for dt in $DTYPES; do
  for c in $CONFIGS; do
    if timeout -k 5 120 "$BIN/gemm_tc" --dtype "$dt" --configs "$c" --suite --b-layout both > "$WORK/suite_${dt}_$c.txt" 2>&1; then
      v="passed_$dt"; printf -v "$v" '%s' "${!v:+${!v},}$c"; r=PASS
    else r="FAIL(rc=$?)"; fi
    echo "suite $dt $c: $r ($(grep -c ' PASS ' "$WORK/suite_${dt}_$c.txt") checks passed, $(grep -c ' FAIL ' "$WORK/suite_${dt}_$c.txt") failed)"
    grep -E 'FAIL|error|gemm_tc:' "$WORK/suite_${dt}_$c.txt" | head -4
  done
done

for dt in $DTYPES; do
  v="passed_$dt"; list=${TIME_CONFIGS:-${!v}}
  [[ -z "$list" ]] && { echo "no $dt configuration passed the suite"; continue; }
  echo "== timing $dt: $list"
  timeout -k 5 240 "$BIN/gemm_tc" --dtype "$dt" --configs "$list" --sizes "$SIZES" --dump "$WORK/dump_$dt" > "$WORK/time_$dt.txt" 2>&1
  echo "rc=$?"; sed -n '/== summary/,$p' "$WORK/time_$dt.txt"
  grep -E 'FAIL|error' "$WORK/time_$dt.txt" | head -4
  PYTHONUNBUFFERED=1 timeout -k 5 120 python3 cute-gpu/bench/cublas_tc.py --dtypes "$dt" --sizes ${SIZES//,/ } --dump "$WORK/dump_$dt" 2>&1 | tee "$WORK/cublas_$dt.txt"
  rm -f "$WORK"/dump_$dt/*.bin
  # second round after cuBLAS (drift), both B layouts, and a 128-block persistent grid
  echo "== timing $dt, round 2: B stored N×K and K×N"
  timeout -k 5 240 "$BIN/gemm_tc" --dtype "$dt" --configs "${ROUND2:-r4_two_consumers,r5_tma_store,t256x128}" --b-layout both --sizes "$SIZES" > "$WORK/time2_$dt.txt" 2>&1
  echo "rc=$?"; sed -n '/== summary/,$p' "$WORK/time2_$dt.txt" | tail -n +2
  if [[ -n "${CTAS:-}" ]]; then
    echo "== timing $dt, persistent grid of $CTAS blocks"
    timeout -k 5 120 "$BIN/gemm_tc" --dtype "$dt" --configs r5_tma_store,t256x128 --ctas "$CTAS" --sizes "$SIZES" > "$WORK/time3_$dt.txt" 2>&1
    echo "rc=$?"; sed -n '/== summary/,$p' "$WORK/time3_$dt.txt" | tail -n +2
  fi
done
tar czf "$OUT/hopper-logs.tgz" -C "$WORK" . && echo "logs: $OUT/hopper-logs.tgz"
