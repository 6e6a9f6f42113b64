"""Reference solutions of the soft-margin SVM dual for kernelscope's SMO tests.

    /usr/bin/python3 docs/bench/svm_reference.py            # writes learn/testdata/svm_reference.json
    /usr/bin/python3 docs/bench/svm_reference.py --verify-export   # also checks the
        # hard-coded worked3/worked4 points against `go run . export`

Needs numpy, scipy and scikit-learn (Debian: apt-get install python3-numpy
python3-scipy python3-sklearn; run them with /usr/bin/python3).

The dual, as kernelscope defines it:

    maximise D(α) = Σαᵢ − ½ ΣᵢΣⱼ αᵢαⱼ yᵢyⱼ K(xᵢ,xⱼ)
    subject to Σαᵢyᵢ = 0, 0 ≤ αᵢ ≤ C            (C = inf: hard margin)
    f(x) = Σⱼ αⱼyⱼ K(xⱼ,x) + b,  b = −ρ as LIBSVM computes it.

Kernels: linear x·z, poly (x·z + c)^d, rbf exp(−‖x−z‖²/(2σ²)). With bias,
every point is first augmented to x̃ = (1, x1, x2).

Each problem is solved by LIBSVM (scikit-learn's SVC on a Gram matrix that
this script computes, tol 1e-10, no shrinking) and cross-checked by an
independent solver (scipy's SLSQP on the dual, trust-constr as a fallback).
The script stops with an error if they disagree, if a hard-margin problem
puts any α at the large C used in its place, or if LIBSVM's own decision
values differ from f computed here from α and b.

Extra fields besides the ones the Go tests need:
  alpha_unique  false when the optimal α is not unique (duplicate points,
                the XOR corners of worked4); then only the objective,
                the decision values and b are checked, not α itself.
                Decided by linear programming over the optimal face.
  alpha_range   for each point, [min, max] of αᵢ over all optimal α.
  duplicates    groups of identical points (1-based); only the sum of α over
                a group is determined, not how it is split.
  b_range       [lo, hi]: the b values allowed by the KKT conditions with
                this α. With a free α it is a point (up to rounding); with
                none it is an interval and LIBSVM returns its midpoint.
  C_used        the finite C passed to LIBSVM for a hard-margin problem.
  kkt_max_violation  max over i of the KKT violation at (α, b).
"""
import argparse
import json
import math
import os
import subprocess
import sys

import numpy as np
import scipy
import scipy.optimize as so
import sklearn
from sklearn.svm import SVC

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "learn", "testdata", "svm_reference.json")

HARD_C = 1e8          # C handed to LIBSVM for C = inf
LIBSVM_TOL = 1e-10
AGREE_RTOL = 1e-6     # objective agreement between the two solvers


# ---------------------------------------------------------------- kernels

def augment(X, bias):
    X = np.asarray(X, dtype=float)
    if bias:
        return np.hstack([np.ones((len(X), 1)), X])
    return X


def gram(X, Z, kernel, bias):
    """K[i, j] = K(x̃ᵢ, z̃ⱼ) for kernel = ("linear",) | ("poly", d, c) | ("rbf", sigma)."""
    A, B = augment(X, bias), augment(Z, bias)
    if kernel[0] == "linear":
        return A @ B.T
    if kernel[0] == "poly":
        _, d, c = kernel
        return (A @ B.T + c) ** d
    if kernel[0] == "rbf":
        _, sigma = kernel
        d2 = ((A[:, None, :] - B[None, :, :]) ** 2).sum(-1)
        return np.exp(-d2 / (2 * sigma * sigma))
    raise ValueError(kernel)


def fmt_num(v):
    # Shortest repr that reads back as v; integers without ".0" (as in Go's
    # strconv.FormatFloat(v, 'g', -1, 64) for these values).
    return repr(int(v)) if float(v).is_integer() else repr(float(v))


def spec(kernel):
    if kernel[0] == "linear":
        return "linear"
    if kernel[0] == "poly":
        return "poly(d=%d,c=%s)" % (kernel[1], fmt_num(kernel[2]))
    return "rbf(sigma=%s)" % fmt_num(kernel[1])


