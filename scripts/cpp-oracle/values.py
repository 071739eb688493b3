#!/usr/bin/env python3
"""Hand-made families: every calculator function on ten layout forms (size-1
modes, zero and negative strides) filled with one value each.

Usage: values.py [--mid]  (default: values at the edges of i64, for the 64-bit
checks of tests/extreme_values.rs; --mid: 0, negatives and values up to 2^16, which
C++'s Int<N>/int hold). The vectors tests/vectors/values_static_cpp.tsv and
values_mixed_cpp.tsv were made with

  python3 values.py --mid | shuf -n 300 --random-source=<(yes 7) > mid.exprs

(the mixed file marks each integer static `_N` with probability 1/2, Python
`random.seed(11)`, as deep.py --mixed does); the lines where the calculator
refuses by contract are in out/values_differ.tsv.
"""
import sys
MAX=2**63-1; MIN=-2**63
EXTREME = [MAX, MIN, MIN+1, 2**62, -2**62, 2**32, 3037000499, 3037000500, 2**31, 4611686018427387903]
MID = [0, -1, 1024, 4095, 32768, 65535, -65535, 3, 12288, 255]
vals = MID if "--mid" in sys.argv else EXTREME
L=[]
def add(s): L.append(s)
un=["size","cosize","rank","depth","shape","stride","flatten","coalesce","filter","right_inverse","left_inverse","complement","make_layout_like"]
for v in vals:
    for lay in [f"{v}", f"2:{v}", f"(2,2):(1,{v})", f"(1,1):({v},{v})", f"(2,{v}):(0,1)", f"({v},1):(1,{v})", f"(1,2):({v},1)", f"((2,1),2):((1,{v}),0)", f"(3,2):({v},-1)", f"(2,(1,2)):(-1,({v},{v}))"]:
        for f in un:
            add(f"{f}({lay})")
        add(f"composition({lay},1:1)")
        add(f"composition({lay},2:1)")
        add(f"composition({lay},[1,1])") if lay.startswith("(") else None
        add(f"composition(2:1,{lay})")
        add(f"composition((2,2):(1,2),{lay})")
        add(f"logical_divide({lay},2)")
        add(f"logical_divide({lay},1)")
        add(f"zipped_divide({lay},[1:1])")
        add(f"logical_product({lay},2)")
        add(f"logical_product(2,{lay})")
        add(f"blocked_product({lay},(2,2))")
        add(f"raked_product({lay},(1,1))")
        add(f"tiled_product({lay},1)")
        add(f"flat_product({lay},(1,2))")
        add(f"upcast({lay},2)")
        add(f"downcast({lay},2)")
        add(f"max_common_vector({lay},{lay})")
        add(f"max_common_layout({lay},(2,2))")
        add(f"complement({lay},{v})")
        add(f"complement({lay},4)")
        add(f"eval({lay},1)")
        add(f"crd2idx(1,{lay})")
        add(f"idx2crd({v},(2,2))")
        add(f"idx2crd(3,{lay})") 
        add(f"append({lay},{v})")
        add(f"prepend({lay},2:{v})")
        add(f"tile_to_shape({lay},(2,4))")
    add(f"complement(2:1,{v})")
    add(f"complement((2,2):(1,2),{v})")
    add(f"complement(4:{v},{v})")
    add(f"size(({v},{v}))")
    add(f"size((1,{v},1))")
    add(f"cosize((2,1):({v},1))")
    add(f"upcast(4:1,{v})")
    add(f"downcast(4:1,{v})")
    add(f"idx2crd({v},{v})")
    add(f"crd2idx({v},{v})")
    add(f"crd2idx(({v},0),(2,2))")
    add(f"eval(2:1,{v})")
    add(f"logical_divide((4,4),[{v}])")
    add(f"logical_divide(8:1,{v}:1)")
    add(f"logical_product(2:1,{v}:1)")
    add(f"tile_to_shape(2:1,({v}))")
print("\n".join(dict.fromkeys(x for x in L if x)))
