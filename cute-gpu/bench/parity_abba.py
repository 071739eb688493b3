#!/usr/bin/env python3
"""GEMM parity with one process per measurement of ours, interleaved with cuBLAS.

Why: earlier runs timed several configurations one after the other inside one
`gemm_tc` process, and at 8192³ they ranked by their position in the process
(bench/logs-2026-11-24/hsplit-h100*, README "Hopper GEMM: wave quantization").
Here every measurement of ours is a fresh process (fresh CUDA context, checked
launch first, then timed), and cuBLAS is timed in this process between them.

A cell is (kind, operand type or layout, shape, configurations). Each round runs
every cell once; inside a cell the order is a palindrome, `cuBLAS c1 … ck ck … c1
cuBLAS` in even rounds and `c1 … ck cuBLAS cuBLAS ck … c1` in odd ones, so that
each implementation is timed twice per round at mirrored positions and drift over
time (clocks, temperature) falls on all of them alike.

One measurement: `warmup` launches, then `iters` launches each between its own
pair of CUDA events, inputs rotated so that their footprint exceeds three times
the L2; the median launch time as TFLOP/s. fp32 waits for each launch (as `gemm`
does), bf16/fp16 issues them back to back (as `gemm_tc` does); cuBLAS's
warm-up and timed launches are queued behind a 20 ms spin kernel so that the
host stays ahead of the GPU (otherwise small shapes time the host). The warm-up
lasts about 1 s (bf16/fp16) or 0.5 s (fp32) and the timed launches at least
0.2 s: the SM clock dips for about 0.1–0.2 s when a burst starts and, where the
GEMM reaches the 700 W limit, settles lower after it (nvidia-smi, 100 ms
samples); short measurements timed that transient, not the GEMM.

    parity_abba.py --bin DIR --rounds 3 --deadline 480 \
        --cell tc/bf16/4096/r5_tma_store,r5_g16 --cell fp32/tn/4096/best ...
    parity_abba.py --summary LOG... [--smi SMI.csv...]

Every measurement is a line `M key=value …` on stdout; `--summary` reads them back
and prints, per cell, each implementation's median over all its measurements with
[min–max] and n, ours / cuBLAS (ratio of the medians), and the range of the
per-round ratios (ours' round median over cuBLAS's round median), which is the
spread a claimed difference must exceed.
"""
import argparse
import datetime
import re
import statistics as st
import subprocess
import sys
import time


def shape_of(text):
    parts = [int(x) for x in text.lower().split("x")]
    return tuple(parts * 3)[:3] if len(parts) == 1 else tuple(parts)


