#!/usr/bin/python3
"""Independent numerical reference for two online linear learners: PA-I and Pegasos.

What it computes
----------------
For three small 2-D data sets (written here as CSV: ``x1,x2,y``) it runs

* PA-I (Crammer et al. 2006), C in {1, 0.1, +inf}, at most 10 passes, stopping
  after the first pass in which every hinge loss is <= 1e-9;
* Pegasos (Shalev-Shwartz et al. 2011, Fig. 1 primal, eta_t = 1/(lambda t),
  no projection), lambda in {0.1, 1}, exactly 3 resp. 2 passes;

with examples visited in data-set order (no shuffling), either with a bias
(each point x = (x1, x2) is augmented to (1, x1, x2) and treated as an ordinary
feature; there is no separate intercept) or without (x = (x1, x2)). Kernel is
linear, K(x, z) = x~ . z~.

Every run is computed three independent ways and cross-checked:

1. a direct numpy/Python *primal* implementation of the textbook formulas
   (this is what is written to the JSON);
2. a direct *dual* implementation (alpha coefficients, kernel sums), which
   must take the same update decisions and reproduce the primal w;
3. scikit-learn, stepped one sample at a time with ``partial_fit`` and also
   in one ``fit(max_iter=passes, tol=None)`` call:
   * PA-I:    PassiveAggressiveClassifier(C=C, loss="hinge", fit_intercept=False,
              shuffle=False, average=False, tol=None, max_iter=passes,
              early_stopping=False)
   * Pegasos: SGDClassifier(loss="hinge", penalty="l2", alpha=lambda,
              learning_rate="invscaling", eta0=1/lambda, power_t=1,
              fit_intercept=False, shuffle=False, average=False, tol=None,
              max_iter=passes, early_stopping=False)

Any difference above REL_TOL (1e-12, relative; see ``reldiff`` for the
scales used) or any disagreement in an update decision makes the script exit
non-zero with a message ("FAILED: ...").  Pegasos's rule is "update iff
y f < 1" while sklearn's hinge is "update iff y p <= 1"; the script reports the
smallest |y f - 1| seen over all steps and fails if any step has y f == 1
exactly (none do for these data sets).

Outputs (in the directory of this script):
  hand6.csv, iris2.csv, noisy200.csv, pa_pegasos_reference.json

JSON: a list of cases {"learner", "data", "bias", "C" (number or "inf") |
"lambda", "passes" (PA: the pass cap, 10), "steps": [{"t", "i" (1-based), "f",
"loss", "tau" (PA only), "update", "w"}], "final": {"w", "alpha", "steps",
"converged", "updates", "passes_run" (PA only)}}; PA cases also carry
"rounding_level_steps": the steps t at which the primal, dual or sklearn run saw
0 < loss <= 1e-9, i.e. y f == 1 up to rounding (iris2 has duplicate points).
At those steps "update"/"tau" are rounding noise (tau ~ 1e-16) and a different
but correct implementation may legitimately disagree with the stored flag.
All numbers are stored unrounded (Python repr floats).

How to run
----------
  apt-get install -y python3-sklearn python3-numpy   # Debian 12
  /usr/bin/python3 pa_pegasos_reference.py

Written and checked with scikit-learn 1.2.1, numpy 1.24.2, scipy 1.10.1
(Debian 12 packages), Python 3.11.  The script prints the versions it ran with.
"""

import csv
import json
import math
import os
import sys
import warnings

import numpy as np
import scipy
import sklearn
from scipy.optimize import linprog
from sklearn.datasets import load_iris
from sklearn.linear_model import PassiveAggressiveClassifier, SGDClassifier

# The files go where the Go tests read them: learn/testdata/pa_pegasos.
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "learn", "testdata", "pa_pegasos")
REL_TOL = 1e-12       # max allowed relative difference sklearn vs direct
PA_CONV_TOL = 1e-9    # PA: a pass converges when every loss <= this
PA_MAX_PASSES = 10    # PA pass cap (all PA cases)
TIE_TOL = 1e-9        # |y f - 1| below this is reported as a (near) tie

