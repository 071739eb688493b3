#!/usr/bin/env bash
# Instructions per call of the typed operations of the vs-cpp bench (the "typed"
# column), counted by callgrind: deterministic, unlike wall time on a loaded
# machine. Per call = (Ir of 2,000 calls - Ir of 1,000 calls) / 1,000, so that
# start-up and the first call's page faults cancel.
#
#   benches/vs-cpp/instr.sh [BINARY]   # default: builds examples/typed_op_calls
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-}
if [ -z "$bin" ]; then
  cargo build --release --example typed_op_calls 2>/dev/null
  bin=${CARGO_TARGET_DIR:-target}/release/examples/typed_op_calls
fi
ir() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for op in composition logical_divide zipped_divide logical_product coalesce \
          complement right_inverse comp_mixed fixed_eval parsed_eval parsed_crd2idx \
          parsed_idx2crd parsed_logical_divide tensor_get; do
  a=$(ir "$op" 1000)
  b=$(ir "$op" 2000)
  printf '%s\t%d\n' "$op" $(( (b - a) / 1000 ))
done
