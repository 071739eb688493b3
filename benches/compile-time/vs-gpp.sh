#!/usr/bin/env bash
# Compile time of the 200 items, Rust against CuTe C++ 4.2 with g++.
#
# cpp/bench.cpp (written by gen_cpp.py) holds the same 200 layouts and algebra
# operations as src/main.rs, with static integers; cpp/baseline.cpp the two
# layouts of src/bin/baseline.rs. Timed interleaved, RUNS times each (default 3):
#   dev:     touch + `cargo build` (dev, CARGO_INCREMENTAL=0)  vs  g++ -O0 -c
#   release: touch + `cargo build --release`                   vs  g++ -O2 -c
# for the 200 items and for the baselines. g++ takes /work/shared/tools/cute-cpp's
# flags (-std=c++17 -w and its four include directories), with -O0 or -O2 in
# place of its -O1. Prints every run (wall s, peak RSS KiB), the medians, and
# the ratios Rust/g++ of the medians; nothing is subtracted from the figures.
#
# Needs the CuTe headers of ../shared (the project's shared tools); without
# them it says so and exits 0. Usage: RUNS=5 ./vs-gpp.sh
set -euo pipefail
cd "$(dirname "$0")"
ROOT="$(cd ../.. && pwd)"
CUTE_CPP="$ROOT/../shared/tools/cute-cpp"
if [ ! -x "$CUTE_CPP" ]; then
    echo "vs-gpp.sh: skipped: $CUTE_CPP not found (the C++ side needs ../shared)"
    exit 0
fi
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-../../target/compile-time-bench}"
export CARGO_INCREMENTAL=0 # every measured Rust build compiles the touched binary from scratch
RUNS="${RUNS:-3}"
D="${CUTE_CPP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cute-cpp}"
GPP=(g++ -std=c++17 -w -I "$D/cutlass_library/source/include" -I "$D/nvidia/cuda_runtime/include"
     -I "$D/nvidia/cuda_nvcc/include" -I "$D/nvidia/cuda_cccl/include")
OBJ="$(mktemp -d)"
trap 'rm -rf "$OBJ"' EXIT

python3 gen_cpp.py # the C++ side always matches the current src/main.rs
# cute-cpp fetches the headers on first use; its run also checks the C++ answer.
echo "sum of size+cosize, C++ (cute-cpp):  $("$CUTE_CPP" cpp/bench.cpp)"
cargo build --quiet --bins
cargo build --quiet --release --bins
echo "sum of size+cosize, Rust (dev):      $(cargo run --quiet --bin cute-compile-time)"
echo "items: $(grep -c 'acc += sink' src/main.rs) in src/main.rs, $(grep -c 'acc += sink' cpp/bench.cpp) in cpp/bench.cpp"
echo "rustc: $(rustc --version); g++: $(g++ --version | head -1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"

declare -A T # label -> wall times
timed() { # label, command...
    local label="$1" line
    shift
    line=$(/usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1)
    echo "$label: ${line% *} s wall, ${line#* } KiB peak RSS"
    T[$label]="${T[$label]:-} ${line% *}"
}
median() { echo $1 | tr ' ' '\n' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for pair in "dev -O0" "release -O2"; do
    set -- $pair
    profile="$1" opt="$2"
    for i in $(seq "$RUNS"); do
        echo "-- $profile run $i"
        touch src/main.rs
        timed "$profile rust 200" cargo build --quiet --profile "$profile" --bin cute-compile-time
        timed "$profile g++$opt 200" "${GPP[@]}" "$opt" -c cpp/bench.cpp -o "$OBJ/bench.o"
        touch src/bin/baseline.rs
        timed "$profile rust baseline" cargo build --quiet --profile "$profile" --bin baseline
        timed "$profile g++$opt baseline" "${GPP[@]}" "$opt" -c cpp/baseline.cpp -o "$OBJ/baseline.o"
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== medians of $RUNS runs (wall s)"
for pair in "dev -O0" "release -O2"; do
    set -- $pair
    r=$(median "${T[$1 rust 200]}") g=$(median "${T[$1 g++$2 200]}")
    rb=$(median "${T[$1 rust baseline]}") gb=$(median "${T[$1 g++$2 baseline]}")
    echo "$1: rust 200 $r, g++$2 200 $g, ratio rust/g++ $(awk "BEGIN {printf \"%.2f\", $r / $g}")"
    echo "$1: rust baseline $rb, g++$2 baseline $gb"
    echo "$1: items only (200 minus baseline): rust $(awk "BEGIN {printf \"%.2f\", $r - $rb}")," \
        "g++ $(awk "BEGIN {printf \"%.2f\", $g - $gb}")," \
        "ratio $(awk "BEGIN {printf \"%.2f\", ($r - $rb) / ($g - $gb)}")"
done
