#!/usr/bin/python3
"""Independent reference for kernel logistic regression (kernelscope's --algo logistic).

What it computes
----------------
The learner of issue 35, from its contract alone (no code of kernelscope is
read or reused):

    f(x)          = w0 + sum_j alpha_j y_j K(x_j, x),  alpha_j >= 0, all 0 and w0 = 0 at the start
    P(y=+1 | x)   = sigma(f(x)) = 1 / (1 + exp(-f(x)))
    a step on example i (file order, every pass; no shuffling here):
        f_i = f(x_i) before the step
        g   = 1 - P(y_i | x_i) = 1 / (1 + exp(y_i f_i))
        if lambda > 0: every alpha_j <- (1 - eta lambda) alpha_j    (w0 is not decayed)
        alpha_i += eta g;  w0 += eta g y_i
    prediction and mistake follow the tie rule on f_i (reported, not used):
        neg:      +1 if f > 0 else -1;  mistake iff prediction != y
        pos:      +1 if f >= 0 else -1; mistake iff prediction != y
        mistake:  sign(f) in {-1, 0, +1}; mistake iff y f <= 0
    after the run: loss = (1/n) sum_i log(1 + exp(-y_i f(x_i))), accuracy under the tie rule, on the final f.

--bias augments x to (1, x1, x2) before the kernel (w0 is separate and always
learned). Kernels: linear x.z, poly (x.z + c)^d, rbf exp(-|x - z|^2 / (2 sigma^2)),
all written here with numpy; alpha is decayed directly (no shared scale), the
sum f_i is numpy's dot product of alpha*y with the Gram matrix's column i.

Modes
-----
  logistic_reference.py check [--bin PATH]
      generates the 8 cases below (numpy's default_rng, fixed seeds), writes
      each data set to a temporary CSV, runs
        PATH trace --data FILE --algo logistic --kernel K [--bias] --tie T
             --eta E --lambda L --epochs P --format jsonl
      (PATH defaults to `go run .` from the repository root), and compares
      every step's f, p, g, alpha, w0, prediction and mistake, and the final
      loss, accuracy, alpha and w0. It prints the largest relative error per
      case, |a - b| / max(|a|, |b|) (0 when both are 0), and fails (exit 1)
      above 1e-9 or on any disagreement of a prediction or mistake.

  logistic_reference.py testdata DIR
      writes DIR/logistic_table.csv (data) and DIR/logistic_reference.json
      (every step of two small runs), which learn's tests read.

Needs numpy only (Debian 12: apt-get install python3-numpy; checked with
numpy 1.24.2, Python 3.11).
"""

import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

TOL = 1e-9


def kernel_matrix(X, kind, bias, d=2, c=1.0, sigma=1.0):
    """K[i, j] = K(x_i, x_j) for the rows of X (n x 2)."""
    Z = np.hstack([np.ones((len(X), 1)), X]) if bias else X
    if kind == "linear":
        return Z @ Z.T
    if kind == "poly":
        return (Z @ Z.T + c) ** d
    if kind == "rbf":
        # |x - z|^2 from the differences (the expansion |x|^2 + |z|^2 - 2x.z cancels badly)
        d2 = np.array([[float(np.sum((Z[i] - Z[j]) ** 2)) for j in range(len(Z))] for i in range(len(Z))])
        return np.exp(-d2 / (2 * sigma * sigma))
    raise ValueError(kind)


def gain(f, y):
    """g = 1 / (1 + exp(y f)), without overflow."""
    z = y * f
    if z > 0:
        e = math.exp(-z)
        return e / (1 + e)
    return 1 / (1 + math.exp(z))


def sigmoid(f):
    return gain(f, -1)


def logloss(f, y):
    z = y * f
    if z > 0:
        return math.log1p(math.exp(-z))
    return -z + math.log1p(math.exp(z))


def predict(f, y, tie):
    if tie == "neg":
        p = 1 if f > 0 else -1
        return p, p != y
    if tie == "pos":
        p = 1 if f >= 0 else -1
        return p, p != y
    p = 1 if f > 0 else (-1 if f < 0 else 0)
    return p, y * f <= 0


