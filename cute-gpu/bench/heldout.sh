#!/usr/bin/env bash
# Held-out shapes: seeded random M, N, K (odd, prime, tiny, K not a multiple of 8),
# every one checked against the fp64 reference. tc: r6 (shipped) both B layouts,
# both outputs; fp32: best config, --check on the requested shape (plus its suite).
set -uo pipefail
B=$(dirname "$0")
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
SEED=${SEED:-1313}
tc_sizes=$(python3 -c "
import random; r=random.Random($SEED)
s=['1x1x8','7x9x16','129x65x24','4097x3x64','3x4097x40','1000x1000x1000','2049x2047x4104']
for _ in range(14):
    m=r.choice([r.randint(1,64), r.randint(65,3000), r.randint(3000,6000)])
    n=r.choice([r.randint(1,64), r.randint(65,3000), r.randint(3000,6000)])
    k=r.choice([8*r.randint(1,700), r.randint(1,5600)])
    s.append(f'{m}x{n}x{k}')
print(','.join(s))")
echo "tc sizes: $tc_sizes"
t0=$(date +%s)
for dt in bf16 fp16; do
  timeout -k 5 170 $B/gemm_tc --dtype $dt --configs r6_tile_order --out both --b-layout nk --sizes "$tc_sizes" --iters 1 --warmup 0 > $OUT/tc-$dt-nk.txt 2>&1
  echo "$dt nk rc=$? pass $(grep -c 'check=PASS' $OUT/tc-$dt-nk.txt) fail $(grep -c 'check=FAIL' $OUT/tc-$dt-nk.txt) ($(( $(date +%s)-t0 )) s)"
  grep -E "FAIL|rror|not supported" $OUT/tc-$dt-nk.txt | head -5
  timeout -k 5 170 $B/gemm_tc --dtype $dt --configs r6_tile_order --out both --b-layout kn --sizes "$tc_sizes" --iters 1 --warmup 0 > $OUT/tc-$dt-kn.txt 2>&1
  echo "$dt kn rc=$? pass $(grep -c 'check=PASS' $OUT/tc-$dt-kn.txt) fail $(grep -c 'check=FAIL' $OUT/tc-$dt-kn.txt) ($(( $(date +%s)-t0 )) s)"
  grep -E "FAIL|rror|not supported" $OUT/tc-$dt-kn.txt | head -5
done
for dt in bf16 fp16; do
  timeout -k 5 170 $B/gemm_tc --dtype $dt --configs r6_tile_order --suite --b-layout both --out both > $OUT/suite-$dt.txt 2>&1
  echo "$dt suite rc=$? pass $(grep -c ' PASS ' $OUT/suite-$dt.txt) fail $(grep -c ' FAIL ' $OUT/suite-$dt.txt)"
done
python3 -c "
import random; r=random.Random($SEED+1)
for _ in range(8):
    print(r.choice([r.randint(1,50), r.randint(51,2500), r.randint(2500,5000)]), r.choice([r.randint(1,50), r.randint(51,2500), r.randint(2500,5000)]), r.choice([1,2,3, r.randint(4,300), r.randint(300,4000)]), r.choice(['nn','nt','tn','tt']))" > $OUT/fp32-shapes.txt
while read m n k l; do
  timeout -k 5 60 $B/gemm --m $m --n $n --k $k --layout $l --check --no-time > $OUT/fp32.txt 2>&1
  echo "fp32 $m $n $k $l rc=$? pass $(grep -c '^CHECK pass' $OUT/fp32.txt) fail $(grep -c '^CHECK FAIL' $OUT/fp32.txt) ($(( $(date +%s)-t0 )) s)"
done < $OUT/fp32-shapes.txt
echo "total $(( $(date +%s)-t0 )) s"
