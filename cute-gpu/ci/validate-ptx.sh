#!/usr/bin/env bash
# Assembles the PTX of every shipped cute-gpu kernel configuration with
# `ptxas -arch=sm_90a -O3 -v --warn-on-spills`, prints registers, shared memory,
# spills and stack per kernel, and fails on any spill, stack frame, warning or
# error. ptxas comes from $PTXAS, the PATH, or PyPI's nvidia-cuda-nvcc-cu12
# (installed with pip when missing). Output: target/cute-gpu-ptx/*.{ptx,cubin}.
set -euo pipefail
cd "$(dirname "$0")/../.."

find_ptxas() {
  if [ -n "${PTXAS:-}" ] && [ -x "$PTXAS" ]; then echo "$PTXAS"; return; fi
  if command -v ptxas >/dev/null 2>&1; then command -v ptxas; return; fi
  python3 - <<'PY' 2>/dev/null || true
import glob, site, sys
roots = site.getsitepackages() + [site.getusersitepackages()] + sys.path
for r in roots:
    for p in glob.glob(r + "/nvidia/cuda_nvcc/bin/ptxas"):
        print(p); raise SystemExit
PY
}

ptxas=$(find_ptxas)
if [ -z "$ptxas" ]; then
  echo "ptxas not found: installing nvidia-cuda-nvcc-cu12 with pip" >&2
  python3 -m pip install --quiet nvidia-cuda-nvcc-cu12 >&2
  ptxas=$(find_ptxas)
fi
if [ -z "$ptxas" ]; then echo "error: no ptxas available" >&2; exit 1; fi
echo "ptxas: $ptxas"
"$ptxas" --version | tail -1

out=target/cute-gpu-ptx
rm -rf "$out"
mkdir -p "$out"
cargo run --release -q -p cute-gpu --bin cute-gpu-ptx "$out" > "$out/kernels.tsv"
# the tile layer's kernels (the transpose of examples/transpose.rs in fp32 and bf16,
# and its conversion and math instructions), written by an ignored test
CUTE_GPU_TILE_PTX="$PWD/$out" cargo test --release -q -p cute-gpu --test tile -- --ignored write_ptx_for_ptxas > /dev/null
# the softmax example's kernels (tile API), fp32 and bf16, one per row-length class
for d in f32 bf16; do
  for c in 33 4096 8192 16384 32768; do
    cargo run --release -q -p cute-gpu --features cuda --example softmax -- --ptx --dtype "$d" --sizes "1x$c" > "$out/softmax_${d}_$c.ptx"
  done
done

fail=0
printf '%-28s %7s %5s %10s %6s %6s  %s\n' kernel threads regs smem_bytes spill stack status
for f in "$out"/*.ptx; do
  name=$(basename "$f" .ptx)
  if ! log=$("$ptxas" -arch=sm_90a -O3 -v --warn-on-spills "$f" -o "$out/$name.cubin" 2>&1); then
    printf '%-28s FAILED\n%s\n' "$name" "$log"
    fail=1
    continue
  fi
  first() { grep -oE "$1" <<<"$log" | head -1 | grep -oE '[0-9]+' | head -1 || true; }
  regs=$(first 'Used [0-9]+ registers'); regs=${regs:-0}
  spill=$(first '[0-9]+ bytes spill stores'); spill=${spill:-0}
  stack=$(first '[0-9]+ bytes stack frame'); stack=${stack:-0}
  # shared memory of the configuration (static or dynamic), from the generator's list
  smem=$(awk -F'\t' -v k="$name" '$1 == k { sub("smem=", "", $3); print $3 }' "$out/kernels.tsv")
  threads=$(awk -F'\t' -v k="$name" '$1 == k { sub("threads=", "", $2); print $2 }' "$out/kernels.tsv")
  status=ok
  if [ "$spill" != 0 ] || [ "$stack" != 0 ]; then status="SPILL/STACK"; fail=1; fi
  if grep -qiE 'warning|error' <<<"$log"; then
    status="WARNING"; fail=1
    grep -iE 'warning|error' <<<"$log" | sed 's/^/    /'
  fi
  printf '%-28s %7s %5s %10s %6s %6s  %s\n' "$name" "$threads" "$regs" "$smem" "$spill" "$stack" "$status"
done
if [ "$fail" != 0 ]; then echo "validate-ptx: FAILED"; exit 1; fi
echo "validate-ptx: all kernels assemble for sm_90a without spills, stack or warnings"
