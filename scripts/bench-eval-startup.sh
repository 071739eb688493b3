#!/bin/bash
# device-side: where the fixed cost of a `cute` process goes (median of 15 runs each)
cd "${1:?usage: $0 DIR (holding cute_pool)}"
: > empty.txt
med() { python3 - "$@" <<'PY'
import subprocess, sys, time
ts = []
for _ in range(15):
    with open("empty.txt", "rb") as f:
        t = time.perf_counter()
        subprocess.run(sys.argv[1:], stdin=f, stdout=subprocess.DEVNULL)
        ts.append(time.perf_counter() - t)
ts.sort(); print("%-40s %.2f ms" % (" ".join(sys.argv[1:]), ts[7] * 1e3))
PY
}
med /bin/true
med ./cute_pool --version
med ./cute_pool eval 1
med ./cute_pool eval -
med taskset -c 0 ./cute_pool eval -
nproc; cat /sys/fs/cgroup/cpu.max 2>/dev/null; lscpu | grep -E "Model name|Thread|Core|Socket|MHz" 
