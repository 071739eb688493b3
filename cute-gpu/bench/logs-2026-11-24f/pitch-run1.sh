#!/bin/bash
# run 1: diagnosis + policies (tma, lines-b, lines), bf16, both B layouts
B=carry/t13-pitch/gemm_tc1
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
$B --dtype bf16 --suite --out both --b-layout both --pad lines > $OUT/suite_lines_bf16.txt 2>&1; echo "suite lines bf16 rc=$? pass=$(grep -c ' PASS ' $OUT/suite_lines_bf16.txt) fail=$(grep -c ' FAIL ' $OUT/suite_lines_bf16.txt)"
S=4096,4096x4096x4104,4096x4096x4160,4096x4104x4096,4096x4160x4096,4096x4096x4100,8192x8192x8200,2048x2048x2056,1024x1024x1032,512x4096x4104,256x4096x4104,1024x4096x4104,2048x4096x4104,8192x4096x4104
$B --dtype bf16 --configs r6_tile_order --out same --b-layout both --pad tma,lines-b,lines --wall 20 --iters 50 --warmup 10 --sizes $S > $OUT/sweep1.txt 2>&1; echo "sweep rc=$?"
grep -A200 '== summary' $OUT/sweep1.txt | sed -e 's/r6_tile_order *//' -e 's/bf16->bf16//' -e 's/ TFLOP\/s.*launch() wall/ TF wall/' -e 's/sets=.*//' -e 's/median//'
