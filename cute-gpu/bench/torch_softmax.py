#!/usr/bin/env python3
"""torch beside the `softmax` example, same protocol: 10 warm-up launches, then 50
launches each between two CUDA events, median; GB/s counts each element read once
and written once (2·esize·rows·cols bytes). Times `y.copy_(x)` (the copy ceiling)
and `torch.softmax(x, -1)` for each dtype and size.

    torch_softmax.py [--dtypes f32 bf16] [--sizes 4096 8192 4096x16384]
"""
import argparse

import torch

# the timing protocol shared with the transpose figures (torch_memory.py, beside this file)
from torch_memory import median_ms


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
