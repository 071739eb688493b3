#!/usr/bin/env bash
# Compile-time benchmark: wall time and peak memory of `cargo build` for
# src/main.rs (200 static layouts and algebra operations, see gen.py), next to
# a baseline binary with one layout. Dependencies are built first and not
# measured; each measured build recompiles only the touched binary.
#
#   ./run.sh               3 runs each of dev and release builds, and cargo check
#   ./run.sh --regenerate  rewrite src/main.rs first (needs the `cute` CLI)
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-../../target/compile-time-bench}"
RUNS="${RUNS:-3}"
# Incremental compilation would reuse the previous build of an unchanged file
# and measure almost nothing: every measured build compiles from scratch.
export CARGO_INCREMENTAL=0

if [ "${1:-}" = "--regenerate" ]; then
    cargo build --quiet --manifest-path ../../Cargo.toml -p cute-cli --bin cute
    python3 gen.py ../../target/debug/cute
fi

echo "items: $(grep -c 'acc += sink' src/main.rs) (src/main.rs, $(wc -l < src/main.rs) lines)"
echo "rustc: $(rustc --version)"

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"

measure() { # label, file to touch, cargo arguments...
    local label="$1" file="$2" times=""
    shift 2
    for i in $(seq "$RUNS"); do
        touch "$file"
        line=$(/usr/bin/time -f "%e %M" cargo "$@" --quiet 2>&1 >/dev/null | tail -1)
        echo "$label run $i: ${line% *} s wall, ${line#* } KiB peak RSS"
        times="$times ${line% *}"
    done
    echo "$label median: $(echo $times | tr ' ' '\n' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') s"
}

for profile in dev release; do
    # Dependencies and both binaries once, not measured.
    cargo build --quiet --profile "$profile" --bins
    measure "$profile build, 200 layouts" src/main.rs build --profile "$profile" --bin cute-compile-time
    measure "$profile build, macro 130  " src/bin/macro_only.rs build --profile "$profile" --bin macro_only
    measure "$profile build, typed 70   " src/bin/typed_only.rs build --profile "$profile" --bin typed_only
    measure "$profile build, baseline   " src/bin/baseline.rs build --profile "$profile" --bin baseline
done
cargo check --quiet --bins
measure "check,     200 layouts" src/main.rs check --bin cute-compile-time
measure "check,     baseline   " src/bin/baseline.rs check --bin baseline
# The benchmark's result, so that a wrong expansion would show.
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "output: $(cargo run --quiet --bin cute-compile-time)" \
    "= $(cargo run --quiet --bin macro_only) + $(cargo run --quiet --bin typed_only)"
