package datasets

import (
	"slices"
	"testing"

	"kernelscope/learn"
)

// TestInterval checks the 1-D example point by point. The 20 points are
// numpy's linspace(−1, 1, 20): both ends included, 2/19 apart, so
// xᵢ = −1 + 2i/19 = (2i − 19)/19, i = 0 … 19; written below as the odd
// numerators k = 2i − 19 over 19. y = +1 iff |x| < 0.5, i.e. |k| < 9.5:
// k = −9 … 9 (i = 5 … 14) are +1, the five on either side −1.
func TestInterval(t *testing.T) {
	b := mustLookup(t, "interval")
	want := Preset{Kernel: "poly(d=2,c=1)", Bias: false, Tie: learn.TieMistake}
	if b.Generated || b.DefaultNoise != 0 || b.DefaultN != 20 || !b.OneD || b.Preset != want {
		t.Errorf("interval: %+v; want a fixed 1-D set of 20 points with preset %+v", b, want)
	}
	ks := []int{-19, -17, -15, -13, -11, -9, -7, -5, -3, -1, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19}
	ys := []int{-1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1}
	var wantPts []Point
	for i, k := range ks {
		wantPts = append(wantPts, Point{X1: float64(k) / 19, X2: 0, Y: ys[i]})
	}
	got := b.Generate(0, 0, 0)
	if !slices.Equal(got, wantPts) {
		t.Fatalf("interval points:\n got %v\nwant %v", got, wantPts)
	}
	if got[0].X1 != -1 || got[19].X1 != 1 {
		t.Errorf("ends %v and %v, want −1 and 1 exactly", got[0].X1, got[19].X1)
	}
	for i := range got {
		if got[i].X1 != -got[19-i].X1 {
			t.Errorf("x%d = %v is not −x%d = %v: the set is not symmetric", i, got[i].X1, 19-i, got[19-i].X1)
		}
		if i > 0 {
			if d := got[i].X1 - got[i-1].X1; d < 2.0/19-1e-15 || d > 2.0/19+1e-15 {
				t.Errorf("x%d − x%d = %v, want 2/19", i, i-1, d)
			}
		}
	}
	// No threshold on the line separates them (the notes' point): any
	// threshold leaves a −1 on the +1 side or the other way round, since
	// the −1s lie on both sides of the +1s.
	if got[0].Y != -1 || got[10].Y != 1 || got[19].Y != -1 {
		t.Error("the +1 class is not between the two parts of the −1 class")
	}
}
