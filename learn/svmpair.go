package learn

import (
	"math"
	"slices"
)

// selectPair is WSS 3 (LIBSVM's Solver::select_working_set):
//
//	i ∈ argmax { −yₜ Gₜ : t ∈ I_up(α) }                       m(α) = −yᵢ Gᵢ
//	j ∈ argmin { −b²ᵢₜ / aᵢₜ : t ∈ I_low(α), −yₜ Gₜ < m(α) }
//	aᵢₜ = Kᵢᵢ + Kₜₜ − 2 Kᵢₜ (τ when ≤ 0),  bᵢₜ = m(α) + yₜ Gₜ > 0
//
// with I_up = {t : αₜ < C, yₜ = +1 or αₜ > 0, yₜ = −1} and I_low the same
// with the classes swapped. The gap is m(α) − M(α), M(α) = min over I_low
// of −yₜ Gₜ; the pair is not ok when the gap is at most Tol.
func (s *SVM) selectPair() selection {
	// With vₜ = −yₜGₜ: m(α) = max over I_up of vₜ, M(α) = min over I_low,
	// and bᵢₜ = m(α) − vₜ (LIBSVM's Gmax + G[t] or Gmax − G[t] by class).
	// Multiplying by yₜ = ±1 is exact, so this is LIBSVM's arithmetic.
	g, yf, up, low := s.g, s.yf[:len(s.g)], s.up[:len(s.g)], s.low[:len(s.g)]
	gmax, gmax2 := math.Inf(-1), math.Inf(-1)
	i := -1
	for t := range g {
		if v := -yf[t] * g[t]; up[t] && v >= gmax {
			gmax, i = v, t
		}
	}
	if i < 0 {
		return selection{i: -1, j: -1}
	}
	ri, err := s.row(i)
	if err != nil {
		// No pair can be chosen, but the gap is known without the row.
		s.err = err
		for t := range g {
			if v := -yf[t] * g[t]; low[t] && -v > gmax2 {
				gmax2 = -v
			}
		}
		return selection{i: i, j: -1, gap: gmax + gmax2}
	}
	// ri is the kernel row, not LIBSVM's Q row: its quad_coef
	// QD[i] + QD[t] ∓ 2·yᵢ·Q_it is Kᵢᵢ + Kₜₜ − 2Kᵢₜ for either class of t.
	ri, qd, qi := ri[:len(g)], s.qd[:len(g)], s.qd[i]
	j, best, curv := -1, math.Inf(1), 0.0
	for t := range g {
		if !low[t] {
			continue
		}
		v := -yf[t] * g[t]
		if -v > gmax2 { // not max(): its NaN and ±0 rules cost a third of the loop
			gmax2 = -v
		}
		if diff := gmax - v; diff > 0 {
			a := qi + qd[t] - 2*ri[t]
			quad := a
			if !(quad > 0) {
				quad = tau
			}
			if d := -diff * diff / quad; d <= best {
				j, best, curv = t, d, a
			}
		}
	}
	gap := gmax + gmax2
	if gap < s.tol || j < 0 {
		return selection{i: i, j: j, gap: gap, quad: curv}
	}
	return selection{i: i, j: j, gap: gap, quad: curv, ok: true}
}

// pairOptimum is LIBSVM's two-variable update: the optimum of D along the
// line through α that keeps yᵢαᵢ + yⱼαⱼ fixed, clipped to [0, C]².
//
//	yᵢ ≠ yⱼ: δ = (−Gᵢ − Gⱼ) / (Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ);  αᵢ += δ, αⱼ += δ
//	yᵢ = yⱼ: δ = (Gᵢ − Gⱼ) / (Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ);   αᵢ −= δ, αⱼ += δ
//
// (the denominator τ when it is not positive), then clipped to the box
// along the same line. kij is K(xᵢ, xⱼ).
func (s *SVM) pairOptimum(i, j int, kij float64) (ai, aj float64, ci, cj Bound) {
	c := s.c
	ai, aj = s.alpha[i], s.alpha[j]
	quad := s.qd[i] + s.qd[j] - 2*kij
	if !(quad > 0) {
		quad = tau
	}
	// The unclipped optimum, then the box: at most one coordinate hits a
	// bound, the other follows along the line.
	if s.ys[i] != s.ys[j] {
		delta := (-s.g[i] - s.g[j]) / quad
		diff := ai - aj
		ai += delta
		aj += delta
		if diff > 0 {
			if aj < 0 {
				aj, ai, cj = 0, diff, AtZero
			}
		} else if ai < 0 {
			ai, aj, ci = 0, -diff, AtZero
		}
		if diff > 0 {
			if ai > c {
				ai, aj, ci = c, c-diff, AtC
			}
		} else if aj > c {
			aj, ai, cj = c, c+diff, AtC
		}
		return ai, aj, ci, cj
	}
	delta := (s.g[i] - s.g[j]) / quad
	sum := ai + aj
	ai -= delta
	aj += delta
	if sum > c {
		if ai > c {
			ai, aj, ci = c, sum-c, AtC
		}
	} else if aj < 0 {
		aj, ai, cj = 0, sum, AtZero
	}
	if sum > c {
		if aj > c {
			aj, ai, cj = c, sum-c, AtC
		}
	} else if ai < 0 {
		ai, aj, ci = 0, sum, AtZero
	}
	return ai, aj, ci, cj
}

