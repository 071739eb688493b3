#!/bin/bash
# device-side: fixed cost and scaling of `cute eval -` (median of 7 runs each)
cd "${1:?usage: $0 DIR (holding cute_base, cute_pool and supported.txt, as for bench-eval-rounds.sh)}"
for n in 50 200 800; do for i in $(seq $n); do cat supported.txt; done > in$n.txt; done
: > empty.txt
med() { python3 - "$@" <<'PY'
import subprocess, sys, time
pre, b, inp = sys.argv[1], sys.argv[2], sys.argv[3]
ts = []
for _ in range(7):
    with open(inp, "rb") as f:
        t = time.perf_counter()
        subprocess.run(pre.split() + [b, "eval", "-"], stdin=f, stdout=subprocess.DEVNULL)
        ts.append(time.perf_counter() - t)
ts.sort(); print("%.4f" % ts[3], end=" ")
PY
}
for b in cute_base cute_pool; do
  echo -n "$b empty/x50/x200/x800: "; for f in empty.txt in50.txt in200.txt in800.txt; do med "env" ./$b $f; done; echo
  echo -n "$b x200 on 1/2/4/8/16 cores: "; for c in 0 0-1 0-3 0-7 0-15; do med "taskset -c $c" ./$b in200.txt; done; echo
done
echo -n "/bin/true: "; med env /bin/true empty.txt; echo