def run(X, y, case):
    """Every step of the case, and the final record."""
    K = kernel_matrix(X, case["kind"], case["bias"], **case.get("kparams", {}))
    n = len(y)
    eta, lam = case["eta"], case["lambda"]
    alpha = np.zeros(n)
    w0 = 0.0
    steps = []
    t = 0
    mistakes = 0
    for epoch in range(1, case["epochs"] + 1):
        for i in range(n):
            t += 1
            f = w0 + float(np.dot(alpha * y, K[:, i]))
            g = gain(f, y[i])
            pred, mistake = predict(f, y[i], case["tie"])
            mistakes += mistake
            if lam > 0:
                alpha *= 1 - eta * lam
            alpha[i] += eta * g
            w0 += eta * g * y[i]
            steps.append({"t": t, "epoch": epoch, "i": i + 1, "f": f, "p": sigmoid(f), "g": g, "y": int(y[i]),
                          "prediction": int(pred), "mistake": bool(mistake), "alpha": alpha.tolist(), "w0": float(w0)})
    F = w0 + (alpha * y) @ K
    loss = sum(logloss(float(F[i]), y[i]) for i in range(n)) / n
    acc = sum(not predict(float(F[i]), y[i], case["tie"])[1] for i in range(n)) / n
    final = {"epochs": case["epochs"], "steps": t, "mistakes": int(mistakes), "alpha": alpha.tolist(), "w0": float(w0),
             "loss": loss, "accuracy": acc}
    return steps, final


def spec(case):
    kp = case.get("kparams", {})
    if case["kind"] == "linear":
        return "linear"
    if case["kind"] == "poly":
        return "poly(d=%d,c=%r)" % (kp.get("d", 2), kp.get("c", 1.0))
    return "rbf(sigma=%r)" % kp.get("sigma", 1.0)


def blobs(rng, n, sep):
    y = np.where(rng.random(n) < 0.5, -1, 1)
    X = rng.normal(size=(n, 2)) + sep * np.outer(y, [1.0, 0.6])
    return X, y


def xor(rng, n, noise):
    X = rng.uniform(-1, 1, size=(n, 2))
    y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
    return X + noise * rng.normal(size=(n, 2)), y


def rings(rng, n, noise):
    r = np.where(rng.random(n) < 0.5, 0.5, 1.2)
    th = rng.uniform(0, 2 * np.pi, n)
    X = np.column_stack([r * np.cos(th), r * np.sin(th)]) + noise * rng.normal(size=(n, 2))
    return X, np.where(r < 1, 1, -1)


CASES = [
    # name, data, kernel, bias, lambda, tie, eta, epochs
    dict(name="linear-blobs", data=("blobs", 60, 1.0, 11), kind="linear", bias=False, eta=1.0, **{"lambda": 0.0}, tie="neg", epochs=5),
    dict(name="linear-bias-lambda", data=("blobs", 80, 0.7, 12), kind="linear", bias=True, eta=0.5, **{"lambda": 0.05}, tie="pos", epochs=6),
    dict(name="poly2-xor", data=("xor", 70, 0.1, 13), kind="poly", kparams={"d": 2, "c": 0.0}, bias=False, eta=1.0, **{"lambda": 0.0}, tie="mistake", epochs=4),
    dict(name="poly3-bias-lambda", data=("rings", 60, 0.1, 14), kind="poly", kparams={"d": 3, "c": 1.0}, bias=True, eta=0.2, **{"lambda": 0.1}, tie="neg", epochs=5),
    dict(name="rbf-rings", data=("rings", 90, 0.15, 15), kind="rbf", kparams={"sigma": 0.5}, bias=False, eta=1.0, **{"lambda": 0.0}, tie="pos", epochs=6),
    dict(name="rbf-bias-lambda", data=("xor", 80, 0.2, 16), kind="rbf", kparams={"sigma": 0.4}, bias=True, eta=2.0, **{"lambda": 0.3}, tie="mistake", epochs=8),
    # a decay strong enough to fold the shared scale (s < 2^-300 after ~1000 steps)
    dict(name="rbf-strong-decay", data=("blobs", 50, 0.5, 17), kind="rbf", kparams={"sigma": 1.0}, bias=False, eta=1.0, **{"lambda": 0.5}, tie="neg", epochs=30),
    dict(name="poly2-bias-lambda-mistake", data=("blobs", 40, 0.3, 18), kind="poly", kparams={"d": 2, "c": 1.0}, bias=True, eta=1.0, **{"lambda": 0.01}, tie="mistake", epochs=10),
]


def make_data(spec_):
    kind, n, a, seed = spec_
    rng = np.random.default_rng(seed)
    return {"blobs": blobs, "xor": xor, "rings": rings}[kind](rng, n, a)


def write_csv(path, X, y):
    with open(path, "w") as fh:
        fh.write("x1,x2,y\n")
        for (a, b), c in zip(X, y):
            fh.write("%r,%r,%d\n" % (float(a), float(b), int(c)))


def rel(a, b):
    a, b = float(a), float(b)
    m = max(abs(a), abs(b))
    return 0.0 if m == 0 else abs(a - b) / m


