#!/usr/bin/env bash
# Side by side with CuTe C++ 4.2: the same layout operations on run-time integer
# leaves, timed the same way on both sides (median over 31 rounds of the mean of
# 200,000 calls), in one run. Prints ns per call and the ratios to C++.
#
#   benches/vs-cpp/run.sh            # needs ../shared/tools/cute-cpp (g++ and the CuTe headers)
#
# C++: g++ -O2 (ops.cpp). Rust: `cargo bench --bench vs_cpp` (release), in two
# forms: typed layouts with i64 leaves built in the loop, and parsed compact layouts
# (CLayout, the run-time algebra algebra::rt).
set -euo pipefail
cd "$(dirname "$0")/../.."
cpp_tool=${CUTE_CPP:-../shared/tools/cute-cpp}
[ -x "$cpp_tool" ] || { echo "needs $cpp_tool (CuTe C++ 4.2 via g++)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo bench --bench vs_cpp --no-run 2>/dev/null
# The two sides run one after the other in the same invocation, so that they
# see the same machine state as nearly as a noisy machine allows.
"$cpp_tool" benches/vs-cpp/ops.cpp -O2 > "$tmp/cpp.tsv"
cargo bench --bench vs_cpp 2>/dev/null > "$tmp/rust.tsv"
python3 - "$tmp/cpp.tsv" "$tmp/rust.tsv" <<'PY'
import sys
cpp = dict(l.split('\t') for l in open(sys.argv[1]).read().split('\n') if l)
print(f"{'operation':<16}{'C++ ns':>9}{'typed ns':>10}{'ratio':>8}{'parsed ns':>11}{'ratio':>8}")
for line in open(sys.argv[2]):
    name, typed, parsed = line.split()
    c = float(cpp[name])
    print(f"{name:<16}{c:>9.1f}{float(typed):>10.1f}{float(typed)/c:>7.0f}x{float(parsed):>11.1f}{float(parsed)/c:>7.0f}x")
PY
