#!/usr/bin/env python3
"""torch beside the `transpose` and `softmax` examples, same protocol: fp32,
n × n, 10 warm-up launches, then 50 launches each between two CUDA events, median;
GB/s counts each element read once and written once (8·n² bytes).

    torch_memory.py [--sizes 4096 8192 16384]
"""
import argparse

import torch


def median_ms(fn, iters=50, warmup=10):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(iters):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b))
    times.sort()
    return times[len(times) // 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", nargs="+", type=int, default=[4096, 8192, 16384])
    args = ap.parse_args()
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name(0)}")
    for n in args.sizes:
        x = torch.randn(n, n, device="cuda", dtype=torch.float32)
        y = torch.empty_like(x)
        gb = 8.0 * n * n / 1e9
        for name, fn in [
            ("copy", lambda: y.copy_(x)),
            ("transpose", lambda: y.copy_(x.t())),
            ("softmax", lambda: torch.softmax(x, -1)),
        ]:
            ms = median_ms(fn)
            print(f"RESULT torch {name} f32 {n}x{n} median_ms={ms:.4f} GB/s={gb / (ms * 1e-3):.0f}")


if __name__ == "__main__":
    main()
