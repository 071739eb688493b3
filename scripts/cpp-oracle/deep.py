#!/usr/bin/env python3
"""Hand-made family of deeply nested layouts (depth 3 to 6, size-1 modes, zero and
negative strides) under every calculator function, for the C++ oracle.

Usage: deep.py > deep.exprs (static reading); deep.py --mixed > deepm.exprs (the same
expressions with about half of the integers marked static `_N`, for the mixed reading).
Vectors made with it: tests/vectors/deep_static_cpp.tsv, deep_mixed_cpp.tsv; the lines
where the calculator refuses by contract are in out/deep_differ.tsv.
"""
import re
import sys
import random
random.seed(7)
def nest(d):
    if d == 0 or random.random() < 0.25:
        s = random.choice([1,1,2,3,4]); st = random.choice([0,1,-1,2,-2,4,8,-3,16])
        return (str(s), str(st))
    k = random.choice([1,1,2,2,3])
    parts = [nest(d-1) for _ in range(k)]
    return ("(" + ",".join(p[0] for p in parts) + ")", "(" + ",".join(p[1] for p in parts) + ")")
def lay(d):
    s, t = nest(d)
    return f"{s}:{t}"
un = ["size","cosize","rank","depth","shape","stride","flatten","coalesce","filter","right_inverse","left_inverse","complement","make_layout_like"]
bi = ["composition","logical_divide","zipped_divide","tiled_divide","flat_divide","logical_product","zipped_product","tiled_product","flat_product","blocked_product","raked_product","max_common_vector","max_common_layout"]
out = set()
while len(out) < 260:
    d = random.choice([3,4,5,6])
    L = lay(d)
    r = random.random()
    if r < 0.4:
        out.add(f"{random.choice(un)}({L})")
    elif r < 0.8:
        out.add(f"{random.choice(bi)}({L},{lay(random.choice([1,2,3]))})")
    else:
        f = random.choice(["get","select","take","group","upcast","downcast","eval","crd2idx","idx2crd","append","prepend","tile_to_shape"])
        if f == "get": out.add(f"get({L},0)")
        elif f == "select": out.add(f"select({L},0)")
        elif f == "take": out.add(f"take({L},0,1)")
        elif f == "group": out.add(f"group({L},0,1)")
        elif f == "upcast": out.add(f"upcast({L},2)")
        elif f == "downcast": out.add(f"downcast({L},2)")
        elif f == "eval": out.add(f"eval({L},{random.randint(0,10)})")
        elif f == "crd2idx": out.add(f"crd2idx({random.randint(0,10)},{L})")
        elif f == "idx2crd": out.add(f"idx2crd({random.randint(0,10)},{nest(4)[0]})")
        elif f == "append": out.add(f"append({L},{lay(2)})")
        elif f == "prepend": out.add(f"prepend({L},{lay(2)})")
        else: out.add(f"tile_to_shape({L},(8,8))")
lines = sorted(out)
if "--mixed" in sys.argv:
    random.seed(3)
    lines = [re.sub(r"(?<![\w-])\d+", lambda m: ("_" if random.random() < 0.5 else "") + m.group(0), l)
             for l in lines]
print("\n".join(lines))
