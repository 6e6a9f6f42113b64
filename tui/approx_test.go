package tui

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/common"
)

// The approximate boundary in the program: its keys, its legend and its
// contour on the screen, and comparison mode holding it. Its numbers (the
// agreement against an independent count, the stale and throttled jobs,
// f̃ without support vectors) are package region's tests.

// pressJob sends keys and runs what each returns, the overlay's job
// included, to the end.
func pressJob(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(keyMsg(k))
		run(m, cmd, 100)
	}
}

// trainedMoons is moons (RBF, σ = 0.5) trained to convergence.
func trainedMoons(t testing.TB, w, h int) *Model {
	t.Helper()
	m := newModel(t, builtinOptions(t, "moons", 0), w, h)
	pressRun(m, "c")
	if !strings.Contains(screen(m), "converged ✓") {
		t.Fatalf("moons did not converge:\n%s", screen(m))
	}
	return m
}

// shownAgreement reads the agreement the legend shows, in percent.
func shownAgreement(t *testing.T, m *Model) float64 {
	t.Helper()
	got := regexp.MustCompile(`same sign as f on ([0-9.]+)%`).FindStringSubmatch(screen(m))
	if got == nil {
		t.Fatalf("no agreement in the legend:\n%s", screen(m))
	}
	v, err := strconv.ParseFloat(got[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// approxLegend is the line of the screen with the overlay's legend, ""
// when there is none.
func approxLegend(m *Model) string {
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.Contains(l, common.GlyphApprox+" f̃") {
			return l
		}
	}
	return ""
}

// approxResultShown reports whether the legend shows a result: the
// agreement, in any of its lengths, or why there is no f̃ (", " after
// f̃), and not "computing…" alone.
func approxResultShown(legend string) bool {
	return strings.Contains(legend, "same sign as f on") || strings.Contains(legend, "%") || strings.Contains(legend, common.GlyphApprox+" f̃, ")
}

// TestApproxConverges: on a trained RBF run, the legend shows f̃ with
// D = 4096 random features agreeing with f on far more of the grid than
// with D = 4 (measured 54% and 97% on moons, seed 1): , four times from
// 64, . ten times from 4.
func TestApproxConverges(t *testing.T) {
	m := trainedMoons(t, 120, 40)
	pressJob(m, "~")
	for range 4 { // 64 → 4
		pressJob(m, ",")
	}
	if l := approxLegend(m); !regexp.MustCompile(`rff:4\b`).MatchString(l) {
		t.Fatalf("the legend after four halvings of 64 is not for rff:4: %q", l)
	}
	lo := shownAgreement(t, m)
	for range 10 { // 4 → 4096
		pressJob(m, ".")
	}
	if l := approxLegend(m); !strings.Contains(l, "rff:4096") {
		t.Fatalf("the legend after ten doublings of 4 does not name the map rff:4096: %q", l)
	}
	hi := shownAgreement(t, m)
	if !(hi > lo+20) || hi < 90 || lo > 80 {
		t.Errorf("agreement with f: %.1f%% at D = 4, %.1f%% at D = 4096; want it to rise from below 80%% to above 90%%", lo, hi)
	}
}

// TestApproxKeys: ~ toggles the overlay, its legend and its contour; ,
// and . halve and double D along 1 … 4096 and stop there, saying so; they
// say why they do nothing while the overlay is off. Comparison mode
// refuses it, and it comes back after.
func TestApproxKeys(t *testing.T) {
	m := trainedMoons(t, 120, 40)
	pressJob(m, ".")
	if !screenSays(m, "~ shows the approximate boundary f̃ first; , and . then halve and double its D") || approxLegend(m) != "" {
		t.Errorf(". with the overlay off:\n%s", screen(m))
	}
	pressJob(m, "~")
	if !strings.Contains(approxLegend(m), common.GlyphApprox+" f̃ = w·z(x), rff:64") {
		t.Fatalf("~ did not show the overlay and its legend:\n%s", screen(m))
	}
	if !strings.Contains(screen(m), common.GlyphApprox+common.GlyphApprox) {
		t.Errorf("no contour drawn:\n%s", screen(m))
	}
	for range 20 {
		pressJob(m, ",")
	}
	if l := approxLegend(m); !regexp.MustCompile(`rff:1\b`).MatchString(l) || !screenSays(m, "D = 1 is the end of the ladder 1, 2, 4, …, 4096") {
		t.Errorf("after 20 halvings: legend %q\n%s", l, screen(m))
	}
	for range 20 {
		pressJob(m, ".")
	}
	if l := approxLegend(m); !strings.Contains(l, "rff:4096") || !screenSays(m, "D = 4096 is the end of the ladder") {
		t.Errorf("after 20 doublings: legend %q\n%s", l, screen(m))
	}
	pressJob(m, "~")
	if strings.Contains(screen(m), common.GlyphApprox) || !screenSays(m, "the approximate boundary is hidden (~ shows it)") {
		t.Errorf("~ again left the overlay on screen:\n%s", screen(m))
	}
	// Comparison mode refuses it.
	pressJob(m, "~", "|")
	if approxLegend(m) != "" || strings.Contains(screen(m), common.GlyphApprox) {
		t.Errorf("comparison mode shows the overlay:\n%s", screen(m))
	}
	pressJob(m, "~")
	if !screenSays(m, "comparison mode shows two learners: the approximate boundary f̃ overlays one region; | ends it") {
		t.Errorf("~ in comparison mode:\n%s", screen(m))
	}
	for _, k := range []string{",", "."} {
		pressJob(m, k)
		if !screenSays(m, "comparison mode shows two learners, and no approximate boundary: | ends it") {
			t.Errorf("%s in comparison mode:\n%s", k, screen(m))
		}
	}
	pressJob(m, "|")
	if !strings.Contains(approxLegend(m), "same sign as f on") {
		t.Errorf("the overlay did not come back after comparison mode:\n%s", screen(m))
	}
}

// TestApproxNystrom: for a kernel other than RBF the map is Nyström, with
// its landmarks capped at n; with every point a landmark f̃ is f (seed
// 003's worked example, poly d = 2: rank 3 of 4).
func TestApproxNystrom(t *testing.T) {
	m := newModel(t, builtinOptions(t, "worked4", 0), 120, 40)
	for range 8 {
		press(m, "space")
	}
	pressJob(m, "~")
	out := screen(m)
	for _, want := range []string{"nystrom:4", "landmarks ≤ n = 4", "same sign as f on 100.0%"} {
		if !strings.Contains(out, want) {
			t.Errorf("the legend lacks %q:\n%s", want, out)
		}
	}
}

// TestApproxGolden: the screen with the overlay on, moons trained to
// convergence, D = 64, at 80×24 and 120×40.
func TestApproxGolden(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := trainedMoons(t, size[0], size[1])
			pressJob(m, "~")
			golden(t, filepath.Join("testdata", "screens", fmt.Sprintf("approx_moons_%dx%d.golden", size[0], size[1])), screen(m))
		})
	}
}

