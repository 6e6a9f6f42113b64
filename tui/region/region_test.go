package region

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/action"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// harness is the region panel alone on a session, w×h with its border,
// its field on its plot's grid, its keys (~ , . and U) answered as the
// program answers them, and a host that records what they say; after
// each key it does what the program does after every message.
type harness struct {
	t    testing.TB
	s    *lab.Session
	r    *RegionView
	host *tuitest.Host
	keys action.List
	w, h int
}

func newHarness(t testing.TB, o lab.Options, w, h int) *harness {
	t.Helper()
	s := tuitest.Session(t, o)
	hs := &harness{t: t, s: s, host: &tuitest.Host{S: s}, w: w, h: h}
	hs.r = &RegionView{S: s, Th: common.NewTheme(true, false, colorprofile.TrueColor), Approx: NewApproxOverlay()}
	hs.keys = append(hs.r.Approx.Actions(s, hs.host), hs.r.UpdateAction(hs.host))
	hs.update()
	return hs
}

// update does what the program does after every message: the keys
// enabled as they act now, the panel sized, the field computed on the
// plot's grid (two pixels a cell), the overlay's job run and its result
// taken, until none is needed, and the drawing brought up to date.
func (hs *harness) update() {
	hs.t.Helper()
	hs.keys.Sync()
	hs.r.SetSize(hs.w, hs.h)
	tuitest.RunField(hs.s.Resize(hs.r.PlotW, 2*hs.r.PlotH))
	for n := 0; ; n++ {
		cmd := hs.r.Approx.Check(hs.s, true, false, time.Time{}, 0)
		if cmd == nil {
			break
		}
		if n > 10 {
			hs.t.Fatal("the overlay asks for jobs without end")
		}
		hs.r.Approx.Ready(cmd().(ApproxMsg))
	}
	hs.r.Refresh()
}

// press answers keys as the program does: the first action of the key
// that acts now does, or the host is told why none does.
func (hs *harness) press(keys ...string) {
	hs.t.Helper()
	for _, k := range keys {
		hs.keys.Sync()
		_, why, ok := hs.keys.Handle(tuitest.Key(k))
		if !ok {
			hs.t.Fatalf("the region has no key %s", k)
		}
		if why != "" {
			hs.host.Say(why)
		}
		hs.update()
	}
}

// enabled reports whether key's action acts now, as help shows it.
func (hs *harness) enabled(key string) bool {
	hs.keys.Sync()
	for _, a := range hs.keys {
		if a.Has(tuitest.Key(key)) {
			return a.Binding.Enabled()
		}
	}
	hs.t.Fatalf("the region has no key %s", key)
	return false
}

// step takes n steps of training (space n times).
func (hs *harness) step(n int) {
	for range n {
		hs.s.Step()
	}
	hs.update()
}

// converge trains until the learner stops (c), and fails unless it
// converged.
func (hs *harness) converge() {
	hs.t.Helper()
	for hs.s.Step() {
	}
	if st := hs.s.Learner().State(); st != learn.Converged {
		hs.t.Fatalf("%s did not converge: %v", hs.s.Options().Dataset, st)
	}
	hs.update()
}

// resize gives the panel w×h.
func (hs *harness) resize(w, h int) {
	hs.w, hs.h = w, h
	hs.update()
}

// plot is the panel's plot as drawn, colours stripped: the lines under
// the title and the header lines, inside the border.
func (hs *harness) plot() string {
	lines := strings.Split(ansi.Strip(hs.r.View()), "\n")
	lines = lines[1+hs.r.headerLines() : len(lines)-1]
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(strings.TrimPrefix(l, "│"), "│")
	}
	return strings.Join(lines, "\n")
}

// fileOptions are points opened as the command line opens a --data file:
// the linear kernel, η = 1, tie rule mistake.
func fileOptions(name string, pts []datasets.Point) lab.Options {
	return lab.Options{File: name, Points: pts, Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 100, Seed: 1, Params: learn.NewParams("eta", 1)}}
}

// TestGoldens: the region alone, after three steps of seed 003's worked
// example, at a narrow and a wide size and a small one: the field, the
// points and the axes in a box of exactly its size. The field and the view
// are the program's at 120×40, where the region is 77×34 (its plot 68×31),
// drawn at each size as a resize draws them before the new field comes.
func TestGoldens(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "worked4", 0), 77, 34)
	hs.step(3)
	for _, size := range [][2]int{{40, 12}, {72, 20}, {16, 5}} {
		w, h := size[0], size[1]
		hs.r.SetSize(w, h)
		hs.r.Refresh()
		got := hs.r.View()
		tuitest.Fits(t, got, w, h)
		tuitest.Golden(t, filepath.Join("testdata", fmt.Sprintf("worked4_3steps_%dx%d.golden", w, h)), got)
	}
}

