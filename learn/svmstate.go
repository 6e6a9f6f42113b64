package learn

import (
	"encoding/binary"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// The SVM is a Learner: every view that draws an expansion or reads α,
// and the narration, work for it as for the perceptron.
var _ Learner = (*SVM)(nil)

// Embed is an input point as the kernel sees it (Config.Embed).
func (s *SVM) Embed(x1, x2 float64) Vec { return s.cfg.Embed(x1, x2) }

// Kernel is K.
func (s *SVM) Kernel() Kernel { return s.cfg.Kernel }

// N is the number of examples.
func (s *SVM) N() int { return len(s.xs) }

// X is example i, embedded.
func (s *SVM) X(i int) Vec { return s.xs[i] }

// Y is the label of example i.
func (s *SVM) Y(i int) int { return s.ys[i] }

// Alpha is αᵢ.
func (s *SVM) Alpha(i int) float64 { return s.alpha[i] }

// Alphas is a copy of α.
func (s *SVM) Alphas() []float64 { return slices.Clone(s.alpha) }

// SupportVectors are the i with αᵢ > 0, ascending (the expansion's own
// slice: do not modify it).
func (s *SVM) SupportVectors() []int { return s.svs }

// Coef is αⱼ yⱼ.
func (s *SVM) Coef(j int) float64 { return s.alpha[j] * float64(s.ys[j]) }

// Offset is b = −ρ.
func (s *SVM) Offset() float64 {
	s.refresh()
	return s.b
}

// Score is f(xᵢ) = Σⱼ αⱼ yⱼ Kⱼᵢ + b = yᵢ (Gᵢ + 1) + b, from the gradient.
func (s *SVM) Score(i int) float64 { return float64(s.ys[i])*(s.g[i]+1) + s.Offset() }

// Decide is f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) + b, in dataset order.
func (s *SVM) Decide(x1, x2 float64) float64 { return decide(s, x1, x2) }

// K is K(xᵢ, xⱼ), from a cached row when there is one (the same bits).
func (s *SVM) K(i, j int) float64 {
	if r := s.rows.peek(i); r != nil {
		return r[j]
	}
	if r := s.rows.peek(j); r != nil {
		return r[i]
	}
	return s.cfg.Kernel.Eval(s.xs[i], s.xs[j])
}

// Gram is the matrix of every K(xᵢ, xⱼ).
func (s *SVM) Gram() *mat.SymDense { return Gram(s.cfg.Kernel, s.xs) }

// C is the bound on every αᵢ (+Inf: the hard margin).
func (s *SVM) C() float64 { return s.c }

// Tol is the stopping tolerance on m(α) − M(α).
func (s *SVM) Tol() float64 { return s.tol }

// MaxIter is the cap on pair updates.
func (s *SVM) MaxIter() int { return s.maxIter }

// Gap is m(α) − M(α) now, the largest KKT violation (0 with no pair left
// to move).
func (s *SVM) Gap() float64 {
	if s.next.j < 0 && s.next.i < 0 {
		return 0
	}
	return max(s.next.gap, 0)
}

// NextPair is the working set the next step updates (−1, −1 when stopped).
func (s *SVM) NextPair() (int, int) {
	if s.state != Running || s.err != nil {
		return -1, -1
	}
	return s.next.i, s.next.j
}

// Objective is the dual D(α).
func (s *SVM) Objective() float64 {
	s.refresh()
	return s.obj
}

// WNorm2 is ‖w‖² = Σᵢ Σⱼ αᵢ αⱼ yᵢ yⱼ Kᵢⱼ = 2 (Σᵢ αᵢ − D(α)), computed from
// the gradient as Σᵢ αᵢ yᵢ f₀(xᵢ) with f₀ = f − b = Σⱼ αⱼ yⱼ K(xⱼ, ·).
func (s *SVM) WNorm2() float64 {
	v := 0.0
	for _, i := range s.svs {
		v += s.alpha[i] * (s.g[i] + 1)
	}
	return max(v, 0)
}

// Width is the width 2/‖w‖ of the band −1 ≤ f ≤ 1 in feature space, which
// the SVM maximises (seed 004), +Inf while w = 0. At the hard-margin
// optimum it is twice the geometric margin γ (GeometricMargin), the one
// quantity kernelscope calls the margin.
func (s *SVM) Width() float64 { return 2 / math.Sqrt(s.WNorm2()) }

// Free reports whether 0 < αᵢ < C: a support vector on the margin, with
// yᵢ f(xᵢ) = 1 at the optimum.
func (s *SVM) Free(i int) bool { return s.alpha[i] > 0 && s.alpha[i] < s.c }

// AtBound reports whether αᵢ = C: a support vector inside the margin or on
// the wrong side, yᵢ f(xᵢ) ≤ 1 at the optimum.
func (s *SVM) AtBound(i int) bool { return s.alpha[i] >= s.c }

// Step-by-step state.

// T is the number of pair updates so far.
func (s *SVM) T() int { return s.t }

// Mistakes is the number of training examples the current f classifies
// wrongly under the tie rule.
func (s *SVM) Mistakes() int {
	wrong := 0
	for i := range s.xs {
		if _, m := s.cfg.Tie.Predict(s.Score(i), s.ys[i]); m {
			wrong++
		}
	}
	return wrong
}

// Accuracy is the fraction of training examples classified right (1 for
// none).
func (s *SVM) Accuracy() float64 {
	if len(s.xs) == 0 {
		return 1
	}
	return float64(len(s.xs)-s.Mistakes()) / float64(len(s.xs))
}

// State is Running, Converged (the gap is below Tol) or Capped (the
// iteration cap).
func (s *SVM) State() State { return s.state }

// Err is the problem that stopped training (ErrNotSeparable, an
// overflowing kernel), if any.
func (s *SVM) Err() error { return s.err }

// Next is i of the pair the next step updates (−1 when stopped).
func (s *SVM) Next() int {
	i, _ := s.NextPair()
	return i
}

// Config is how the SVM trains, with its settings filled in.
func (s *SVM) Config() Config { return s.cfg }

// Function writes f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) + b as the perceptron's is
// written, with b.
func (s *SVM) Function() string {
	return writeFunction(s, s.cfg.Bias)
}

// Reset starts again from α = 0.
func (s *SVM) Reset() {
	s.start()
	b := s.Offset()
	for _, o := range s.observers {
		o.Cleared()
		if b != 0 {
			o.Shifted(b)
		}
	}
}

// Undo and its checkpoints. SMO's steps are deterministic and its kernel
// rows bit-identical however often they are computed, so stepping back to
// T − 1 restores the newest checkpoint at or before it and replays the
// steps after it: α, the gradient and b come back bit for bit, not to
// within rounding. A checkpoint is the cheapest record that does: a pair
// update written as two indices and two changes would bring α back (the
// values before, not the changes: α + Δ − Δ need not be α) but the
// gradient only to within rounding, and b and every later step read the
// gradient. So the history is α and G every checkpointEvery steps, in
// bytes: α as record fields (0 and a whole C are a byte or two), G 8 bytes
// each.

// svmCheckpoint is the solver's state after T steps: α then G (b and D(α)
// are computed again from them, the same bits).
type svmCheckpoint struct {
	t    int
	data []byte
}

// svmCheckpointBytes is what a checkpoint costs beyond its data.
const svmCheckpointBytes = 32

// checkpointEvery is how many steps lie between checkpoints: an undo
// replays at most this many minus one, each O(n), so about 2²⁰ updates of
// a gradient entry (a millisecond or two) at most; and up to 1024 steps, so
// that a checkpoint costs about 10·n/1024 bytes a step (n = 400: 4 bytes; a
// pair update's indices and α before would take 7 to 23, and the gradient
// would still need checkpoints).
func (s *SVM) checkpointEvery() int {
	return min(svmCheckpointsEvery, max(16, (1<<20)/max(1, len(s.xs))))
}

// svmCheckpointsEvery is the most steps between checkpoints (a variable:
// tests make it small to restore checkpoints within a few steps).
var svmCheckpointsEvery = 1024

// remember keeps a checkpoint every checkpointEvery steps, dropping the
// oldest ones while they take more than the budget (the one written is
// copied into the space of one dropped, when it fits); the undo floor
// rises to the oldest one kept.
func (s *SVM) remember() {
	if s.noUndo || s.t%s.checkpointEvery() != 0 {
		return
	}
	w := recWriter(s.ckptBuf[:0])
	for _, a := range s.alpha {
		w = w.float(a)
	}
	for _, g := range s.g {
		w = binary.LittleEndian.AppendUint64(w, math.Float64bits(g))
	}
	s.ckptBuf = w
	limit := undoBudget(s.cfg) - cap(s.ckptBuf)
	var spare []byte
	drop := 0
	for drop < len(s.ckpts) && s.ckptBytes+len(w)+svmCheckpointBytes > limit {
		spare = s.ckpts[drop].data
		s.ckptBytes -= cap(spare) + svmCheckpointBytes
		drop++
	}
	if drop > 0 {
		s.dropped = true
		s.ckpts = slices.Delete(s.ckpts, 0, drop)
	}
	if len(w)+svmCheckpointBytes > limit {
		// Not even this one fits: nothing can be undone, and nothing is
		// kept, the space to write one in either.
		s.dropped, s.ckptBuf = true, nil
		return
	}
	if cap(spare) < len(w) || s.ckptBytes+cap(spare)+svmCheckpointBytes > limit {
		spare = make([]byte, 0, len(w))
	}
	data := append(spare[:0], w...)
	s.ckpts = append(s.ckpts, svmCheckpoint{t: s.t, data: data})
	s.ckptBytes += cap(data) + svmCheckpointBytes
}

// restore sets α and G from checkpoint ck.
func (s *SVM) restore(ck svmCheckpoint) {
	rd := recReader{b: ck.data}
	for i := range s.alpha {
		s.alpha[i] = rd.float()
	}
	for i := range s.g {
		s.g[i] = math.Float64frombits(binary.LittleEndian.Uint64(ck.data[rd.off:]))
		rd.off += 8
	}
}

// HistoryBytes is the memory the undo history holds, in bytes.
func (s *SVM) HistoryBytes() int { return s.ckptBytes + cap(s.ckptBuf) }

// CanUndo reports whether a step can be put back.
func (s *SVM) CanUndo() bool { return s.t > s.UndoFloor() }

// UndoFloor is the smallest T Undo reaches: 0 until the budget drops a
// checkpoint, then the oldest checkpoint kept (T when none is).
func (s *SVM) UndoFloor() int {
	switch {
	case s.noUndo:
		return s.t
	case !s.dropped:
		return 0
	case len(s.ckpts) > 0:
		return s.ckpts[0].t
	}
	return s.t
}

// Undo puts the last pair update back, exactly; observers are told of the
// net change of each coefficient and of b.
func (s *SVM) Undo() bool {
	if !s.CanUndo() {
		return false
	}
	target := s.t - 1
	oldAlpha, oldB := slices.Clone(s.alpha), s.Offset()
	oldSVs := slices.Clone(s.svs)
	for n := len(s.ckpts); n > 0 && s.ckpts[n-1].t > target; n = len(s.ckpts) {
		s.ckptBytes -= cap(s.ckpts[n-1].data) + svmCheckpointBytes
		s.ckpts[n-1] = svmCheckpoint{}
		s.ckpts = s.ckpts[:n-1]
	}
	if n := len(s.ckpts); n > 0 {
		ck := s.ckpts[n-1]
		s.restore(ck)
		for i := range s.alpha {
			s.status(i)
		}
		s.t, s.fresh = ck.t, false
		s.svs = s.svs[:0]
		for i, a := range s.alpha {
			if a > 0 {
				s.svs = append(s.svs, i)
			}
		}
	} else {
		clear(s.alpha)
		for i := range s.g {
			s.g[i] = -1
			s.status(i)
		}
		s.svs = s.svs[:0]
		s.t, s.fresh = 0, false
	}
	s.err = nil
	s.settle()
	for s.t < target {
		// These steps were taken before with the same state: they cannot
		// fail now.
		if _, err := s.update(s.next, false); err != nil {
			s.err = err
			break
		}
	}
	s.refresh()
	for _, o := range s.observers {
		for _, k := range mergeSorted(oldSVs, s.svs) {
			if d := s.alpha[k] - oldAlpha[k]; d != 0 {
				o.Changed(s.xs[k], d*float64(s.ys[k]))
			}
		}
		if d := s.b - oldB; d != 0 {
			o.Shifted(d)
		}
	}
	return true
}

// mergeSorted is the union of two ascending index lists, ascending.
func mergeSorted(a, b []int) []int {
	out := make([]int, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case len(a) == 0 || b[0] < a[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return out
}

// Run steps until the solver stops, and returns the error that stopped it
// (nil when it converged or reached the cap).
func (s *SVM) Run() error {
	for {
		if _, err := s.Step(); err != nil {
			if err == ErrStopped {
				return nil
			}
			return err
		}
	}
}

// SVMRowsComputed is how many kernel rows s has computed so far (first
// computations and recomputations after eviction), for benchmarks.
func SVMRowsComputed(s *SVM) int { return s.rows.computed }
