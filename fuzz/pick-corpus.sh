#!/usr/bin/env bash
# Builds the committed seed corpus of TARGET from the campaign's corpus:
# `cargo fuzz cmin` (libFuzzer -merge: the smallest inputs that keep all the
# coverage features), then COUNT of them spread evenly over the size order, at
# most MAXLEN bytes each. Usage: fuzz/pick-corpus.sh TARGET [COUNT] [MAXLEN]
set -euo pipefail
cd "$(dirname "$0")"
t=$1; count=${2:-40}; maxlen=${3:-512}
nice -n 10 cargo +nightly fuzz cmin -s none "$t" corpus-work/"$t" >/dev/null 2>&1
mapfile -t files < <(find corpus-work/"$t" -type f -size -"$((maxlen + 1))"c -printf '%s %p\n' | sort -n | cut -d' ' -f2-)
n=${#files[@]}
rm -rf corpus/"$t" && mkdir -p corpus/"$t"
for ((k = 0; k < count && k < n; k++)); do
  cp "${files[$(( k * n / count ))]}" corpus/"$t"/
done
echo "$t: $n inputs after cmin, $(ls corpus/"$t" | wc -l) kept ($(du -sb corpus/"$t" | cut -f1) bytes)"
