"""Side-by-side timing of kernelscope's headless trace against the numpy
kernel perceptron of numpy_perceptron.py (seed 002's algorithm), whole
process, on circles at N = 2000, 4000, 8000 and noise 0.05, 0.1, 0.2
(10 epochs, RBF σ = 0.5).

    go build -o /tmp/ks . && /usr/bin/python3 docs/bench/speed_vs_numpy.py /tmp/ks [pairs] [cells] [--before OLD]

(cells: e.g. "2000/0.05,2000/0.2"; default all nine. The default build is
static since issue 25, as a release's is. --before OLD times a second
kernelscope, an older build, in the same run: numpy, OLD, then /tmp/ks,
triple after triple, and adds its time and ratio.)

The programs are run alternately, pair after pair (so a slow spell of
the machine hits both), and each cell reports the median of the pairs'
wall times and their ratio. Both must make the same number of mistakes and
support vectors, which is checked on every run. Needs Debian's
python3-numpy (apt install python3-numpy); the Go tests never run this.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

args = sys.argv[1:]
before = None
if "--before" in args:
    i = args.index("--before")
    before = args[i + 1]
    del args[i : i + 2]
ks = args[0]
pairs = int(args[1]) if len(args) > 1 else 10
cells = [(n, z) for n in (2000, 4000, 8000) for z in (0.05, 0.1, 0.2)]
if len(args) > 2:
    cells = [c for c in cells if f"{c[0]}/{c[1]}" in args[2].split(",")]
here = os.path.dirname(os.path.abspath(__file__))
peer = [sys.executable, os.path.join(here, "numpy_perceptron.py")]


def timed(cmd):
    t = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - t, out


if before:
    print("| N | noise | mistakes | SVs | numpy (s) | kernelscope (s) | ratio | before (s) | before's ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
else:
    print("| N | noise | mistakes | SVs | numpy (s) | kernelscope (s) | ratio |")
    print("|---|---|---|---|---|---|---|")


def trace(prog, csv, n, z, mistakes, svs):
    t, out = timed([prog, "trace", "--data", csv, "--kernel", "rbf(sigma=0.5)", "--epochs", "10", "--tie", "mistake", "--format", "summary"])
    got = (out.split('"mistakes":')[1].split(",")[0], out.count(",") and len(out.split('"support_vectors":[')[1].split("]")[0].split(",")))
    if got != (mistakes, int(svs)):
        sys.exit(f"N={n} noise={z}: {prog} made {got} (mistakes, SVs), numpy {mistakes, svs}")
    return t


with tempfile.TemporaryDirectory() as tmp:
    for n, z in cells:
        csv = os.path.join(tmp, f"c{n}_{z}.csv")
        with open(csv, "w") as f:
            subprocess.run([ks, "export", "--dataset", "circles", "--n", str(n), "--noise", str(z)], check=True, stdout=f)
        tp, tk, tb = [], [], []
        for _ in range(pairs):
            t, out = timed(peer + [csv, "10", "0.5"])
            tp.append(t)
            _, mistakes, svs = out.split()
            if before:
                tb.append(trace(before, csv, n, z, mistakes, svs))
            tk.append(trace(ks, csv, n, z, mistakes, svs))
        mp, mk = statistics.median(tp), statistics.median(tk)
        row = f"| {n} | {z} | {mistakes} | {svs} | {mp:.3f} | {mk:.4f} | {mp / mk:.0f}× |"
        if before:
            mb = statistics.median(tb)
            row += f" {mb:.4f} | {mp / mb:.0f}× |"
        print(row, flush=True)
