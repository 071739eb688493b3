#!/bin/bash
# hunt.sh CLASS READING SEED COUNT [DIR]: asks CuTe C++ about COUNT expressions of one
# class of classes.py and lists where the calculator differs.
# Writes DIR/CLASS.READING.SEED.{exprs,facts,excl,vec,held,diff} (DIR default /tmp/cute-hunt,
# cache DIR/C.jsonl) and appends a one-line summary to DIR/summary.
# Run from the repository root, after `cargo build --release -p cute-cli`.
set -e
O=scripts/cpp-oracle; D=${5:-/tmp/cute-hunt}; mkdir -p "$D"
cls=$1 rd=$2 seed=$3 n=$4; b=$D/$cls.$rd.$seed
python3 $O/classes.py --class "$cls" --seed "$seed" --count "$n" --reading "$rd" > "$b.exprs"
ORACLE_BATCH=${ORACLE_BATCH:-100} python3 $O/oracle.py facts --mode "$rd" --cache "$D/C.jsonl" \
    --out "$b.facts" --excluded "$b.excl" < "$b.exprs" 2>>"$D/log"
python3 $O/finish.py --mode "$rd" --cache "$D/C.jsonl" "$b.facts" "$b.vec" "$b.held" 2>>"$D/log"
python3 $O/check.py --mode "$rd" "$b.vec" > "$b.diff" 2>>"$D/log" || true
if [ "$rd" = mixed ]; then  # run-time-only refusals against their static twin, by value
    python3 $O/runtime_twin.py "$b.excl" --cache "$D/C.jsonl" > "$b.twin" 2>>"$D/log" || true
fi
echo "$cls $rd $seed: exprs $(wc -l < "$b.exprs") facts $(wc -l < "$b.vec") excl $(wc -l < "$b.excl")" \
     "held $(wc -l < "$b.held") differ $(wc -l < "$b.diff")" | tee -a "$D/summary"