def check(binary):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    worst_all = 0.0
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            X, y = make_data(case["data"])
            csv = os.path.join(tmp, case["name"] + ".csv")
            write_csv(csv, X, y)
            # the numbers the program reads are those of the file
            X = np.array([[float(v) for v in line.split(",")[:2]] for line in open(csv).read().split("\n")[1:] if line])
            steps, final = run(X, y, case)
            args = ["trace", "--data", csv, "--algo", "logistic", "--kernel", spec(case), "--tie", case["tie"],
                    "--eta", repr(case["eta"]), "--lambda", repr(case["lambda"]), "--epochs", str(case["epochs"]),
                    "--format", "jsonl"]
            if case["bias"]:
                args.append("--bias")
            cmd = (binary or ["go", "run", "."]) + args
            out = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
            if out.returncode != 0:
                print("FAILED:", case["name"], out.stderr)
                failed = True
                continue
            lines = [json.loads(s) for s in out.stdout.splitlines()]
            got_steps, got_final = lines[:-1], lines[-1]
            worst = {"f": 0.0, "p": 0.0, "g": 0.0, "alpha": 0.0, "w0": 0.0, "loss": 0.0}
            if len(got_steps) != len(steps):
                print("FAILED: %s: %d steps, the reference %d" % (case["name"], len(got_steps), len(steps)))
                failed = True
                continue
            for got, want in zip(got_steps, steps):
                for k in ("t", "epoch", "i", "y", "prediction", "mistake"):
                    if got[k] != want[k]:
                        print("FAILED: %s step %d: %s = %r, the reference %r" % (case["name"], want["t"], k, got[k], want[k]))
                        failed = True
                for k in ("f", "p", "g", "w0"):
                    worst[k] = max(worst[k], rel(got[k], want[k]))
                for a, b in zip(got["alpha"], want["alpha"]):
                    worst["alpha"] = max(worst["alpha"], rel(a, b))
            if got_final.get("algo") != "logistic" or not got_final.get("done"):
                print("FAILED: %s: final object %r" % (case["name"], got_final))
                failed = True
            for k in ("epochs", "steps", "mistakes"):
                if got_final[k] != final[k]:
                    print("FAILED: %s: final %s = %r, the reference %r" % (case["name"], k, got_final[k], final[k]))
                    failed = True
            if got_final["accuracy"] != final["accuracy"]:
                print("FAILED: %s: accuracy %r, the reference %r" % (case["name"], got_final["accuracy"], final["accuracy"]))
                failed = True
            worst["loss"] = rel(got_final["loss"], final["loss"])
            worst["w0"] = max(worst["w0"], rel(got_final["w0"], final["w0"]))
            for a, b in zip(got_final["alpha"], final["alpha"]):
                worst["alpha"] = max(worst["alpha"], rel(a, b))
            m = max(worst.values())
            worst_all = max(worst_all, m)
            flag = "ok" if m <= TOL else "OVER 1e-9"
            if m > TOL:
                failed = True
            print("%-28s n=%3d steps=%5d  max rel err %.2e  (f %.1e, p %.1e, g %.1e, alpha %.1e, w0 %.1e, loss %.1e; accuracy %s)  %s" % (
                case["name"], len(y), len(steps), m, worst["f"], worst["p"], worst["g"], worst["alpha"], worst["w0"],
                worst["loss"], "equal", flag))
    print("numpy %s, Python %s; worst over all cases %.2e (tolerance %.0e)" % (np.__version__, sys.version.split()[0], worst_all, TOL))
    if failed:
        print("FAILED")
        sys.exit(1)


def testdata(out):
    """Two small runs for learn's tests: every step, unrounded."""
    rng = np.random.default_rng(35)
    X = np.round(rng.normal(size=(6, 2)), 2)
    y = np.array([1, -1, 1, -1, -1, 1])
    os.makedirs(out, exist_ok=True)
    csv = os.path.join(out, "logistic_table.csv")
    write_csv(csv, X, y)
    X = np.array([[float(v) for v in line.split(",")[:2]] for line in open(csv).read().split("\n")[1:] if line])
    cases = [
        dict(name="rbf", kind="rbf", kparams={"sigma": 1.0}, bias=False, eta=1.0, **{"lambda": 0.0}, tie="neg", epochs=3),
        dict(name="poly-bias-lambda", kind="poly", kparams={"d": 2, "c": 1.0}, bias=True, eta=0.5, **{"lambda": 0.2}, tie="mistake", epochs=3),
    ]
    res = []
    for case in cases:
        steps, final = run(X, y, case)
        res.append({"name": case["name"], "kernel": spec(case), "bias": case["bias"], "eta": case["eta"],
                    "lambda": case["lambda"], "tie": case["tie"], "epochs": case["epochs"], "steps": steps, "final": final})
    with open(os.path.join(out, "logistic_reference.json"), "w") as fh:
        json.dump(res, fh, indent=1)
    print("wrote", csv, "and", os.path.join(out, "logistic_reference.json"))


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "testdata":
        testdata(sys.argv[2] if len(sys.argv) > 2 else "learn/testdata/logistic")
    else:
        binary = None
        if "--bin" in sys.argv:
            binary = [sys.argv[sys.argv.index("--bin") + 1]]
        check(binary)
