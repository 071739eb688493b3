#!/usr/bin/env bash
# Long fuzzing campaign: one target at a time, at most RUNS executions or SECS seconds
# per target, restarted after a crash (each crash's input is kept in artifacts/).
# Usage: fuzz/long-run.sh TARGET SECS [RUNS]   (prints the executions per session)
set -u
cd "$(dirname "$0")"
t=$1; secs=$2; runs=${3:-10000000}
mkdir -p corpus-work/$t logs
end=$(( $(date +%s) + secs )); total=0; n=0
while [ "$(date +%s)" -lt "$end" ] && [ "$total" -lt "$runs" ]; do
  left=$(( end - $(date +%s) )); n=$((n+1))
  log=logs/$t.$n.log
  nice -n 10 cargo +nightly fuzz run -s none "$t" corpus-work/$t corpus/$t -- \
    -max_total_time=$left -runs=$((runs - total)) -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 >"$log" 2>&1
  rc=$?
  done_runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  [ -z "$done_runs" ] && done_runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  total=$(( total + ${done_runs:-0} ))
  echo "$t session $n rc=$rc runs=${done_runs:-0} total=$total"
  [ "$rc" -ne 0 ] && grep -m1 -A2 'panicked\|ERROR: libFuzzer' "$log"
done
echo "$t TOTAL $total"
