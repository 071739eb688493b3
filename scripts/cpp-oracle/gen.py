#!/usr/bin/env python3
"""Seeded random generator of `cute eval` expressions.

Usage: gen.py [--seed S] [--count N] [--kind general|size1] [--reading static|mixed]

general: every function of the conformance README's table, on layouts of rank
         1-4 and depth up to 2 (shapes 1..8, strides including 0 and, where
         the operation allows them, negatives), tilers, swizzles and nested calls.
size1:   compositions, divides and products whose right-hand side (a layout, a
         tiler or an int) has size-1 modes.
In the mixed reading every leaf is written `_N` (static) or `N` (run-time) at
random; in the static reading all are plain.
Prints one expression per line, without duplicates.
"""
import argparse
import random


class G:
    def __init__(self, rng, mixed):
        self.r = rng
        self.mixed = mixed

    # ---- leaves ---------------------------------------------------------
    def i(self, v):
        if self.mixed and v >= 0 and self.r.random() < 0.5:
            return "_%d" % v
        return str(v)

    def fmt(self, t):
        if isinstance(t, int):
            return self.i(t)
        return "(" + ",".join(self.fmt(x) for x in t) + ")"

    # ---- shapes and strides --------------------------------------------
    def shape(self, rank=None, depth=2, lo=1, hi=8):
        r = self.r
        rank = rank or r.choice([1, 1, 2, 2, 2, 3, 3, 4])
        modes = []
        for _ in range(rank):
            if depth >= 2 and r.random() < 0.25:
                modes.append(tuple(r.randint(lo, hi) for _ in range(r.choice([2, 2, 3]))))
            else:
                modes.append(r.randint(lo, hi))
        if rank == 1 and r.random() < 0.5:
            return modes[0]
        return tuple(modes)

    @staticmethod
    def leaves(t):
        if isinstance(t, int):
            return [t]
        return [x for m in t for x in G.leaves(m)]

    @staticmethod
    def rebuild(t, vals):
        it = iter(vals)

        def go(u):
            if isinstance(u, int):
                return next(it)
            return tuple(go(x) for x in u)
        return go(t)

    def stride(self, shape, neg=False):
        r = self.r
        ls = self.leaves(shape)
        kind = r.random()
        if kind < 0.45:  # compact in a random mode order, maybe with gaps
            order = list(range(len(ls)))
            r.shuffle(order)
            acc, ds = 1, [0] * len(ls)
            for k in order:
                ds[k] = acc
                acc *= ls[k] * (r.choice([1, 1, 1, 2, 3]) if r.random() < 0.3 else 1)
            if r.random() < 0.15:
                ds[r.randrange(len(ds))] = 0
        else:
            ds = [r.choice([0, 1, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32]) for _ in ls]
        if neg:
            ds = [-d if d and r.random() < 0.3 else d for d in ds]
        return self.rebuild(shape, ds)

    def layout_lit(self, neg=False, rank=None, depth=2, shape_only=0.15, hi=8):
        s = self.shape(rank, depth, hi=hi)
        if self.r.random() < shape_only:
            return self.fmt(s if not isinstance(s, int) else (s,))
        return self.fmt(s) + ":" + self.fmt(self.stride(s, neg))

    # ---- nested layouts --------------------------------------------------
    def layout(self, d=0, neg=False):
        r = self.r
        if d >= 2 or r.random() < 0.75:
            return self.layout_lit(neg)
        f = r.choice(["coalesce", "filter", "flatten", "right_inverse", "left_inverse",
                      "composition", "logical_divide", "make_layout_like", "complement",
                      "select", "logical_product", "upcast", "downcast"])
        L = self.layout(d + 1, neg)
        if f == "composition":
            return "composition(%s,%s)" % (L, self.tiler_arg(d + 1))
        if f in ("logical_divide", "logical_product"):
            return "%s(%s,%s)" % (f, L, self.tiler_arg(d + 1))
        if f == "select":
            return "select(%s,0)" % L
        if f in ("upcast", "downcast"):
            return "%s(%s,%s)" % (f, L, r.choice([1, 2, 2, 4]))
        return "%s(%s)" % (f, L)

    def tile_item(self, d=0, size1=False):
        r = self.r
        x = r.random()
        if size1 and r.random() < 0.4:
            return r.choice([self.i(1), "%s:%s" % (self.i(1), self.i(r.choice([0, 1, 2]))),
                             "(%s,%s):(%s,%s)" % (self.i(r.randint(1, 4)), self.i(1), self.i(1),
                                                  self.i(r.choice([0, 1, 4])))])
        if x < 0.45:
            return self.i(r.choice([1, 2, 2, 3, 4, 4, 8]))
        if x < 0.85 or d >= 1:
            return self.layout_lit(rank=r.choice([1, 1, 2]), depth=1, hi=4, shape_only=0.2)
        return self.tiler(d + 1, size1)

    def tiler(self, d=0, size1=False):
        n = self.r.choice([1, 2, 2, 3])
        return "[" + ",".join(self.tile_item(d, size1) for _ in range(n)) + "]"

    def tiler_arg(self, d=0, size1=False):
        x = self.r.random()
        if x < 0.4:
            return self.tiler(d, size1)
        if x < 0.55:
            return self.i(self.r.choice([1, 2, 3, 4, 6, 8]))
        return self.layout_lit(rank=self.r.choice([1, 1, 2, 3]), hi=6)

    def swizzle(self):
        r = self.r
        b = r.randint(0, 3)
        m = r.randint(0, 4)
        s = r.randint(b, 4) if b <= 4 else b
        if r.random() < 0.25:
            s = -s
        if r.random() < 0.05:
            s = r.randint(0, 2)  # maybe |s| < b: invalid
        return "swizzle(%s,%s,%s)" % (self.i(b), self.i(m), self.i(s) if s >= 0 else str(s))

    def sl(self):
        if self.r.random() < 0.3:
            return "composition(%s,%s)" % (self.sl_base(), self.tiler_arg(1))
        return self.sl_base()

    def sl_base(self):
        return "composition(%s,%s)" % (self.swizzle(), self.layout_lit(hi=8))

    def coord(self, shape_str):
        # a coordinate: an int, or a tuple matching the top-level modes
        r = self.r
        if r.random() < 0.5:
            return self.i(r.randint(0, 70))
        n = r.randint(1, 4)
        return "(" + ",".join(self.i(r.randint(0, 7)) for _ in range(n)) + ")"

    def general(self):
        r = self.r
        f = r.choice(FUNCS)
        L = lambda: self.layout(0)
        Ln = lambda: self.layout(0, neg=True)
        if f in ("size", "cosize", "rank", "depth", "shape", "stride", "flatten", "filter"):
            return "%s(%s)" % (f, Ln())
        if f in ("right_inverse", "left_inverse", "make_layout_like"):
            return "%s(%s)" % (f, L())
        if f == "coalesce":
            if r.random() < 0.3:
                p = self.shape(rank=r.randint(1, 3))
                return "coalesce(%s,%s)" % (Ln(), self.fmt(p if not isinstance(p, int) else (p,)))
            return "coalesce(%s)" % Ln()
        if f == "composition":
            return "composition(%s,%s)" % (self.layout(0, neg=r.random() < 0.2), self.tiler_arg())
        if f == "complement":
            x = r.random()
            if x < 0.3:
                return "complement(%s)" % L()
            if x < 0.7:
                return "complement(%s,%s)" % (L(), self.i(r.choice([8, 12, 16, 24, 32, 48, 64, 96, 128])))
            return "complement(%s,%s)" % (L(), self.fmt(self.shape(rank=r.randint(1, 3))))
        if f.endswith("_divide") or f in ("logical_product", "zipped_product", "tiled_product", "flat_product"):
            return "%s(%s,%s)" % (f, L(), self.tiler_arg())
        if f in ("blocked_product", "raked_product"):
            return "%s(%s,%s)" % (f, self.layout_lit(hi=4), self.layout_lit(hi=4))
        if f == "tile_to_shape":
            blk = self.layout_lit(rank=r.randint(1, 2), depth=1, hi=4)
            trg = tuple(r.choice([2, 4, 6, 8, 12, 16]) for _ in range(r.randint(1, 3)))
            if r.random() < 0.4:
                o = list(range(1, len(trg) + 1))
                r.shuffle(o)
                return "tile_to_shape(%s,%s,%s)" % (blk, self.fmt(trg), self.fmt(tuple(o)))
            return "tile_to_shape(%s,%s)" % (blk, self.fmt(trg))
        if f in ("upcast", "downcast"):
            return "%s(%s,%s)" % (f, L(), self.i(r.choice([1, 2, 2, 4, 8])))
        if f in ("max_common_vector", "max_common_layout"):
            s = self.shape(depth=2)
            a = self.fmt(s) + ":" + self.fmt(self.stride(s))
            if r.random() < 0.5:
                b = self.fmt(s) + ":" + self.fmt(self.stride(s))
            else:
                b = self.layout_lit()
            return "%s(%s,%s)" % (f, a, b)
        if f == "get":
            return "get(%s,%s)" % (Ln(), ",".join(self.i(r.randint(0, 2)) for _ in range(r.randint(1, 2))))
        if f == "select":
            return "select(%s,%s)" % (Ln(), ",".join(self.i(r.randint(0, 3)) for _ in range(r.randint(1, 3))))
        if f in ("take", "group"):
            b = r.randint(0, 3)
            return "%s(%s,%s,%s)" % (f, Ln(), self.i(b), self.i(r.randint(b, 4)))
        if f in ("append", "prepend"):
            return "%s(%s,%s)" % (f, Ln(), self.layout_lit(neg=True) if r.random() < 0.8 else self.i(r.randint(1, 4)))
        if f == "idx2crd":
            s = self.shape()
            idx = self.i(r.randint(0, 100)) if r.random() < 0.8 else self.fmt(
                tuple(r.randint(0, 9) for _ in range(len(s))) if not isinstance(s, int) else r.randint(0, 9))
            if r.random() < 0.3:
                return "idx2crd(%s,%s,%s)" % (idx, self.fmt(s), self.fmt(self.stride(s)))
            return "idx2crd(%s,%s)" % (idx, self.fmt(s))
        if f == "crd2idx":
            s = self.shape()
            if isinstance(s, int):
                c = self.i(r.randint(0, 2 * s))
            else:
                c = self.fmt(tuple(r.randint(0, 5) if r.random() < 0.7 or isinstance(m, int)
                                   else tuple(r.randint(0, x - 1) for x in m) for m in s))
                if r.random() < 0.2:
                    c = self.i(r.randint(0, 60))
            x = r.random()
            if x < 0.3:
                return "crd2idx(%s,%s,%s)" % (c, self.fmt(s), self.fmt(self.stride(s, neg=True)))
            if x < 0.6:
                return "crd2idx(%s,%s:%s)" % (c, self.fmt(s), self.fmt(self.stride(s, neg=True)))
            return "crd2idx(%s,%s)" % (c, self.fmt(s))
        if f == "eval":
            x = r.random()
            if x < 0.2:
                return "eval(%s,%s)" % (self.swizzle(), self.i(r.randint(0, 300)))
            if x < 0.4:
                return "eval(%s,%s)" % (self.sl(), self.i(r.randint(0, 60)))
            s = self.shape()
            lay = self.fmt(s) + ":" + self.fmt(self.stride(s, neg=True))
            if isinstance(s, int) or r.random() < 0.4:
                return "eval(%s,%s)" % (lay, self.i(r.randint(0, 80)))
            c = tuple(r.randint(0, 6) if isinstance(m, int) or r.random() < 0.5
                      else tuple(r.randint(0, q - 1) for q in m) for m in s)
            return "eval(%s,%s)" % (lay, self.fmt(c))
        if f == "swizzle":
            return self.swizzle()
        if f == "sl":
            g = r.choice(["size", "cosize", "rank", "depth", "shape", "coalesce", "coalesce2", "sl", "sl"])
            if g == "sl":
                return self.sl()
            if g == "coalesce2":
                return "coalesce(%s,%s)" % (self.sl(), self.fmt(self.shape(rank=r.randint(1, 2))))
            return "%s(%s)" % (g, self.sl())
        raise AssertionError(f)

    # ---- size-1 compositions ---------------------------------------------
    def size1_rhs_layout(self):
        r = self.r
        s = self.shape(rank=r.choice([1, 2, 2, 3]), depth=2, hi=4) if r.random() < 0.8 else (1,)
        s = [s] if isinstance(s, int) else list(s)
        k = r.randrange(len(s))
        s[k] = 1
        if r.random() < 0.3:
            s[r.randrange(len(s))] = 1
        s = tuple(s)
        if r.random() < 0.2:
            return self.fmt(s)
        d = self.stride(s)
        # a size-1 mode with any stride (C++ keeps strides of size-1 modes)
        dl = list(d)
        for j, m in enumerate(s):
            if m == 1 and r.random() < 0.6:
                dl[j] = r.choice([0, 1, 2, 3, 5])
        if len(s) == 1 and r.random() < 0.5:
            return "%s:%s" % (self.fmt(s[0]), self.fmt(dl[0]))
        return "%s:%s" % (self.fmt(s), self.fmt(tuple(dl)))

    def size1(self):
        r = self.r
        op = r.choice(["composition"] * 6 + ["logical_divide", "zipped_divide", "tiled_divide",
                                             "flat_divide", "logical_product", "zipped_product",
                                             "tiled_product", "flat_product", "blocked_product",
                                             "raked_product"])
        A = self.layout_lit(rank=r.choice([1, 2, 2, 3]), hi=8, shape_only=0.1)
        if op in ("blocked_product", "raked_product"):
            return "%s(%s,%s)" % (op, self.layout_lit(hi=4), self.size1_rhs_layout())
        x = r.random()
        if x < 0.4:
            B = self.size1_rhs_layout()
        elif x < 0.5:
            B = self.i(1)
        else:
            B = self.tiler(0, size1=True)
            if "1" not in B:
                B = "[" + self.i(1) + "," + B[1:]
        e = "%s(%s,%s)" % (op, A, B)
        if op == "composition" and r.random() < 0.1:
            e = "composition(%s,%s)" % (self.sl_base(), B)
        return e


FUNCS = (["size", "cosize", "rank", "depth", "shape", "stride", "flatten", "coalesce", "filter",
          "right_inverse", "left_inverse"]
         + ["composition"] * 4 + ["complement"] * 2
         + ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
            "logical_product", "zipped_product", "tiled_product", "flat_product",
            "blocked_product", "raked_product", "tile_to_shape", "upcast", "downcast",
            "max_common_vector", "max_common_layout", "make_layout_like", "get", "select",
            "take", "group", "append", "prepend", "idx2crd", "crd2idx", "eval", "eval",
            "swizzle", "sl", "sl", "sl"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--kind", choices=["general", "size1"], default="general")
    ap.add_argument("--reading", choices=["static", "mixed"], default="mixed")
    a = ap.parse_args()
    g = G(random.Random(a.seed), a.reading == "mixed")
    seen = set()
    tries = 0
    while len(seen) < a.count and tries < a.count * 20:
        tries += 1
        e = g.general() if a.kind == "general" else g.size1()
        if e not in seen:
            seen.add(e)
            print(e)


if __name__ == "__main__":
    main()
