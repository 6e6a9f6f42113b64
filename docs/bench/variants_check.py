"""Independent check of `kernelscope trace --format jsonl` for the perceptron
variants (--algo perceptron|averaged|voted|stoptron|forgetron|budget).

    kernelscope trace --data d.csv --kernel rbf --sigma 0.5 --algo forgetron \\
        --budget 5 --epochs 20 --format jsonl \\
      | /usr/bin/python3 docs/bench/variants_check.py --data d.csv --kernel rbf \\
        --sigma 0.5 --algo forgetron --budget 5 --epochs 20

Flags mirror the program's (--kernel --degree --coef0 --sigma --gamma --bias
--tie --eta --epochs --algo --budget). The order is cyclic (no --shuffle).
The rules are re-run from scratch (f recomputed at every step, summed in the
stated order) and every step line and the final object are compared:
t, epoch, i, y, prediction, mistake exactly; f and every α within
1e-9·max(1, |value|). The program's prediction must also be exactly the tie
rule applied to its own printed f.

Near ties: when the reference's f satisfies |f| <= 1e-9·Σⱼ|αⱼyⱼK(xⱼ,xᵢ)|
(and that sum is not 0) and the two predictions differ, this is printed as a
"near-tie, skipped" warning and the reference follows the program's decision
from there on. Likewise for averaged/voted predictions at the end.

budget: the removed support vector is random, so only these are checked:
#SV <= B after every step and at the end, and the consequences of the
perceptron contract that do not depend on the draw (order, f from the
previous α, the tie rule, α unchanged on a correct step, and on a mistake
α_new = α_prev (with at most one SV zeroed, only when #SV was B) + η·eᵢ).

Exit status: 0 everything matches ("ok: N steps, algo A"); 1 mismatches
(the first few are printed); 2 usage or input errors.
"""
import argparse
import csv
import json
import math
import re
import sys

ALGOS = ("perceptron", "averaged", "voted", "stoptron", "forgetron", "budget")
REL = 1e-9
MAX_REPORT = 8


def usage(msg):
    print("variants_check: " + msg, file=sys.stderr)
    sys.exit(2)


# ------------------------------------------------------------------ data

def read_csv(path):
    X, Y = [], []
    with open(path, newline="") as fh:
        rows = [r for r in csv.reader(fh) if r and any(c.strip() for c in r)]
    if rows and re.match(r"[A-Za-z_]", rows[0][0].strip()):
        rows = rows[1:]
    for r in rows:
        if len(r) != 3:
            usage("%s: row %r does not have 3 fields" % (path, r))
        x1, x2, y = float(r[0]), float(r[1]), float(r[2])
        if y == 0:
            y = -1.0
        if y not in (1.0, -1.0):
            usage("%s: label %r" % (path, r[2]))
        X.append((x1, x2))
        Y.append(int(y))
    return X, Y


# --------------------------------------------------------------- kernels

def split_top(s, ch):
    parts, depth, cur = [], 0, ""
    for c in s:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if c == ch and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    parts.append(cur)
    return parts


def dot(a, b):
    s = 0.0
    for u, v in zip(a, b):
        s += u * v
    return s


def base_kernel(tok, ov):
    m = re.fullmatch(r"([a-z]+)(?:\((.*)\))?", tok)
    if not m:
        usage("kernel part %r not understood" % tok)
    name, args = m.group(1), m.group(2)
    p = {}
    if args:
        for kv in args.split(","):
            k, v = kv.split("=")
            p[k.strip()] = float(v)
    if name == "linear":
        return dot
    if name == "poly":
        d = p.get("d", p.get("degree", 2.0))
        c = p.get("c", p.get("coef0", 1.0))
        if ov.degree is not None:
            d = ov.degree
        if ov.coef0 is not None:
            c = ov.coef0
        d = int(d)
        return lambda a, b: (dot(a, b) + c) ** d
    if name == "rbf":
        s = p.get("sigma", 1.0)
        if ov.sigma is not None:
            s = ov.sigma
        def rbf(a, b):
            q = 0.0
            for u, v in zip(a, b):
                q += (u - v) * (u - v)
            return math.exp(-q / (2.0 * s * s))
        return rbf
    if name == "sigmoid":
        g = p.get("gamma", 1.0)
        c = p.get("c", p.get("coef0", 0.0))
        if ov.gamma is not None:
            g = ov.gamma
        if ov.coef0 is not None:
            c = ov.coef0
        return lambda a, b: math.tanh(g * dot(a, b) + c)
    usage("unknown kernel %r" % name)


