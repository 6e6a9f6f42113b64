"""Independent check of a kernelscope SVM solution.

    kernelscope svm --data d.csv --kernel 'rbf(sigma=0.5)' --C 1 --format json \\
        | /usr/bin/python3 docs/bench/svm_check.py d.csv 'rbf(sigma=0.5)' 1
    ... | svm_check.py DATA.csv KERNEL_SPEC C [--bias] [--eps 1e-3] [...]

Reads the JSON object printed by `kernelscope svm --format json`

    {"done":true, "converged":true, "iterations":k, "objective":D, "b":b,
     "alpha":[...], "support_vectors":[1-based], "at_bound":[1-based],
     "margin":2/‖w‖, "accuracy":...}

from stdin (if stdin holds several JSON objects, one per line, the last one
with "done" is used), recomputes everything it can with numpy from the data
and the printed α and b, and compares with scikit-learn's SVC (LIBSVM) on the
same Gram matrix. Definitions (kernelscope's):

    K: linear x·z, poly(d=…,c=…) (x·z + c)^d, rbf(sigma=…) exp(−‖x−z‖²/(2σ²));
       --bias augments every point to (1, x1, x2) first.
    D(α) = Σαᵢ − ½ΣᵢΣⱼ αᵢαⱼyᵢyⱼK(xᵢ,xⱼ),  Σαᵢyᵢ = 0,  0 ≤ αᵢ ≤ C (C = inf: hard margin)
    f(x) = Σⱼ αⱼyⱼK(xⱼ,x) + b
    KKT, with ε = --eps:  α=0 ⇒ y·f ≥ 1−ε;  0<α<C ⇒ |y·f−1| ≤ ε;  α=C ⇒ y·f ≤ 1+ε

Checks that fail (exit status 1): done/converged false; α outside [0, C];
|Σαy| too large; the printed objective, margin, accuracy, support vectors or
at_bound inconsistent with α and b; a KKT violation above ε; the objective
further than --obj-rtol (relative) from LIBSVM's; decision values further
than --dec-tol from LIBSVM's (only when both solutions have a free α, since
b is not unique otherwise). Differences in the support-vector sets are
reported but fail only with --strict-sv. Usage errors exit with 2.

CSV rows are x1,x2,y (labels −1/+1 or 0/1) with an optional header line.
Needs numpy and scikit-learn (Debian: /usr/bin/python3).
"""
import argparse
import csv
import json
import math
import re
import sys
import warnings

import numpy as np

HARD_C = 1e8


