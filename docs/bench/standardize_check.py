"""Check `--standardize` against scikit-learn: z-scores from the training rows only.

    /usr/bin/python3 docs/bench/standardize_check.py /path/to/kernelscope [-v] [--keep DIR]

kernelscope's `--standardize` takes each coordinate's mean and sd from the
rows it trains on: with `--test`, the rows training visits (the held-out
rows are transformed with those statistics); in `cv`, each fold's training
rows (its validation rows transformed with them). That is what
scikit-learn's Pipeline(StandardScaler(), estimator) does when it is fitted
on the training part and scored on the rest, as cross_validate does fold
by fold. This script wraps the kernel perceptron of docs/bench/cv_check.py
(seed 001's algorithm, written from the definitions in numpy; no Go code)
as a scikit-learn classifier and compares:

  * `cv --standardize --format json` with Pipeline(StandardScaler(),
    KernelPerceptron) on sklearn's KFold(k) splits: every fold's validation
    and training accuracy, to 1e-12 (they are counts over a fold);
  * `trace --standardize --test F --format jsonl` with the same pipeline
    fitted on the first n − ⌈F·n⌉ rows (--test holds out the last rows):
    α of every training row, the training and the test accuracy.

The data sets are made here from a fixed seed, in income-and-age units
(coordinates 10⁴ apart), each with rows far outside the others, and one
whose first coordinate is constant over most rows (a fold's training rows
see it constant: StandardScaler and kernelscope then only centre it).

It also scales every row once with StandardScaler and cross-validates on
that, the way kernelscope did before it fitted on the training rows only,
and reports how many folds that changes: a check that the data tell the
two apart.

Near ties: a score within 1e-9 of 0 relative to Σ|terms| may be decided
either way by the last bits of the z-scores (StandardScaler and kernelscope
round the mean and sd differently); a disagreement where one was seen is a
warning, not a failure.

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

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.model_selection import KFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cv_check  # noqa: E402  (the kernels and the perceptron, from the definitions)

TOL = 1e-12
EPOCHS = 30


class KernelPerceptron(BaseEstimator, ClassifierMixin):
    """Seed 001's kernel perceptron (cv_check.train_perceptron) as a
    scikit-learn classifier; score is the accuracy under the tie rule (f = 0
    is wrong under tie mistake)."""

    def __init__(self, kernel="rbf", param="sigma", value=1.0, kparams=None, tie="mistake", eta=1.0, epochs=EPOCHS):
        self.kernel, self.param, self.value, self.kparams = kernel, param, value, kparams
        self.tie, self.eta, self.epochs = tie, eta, epochs

    def _gram(self, X):
        case = {"kernel": self.kernel, "kparams": dict(self.kparams or {}), "param": self.param, "bias": False}
        return cv_check.gram(X, case, self.value)

    def fit(self, X, y):
        self.X_, self.y_ = np.asarray(X, dtype=float), np.asarray(y)
        self.classes_ = np.array([-1, 1])
        self.tally_ = cv_check.Tally()
        K = self._gram(self.X_)
        self.exact_ = cv_check.is_exact(K, self.eta)
        train = list(range(len(self.y_)))
        self.model_, self.near_ = cv_check.train_perceptron(
            K, self.y_, train, self.tie, self.eta, self.epochs, self.exact_, self.tally_, "perceptron")
        return self

    def score(self, X, y, sample_weight=None):
        Xall = np.vstack([self.X_, np.asarray(X, dtype=float)])
        yall = np.concatenate([self.y_, np.asarray(y)])
        n = len(self.y_)
        acc, near = cv_check.accuracy(self.model_, self._gram(Xall), yall, list(range(n)),
                                      list(range(n, len(yall))), self.tie, self.exact_, self.tally_)
        self.near_ |= near
        return float(acc)

    def alpha(self):
        """α of every training row (the model keeps αⱼyⱼ)."""
        return self.model_[1] * self.y_


def make_datasets(rng):
    """name -> (X, y); none of them is in the repository."""
    ds = {}
    # income and age, the last 8 rows far out
    n = 61
    inc, age = rng.normal(52000, 16000, n), rng.uniform(18, 75, n)
    y = np.where((inc - 52000) / 16000 + 1.2 * (age - 45) / 16 + rng.normal(0, 0.6, n) > 0, 1, -1)
    inc[53:], age[53:] = inc[53:] * 40, -6 * age[53:]
    ds["income61"] = (np.c_[inc, age], y)
    # two moons in mismatched units, rows 20–25 (a middle fold) far out
    n = 53
    t = rng.uniform(0, np.pi, n)
    up = rng.random(n) < 0.5
    x1 = np.where(up, np.cos(t), 1 - np.cos(t)) + rng.normal(0, 0.2, n)
    x2 = np.where(up, np.sin(t), 0.5 - np.sin(t)) + rng.normal(0, 0.2, n)
    X = np.c_[30000 + 10000 * x1, 0.01 * x2]
    X[20:26, 0] += 5e6
    ds["moons53"] = (X, np.where(up, 1, -1))
    # the first coordinate 0.1 on the first 30 rows, spread on the last 10
    n = 40
    x1 = np.full(n, 0.1)
    x1[30:] = rng.uniform(-3, 3, 10)
    x2 = rng.normal(0, 50, n)
    ds["const40"] = (np.c_[x1, x2], np.where(x2 + 20 * x1 > 0, 1, -1))
    return ds


KERNELS = [  # kernel, fixed parameters, swept parameter, values
    ("rbf", {}, "sigma", [0.3, 1.0, 3.0]),
    ("poly", {"coef0": 1.0}, "degree", [1, 2, 3]),
]


def kernel_flags(kernel, kparams, param, value):
    a = ["--kernel", kernel]
    for k, v in list(kparams.items()) + [(param, value)]:
        a += ["--" + k, repr(v)]
    return a


def run(argv):
    p = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError("exit %d: %s\n    %s" % (p.returncode, p.stderr.strip()[:300], " ".join(argv)))
    return p.stdout


def pipeline(kernel, kparams, param, value, tie):
    return make_pipeline(StandardScaler(), KernelPerceptron(kernel, param, value, kparams, tie))


def check_cv(binary, csv, X, y, kernel, kparams, param, values, k, tie):
    """Fold by fold against the pipeline; also counts the folds that
    every-row scaling would change."""
    argv = [binary, "cv", "--data", csv, "--standardize", "--kernel", kernel, "--tie", tie, "--epochs", str(EPOCHS),
            "--param", param, "--values", ",".join(repr(v) for v in values), "--folds", str(k), "--format", "json"]
    for name, v in kparams.items():
        argv += ["--" + name, repr(v)]
    got = json.loads(run(argv))
    errs, warns, leaky_differ, folds = [], [], 0, 0
    leaky_X = StandardScaler().fit_transform(X)
    for r, value in zip(got["results"], values):
        for f, (tr, te) in enumerate(KFold(n_splits=k).split(X)):
            pipe = pipeline(kernel, kparams, param, value, tie).fit(X[tr], y[tr])
            test, train = pipe.score(X[te], y[te]), pipe.score(X[tr], y[tr])
            near = pipe[-1].near_
            for what, mine, theirs in (("validation", test, r["folds"][f]), ("train", train, r["train"][f])):
                if abs(mine - theirs) > TOL:
                    msg = "%s=%r fold %d: %s accuracy %r, StandardScaler pipeline %r" % (param, value, f + 1, what, theirs, mine)
                    (warns if near else errs).append(msg)
            leaky = KernelPerceptron(kernel, param, value, kparams, tie).fit(leaky_X[tr], y[tr]).score(leaky_X[te], y[te])
            leaky_differ += leaky != test
            folds += 1
    return errs, warns, leaky_differ, folds, argv


def check_test(binary, csv, X, y, kernel, kparams, param, value, frac, tie):
    """trace --test: α, training and test accuracy against the pipeline
    fitted on the rows --test trains on (all but the last ⌈frac·n⌉)."""
    n = len(y)
    x = frac * n
    m = min(max(int(math.ceil(x - 1e-12 * x)), 1), n - 1)  # crossval.TestCount
    ntr = n - m
    argv = [binary, "trace", "--data", csv, "--standardize", "--test", repr(frac), "--tie", tie,
            "--epochs", str(EPOCHS), "--format", "jsonl"] + kernel_flags(kernel, kparams, param, value)
    last = json.loads(run(argv).strip().splitlines()[-1])
    pipe = pipeline(kernel, kparams, param, value, tie).fit(X[:ntr], y[:ntr])
    test, train = pipe.score(X[ntr:], y[ntr:]), pipe.score(X[:ntr], y[:ntr])
    alpha = pipe[-1].alpha()
    near = pipe[-1].near_
    errs = []
    if last.get("n_test") != m:
        errs.append("n_test %r, want %d" % (last.get("n_test"), m))
    got_alpha = last.get("alpha", [])
    if len(got_alpha) != ntr or max(abs(a - b) for a, b in zip(got_alpha, alpha)) > TOL:
        errs.append("α %r, StandardScaler pipeline %r" % (got_alpha, list(alpha)))
    for what, mine, key in (("test", test, "test_accuracy"), ("train", train, "train_accuracy")):
        if abs(mine - last.get(key, -1)) > TOL:
            errs.append("%s accuracy %r, StandardScaler pipeline %r" % (what, last.get(key), mine))
    return ([], errs) if near and errs else (errs, []), argv


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    ap.add_argument("--keep", help="write the CSV files here and keep them")
    a = ap.parse_args()
    if not os.access(a.binary, os.X_OK):
        print("standardize_check: %s is not an executable" % a.binary, file=sys.stderr)
        return 2
    tmp = a.keep or tempfile.mkdtemp(prefix="standardize_check.")
    os.makedirs(tmp, exist_ok=True)
    data = make_datasets(np.random.default_rng(20250725))
    csvs = {}
    for name, (X, y) in data.items():
        csvs[name] = os.path.join(tmp, name + ".csv")
        cv_check.write_csv(csvs[name], X, y)

    npass = nwarn = nfail = 0
    leaky_differ = leaky_folds = 0
    ncv = ntest = 0

    def report(name, errs, warns, argv):
        nonlocal npass, nwarn, nfail
        status = "FAIL" if errs else "WARN" if warns else "PASS"
        npass += status != "FAIL"
        nwarn += status == "WARN"
        nfail += status == "FAIL"
        if status != "PASS" or a.verbose:
            print("%s %s" % (status, name))
            if status != "PASS":
                print("    " + " ".join(argv))
            for m in (errs + warns)[:8]:
                print("    " + m)

    for name, (X, y) in data.items():
        for kernel, kparams, param, values in KERNELS:
            for tie in ("mistake", "pos"):
                for k in (3, 5, 7):
                    errs, warns, differ, folds, argv = check_cv(a.binary, csvs[name], X, y, kernel, kparams, param, values, k, tie)
                    leaky_differ, leaky_folds, ncv = leaky_differ + differ, leaky_folds + folds, ncv + 1
                    report("cv %s %s %s=%s --folds %d --tie %s" % (name, kernel, param, values, k, tie), errs, warns, argv)
                for value in values:
                    for frac in (0.2, 0.3):
                        (errs, warns), argv = check_test(a.binary, csvs[name], X, y, kernel, kparams, param, value, frac, tie)
                        ntest += 1
                        report("trace --test %g %s %s %s=%r --tie %s" % (frac, name, kernel, param, value, tie), errs, warns, argv)

    print("standardize_check: %d cv cases (%d folds × values), %d trace --test cases; %d with near-tie warnings"
          % (ncv, leaky_folds, ntest, nwarn))
    print("standardize_check: scaling every row first (the old rule) changes %d of %d fold accuracies"
          % (leaky_differ, leaky_folds))
    print("%d/%d cases agree with Pipeline(StandardScaler(), KernelPerceptron)" % (npass, npass + nfail))
    if not a.keep:
        for p in csvs.values():
            os.remove(p)
        os.rmdir(tmp)
    return 0 if nfail == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
