#!/usr/bin/env bash
# Regenerates libcuda_stub.c from the driver-API bindings of the cust_raw crate in
# the cargo registry: one stub per `pub fn cu*` it declares.
set -euo pipefail
cd "$(dirname "$0")"
src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/cust_raw-0.11.3/src/cuda.rs | head -1)
{
  sed -n '1,/^#define STUB_RESULT/p' libcuda_stub.c
  echo
  grep -oE 'pub fn cu[A-Za-z0-9_]+' "$src" | awk '{print $3}' | sort -u |
    while read -r s; do echo "int $s(void) { return STUB_RESULT; }"; done
} > libcuda_stub.c.new
mv libcuda_stub.c.new libcuda_stub.c
