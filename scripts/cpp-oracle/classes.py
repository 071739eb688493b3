#!/usr/bin/env python3
"""Seeded random expressions for operation classes the general generator reaches
only rarely, for the C++ oracle.

Usage: classes.py --class NAME [--seed S] [--count N] [--reading static|mixed]

Classes:
  tilers     divides, products and composition with by-mode tilers: nested tilers,
             integer items, tilers shorter than the rank, multi-mode layout items,
             on layouts of rank 1-4 and depth up to 3
  products   blocked/raked/zipped/tiled/flat/logical products of layouts of
             different ranks and depths
  tile       tile_to_shape with blocks of rank 1-3, targets of rank 1-4 (nested),
             with and without a mode order
  casts      upcast/downcast with factors 1-16 on layouts with stride-0, size-1,
             negative and nested modes
  inverse    left_inverse/right_inverse on non-injective, stride-0, size-1 and
             negative-stride layouts; max_common_vector/max_common_layout pairs
  complement complement with int, tuple (nested) and layout cotargets
  profile    coalesce with nested profiles
  modes      get (paths), select, take, group, append, prepend (layouts, ints, shapes)
  coords     eval, crd2idx, idx2crd with nested, partial and out-of-domain coordinates
  swizzle    swizzled layouts: eval, size..., coalesce, composition with tilers/layouts
  mixcomp    composition with shapes/strides built to divide the left-hand side
             (so run-time values pass the run-time checks), layouts, tilers, ints
  size1      coalesce/filter/flatten/make_layout_like/inverses on layouts with many
             size-1 and stride-0 modes
  statstride run-time shapes with static strides (many _0, _1): the compile-time proofs
  grammar    printing: results with negative strides, 0 and size-1 modes, 1-tuples,
             and nested calls (shape/stride/get/select of results)
  chain      two or three layout-valued operations, each on the result of the one before
  chainfix   fixed chains: composition of a divide, coalesce of a product, complement of
             a composition, inverses of a divide, A o right_inverse(A), left_inverse(A) o A
  invmix     left/right inverse with static _1 shapes and _0/_1 strides among run-time leaves
  castmix    upcast/downcast with static units, of divides and of each other
  mcl        max_common_vector/layout of pairs sharing a prefix, a permutation, a composition
  units      static _0/_1 leaves in every position (tilers, cotargets, profiles, factors)
  like       make_layout_like of mixed, negative, stride-0 and size-1 layouts and of results
  tilemix    tile_to_shape with unit, stride-0, negative, nested blocks and repeated orders
  rankprod   blocked/raked products of operands of different ranks
  negstride  negative strides through every layout-valued operation
  tilerunits by-mode tilers mixing layouts, ints, nested tilers and static units
  chainunits chains of two or three operations on layouts with static units
  deeprank   composition, divides and products of rank 4-6, depth 3-4 operands
  nesttiler  every product and divide with by-mode tilers whose entries are nested layouts
  compunit   composition with by-mode tilers mixing ints, layouts, `_1`, `1`, shape-1 modes
  inv1       left/right inverse of layouts with shape-1 and stride-0 modes
  coalprof   coalesce with profiles of units (`(_1,(_1,_1))`), shorter, longer, deeper
  cotuple    complement with tuple cotargets (nested, with units, other ranks)
  bigvals    large values, negative strides and zero shapes through results
  wide       rank 5-8 layouts through the one-operand operations, inverses, complement
In the mixed reading every leaf is `_N` or `N` at random (so run-time shapes and
strides land in every position); in the static reading all are plain.
Prints one expression per line, without duplicates.
"""
import argparse
import random

from gen import G