// TestAnySize: the panel draws exactly its size down to 1×1, plain, with
// the overlay and its legend, in projector mode, in the update view, as a
// pane of comparison mode, and with the cursor on.
func TestAnySize(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, tuitest.Builtin(t, "moons", 0), 77, 34)
	hs.step(40)
	sizes := func(state string) {
		t.Run(state, func(t *testing.T) {
			for w := 1; w <= 30; w += 3 {
				for h := 1; h <= 12; h++ {
					hs.resize(w, h)
					tuitest.Fits(t, hs.r.View(), w, h)
				}
			}
		})
	}
	sizes("plain")
	hs.press("~")
	sizes("overlay")
	hs.press("~")
	hs.r.Big = true
	sizes("projector")
	hs.r.Big = false
	hs.press("U")
	sizes("update view")
	hs.press("U")
	hs.r.Compare, hs.r.Figures = true, "margin 0.1 │ SV 10 │ acc 90%"
	sizes("comparison pane")
	hs.r.Compare = false
	hs.r.PlaceCursor(3, 2)
	sizes("cursor")
}

// TestWorked4BoundaryContinuous: after the first step of seed 003's
// example, f(x) = (x₁ + x₂)² is 0 exactly on the anti-diagonal x₂ = −x₁
// and positive elsewhere, so under tie neg that line is the −1 class and
// the boundary. It only touches 0, so a sign change between lattice
// neighbours never sees it; it must still be drawn as one continuous line
// (every pixel row of the plot has a boundary pixel, and those of
// neighbouring rows are at most one column apart) at every size: the
// region's in terminals of 80×24 (narrow: the whole width), 100×30,
// 120×36, 120×40, 160×48 and 200×60 (beside side panels of
// max(36, min(64, 36% of the width))), six rows for the bottom lines.
func TestWorked4BoundaryContinuous(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 18}, {64, 24}, {77, 30}, {77, 34}, {103, 42}, {136, 54}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			hs := newHarness(t, tuitest.Builtin(t, "worked4", 0), size[0], size[1])
			hs.step(1)
			d := &hs.r.draw
			if d.w == 0 || len(d.base) != 2*d.w*d.h {
				t.Fatalf("no drawing: %d×%d, %d colours", d.w, d.h, len(d.base))
			}
			prev := []int(nil)
			for py := range 2 * d.h {
				var cols []int
				for cx := range d.w {
					if d.base[2*((py/2)*d.w+cx)+py%2] == common.ColBoundary {
						cols = append(cols, cx)
					}
				}
				if len(cols) == 0 {
					t.Fatalf("pixel row %d of %d has no boundary pixel", py, 2*d.h)
				}
				if prev != nil && (cols[0] > prev[len(prev)-1]+1 || cols[len(cols)-1] < prev[0]-1) {
					t.Fatalf("pixel row %d: boundary at columns %v, row above at %v: a gap", py, cols, prev)
				}
				prev = cols
			}
		})
	}
}

// dup is the rows 1,1,1 / 1,1,1 / -1,-1,-1: after c the status says
// SV 1/3, x₁ alone (its twin is then correct).
var dup = []datasets.Point{{X1: 1, X2: 1, Y: 1}, {X1: 1, X2: 1, Y: 1}, {X1: -1, X2: -1, Y: -1}}

// TestSupportVectorOnTop: the cell x₁ shares with its twin shows the
// support vector's ⊕, not the plain + of the twin drawn over it; in
// projector mode its [+], not the twin's ++.
func TestSupportVectorOnTop(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, fileOptions("dup.csv", dup), 77, 34)
	hs.converge()
	if l := hs.s.Learner(); len(l.SupportVectors()) != 1 || l.Alpha(0) == 0 {
		t.Fatalf("support vectors %v, want x₁ alone (its twin is then correct)", l.SupportVectors())
	}
	// The title's legend and the key line show the markers too: the plot
	// is what counts.
	if plot := hs.plot(); !strings.Contains(plot, common.GlyphPosSV) {
		t.Errorf("the support vector is hidden under its twin:\n%s", ansi.Strip(hs.r.View()))
	}
	hs.r.Big = true
	hs.update()
	if plot := hs.plot(); !strings.Contains(plot, "[+]") {
		t.Errorf("projector mode: the support vector is hidden under its twin:\n%s", plot)
	}
}

// TestCellAtZero: a cell centred on an axis is at 0, not at the rounding
// noise of MinX1 + (cx + ½)·width/pw (the cursor read f(2.22e-16, −1.161)).
// On [−1.3, 1.3] with 13 cells the centre of cell 6 is 0; in float64
// −1.3 + 6.5·2.6/13 is 2.220446049250313e-16.
func TestCellAtZero(t *testing.T) {
	x1, x2 := CellAt(learn.Rect{MinX1: -1.3, MaxX1: 1.3, MinX2: -1.3, MaxX2: 1.3}, 13, 13, 6, 6)
	if x1 != 0 || x2 != 0 {
		t.Errorf("CellAt(6, 6) = (%g, %g), want (0, 0)", x1, x2)
	}
}
