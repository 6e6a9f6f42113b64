package feature

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
	"kernelscope/tui/internal/tuitest"
)

// The feature view where a lecturer shows it: the panel sizes the program
// gives it in a terminal of 80×24 and of 100×30 (a projector), and of
// 160×48.
var lectureSizes = []struct {
	screen string
	w, h   int
}{{"80x24", 80, 18}, {"100x30", 64, 24}, {"160x48", 103, 42}}

// lectureCase is a state of a session the lecture shows.
type lectureCase struct {
	name, dataset string
	train         func(s *lab.Session)
}

var (
	oneStep   = func(s *lab.Session) { s.Step() }
	converged = func(s *lab.Session) {
		for s.Step() {
		}
	}
	lectureCases = []lectureCase{
		{"worked4_step1", "worked4", oneStep},
		{"worked4_converged", "worked4", converged},
		{"xor_converged", "xor", converged},
	}
)

// open opens c's session in a view of w×h, trained, and draws it.
func (c lectureCase) open(t *testing.T, w, h int, mono bool) *harness {
	t.Helper()
	hs := newHarness(t, tuitest.Builtin(t, c.dataset, 0), w, h)
	c.train(hs.s)
	hs.v.Th = common.NewTheme(true, mono, colorprofile.TrueColor)
	hs.show()
	return hs
}

// inner is the panel's rows without its border, the title row left out.
func inner(view string) []string {
	lines := strings.Split(view, "\n")
	var out []string
	for _, l := range lines[1 : len(lines)-1] {
		r := []rune(l)
		out = append(out, string(r[1:len(r)-1]))
	}
	return out
}

// joined is the text of the panel's rows, each trimmed, joined by spaces:
// a wrapped note reads as it was written.
func joined(view string) string {
	var text []string
	for _, r := range inner(view) {
		text = append(text, strings.TrimSpace(r))
	}
	return strings.Join(text, " ")
}

// TestLectureGoldens: worked4 after one step and at convergence, and xor
// at convergence, as the view draws them at 80×24 and 100×30, in color
// (colors stripped) and without.
func TestLectureGoldens(t *testing.T) {
	t.Parallel()
	for _, c := range lectureCases {
		for _, size := range lectureSizes[:2] {
			for _, mono := range []bool{false, true} {
				hs := c.open(t, size.w, size.h, mono)
				tuitest.Fits(t, hs.v.View(), size.w, size.h)
				name := c.name + "_" + size.screen
				if mono {
					name += "_mono"
				}
				tuitest.Golden(t, filepath.Join("testdata", name+".golden"), hs.v.View())
			}
		}
	}
}

// planeColumn is the column of the picture's rows where the plane, seen
// edge-on, is a vertical line: the one column with │ on most of the
// picture's rows; −1 when there is none.
func planeColumn(rows []string) int {
	count := map[int]int{}
	for _, r := range rows {
		for x, ch := range []rune(r) {
			if ch == '│' {
				count[x]++
			}
		}
	}
	best, col := 0, -1
	for x, n := range count {
		if n > best {
			best, col = n, x
		}
	}
	if best < len(rows)/3 {
		return -1
	}
	return col
}

