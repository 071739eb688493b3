#!/usr/bin/env bash
# Compile time of the static algebra path: `cargo build` of src/bin/typed.rs
# (50 operations on static typed layouts, computed at compile time) against
# src/bin/dynamic.rs (the same 50 on DLayout operands, computed at run time)
# and src/bin/baseline.rs (one layout), dev and release profiles. typed_eval.rs
# and typed_eval_interp.rs also evaluate every result at 0..8, through its
# compile-time plan (`eval_index`) or the run-time interpreter of `LAYOUT`.
# Dependencies are built first and not measured; every measured build compiles
# only the touched binary, from scratch (CARGO_INCREMENTAL=0).
#
#   ./run.sh                 RUNS=3 runs of each
#   ./run.sh --regenerate    rewrite src/bin/{typed,dynamic}.rs first (needs the `cute` CLI)
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-../../target/static-compile-time-bench}"
export CARGO_INCREMENTAL=0
RUNS="${RUNS:-3}"

if [ "${1:-}" = "--regenerate" ]; then
    cargo build --quiet --manifest-path ../../Cargo.toml -p cute-cli --bin cute
    python3 gen.py ../../target/debug/cute
fi
echo "rustc: $(rustc --version); $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"

for profile in dev release; do
    cargo build --quiet --offline --profile "$profile" --bins # dependencies, not measured
    for bin in typed dynamic typed_eval typed_eval_interp baseline; do
        for i in $(seq "$RUNS"); do
            # Not measured: rebuilds the library if someone changed it meanwhile.
            cargo build --quiet --offline --profile "$profile" -p cute-types -p cute-typed
            touch "src/bin/$bin.rs"
            /usr/bin/time -v cargo build --quiet --offline --profile "$profile" --bin "$bin" 2>&1 >/dev/null |
                awk -v label="$profile $bin run $i" '
                    /Elapsed \(wall clock\)/ { n = split($NF, t, ":"); wall = (n == 3) ? t[1]*3600 + t[2]*60 + t[3] : t[1]*60 + t[2] }
                    /User time/ { user = $NF }
                    /System time/ { sys = $NF }
                    /Maximum resident set size/ { rss = $NF }
                    END { printf "%-24s wall %6.2f s  cpu %6.2f s  peak RSS %7.1f MiB\n", label, wall, user + sys, rss / 1024 }'
        done
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
# The programs check their 50 results against the calculator's texts.
echo "typed: $(cargo run --quiet --offline --bin typed); dynamic: $(cargo run --quiet --offline --bin dynamic)"
echo "typed_eval: $(cargo run --quiet --offline --bin typed_eval); typed_eval_interp: $(cargo run --quiet --offline --bin typed_eval_interp)"