def dual_objective(alpha, Q):
    return float(alpha.sum() - 0.5 * alpha @ Q @ alpha)


# ---------------------------------------------------------------- problems

def problems():
    P = []
    # Seed 004: D = {((2,−1),1), ((2,1),1), ((1,3),−1)}, linear with bias
    # (= kernelscope export --dataset worked3).
    seed004 = [[2, -1, 1], [2, 1, 1], [1, 3, -1]]
    P.append(("seed004", seed004, ("linear",), True, math.inf))

    # worked4 (kernelscope export --dataset worked4), preset poly(d=2,c=0),
    # bias off. Its α is not unique: only α1+α3 and α2+α4 are determined.
    worked4 = [[1, 1, 1], [-1, 1, -1], [-1, -1, 1], [1, -1, -1]]
    P.append(("worked4_hard", worked4, ("poly", 2, 0.0), False, math.inf))
    P.append(("worked4_C0.5", worked4, ("poly", 2, 0.0), False, 0.5))
    # C below the hard-margin α: every α at C, no free α, b an interval.
    P.append(("worked4_C0.1", worked4, ("poly", 2, 0.0), False, 0.1))

    # XOR-like, 8 points, y = sign(x1·x2).
    xor8 = [[1, 1], [-1, -1], [1, -1], [-1, 1],
            [0.5, 0.4], [-0.4, -0.6], [0.6, -0.5], [-0.5, 0.3]]
    xor8 = [[a, b, 1 if a * b > 0 else -1] for a, b in xor8]
    P.append(("xor8_poly2_C10", xor8, ("poly", 2, 1.0), False, 10.0))

    rng = np.random.default_rng(20240611)

    def rounded(X, y):
        # 6 decimals so that the points are written out exactly as used.
        X = np.round(X, 6)
        return [[float(a), float(b), int(c)] for (a, b), c in zip(X, y)]

    # rbf σ=0.7, C=1: a disc (+1) inside a square (−1), 4 labels flipped.
    X = rng.uniform(-1.5, 1.5, size=(30, 2))
    y = np.where((X ** 2).sum(1) < 1.0, 1, -1)
    y[rng.choice(30, 4, replace=False)] *= -1
    P.append(("rand30_rbf0.7_C1", rounded(X, y), ("rbf", 0.7), False, 1.0))

    # rbf σ=0.3, C=100: XOR quadrants with noise; many free α.
    X = rng.uniform(-1, 1, size=(30, 2))
    y = np.where(X[:, 0] * X[:, 1] + 0.1 * rng.normal(size=30) > 0, 1, -1)
    P.append(("rand30_rbf0.3_C100", rounded(X, y), ("rbf", 0.3), False, 100.0))

    # linear with bias, C=0.1: two overlapping Gaussian blobs, many α at C.
    y = np.repeat([1, -1], 15)
    X = rng.normal(size=(30, 2)) * 0.8 + np.where(y[:, None] > 0, [0.4, 0.2], [-0.4, -0.2])
    P.append(("rand30_linear_bias_C0.1", rounded(X, y), ("linear",), True, 0.1))

    # poly d=3 c=1, C=1: a cubic boundary x2 = x1³ − x1/2 with noise.
    X = rng.uniform(-1.2, 1.2, size=(30, 2))
    y = np.where(X[:, 1] - (X[:, 0] ** 3 - 0.5 * X[:, 0]) + 0.15 * rng.normal(size=30) > 0, 1, -1)
    P.append(("rand30_poly3_C1", rounded(X, y), ("poly", 3, 1.0), False, 1.0))

    # Duplicates: 12 points split by x1 + x2 = 0.3, then the two points nearest
    # the line duplicated (same label), and one of them a third time.
    X = rng.uniform(-1, 1, size=(12, 2))
    s = X[:, 0] + X[:, 1] - 0.3
    y = np.where(s > 0, 1, -1)
    near_pos = np.argmin(np.where(y > 0, s, np.inf))
    near_neg = np.argmax(np.where(y < 0, s, -np.inf))
    idx = list(range(12)) + [near_pos, near_neg, near_pos]
    P.append(("dup_linear_bias_C1", rounded(X[idx], y[idx]), ("linear",), True, 1.0))
    return P


