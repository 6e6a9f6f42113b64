package common

import (
	"math"
	"testing"

	"kernelscope/tui/internal/tuitest"
)

// TestPerceptronMargin: the geometric margin min yᵢf(xᵢ)/‖w‖ from the kept
// scores equals the double sum ‖w‖² = Σᵢ Σⱼ cᵢ cⱼ K(xᵢ, xⱼ) written out.
func TestPerceptronMargin(t *testing.T) {
	t.Parallel()
	s := tuitest.Session(t, tuitest.Builtin(t, "moons", 0))
	for s.Step() {
	}
	p := s.Learner()
	n2 := 0.0
	for _, i := range p.SupportVectors() {
		for _, j := range p.SupportVectors() {
			n2 += p.Coef(i) * p.Coef(j) * p.K(i, j)
		}
	}
	low := math.Inf(1)
	for i := range p.N() {
		low = math.Min(low, float64(p.Y(i))*p.Decide(p.X(i).X1, p.X(i).X2))
	}
	got, ok, _ := margin(p)
	if want := low / math.Sqrt(n2); !ok || math.Abs(got-want) > 1e-9*math.Abs(want) {
		t.Errorf("margin %v (ok %v), want %v", got, ok, want)
	}
}