# worst relative differences seen, by kind
STATS = {}
NOTES = []


def note(msg):
    NOTES.append(msg)
    print("NOTE:", msg)


def fail(msg):
    print("FAILED:", msg, file=sys.stderr)
    sys.exit(1)


def track(kind, value):
    STATS[kind] = max(STATS.get(kind, 0.0), value)
    if value > REL_TOL:
        fail("%s relative difference %.3e > %.0e" % (kind, value, REL_TOL))


# ---------------------------------------------------------------------------
# data sets
# ---------------------------------------------------------------------------

def make_hand6():
    """6 hand-picked points, non-integer coordinates, labels alternating +1/-1.

    Positives lie far out at x1 > 2, negatives close to the origin.  Two of the
    negatives, (0.2, -0.4) and (-0.2, 0.4), are antipodal, so no line through
    the origin can put both on the negative side: the set is NOT linearly
    separable through the origin (also checked by LP below).  With a bias it is
    separable (e.g. x1 = 1), and the points were picked (by a small search over
    one-decimal coordinates) so that classic PA (C = inf) with bias converges
    by the loss rule within the 10-pass cap (it does after 3 passes) with no
    rounding-level losses, giving one case with converged == true."""
    pts = [
        (3.3, -1.4, 1),
        (0.2, -0.4, -1),
        (2.3, 1.7, 1),
        (-0.2, -0.2, -1),
        (2.8, 0.5, 1),
        (-0.2, 0.4, -1),
    ]
    X = np.array([[a, b] for a, b, _ in pts], dtype=np.float64)
    y = np.array([c for _, _, c in pts], dtype=np.int64)
    return X, y


def make_iris2():
    """sklearn iris, petal length & width (columns 2, 3), first 100 rows
    (setosa + versicolor), label +1 for versicolor (target 1) else -1, rows
    permuted with np.random.RandomState(7).permutation(100)."""
    iris = load_iris()
    X = np.asarray(iris.data[:100, 2:4], dtype=np.float64)
    y = np.where(iris.target[:100] == 1, 1, -1).astype(np.int64)
    perm = np.random.RandomState(7).permutation(100)
    return X[perm].copy(), y[perm].copy()


def make_noisy200():
    """200 points: rng = np.random.default_rng(11);
    noise = rng.normal(0.0, 0.8, size=(200, 2)); point k (0-based) is
    centre_k + noise[k], where even k -> centre (1, 1), label +1 and
    odd k -> centre (-1, -0.5), label -1 (alternating blobs)."""
    rng = np.random.default_rng(11)
    noise = rng.normal(0.0, 0.8, size=(200, 2))
    centres = np.array([[1.0, 1.0], [-1.0, -0.5]])
    k = np.arange(200)
    X = centres[k % 2] + noise
    y = np.where(k % 2 == 0, 1, -1).astype(np.int64)
    return X, y


def write_csv(path, X, y):
    with open(path, "w", newline="") as fh:
        fh.write("x1,x2,y\n")
        for (a, b), c in zip(X, y):
            fh.write("%s,%s,%d\n" % (repr(float(a)), repr(float(b)), int(c)))


def read_csv(path):
    with open(path) as fh:
        rows = list(csv.reader(fh))
    assert rows[0] == ["x1", "x2", "y"], rows[0]
    X = np.array([[float(r[0]), float(r[1])] for r in rows[1:]], dtype=np.float64)
    y = np.array([int(r[2]) for r in rows[1:]], dtype=np.int64)
    return X, y


def augment(X, bias):
    if bias:
        return np.hstack([np.ones((X.shape[0], 1)), X])
    return X.copy()