# ---------------------------------------------------------------- solvers

def solve_libsvm(K, y, C):
    n = len(y)
    Cl = HARD_C if math.isinf(C) else C
    m = SVC(kernel="precomputed", C=Cl, tol=LIBSVM_TOL, shrinking=False, cache_size=200)
    m.fit(K, y)
    alpha = np.zeros(n)
    alpha[m.support_] = np.abs(m.dual_coef_[0])
    # Sign convention check: dual_coef_ = yᵢαᵢ, classes_ = [−1, 1].
    assert list(m.classes_) == [-1, 1]
    assert np.allclose(m.dual_coef_[0], y[m.support_] * alpha[m.support_], rtol=0, atol=0)
    b = float(m.intercept_[0])
    dec_libsvm = m.decision_function(K)
    return alpha, b, dec_libsvm, Cl, m


def solve_slsqp(Q, y, C, x0=None):
    n = len(y)
    ub = None if math.isinf(C) else C
    fun = lambda a: 0.5 * a @ Q @ a - a.sum()
    jac = lambda a: Q @ a - 1.0
    cons = [{"type": "eq", "fun": lambda a: a @ y, "jac": lambda a: y.astype(float)}]
    if x0 is None:
        x0 = np.zeros(n)
    r = so.minimize(fun, x0, jac=jac, method="SLSQP", bounds=[(0.0, ub)] * n,
                    constraints=cons, options={"ftol": 1e-15, "maxiter": 5000})
    a = np.clip(r.x, 0, ub if ub is not None else np.inf)
    return a, r


def solve_trust_constr(Q, y, C):
    n = len(y)
    ub = np.inf if math.isinf(C) else C
    r = so.minimize(lambda a: 0.5 * a @ Q @ a - a.sum(), np.full(n, 1e-3),
                    jac=lambda a: Q @ a - 1.0, hess=lambda a: Q, method="trust-constr",
                    bounds=so.Bounds(np.zeros(n), np.full(n, ub)),
                    constraints=[so.LinearConstraint(y[None, :].astype(float), 0, 0)],
                    options={"gtol": 1e-13, "xtol": 1e-15, "maxiter": 20000})
    return np.clip(r.x, 0, ub), r


def polish(Q, y, C, alpha, at_bound):
    """LIBSVM keeps the kernel matrix in single precision (typedef float Qfloat
    in svm.cpp), so its α and b are only good to about 1e-7 however small tol
    is. Keep its active set (α = 0, 0 < α < C, α = C) and solve the KKT
    equations of the free α and b in float64:

        Q_FF α_F + y_F b = 1 − Q_FB α_B,   y_Fᵀ α_F = −y_Bᵀ α_B

    taking the least-norm correction to LIBSVM's α (the system is singular
    when α is not unique). Returns (α, b) or None when there is no free α."""
    free = (alpha > 0) & ~at_bound
    if not free.any():
        return None
    F = np.flatnonzero(free)
    Bd = np.flatnonzero(at_bound)
    m = len(F)
    A = np.zeros((m + 1, m + 1))
    A[:m, :m] = Q[np.ix_(F, F)]
    A[:m, m] = y[F]
    A[m, :m] = y[F]
    rhs = np.empty(m + 1)
    rhs[:m] = 1 - Q[np.ix_(F, Bd)] @ alpha[Bd]
    rhs[m] = -(y[Bd] @ alpha[Bd])
    x0 = np.append(alpha[F], 0.0)
    # b enters only through the system; start its correction from the
    # least-squares b for LIBSVM's α.
    r0 = rhs - A @ x0
    x0[m] = np.mean(y[F] * r0[:m])
    for _ in range(3):                   # iterative refinement
        d, *_ = np.linalg.lstsq(A, rhs - A @ x0, rcond=1e-13)
        x0 = x0 + d
    a = alpha.copy()
    a[F] = x0[:m]
    return a, float(x0[m])


