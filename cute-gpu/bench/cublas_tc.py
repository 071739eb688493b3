"""cuBLAS (through torch) beside the Hopper GEMM of `gemm_tc`, same protocol.

Timing: for each dtype and size, C = A @ B.t() with A (M×K) and B (N×K) row-major
(the layout gemm_tc computes; cuBLAS "TN"), and C = A @ B with B (K×N) row-major
("NN") for reference; warm-up launches, then timed launches each between its
own pair of CUDA events, input sets rotated so that their footprint is at least
three times the L2 (as gemm_tc does); the median is reported as 2MNK/t.

Calibration (--dump DIR, written by `gemm_tc --dump DIR`): on gemm_tc's own A
and B, computes cuBLAS's C, an fp64 R = A·Bᵀ and S = |A|·|B|ᵀ, and reports
max |C−R|/S and the entries outside u_out·|R| + τ·S (τ = 16·√K·2⁻²⁴) for
cuBLAS and for every C that gemm_tc dumped.
"""
import argparse
import glob
import math
import os

import numpy as np
import torch

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16}
U_OUT = {"bf16": 2.0**-8, "fp16": 2.0**-11, "f32": 0.0}


def shape_of(size):
    """`N` is N×N×N; `MxNxK` as written."""
    parts = [int(x) for x in str(size).lower().split("x")]
    return (parts * 3)[:3] if len(parts) == 1 else tuple(parts)


def sets_for(m, n, k, elem_bytes):
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    ab = elem_bytes * (m + n) * k
    return max(1, min(4, 3 * l2 // max(ab, 1) + 1))


def time_op(fn, sets, warmup, iters):
    for i in range(warmup):
        fn(i % sets)
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(iters)]
    for i, (s, e) in enumerate(events):
        s.record()
        fn(i % sets)
        e.record()
    torch.cuda.synchronize()
    ms = sorted(s.elapsed_time(e) for s, e in events)
    return ms[len(ms) // 2], ms[0], ms[min(len(ms) - 1, len(ms) * 9 // 10)]


def timing(args):
    for name in args.dtypes:
        dt = DTYPES[name]
        for size in args.sizes:
            m, n, k = shape_of(size)
            sets = sets_for(m, n, k, 2)
            g = torch.Generator(device="cuda").manual_seed(1234)
            a = [torch.rand(m, k, device="cuda", dtype=torch.float32, generator=g).mul_(2).sub_(1).to(dt) for _ in range(sets)]
            b = [torch.rand(n, k, device="cuda", dtype=torch.float32, generator=g).mul_(2).sub_(1).to(dt) for _ in range(sets)]
            bt = [x.t().contiguous() for x in b]
            c = torch.empty(m, n, device="cuda", dtype=dt)
            flops = 2.0 * m * n * k
            for label, fn in (
                ("TN a@b.t()", lambda i: torch.mm(a[i], b[i].t(), out=c)),
                ("NN a@b    ", lambda i: torch.mm(a[i], bt[i], out=c)),
            ):
                med, lo, p90 = time_op(fn, sets, args.warmup, args.iters)
                tf = lambda t: flops / (t * 1e-3) / 1e12
                print(
                    f"cublas {label} {name}->{name} {m}x{n}x{k} median {med:8.4f} ms {tf(med):7.1f} TFLOP/s"
                    f"  (min {tf(lo):7.1f}, p90 {tf(p90):7.1f})  sets={sets}",
                    flush=True,
                )
            del a, b, bt, c
            torch.cuda.empty_cache()


def error_report(label, c, r, s, k, u_out):
    tau = 16.0 * math.sqrt(k) * 2.0**-24
    err = (c.double() - r).abs()
    ratio = err / s.clamp_min(1e-300)
    bound = u_out * r.abs() + tau * s
    bad = int((err > bound).sum())
    nonfinite = int((~torch.isfinite(c.double())).sum())
    print(
        f"calib {label:<34} max|C-R|/S={float(ratio.max()):.3e} mean={float(ratio.mean()):.3e}"
        f"  outside(u_out|R|+tau·S)={bad} nonfinite={nonfinite}  tau={tau:.2e} u_out={u_out:.2e}",
        flush=True,
    )


def calibrate(args):
    meta = dict(kv.split("=") for kv in open(os.path.join(args.dump, "meta.txt")).read().split())
    m, n, k, name = int(meta["m"]), int(meta["n"]), int(meta["k"]), meta["dtype"]
    name = "bf16" if name == "bf16" else "fp16"
    dt = DTYPES[name]
    def load16(f, rows, cols):
        raw = np.fromfile(os.path.join(args.dump, f), dtype="<u2").astype("int16")
        return torch.from_numpy(raw).view(dt).reshape(rows, cols).cuda()

    a = load16("a.bin", m, k)
    b = load16("b.bin", n, k)
    r = torch.mm(a.double(), b.double().t())
    s = torch.mm(a.double().abs(), b.double().abs().t())
    error_report(f"cuBLAS {name}->{name} {m}x{n}x{k}", torch.mm(a, b.t()), r, s, k, U_OUT[name])
    for f in sorted(glob.glob(os.path.join(args.dump, "c_*.bin"))):
        tag = os.path.basename(f)[2:-4]
        out = tag.rsplit("_", 1)[1]
        if out == "f32":
            c = torch.from_numpy(np.fromfile(f, dtype="<f4")).reshape(m, n).cuda()
        else:
            c = torch.from_numpy(np.fromfile(f, dtype="<u2").astype("int16")).view(dt).reshape(m, n).cuda()
        error_report(f"ours {tag}", c, r, s, k, U_OUT[out if out == "f32" else name])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dtypes", nargs="+", default=["bf16", "fp16"])
    ap.add_argument("--sizes", nargs="+", default=["4096", "8192"],
                    help="N (for N×N×N) or MxNxK, as gemm_tc's --sizes")
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--dump", default=None)
    ap.add_argument("--no-timing", action="store_true")
    args = ap.parse_args()
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name(0)}", flush=True)
    if args.dump:
        calibrate(args)
    if not args.no_timing:
        timing(args)


if __name__ == "__main__":
    main()
