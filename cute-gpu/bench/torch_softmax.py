#!/usr/bin/env python3
"""torch beside the `softmax` example, same protocol: 10 warm-up launches, then 50
launches each between two CUDA events, median; GB/s counts each element read once
and written once (2·esize·rows·cols bytes). Times `y.copy_(x)` (the copy ceiling)
and `torch.softmax(x, -1)` for each dtype and size.

    torch_softmax.py [--dtypes f32 bf16] [--sizes 4096 8192 4096x16384]
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
    ap.add_argument("--dtypes", nargs="+", default=["f32", "bf16"])
    ap.add_argument("--sizes", nargs="+", default=["4096", "8192"])
    args = ap.parse_args()
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name(0)}")
    for d in args.dtypes:
        dt = {"f32": torch.float32, "bf16": torch.bfloat16}[d]
        for s in args.sizes:
            r, c = (int(v) for v in (s.split("x") if "x" in s else (s, s)))
            x = (torch.rand(r, c, device="cuda") * 16 - 8).to(dt)
            y = torch.empty_like(x)
            gb = 2.0 * x.element_size() * r * c / 1e9
            for name, fn in [("copy", lambda: y.copy_(x)), ("softmax", lambda: torch.softmax(x, -1))]:
                ms = median_ms(fn)
                print(f"RESULT torch {name} {d} {r}x{c} median_ms={ms:.4f} GB/s={gb / (ms * 1e-3):.0f}")


if __name__ == "__main__":
    main()