def separable(Xt, y):
    """True iff some w has y_i w.x_i >= 1 for all i (LP feasibility)."""
    A = -(y[:, None] * Xt)
    res = linprog(np.zeros(Xt.shape[1]), A_ub=A, b_ub=-np.ones(len(y)),
                  bounds=[(None, None)] * Xt.shape[1], method="highs")
    return res.status == 0


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

def seqdot(w, x):
    """Sequential left-to-right dot product (the order sklearn's WeightVector.dot
    and a plain Go loop use)."""
    s = 0.0
    for a, b in zip(w, x):
        s += float(a) * float(b)
    return s


def absdot(w, x):
    return sum(abs(float(a) * float(b)) for a, b in zip(w, x))


def vec_reldiff(a, b):
    """max_k |a_k - b_k| / max(max_k |a_k|, max_k |b_k|); 0 if both are 0."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    scale = max(np.max(np.abs(a)), np.max(np.abs(b)))
    d = np.max(np.abs(a - b))
    if scale == 0.0:
        return 0.0 if d == 0.0 else math.inf
    return float(d / scale)


def scal_reldiff(a, b, scale):
    """|a - b| / max(|a|, |b|, scale); scale is the natural magnitude (e.g.
    sum_k |w_k x_k| for a dot product, which bounds its rounding error)."""
    d = abs(a - b)
    s = max(abs(a), abs(b), scale)
    if s == 0.0:
        return 0.0 if d == 0.0 else math.inf
    return d / s


# ---------------------------------------------------------------------------
# direct implementations
# ---------------------------------------------------------------------------

def pa_direct_primal(Xt, y, C, max_passes):
    n, d = Xt.shape
    w = np.zeros(d)
    steps = []
    t = 0
    converged = False
    passes = 0
    for p in range(max_passes):
        passes += 1
        all_small = True
        for i in range(n):
            t += 1
            x = Xt[i]
            f = seqdot(w, x)
            fscale = absdot(w, x)
            loss = max(0.0, 1.0 - y[i] * f)
            K = seqdot(x, x)
            if loss == 0.0 or K <= 0.0:
                tau = 0.0
            else:
                tau = min(C, loss / K)
            if loss > PA_CONV_TOL:
                all_small = False
            upd = bool(tau > 0.0)
            if upd:
                w = w + (tau * y[i]) * x
            steps.append(dict(t=t, i=i, f=f, loss=loss, tau=tau, update=upd,
                              w=w.copy(), fscale=fscale))
        if all_small:
            converged = True
            break
    return steps, w, converged, passes


def pa_direct_dual(Xt, y, C, n_steps):
    n = Xt.shape[0]
    G = np.array([[seqdot(Xt[a], Xt[b]) for b in range(n)] for a in range(n)])
    alpha = np.zeros(n)
    out = []
    for s in range(n_steps):
        i = s % n
        f = 0.0
        for j in range(n):
            if alpha[j] != 0.0:
                f += alpha[j] * y[j] * G[j, i]
        loss = max(0.0, 1.0 - y[i] * f)
        K = G[i, i]
        tau = 0.0 if (loss == 0.0 or K <= 0.0) else min(C, loss / K)
        alpha[i] += tau
        out.append((f, loss, tau, tau > 0.0))
    return out, alpha


def pegasos_direct_primal(Xt, y, lam, passes):
    n, d = Xt.shape
    w = np.zeros(d)
    steps = []
    t = 0
    for p in range(passes):
        for i in range(n):
            t += 1
            x = Xt[i]
            f = seqdot(w, x)
            fscale = absdot(w, x)
            upd = y[i] * f < 1.0
            if upd:
                w = (1.0 - 1.0 / t) * w + (1.0 / (lam * t)) * y[i] * x
            else:
                w = (1.0 - 1.0 / t) * w
            steps.append(dict(t=t, i=i, f=f, update=bool(upd), w=w.copy(),
                              fscale=fscale))
    return steps, w


def pegasos_direct_dual(Xt, y, lam, passes):
    n = Xt.shape[0]
    G = np.array([[seqdot(Xt[a], Xt[b]) for b in range(n)] for a in range(n)])
    alpha = np.zeros(n, dtype=np.int64)
    out = []
    t = 0
    for p in range(passes):
        for i in range(n):
            t += 1
            if t == 1:
                f = 0.0
            else:
                s = 0.0
                for j in range(n):
                    if alpha[j] != 0:
                        s += float(alpha[j]) * y[j] * G[j, i]
                f = s / (lam * (t - 1))
            upd = y[i] * f < 1.0
            if upd:
                alpha[i] += 1
            out.append((f, bool(upd)))
    T = t
    w = np.zeros(Xt.shape[1])
    for j in range(n):
        w += float(alpha[j]) * y[j] * Xt[j]
    w = w / (lam * T)
    return out, alpha, w


# ---------------------------------------------------------------------------
# sklearn
# ---------------------------------------------------------------------------

CLASSES = np.array([-1, 1])


def pa_sklearn(C, max_iter):
    return PassiveAggressiveClassifier(
        C=C, loss="hinge", fit_intercept=False, shuffle=False, average=False,
        tol=None, max_iter=max_iter, early_stopping=False, n_iter_no_change=5,
        random_state=0, warm_start=False)


def pegasos_sklearn(lam, max_iter):
    return SGDClassifier(
        loss="hinge", penalty="l2", alpha=lam, learning_rate="invscaling",
        eta0=1.0 / lam, power_t=1.0, fit_intercept=False, shuffle=False,
        average=False, tol=None, max_iter=max_iter, early_stopping=False,
        random_state=0, warm_start=False)


def sk_stepwise(est, Xt, y, n_steps):
    """Feed one sample at a time with partial_fit; return per-step
    (p before the step as sklearn computes it, coef after the step)."""
    n = Xt.shape[0]
    res = []
    for s in range(n_steps):
        i = s % n
        w_before = est.coef_[0].copy() if hasattr(est, "coef_") else np.zeros(Xt.shape[1])
        p = seqdot(w_before, Xt[i])
        est.partial_fit(Xt[i:i + 1], y[i:i + 1], classes=CLASSES)
        assert est.intercept_[0] == 0.0
        res.append((p, w_before, est.coef_[0].copy()))
    return res


# ---------------------------------------------------------------------------
# cases
# ---------------------------------------------------------------------------

def run_pa(name, X, y, bias, C):
    Xt = augment(X, bias)
    n = Xt.shape[0]
    steps, w, converged, passes = pa_direct_primal(Xt, y, C, PA_MAX_PASSES)
    T = len(steps)
    tiny = []  # steps with 0 < loss <= PA_CONV_TOL (update that is ~rounding noise)
    rounding_steps = set()  # t where primal, dual or sklearn saw 0 < loss <= PA_CONV_TOL

    # dual
    dual, alpha = pa_direct_dual(Xt, y, C, T)
    for s, (st, (f, loss, tau, upd)) in enumerate(zip(steps, dual)):
        if upd != st["update"]:
            if max(st["loss"], loss) <= PA_CONV_TOL:
                note("%s PA C=%s bias=%s step %d: primal/dual update flags differ on a "
                     "rounding-level loss (%.3g vs %.3g)" % (name, C, bias, s + 1, st["loss"], loss))
            else:
                fail("PA primal/dual update decision differs at step %d" % (s + 1))
        track("pa f primal vs dual", scal_reldiff(st["f"], f, st["fscale"]))
        track("pa tau primal vs dual", scal_reldiff(st["tau"], tau, max(1.0, st["fscale"]) / seqdot(Xt[st["i"]], Xt[st["i"]])))
        if 0.0 < st["loss"] <= PA_CONV_TOL:
            tiny.append((st["t"], st["loss"]))
        if 0.0 < max(st["loss"], loss) <= PA_CONV_TOL:
            rounding_steps.add(st["t"])
    w_dual = (alpha * y) @ Xt
    track("pa final w primal vs dual", vec_reldiff(w, w_dual))

    # sklearn stepwise
    est = pa_sklearn(C, 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sk = sk_stepwise(est, Xt, y, T)
    sk_conv_pass = None
    for p_idx in range(passes):
        losses = [max(0.0, 1.0 - y[s % n] * sk[s][0]) for s in range(p_idx * n, (p_idx + 1) * n)]
        if all(l <= PA_CONV_TOL for l in losses):
            sk_conv_pass = p_idx + 1
            break
    if (sk_conv_pass is not None) != converged or (converged and sk_conv_pass != passes):
        fail("PA %s: sklearn converges at pass %s, direct: converged=%s after %d passes"
             % (name, sk_conv_pass, converged, passes))
    for st, (p, wb, wa) in zip(steps, sk):
        track("pa f sklearn(partial_fit) vs direct", scal_reldiff(st["f"], p, st["fscale"]))
        track("pa w sklearn(partial_fit) vs direct", vec_reldiff(st["w"], wa) if np.any(st["w"]) or np.any(wa) else 0.0)
        sk_loss = max(0.0, 1.0 - y[st["i"]] * p)
        sk_upd = sk_loss > 0.0
        if 0.0 < max(st["loss"], sk_loss) <= PA_CONV_TOL:
            rounding_steps.add(st["t"])
        if sk_upd != st["update"]:
            if max(sk_loss, st["loss"]) <= PA_CONV_TOL:
                note("%s PA C=%s bias=%s t=%d: sklearn/direct update flags differ on a "
                     "rounding-level loss (%.3g vs %.3g)" % (name, C, bias, st["t"], sk_loss, st["loss"]))
            else:
                fail("PA sklearn/direct update decision differs at t=%d" % st["t"])
        # y p exactly on sklearn's threshold? (loss then 0 in both conventions)
    # sklearn batch fit
    est2 = pa_sklearn(C, passes)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        est2.fit(Xt, y)
    assert est2.n_iter_ == passes, (est2.n_iter_, passes)
    track("pa final w sklearn(fit) vs direct", vec_reldiff(w, est2.coef_[0]))

    if tiny:
        note("%s PA C=%s bias=%s: %d step(s) with 0 < loss <= %.0e (tau>0 but ~rounding): %s"
             % (name, C, bias, len(tiny), PA_CONV_TOL, ", ".join("t=%d loss=%.3g" % tl for tl in tiny[:8])
                + (" ..." if len(tiny) > 8 else "")))

    return dict(steps=steps, w=w, alpha=alpha, T=T, converged=converged,
                passes_run=passes, tiny=tiny, rounding_steps=sorted(rounding_steps))


def run_pegasos(name, X, y, bias, lam, passes):
    Xt = augment(X, bias)
    n = Xt.shape[0]
    steps, w = pegasos_direct_primal(Xt, y, lam, passes)
    T = len(steps)
    min_gap = math.inf
    for st in steps:
        if st["t"] > 1:
            gap = abs(y[st["i"]] * st["f"] - 1.0)
            min_gap = min(min_gap, gap)
            if y[st["i"]] * st["f"] == 1.0:
                fail("Pegasos %s: exact tie y f == 1 at t=%d (sklearn would update, Pegasos not)"
                     % (name, st["t"]))
    if min_gap < TIE_TOL:
        note("Pegasos %s lam=%s bias=%s: near tie, min |y f - 1| = %.3g" % (name, lam, bias, min_gap))

    dual, alpha, w_dual = pegasos_direct_dual(Xt, y, lam, passes)
    for st, (f, upd) in zip(steps, dual):
        if upd != st["update"]:
            fail("Pegasos primal/dual update decision differs at t=%d" % st["t"])
        track("pegasos f primal vs dual", scal_reldiff(st["f"], f, st["fscale"]))
    track("pegasos final w primal vs dual", vec_reldiff(w, w_dual))

    est = pegasos_sklearn(lam, 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sk = sk_stepwise(est, Xt, y, T)
    for st, (p, wb, wa) in zip(steps, sk):
        track("pegasos f sklearn(partial_fit) vs direct", scal_reldiff(st["f"], p, st["fscale"]))
        track("pegasos w sklearn(partial_fit) vs direct", vec_reldiff(st["w"], wa))
        # sklearn's decision: hinge active iff y p <= 1; infer it from the coef change
        t = st["t"]
        shrunk = max(0.0, 1.0 - (1.0 / lam) / t * lam) * wb
        step = np.linalg.norm(Xt[st["i"]]) / (lam * t)
        sk_upd = np.linalg.norm(wa - shrunk) > 0.5 * step
        sk_rule = y[st["i"]] * p <= 1.0
        if sk_upd != sk_rule:
            fail("could not infer sklearn's update decision at t=%d" % t)
        if sk_upd != st["update"]:
            fail("Pegasos sklearn/direct update decision differs at t=%d (y f = %r)"
                 % (t, y[st["i"]] * st["f"]))
    est2 = pegasos_sklearn(lam, passes)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        est2.fit(Xt, y)
    assert est2.n_iter_ == passes and est2.t_ == T + 1, (est2.n_iter_, est2.t_)
    track("pegasos final w sklearn(fit) vs direct", vec_reldiff(w, est2.coef_[0]))
    return dict(steps=steps, w=w, alpha=alpha, T=T, min_gap=min_gap)


def intercept_side_check(X, y):
    """Informational only: sklearn's own fit_intercept=True is NOT the
    augmented-bias formulation (PA's tau uses ||x||^2 without the +1 of the
    bias feature; SGD's intercept is never shrunk by the L2 factor)."""
    Xt = augment(X, True)
    steps, _, _, _ = pa_direct_primal(Xt, y, 1.0, 2)  # hand6 needs all 2 passes
    w_pa = steps[-1]["w"]
    e = PassiveAggressiveClassifier(C=1.0, fit_intercept=True, shuffle=False, tol=None, max_iter=2)
    e.fit(X, y)
    d_pa = vec_reldiff(w_pa, np.r_[e.intercept_, e.coef_[0]])
    st, w_pg = pegasos_direct_primal(Xt, y, 0.1, 2)
    e = SGDClassifier(loss="hinge", penalty="l2", alpha=0.1, learning_rate="invscaling",
                      eta0=10.0, power_t=1.0, fit_intercept=True, shuffle=False, tol=None, max_iter=2)
    e.fit(X, y)
    d_pg = vec_reldiff(w_pg, np.r_[e.intercept_, e.coef_[0]])
    note("sklearn fit_intercept=True vs augmented bias (hand6, 2 passes): "
         "PA C=1 rel diff %.3g, Pegasos lam=0.1 rel diff %.3g -> not equivalent; "
         "the reference uses fit_intercept=False on (1,x1,x2)" % (d_pa, d_pg))


# ---------------------------------------------------------------------------

def w_list(w):
    return [float(v) for v in w]


def main():
    print("python %s, numpy %s, scipy %s, scikit-learn %s"
          % (sys.version.split()[0], np.__version__, scipy.__version__, sklearn.__version__))
    datasets = [("hand6.csv", make_hand6()), ("iris2.csv", make_iris2()),
                ("noisy200.csv", make_noisy200())]
    data = {}
    for fname, (X, y) in datasets:
        path = os.path.join(HERE, fname)
        write_csv(path, X, y)
        X2, y2 = read_csv(path)
        if not (np.array_equal(X, X2) and np.array_equal(y, y2)):
            fail("CSV round trip of %s is not exact" % fname)
        sep_b = separable(augment(X2, True), y2)
        sep_nb = separable(augment(X2, False), y2)
        print("%s: n=%d, +1:%d -1:%d, separable with bias: %s, through origin: %s"
              % (fname, len(y2), np.sum(y2 == 1), np.sum(y2 == -1), sep_b, sep_nb))
        data[fname] = (X2, y2)
    if separable(augment(*data["hand6.csv"][:1], False), data["hand6.csv"][1]):
        fail("hand6 must not be separable through the origin")

    cases = []
    for fname, (X, y) in data.items():
        reduced = False  # every step carries its w (file stays well under 3 MB)
        for C, bias in [(1.0, True), (0.1, False), (math.inf, True)]:
            r = run_pa(fname, X, y, bias, C)
            steps = []
            for st in r["steps"]:
                d = dict(t=st["t"], i=st["i"] + 1, f=st["f"], loss=st["loss"],
                         tau=st["tau"], update=st["update"])
                if not reduced or st["t"] % 10 == 0 or st["t"] == r["T"]:
                    d["w"] = w_list(st["w"])
                steps.append(d)
            cases.append({
                "learner": "pa", "data": fname, "bias": bias,
                "C": "inf" if math.isinf(C) else C, "passes": PA_MAX_PASSES,
                "rounding_level_steps": r["rounding_steps"],
                "steps": steps,
                "final": {"w": w_list(r["w"]), "alpha": [float(a) for a in r["alpha"]],
                          "steps": r["T"], "converged": r["converged"],
                          "updates": sum(1 for st in r["steps"] if st["update"]),
                          "passes_run": r["passes_run"]},
            })
            print("pa      %-12s C=%-4s bias=%-5s passes_run=%2d steps=%4d updates=%4d converged=%s tiny-loss steps=%d"
                  % (fname, C, bias, r["passes_run"], r["T"], cases[-1]["final"]["updates"],
                     r["converged"], len(r["tiny"])))
        for lam, bias, passes in [(0.1, True, 3), (1.0, False, 2)]:
            r = run_pegasos(fname, X, y, bias, lam, passes)
            steps = []
            for st in r["steps"]:
                d = dict(t=st["t"], i=st["i"] + 1, f=st["f"], update=st["update"])
                if not reduced or st["t"] % 10 == 0 or st["t"] == r["T"]:
                    d["w"] = w_list(st["w"])
                steps.append(d)
            cases.append({
                "learner": "pegasos", "data": fname, "bias": bias, "lambda": lam,
                "passes": passes, "steps": steps,
                "final": {"w": w_list(r["w"]), "alpha": [int(a) for a in r["alpha"]],
                          "steps": r["T"], "converged": False,
                          "updates": sum(1 for st in r["steps"] if st["update"])},
            })
            print("pegasos %-12s lam=%-4s bias=%-5s passes=%d steps=%4d updates=%4d min|yf-1|=%.3g"
                  % (fname, lam, bias, passes, r["T"], cases[-1]["final"]["updates"], r["min_gap"]))

    intercept_side_check(*data["hand6.csv"])

    out = os.path.join(HERE, "pa_pegasos_reference.json")
    with open(out, "w") as fh:
        json.dump(cases, fh, indent=None, separators=(",", ":"), allow_nan=False)
        fh.write("\n")
    # round-trip check of the JSON floats
    with open(out) as fh:
        back = json.load(fh)
    assert back == json.loads(json.dumps(cases)), "JSON round trip"
    print("wrote %s (%d bytes, %d cases)" % (out, os.path.getsize(out), len(cases)))
    print("max relative differences (tolerance %.0e):" % REL_TOL)
    for k in sorted(STATS):
        print("  %-45s %.3e" % (k, STATS[k]))
    print("OK: sklearn and the direct implementations agree")


if __name__ == "__main__":
    main()
