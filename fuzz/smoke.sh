#!/usr/bin/env bash
# Fuzz smoke run for CI: every target for SECS seconds (default 25, 4 targets:
# under 2 minutes of fuzzing), starting from the committed corpus (copied, so the
# checkout stays clean). A crash, a timeout (-timeout=10 s per input) or an
# out-of-memory (-rss_limit_mb=2048) makes `cargo fuzz run` fail, and this script.
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-25}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo +nightly fuzz build -s none
for t in layout_text calc_line algebra_ops typed_convert; do
  mkdir -p "$work/$t"
  cp corpus/"$t"/* "$work/$t"/ 2>/dev/null || true
  echo "fuzz smoke: $t (${secs} s)"
  if ! cargo +nightly fuzz run -s none "$t" "$work/$t" -- \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    >"$work/$t.log" 2>&1; then
    tail -n 60 "$work/$t.log"
    echo "fuzz smoke: $t FAILED (the input is in fuzz/artifacts/$t/)"
    exit 1
  fi
  grep -E '^#[0-9]+[[:space:]]+DONE|^stat::number_of_executed_units' "$work/$t.log" || true
done