def usage(msg):
    print("svm_check: " + msg, file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------- input

def parse_kernel(spec):
    s = spec.replace(" ", "").lower()
    m = re.fullmatch(r"(linear|poly|rbf)(?:\((.*)\))?", s)
    if not m:
        usage("kernel %r: only linear, poly(d=…,c=…) and rbf(sigma=…) are understood" % spec)
    name, args = m.group(1), m.group(2)
    params = {}
    if args:
        for part in args.split(","):
            if "=" not in part:
                usage("kernel %r: parameter %r is not name=value" % (spec, part))
            k, v = part.split("=", 1)
            try:
                params[k] = float(v)
            except ValueError:
                usage("kernel %r: %r is not a number" % (spec, v))
    allowed = {"linear": set(), "poly": {"d", "c"}, "rbf": {"sigma"}}[name]
    if set(params) - allowed:
        usage("kernel %r: unknown parameter(s) %s" % (spec, ", ".join(sorted(set(params) - allowed))))
    if name == "linear":
        return ("linear",)
    if name == "poly":
        d = params.get("d", 2.0)
        if d != int(d) or d < 1:
            usage("kernel %r: d must be a positive integer" % spec)
        return ("poly", int(d), params.get("c", 1.0))
    sigma = params.get("sigma", 1.0)
    if not sigma > 0:
        usage("kernel %r: sigma must be > 0" % spec)
    return ("rbf", sigma)


def read_csv(path):
    rows = []
    with open(path, newline="") as f:
        for k, rec in enumerate(csv.reader(f)):
            if not rec or all(not c.strip() for c in rec):
                continue
            try:
                vals = [float(c) for c in rec]
            except ValueError:
                if k == 0 and not rows:
                    continue                  # header
                usage("%s line %d: not numbers: %r" % (path, k + 1, rec))
            if len(vals) != 3:
                usage("%s line %d: want x1,x2,y, got %d fields" % (path, k + 1, len(vals)))
            rows.append(vals)
    if not rows:
        usage("%s: no data rows" % path)
    d = np.array(rows)
    y = d[:, 2]
    if set(np.unique(y)) <= {0.0, 1.0}:
        y = np.where(y > 0, 1.0, -1.0)
    elif not set(np.unique(y)) <= {-1.0, 1.0}:
        usage("%s: labels must be −1/+1 or 0/1" % path)
    return d[:, :2], y


def read_result(text):
    text = text.strip()
    if not text:
        usage("no JSON on stdin")
    try:
        obj = json.loads(text)
        if isinstance(obj, dict):
            return obj
    except json.JSONDecodeError:
        pass
    last = None
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            o = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(o, dict) and ("done" in o or last is None):
            last = o
    if last is None:
        usage("stdin holds no JSON object")
    return last


# ---------------------------------------------------------------- maths

def gram(X, kernel, bias):
    A = np.hstack([np.ones((len(X), 1)), X]) if bias else X
    if kernel[0] == "linear":
        return A @ A.T
    if kernel[0] == "poly":
        return (A @ A.T + kernel[2]) ** kernel[1]
    sq = (A ** 2).sum(1)
    d2 = np.maximum(sq[:, None] + sq[None, :] - 2 * A @ A.T, 0.0)
    return np.exp(-d2 / (2 * kernel[1] ** 2))


def kkt_violations(yf, alpha, C, at_c):
    v = np.zeros(len(yf))
    zero = alpha <= 0
    free = ~zero & ~at_c
    v[zero] = np.maximum(0, 1 - yf[zero])
    v[free] = np.abs(yf[free] - 1)
    v[at_c] = np.maximum(0, yf[at_c] - 1)
    return v


def one_based(mask):
    return [int(i) + 1 for i in np.flatnonzero(mask)]


def show(ix, k=12):
    ix = list(ix)
    return "[" + ", ".join(map(str, ix[:k])) + (", … (%d)" % len(ix) if len(ix) > k else "") + "]"


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(
        description="Check a `kernelscope svm --format json` solution (read from stdin) against "
                    "numpy and scikit-learn.")
    ap.add_argument("data", help="CSV file of rows x1,x2,y (optional header)")
    ap.add_argument("kernel", help="linear | poly(d=…,c=…) | rbf(sigma=…)")
    ap.add_argument("C", help="box constraint, a number > 0 or inf")
    ap.add_argument("--bias", action="store_true", help="augment points to (1, x1, x2)")
    ap.add_argument("--eps", type=float, default=1e-3, help="KKT tolerance ε (1e-3)")
    ap.add_argument("--obj-rtol", type=float, default=1e-4,
                    help="max relative objective difference from LIBSVM (1e-4)")
    ap.add_argument("--dec-tol", type=float, default=1e-2,
                    help="max |f − f_LIBSVM| over the training points (1e-2)")
    ap.add_argument("--ref-tol", type=float, default=1e-8, help="LIBSVM's tol for the reference (1e-8)")
    ap.add_argument("--strict-sv", action="store_true", help="fail when the SV sets differ from LIBSVM's")
    ap.add_argument("--no-sklearn", action="store_true", help="skip the comparison with LIBSVM")
    args = ap.parse_args()

    kernel = parse_kernel(args.kernel)
    try:
        C = math.inf if args.C.lower() in ("inf", "+inf", "infinity") else float(args.C)
    except ValueError:
        usage("C %r is not a number" % args.C)
    if not C > 0:
        usage("C must be > 0")
    X, y = read_csv(args.data)
    n = len(y)
    res = read_result(sys.stdin.read())

    fails = []
    lines = []

    def check(ok, what, detail=""):
        lines.append("%-4s %s%s" % ("ok" if ok else "FAIL", what, (": " + detail) if detail else ""))
        if not ok:
            fails.append(what)

    def info(what, detail):
        lines.append("     %s: %s" % (what, detail))

    for key in ("alpha", "b"):
        if key not in res:
            usage("the JSON has no %r" % key)
    alpha = np.asarray(res["alpha"], dtype=float)
    b = float(res["b"])
    if alpha.shape != (n,):
        usage("alpha has %d entries, the data %d points" % (alpha.size, n))
    if not np.all(np.isfinite(alpha)) or not math.isfinite(b):
        check(False, "α and b finite")
        finish(lines, fails)

    lines.append("data %s: n=%d (+1: %d, −1: %d), kernel %s%s, C=%s"
                 % (args.data, n, int((y > 0).sum()), int((y < 0).sum()), args.kernel,
                    " with bias" if args.bias else "", args.C))
    lines.append("kernelscope: done=%s converged=%s iterations=%s"
                 % (res.get("done"), res.get("converged"), res.get("iterations")))
    check(res.get("done", True) is not False and res.get("converged", True) is not False,
          "done and converged")

    K = gram(X, kernel, args.bias)
    Q = (y[:, None] * y[None, :]) * K
    scale = max(1.0, alpha.sum())

    # Box and equality constraints.
    ub = C if math.isfinite(C) else math.inf
    lo_bad = np.flatnonzero(alpha < 0)
    hi_bad = np.flatnonzero(alpha > ub * (1 + 1e-12)) if math.isfinite(ub) else []
    check(len(lo_bad) == 0 and len(hi_bad) == 0, "0 ≤ α ≤ C",
          "min α %.3g, max α %.3g" % (alpha.min(), alpha.max()))
    s = float(alpha @ y)
    check(abs(s) <= 1e-9 * scale, "Σαy = 0", "Σαy = %.3g (Σα = %.6g)" % (s, alpha.sum()))

    # Objective.
    aQa = float(alpha @ Q @ alpha)
    D = float(alpha.sum() - 0.5 * aQa)
    if "objective" in res:
        Dp = float(res["objective"])
        rel = abs(Dp - D) / max(1.0, abs(D))
        check(rel <= 1e-8, "printed objective = D(α)", "printed %.12g, recomputed %.12g (rel %.2g)" % (Dp, D, rel))
    else:
        info("objective", "not printed; D(α) = %.12g" % D)

    # Support vectors and α at C.
    at_c = alpha >= ub * (1 - 1e-12) if math.isfinite(ub) else np.zeros(n, dtype=bool)
    sv = alpha > 0
    if "support_vectors" in res:
        got = sorted(int(i) for i in res["support_vectors"])
        ok = got == one_based(sv) or got == one_based(alpha > 1e-12 * scale)
        check(ok, "support_vectors = {i : αᵢ > 0}",
              "%d printed, %d with α > 0" % (len(got), int(sv.sum())) +
              ("" if ok else "; printed only %s, α>0 only %s"
               % (show(sorted(set(got) - set(one_based(sv)))), show(sorted(set(one_based(sv)) - set(got))))))
    if "at_bound" in res:
        got = sorted(int(i) for i in res["at_bound"])
        ok = got == one_based(at_c)
        check(ok, "at_bound = {i : αᵢ = C}", "%d printed, %d with α = C" % (len(got), int(at_c.sum())) +
              ("" if ok else "; printed only %s, α=C only %s"
               % (show(sorted(set(got) - set(one_based(at_c)))), show(sorted(set(one_based(at_c)) - set(got))))))

    # KKT.
    f = K @ (alpha * y) + b
    yf = y * f
    v = kkt_violations(yf, alpha, C, at_c)
    free = sv & ~at_c
    worst = int(np.argmax(v))
    check(v.max() <= args.eps, "KKT within ε = %g" % args.eps,
          "max violation %.3g at point %d (α=%.6g, y·f=%.6g); %d points over ε; %d free, %d at C, %d zero"
          % (v.max(), worst + 1, alpha[worst], yf[worst], int((v > args.eps).sum()),
             int(free.sum()), int(at_c.sum()), int((~sv).sum())))

    # Margin and accuracy.
    if "margin" in res and res["margin"] is not None:
        mg = 2 / math.sqrt(aQa) if aQa > 0 else math.inf
        mp = float(res["margin"])
        ok = (math.isinf(mg) and math.isinf(mp)) or abs(mp - mg) <= 1e-8 * max(1.0, abs(mg))
        check(ok, "printed margin = 2/‖w‖", "printed %.10g, 2/sqrt(αᵀQα) = %.10g" % (mp, mg))
    if "accuracy" in res and res["accuracy"] is not None:
        acc = float(np.mean(np.where(f >= 0, 1.0, -1.0) == y))
        ap_ = float(res["accuracy"])
        if ap_ > 1:
            ap_ /= 100                        # printed as a percentage
        ties = int(np.sum(np.abs(f) <= 1e-9 * max(1.0, np.abs(f).max())))
        check(abs(ap_ - acc) <= (ties + 0.5) / n, "printed accuracy",
              "printed %.6g, sign(f) (sig(0) = +1) gives %.6g" % (ap_, acc))

    # LIBSVM.
    if not args.no_sklearn:
        import sklearn
        from sklearn.svm import SVC
        Cl = C if math.isfinite(C) else HARD_C
        # With C = inf and data that are not separable in feature space LIBSVM
        # (at C = 1e8) would run for a very long time: cap its iterations then.
        max_iter = -1 if math.isfinite(C) else max(200000, 200 * n)
        m = SVC(kernel="precomputed", C=Cl, tol=args.ref_tol, shrinking=False, cache_size=500,
                max_iter=max_iter)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            m.fit(K, y)
        capped = any("max_iter" in str(w.message) or "terminated early" in str(w.message) for w in caught)
        ar = np.zeros(n)
        ar[m.support_] = np.abs(m.dual_coef_[0])
        br = float(m.intercept_[0])
        Dr = float(ar.sum() - 0.5 * ar @ Q @ ar)
        lines.append("LIBSVM (scikit-learn %s, tol %g): objective %.12g, b %.10g, %d SVs, %d at C, %d iterations%s"
                     % (sklearn.__version__, args.ref_tol, Dr, br, len(m.support_),
                        int((ar >= Cl * (1 - 1e-12)).sum()), int(m.n_iter_[0]) if hasattr(m, "n_iter_") else -1,
                        " (stopped at max_iter)" if capped else ""))
        if not math.isfinite(C) and (capped or ar.max() >= 1e-4 * Cl):
            check(False, "hard margin feasible",
                  "LIBSVM with C=%g %s (max α %.3g): the data are not separable in feature space, "
                  "so there is no hard-margin solution to compare with"
                  % (Cl, "did not converge in %d iterations" % max_iter if capped else "reaches α near C", ar.max()))
            finish(lines, fails)
        if capped:
            check(False, "LIBSVM converged", "stopped at max_iter")
        rel = (Dr - D) / max(1.0, abs(Dr))
        check(abs(rel) <= args.obj_rtol, "objective vs LIBSVM within %g" % args.obj_rtol,
              "kernelscope %.12g, LIBSVM %.12g, (D_LIBSVM − D)/|D_LIBSVM| = %.3g" % (D, Dr, rel))
        fr = K @ (ar * y) + br
        dd = np.abs(f - fr)
        r_free = bool(((ar > 0) & (ar < Cl * (1 - 1e-12))).any())
        detail = "max |f − f_LIBSVM| = %.3g at point %d; b − b_LIBSVM = %.3g" % (dd.max(), int(np.argmax(dd)) + 1, b - br)
        if free.any() and r_free:
            check(dd.max() <= args.dec_tol, "decision values vs LIBSVM within %g" % args.dec_tol, detail)
        else:
            info("decision values (b not unique: no free α)", detail)
            dd0 = np.abs((f - b) - (fr - br))
            check(dd0.max() <= args.dec_tol, "f − b vs LIBSVM within %g" % args.dec_tol,
                  "max %.3g" % dd0.max())
        s_k, s_r = set(one_based(sv)), set(one_based(ar > 0))
        c_k, c_r = set(one_based(at_c)), set(one_based(ar >= Cl * (1 - 1e-12)))
        same = s_k == s_r and c_k == c_r
        detail = ("SVs: %d both, %d kernelscope only %s, %d LIBSVM only %s; at C: %d kernelscope only %s, %d LIBSVM only %s"
                  % (len(s_k & s_r), len(s_k - s_r), show(sorted(s_k - s_r)), len(s_r - s_k), show(sorted(s_r - s_k)),
                     len(c_k - c_r), show(sorted(c_k - c_r)), len(c_r - c_k), show(sorted(c_r - c_k))))
        if args.strict_sv:
            check(same, "support-vector sets equal LIBSVM's", detail)
        else:
            lines.append("%-4s %s: %s" % ("ok" if same else "diff", "support-vector sets vs LIBSVM", detail))
    finish(lines, fails)


def finish(lines, fails):
    print("\n".join(lines))
    if fails:
        print("FAILED: %d check(s): %s" % (len(fails), "; ".join(fails)))
        sys.exit(1)
    print("all checks passed")
    sys.exit(0)


if __name__ == "__main__":
    main()
