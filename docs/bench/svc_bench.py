"""Peer benchmark for kernelscope's SMO solver: scikit-learn's SVC (LIBSVM) on
the circles dataset, RBF σ = 0.5 (gamma = 1/(2σ²) = 2), C = 1, tol = 1e-3.

    /usr/bin/python3 docs/bench/svc_bench.py                 # n = 1000, 2000, 4000
    /usr/bin/python3 docs/bench/svc_bench.py --n 1000 --repeats 11
    /usr/bin/python3 docs/bench/svc_bench.py --bin ./kernelscope   # a built binary instead of `go run .`

The data come from kernelscope itself,

    kernelscope export --dataset circles --n N --seed 1

(circles' default noise, 0.05), read back exactly as written. Each fit is
SVC(kernel='rbf', gamma=2, C=1, tol=1e-3, cache_size=200).fit(X, y), timed
in-process with time.perf_counter (input checks included, data loading
not), the median of --repeats runs (≥ 7), with shrinking on (scikit-learn's
default) and off. Printed per n: fit ms, support vectors, α at C, LIBSVM's
iterations (n_iter_), the dual objective D(α) = Σα − ½ΣΣ αᵢαⱼyᵢyⱼK(xᵢ,xⱼ)
recomputed in float64 from the α found, b = intercept_ (= −ρ), and the
training accuracy; (D*−D)/D* compares D with the optimum D* of one untimed
fit to tol 1e-10. The data's sha256 (of the CSV text, first 12 hex digits)
identifies the exact points. Needs numpy and scikit-learn (Debian: /usr/bin/python3).
"""
import argparse
import hashlib
import io
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np
import sklearn
from sklearn.svm import SVC

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SIGMA = 0.5
GAMMA = 1 / (2 * SIGMA ** 2)
C = 1.0
TOL = 1e-3


def export(n, seed, binary):
    cmd = ([binary] if binary else ["go", "run", "."]) + \
        ["export", "--dataset", "circles", "--n", str(n), "--seed", str(seed)]
    text = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    d = np.loadtxt(io.StringIO(text), delimiter=",", skiprows=1, ndmin=2)
    X, y = d[:, :2], d[:, 2]
    y = np.where(y > 0, 1.0, -1.0)
    return X, y, hashlib.sha256(text.encode()).hexdigest()[:12], " ".join(cmd[-8:])


def dual_objective(m, X):
    a = np.abs(m.dual_coef_[0])          # αᵢ of the support vectors
    ay = m.dual_coef_[0]                 # yᵢαᵢ
    S = X[m.support_]
    sq = (S ** 2).sum(1)
    K = np.exp(-GAMMA * np.maximum(sq[:, None] + sq[None, :] - 2 * S @ S.T, 0))
    return float(a.sum() - 0.5 * ay @ K @ ay)


def bench(X, y, shrinking, repeats):
    times = []
    m = None
    for _ in range(repeats):
        m = SVC(kernel="rbf", gamma=GAMMA, C=C, tol=TOL, cache_size=200, shrinking=shrinking)
        t0 = time.perf_counter()
        m.fit(X, y)
        times.append(time.perf_counter() - t0)
    a = np.abs(m.dual_coef_[0])
    return {
        "ms": 1000 * statistics.median(times),
        "ms_min": 1000 * min(times),
        "sv": len(m.support_),
        "bound": int((a >= C * (1 - 1e-12)).sum()),
        "iter": int(m.n_iter_[0]) if hasattr(m, "n_iter_") else None,
        "obj": dual_objective(m, X),
        "b": float(m.intercept_[0]),
        "acc": float((m.predict(X) == y).mean()),
    }


def optimum(X, y):
    """The dual optimum to tol 1e-10 (not timed), to judge the tol-1e-3 objectives by."""
    m = SVC(kernel="rbf", gamma=GAMMA, C=C, tol=1e-10, cache_size=200, shrinking=False).fit(X, y)
    return dual_objective(m, X)


def main():
    ap = argparse.ArgumentParser(description="SVC peer benchmark (circles, rbf σ=0.5, C=1, tol 1e-3)")
    ap.add_argument("--n", type=int, nargs="+", default=[1000, 2000, 4000])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--bin", help="kernelscope binary to export with (default: go run .)")
    args = ap.parse_args()
    if args.repeats < 7:
        sys.exit("--repeats must be at least 7")

    print("scikit-learn %s (LIBSVM), numpy %s, Python %s, %s, %d CPUs"
          % (sklearn.__version__, np.__version__, platform.python_version(),
             platform.machine(), os.cpu_count()))
    print("SVC(kernel='rbf', gamma=%g, C=%g, tol=%g, cache_size=200); median of %d fits\n"
          % (GAMMA, C, TOL, args.repeats))
    rows = []
    for n in args.n:
        X, y, digest, cmd = export(n, args.seed, args.bin)
        dstar = optimum(X, y)
        for shrinking in (True, False):
            r = bench(X, y, shrinking, args.repeats)
            r["gap"] = (dstar - r["obj"]) / abs(dstar)
            rows.append((n, shrinking, digest, r))
            print("  n=%d shrinking=%s: %.1f ms" % (n, shrinking, r["ms"]), file=sys.stderr)
    print("| n | shrinking | fit ms (median) | fit ms (min) | SVs | α at C | n_iter_ | dual objective | (D*−D)/D* | b | train acc | data sha256 |")
    print("|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|")
    for n, shrinking, digest, r in rows:
        print("| %d | %s | %.1f | %.1f | %d | %d | %s | %.10g | %.1e | %.8g | %.4f | %s |"
              % (n, "on" if shrinking else "off", r["ms"], r["ms_min"], r["sv"], r["bound"],
                 r["iter"] if r["iter"] is not None else "–", r["obj"], r["gap"], r["b"], r["acc"], digest))


if __name__ == "__main__":
    main()
