#!/bin/bash
# A/B of bf16 variants, interleaved: transpose (16-byte + copy_with), transpose_16b_plain,
# transpose_w4 (8-byte + copy_with), transpose_plain (8-byte, copy); 8192² and 16384².
cd "$(dirname "$0")"
for pass in 1 2 3; do
  for b in transpose transpose_16b_plain transpose_w4 transpose_plain; do
    echo -n "$b pass$pass "; ./$b --dtype bf16 --sizes 8192,16384 2>&1 | grep RESULT | sed 's/check=PASS median_ms=[0-9.]* //' | tr '\n' ' '; echo
  done
done
./transpose --dtype bf16 --sizes 4097x8191,8191x4097,1000x3000,4096 2>&1 | grep RESULT
