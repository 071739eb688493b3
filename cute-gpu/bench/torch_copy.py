# torch's device-to-device copies, timed with the transpose example's protocol:
# 10 warm-up launches, 50 launches each between two CUDA events, median.
import torch, sys
def time(f, iters=50, warmup=10):
    for _ in range(warmup): f()
    torch.cuda.synchronize()
    ms = []
    for _ in range(iters):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); f(); e.record(); e.synchronize(); ms.append(s.elapsed_time(e))
    ms.sort(); return ms[len(ms) // 2]
print("torch", torch.__version__, torch.cuda.get_device_name())
for dt in (torch.float32, torch.bfloat16):
    for n in (4096, 8192, 16384):
        x = torch.randn(n, n, device="cuda").to(dt); y = torch.empty_like(x)
        nbytes = 2 * x.numel() * x.element_size()
        for name, f in (("copy", lambda: y.copy_(x)), ("copy_t", lambda: y.copy_(x.t()))):
            ms = time(f)
            print(f"RESULT torch {name} {str(dt).split('.')[-1]} {n}x{n} median_ms={ms:.4f} GB/s={nbytes / ms / 1e6:.0f}")
