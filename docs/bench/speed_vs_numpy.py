"""Side-by-side timing of kernelscope's headless trace against the numpy
kernel perceptron of numpy_perceptron.py (seed 002's algorithm), whole
process, on circles at N = 2000, 4000, 8000 and noise 0.05, 0.1, 0.2
(10 epochs, RBF σ = 0.5).

    CGO_ENABLED=0 go build -o /tmp/ks . && /usr/bin/python3 docs/bench/speed_vs_numpy.py /tmp/ks [pairs] [cells]

(cells: e.g. "2000/0.05,2000/0.2"; default all nine. The static build is
the one a release ships; see speed.md for the default build.)

The two programs are run alternately, pair after pair (so a slow spell of
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

ks = sys.argv[1]
pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
cells = [(n, z) for n in (2000, 4000, 8000) for z in (0.05, 0.1, 0.2)]
if len(sys.argv) > 3:
    cells = [c for c in cells if f"{c[0]}/{c[1]}" in sys.argv[3].split(",")]
here = os.path.dirname(os.path.abspath(__file__))
peer = [sys.executable, os.path.join(here, "numpy_perceptron.py")]


def timed(cmd):
    t = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - t, out


print("| N | noise | mistakes | SVs | numpy (s) | kernelscope (s) | ratio |")
print("|---|---|---|---|---|---|---|")
with tempfile.TemporaryDirectory() as tmp:
    for n, z in cells:
        csv = os.path.join(tmp, f"c{n}_{z}.csv")
        with open(csv, "w") as f:
            subprocess.run([ks, "export", "--dataset", "circles", "--n", str(n), "--noise", str(z)], check=True, stdout=f)
        tp, tk = [], []
        for _ in range(pairs):
            t, out = timed(peer + [csv, "10", "0.5"])
            tp.append(t)
            _, mistakes, svs = out.split()
            t, out = timed([ks, "trace", "--data", csv, "--kernel", "rbf(sigma=0.5)", "--epochs", "10", "--tie", "mistake", "--format", "summary"])
            tk.append(t)
            got = (out.split('"mistakes":')[1].split(",")[0], out.count(",") and len(out.split('"support_vectors":[')[1].split("]")[0].split(",")))
            if got != (mistakes, int(svs)):
                sys.exit(f"N={n} noise={z}: kernelscope made {got} (mistakes, SVs), numpy {mistakes, svs}")
        mp, mk = statistics.median(tp), statistics.median(tk)
        print(f"| {n} | {z} | {mistakes} | {svs} | {mp:.3f} | {mk:.4f} | {mp / mk:.0f}× |", flush=True)
