#!/usr/bin/env python3
"""Parity table over interleaved rounds (run_parity_rounds.sh).

Each round times every implementation once with its own tool (warm-up, then 50
launches each between its own CUDA events, median launch time as TFLOP/s). Per
implementation and shape this prints the median over rounds of those per-round
medians, the range over rounds, and ours / cuBLAS as the ratio of the two
medians over rounds.

    parity_table.py fp32 LOG...   # RESULT lines of `gemm` and scripts/gpu-cublas.py
    parity_table.py tc LOG...     # `gemm_tc` summaries and cublas_tc.py TN lines
"""
import re
import statistics as st
import sys

# the fp32 configuration `gemm --config best` picks per layout (shipped.rs `best`)
BEST = {"nn": "w128x256x8pmg16_ts", "nt": "w128x256x8pm_ts", "tn": "w128x256x8pmg16_ts", "tt": "w128x256x8pmg16_ts"}


def fmt(vals):
    return f"{st.median(vals):7.2f} [{min(vals):.2f}–{max(vals):.2f}] n={len(vals)}"


def fp32(paths):
    rows = {}
    for path in paths:
        for line in open(path):
            m = re.search(r"RESULT (.*)", line)
            if not m:
                continue
            kv = dict(x.split("=", 1) for x in m.group(1).split())
            key = (int(kv["m"]), kv["layout"])
            rows.setdefault(key, {}).setdefault(kv["config"], []).append(float(kv["tflops"]))
    print("fp32, TFLOP/s: median over rounds [min–max]; ours/cuBLAS = ratio of the medians")
    for (size, layout) in sorted(rows):
        r = rows[(size, layout)]
        cb = r.get("cublas")
        if not cb:
            continue
        for cfg, vals in sorted(r.items()):
            if cfg == "cublas":
                continue
            tag = "best" if cfg == BEST.get(layout) else "    "
            print(f"{size}^3 {layout} {tag} {cfg:<16} {fmt(vals)}  cuBLAS {fmt(cb)}"
                  f"  {100 * st.median(vals) / st.median(cb):6.1f}%")


def tc(paths):
    ours, cub = {}, {}
    for path in paths:
        summary = False
        for line in open(path):
            # each gemm_tc run prints its time lines, then repeats them in its summary
            if line.startswith("device:"):
                summary = False
            if line.startswith("== summary"):
                summary = True
            m = re.match(r"time (\S+)\s+B:nk (\w+)->\w+\s+(\d+)x(\d+)\s*x(\d+)\s+median\s+\S+ ms\s+([\d.]+) TFLOP/s", line)
            if m and summary:
                dtype = {"f16": "fp16"}.get(m.group(2), m.group(2))
                key = (dtype, (int(m.group(3)), int(m.group(4)), int(m.group(5))))
                ours.setdefault(key, {}).setdefault(m.group(1), []).append(float(m.group(6)))
            m = re.match(r"cublas TN a@b.t\(\) (\w+)->\w+ (\d+)x(\d+)x(\d+) median\s+\S+ ms\s+([\d.]+) TFLOP/s", line)
            if m:
                key = (m.group(1), (int(m.group(2)), int(m.group(3)), int(m.group(4))))
                cub.setdefault(key, []).append(float(m.group(5)))
    print("bf16/fp16 per configuration vs cuBLAS TN, TFLOP/s: median over rounds [min–max]")
    # dtype, then the shapes in the order gemm_tc timed them, configurations in that order too
    for key in sorted(ours, key=lambda k: (k[0], list(ours).index(k))):
        c = cub.get(key)
        shape = "x".join(map(str, key[1]))
        for cfg, o in ours[key].items():
            ratio = f"{100 * st.median(o) / st.median(c):6.1f}%" if c else "-"
            print(f"{key[0]} {shape:<16} {cfg:<14} ours {fmt(o)}  cuBLAS {fmt(c) if c else '-'}  {ratio}")


if __name__ == "__main__":
    {"fp32": fp32, "tc": tc}[sys.argv[1]](sys.argv[2:])
