#!/usr/bin/env python3
"""cuBLAS fp32 GEMM through torch, timed with the protocol of cute-gpu's `gemm`
example: the same storage (BLAS column-major, layouts nn/nt/tn/tt), warm-up
launches, then per-launch CUDA events, cycling through enough copies of A and B to
exceed three times the L2; prints the median as TFLOP/s on a RESULT line.

    gpu-cublas.py --size 4096 --layout nt [--iters 50] [--warmup 10]
    gpu-cublas.py --report LOG...   # table of cute-gpu vs cuBLAS from RESULT lines
"""
import argparse
import re
import sys


def operands(m, n, k, layout, torch):
    """A (m×k) and B (k×n) views with the column-major storage of `layout`, and C
    (m×n, column-major) as the transpose view of an n×m row-major tensor."""
    dev = "cuda"
    g = torch.Generator(device=dev).manual_seed(99)
    def rand(*shape):
        return torch.rand(*shape, device=dev, generator=g, dtype=torch.float32) * 2 - 1
    a = rand(k, m).t() if layout[0] == "n" else rand(m, k)      # n: m contiguous
    b = rand(n, k).t() if layout[1] == "n" else rand(k, n)      # n: k contiguous
    return a, b


def bench(m, n, k, layout, iters, warmup):
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    set_bytes = 4 * (m * k + k * n)
    sets = max(2, 3 * l2 // set_bytes + 1)
    inputs = [operands(m, n, k, layout, torch) for _ in range(sets)]
    ct = torch.empty(n, m, device="cuda", dtype=torch.float32)   # C column-major = C^T row-major
    def launch(i):
        a, b = inputs[i % sets]
        torch.mm(b.t(), a.t(), out=ct)                           # C^T = B^T A^T
    for i in range(warmup):
        launch(i)
    torch.cuda.synchronize()
    times = []
    for i in range(iters):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        launch(i)
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    times.sort()
    med = times[len(times) // 2]
    p90 = times[min(len(times) - 1, len(times) * 9 // 10)]
    tflops = 2.0 * m * n * k / (med * 1e-3) / 1e12
    print(f"RESULT impl=cublas config=cublas layout={layout} m={m} n={n} k={k} "
          f"median_ms={med:.4f} min_ms={times[0]:.4f} p90_ms={p90:.4f} tflops={tflops:.2f} "
          f"sets={sets} iters={iters}", flush=True)


def check_cublas_accuracy(m, layout):
    """cuBLAS's own result under the same kind of test: max |C-R|/S against fp64."""
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    a, b = operands(m, m, m, layout, torch)
    c = a @ b
    r = a.double() @ b.double()
    s = a.double().abs() @ b.double().abs()
    ratio = ((c.double() - r).abs() / s).max().item()
    print(f"CUBLAS-ACCURACY layout={layout} m=n=k={m} max|C-R|/S={ratio:.3e} "
          f"tau={16 * m ** 0.5 * 2 ** -24:.3e}", flush=True)


def report(paths):
    rows = {}
    pat = re.compile(r"RESULT (.*)")
    for path in paths:
        for line in open(path):
            mt = pat.search(line)
            if not mt:
                continue
            kv = dict(x.split("=", 1) for x in mt.group(1).split())
            key = (kv["layout"], int(kv["m"]), int(kv["n"]), int(kv["k"]))
            rows.setdefault(key, {}).setdefault(kv["config"], []).append(float(kv["tflops"]))
    for key in sorted(rows):
        runs = rows[key]
        base = runs.get("cublas")
        cb = max(base) if base else None
        print(f"\nlayout={key[0]} m={key[1]} n={key[2]} k={key[3]}"
              + (f"  cuBLAS {', '.join(f'{v:.2f}' for v in base)} TFLOP/s" if base else ""))
        print(f"  {'config':<16} {'TFLOP/s (each run)':<24} {'best/cuBLAS-best':>16}")
        for cfg, vals in runs.items():
            if cfg == "cublas":
                continue
            best = max(vals)
            ratio = f"{100 * best / cb:.1f}%" if cb else "-"
            print(f"  {cfg:<16} {', '.join(f'{v:.2f}' for v in vals):<24} {ratio:>16}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int)
    ap.add_argument("--layout", default="nt")
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--accuracy", action="store_true")
    ap.add_argument("--report", nargs="+")
    a = ap.parse_args()
    if a.report:
        report(a.report)
        return
    if a.size is None:
        ap.error("--size is required")
    for layout in a.layout.split(","):
        if a.accuracy:
            check_cublas_accuracy(min(a.size, 4096), layout)
        bench(a.size, a.size, a.size, layout, a.iters, a.warmup)


if __name__ == "__main__":
    sys.exit(main())