class Cublas:
    """cuBLAS through torch, in this process."""

    def __init__(self):
        import torch

        self.torch = torch
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        torch.set_float32_matmul_precision("highest")
        self.l2 = torch.cuda.get_device_properties(0).L2_cache_size

    def fp32(self, layout, m, n, k, warmup, iters):
        """C (column-major) = A·B with A, B in the column-major storage of
        `layout`, as scripts/gpu-cublas.py; waits for each launch."""
        torch = self.torch
        g = torch.Generator(device="cuda").manual_seed(99)

        def rand(*s):
            return torch.rand(*s, device="cuda", generator=g, dtype=torch.float32) * 2 - 1

        sets = max(2, 3 * self.l2 // (4 * (m * k + k * n)) + 1)
        ops = []
        for _ in range(sets):
            a = rand(k, m).t() if layout[0] == "n" else rand(m, k)
            b = rand(n, k).t() if layout[1] == "n" else rand(k, n)
            ops.append((a, b))
        ct = torch.empty(n, m, device="cuda", dtype=torch.float32)

        def launch(i):
            a, b = ops[i % sets]
            torch.mm(b.t(), a.t(), out=ct)

        for i in range(warmup):
            launch(i)
        torch.cuda.synchronize()
        ms = []
        for i in range(iters):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            launch(i)
            e.record()
            e.synchronize()
            ms.append(s.elapsed_time(e))
        del ops, ct
        return ms

    def tc(self, dtype, m, n, k, warmup, iters):
        """C = A @ B.t() (cuBLAS TN), A M×K and B N×K row-major, as cublas_tc.py;
        launches back to back."""
        torch = self.torch
        dt = {"bf16": torch.bfloat16, "fp16": torch.float16}[dtype]
        g = torch.Generator(device="cuda").manual_seed(1234)
        sets = max(1, min(4, 3 * self.l2 // max(2 * (m + n) * k, 1) + 1))

        def rand(r, c):
            return torch.rand(r, c, device="cuda", dtype=torch.float32, generator=g).mul_(2).sub_(1).to(dt)

        a = [rand(m, k) for _ in range(sets)]
        b = [rand(n, k) for _ in range(sets)]
        c = torch.empty(m, n, device="cuda", dtype=dt)
        ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(iters)]
        torch.cuda.synchronize()
        torch.cuda._sleep(40_000_000)  # about 20 ms at 2 GHz: the host queues ahead
        for i in range(warmup):  # no wait between warm-up and timed launches
            torch.mm(a[i % sets], b[i % sets].t(), out=c)
        for i, (s, e) in enumerate(ev):
            s.record()
            torch.mm(a[i % sets], b[i % sets].t(), out=c)
            e.record()
        torch.cuda.synchronize()
        ms = [s.elapsed_time(e) for s, e in ev]
        del a, b, c
        return ms


def stats(ms):
    ms = sorted(ms)
    return ms[len(ms) // 2], ms[0], ms[min(len(ms) - 1, len(ms) * 9 // 10)]


def ours(args, cell, cfg):
    """One fresh process of `gemm` or `gemm_tc`: (median, min, p90) in ms, or None."""
    kind, what, shape = cell[:3]
    m, n, k = shape_of(shape)
    w, it = counts(args, kind, m, n, k)
    if kind == "fp32":
        w, it = counts(args, kind, m, n, k)
        cmd = [f"{args.bin}/gemm", "--m", str(m), "--n", str(n), "--k", str(k), "--layout", what,
               "--config", cfg, "--warmup", str(w), "--iters", str(it)]
        pat = r"RESULT impl=cute config=(\S+) .*median_ms=([\d.]+) min_ms=([\d.]+) p90_ms=([\d.]+)"
    else:
        cmd = [f"{args.bin}/gemm_tc", "--dtype", what, "--configs", cfg, "--sizes", shape,
               "--warmup", str(w), "--iters", str(it)]
        pat = r"time (\S+)\s.*median\s+([\d.]+) ms.*check=PASS"
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120).stdout
    except subprocess.TimeoutExpired:
        print(f"# timeout: {' '.join(cmd)}", flush=True)
        return None, cfg
    hit = re.findall(pat, out)
    if not hit:
        print(f"# no result (or check failed): {' '.join(cmd)}\n# " + out[-600:].replace("\n", "\n# "), flush=True)
        return None, cfg
    h = hit[-1]
    if kind == "fp32":
        return (float(h[1]), float(h[2]), float(h[3])), h[0]
    # gemm_tc prints the median only; min and p90 from its TFLOP/s figures
    line = [l for l in out.splitlines() if l.startswith("time ") and "check=PASS" in l][-1]
    med = float(h[1])
    mn = re.search(r"min\s+([\d.]+)", line)
    p9 = re.search(r"p90\s+([\d.]+)", line)
    fl = 2.0 * m * n * k
    to_ms = lambda t: fl / (t * 1e12) * 1e3
    return (med, to_ms(float(mn.group(1))), to_ms(float(p9.group(1)))), h[0]


def counts(args, kind, m, n, k):
    """(warm-up, timed) launch counts: the warm-up lasts about `--warm` seconds
    (tc) or `--warm-fp32` (fp32) at a nominal rate, so that the SM clock has left
    the dip that follows the start of a burst and settled (under the power limit
    where the GEMM reaches it); the timed launches last at least 0.2 s, at least
    `--tc-iters` (tc) or 50 (fp32) of them, at most 2000."""
    flops = 2.0 * m * n * k
    rate, warm, least = (52e12, args.warm_fp32, 50) if kind == "fp32" else (800e12, args.warm, args.tc_iters)
    t = flops / rate
    w = min(20000, max(10, int(warm / t) + 1))
    it = min(2000, max(least, int(0.2 / t) + 1))
    return w, it


def measure(args, cub, cell, impl, rnd, pos):
    kind, what, shape = cell[:3]
    m, n, k = shape_of(shape)
    if impl == "cublas":
        # ours runs after its own process start and check (host work, GPU idle);
        # cuBLAS gets a pause too, so that neither starts hot from the other
        time.sleep(args.idle)
    t0 = time.time()
    if impl == "cublas":
        w, it = counts(args, kind, m, n, k)
        if kind == "fp32":
            r = stats(cub.fp32(what, m, n, k, w, it))
        else:
            r = stats(cub.tc(what, m, n, k, w, it))
        name = "cublas"
    else:
        r, name = ours(args, cell, impl)
    t1 = time.time()
    if r is None:
        return
    fl = 2.0 * m * n * k
    tf = fl / (r[0] * 1e-3) / 1e12
    w, it = counts(args, kind, m, n, k)
    print(f"M kind={kind} what={what} shape={shape} impl={name} asked={impl} round={rnd} pos={pos} warmup={w} iters={it} "
          f"t0={t0:.3f} t1={t1:.3f} median_ms={r[0]:.5f} min_ms={r[1]:.5f} p90_ms={r[2]:.5f} tflops={tf:.2f}",
          flush=True)


def run(args):
    cells = []
    for c in args.cell:
        kind, what, shape, cfgs = c.split("/")
        cells.append((kind, what, shape, cfgs.split(",")))
    cub = Cublas()
    start = time.time()
    print(f"# {cub.torch.__version__} {cub.torch.cuda.get_device_name(0)} rounds={args.rounds}", flush=True)
    for rnd in range(args.rounds):
        for cell in cells:
            if time.time() - start > args.deadline:
                print(f"# deadline reached in round {rnd}", flush=True)
                return
            cfgs = cell[3]
            if rnd % 2 == 0:
                order = ["cublas"] + cfgs + cfgs[::-1] + ["cublas"]
            else:
                order = cfgs + ["cublas", "cublas"] + cfgs[::-1]
            for pos, impl in enumerate(order):
                measure(args, cub, cell, impl, rnd, pos)
        print(f"# round {rnd} done at {time.time() - start:.0f} s", flush=True)


def smi_samples(path):
    """(epoch seconds, SM MHz, W, °C) from `nvidia-smi --query-gpu=timestamp,clocks.sm,
    power.draw,temperature.gpu,... --format=csv,noheader -lms N`."""
    out = []
    for line in open(path):
        f = [x.strip() for x in line.split(",")]
        try:
            t = datetime.datetime.strptime(f[0], "%Y/%m/%d %H:%M:%S.%f").replace(tzinfo=datetime.timezone.utc)
            out.append((t.timestamp(), float(f[1].split()[0]), float(f[2].split()[0]), float(f[3])))
        except (ValueError, IndexError):
            pass
    return out


def clock(smi, rs, key):
    """SM clock samples inside the timed launches of measurements `rs`: the last
    (warm-up + timed launches) × median launch time before each one's end, 0.1 s
    more for the process's exit; at least 0.3 s."""
    if not smi:
        return ""
    m, n, k = shape_of(key[2])
    c = []
    for r in rs:
        # the timed launches only: the last `iters` launches before the end
        it = int(r.get("iters", 200))
        span = max(0.3, it * float(r["median_ms"]) * 1e-3 + 0.1)
        t1 = float(r["t1"])
        c += [s[1] for s in smi if t1 - span <= s[0] <= t1]
    if not c:
        return ""
    return f"  SM MHz {min(c):.0f}–{max(c):.0f} (median {st.median(c):.0f}, {len(c)} samples)"


def summary(args):
    rows = []
    for path in args.summary:
        for line in open(path):
            if line.startswith("M "):
                r = dict(kv.split("=", 1) for kv in line[2:].split())
                r["round"] = f"{path}:{r['round']}"  # rounds of different runs stay apart
                rows.append(r)
    smi = [x for path in (args.smi or []) for x in smi_samples(path)]
    cells = {}
    for r in rows:
        key = (r["kind"], r["what"], r["shape"])
        cells.setdefault(key, []).append(r)
    fmt = lambda v: f"{st.median(v):7.2f} [{min(v):.2f}–{max(v):.2f}] n={len(v)}"
    for key, rs in cells.items():
        by = {}
        for r in rs:
            by.setdefault(r["impl"], []).append(r)
        cb = by.get("cublas")
        if not cb:
            continue
        cbt = [float(r["tflops"]) for r in cb]
        print(f"{key[0]} {key[1]} {key[2]}: cuBLAS {fmt(cbt)}{clock(smi, cb, key)}")
        for impl, ors in by.items():
            if impl == "cublas":
                continue
            ot = [float(r["tflops"]) for r in ors]
            per_round = []
            for rnd in sorted({r["round"] for r in ors}):
                o = [float(r["tflops"]) for r in ors if r["round"] == rnd]
                c = [float(r["tflops"]) for r in cb if r["round"] == rnd]
                if o and c:
                    per_round.append(100 * st.median(o) / st.median(c))
            pr = f"rounds {min(per_round):.1f}–{max(per_round):.1f}%" if per_round else ""
            print(f"    {impl:<20} {fmt(ot)}  ours/cuBLAS {100 * st.median(ot) / st.median(cbt):6.2f}%  {pr}{clock(smi, ors, key)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="carry/t10-gpu")
    ap.add_argument("--cell", action="append", default=[])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--deadline", type=float, default=480.0, help="seconds: no new cell starts after this")
    ap.add_argument("--warm", type=float, default=1.0, help="seconds of warm-up launches, bf16/fp16")
    ap.add_argument("--warm-fp32", type=float, default=0.5, help="seconds of warm-up launches, fp32")
    ap.add_argument("--tc-iters", type=int, default=200)
    ap.add_argument("--idle", type=float, default=0.25, help="seconds of pause before each cuBLAS measurement")
    ap.add_argument("--summary", nargs="*")
    ap.add_argument("--smi", nargs="*")
    args = ap.parse_args()
    if args.summary:
        summary(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
