package figure

import (
	"math"
	"slices"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// TestOfLogistic: the figure of logistic regression shades P(y = +1 | x):
// white at P = ½ (f = 0), the +1 hue mixed in by tintMin + (tintMax −
// tintMin)·|P − ½|/½ (at f = ln 3, P = ¾: a = 0.06 + 0.44·½ = 0.28);
// its contours are P = 0.1, ½ and 0.9 (f = −ln 9, 0, ln 9); it rings the
// examples that hold half of Σα, not every example (all have α > 0), and
// its key and subtitle say so, with the mean log-loss.
func TestOfLogistic(t *testing.T) {
	moons, _ := datasets.Lookup("moons")
	pts := moons.Generate(60, 0.2, 1)
	cfg := learn.Config{Learner: "logistic", Kernel: learn.RBF{Sigma: 0.5}, Tie: learn.TieNeg, Epochs: 5}
	l, err := learn.NewLearner(cfg, datasets.Examples(pts))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Run(); err != nil {
		t.Fatal(err)
	}
	spec, err := Of(t.Context(), l, pts, nil, datasets.ViewOf(pts), "moons")
	if err != nil {
		t.Fatal(err)
	}
	d := l.(learn.Dense)
	var heavy []int
	for j := range l.N() {
		if d.Heavy(j) {
			heavy = append(heavy, j)
		}
	}
	if spec.Link == nil || !slices.Equal(spec.Marked, heavy) || len(heavy) == 0 || len(heavy) == l.N() {
		t.Fatalf("link %v, marked %v, heavy %v", spec.Link, spec.Marked, heavy)
	}
	if k := key(spec); !strings.Contains(k, "shaded P(y = +1 | x): P = ½ solid, 0.9 and 0.1 dashed") || !strings.Contains(k, "hold half of Σα") {
		t.Errorf("key %q", k)
	}
	if !strings.Contains(spec.Subtitle, "mean log-loss") || strings.Contains(spec.Subtitle, "#SV") {
		t.Errorf("subtitle %q", spec.Subtitle)
	}
	if c := tintP(0, spec.Link); c.R != 0xff || c.G != 0xff || c.B != 0xff {
		t.Errorf("P = ½: %v, want white", c)
	}
	if c, want := tintP(math.Log(3), spec.Link), mix(PositiveInk, 0.28); c != want {
		t.Errorf("P = ¾: %v, want %v", c, want)
	}
	if c, want := tintP(-math.Log(3), spec.Link), mix(negativeTint, 0.28); c != want {
		t.Errorf("P = ¼: %v, want %v", c, want)
	}
	fd := learn.NewField(spec.View, 40, 40)
	fd.Recompute(spec.F)
	cs := contours(fd, spec)
	if len(cs) != 3 || cs[2].style.Dashes != nil || cs[0].style.Dashes == nil {
		t.Fatalf("%d contours", len(cs))
	}
	// The dashed lines lie where P = 0.1 and 0.9: f = ∓ln 9.
	if lv := spec.Link.Logit(0.9); math.Abs(lv-math.Log(9)) > 1e-15 || math.Abs(spec.Link.Logit(0.1)+math.Log(9)) > 1e-15 {
		t.Errorf("Logit(0.9) = %v, want ln 9", lv)
	}
}
