#!/usr/bin/env python3
"""CPU time of `cute eval -` runs on the GPU host (user and system ms, via wait4).

Usage: bench-eval-cputime.py DIR BIN
DIR holds in200.txt (supported.txt x200). Prints the CPU time of BIN alone on one core,
of 8 and 16 one-core copies run at once (each on its own core), and of five threaded runs.
"""
import os
import statistics
import subprocess
import sys
import time

b = os.path.abspath(sys.argv[2])
os.chdir(sys.argv[1])

def spawn(pre, inp):
    return subprocess.Popen(pre + [b, 'eval', '-'], stdin=open(inp, 'rb'), stdout=subprocess.DEVNULL)
def reap(p):
    _, st, ru = os.wait4(p.pid, 0)
    return ru.ru_utime * 1e3, ru.ru_stime * 1e3
# solo single-core process: user and system ms
solo = [reap(spawn(['taskset', '-c', str(os.cpu_count() - 1)], 'in200.txt')) for _ in range(5)]
print('solo one-core: utime %.1f stime %.1f ms (medians of 5)' % (statistics.median(s[0] for s in solo), statistics.median(s[1] for s in solo)))
for n in (8, 16):
    n = min(n, os.cpu_count())
    for r in range(2):
        ps = [spawn(['taskset', '-c', str(k)], 'in200.txt') for k in range(n)]
        rs = [reap(p) for p in ps]
        print('%d concurrent one-core processes: utime median %.1f min %.1f max %.1f ms; stime median %.1f' % (
            n, statistics.median(x[0] for x in rs), min(x[0] for x in rs), max(x[0] for x in rs), statistics.median(x[1] for x in rs)))
# the threaded run: total CPU time of all its threads
for r in range(5):
    t = time.perf_counter(); p = spawn([], 'in200.txt'); u, s = reap(p); w = (time.perf_counter() - t) * 1e3
    print('threaded run: wall %.2f ms, utime %.1f ms, stime %.1f ms' % (w, u, s))
