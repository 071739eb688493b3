#!/bin/bash
# run 3 (H200 confirmation): tma vs auto, each twice in the same process (spread)
B=carry/t13-pitch/gemm_tc2
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
$B --dtype bf16 --suite --out both --b-layout both --pad auto --configs r6_tile_order > $OUT/suite_auto_bf16_h200.txt 2>&1; echo "suite auto bf16 (r6) rc=$? pass=$(grep -c ' PASS ' $OUT/suite_auto_bf16_h200.txt) fail=$(grep -c ' FAIL ' $OUT/suite_auto_bf16_h200.txt)"
S=4096,4096x4096x4104,4096x4104x4096,8192x8192x8200,2048x2048x2056,1024x1024x1032,512x4096x4104,1536x4096x4104
$B --dtype bf16 --configs r6_tile_order --out same --b-layout both --pad tma,auto,tma,auto --wall 20 --iters 50 --warmup 10 --sizes $S > $OUT/sweep3.txt 2>&1; echo "sweep rc=$? fails=$(grep -c 'check=FAIL' $OUT/sweep3.txt)"
grep -A200 '== summary' $OUT/sweep3.txt | sed -e 's/r6_tile_order *//' -e 's/bf16->bf16//' -e 's/ TFLOP\/s.*launch() wall/ TF wall/' -e 's/median//'