def alpha_range(Q, y, C, alpha):
    """[min, max] of each αᵢ over the optimal set {α feasible : Qα = Qα*, 1ᵀα = 1ᵀα*}
    (for a convex QP every optimal α has the same Qα and the same objective)."""
    n = len(y)
    w, V = np.linalg.eigh(Q)
    keep = w > 1e-10 * max(1.0, w.max())
    U = V[:, keep]                       # range of Q
    A_eq = np.vstack([U.T, y[None, :], np.ones((1, n))])
    b_eq = A_eq @ alpha
    ub = None if math.isinf(C) else C
    lo, hi = np.empty(n), np.empty(n)
    for i in range(n):
        c = np.zeros(n)
        c[i] = 1
        r1 = so.linprog(c, A_eq=A_eq, b_eq=b_eq, bounds=[(0, ub)] * n, method="highs")
        r2 = so.linprog(-c, A_eq=A_eq, b_eq=b_eq, bounds=[(0, ub)] * n, method="highs")
        if r1.status != 0 or r2.status != 0:
            raise RuntimeError("linprog failed: %s / %s" % (r1.message, r2.message))
        lo[i], hi[i] = r1.fun, -r2.fun
    return lo, hi


def b_interval(K, y, alpha, C, at_bound, free):
    g = y * (K @ (alpha * y))            # y·f without b
    if free.any():
        bs = y[free] * (1 - g[free])
        return float(bs.min()), float(bs.max())
    lo, hi = -np.inf, np.inf
    for i in range(len(y)):
        r = 1 - g[i]
        if alpha[i] == 0:                # y·f ≥ 1  ⇔  yᵢ b ≥ 1 − gᵢ
            if y[i] > 0:
                lo = max(lo, r)
            else:
                hi = min(hi, -r)
        elif at_bound[i]:                # y·f ≤ 1  ⇔  yᵢ b ≤ 1 − gᵢ
            if y[i] > 0:
                hi = min(hi, r)
            else:
                lo = max(lo, -r)
    return float(lo), float(hi)


def kkt_violation(yf, alpha, C, at_bound):
    v = np.zeros(len(yf))
    zero = alpha == 0
    free = (alpha > 0) & ~at_bound
    v[zero] = np.maximum(0, 1 - yf[zero])
    v[free] = np.abs(yf[free] - 1)
    v[at_bound] = np.maximum(0, yf[at_bound] - 1)
    return float(v.max())


# ---------------------------------------------------------------- main

def nozero(v):
    """−0.0 → 0.0 everywhere (the sign of a zero means nothing here)."""
    if isinstance(v, float):
        return v + 0.0
    if isinstance(v, list):
        return [nozero(x) for x in v]
    if isinstance(v, dict):
        return {k: nozero(x) for k, x in v.items()}
    return v


