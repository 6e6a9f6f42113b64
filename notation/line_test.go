package notation

import (
	"math"
	"strings"
	"testing"

	"kernelscope/learn"
)

func TestWhere(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		set  []learn.Interval
		want string
	}{
		{nil, "nowhere"},
		{[]learn.Interval{{Lo: -inf, Hi: inf}}, "everywhere"},
		{[]learn.Interval{{Lo: -1 / math.Sqrt(3), Hi: 1 / math.Sqrt(3)}}, "−0.5774 < x < 0.5774"},
		{[]learn.Interval{{Lo: -inf, Hi: -1}, {Lo: 1, Hi: inf}}, "x < −1 or x > 1"},
		{[]learn.Interval{{Lo: 0.5, Hi: inf}}, "x > 0.5"},
	} {
		if got := Where(c.set, "x"); got != c.want {
			t.Errorf("Where(%v) = %q, want %q", c.set, got, c.want)
		}
	}
}

// TestOnLine: seed 003's worked example's f = (x₁ + x₂)², on the line
// x₂ = 0, is x², positive everywhere but at 0.
func TestOnLine(t *testing.T) {
	p, err := learn.New(learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieNeg, Epochs: 100},
		[]learn.Example{{X1: 1, X2: 1, Y: 1}, {X1: -1, X2: 1, Y: -1}, {X1: -1, X2: -1, Y: 1}, {X1: 1, X2: -1, Y: -1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if got, want := OnLine(p, -2, 2), "on the line (x₂ = 0): f(x) = x² > 0 for x < 0 or x > 0"; got != want {
		t.Errorf("OnLine = %q, want %q", got, want)
	}
	if got := ProbeLine(p, learn.TieNeg, 0.5); !strings.HasPrefix(got, "f(0.5) = Σ αₖ yₖ K(xₖ, x) = 1·0.25 = 0.25 → sign(0.25) = +1") {
		t.Errorf("ProbeLine = %q", got)
	}
	// An RBF kernel is searched over the range, and says so.
	r, _ := learn.New(learn.Config{Kernel: learn.RBF{Sigma: 0.5}, Tie: learn.TieMistake, Epochs: 100},
		[]learn.Example{{X1: -1, Y: -1}, {X1: 0, Y: 1}, {X1: 1, Y: -1}})
	if err := r.Run(); err != nil {
		t.Fatal(err)
	}
	if got := OnLine(r, -2, 2); !strings.HasPrefix(got, "on the line (x₂ = 0): f(x) > 0 for −0.") || !strings.HasSuffix(got, "(searched over −2 ≤ x ≤ 2)") {
		t.Errorf("OnLine (RBF) = %q", got)
	}
}