// stopTraining presses esc while the status says training runs by
// itself (a run's chunks and autoplay's ticks are not run here), and runs
// what that returns.
func stopTraining(m *Model) {
	if out := screen(m); strings.Contains(out, "(esc stops)") || regexp.MustCompile(`playing \d+/s`).MatchString(out) {
		_, cmd := m.Update(keyMsg("esc"))
		run(m, cmd, 50)
	}
}

// TestApproxRandomKeys: random keys with the overlay on, every command
// run (but autoplay's ticks), at sizes down to 1×1, for the perceptron, a
// relative, the averaged perceptron and the SVM, never panic and always
// fill the terminal. Two rounds: every key (views, comparison mode, help,
// quiz), then the keys that change what f̃ is computed from (training,
// data, kernel, learner, D, edits) in a terminal where the region is on
// screen, where the legend is always on screen and shows a result after
// nearly every key (the job is run with the key's commands).
func TestApproxRandomKeys(t *testing.T) {
	every := append(allKeys(), "~", ",", ".", ".", ",", "|", "o", "x", "delete")
	training := strings.Fields("space space e c b r E d D n N z Z S k K [ ] { } a t s l l < > ( ) o x delete up left right down v 1 u h , . , . ,")
	sizes := [][2]int{{120, 40}, {80, 24}, {30, 8}, {1, 1}, {20, 6}, {200, 60}}
	for _, c := range []struct {
		data string
		algo string
	}{{"moons", "perceptron"}, {"circles", "svm"}, {"xor", "forgetron"}, {"worked4", "averaged"}} {
		t.Run(c.data, func(t *testing.T) {
			o := builtinOptions(t, c.data, 0)
			o.Config.Learner = c.algo
			m := newModel(t, o, 120, 40)
			pressJob(m, "~")
			r := rand.New(rand.NewPCG(14, 0))
			send := func(k string) {
				_, cmd := m.Update(keyMsg(k))
				if k != "p" { // autoplay's ticks wait for their time
					run(m, cmd, 50)
				}
				stopTraining(m)
			}
			for i := range 300 {
				k := every[r.IntN(len(every))]
				if k == "q" || k == "ctrl+c" || k == "w" || k == "F" || k == "R" || k == "O" {
					continue
				}
				send(k)
				if i%10 == 0 {
					sz := sizes[r.IntN(len(sizes))]
					_, cmd := m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
					run(m, cmd, 50)
				}
				_ = m.View()
			}
			assertFits(t, m, sizes)

			// Round two: back to one region with the overlay on.
			m = newModel(t, o, 120, 40)
			pressJob(m, "~")
			shown := 0
			for range 200 {
				k := training[r.IntN(len(training))]
				send(k)
				l := approxLegend(m)
				if l == "" {
					t.Fatalf("after %q: the overlay is on, and no legend:\n%s", k, screen(m))
				}
				if approxResultShown(l) {
					shown++
				}
			}
			if shown < 150 {
				t.Errorf("a result was on screen after only %d of 200 keys", shown)
			}
		})
	}
}
