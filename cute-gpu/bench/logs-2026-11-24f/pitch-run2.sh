#!/bin/bash
# run 2: final: suites (auto all configs, lines r6), before/after table (tma vs auto, lines for reference)
B=carry/t13-pitch/gemm_tc2
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
for d in bf16 fp16; do
$B --dtype $d --suite --out both --b-layout both --pad auto > $OUT/suite_auto_$d.txt 2>&1; echo "suite auto $d (all configs) rc=$? pass=$(grep -c ' PASS ' $OUT/suite_auto_$d.txt) fail=$(grep -c ' FAIL ' $OUT/suite_auto_$d.txt) r6pass=$(grep ' PASS ' $OUT/suite_auto_$d.txt | grep -c r6_tile_order)"
$B --dtype $d --suite --out both --b-layout both --pad lines --configs r6_tile_order > $OUT/suite_lines_$d.txt 2>&1; echo "suite lines $d (r6) rc=$? pass=$(grep -c ' PASS ' $OUT/suite_lines_$d.txt) fail=$(grep -c ' FAIL ' $OUT/suite_lines_$d.txt)"
done
S=4096,4096x4096x4104,4096x4104x4096,8192x8192x8200,2048x2048x2056,1024x1024x1032,512x4096x4104,1536x4096x4104,4096x4096x4100,4096x4160x4096
$B --dtype bf16 --configs r6_tile_order --out same --b-layout both --pad tma,auto,lines --wall 20 --iters 50 --warmup 10 --sizes $S > $OUT/sweep2.txt 2>&1; echo "sweep rc=$? fails=$(grep -c 'check=FAIL' $OUT/sweep2.txt)"
grep -A200 '== summary' $OUT/sweep2.txt | sed -e 's/r6_tile_order *//' -e 's/bf16->bf16//' -e 's/ TFLOP\/s.*launch() wall/ TF wall/' -e 's/median//'
