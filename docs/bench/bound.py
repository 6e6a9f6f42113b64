"""The in-process training time of each cell against the vectorised lower
bound of docs/bench/speed.md, from `go test -bench` output on stdin:

    (go test ./learn -run XXX -bench 'BenchmarkRBFRow|BenchmarkAxpyStream' -count 5;
     go test ./learn -run XXX -bench 'BenchmarkTrainCircles$' -benchtime 20x -count 10) | python3 docs/bench/bound.py

Medians over -count runs. t_rbf is the fastest RBF row path's ns/value
(row only, in cache), t_fma the in-cache axpy's, t_stream the streaming
axpy's.
"""
import re
import statistics
import sys

runs = {}
for line in sys.stdin:
    m = re.match(r"(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(.*)", line)
    if not m:
        continue
    name, ns, rest = m.group(1), float(m.group(2)), m.group(3)
    metrics = {k: float(v) for v, k in re.findall(r"([\d.]+) (\S+)", rest)}
    runs.setdefault(name, []).append((ns, metrics))


def med(name, key=None):
    return statistics.median(m[key] if key else ns for ns, m in runs[name])


lanes = [n for n in runs if re.match(r"BenchmarkRBFRow/\d_lanes/row$", n)]
t_rbf = min(med(n, "ns/value") for n in lanes)
t_fma = med("BenchmarkRBFRow/axpy", "ns/value")
t_stream = med("BenchmarkAxpyStream", "ns/value")
print(f"t_rbf = {t_rbf:.3f} ns, t_fma = {t_fma:.3f} ns, t_stream = {t_stream:.3f} ns a value\n")
print("| N | noise | SVs | mistakes | training (ms, median) | bound (ms) | ÷ bound | memory-aware bound (ms) | ÷ it |")
print("|---|---|---|---|---|---|---|---|---|")
for name in sorted(n for n in runs if n.startswith("BenchmarkTrainCircles/")):
    n, noise = re.search(r"n=(\d+)/noise=([\d.]+)", name).groups()
    n = int(n)
    t = med(name) / 1e6
    sv, mis = med(name, "SVs"), med(name, "mistakes")
    bound = (sv * n * t_rbf + mis * n * t_fma) / 1e6
    # A row's first use is fused with its computation; a later one reads it
    # from the second-level cache (4 MiB a core here) if every row fits
    # there, else streams it from memory or computes it again, whichever
    # is cheaper.
    reuse = t_fma if sv * n * 8 <= 4 << 20 else min(t_stream, t_rbf)
    mem = (sv * n * t_rbf + (mis - sv) * n * reuse) / 1e6
    print(f"| {n} | {noise} | {sv:.0f} | {mis:.0f} | {t:.2f} | {bound:.3f} | {t / bound:.1f} | {mem:.3f} | {t / mem:.1f} |")