def make_kernel(spec, ov):
    s = spec.replace(" ", "").lower()
    terms = []
    for t in split_top(s, "+"):
        factors = []
        for f in split_top(t, "*"):
            if re.fullmatch(r"[0-9.eE+-]+", f):
                val = float(f)
                factors.append(lambda a, b, val=val: val)
            else:
                factors.append(base_kernel(f, ov))
        terms.append(factors)
    if len(terms) == 1 and len(terms[0]) == 1:
        return terms[0][0]

    def k(a, b):
        tot = 0.0
        for fs in terms:
            p = 1.0
            for f in fs:
                p *= f(a, b)
            tot += p
        return tot
    return k


# ----------------------------------------------------------------- rules

def tie_pred(f, tie):
    if f > 0:
        return 1
    if f < 0:
        return -1
    return {"mistake": 0, "pos": 1, "neg": -1}[tie]


def close(a, b):
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return a == b
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return abs(a - b) <= REL * max(1.0, abs(a), abs(b))


class Checker:
    def __init__(self, a, X, Y):
        self.a, self.X, self.Y = a, X, Y
        self.n = len(X)
        pts = [((1.0,) + p) if a.bias else p for p in X]
        kern = make_kernel(a.kernel, a)
        self.K = [[kern(pts[j], pts[i]) for i in range(self.n)] for j in range(self.n)]
        self.errors, self.warnings = [], []
        self.K_int = all(float(v).is_integer() and abs(v) < 2.0 ** 20 for row in self.K for v in row)

    def err(self, msg):
        self.errors.append(msg)

    def warn(self, msg):
        self.warnings.append(msg)

    # f(x_i) from coefficient list [(j, coef)] in the given order; scale = Σ|terms|
    def f_terms(self, coefs, i):
        f, scale = 0.0, 0.0
        for j, c in coefs:
            t = c * self.Y[j] * self.K[j][i]
            f += t
            scale += abs(t)
        return f, scale

    def f_alpha(self, alpha, i):
        return self.f_terms(list(enumerate(alpha)), i)

    def near_tie(self, f, scale, coefs=None):
        """|f| within rounding of 0. Not a near tie when the sum is exact in
        float64: integer Gram entries, dyadic coefficients (multiples of 2^-10),
        and a scale far below 2^53; then f = 0 is a real tie."""
        if not (scale > 0 and abs(f) <= REL * scale):
            return False
        if self.K_int and coefs is not None and scale < 2.0 ** 40 and \
                all(float(c * 1024).is_integer() for c in coefs):
            return False
        return True

    # -- one step's common checks; returns (prediction, mistake) to continue with
    def check_step(self, line, t, epoch, i, f_ref, scale, coefs):
        tag = "step t=%d" % t
        for key, want in (("t", t), ("epoch", epoch), ("i", i + 1), ("y", self.Y[i])):
            if line.get(key) != want:
                self.err("%s: %s = %r, expected %r" % (tag, key, line.get(key), want))
        fp = line.get("f")
        if not isinstance(fp, (int, float)) or not close(fp, f_ref):
            self.err("%s (i=%d): f = %r, expected %r" % (tag, i + 1, fp, f_ref))
        pred_ref = tie_pred(f_ref, self.a.tie)
        mis_ref = pred_ref != self.Y[i]
        pp, mp = line.get("prediction"), line.get("mistake")
        if isinstance(fp, (int, float)) and pp != tie_pred(fp, self.a.tie):
            self.err("%s (i=%d): prediction %r is not the tie rule %s of the printed f = %r"
                     % (tag, i + 1, pp, self.a.tie, fp))
        if mp is not (pp != self.Y[i]):
            self.err("%s (i=%d): mistake %r inconsistent with prediction %r, y %r"
                     % (tag, i + 1, mp, pp, self.Y[i]))
        if pp != pred_ref or mp is not mis_ref:
            if self.near_tie(f_ref, scale, coefs) and pp in (-1, 0, 1) and isinstance(mp, bool):
                self.warn("%s (i=%d): near-tie, skipped: f_ref = %r (scale %g), program f = %r, "
                          "prediction %r vs reference %r; following the program"
                          % (tag, i + 1, f_ref, scale, fp, pp, pred_ref))
                return pp, mp
            self.err("%s (i=%d): prediction/mistake %r/%r, expected %r/%r (f_ref = %r)"
                     % (tag, i + 1, pp, mp, pred_ref, mis_ref, f_ref))
        return pred_ref, mis_ref

    def check_alpha(self, where, got, want):
        if not isinstance(got, list) or len(got) != self.n:
            self.err("%s: alpha has %s entries, expected %d"
                     % (where, len(got) if isinstance(got, list) else "no", self.n))
            return
        for j, (g, w) in enumerate(zip(got, want)):
            if not isinstance(g, (int, float)) or not close(g, w):
                self.err("%s: alpha[%d] = %r, expected %r" % (where, j + 1, g, w))
                return

    # -- the run
    def run(self, steps, final):
        a = self.a
        algo = a.algo
        n, Y, eta = self.n, self.Y, a.eta
        alpha = [0.0] * n                  # perceptron/stoptron/averaged/voted
        S = []                             # forgetron FIFO: [index, sigma]
        Q, M = 0.0, 0
        vecs, cs = [[0.0] * n], [0]        # averaged/voted: α⁽ᵏ⁾, c_k
        after = []                         # α after every step (self-check)
        prev = [0.0] * n                   # budget: previous line's α
        t, mistakes, converged, epochs = 0, 0, False, 0
        for epoch in range(1, a.epochs + 1):
            epochs = epoch
            pass_mistakes = 0
            for i in range(n):
                t += 1
                if t > len(steps):
                    self.err("step t=%d: the program stopped after %d steps, the reference goes on"
                             % (t, len(steps)))
                    return self.finish_short()
                line = steps[t - 1]
                if algo == "forgetron":
                    coefs = [q[1] for q in S]
                    f, scale = self.f_terms([(q[0], q[1]) for q in S], i)
                elif algo == "budget":
                    coefs = prev
                    f, scale = self.f_alpha(prev, i)
                else:
                    coefs = alpha
                    f, scale = self.f_alpha(alpha, i)
                pred, mis = self.check_step(line, t, epoch, i, f, scale, coefs)
                if mis:
                    mistakes += 1
                    pass_mistakes += 1
                # ---- updates
                if algo in ("perceptron", "averaged", "voted"):
                    if mis:
                        alpha = alpha[:]
                        alpha[i] += eta
                        vecs.append(alpha)
                        cs.append(1)
                    else:
                        cs[-1] += 1
                    after.append(alpha)
                elif algo == "stoptron":
                    if mis and sum(1 for v in alpha if v > 0) < a.budget:
                        alpha = alpha[:]
                        alpha[i] += eta
                elif algo == "forgetron":
                    if mis:
                        M += 1
                        S.append([i, 1.0])
                        if len(S) > a.budget:
                            Q = self.forget(S, Q, M, t)
                    alpha = [0.0] * n
                    for j, sg in S:
                        alpha[j] += sg
                elif algo == "budget":
                    alpha = self.budget_step(line, prev, i, mis, t)
                got = line.get("alpha")
                if algo == "budget":
                    if isinstance(got, list):
                        nsv = sum(1 for v in got if isinstance(v, (int, float)) and v > 0)
                        if nsv > a.budget:
                            self.err("step t=%d: %d support vectors > budget %d" % (t, nsv, a.budget))
                    prev = alpha
                else:
                    self.check_alpha("step t=%d (i=%d)" % (t, i + 1), got, alpha)
                if len(self.errors) >= MAX_REPORT:
                    return
            if pass_mistakes == 0:
                converged = True
                break
        if len(steps) > t:
            self.err("the program printed %d steps, the reference stops after %d" % (len(steps), t))
        # ---- final object
        if final is None:
            self.err("no final {\"done\":true} object")
            return
        if algo == "budget":
            alpha = prev
        for key, want in (("done", True), ("converged", converged), ("epochs", epochs),
                          ("steps", t), ("mistakes", mistakes)):
            if final.get(key) != want or isinstance(final.get(key), bool) != isinstance(want, bool):
                self.err("final: %s = %r, expected %r" % (key, final.get(key), want))
        self.check_alpha("final", final.get("alpha"), alpha)
        sv_alpha = final.get("alpha") if algo == "budget" else alpha
        if isinstance(sv_alpha, list):
            sv = [j + 1 for j, v in enumerate(sv_alpha) if v > 0]
            if final.get("support_vectors") != sv:
                self.err("final: support_vectors = %r, expected %r" % (final.get("support_vectors"), sv))
            if algo in ("budget", "forgetron", "stoptron") and len(sv) > a.budget:
                self.err("final: %d support vectors > budget %d" % (len(sv), a.budget))
        if algo in ("averaged", "voted"):
            self.check_averaged(final, vecs, cs, after, t)
        else:
            for key in ("averaged_alpha", "averaged_predictions", "voted_predictions"):
                if key in final:
                    self.err("final: unexpected key %s for algo %s" % (key, algo))

    def finish_short(self):
        pass

    # -- Forgetron rules 3-5 (S already holds the new element)
    def forget(self, S, Q, M, t):
        r_idx, sig_r = S[0]
        fprime, _ = self.f_terms([(q[0], q[1]) for q in S], r_idx)
        mu = self.Y[r_idx] * fprime
        a_ = sig_r * sig_r - 2.0 * sig_r * mu
        b_ = 2.0 * sig_r
        c_ = Q - (15.0 / 32.0) * M
        d_ = b_ * b_ - 4.0 * a_ * c_
        if a_ > 0 or (a_ < 0 and d_ > 0 and (-b_ - math.sqrt(d_)) / (2.0 * a_) > 1):
            if d_ < 0:
                self.err("step t=%d: forgetron a > 0 with d = %r < 0: the rules leave φ undefined"
                         % (t, d_))
                phi = 1.0
            else:
                phi = min(1.0, (-b_ + math.sqrt(d_)) / (2.0 * a_))
        elif a_ == 0:
            phi = min(1.0, -c_ / b_)
        else:
            phi = 1.0
        for q in S:
            q[1] *= phi
        s = phi * sig_r
        Q += s * s + 2.0 * s - 2.0 * s * (phi * mu)
        S.pop(0)
        return Q

    # -- budget: structural check of the α transition (the draw is not reproduced)
    def budget_step(self, line, prev, i, mis, t):
        got = line.get("alpha")
        if not isinstance(got, list) or len(got) != self.n or \
                not all(isinstance(v, (int, float)) for v in got):
            self.err("step t=%d: alpha malformed" % t)
            return prev
        if not mis:
            if any(not close(g, p) for g, p in zip(got, prev)):
                self.err("step t=%d (i=%d): α changed on a correct step" % (t, i + 1))
            return got
        base = prev[:]
        nsv = sum(1 for v in prev if v > 0)
        cands = [None]
        if nsv >= self.a.budget:
            cands = [j for j, v in enumerate(prev) if v > 0]
        for r in cands:
            w = base[:]
            if r is not None:
                w[r] = 0.0
            w[i] += self.a.eta
            if all(close(g, x) for g, x in zip(got, w)):
                return got
        self.err("step t=%d (i=%d): α after the mistake is not α_prev %s+ η·e_i"
                 % (t, i + 1, "with one SV removed " if nsv >= self.a.budget else ""))
        return got

    # -- averaged / voted
    def check_averaged(self, final, vecs, cs, after, steps):
        n, tie = self.n, self.a.tie
        tot = sum(cs)
        if tot != steps:
            self.err("internal: Σc_k = %d != steps %d" % (tot, steps))
        if tot == 0:
            avg = [0.0] * n
        else:
            avg = [sum(c * v[j] for v, c in zip(vecs, cs)) / tot for j in range(n)]
            # self-check: the mean of α after each step
            mean2 = [sum(v[j] for v in after) / len(after) for j in range(n)]
            if any(not close(x, y) for x, y in zip(avg, mean2)):
                self.err("internal: averaged α differs from the mean of α after each step")
        for key in ("averaged_alpha", "averaged_predictions", "voted_predictions"):
            if key not in final:
                self.err("final: key %s missing" % key)
        self.check_alpha("final averaged_alpha", final.get("averaged_alpha"), avg)
        ap = final.get("averaged_predictions")
        if not isinstance(ap, list) or len(ap) != n:
            self.err("final: averaged_predictions malformed: %r" % (ap,))
        else:
            for i in range(n):
                f, scale = self.f_alpha(avg, i)
                want = tie_pred(f, tie)
                if ap[i] != want:
                    if self.near_tie(f, scale, avg) and ap[i] in (-1, 0, 1):
                        self.warn("final averaged_predictions[%d]: near-tie, skipped: f̄ = %r (scale %g), "
                                  "program %r, reference %r" % (i + 1, f, scale, ap[i], want))
                    else:
                        self.err("final averaged_predictions[%d] = %r, expected %r (f̄ = %r)"
                                 % (i + 1, ap[i], want, f))
        vp = final.get("voted_predictions")
        if not isinstance(vp, list) or len(vp) != n:
            self.err("final: voted_predictions malformed: %r" % (vp,))
            return
        # f_k(x_i) for every stored vector at once (numpy; only the signs matter)
        import numpy as np
        Kt = np.array(self.K)                      # Kt[j][i] = K(x_j, x_i)
        A = np.array(vecs) * np.array(self.Y, dtype=float)[None, :]
        F = A @ Kt
        SC = np.abs(A) @ np.abs(Kt)
        c = np.array(cs)
        for i in range(n):
            V, lo, hi = 0, 0, 0
            for k in range(len(vecs)):
                if c[k] == 0:
                    continue
                f, scale = float(F[k, i]), float(SC[k, i])
                s = tie_pred(f, tie)
                ck = int(c[k])
                V += ck * s
                if self.near_tie(f, scale, vecs[k]):
                    alts = (-1, 0, 1) if tie == "mistake" else (-1, 1)
                    lo += ck * min(alts)
                    hi += ck * max(alts)
                else:
                    lo += ck * s
                    hi += ck * s
            want = tie_pred(V, tie)
            if vp[i] != want:
                possible = {tie_pred(x, tie) for x in range(lo, hi + 1)}
                if lo != hi and vp[i] in possible:
                    self.warn("final voted_predictions[%d]: near-tie, skipped: V = %d (range %d..%d), "
                              "program %r, reference %r" % (i + 1, V, lo, hi, vp[i], want))
                else:
                    self.err("final voted_predictions[%d] = %r, expected %r (V = %d)"
                             % (i + 1, vp[i], want, V))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", required=True)
    p.add_argument("--kernel", default="linear")
    p.add_argument("--degree", type=float)
    p.add_argument("--coef0", type=float)
    p.add_argument("--sigma", type=float)
    p.add_argument("--gamma", type=float)
    p.add_argument("--bias", action="store_true")
    p.add_argument("--tie", default="mistake", choices=("mistake", "pos", "neg"))
    p.add_argument("--eta", type=float, default=1.0)
    p.add_argument("--epochs", type=int, default=100)
    p.add_argument("--algo", default="perceptron", choices=ALGOS)
    p.add_argument("--budget", type=int, default=10)
    p.add_argument("--seed", type=int, help="accepted for budget; the draw is not reproduced")
    p.add_argument("--trace", help="read the JSONL from this file instead of stdin")
    a = p.parse_args()
    X, Y = read_csv(a.data)
    src = open(a.trace) if a.trace else sys.stdin
    steps, final = [], None
    for ln, raw in enumerate(src, 1):
        raw = raw.strip()
        if not raw:
            continue
        try:
            obj = json.loads(raw)
        except ValueError as e:
            usage("trace line %d is not JSON: %s" % (ln, e))
        if obj.get("done"):
            if final is not None:
                usage("two final objects")
            final = obj
        elif final is not None:
            usage("trace line %d after the final object" % ln)
        else:
            steps.append(obj)
    if not steps and final is None:
        usage("empty trace (did the program fail?)")
    ch = Checker(a, X, Y)
    ch.run(steps, final)
    for w in ch.warnings[:MAX_REPORT]:
        print("warning: " + w)
    if len(ch.warnings) > MAX_REPORT:
        print("warning: ... %d more warnings" % (len(ch.warnings) - MAX_REPORT))
    if ch.errors:
        for e in ch.errors[:MAX_REPORT]:
            print("MISMATCH: " + e)
        print("FAIL: %d mismatch(es), algo %s" % (len(ch.errors), a.algo))
        sys.exit(1)
    print("ok: %d steps, algo %s%s" % (len(steps), a.algo,
          " (%d near-tie warnings)" % len(ch.warnings) if ch.warnings else ""))


if __name__ == "__main__":
    main()