// unbounded reports whether the dual D has no maximum along the line of
// the pair sel, for the hard margin (C = ∞): a certificate that the data
// is not separable, found before any step is taken along it.
//
// With yᵢ = +1, yⱼ = −1 the direction d = eᵢ + eⱼ keeps Σ αₖ yₖ = 0 and,
// with no upper bound C, α + δd is feasible for every δ ≥ 0. Along it
//
//	D(α + δd) = D(α) + δ(−Gᵢ − Gⱼ) − ½ δ² aᵢⱼ,  aᵢⱼ = Kᵢᵢ + Kⱼⱼ − 2Kᵢⱼ
//
// (Taylor's formula is exact: D is quadratic). WSS 3 chose j because
// −Gᵢ − Gⱼ = m(α) + yⱼGⱼ = bᵢⱼ > 0, so with aᵢⱼ ≤ 0 D grows without bound.
// (With yᵢ = −1, yⱼ = +1 the ascent is along −d, which α ≥ 0 bounds.) For a
// kernel with a feature map aᵢⱼ = ‖φ(xᵢ) − φ(xⱼ)‖², and aᵢⱼ = 0 means
// φ(xᵢ) = φ(xⱼ): f(xᵢ) = f(xⱼ) cannot be both ≥ 1 and ≤ −1, so the hard
// margin's primal has no solution. Two copies of one point with opposite
// labels are the plainest case, whatever the kernel (aᵢⱼ = 0 exactly); so
// are two points where K(x, x) = 0, as at the origin with the linear
// kernel, where φ(x) = 0. There separated cannot tell: its bound hullEps·R
// is 0 when R² = max Kₖₖ = 0, and SMO, taking τ for aᵢⱼ, would step by
// 2/τ = 2·10¹² each iteration until the cap.
func (s *SVM) unbounded(sel selection) bool {
	return s.ys[sel.i] == 1 && s.ys[sel.j] == -1 && !(sel.quad > 0)
}

// separated reports whether the hard margin's dual is bounded as far as α
// tells: false once the data is shown not to be separable with a margin of
// at least hullEps·R in feature space, R² = max Kᵢᵢ.
//
// With s = Σ_{yᵢ=+1} αᵢ = Σ_{yᵢ=−1} αᵢ (Σ αᵢ yᵢ = 0), w/s = Σ₊ (αᵢ/s) φ(xᵢ)
// − Σ₋ (αᵢ/s) φ(xᵢ) joins a point of each class's convex hull in feature
// space, so ‖w‖/s is at least the distance between the hulls, which is the
// widest margin any separating plane has (the hard margin's 2/‖w*‖). When
// α grows without bound (the dual of data that is not separable is
// unbounded), ‖w‖/s falls like 1/s: on xor with a linear kernel below
// 1e-4·R after about 7 000 steps (1e-5·R: 65 000). A certificate the other way stops the
// test: if every f₀(xᵢ) = ⟨w, φ(xᵢ)⟩ of class +1 exceeds every one of
// class −1, w separates the data and the dual is bounded.
func (s *SVM) separated() bool {
	sum, minPos, maxNeg := 0.0, math.Inf(1), math.Inf(-1)
	for i, y := range s.ys {
		f0 := float64(y) * (s.g[i] + 1)
		if y == 1 {
			sum += s.alpha[i]
			minPos = min(minPos, f0)
		} else {
			maxNeg = max(maxNeg, f0)
		}
	}
	if sum == 0 || minPos > maxNeg {
		return true
	}
	return math.Sqrt(s.WNorm2()) >= hullEps*sum*math.Sqrt(s.scale)
}

// hullEps is the narrowest margin, relative to the data's radius in feature
// space, that the hard margin looks for before it calls the data not
// separable.
const hullEps = 1e-4

// setAlpha sets αₖ and keeps the support vectors and I_up, I_low in step.
func (s *SVM) setAlpha(k int, a float64) {
	was := s.alpha[k] > 0
	s.alpha[k] = a
	s.status(k)
	switch is := a > 0; {
	case is && !was:
		at, _ := slices.BinarySearch(s.svs, k)
		s.svs = slices.Insert(s.svs, at, k)
	case !is && was:
		at, _ := slices.BinarySearch(s.svs, k)
		s.svs = slices.Delete(s.svs, at, at+1)
	}
}

// rho is LIBSVM's Solver::calculate_rho, and b = −ρ: the mean of yᵢ Gᵢ over
// the free αᵢ (0 < αᵢ < C), or with none free the midpoint of the interval
// the KKT conditions leave for it.
func (s *SVM) rho() float64 {
	ub, lb := math.Inf(1), math.Inf(-1)
	free, sum := 0, 0.0
	for i, g := range s.g {
		yg := float64(s.ys[i]) * g
		switch {
		case !s.belowC(i):
			if s.ys[i] == -1 {
				ub = min(ub, yg)
			} else {
				lb = max(lb, yg)
			}
		case s.alpha[i] == 0:
			if s.ys[i] == 1 {
				ub = min(ub, yg)
			} else {
				lb = max(lb, yg)
			}
		default:
			free++
			sum += yg
		}
	}
	var r float64
	switch {
	case free > 0:
		r = sum / float64(free)
	case math.IsInf(ub, 0) || math.IsInf(lb, 0):
		// One side is empty (no examples, or all of one kind at a bound).
		r = 0
		if !math.IsInf(ub, 0) {
			r = ub
		} else if !math.IsInf(lb, 0) {
			r = lb
		}
	default:
		r = (ub + lb) / 2
	}
	return -r
}

// objective is D(α) = Σ αᵢ − ½ αᵀQα = −½ Σᵢ αᵢ (Gᵢ − 1), over the support
// vectors in dataset order (LIBSVM's objective value, negated).
func (s *SVM) objective() float64 {
	v := 0.0
	for _, i := range s.svs {
		v += s.alpha[i] * (1 - s.g[i])
	}
	return v / 2
}
