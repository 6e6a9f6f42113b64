package region

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// TestUpdateView: U shows the term the last mistake added to f,
// η·yᵢ·K(xᵢ, x) (seed 001), in yᵢ's hue and strongest at xᵢ, with the
// boundary before that mistake as a ghost beside the current one; U again
// shows f.
func TestUpdateView(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 0), 77, 34)
	for mistakes := 0; mistakes < 3; {
		hs.step(1)
		if st, ok := hs.s.Last(); ok && st.Step.Mistake {
			mistakes++
		}
	}
	last, _ := hs.s.Last()
	hs.press("U")
	title := strings.SplitN(ansi.Strip(hs.r.View()), "\n", 2)[0]
	want := "the last mistake (step " + learn.Num(float64(last.Step.T)) + ") added " + learn.Num(float64(last.Step.Y)) + "·K(x" + learn.Sub(last.Step.I+1) + ", x)"
	if !strings.Contains(title, want) {
		t.Errorf("title %q lacks %q", title, want)
	}
	if !strings.Contains(hs.host.Said, "the term a mistake adds to f") {
		t.Errorf("U says %q", hs.host.Said)
	}
	d := &hs.r.draw
	counts := map[string]int{}
	for _, c := range d.base {
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
	// Color-free, the bump's sides and the ghost are textures.
	hs.r.Th = common.NewTheme(true, true, colorprofile.Ascii)
	for _, size := range [][2]int{{77, 34}, {40, 12}} {
		hs.resize(size[0], size[1])
		tuitest.Golden(t, filepath.Join("testdata", fmt.Sprintf("update_moons_mono_%dx%d.golden", size[0], size[1])), hs.r.View())
	}
	hs.press("U")
	if hs.r.draw.update != nil || strings.Contains(ansi.Strip(hs.r.View()), "U: the last mistake") {
		t.Error("U again should show f again")
	}
	if hs.host.Said != "update view off: the region shows f again" {
		t.Errorf("U again says %q", hs.host.Said)
	}
}

// TestUpdateViewOff: U draws a perceptron's bump; a learner that updates
// otherwise has it off, and says why (here the SVM, which moves a pair).
func TestUpdateViewOff(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Learner = "svm"
	hs := newHarness(t, o, 77, 34)
	hs.step(3)
	if hs.enabled("U") {
		t.Fatal("U is enabled for the SVM")
	}
	hs.press("U")
	if hs.r.ShowBump || !strings.Contains(hs.host.Said, "an SVM iteration moves two α at once") {
		t.Errorf("U with the SVM: bump %v, says %q", hs.r.ShowBump, hs.host.Said)
	}
}