def verify_export():
    want = {"worked3": [[2, -1, 1], [2, 1, 1], [1, 3, -1]],
            "worked4": [[1, 1, 1], [-1, 1, -1], [-1, -1, 1], [1, -1, -1]]}
    for name, pts in want.items():
        out = subprocess.run(["go", "run", ".", "export", "--dataset", name], cwd=ROOT,
                             check=True, capture_output=True, text=True).stdout
        rows = [[float(v) for v in line.split(",")] for line in out.strip().splitlines()[1:]]
        if rows != [[float(v) for v in p] for p in pts]:
            sys.exit("export --dataset %s gives %s, expected %s" % (name, rows, pts))
        print("export --dataset %s: matches" % name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--verify-export", action="store_true")
    args = ap.parse_args()
    if args.verify_export:
        verify_export()

    out = []
    worst = 0.0
    for name, pts, kernel, bias, C in problems():
        P = np.array(pts, dtype=float)
        X, y = P[:, :2], P[:, 2].astype(int)
        n = len(y)
        assert n <= 40 and set(y) == {-1, 1}
        K = gram(X, X, kernel, bias)
        Q = (y[:, None] * y[None, :]) * K

        alpha, b, dec_libsvm, Cl, model = solve_libsvm(K, y, C)
        if math.isinf(C):
            # Hard margin: no α may come anywhere near the stand-in C.
            if alpha.max() >= 1e-4 * Cl:
                sys.exit("%s: hard margin but max α = %g with C = %g (not separable?)"
                         % (name, alpha.max(), Cl))
            at_bound = np.zeros(n, dtype=bool)
        else:
            at_bound = alpha >= C * (1 - 1e-12)
        free = (alpha > 0) & ~at_bound
        dec = K @ (alpha * y) + b
        if np.max(np.abs(dec - dec_libsvm)) > 1e-9 * max(1.0, np.abs(dec).max()):
            sys.exit("%s: f from α, b differs from LIBSVM's decision_function by %g"
                     % (name, np.max(np.abs(dec - dec_libsvm))))
        kkt_raw = kkt_violation(y * dec, alpha, C, at_bound)
        D_raw = dual_objective(alpha, Q)

        # Polish LIBSVM's solution in float64 on its own active set; keep it
        # only if it stays strictly inside the box, satisfies the KKT
        # conditions to 1e-11 and better than LIBSVM's own α (LIBSVM's α is
        # kept where it is already exact, as in seed004), and does not lower
        # the objective.
        alpha_raw, b_raw = alpha, b
        polished = False
        pol = polish(Q, y, C, alpha, at_bound)
        if pol is not None:
            a_p, b_p = pol
            Fm = free
            ok = np.all(a_p[Fm] > 0) and (math.isinf(C) or np.all(a_p[Fm] < C))
            dec_p = K @ (a_p * y) + b_p
            kkt_p = kkt_violation(y * dec_p, a_p, C, at_bound)
            if ok and kkt_p <= 1e-11 and kkt_p < kkt_raw and abs(a_p @ y) <= 1e-13 * max(1, a_p.sum()) \
                    and dual_objective(a_p, Q) >= D_raw - 1e-12 * max(1, abs(D_raw)):
                alpha, b, dec, polished = a_p, b_p, dec_p, True
            elif kkt_raw > 1e-11:
                print("%s: polish rejected (inside box %s, kkt %.3g vs %.3g)" % (name, ok, kkt_p, kkt_raw),
                      file=sys.stderr)
        b = b + 0.0                      # no −0
        D = dual_objective(alpha, Q)
        kkt = kkt_violation(y * dec, alpha, C, at_bound)

        # Second, independent solver.
        a2, r = solve_slsqp(Q, y, C)
        D2 = dual_objective(a2, Q)
        solver = "SLSQP"
        rel = abs(D - D2) / max(1.0, abs(D))
        if rel > AGREE_RTOL or abs(a2 @ y) > 1e-8:
            a3, r3 = solve_trust_constr(Q, y, C)
            D3 = dual_objective(a3, Q)
            rel3 = abs(D - D3) / max(1.0, abs(D))
            print("%s: SLSQP objective %r (rel diff %.3g, Σαy %.3g, %s); trust-constr %r (rel diff %.3g)"
                  % (name, D2, rel, a2 @ y, r.message, D3, rel3), file=sys.stderr)
            if rel3 < rel:
                a2, D2, rel, solver = a3, D3, rel3, "trust-constr"
        if rel > AGREE_RTOL:
            sys.exit("%s: LIBSVM objective %r and %s objective %r disagree (rel %.3g)"
                     % (name, D, solver, D2, rel))
        worst = max(worst, rel)

        lo, hi = alpha_range(Q, y, C, alpha)
        # LP tolerances: snap bounds within 1e-9 of α onto α, keep lo ≤ α ≤ hi.
        scale = max(1.0, alpha.max())
        lo = np.where(np.abs(lo - alpha) <= 1e-9 * scale, alpha, np.minimum(lo, alpha))
        hi = np.where(np.abs(hi - alpha) <= 1e-9 * scale, alpha, np.maximum(hi, alpha))
        lo = np.maximum(lo, 0.0)
        if not math.isinf(C):
            hi = np.minimum(hi, C)
        groups = {}
        for i, p in enumerate(P):
            groups.setdefault(tuple(p), []).append(i + 1)
        dups = [g for g in groups.values() if len(g) > 1]
        unique = bool(np.all(hi - lo <= 1e-7 * max(1.0, alpha.max())))
        blo, bhi = b_interval(K, y, alpha, C, at_bound, free)
        if not (blo - 1e-8 <= b <= bhi + 1e-8):
            sys.exit("%s: LIBSVM b = %r outside the KKT interval [%r, %r]" % (name, b, blo, bhi))

        sv = [int(i) + 1 for i in np.flatnonzero(alpha > 0)]
        ab = [int(i) + 1 for i in np.flatnonzero(at_bound)]
        rec = {
            "name": name,
            "kernel": spec(kernel),
            "bias": bias,
            "C": "inf" if math.isinf(C) else float(C),
            "points": [[float(p[0]), float(p[1]), int(p[2])] for p in P],
            "alpha": [float(a) for a in alpha],
            "b": b,
            "objective": D,
            "decision": [float(v) + 0.0 for v in dec],
            "support_vectors": sv,
            "at_bound": ab,
            "free": bool(free.any()),
            "objective_check": {"solver": solver, "objective": D2, "rel_diff": rel},
            "alpha_unique": unique,
            "alpha_range": [[float(a), float(c)] for a, c in zip(lo, hi)],
            "duplicates": dups,
            "b_range": [blo, bhi],
            "kkt_max_violation": kkt,
            "polished": polished,
            "libsvm_raw": {"objective": D_raw, "b": b_raw + 0.0,
                           "alpha_max_abs_diff": float(np.abs(alpha - alpha_raw).max()),
                           "kkt_max_violation": kkt_raw},
            "libsvm_iterations": int(model.n_iter_[0]) if hasattr(model, "n_iter_") else None,
        }
        if math.isinf(C):
            rec["C_used"] = Cl
        out.append(rec)
        print("%-24s n=%2d D=%-19r b=%-21r SV=%2d bd=%2d free=%-5s uniq=%-5s %s rel=%.1g kkt=%.0e raw: dα=%.0e kkt=%.0e"
              % (name, n, D, b, len(sv), len(ab), rec["free"], unique, solver, rel, kkt,
                 rec["libsvm_raw"]["alpha_max_abs_diff"], kkt_raw))

    how = ("Generated by docs/bench/svm_reference.py with scikit-learn %s (LIBSVM; SVC with "
           "kernel='precomputed' on a Gram matrix computed in numpy %s from the project's kernel "
           "definitions, tol=1e-10, shrinking=False; hard margin (C \"inf\") solved with C=%g and "
           "checked that no α comes near it). alpha is |dual_coef_| scattered to all n points and b "
           "is intercept_ (= −ρ), except that where polished is true they were refined in float64 on "
           "LIBSVM's own active set (same support vectors, same α at C; the free α and b solve the "
           "KKT equations), because LIBSVM keeps the kernel matrix in single precision and its α "
           "is good only to about 1e-7 (libsvm_raw records its unrefined objective, b and the "
           "change in α). objective is D(α) = Σα − ½αᵀQα recomputed from alpha, decision is "
           "f(xᵢ) = Σⱼ αⱼyⱼK(xⱼ,xᵢ) + b (checked against LIBSVM's decision_function). Every "
           "objective is cross-checked by scipy %s SLSQP on the same dual (trust-constr if SLSQP "
           "falls short); objective_check holds that solver's objective and the relative "
           "difference (all ≤ %.1g here). support_vectors and at_bound are 1-based. b is unique "
           "only when free is true; otherwise any b in b_range is optimal (LIBSVM takes the "
           "midpoint). alpha_unique is false where α itself is not unique (only its objective, "
           "decision values and b are then determined); alpha_range bounds each αᵢ over all "
           "optimal α (by linear programming)." % (sklearn.__version__, np.__version__, HARD_C,
                                                     scipy.__version__, max(worst, 1e-16)))
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    out = nozero(out)
    with open(args.out, "w") as f:
        json.dump({"how": how, "problems": out}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("wrote %s (%d problems, worst objective rel diff %.2g)" % (args.out, len(out), worst))


if __name__ == "__main__":
    main()
