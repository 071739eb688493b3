#!/usr/bin/env python3
"""Interleaved A/B timing of `cute eval -` builds (whole process, as a parent sees it).

Usage: bench-eval-ab.py ROUNDS INPUT BIN [BIN ...]

Each round runs every BIN once on INPUT (stdin from the file, stdout to /dev/null), in
turn, so that drifts of the machine hit all builds alike. Prints each build's median,
min and max over the rounds, in milliseconds.
"""
import subprocess
import sys
import time


def run_once(binary, path):
    with open(path, "rb") as f:
        t = time.perf_counter()
        subprocess.run([binary, "eval", "-"], stdin=f, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - t


def main():
    rounds, path, bins = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    times = {b: [] for b in bins}
    for _ in range(rounds):
        for b in bins:
            times[b].append(run_once(b, path))
    for b in bins:
        ts = sorted(times[b])
        print("%-28s %-14s median %7.3f ms  min %7.3f  max %7.3f" % (
            b, path.split("/")[-1], ts[len(ts) // 2] * 1e3, ts[0] * 1e3, ts[-1] * 1e3))


if __name__ == "__main__":
    main()
