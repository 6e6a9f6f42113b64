"""Independent check of `kernelscope cv --format json` (k-fold cross-validation
of the kernel perceptron over a sweep of one kernel parameter).

    /usr/bin/python3 docs/bench/cv_check.py /path/to/kernelscope [-v] [--quick]

It generates data sets that are not in the repository (Gaussian blobs with
label noise, a noisy XOR, concentric rings, a line with outliers, integer
points that make exact ties), with n not divisible by most k (37, 53, 101, …),
writes them as CSV (x1,x2,y) into a temporary directory, runs the program over
a grid of cases and re-does every case here from the definitions alone:

  * the values of --values (lists, a:b, a:b:log:m = numpy.geomspace,
    a:b:lin:m = numpy.linspace);
  * the folds: contiguous in dataset order, the first n mod k of ⌈n/k⌉
    examples, the rest ⌊n/k⌋, checked against
    sklearn.model_selection.KFold(n_splits=k, shuffle=False) when sklearn is
    installed (a third witness to the boundaries);
  * for every value and fold, seed 001's kernel perceptron on the other folds
    in dataset order (f(xᵢ) = Σⱼ αⱼ yⱼ K(xⱼ, xᵢ) recomputed at every step; a
    mistake adds η to αᵢ; stop after a pass with no mistake or after --epochs
    passes), then the held-out accuracy and the training accuracy under the
    tie rule; optionally the averaged and voted perceptrons;
  * mean (exact rational mean of the fold accuracies), sample std (k − 1),
    and best (highest exact mean, ties to the smaller value).

Compared: "param", "folds", every value (to 1e-12 relative), every fold and
train accuracy, mean and std (to 1e-12), best exactly (it must be the
program's own value at the reference's best position).

Near ties: when a score here has |f| <= 1e-9 · Σⱼ |αⱼ yⱼ K(xⱼ, x)| (and that
sum is not 0), summation order and the last bits of exp may legitimately
decide it the other way. Such a score is counted and reported; a mismatch in
a fold (held-out or train accuracy) that had a near tie anywhere in its
training or scoring is a warning, not a failure, and so are the mean, std and
best of that value. Data sets whose Gram matrix is made of integers with
η ∈ {1, 0.5} are exact (every f is computed without rounding by both sides),
so their zeros are real ties and are compared strictly.

Also checked: folds = 1, folds > n, --param sigma with --kernel poly and an
empty --values exit non-zero with a message on stderr and nothing on stdout;
--shuffle-folds --seed S gives the same bytes twice, fold accuracies that are
multiples of 1/|fold| for the KFold sizes, and (without --shuffle-folds)
--format text exits 0 with some output.

Exit status 0 when every case agrees (warnings allowed), 1 otherwise, 2 on
usage errors.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from fractions import Fraction

import numpy as np

try:
    from sklearn.model_selection import KFold
    HAVE_SKLEARN = True
except ImportError:  # pragma: no cover - depends on the machine
    HAVE_SKLEARN = False

TOL = 1e-12          # values, accuracies, mean, std
NEAR = 1e-9          # near-tie threshold, relative to Σ|terms|
DEFAULT_FOLDS = 5
DEFAULT_EPOCHS = 100
KERNEL_DEFAULTS = {"degree": 2, "coef0_poly": 1.0, "sigma": 1.0, "gamma": 1.0, "coef0_sigmoid": 0.0}
PARAM_KERNELS = {"sigma": ("rbf",), "degree": ("poly",), "gamma": ("sigmoid",), "coef0": ("poly", "sigmoid")}


# ------------------------------------------------------------------ data sets

def make_datasets(rng):
    """name -> (X (n×2 float), y (n ints ±1)); none of them is in the repository."""
    ds = {}

    # Gaussian blobs, 15% labels flipped, n = 37
    n = 37
    y = np.where(rng.random(n) < 0.5, 1, -1)
    X = rng.normal(0, 1.0, (n, 2)) + np.outer(y, [1.0, 0.7])
    flip = rng.random(n) < 0.15
    ds["blobs37"] = (X, np.where(flip, -y, y))

    # noisy XOR, n = 53
    n = 53
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
    ds["xor53"] = (X + rng.normal(0, 0.2, X.shape), y)

    # concentric rings, n = 101
    n = 101
    inner = rng.random(n) < 0.45
    r = np.where(inner, rng.normal(0.6, 0.15, n), rng.normal(1.5, 0.2, n))
    th = rng.uniform(0, 2 * np.pi, n)
    ds["rings101"] = (np.c_[r * np.cos(th), r * np.sin(th)], np.where(inner, 1, -1))

    # a line y = 0.5 x + 0.2 with 6 outliers on the wrong side, n = 40
    n = 40
    X = rng.uniform(-2, 2, (n, 2))
    y = np.where(X[:, 1] > 0.5 * X[:, 0] + 0.2, 1, -1)
    out = rng.choice(n, 6, replace=False)
    y[out] = -y[out]
    ds["line40"] = (X, y)

    # integer points (exact arithmetic with linear/poly kernels: real ties), n = 29;
    # (0,0) twice and the labels of a few points opposite their mirror images
    n = 29
    X = rng.integers(-3, 4, (n, 2)).astype(float)
    X[5] = (0, 0)
    X[17] = (0, 0)
    y = np.where(X[:, 0] + 2 * X[:, 1] + rng.integers(-2, 3, n) >= 0, 1, -1)
    ds["int29"] = (X, y)

    # sorted by label (folds of one class only at the ends), n = 23
    n = 23
    X = rng.normal(0, 1, (n, 2))
    y = np.where(X[:, 0] - X[:, 1] > 0, 1, -1)
    order = np.argsort(-y, kind="stable")
    ds["sorted23"] = (X[order], y[order])
    return ds


def write_csv(path, X, y):
    with open(path, "w") as fh:
        fh.write("x1,x2,y\n")
        for (a, b), label in zip(X, y):
            fh.write("%r,%r,%d\n" % (float(a), float(b), int(label)))


# ------------------------------------------------------------------ values

def parse_values(spec):
    out = []
    for item in spec.split(","):
        parts = item.strip().split(":")
        if len(parts) == 1:
            out.append(float(parts[0]))
        elif len(parts) == 2:
            a, b = int(parts[0]), int(parts[1])
            out.extend(float(v) for v in range(a, b + 1))
        elif len(parts) == 4:
            a, b, m = float(parts[0]), float(parts[1]), int(parts[3])
            if parts[2] == "log":
                out.extend(float(v) for v in np.geomspace(a, b, m))
            elif parts[2] == "lin":
                out.extend(float(v) for v in np.linspace(a, b, m))
            else:
                raise ValueError(item)
        else:
            raise ValueError(item)
    return out


# ------------------------------------------------------------------ folds

def folds_by_definition(n, k):
    sizes = [n // k + (1 if f < n % k else 0) for f in range(k)]
    out, start = [], 0
    for s in sizes:
        test = list(range(start, start + s))
        train = [i for i in range(n) if not (start <= i < start + s)]
        out.append((train, test))
        start += s
    return out


def folds(n, k):
    mine = folds_by_definition(n, k)
    if HAVE_SKLEARN:
        sk = [(list(map(int, tr)), list(map(int, te)))
              for tr, te in KFold(n_splits=k, shuffle=False).split(np.zeros((n, 1)))]
        if sk != mine:
            raise AssertionError("KFold(%d) on n=%d disagrees with the definition" % (k, n))
    return mine


# ------------------------------------------------------------------ kernels

def gram(X, case, value):
    """K(xⱼ, xᵢ) for all pairs, with the swept parameter set to value."""
    p = dict(case["kparams"])
    p[case["param"]] = value
    Z = np.c_[np.ones(len(X)), X] if case["bias"] else X
    kern = case["kernel"]
    if kern == "linear":
        return Z @ Z.T
    if kern == "poly":
        d = int(p.get("degree", KERNEL_DEFAULTS["degree"]))
        c = p.get("coef0", KERNEL_DEFAULTS["coef0_poly"])
        base = Z @ Z.T + c
        out = base.copy()
        for _ in range(d - 1):      # repeated products: numpy's ** (SIMD pow) is not
            out = out * base        # exact even on integers (13.0 ** 4 = 28560.999…)
        return out
    if kern == "rbf":
        s = p.get("sigma", KERNEL_DEFAULTS["sigma"])
        sq = ((Z[:, None, :] - Z[None, :, :]) ** 2).sum(axis=2)
        return np.exp(-sq / (2.0 * s * s))
    if kern == "sigmoid":
        g = p.get("gamma", KERNEL_DEFAULTS["gamma"])
        c = p.get("coef0", KERNEL_DEFAULTS["coef0_sigmoid"])
        return np.tanh(g * (Z @ Z.T) + c)
    raise ValueError(kern)


# ------------------------------------------------------------------ learner

def correct(f, y, tie):
    """Is score f right for label y under the tie rule?"""
    if tie == "mistake":
        return y * f > 0
    if tie == "pos":
        return (1 if f >= 0 else -1) == y
    if tie == "neg":
        return (1 if f > 0 else -1) == y
    raise ValueError(tie)


def tie_pred(f, tie):
    if f > 0:
        return 1
    if f < 0:
        return -1
    return {"mistake": 0, "pos": 1, "neg": -1}[tie]


class Tally:
    def __init__(self):
        self.near = 0       # near-tie scores seen


def score(coef, Kcol, exact, tally):
    """f = Σⱼ coefⱼ K(xⱼ, x) and whether it is a near tie."""
    terms = coef * Kcol
    f = float(terms.cumsum()[-1]) if len(terms) else 0.0   # left to right, j in dataset order
    if exact:
        return f, False
    scale = float(np.abs(terms).sum())
    near = scale > 0 and abs(f) <= NEAR * scale
    if near:
        tally.near += 1
    return f, near


def train_perceptron(K, y, train, tie, eta, epochs, exact, tally, algo):
    """Seed 001's kernel perceptron on the examples train (dataset order).
    Returns (coefficient vector c over train with f(x) = Σ cⱼ K(xⱼ, x) for
    averaged/perceptron, or the list of (α⁽ᵏ⁾, c_k) for voted; near-tie flag)."""
    m = len(train)
    yt = y[train].astype(float)
    Kt = K[np.ix_(train, train)]
    alpha = np.zeros(m)
    near_any = False
    # averaged: Σ over steps of α after the step; voted: (α⁽ᵏ⁾, c_k)
    acc = np.zeros(m)
    T = 0
    vectors = []
    ck = 0
    for _ in range(epochs):
        mistakes = 0
        for i in range(m):
            f, near = score(alpha * yt, Kt[:, i], exact, tally)
            near_any |= near
            if not correct(f, yt[i], tie):
                if algo == "voted":
                    vectors.append((alpha.copy(), ck))
                    ck = 1
                alpha[i] += eta
                mistakes += 1
            else:
                ck += 1
            T += 1
            if algo == "averaged":
                acc += alpha
        if mistakes == 0:
            break
    if algo == "averaged":
        return ("lin", (acc / T) * yt if T else np.zeros(m)), near_any
    if algo == "voted":
        vectors.append((alpha.copy(), ck))
        return ("vote", [(a * yt, c) for a, c in vectors if c > 0]), near_any
    return ("lin", alpha * yt), near_any


def accuracy(model, K, y, train, points, tie, exact, tally):
    """Fraction(right, len(points)) and whether any score was a near tie."""
    kind, m = model
    right, near_any = 0, False
    for i in points:
        col = K[train, i]
        if kind == "lin":
            f, near = score(m, col, exact, tally)
        else:
            v = 0
            near = False
            for coef, c in m:
                fk, nk = score(coef, col, exact, tally)
                near |= nk
                v += c * tie_pred(fk, tie)
            f = float(v)
        near_any |= near
        right += correct(f, y[i], tie)
    return Fraction(right, len(points)), near_any


def is_exact(K, eta):
    """Every f is computed without rounding in any order: K made of multiples
    of 1/64 below 2²⁴ and η a multiple of 1/4 (α·K then fits 53 bits)."""
    return (np.all(K * 64 == np.round(K * 64)) and np.abs(K).max() < 2.0 ** 24
            and float(eta * 4).is_integer())


def reference(case, X, y):
    vals = parse_values(case["values"])
    k = case["folds"] or DEFAULT_FOLDS
    epochs = case["epochs"] or DEFAULT_EPOCHS
    fs = folds(len(y), k)
    tally = Tally()
    results = []
    for v in vals:
        K = gram(X, case, v)
        exact = is_exact(K, case["eta"])
        accs, trains, nears = [], [], []
        for train, test in fs:
            model, n1 = train_perceptron(K, y, train, case["tie"], case["eta"], epochs, exact, tally, case["algo"])
            a, n2 = accuracy(model, K, y, train, test, case["tie"], exact, tally)
            t, n3 = accuracy(model, K, y, train, train, case["tie"], exact, tally)
            accs.append(a)
            trains.append(t)
            nears.append(n1 or n2 or n3)
        mean = sum(accs, Fraction(0)) / k
        var = sum(((a - mean) ** 2 for a in accs), Fraction(0)) / (k - 1) if k > 1 else Fraction(0)
        results.append({"value": v, "folds": accs, "train": trains, "mean": mean,
                        "std": math.sqrt(var), "near": nears})
    best_i = 0
    for i, r in enumerate(results):
        b = results[best_i]
        if r["mean"] > b["mean"] or (r["mean"] == b["mean"] and r["value"] < b["value"]):
            best_i = i
    return results, best_i, tally.near, [len(te) for _, te in fs]


# ------------------------------------------------------------------ program

def argv_of(case, binary, csv):
    a = [binary, "cv", "--data", csv, "--kernel", case["kernel"]]
    for name, v in case["kparams"].items():
        a += ["--" + name, repr(v) if isinstance(v, float) else str(v)]
    a += ["--tie", case["tie"], "--eta", repr(case["eta"])]
    if case["bias"]:
        a.append("--bias")
    if case["algo"] != "perceptron":
        a += ["--algo", case["algo"]]
    a += ["--param", case["param"], "--values", case["values"]]
    if case["folds"]:
        a += ["--folds", str(case["folds"])]
    if case["epochs"]:
        a += ["--epochs", str(case["epochs"])]
    return a + ["--format", "json"]


def close(a, b, tol=TOL, rel=False):
    if not isinstance(a, (int, float)) or isinstance(a, bool):
        return False
    s = max(1.0, abs(a), abs(b)) if rel else 1.0
    return abs(a - b) <= tol * s


def compare(case, X, y, binary, csv):
    """Returns (status, messages, near-tie count, info); status PASS/WARN/FAIL;
    info["value_notes"] lists values that are within 1e-12 but not numpy's
    bits, info["best_tie"] says whether best was decided by the tie rule."""
    info = {"value_notes": [], "best_tie": False}
    argv = argv_of(case, binary, csv)
    p = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        return "FAIL", ["exit %d: %s" % (p.returncode, p.stderr.strip()[:300])], 0, info
    try:
        got = json.loads(p.stdout)
    except ValueError as e:
        return "FAIL", ["output is not JSON (%s): %r" % (e, p.stdout[:200])], 0, info
    ref, best_i, nnear, sizes = reference(case, X, y)
    info["best_tie"] = sum(r["mean"] == ref[best_i]["mean"] for r in ref) > 1
    k = case["folds"] or DEFAULT_FOLDS
    errs, warns = [], []
    if got.get("param") != case["param"]:
        errs.append("param %r, want %r" % (got.get("param"), case["param"]))
    if got.get("folds") != k:
        errs.append("folds %r, want %d" % (got.get("folds"), k))
    res = got.get("results")
    if not isinstance(res, list) or len(res) != len(ref):
        errs.append("%s results, want %d" % (len(res) if isinstance(res, list) else res, len(ref)))
        return "FAIL", errs, nnear, info
    excused_value = False
    for r, g in zip(ref, res):
        v = r["value"]
        tag = "value %r" % v
        if not close(g.get("value"), v, rel=True):
            errs.append("%s: program's value %r" % (tag, g.get("value")))
            continue
        if g.get("value") != v:
            info["value_notes"].append("%s: numpy gives %r, the program %r" % (case["values"], v, g.get("value")))
        gf, gt = g.get("folds"), g.get("train")
        if not (isinstance(gf, list) and len(gf) == k and isinstance(gt, list) and len(gt) == k):
            errs.append("%s: folds/train not lists of %d: %r %r" % (tag, k, gf, gt))
            continue
        bad_near = False
        for f in range(k):
            for what, mine, theirs in (("fold", r["folds"][f], gf[f]), ("train", r["train"][f], gt[f])):
                if close(theirs, float(mine)):
                    continue
                msg = "%s fold %d (%d held out): %s accuracy %r, want %s = %r" % (
                    tag, f + 1, sizes[f], what, theirs, mine, float(mine))
                if r["near"][f]:
                    warns.append("near tie: " + msg)
                    bad_near = True
                else:
                    errs.append(msg)
        excused_value |= bad_near
        for what, mine in (("mean", float(r["mean"])), ("std", r["std"])):
            if not close(g.get(what), mine):
                msg = "%s: %s %r, want %r" % (tag, what, g.get(what), mine)
                (warns if bad_near else errs).append(("near tie: " + msg) if bad_near else msg)
    if not errs:
        want = res[best_i].get("value")
        if got.get("best") != want:
            msg = "best %r, want %r (mean %s)" % (got.get("best"), want, ref[best_i]["mean"])
            (warns if excused_value else errs).append(("near tie: " + msg) if excused_value else msg)
    if errs:
        return "FAIL", errs + warns, nnear, info
    if warns:
        return "WARN", warns, nnear, info
    return "PASS", [], nnear, info


# ------------------------------------------------------------------ cases

def kernel_configs():
    """(kernel, fixed kernel flags, param, list spec, range spec)."""
    return [
        ("rbf", {}, "sigma", "0.1,0.3,1,3", "0.1:10:log:5"),
        ("poly", {"coef0": 1.0}, "degree", "1,2,3", "1:4"),
        ("poly", {"degree": 2}, "coef0", "-1,0,0.5,2", "0:2:lin:5"),
        ("sigmoid", {"coef0": 0.0}, "gamma", "0.05,0.2,1", "0.1:10:log:5"),
        ("sigmoid", {"gamma": 0.5}, "coef0", "-1,0,1", "-1:1"),
        ("linear", {}, None, None, None),  # linear via poly(d=1, c=0): sweep degree 1 only
    ]


def build_cases(quick):
    ties = ("mistake", "pos", "neg")
    etas = (1.0, 0.5)
    epochs = (3, None, 10)          # None: the default (100), flag left out
    kfolds = (2, 3, 5, 7, 10)
    datasets = ("blobs37", "xor53", "rings101", "line40", "sorted23", "int29")
    cases, idx = [], 0
    for ds in datasets:
        for kern, kp, param, lst, rng_ in kernel_configs():
            if kern == "linear":
                # the linear kernel is poly with d = 1, c = 0; the sweep over
                # c around 0 keeps d = 1 (c = 0 is exactly x·z)
                kern, kp, param, lst, rng_ = "poly", {"degree": 1}, "coef0", "0,1", "-1:1"
            for k in kfolds:
                idx += 1
                if quick and idx % 4:
                    continue
                cases.append({
                    "dataset": ds, "kernel": kern, "kparams": kp, "param": param,
                    "values": lst if idx % 2 else rng_, "folds": None if (idx % 3 == 0 and k == 5) else k,
                    "tie": ties[idx % 3], "eta": etas[(idx // 3) % 2], "bias": (idx // 2) % 2 == 1,
                    "epochs": epochs[(idx // 6) % 3], "algo": "perceptron"})
    # the tie-heavy integer set: every tie rule × bias × η with exact kernels
    for tie in ties:
        for bias in (False, True):
            for eta in etas:
                for kern, kp, param, vals, k in (("poly", {"coef0": 0.0}, "degree", "1:3", 3),
                                                 ("poly", {"degree": 1}, "coef0", "-2:2", 7),
                                                 ("poly", {"degree": 2}, "coef0", "0,1", 10)):
                    idx += 1
                    if quick and idx % 4:
                        continue
                    cases.append({"dataset": "int29", "kernel": kern, "kparams": kp, "param": param,
                                  "values": vals, "folds": k, "tie": tie, "eta": eta, "bias": bias,
                                  "epochs": (3, None)[idx % 2], "algo": "perceptron"})
    # values out of order, repeated, and lists mixed with ranges: on equal
    # means best is the smaller value, not the first listed
    for j, (ds, kern, kp, param, vals, k) in enumerate((
            ("sorted23", "rbf", {}, "sigma", "3,1,0.3,0.1", 5),
            ("sorted23", "rbf", {}, "sigma", "10,0.1:10:log:5,0.2", 3),
            ("int29", "poly", {"degree": 1}, "coef0", "2,1,0,-1,1", 7),
            ("int29", "poly", {"coef0": 0.0}, "degree", "4,2:3,1", 10),
            ("line40", "sigmoid", {"coef0": 0.0}, "gamma", "10,1,0.1,0.01", 2),
            ("blobs37", "poly", {"degree": 2}, "coef0", "2,0:1:lin:3,-0.5", 5),
            ("xor53", "rbf", {}, "sigma", "5,0.05,0.5,0.5", 7),
            ("rings101", "sigmoid", {"gamma": 0.1}, "coef0", "1,0,-1", 10))):
        if quick and j % 2:
            continue
        for tie in ("mistake", "neg"):
            cases.append({"dataset": ds, "kernel": kern, "kparams": kp, "param": param, "values": vals,
                          "folds": k, "tie": tie, "eta": (1.0, 0.5)[j % 2], "bias": j % 3 == 0,
                          "epochs": (3, None)[j % 2], "algo": "perceptron"})
    return cases


def variant_cases(quick):
    out = []
    for algo in ("averaged", "voted"):
        for j, (ds, kern, kp, param, vals, k) in enumerate((
                ("xor53", "rbf", {}, "sigma", "0.2,0.5,1", 5),
                ("blobs37", "poly", {"coef0": 1.0}, "degree", "1:3", 7),
                ("int29", "poly", {"degree": 1}, "coef0", "-1:1", 3),
                ("line40", "sigmoid", {"coef0": 0.0}, "gamma", "0.1,1", 10))):
            if quick and j % 2:
                continue
            out.append({"dataset": ds, "kernel": kern, "kparams": kp, "param": param, "values": vals,
                        "folds": k, "tie": ("mistake", "pos", "neg")[j % 3], "eta": (1.0, 0.5)[j % 2],
                        "bias": j % 2 == 0, "epochs": (3, 20)[j % 2], "algo": algo})
    return out


def describe(case):
    return "%s %s %s --param %s --values %s --folds %s --tie %s --eta %g%s --epochs %s%s" % (
        case["dataset"], case["kernel"],
        " ".join("--%s %s" % kv for kv in case["kparams"].items()), case["param"], case["values"],
        case["folds"] or "(5)", case["tie"], case["eta"], " --bias" if case["bias"] else "",
        case["epochs"] or "(100)", "" if case["algo"] == "perceptron" else " --algo " + case["algo"])


# ------------------------------------------------------------------ error cases

def error_cases(binary, csvs):
    small = csvs["sorted23"]
    return [
        ("--folds 1", [binary, "cv", "--data", small, "--kernel", "rbf", "--param", "sigma",
                       "--values", "0.5,1", "--folds", "1", "--format", "json"]),
        ("--folds 24 > n = 23", [binary, "cv", "--data", small, "--kernel", "rbf", "--param", "sigma",
                                 "--values", "0.5,1", "--folds", "24", "--format", "json"]),
        ("--param sigma with --kernel poly", [binary, "cv", "--data", small, "--kernel", "poly",
                                              "--param", "sigma", "--values", "0.5,1", "--format", "json"]),
        ("empty --values", [binary, "cv", "--data", small, "--kernel", "rbf", "--param", "sigma",
                            "--values", "", "--format", "json"]),
    ]


def run_error_case(name, argv):
    p = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    problems = []
    if p.returncode == 0:
        problems.append("exit status 0")
    if not p.stderr.strip():
        problems.append("nothing on stderr")
    if p.stdout:
        problems.append("stdout not empty: %r" % p.stdout[:120])
    return problems, ["exit %d; %s" % (p.returncode, (p.stderr.strip().splitlines() or [""])[0])]


# ------------------------------------------------------------------ shuffle / text

def shuffle_checks(binary, csvs, datasets):
    out = []
    for ds, k, seed in (("blobs37", 5, 7), ("rings101", 7, 12345), ("xor53", 10, 1)):
        base = [binary, "cv", "--data", csvs[ds], "--kernel", "rbf", "--param", "sigma",
                "--values", "0.3,1", "--folds", str(k), "--epochs", "10"]
        argv = base + ["--shuffle-folds", "--seed", str(seed), "--format", "json"]
        p1 = subprocess.run(argv, capture_output=True, text=True, timeout=300)
        p2 = subprocess.run(argv, capture_output=True, text=True, timeout=300)
        problems = []
        if p1.returncode or p2.returncode:
            problems.append("exit %d/%d: %s" % (p1.returncode, p2.returncode, p1.stderr.strip()[:200]))
        elif p1.stdout != p2.stdout:
            problems.append("two runs with --seed %d differ" % seed)
        else:
            n = len(datasets[ds][1])
            sizes = [n // k + (1 if f < n % k else 0) for f in range(k)]
            got = json.loads(p1.stdout)
            for r in got["results"]:
                for f, a in enumerate(r["folds"]):
                    if abs(a * sizes[f] - round(a * sizes[f])) > 1e-9:
                        problems.append("value %r fold %d: %r is not a multiple of 1/%d" % (
                            r["value"], f + 1, a, sizes[f]))
                if len(r["folds"]) != k:
                    problems.append("%d folds, want %d" % (len(r["folds"]), k))
        out.append(("shuffle-folds %s k=%d seed=%d" % (ds, k, seed), problems))
    argv = [binary, "cv", "--data", csvs["line40"], "--kernel", "poly", "--param", "degree",
            "--values", "1:3", "--format", "text"]
    p = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    problems = []
    if p.returncode != 0 or not p.stdout.strip():
        problems.append("text format: exit %d, %d bytes of output: %s" % (
            p.returncode, len(p.stdout), p.stderr.strip()[:200]))
    out.append(("--format text runs", problems))
    return out


# ------------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    ap.add_argument("--quick", action="store_true", help="a quarter of the grid")
    ap.add_argument("--no-variants", action="store_true", help="skip --algo averaged/voted")
    ap.add_argument("--keep", help="write the CSV files here and keep them")
    a = ap.parse_args()
    if not os.access(a.binary, os.X_OK):
        print("cv_check: %s is not an executable" % a.binary, file=sys.stderr)
        return 2

    datasets = make_datasets(np.random.default_rng(20250117))
    tmp = a.keep or tempfile.mkdtemp(prefix="cv_check.")
    os.makedirs(tmp, exist_ok=True)
    csvs = {}
    for name, (X, y) in datasets.items():
        csvs[name] = os.path.join(tmp, name + ".csv")
        write_csv(csvs[name], X, y)

    print("cv_check: fold witness: %s" % ("sklearn KFold + definition" if HAVE_SKLEARN else "definition only"))
    cases = build_cases(a.quick)
    if not a.no_variants:
        cases += variant_cases(a.quick)
    npass = nwarn = nfail = 0
    near_total, near_cases = 0, 0
    value_notes, best_ties = {}, 0
    for case in cases:
        X, y = datasets[case["dataset"]]
        status, msgs, nnear, info = compare(case, X, y, a.binary, csvs[case["dataset"]])
        for note in info["value_notes"]:
            value_notes.setdefault(note, 0)
            value_notes[note] += 1
        best_ties += info["best_tie"]
        near_total += nnear
        near_cases += nnear > 0
        if status == "FAIL":
            nfail += 1
        else:
            npass += 1
            nwarn += status == "WARN"
        if status != "PASS" or a.verbose:
            print("%s %s%s" % (status, describe(case), " (%d near-tie scores)" % nnear if nnear else ""))
            if status != "PASS":
                print("    " + " ".join(argv_of(case, a.binary, csvs[case["dataset"]])))
            for m in msgs[:10]:
                print("    " + m)
            if len(msgs) > 10:
                print("    … %d more" % (len(msgs) - 10))
    n_main = len(cases)

    extra = []
    for name, argv in error_cases(a.binary, csvs):
        problems, first = run_error_case(name, argv)
        extra.append(("error case: " + name, problems, first))
    for name, problems in shuffle_checks(a.binary, csvs, datasets):
        extra.append((name, problems, None))
    for name, problems, first in extra:
        if problems:
            nfail += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
        else:
            npass += 1
            if a.verbose:
                print("PASS %s%s" % (name, " (%s)" % first[0] if first else ""))

    total = n_main + len(extra)
    if value_notes:
        print("note: values within 1e-12 of numpy's but not bit for bit (not a failure):")
        for note, count in sorted(value_notes.items()):
            print("    %s  (%d cases)" % (note, count))
    print("cv_check: %d cases where best was decided by the tie rule (equal means, the smaller value)" % best_ties)
    print("cv_check: %d comparison cases + %d error/shuffle/text cases; %d near-tie scores in %d cases, "
          "%d cases with near-tie warnings" % (n_main, len(extra), near_total, near_cases, nwarn))
    print("%d/%d cases agree" % (npass, total))
    if not a.keep:
        for p in csvs.values():
            os.remove(p)
        os.rmdir(tmp)
    return 0 if nfail == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