// TestEdgeOn: the view opens looking along the plane, so the plane is a
// vertical line and the kernel trick, "a line in φ-space", shows at once:
// every +1 point (+ ⊕) is right of it and every −1 point (− ⊖) left of it
// once training has converged (worked4: seed 003's f = (x₁ + x₂)² is 4 on
// x₁ and x₃ and 0 on x₂ and x₄, which lie on the plane; xor: the
// perceptron converges with every point on its side). Without color the
// two sides carry their own sparse signs, ⁺ right and ⁻ left.
func TestEdgeOn(t *testing.T) {
	t.Parallel()
	for _, c := range lectureCases {
		for _, size := range lectureSizes {
			hs := c.open(t, size.w, size.h, true)
			rows := inner(hs.view())
			picture := rows[:len(rows)-countNotes(hs)]
			col := planeColumn(picture)
			if col < 0 {
				t.Errorf("%s at %s: no vertical line for the plane:\n%s", c.name, size.screen, hs.view())
				continue
			}
			for y, r := range picture {
				for x, ch := range []rune(r) {
					var want int // −1: left of the line, +1 right, 0 either
					switch ch {
					case '+', '⊕', '⁺':
						want = 1
					case '−', '⊖', '⁻':
						want = -1
					}
					if x == col || want == 0 {
						continue
					}
					if (x > col) != (want > 0) {
						t.Errorf("%s at %s: %c at row %d column %d, on the wrong side of the plane at column %d:\n%s", c.name, size.screen, ch, y, x, col, hs.view())
					}
				}
			}
			if pic := strings.Join(picture, "\n"); !strings.Contains(pic, "⁺") || !strings.Contains(pic, "⁻") {
				t.Errorf("%s at %s: the two sides are not shaded without color:\n%s", c.name, size.screen, hs.view())
			}
			if title := strings.Split(hs.view(), "\n")[0]; size.w >= 80 && !strings.Contains(title, "edge-on") {
				t.Errorf("%s at %s: the title does not say the view is edge-on: %s", c.name, size.screen, title)
			}
		}
	}
}

// countNotes is how many rows of the panel the notes under the picture
// take: those from the first row that starts with a note's first word.
func countNotes(hs *harness) int {
	rows := inner(hs.view())
	for k, r := range rows {
		for _, n := range hs.v.space.notes {
			if first := strings.Fields(n.text)[0]; strings.HasPrefix(r, first+" ") {
				return len(rows) - k
			}
		}
	}
	return 0
}

// TestPlaneOutline: the plane is drawn as its outline, edge-on and turned,
// never as a filled sheet (the color-free fill was ░) that hides what is
// behind it; turned, its edges are lines (─ │ ╱ ╲).
func TestPlaneOutline(t *testing.T) {
	t.Parallel()
	for _, c := range lectureCases {
		hs := c.open(t, 64, 24, true)
		for _, turn := range []string{"", "left", "left", "up", "left", "down", "down"} {
			if turn != "" {
				hs.v.TurnKey(turn)
				hs.v.Refresh()
			}
			out := hs.view()
			if strings.Contains(out, "░") {
				t.Errorf("%s turned %v: the plane is a filled sheet:\n%s", c.name, hs.v.cam, out)
			}
			if !strings.ContainsAny(out, "─│╱╲") {
				t.Errorf("%s turned %v: no outline of the plane:\n%s", c.name, hs.v.cam, out)
			}
		}
	}
}

// TestCoincideLabels: on the worked example, K = (x·z)² sends x₁ and x₃ to
// one point of feature space and x₂ and x₄ to another (seed 003's Gram
// matrix: K(x₁, x₃) = K(x₁, x₁) = K(x₃, x₃) = 4, so ‖φ(x₁) − φ(x₃)‖² =
// 4 − 8 + 4 = 0). The picture labels each mark with its equation beside
// it, and the notes say so with the tolerance.
func TestCoincideLabels(t *testing.T) {
	t.Parallel()
	pos := regexp.MustCompile(`[+⊕] φ\(x₁\)=φ\(x₃\)|φ\(x₁\)=φ\(x₃\) [+⊕]`)
	neg := regexp.MustCompile(`[−⊖] φ\(x₂\)=φ\(x₄\)|φ\(x₂\)=φ\(x₄\) [−⊖]`)
	for _, c := range lectureCases[:2] {
		for _, size := range lectureSizes {
			for _, mono := range []bool{false, true} {
				hs := c.open(t, size.w, size.h, mono)
				rows := inner(hs.view())
				pic := strings.Join(rows[:len(rows)-countNotes(hs)], "\n")
				if !pos.MatchString(pic) || !neg.MatchString(pic) {
					t.Errorf("%s at %s: the marks are not labelled φ(x₁)=φ(x₃) and φ(x₂)=φ(x₄):\n%s", c.name, size.screen, hs.view())
				}
				if !strings.Contains(joined(hs.view()), "φ(x₁)=φ(x₃), φ(x₂)=φ(x₄): the same point of feature space (to 10⁻⁶·‖φ‖)") {
					t.Errorf("%s at %s: the notes do not say which points coincide:\n%s", c.name, size.screen, hs.view())
				}
			}
		}
	}
}

