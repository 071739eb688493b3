#!/usr/bin/env bash
# Assembles every shipped Hopper GEMM kernel (cute_gpu::hopper::shipped, all
# input/output formats) with ptxas for sm_90a and fails on anything that costs
# speed silently: register spills, a stack frame, wgmma serialization
# (C7510 function boundary, C7511 registers, C7515 accumulator writes), an
# injected warpgroup wait (C7517) or an ignored setmaxnreg (C7508).
#
# ptxas comes from $PTXAS, else PATH, else the PyPI wheel nvidia-cuda-nvcc-cu12
# (`pip install nvidia-cuda-nvcc-cu12`; it ships ptxas only). No GPU needed.
set -euo pipefail
cd "$(dirname "$0")/../.."

ptxas_bin="${PTXAS:-}"
if [[ -z "$ptxas_bin" ]]; then
  if command -v ptxas >/dev/null 2>&1; then
    ptxas_bin=$(command -v ptxas)
  else
    ptxas_bin=$(python3 -c 'import nvidia.cuda_nvcc as m, os; print(os.path.join(list(m.__path__)[0], "bin", "ptxas"))' 2>/dev/null || true)
  fi
fi
if [[ -z "$ptxas_bin" || ! -x "$ptxas_bin" ]]; then
  echo "ptxas not found: set PTXAS or pip install nvidia-cuda-nvcc-cu12" >&2
  exit 2
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cargo run -q -p cute-gpu --example hopper_ptx -- "$out/ptx" >"$out/list"

failed=0
count=0
printf '%-44s %5s %6s %s\n' kernel regs smem verdict
for ptx in "$out"/ptx/*.ptx; do
  name=$(basename "$ptx" .ptx)
  log="$out/$name.log"
  "$ptxas_bin" -arch=sm_90a -O3 -v --warn-on-spills "$ptx" -o "$out/$name.cubin" >"$log" 2>&1 || {
    echo "$name: ptxas failed"; cat "$log"; failed=1; continue; }
  count=$((count + 1))
  regs=$(sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' "$log")
  smem=$(awk -v n="$name" '$1 == n { sub("smem=", "", $3); print $3 }' "$out/list")
  problems=""
  grep -Eq 'C75(08|10|11|15|17)' "$log" && problems+=" $(grep -Eo 'C75(08|10|11|15|17)' "$log" | sort -u | tr '\n' ' ')"
  grep -Eq '[1-9][0-9]* bytes stack frame' "$log" && problems+=" stack-frame"
  grep -Eq '[1-9][0-9]* bytes spill' "$log" && problems+=" spills"
  grep -qi 'warning' "$log" && problems+=" warning"
  if [[ -n "$problems" ]]; then
    printf '%-44s %5s %6s FAIL:%s\n' "$name" "$regs" "$smem" "$problems"
    sed 's/^/    /' "$log"
    failed=1
  else
    printf '%-44s %5s %6s ok\n' "$name" "$regs" "$smem"
  fi
done
if [[ $count -eq 0 ]]; then echo "no kernels assembled" >&2; exit 1; fi
if [[ $failed -ne 0 ]]; then echo "ptxas validation FAILED" >&2; exit 1; fi
echo "ptxas validation passed: $count kernels, $("$ptxas_bin" --version | tail -1)"
