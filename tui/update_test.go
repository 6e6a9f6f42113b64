package tui

import (
	"kernelscope/tui/common"

	"strings"
	"testing"

	"kernelscope/learn"
)

// TestUpdateView: U shows the term the last mistake added to f,
// η·yᵢ·K(xᵢ, x) (seed 001), in yᵢ's hue and strongest at xᵢ, with the
// boundary before that mistake as a ghost beside the current one.
func TestUpdateView(t *testing.T) {
	m := newModel(t, builtinOptions(t, "moons", 0), 120, 40)
	mistakes := 0
	for mistakes < 3 {
		press(m, "space")
		if st, ok := m.s.Last(); ok && st.Step.Mistake {
			mistakes++
		}
	}
	last, _ := m.s.Last()
	press(m, "U")
	title := strings.SplitN(screen(m), "\n", 2)[0]
	want := "the last mistake (t=" + itoa(last.Step.T) + ") added " + learn.Num(float64(last.Step.Y)) + "·K(x" + learn.Sub(last.Step.I+1) + ", x)"
	if !strings.Contains(title, want) {
		t.Errorf("title %q lacks %q", title, want)
	}
	d := &m.region.Draw
	counts := map[string]int{}
	for _, c := range d.Base {
		switch {
		case c == common.ColGhost:
			counts["ghost"]++
		case c == common.ColBoundary:
			counts["boundary"]++
		case c >= common.ColPos && c < common.ColPos+common.Shades:
			counts["pos"]++
		case c >= common.ColNeg && c < common.ColNeg+common.Shades:
			counts["neg"]++
		}
	}
	if counts["ghost"] == 0 || counts["boundary"] == 0 {
		t.Errorf("pixels %v: want both the boundary and its ghost", counts)
	}
	// The bump is one signed kernel: with the RBF kernel every pixel away
	// from the boundaries takes yᵢ's hue.
	if (last.Step.Y > 0 && counts["neg"] > 0) || (last.Step.Y < 0 && counts["pos"] > 0) {
		t.Errorf("pixels %v: the bump of y = %d has pixels of the other hue", counts, last.Step.Y)
	}
	press(m, "U")
	if m.region.Draw.Update != nil || strings.Contains(screen(m), "U: the last mistake") {
		t.Error("U again should show f again")
	}
}

func itoa(n int) string { return learn.Num(float64(n)) }