// TestNothingCut: no row of the view ends in "…" at the sizes a lecture
// uses, nor at smaller ones, for an explicit φ, a projection with six
// features (xor) and one without a φ (moons, RBF); the title is shortened
// by rule, never cut; and xor's function, f(x) = −0.4415·x₁² + …, is
// written whole over as many rows as it needs (it is learn.Primal's
// Function of the learner, computed apart from the view).
func TestNothingCut(t *testing.T) {
	t.Parallel()
	cases := append(append([]lectureCase(nil), lectureCases...), lectureCase{"moons_30", "moons", func(s *lab.Session) {
		for range 30 {
			s.Step()
		}
	}})
	sizes := [][2]int{{80, 18}, {64, 24}, {103, 42}, {77, 30}, {60, 20}, {40, 12}, {30, 10}}
	for _, c := range cases {
		for _, sz := range sizes {
			hs := c.open(t, sz[0], sz[1], false)
			out := hs.view()
			for k, l := range strings.Split(out, "\n") {
				l = strings.TrimRight(strings.TrimSuffix(strings.TrimSpace(l), "│"), " ")
				if strings.HasSuffix(l, "…") {
					t.Errorf("%s at %d×%d: row %d is cut: %q\n%s", c.name, sz[0], sz[1], k, l, out)
				}
			}
			if strings.Contains(strings.Split(out, "\n")[0], "…") {
				t.Errorf("%s at %d×%d: the title is cut:\n%s", c.name, sz[0], sz[1], out)
			}
		}
		if c.dataset != "xor" {
			continue
		}
		s := tuitest.Session(t, tuitest.Builtin(t, "xor", 0))
		c.train(s)
		p, err := learn.Weights(learn.Freeze(s.Learner()))
		if err != nil {
			t.Fatal(err)
		}
		want := p.Function()
		if !strings.Contains(want, "−0.4415·x₁²") {
			t.Fatalf("xor's function is %q; the issue's is f(x) = −0.4415·x₁² + …", want)
		}
		for _, sz := range sizes[:3] {
			hs := c.open(t, sz[0], sz[1], false)
			if !strings.Contains(joined(hs.view()), want) {
				t.Errorf("xor at %d×%d: %q is not written whole:\n%s", sz[0], sz[1], want, hs.view())
			}
		}
	}
}

// TestManyCoincide: five examples at one place are labelled by their
// count, not a long equation; the notes count them too.
func TestManyCoincide(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "worked4", 0)
	pts := append([]datasets.Point(nil), o.Points...)
	for range 3 {
		pts = append(pts, o.Points[0])
	}
	o.Points, o.N = pts, len(pts)
	hs := newHarness(t, o, 80, 18)
	hs.s.Step()
	hs.show()
	out := hs.view()
	if !strings.Contains(out, "5 points coincide") {
		t.Errorf("five coinciding points (x₁, x₃ and three copies of x₁) are not counted:\n%s", out)
	}
	if !strings.Contains(out, "7 points coincide in feature space, at 2 places") {
		t.Errorf("the notes do not count the coinciding points:\n%s", out)
	}
	for _, g := range hs.v.space.groups {
		if fmt.Sprint(g) != "[0 2 4 5 6]" && fmt.Sprint(g) != "[1 3]" {
			t.Errorf("group %v: want [0 2 4 5 6] and [1 3]", g)
		}
	}
}