class C(G):
    def nested_shape(self, depth=3, hi=6):
        r = self.r
        rank = r.choice([1, 2, 2, 3, 3, 4])
        out = []
        for _ in range(rank):
            if depth > 1 and r.random() < 0.3:
                out.append(self.nested_shape(depth - 1, hi))
            else:
                out.append(r.choice([1, 2, 2, 3, 4, 4, 6, 8][: max(2, hi + 2)]) if hi < 8 else r.randint(1, 8))
        if rank == 1 and r.random() < 0.4:
            return out[0]
        return tuple(out)

    def lay(self, neg=False, depth=3, shape_only=0.1, hi=6):
        s = self.nested_shape(depth, hi)
        if self.r.random() < shape_only:
            return self.fmt(s if not isinstance(s, int) else (s,))
        return self.fmt(s) + ":" + self.fmt(self.stride(s, neg))

    def tile_item2(self, d):
        r = self.r
        x = r.random()
        if x < 0.35:
            return self.i(r.choice([1, 2, 2, 3, 4, 4, 8]))
        if x < 0.75 or d >= 2:
            return self.layout_lit(rank=r.choice([1, 1, 2, 3]), depth=2, hi=4, shape_only=0.2)
        return self.tiler2(d + 1)

    def tiler2(self, d=0, n=None):
        n = n or self.r.choice([1, 1, 2, 2, 3, 4])
        return "[" + ",".join(self.tile_item2(d) for _ in range(n)) + "]"

    # ---- classes ----------------------------------------------------------
    def c_tilers(self):
        r = self.r
        f = r.choice(["composition", "logical_divide", "zipped_divide", "tiled_divide",
                      "flat_divide", "logical_product", "zipped_product", "tiled_product",
                      "flat_product"])
        A = self.lay(neg=f == "composition" and r.random() < 0.2)
        x = r.random()
        if x < 0.7:
            T = self.tiler2()
        elif x < 0.8:
            T = self.i(r.choice([1, 2, 3, 4, 6, 8, 12]))
        else:
            T = self.layout_lit(rank=r.choice([1, 2, 3]), depth=2, hi=4)
        return "%s(%s,%s)" % (f, A, T)

    def c_products(self):
        r = self.r
        f = r.choice(["blocked_product", "raked_product"] * 3
                     + ["logical_product", "zipped_product", "tiled_product", "flat_product"])
        A = self.lay(depth=2, hi=4)
        B = self.lay(depth=2, hi=4, neg=False)
        e = "%s(%s,%s)" % (f, A, B)
        if r.random() < 0.15:
            e = "%s(%s)" % (r.choice(["size", "cosize", "shape", "stride", "coalesce"]), e)
        return e

    def c_tile(self):
        r = self.r
        blk = self.lay(depth=2, hi=4, shape_only=0.2)
        rank = r.randint(1, 4)
        trg = []
        for _ in range(rank):
            if r.random() < 0.2:
                trg.append(tuple(r.choice([2, 4, 6, 8]) for _ in range(2)))
            else:
                trg.append(r.choice([1, 2, 3, 4, 6, 8, 12, 16, 24, 32]))
        trg = tuple(trg) if rank > 1 or r.random() < 0.5 else trg[0]
        if r.random() < 0.4 and not isinstance(trg, int):
            o = list(range(1, len(trg) + 1))
            r.shuffle(o)
            if r.random() < 0.2:
                o = [r.randint(0, 4) for _ in o]
            return "tile_to_shape(%s,%s,%s)" % (blk, self.fmt(trg), self.fmt(tuple(o)))
        return "tile_to_shape(%s,%s)" % (blk, self.fmt(trg))

    def cast_layout(self):
        r = self.r
        s = self.nested_shape(2, 8)
        ls = self.leaves(s)
        ds = []
        for _ in ls:
            ds.append(r.choice([0, 1, 1, 2, 4, 8, 16, 32, 3, 6, 12, -1, -2, -4, -8]))
        return self.fmt(s) + ":" + self.fmt(self.rebuild(s, ds))

    def c_casts(self):
        r = self.r
        f = r.choice(["upcast", "downcast"])
        L = self.cast_layout() if r.random() < 0.8 else self.lay(hi=8, shape_only=0.3)
        e = "%s(%s,%s)" % (f, L, r.choice([1, 2, 2, 3, 4, 4, 8, 16]))
        if r.random() < 0.1:
            e = "%s(%s,%s)" % (r.choice(["upcast", "downcast"]), e, r.choice([2, 4]))
        return e

    def c_inverse(self):
        r = self.r
        x = r.random()
        if x < 0.6:
            f = r.choice(["left_inverse", "right_inverse"])
            s = self.nested_shape(2, 8)
            ls = self.leaves(s)
            if r.random() < 0.5:
                st = self.stride(s)
            else:
                st = self.rebuild(s, [r.choice([0, 0, 1, 1, 2, 3, 4, 6, 8, 16]) for _ in ls])
            e = "%s(%s)" % (f, self.fmt(s) + ":" + self.fmt(st))
            if r.random() < 0.1:
                e = "%s(%s)" % (r.choice(["left_inverse", "right_inverse", "coalesce"]), e)
            return e
        f = r.choice(["max_common_vector", "max_common_layout"])
        s = self.nested_shape(2, 8)
        a = self.fmt(s) + ":" + self.fmt(self.stride(s))
        y = r.random()
        if y < 0.4:
            b = self.fmt(s) + ":" + self.fmt(self.stride(s))
        elif y < 0.6:
            b = a
        else:
            b = self.lay(hi=8)
        return "%s(%s,%s)" % (f, a, b)

    def c_complement(self):
        r = self.r
        s = self.nested_shape(2, 6)
        ls = self.leaves(s)
        if r.random() < 0.6:
            st = self.stride(s)
        else:
            st = self.rebuild(s, [r.choice([0, 1, 2, 3, 4, 6, 8, 12, 16, 24]) for _ in ls])
        L = self.fmt(s) + ":" + self.fmt(st)
        x = r.random()
        if x < 0.2:
            e = "complement(%s)" % L
        elif x < 0.45:
            e = "complement(%s,%s)" % (L, self.i(r.choice([1, 2, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256])))
        elif x < 0.85:
            t = self.nested_shape(2, 8)
            e = "complement(%s,%s)" % (L, self.fmt(t if not isinstance(t, int) else (t,)))
        else:
            e = "complement(%s,%s)" % (L, self.lay(hi=8))
        if r.random() < 0.15:
            e = "%s(%s)" % (r.choice(["size", "cosize", "shape", "stride"]), e)
        return e

    def c_grammar(self):
        r = self.r
        inner = r.choice([
            lambda: "composition(%s,%s)" % (self.lay(neg=True), self.tiler_arg()),
            lambda: "coalesce(%s)" % self.lay(neg=True),
            lambda: "filter(%s)" % self.lay(neg=True),
            lambda: "flatten(%s)" % self.lay(neg=True),
            lambda: "logical_divide(%s,%s)" % (self.lay(), self.tiler2()),
            lambda: "make_layout_like(%s)" % self.lay(neg=True),
            lambda: "select(%s,0)" % self.lay(neg=True),
            lambda: self.lay(neg=True, shape_only=0.3),
        ])()
        g = r.choice(["", "", "shape", "stride", "size", "cosize", "depth", "rank",
                      "get0", "select", "group", "take", "append", "prepend", "eval"])
        if g == "":
            return inner
        if g == "get0":
            return "get(%s,0)" % inner
        if g == "select":
            return "select(%s,0)" % inner
        if g in ("group", "take"):
            return "%s(%s,0,1)" % (g, inner)
        if g in ("append", "prepend"):
            return "%s(%s,%s)" % (g, inner, self.layout_lit(neg=True, hi=4))
        if g == "eval":
            return "eval(%s,%s)" % (inner, self.i(r.randint(0, 20)))
        return "%s(%s)" % (g, inner)


    def c_profile(self):
        r = self.r
        L = self.lay(neg=r.random() < 0.3, hi=8)
        if r.random() < 0.2:
            return "coalesce(%s)" % L
        p = self.nested_shape(3, 4)
        p = p if not isinstance(p, int) else r.choice([p, (p,)])
        return "coalesce(%s,%s)" % (L, self.fmt(p))

    def c_modes(self):
        r = self.r
        L = self.lay(neg=True, hi=8, shape_only=0.2)
        f = r.choice(["get", "get", "select", "take", "group", "append", "prepend"])
        if f == "get":
            return "get(%s,%s)" % (L, ",".join(self.i(r.randint(0, 3)) for _ in range(r.randint(1, 3))))
        if f == "select":
            return "select(%s,%s)" % (L, ",".join(self.i(r.randint(0, 3)) for _ in range(r.randint(1, 4))))
        if f in ("take", "group"):
            b = r.randint(0, 4)
            return "%s(%s,%s,%s)" % (f, L, self.i(b), self.i(r.randint(b, 5)))
        x = r.random()
        M = self.lay(neg=True, hi=4) if x < 0.6 else (self.i(r.randint(1, 6)) if x < 0.8 else
                                                      self.fmt(self.nested_shape(2, 4)))
        return "%s(%s,%s)" % (f, L, M)

    def c_coords(self):
        r = self.r
        s = self.nested_shape(3, 6)
        st = self.stride(s, neg=True)

        def crd(t):
            if isinstance(t, int):
                return r.randint(0, t + 2)
            if r.random() < 0.25:
                return r.randint(0, 40)
            return tuple(crd(x) for x in t)
        c = crd(s)
        f = r.choice(["eval", "crd2idx", "crd2idx2", "crd2idx3", "idx2crd", "idx2crd3"])
        if f == "eval":
            return "eval(%s:%s,%s)" % (self.fmt(s), self.fmt(st), self.fmt(c))
        if f == "crd2idx":
            return "crd2idx(%s,%s:%s)" % (self.fmt(c), self.fmt(s), self.fmt(st))
        if f == "crd2idx2":
            return "crd2idx(%s,%s)" % (self.fmt(c), self.fmt(s))
        if f == "crd2idx3":
            return "crd2idx(%s,%s,%s)" % (self.fmt(c), self.fmt(s), self.fmt(st))
        i = self.i(r.randint(0, 200)) if r.random() < 0.7 else self.fmt(c)
        if f == "idx2crd":
            return "idx2crd(%s,%s)" % (i, self.fmt(s))
        return "idx2crd(%s,%s,%s)" % (i, self.fmt(s), self.fmt(self.stride(s)))

    def c_swizzle(self):
        r = self.r
        SL = self.sl()
        g = r.choice(["", "eval", "size", "cosize", "shape", "rank", "depth", "coalesce",
                      "coalesce2", "comp", "comp"])
        if g == "":
            return SL
        if g == "eval":
            return "eval(%s,%s)" % (SL, self.i(r.randint(0, 100)))
        if g == "coalesce2":
            return "coalesce(%s,%s)" % (SL, self.fmt(self.shape(rank=r.randint(1, 2))))
        if g == "comp":
            return "composition(%s,%s)" % (SL, self.tiler2() if r.random() < 0.5 else self.layout_lit(hi=4))
        return "%s(%s)" % (g, SL)


    def c_mixcomp(self):
        """composition(A, B) with B built to divide A often: B's strides and sizes are
        products of A's leading shapes, so run-time shapes and strides meet the
        divisibility conditions at run time."""
        r = self.r
        s = self.nested_shape(2, 8)
        A = self.fmt(s) + ":" + self.fmt(self.stride(s, neg=r.random() < 0.2))
        ls = self.leaves(s)
        pref = [1]
        for x in ls:
            pref.append(pref[-1] * x)
        def item():
            k = r.randrange(len(pref))
            n = r.choice([1, 2, 2, 3, 4]) if k + 1 >= len(pref) else r.choice(
                [d for d in range(1, pref[-1] // max(1, pref[k]) + 1) if (pref[-1] // max(1, pref[k])) % d == 0])
            return n, pref[k] if n > 1 or r.random() < 0.5 else r.choice([0, 1, 2])
        x = r.random()
        if x < 0.45:
            m = [item() for _ in range(r.choice([1, 1, 2, 3]))]
            if len(m) == 1 and r.random() < 0.5:
                B = "%s:%s" % (self.i(m[0][0]), self.i(m[0][1]))
            else:
                B = "(%s):(%s)" % (",".join(self.i(a) for a, _ in m), ",".join(self.i(b) for _, b in m))
        elif x < 0.85:
            rank = 1 if isinstance(s, int) else len(s)
            its = []
            for k in range(r.randint(1, rank)):
                if r.random() < 0.5:
                    its.append(self.i(r.choice([1, 2, 2, 3, 4])))
                else:
                    n = r.choice([1, 2, 2, 4])
                    its.append("%s:%s" % (self.i(n), self.i(r.choice([0, 1, 1, 2]))))
            B = "[" + ",".join(its) + "]"
        else:
            B = self.i(r.choice([1, 2, 3, 4, 6, 8, 12, 16]))
        e = "composition(%s,%s)" % (A, B)
        if r.random() < 0.1:
            e = "%s(%s)" % (r.choice(["size", "cosize", "shape", "stride", "coalesce", "filter"]), e)
        return e

    def c_size1(self):
        """coalesce/filter/flatten/make_layout_like on layouts with many size-1 and
        stride-0 modes (static or run-time), nested."""
        r = self.r
        s = self.nested_shape(3, 4)
        ls = self.leaves(s)
        ls2 = [1 if r.random() < 0.4 else x for x in ls]
        s = self.rebuild(s, ls2)
        base = self.leaves(self.stride(s, neg=r.random() < 0.2))
        st = self.rebuild(s, [r.choice([0, 0, 1, 2, 4, 8, 3, 16]) if r.random() < 0.5 else b
                              for b in base])
        L = self.fmt(s) + ":" + self.fmt(st) if r.random() < 0.85 else self.fmt(s if not isinstance(s, int) else (s,))
        f = r.choice(["coalesce", "coalesce", "coalesce2", "filter", "filter", "flatten",
                      "make_layout_like", "size", "cosize", "right_inverse", "left_inverse"])
        if f == "coalesce2":
            p = self.nested_shape(2, 4)
            return "coalesce(%s,%s)" % (L, self.fmt(p if not isinstance(p, int) else (p,)))
        e = "%s(%s)" % (f, L)
        if f not in ("size", "cosize") and r.random() < 0.15:  # not stride(int): see README
            e = "%s(%s)" % (r.choice(["shape", "stride", "size", "coalesce"]), e)
        return e


    def c_statstride(self):
        """Run-time shapes with static strides (many `_0` and `_1`, compact runs), the
        mix where C++'s compile-time proofs (`_0 * n == _0`, `_1` leaves) decide:
        coalesce, filter, inverses, max_common_*, make_layout_like, composition,
        complement, upcast/downcast, products and divides."""
        r = self.r
        s = self.nested_shape(2, 6)
        ls = self.leaves(s)
        base = self.leaves(self.stride(s))
        ds = [r.choice([0, 0, 1]) if r.random() < 0.35 else b for b in base]
        fmt_s = lambda t: ("(" + ",".join(fmt_s(x) for x in t) + ")") if isinstance(t, tuple) else (
            "_%d" % t if r.random() < 0.3 else str(t))
        fmt_d = lambda t: ("(" + ",".join(fmt_d(x) for x in t) + ")") if isinstance(t, tuple) else (
            "_%d" % t if t >= 0 and r.random() < 0.85 else str(t))
        sh = fmt_s(s)
        L = sh + ":" + fmt_d(self.rebuild(s, ds))
        f = r.choice(["coalesce", "filter", "right_inverse", "left_inverse", "make_layout_like",
                      "mcv", "mcl", "comp", "complement", "upcast", "downcast", "logical_divide",
                      "logical_product", "blocked_product"])
        if f in ("mcv", "mcl"):
            M = sh + ":" + fmt_d(self.stride(s)) if r.random() < 0.6 else L
            return "%s(%s,%s)" % ("max_common_vector" if f == "mcv" else "max_common_layout", L, M)
        if f == "comp":
            return "composition(%s,%s)" % (L, self.i(r.choice([1, 2, 4, 8])) if r.random() < 0.3
                                          else self.tiler2())
        if f == "complement":
            return "complement(%s,%s)" % (L, self.i(r.choice([16, 32, 64, 128, 256])))
        if f in ("upcast", "downcast"):
            return "%s(%s,%s)" % (f, L, r.choice([2, 4]))
        if f in ("logical_divide", "logical_product"):
            return "%s(%s,%s)" % (f, L, self.tiler2() if r.random() < 0.5 else self.i(r.choice([2, 4])))
        if f == "blocked_product":
            return "blocked_product(%s,%s)" % (L, self.layout_lit(hi=4))
        return "%s(%s)" % (f, L)

    # ---- session 13: chains and less covered operations --------------------
    def si(self, v):
        """A leaf that is static in both readings (`_v` in the mixed one)."""
        return ("_%d" % v) if self.mixed else str(v)

    def mlay(self, neg=False, depth=2, hi=6, units=0.0):
        """A layout literal; with `units`, that share of leaves becomes a static `_1`
        shape or `_0`/`_1` stride."""
        r = self.r
        s = self.nested_shape(depth, hi)
        d = self.stride(s, neg)
        if not units:
            return self.fmt(s) + ":" + self.fmt(d)

        def go(a, b):
            if isinstance(a, int):
                x = r.random()
                if x < units / 2:
                    return self.si(1), self.i(b) if r.random() < 0.5 else self.si(r.choice([0, 1]))
                if x < units:
                    return self.i(a), self.si(r.choice([0, 0, 1]))
                return self.i(a), self.i(b)
            pr = [go(x, y) for x, y in zip(a, b)]
            return "(" + ",".join(u for u, _ in pr) + ")", "(" + ",".join(v for _, v in pr) + ")"
        sh, st = go(s, d)
        return sh + ":" + st

    def chain_tiler(self):
        r = self.r
        x = r.random()
        if x < 0.45:
            return self.tiler2(1)
        if x < 0.65:
            return self.i(r.choice([1, 2, 3, 4, 6, 8]))
        return self.layout_lit(rank=r.choice([1, 1, 2, 3]), depth=2, hi=4)

    def chain_layout(self, d):
        """A layout-valued expression: an op applied to the result of another."""
        r = self.r
        if d <= 0:
            return self.lay(neg=r.random() < 0.15, depth=2, hi=6, shape_only=0.1)
        X = self.chain_layout(d - 1)
        f = r.choice(["composition", "composition", "comp_rhs", "coalesce", "filter", "flatten",
                      "make_layout_like", "complement", "complement2", "right_inverse",
                      "left_inverse", "logical_divide", "zipped_divide", "tiled_divide",
                      "flat_divide", "logical_product", "zipped_product", "tiled_product",
                      "blocked_product", "raked_product", "blocked_lhs", "upcast", "downcast",
                      "select", "take", "max_common_layout", "tile_to_shape"])
        if f == "composition":
            return "composition(%s,%s)" % (X, self.chain_tiler())
        if f == "comp_rhs":
            return "composition(%s,%s)" % (self.lay(depth=2, hi=8), X)
        if f == "complement2":
            return "complement(%s,%s)" % (X, self.i(r.choice([8, 16, 32, 64, 128])))
        if f.endswith("_divide") or f in ("logical_product", "zipped_product", "tiled_product"):
            return "%s(%s,%s)" % (f, X, self.chain_tiler())
        if f in ("blocked_product", "raked_product"):
            return "%s(%s,%s)" % (f, X, self.layout_lit(rank=r.choice([1, 2, 3]), depth=1, hi=3))
        if f == "blocked_lhs":
            return "blocked_product(%s,%s)" % (self.layout_lit(rank=r.choice([1, 2]), depth=1, hi=3), X)
        if f in ("upcast", "downcast"):
            return "%s(%s,%s)" % (f, X, r.choice([1, 2, 2, 4]))
        if f == "select":
            return "select(%s,0)" % X
        if f == "take":
            return "take(%s,0,1)" % X
        if f == "max_common_layout":
            return "max_common_layout(%s,%s)" % (X, X if r.random() < 0.3 else self.lay(hi=8))
        if f == "tile_to_shape":
            return "tile_to_shape(%s,%s)" % (X, self.fmt(tuple(r.choice([8, 16, 24, 32]) for _ in range(r.randint(1, 2)))))
        return "%s(%s)" % (f, X)

    def c_chain(self):
        r = self.r
        e = self.chain_layout(r.choice([2, 2, 2, 3]))
        if r.random() < 0.15:
            e = "%s(%s)" % (r.choice(["size", "cosize", "shape", "stride", "rank", "depth"]), e)
        return e

    def c_chainfix(self):
        """Chains with a known structure: composition of a divide, coalesce of a product,
        complement of a composition, inverses of divides, composition with an inverse."""
        r = self.r
        A = self.lay(depth=2, hi=6, shape_only=0.1)
        T = self.chain_tiler()
        k = r.randrange(10)
        if k == 0:
            return "composition(logical_divide(%s,%s),%s)" % (A, T, self.chain_tiler())
        if k == 1:
            return "coalesce(%s(%s,%s))" % (r.choice(["logical_product", "blocked_product", "raked_product", "zipped_product"]),
                                            A, self.layout_lit(rank=r.choice([1, 2]), depth=1, hi=4))
        if k == 2:
            return "complement(composition(%s,%s)%s)" % (A, T, "" if r.random() < 0.5 else
                                                          "," + self.i(r.choice([32, 64, 128, 256])))
        if k == 3:
            return "%s(logical_divide(%s,%s))" % (r.choice(["right_inverse", "left_inverse"]), A, T)
        if k == 4:
            return "composition(%s,right_inverse(%s))" % (A, A if r.random() < 0.5 else self.lay(hi=6))
        if k == 5:
            return "composition(left_inverse(%s),%s)" % (A, A)
        if k == 6:
            return "coalesce(%s(%s,%s))" % (r.choice(["zipped_divide", "tiled_divide", "flat_divide"]), A, T)
        if k == 7:
            return "filter(composition(%s,%s))" % (A, T)
        if k == 8:
            return "logical_divide(composition(%s,%s),%s)" % (A, T, self.chain_tiler())
        return "right_inverse(composition(%s,right_inverse(%s)))" % (A, A)

    def c_invmix(self):
        """left/right inverse on layouts with static `_1` shapes and `_0`/`_1` strides
        among run-time leaves, negative strides, nested modes."""
        r = self.r
        L = self.mlay(neg=r.random() < 0.25, depth=3, hi=6, units=0.35)
        f = r.choice(["left_inverse", "right_inverse"])
        e = "%s(%s)" % (f, L)
        x = r.random()
        if x < 0.15:
            e = "composition(%s,%s)" % (L, e) if f == "right_inverse" else "composition(%s,%s)" % (e, L)
        elif x < 0.25:
            e = "%s(%s)" % (r.choice(["left_inverse", "right_inverse", "coalesce", "size", "cosize"]), e)
        return e

    def c_castmix(self):
        """upcast/downcast with mixed leaves, static units, chains with divides."""
        r = self.r
        L = self.mlay(neg=r.random() < 0.2, depth=2, hi=8, units=0.3) if r.random() < 0.7 else self.cast_layout()
        f = r.choice(["upcast", "downcast"])
        n = r.choice([1, 2, 2, 4, 4, 8])
        x = r.random()
        if x < 0.6:
            return "%s(%s,%s)" % (f, L, n)
        if x < 0.8:
            return "%s(logical_divide(%s,%s),%s)" % (f, L, self.chain_tiler(), n)
        return "%s(%s(%s,%s),%s)" % (f, "downcast" if f == "upcast" else "upcast", L, r.choice([2, 4]), n)

    def c_mcl(self):
        """max_common_vector/max_common_layout with pairs sharing a prefix or a permutation."""
        r = self.r
        s = self.nested_shape(2, 8)
        ls = self.leaves(s)
        d = self.leaves(self.stride(s))
        a = self.fmt(s) + ":" + self.fmt(self.rebuild(s, d))
        y = r.random()
        if y < 0.3:  # same shape, same stride up to a tail change
            d2 = list(d)
            j = r.randrange(len(d2))
            d2[j] = r.choice([0, 1, 2, 4, 8, 16, d2[j] * 2])
            b = self.fmt(s) + ":" + self.fmt(self.rebuild(s, d2))
        elif y < 0.45:
            b = "make_layout_like(%s)" % a
        elif y < 0.6:
            b = "coalesce(%s)" % a
        elif y < 0.75:
            b = self.fmt(s) + ":" + self.fmt(self.stride(s))
        elif y < 0.85:
            b = self.mlay(depth=2, hi=8, units=0.3)
            a = self.mlay(depth=2, hi=8, units=0.3)
        else:
            b = "composition(%s,%s)" % (a, self.chain_tiler())
        f = r.choice(["max_common_vector", "max_common_layout"])
        if r.random() < 0.5:
            a, b = b, a
        return "%s(%s,%s)" % (f, a, b)

    def c_tilemix(self):
        """tile_to_shape with static units, stride 0, negative and nested blocks, orders
        with repeats."""
        r = self.r
        blk = self.mlay(neg=r.random() < 0.15, depth=2, hi=4, units=0.3) if r.random() < 0.8 else \
            self.fmt(self.nested_shape(2, 4))
        rank = r.randint(1, 4)
        trg = tuple(r.choice([1, 2, 4, 6, 8, 12, 16]) if r.random() < 0.85 else
                    tuple(r.choice([2, 4]) for _ in range(2)) for _ in range(rank))
        T = self.fmt(trg if rank > 1 or r.random() < 0.5 else trg[0])
        if r.random() < 0.45 and isinstance(T, str) and T.startswith("("):
            o = list(range(len(trg)))
            r.shuffle(o)
            if r.random() < 0.3:
                o = [r.randint(0, 3) for _ in o]
            return "tile_to_shape(%s,%s,%s)" % (blk, T, self.fmt(tuple(o)))
        e = "tile_to_shape(%s,%s)" % (blk, T)
        if r.random() < 0.1:
            e = "coalesce(%s)" % e
        return e

    def c_like(self):
        """make_layout_like on mixed, negative, stride-0 and size-1 layouts and on results."""
        r = self.r
        L = self.mlay(neg=r.random() < 0.4, depth=3, hi=6, units=0.3)
        if r.random() < 0.25:
            L = "%s(%s,%s)" % (r.choice(["composition", "logical_divide", "logical_product"]), L, self.chain_tiler())
        e = "make_layout_like(%s)" % L
        if r.random() < 0.1:
            e = "%s(%s)" % (r.choice(["coalesce", "right_inverse", "left_inverse"]), e)
        return e

    def c_rankprod(self):
        """blocked/raked products whose operands differ in rank, with nested, unit and
        stride-0 modes."""
        r = self.r
        f = r.choice(["blocked_product", "raked_product"])
        ra, rb = r.sample([1, 2, 3, 4], 2) if r.random() < 0.8 else [r.randint(1, 3)] * 2

        def lay(rank):
            s = self.shape(rank=rank, depth=2, hi=4)
            if rank == 1 and r.random() < 0.5 and not isinstance(s, int):
                s = s[0]
            d = self.stride(s, neg=False)
            sh = self.fmt(s)
            if r.random() < 0.3 and self.mixed:
                return sh if r.random() < 0.3 else sh + ":" + self.fmt(d)
            return sh + ":" + self.fmt(d)
        A = self.mlay(depth=2, hi=4, units=0.25) if r.random() < 0.3 else lay(ra)
        B = lay(rb)
        e = "%s(%s,%s)" % (f, A, B)
        if r.random() < 0.1:
            e = "%s(%s)" % (r.choice(["coalesce", "shape", "size", "cosize"]), e)
        return e

    def c_negstride(self):
        """negative strides through every layout-valued operation."""
        r = self.r
        s = self.nested_shape(2, 6)
        d = self.leaves(self.stride(s))
        d = [-x if x and r.random() < 0.6 else x for x in d]
        L = self.fmt(s) + ":" + self.fmt(self.rebuild(s, d))
        f = r.choice(["coalesce", "filter", "flatten", "composition", "composition", "logical_divide",
                      "zipped_divide", "logical_product", "blocked_product", "raked_product",
                      "make_layout_like", "upcast", "downcast", "eval", "cosize", "select",
                      "complement", "left_inverse", "right_inverse", "tile_to_shape", "mcv"])
        if f in ("composition", "logical_divide", "zipped_divide", "logical_product"):
            return "%s(%s,%s)" % (f, L, self.chain_tiler())
        if f in ("blocked_product", "raked_product"):
            return "%s(%s,%s)" % (f, L, self.layout_lit(rank=r.choice([1, 2]), depth=1, hi=3))
        if f in ("upcast", "downcast"):
            return "%s(%s,%s)" % (f, L, r.choice([2, 4]))
        if f == "eval":
            return "eval(%s,%s)" % (L, self.i(r.randint(0, 40)))
        if f == "select":
            return "select(%s,0)" % L
        if f == "tile_to_shape":
            return "tile_to_shape(%s,%s)" % (L, self.fmt((r.choice([8, 16]), r.choice([4, 8]))))
        if f == "mcv":
            return "max_common_vector(%s,%s)" % (L, L)
        return "%s(%s)" % (f, L)

    def c_units(self):
        """static `_0`/`_1` leaves in unusual places: unit shapes with run-time strides,
        `_0` strides on run-time shapes, unit tilers, unit cotargets and profiles."""
        r = self.r
        L = self.mlay(neg=r.random() < 0.15, depth=2, hi=6, units=0.5)
        f = r.choice(["coalesce", "coalesce2", "filter", "composition", "comp_unit", "logical_divide",
                      "logical_product", "zipped_divide", "complement", "complement1", "upcast",
                      "downcast", "right_inverse", "left_inverse", "make_layout_like", "mcv",
                      "blocked_product", "tile_to_shape", "size", "cosize"])
        u = lambda: r.choice([self.si(1), "%s:%s" % (self.si(1), self.si(0)), "%s:%s" % (self.si(1), self.i(r.randint(0, 4))),
                              "%s:%s" % (self.i(r.choice([1, 2, 4])), self.si(0)), self.i(r.choice([1, 2]))])
        if f == "coalesce2":
            p = self.nested_shape(2, 4)
            return "coalesce(%s,%s)" % (L, self.fmt(p if not isinstance(p, int) else (p,)))
        if f == "comp_unit":
            return "composition(%s,[%s])" % (L, ",".join(u() for _ in range(r.randint(1, 3))))
        if f in ("composition", "logical_divide", "logical_product", "zipped_divide"):
            T = self.chain_tiler() if r.random() < 0.5 else self.mlay(depth=1, hi=4, units=0.5)
            return "%s(%s,%s)" % (f, L, T)
        if f == "complement":
            return "complement(%s,%s)" % (L, r.choice([self.si(1), self.si(0), self.i(r.choice([16, 64]))]))
        if f == "complement1":
            return "complement(%s)" % L
        if f in ("upcast", "downcast"):
            return "%s(%s,%s)" % (f, L, r.choice([1, 2, 4]))
        if f == "mcv":
            return "%s(%s,%s)" % (r.choice(["max_common_vector", "max_common_layout"]), L,
                                  L if r.random() < 0.5 else self.mlay(depth=2, hi=6, units=0.5))
        if f == "blocked_product":
            return "%s(%s,%s)" % (r.choice(["blocked_product", "raked_product"]), L, self.mlay(depth=1, hi=3, units=0.5))
        if f == "tile_to_shape":
            return "tile_to_shape(%s,%s)" % (L, self.fmt((r.choice([8, 16]), r.choice([1, 4, 8]))))
        return "%s(%s)" % (f, L)


    def unit_item(self, d):
        """A tiler item with static units: `_1`, `_1:_0`, `1:d`, `(n,_1):(_1,_0)`, a layout
        with unit leaves, an int, or a nested tiler."""
        r = self.r
        x = r.random()
        if x < 0.2:
            return r.choice([self.si(1), "%s:%s" % (self.si(1), self.si(0)),
                             "%s:%s" % (self.i(1), self.i(r.randint(0, 5))),
                             "(%s,%s):(%s,%s)" % (self.i(r.choice([2, 4])), self.si(1), self.si(1), self.si(0))])
        if x < 0.45:
            return self.i(r.choice([1, 2, 2, 3, 4, 8]))
        if x < 0.85 or d >= 2:
            return self.mlay(depth=2, hi=4, units=0.35)
        return "[" + ",".join(self.unit_item(d + 1) for _ in range(r.choice([1, 2, 2, 3]))) + "]"

    def c_tilerunits(self):
        """divides, products and composition with by-mode tilers mixing layouts, ints,
        nested tilers and static units, on layouts with units and negative strides."""
        r = self.r
        f = r.choice(["composition", "logical_divide", "zipped_divide", "tiled_divide",
                      "flat_divide", "logical_product", "zipped_product", "tiled_product",
                      "flat_product"])
        A = self.mlay(neg=f == "composition" and r.random() < 0.3, depth=2, hi=6, units=0.3)
        T = "[" + ",".join(self.unit_item(0) for _ in range(r.choice([1, 2, 2, 3]))) + "]"
        return "%s(%s,%s)" % (f, A, T)

    def c_chainunits(self):
        """two or three operations chained on layouts with static units and mixed leaves."""
        r = self.r
        X = self.mlay(neg=r.random() < 0.15, depth=2, hi=6, units=0.3)
        for _ in range(r.choice([2, 2, 3])):
            f = r.choice(["coalesce", "filter", "composition", "logical_divide", "logical_product",
                          "right_inverse", "left_inverse", "complement", "make_layout_like",
                          "upcast", "downcast", "zipped_divide", "blocked_product", "flatten"])
            if f in ("composition", "logical_divide", "logical_product", "zipped_divide"):
                T = "[" + ",".join(self.unit_item(1) for _ in range(r.choice([1, 2]))) + "]" \
                    if r.random() < 0.5 else self.mlay(depth=1, hi=4, units=0.3)
                X = "%s(%s,%s)" % (f, X, T)
            elif f in ("upcast", "downcast"):
                X = "%s(%s,%s)" % (f, X, r.choice([2, 4]))
            elif f == "blocked_product":
                X = "blocked_product(%s,%s)" % (X, self.mlay(depth=1, hi=3, units=0.3))
            else:
                X = "%s(%s)" % (f, X)
        return X

    # ---- session 14: deep operands, nested tiler entries, units, cotargets --------
    def deep_shape(self, depth, rank=None, leaves=(1, 2, 2, 2, 3, 4)):
        r = self.r
        rank = rank or r.choice([1, 2, 2, 3])
        out = []
        for _ in range(rank):
            if depth > 1 and r.random() < 0.45:
                out.append(self.deep_shape(depth - 1))
            else:
                out.append(r.choice(leaves))
        return tuple(out)

    @staticmethod
    def tsize(t):
        if isinstance(t, int):
            return t
        n = 1
        for x in t:
            n *= C.tsize(x)
        return n

    def deep_lay(self, rank, depth, cap=1 << 12, neg=False, units=0.0, sst=0.0):
        """A layout of top rank `rank`, nesting up to `depth`, size at most `cap`; with
        `sst`, that share of the strides is static in the mixed reading."""
        for _ in range(50):
            s = self.deep_shape(depth, rank)
            if self.tsize(s) <= cap:
                break
        d = self.leaves(self.stride(s, neg))
        ls = self.leaves(s)
        if units:
            sh = [self.si(1) if self.r.random() < units / 2 else self.i(x) for x in ls]
            st = [self.si(0) if self.r.random() < units / 2 else self.i(x) if x >= 0 else str(x) for x in d]
        else:
            sh = [self.i(x) for x in ls]
            st = [self.i(x) if x >= 0 else str(x) for x in d]
        if sst and self.mixed:
            st = [self.si(x) if x >= 0 and self.r.random() < sst else y for x, y in zip(d, st)]
        fs = lambda vals: self.fmt_str(s, vals)
        return fs(sh) + ":" + fs(st)

    def fmt_str(self, t, vals):
        it = iter(vals)

        def go(u):
            if isinstance(u, int):
                return next(it)
            return "(" + ",".join(go(x) for x in u) + ")"
        return go(t)

    def nest_item(self, d):
        """A tiler entry that is itself a nested layout (depth 2-3), an int, or a tiler."""
        r = self.r
        x = r.random()
        if x < 0.15:
            return self.i(r.choice([1, 2, 3, 4]))
        if x < 0.85 or d >= 1:
            return self.deep_lay(r.choice([1, 2, 2, 3]), r.choice([2, 3]), cap=32,
                                 units=0.2 if self.mixed else 0.0)
        return "[" + ",".join(self.nest_item(d + 1) for _ in range(r.choice([1, 2]))) + "]"

    def c_deeprank(self):
        """composition, divides and products whose operands have rank 4-6 and depth 3-4."""
        r = self.r
        f = r.choice(["composition", "composition", "logical_divide", "zipped_divide",
                      "tiled_divide", "flat_divide", "logical_product", "zipped_product",
                      "tiled_product", "flat_product", "blocked_product", "raked_product"])
        A = self.deep_lay(r.choice([4, 5, 6]), r.choice([3, 4]), cap=1 << 11,
                          neg=f == "composition" and r.random() < 0.2,
                          sst=0.85 if "product" in f else 0.0)
        x = r.random()
        if f in ("blocked_product", "raked_product"):
            B = self.deep_lay(r.choice([1, 2, 4, 5]), r.choice([2, 3]), cap=16)
        elif x < 0.4:
            B = self.deep_lay(r.choice([1, 2, 3, 4]), r.choice([2, 3, 4]), cap=64)
        elif x < 0.9:
            B = "[" + ",".join(self.nest_item(0) for _ in range(r.choice([2, 3, 4, 5]))) + "]"
        else:
            B = self.i(r.choice([1, 2, 4, 8, 16]))
        e = "%s(%s,%s)" % (f, A, B)
        if r.random() < 0.1:
            e = "%s(%s)" % (r.choice(["coalesce", "size", "cosize", "rank", "depth"]), e)
        return e

    def c_nesttiler(self):
        """every product and divide with by-mode tilers whose entries are nested layouts."""
        r = self.r
        f = r.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
                      "logical_product", "zipped_product", "tiled_product", "flat_product",
                      "composition", "blocked_product", "raked_product"])
        A = self.deep_lay(r.choice([1, 2, 3, 4]), r.choice([2, 3]), cap=1 << 10,
                          units=0.2 if self.mixed else 0.0, sst=0.85 if "product" in f else 0.0)
        if f in ("blocked_product", "raked_product"):
            B = self.deep_lay(r.choice([1, 2, 3]), r.choice([2, 3]), cap=32,
                              units=0.2 if self.mixed else 0.0)
        else:
            B = "[" + ",".join(self.nest_item(0) for _ in range(r.choice([1, 2, 2, 3]))) + "]"
        return "%s(%s,%s)" % (f, A, B)

    def c_compunit(self):
        """composition with a by-mode tiler mixing ints and layouts, `_1`, `1` and
        shape-1 modes."""
        r = self.r
        A = self.mlay(neg=r.random() < 0.2, depth=2, hi=6, units=0.3 if self.mixed else 0.0)

        def item(d):
            x = r.random()
            if x < 0.2:
                return r.choice([self.si(1), self.i(1), "1"])
            if x < 0.35:
                return "%s:%s" % (r.choice([self.si(1), self.i(1)]), self.i(r.randint(0, 6)))
            if x < 0.5:
                return "(%s,%s):(%s,%s)" % (self.i(1), self.i(r.choice([1, 2, 4])), self.i(r.randint(0, 3)), self.i(r.choice([0, 1, 2])))
            if x < 0.65:
                return self.i(r.choice([2, 3, 4]))
            if x < 0.9 or d:
                return self.mlay(depth=2, hi=4, units=0.4 if self.mixed else 0.0)
            return "[" + ",".join(item(1) for _ in range(r.choice([1, 2]))) + "]"
        T = "[" + ",".join(item(0) for _ in range(r.choice([1, 2, 2, 3, 4]))) + "]"
        e = "composition(%s,%s)" % (A, T)
        if r.random() < 0.1:
            e = "%s(%s)" % (r.choice(["coalesce", "shape", "stride", "size", "cosize", "filter"]), e)
        return e

    def c_inv1(self):
        """left/right inverse of layouts with shape-1 and stride-0 modes (static `_1`/`_0`
        and run-time `1`/`0`), nested."""
        r = self.r
        s = self.nested_shape(3, 6)
        ls = [1 if r.random() < 0.35 else x for x in self.leaves(s)]
        s2 = self.rebuild(s, ls)
        ds = self.leaves(self.stride(s2, neg=r.random() < 0.1))
        ds = [0 if r.random() < 0.25 else x for x in ds]
        sh = self.fmt_str(s2, [self.i(x) for x in ls])
        f = r.choice(["left_inverse", "right_inverse"])
        # C++ takes run-time strides in left_inverse only in rank 1: mostly static ones
        sst = 0.85 if self.mixed and f == "left_inverse" and r.random() < 0.7 else 0.0
        st = self.fmt_str(s2, [(self.si(x) if r.random() < sst else self.i(x)) if x >= 0 else str(x)
                               for x in ds])
        L = sh + ":" + st
        e = "%s(%s)" % (f, L)
        x = r.random()
        if x < 0.15:
            e = "composition(%s,%s)" % (L, e) if f == "right_inverse" else "composition(%s,%s)" % (e, L)
        elif x < 0.25:
            e = "%s(%s)" % (r.choice(["left_inverse", "right_inverse", "coalesce", "size", "cosize", "shape"]), e)
        return e

    def c_coalprof(self):
        """coalesce with a profile made of units (`(_1,(_1,_1))`) or of ints, on layouts
        with units; profiles shorter, longer and deeper than the layout."""
        r = self.r
        L = self.mlay(neg=r.random() < 0.2, depth=3, hi=6, units=0.3 if self.mixed else 0.0)

        def prof(d):
            n = r.choice([1, 2, 2, 3, 4])
            its = []
            for _ in range(n):
                if d < 3 and r.random() < 0.35:
                    its.append(prof(d + 1))
                else:
                    its.append(r.choice([self.si(1), self.si(1), self.i(1), self.i(r.choice([2, 4]))]))
            return "(" + ",".join(its) + ")"
        P = prof(0) if r.random() < 0.85 else r.choice([self.si(1), self.i(1)])
        e = "coalesce(%s,%s)" % (L, P)
        if r.random() < 0.1:
            e = "%s(%s)" % (r.choice(["shape", "stride", "size", "rank", "depth"]), e)
        return e

    def c_cotuple(self):
        """complement with a tuple cotarget (nested, with units, other ranks)."""
        r = self.r
        s = self.nested_shape(2, 6)
        ls = self.leaves(s)
        if r.random() < 0.6:
            st = self.stride(s)
        else:
            st = self.rebuild(s, [r.choice([0, 1, 2, 3, 4, 6, 8, 12, 16, 24]) for _ in ls])
        if self.mixed and r.random() < 0.8:  # C++ takes run-time strides only in rank 1
            L = self.fmt(s) + ":" + self.fmt_str(st, [self.si(x) for x in self.leaves(st)]) \
                if not isinstance(st, int) else self.fmt(s) + ":" + self.si(st)
        else:
            L = self.fmt(s) + ":" + self.fmt(st)

        def cot(d):
            n = r.choice([1, 2, 2, 3, 4])
            its = []
            for _ in range(n):
                if d < 2 and r.random() < 0.3:
                    its.append(cot(d + 1))
                else:
                    its.append(self.i(r.choice([1, 1, 2, 3, 4, 6, 8, 12, 16, 32])))
            return "(" + ",".join(its) + ")"
        e = "complement(%s,%s)" % (L, cot(0))
        x = r.random()
        if x < 0.15:
            e = "%s(%s)" % (r.choice(["size", "cosize", "shape", "stride", "coalesce"]), e)
        elif x < 0.25:
            e = "composition(%s,%s)" % (L, e) if r.random() < 0.5 else "filter(%s)" % e
        return e

    def c_wide(self):
        """rank 5-8 layouts (flat or nested once, with units) through the one-operand
        operations, the inverses, complement and max_common_*."""
        r = self.r
        L = self.deep_lay(r.choice([5, 6, 7, 8]), r.choice([1, 2]), cap=1 << 14,
                          neg=r.random() < 0.1, units=0.3 if self.mixed else 0.0,
                          sst=0.8 if r.random() < 0.6 else 0.0)
        f = r.choice(["coalesce", "filter", "flatten", "make_layout_like", "right_inverse",
                      "left_inverse", "complement", "complement2", "mcv", "mcl", "size", "cosize",
                      "coalesce2", "select", "group", "take", "eval"])
        if f == "complement2":
            return "complement(%s,%s)" % (L, self.i(r.choice([1 << 10, 1 << 14, 1 << 16])))
        if f in ("mcv", "mcl"):
            M = L if r.random() < 0.4 else "make_layout_like(%s)" % L if r.random() < 0.5 else \
                self.deep_lay(r.choice([5, 6]), 1, cap=1 << 14)
            return "%s(%s,%s)" % ("max_common_vector" if f == "mcv" else "max_common_layout", L, M)
        if f == "coalesce2":
            return "coalesce(%s,(%s))" % (L, ",".join(r.choice([self.si(1), self.i(1), "(%s,%s)" % (self.si(1), self.si(1))])
                                                      for _ in range(r.randint(1, 6))))
        if f == "select":
            return "select(%s,%s)" % (L, ",".join(str(r.randint(0, 5)) for _ in range(r.randint(1, 5))))
        if f in ("group", "take"):
            b = r.randint(0, 4)
            return "%s(%s,%d,%d)" % (f, L, b, r.randint(b, 7))
        if f == "eval":
            return "eval(%s,%s)" % (L, self.i(r.randint(0, 300)))
        return "%s(%s)" % (f, L)

    def c_bigvals(self):
        """printing of large values, negative strides and zero shapes through results."""
        r = self.r
        big = lambda: r.choice([255, 256, 1000, 1024, 4096, 8191, 16384, 32767, 65535])
        rank = r.randint(1, 3)
        sh = [r.choice([0, 1, 2, 3, 4, big(), big()]) if r.random() < 0.5 else r.choice([2, 4, 8]) for _ in range(rank)]
        if r.random() < 0.3:
            sh[r.randrange(rank)] = 0
        st = [r.choice([0, 1, -1, -3, big(), -big(), 2, 4]) for _ in range(rank)]
        sh_s = ["%s" % self.i(x) for x in sh]
        st_s = [self.i(x) if x >= 0 else str(x) for x in st]
        L = "(" + ",".join(sh_s) + "):(" + ",".join(st_s) + ")" if rank > 1 or r.random() < 0.5 else sh_s[0] + ":" + st_s[0]
        f = r.choice(["", "coalesce", "filter", "size", "cosize", "eval", "composition", "comp_i",
                      "logical_divide", "logical_product", "flatten", "make_layout_like", "select",
                      "upcast", "downcast", "crd2idx", "idx2crd", "shape", "stride", "complement",
                      "right_inverse", "left_inverse"])
        if f == "":
            return L
        if f == "eval":
            return "eval(%s,%s)" % (L, self.i(r.choice([0, 1, 7, 100, big()])))
        if f == "composition":
            return "composition(%s,%s)" % (L, self.layout_lit(rank=r.choice([1, 2]), depth=1, hi=4))
        if f == "comp_i":
            return "composition(%s,%s)" % (L, self.i(r.choice([1, 2, 4, big()])))
        if f in ("logical_divide", "logical_product"):
            return "%s(%s,%s)" % (f, L, self.i(r.choice([1, 2, 4, 16])))
        if f == "select":
            return "select(%s,0)" % L
        if f in ("upcast", "downcast"):
            return "%s(%s,%s)" % (f, L, r.choice([2, 4, 16]))
        if f == "crd2idx":
            return "crd2idx(%s,%s)" % (self.i(r.choice([0, 3, big()])), L)
        if f == "idx2crd":
            return "idx2crd(%s,(%s))" % (self.i(r.choice([0, 5, big()])), ",".join(sh_s))
        return "%s(%s)" % (f, L)


CLASSES = ["tilers", "products", "tile", "casts", "inverse", "complement", "grammar",
           "profile", "modes", "coords", "swizzle", "mixcomp", "size1", "statstride",
           "chain", "chainfix", "invmix", "castmix", "mcl", "tilemix", "like", "rankprod",
           "negstride", "units", "tilerunits", "chainunits", "deeprank", "nesttiler", "compunit",
           "inv1", "coalprof", "cotuple", "bigvals", "wide"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--class", dest="cls", choices=CLASSES + ["all"], required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--reading", choices=["static", "mixed"], default="mixed")
    a = ap.parse_args()
    classes = CLASSES if a.cls == "all" else [a.cls]
    for k, cls in enumerate(classes):
        g = C(random.Random(a.seed * 100 + k), a.reading == "mixed")
        make = getattr(g, "c_" + cls)
        seen = set()
        tries = 0
        while len(seen) < a.count and tries < a.count * 20:
            tries += 1
            e = make()
            if e not in seen:
                seen.add(e)
                print(e)


if __name__ == "__main__":
    main()
