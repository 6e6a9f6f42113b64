package panels

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/action"
	"kernelscope/tui/internal/tuitest"
	"kernelscope/tui/player"
)

// TestNarrationGoldens: the narration alone: seed 003's example after one
// step (the step as the notes write it, the update and the next example),
// the same with the answer to a key in place of what comes next and the
// cursor's probe under it, and comparison mode's three lines (the
// perceptron and the SVM, a line each, then both in brief); wide and
// narrow.
func TestNarrationGoldens(t *testing.T) {
	t.Parallel()
	n := &NarrationView{S: trained(t, tuitest.Builtin(t, "worked4", 0), 1), Th: theme()}
	golden(t, "narration_worked4", n, [2]int{160, 3}, [2]int{60, 3}, [2]int{40, 2})
	n.Message, n.Probe = "α reset to 0", "cursor: x = (0.5, 0.5)"
	golden(t, "narration_worked4_message", n, [2]int{100, 3}, [2]int{40, 3})
	c := &NarrationView{S: n.S, Th: theme(), Twin: trained(t, svmOptions(t, "worked4", 0), 1), Labels: [2]string{"perceptron", "SVM C = 1"}}
	golden(t, "narration_compared", c, [2]int{100, 3}, [2]int{40, 2})
}

// TestDescribeWorked4: the first step of seed 003's example is the notes'
// first line, with the update and the next example; before any step the
// narration says f = 0 everywhere; after the eighth, that training has
// converged, and why it stops.
func TestDescribeWorked4(t *testing.T) {
	t.Parallel()
	s := tuitest.Session(t, tuitest.Builtin(t, "worked4", 0))
	if first, second := Describe(s); !strings.HasPrefix(first, "No steps yet: every α is 0") || second != "next: i=1, x₁ = (1, 1), y = +1" {
		t.Errorf("before any step: %q / %q", first, second)
	}
	s.Step()
	first, second := Describe(s)
	if first != "t=1, i=1: Σ αₖ yₖ K(xₖ, x₁) = 0·4 + 0·0 + 0·4 + 0·0 = 0 → sign(0) = −1 ≠ y₁ = +1 ✗ (tie rule neg)   [step 1]" {
		t.Errorf("step 1: %q", first)
	}
	if second != "mistake → α₁ += 1, new α = [1, 0, 0, 0]   next: i=2, x₂ = (−1, 1), y = −1" {
		t.Errorf("step 1's update: %q", second)
	}
	for s.Step() {
	}
	first, second = Describe(s)
	if !strings.HasSuffix(first, "[step 8]") || !strings.HasPrefix(second, "converged ✓ after 2 passes: a whole pass without a mistake.") {
		t.Errorf("after convergence: %q / %q", first, second)
	}
	if b := Brief(s); b != "converged ✓ after 2 passes" {
		t.Errorf("in brief: %q", b)
	}
}

// TestSVMNarrationIsPair: after k iterations the narration's first line is
// notation.Pair of the learner's own k-th step, computed here by a second
// SVM stepped alongside; the second line is the next pair, then at the end
// the outcome and the margin.
func TestSVMNarrationIsPair(t *testing.T) {
	t.Parallel()
	o := svmOptions(t, "circles", 0)
	s := tuitest.Session(t, o)
	cfg := o.Config
	cfg.Narrate = true
	own, err := learn.NewSVM(cfg, datasets.Examples(o.Points))
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 12; k++ {
		s.Step()
		st, err := own.Step()
		if err != nil {
			t.Fatal(err)
		}
		want := notation.Pair(st.T, *st.Pair, own.C())
		first, second := Describe(s)
		if first != want {
			t.Fatalf("after %d steps the narration is\n%q, want\n%q", k, first, want)
		}
		if second != notation.NextPair(own) {
			t.Errorf("after %d steps the second line is %q, want %q", k, second, notation.NextPair(own))
		}
		if b := Brief(s); b != notation.NextPair(own) {
			t.Errorf("after %d steps in brief: %q", k, b)
		}
	}
	for s.Step() {
	}
	if _, second := Describe(s); !strings.HasPrefix(second, "converged after") || !strings.Contains(second, "margin γ = min yᵢf(xᵢ)/‖w‖ = ") || !strings.Contains(second, "width 2/‖w‖ = ") {
		t.Errorf("after c the second line is %q; want the outcome, the margin γ and the width", second)
	}
}

// TestNarrationCompared: in comparison mode each learner's last step has a
// line of its own, labelled, and the third line is the answer to the last
// key, else the cursor's probe, else what comes next for both.
func TestNarrationCompared(t *testing.T) {
	t.Parallel()
	c := &NarrationView{S: trained(t, tuitest.Builtin(t, "worked4", 0), 2), Th: theme(), Twin: trained(t, svmOptions(t, "worked4", 0), 1), Labels: [2]string{"perceptron", "SVM C = 1"}}
	c.SetSize(200, 3)
	lines := strings.Split(ansi.Strip(c.View()), "\n")
	if !strings.HasPrefix(lines[0], "perceptron: t=1, i=2: ") || !strings.HasPrefix(lines[1], "SVM C = 1: iteration 1:") {
		t.Errorf("the learners' lines:\n%s", strings.Join(lines, "\n"))
	}
	if want := "perceptron: next: i=3   SVM C = 1: converged after 1 iteration"; !strings.HasPrefix(lines[2], want) {
		t.Errorf("the third line %q, want %q…", lines[2], want)
	}
	c.Probe = "cursor: here"
	if l := strings.Split(ansi.Strip(c.View()), "\n")[2]; !strings.HasPrefix(l, "cursor: here") {
		t.Errorf("the probe: %q", l)
	}
	c.Message = "α reset to 0"
	if l := strings.Split(ansi.Strip(c.View()), "\n")[2]; !strings.HasPrefix(l, "α reset to 0") {
		t.Errorf("the message: %q", l)
	}
}

// TestNarrationAnySize: the narration draws exactly its size, alone and in
// comparison mode.
func TestNarrationAnySize(t *testing.T) {
	t.Parallel()
	s := trained(t, tuitest.Builtin(t, "worked4", 0), 1)
	fitsEverySize(t, "the narration", &NarrationView{S: s, Th: theme(), Probe: "cursor: here"}, 80, 5)
	c := &NarrationView{S: s, Th: theme(), Twin: trained(t, svmOptions(t, "worked4", 0), 1), Labels: [2]string{"a", "b"}}
	fitsEverySize(t, "comparison mode's narration", c, 80, 5)
}

// clock is a clock that moves only when a test says so, or by step at
// every reading.
type clock struct {
	t    time.Time
	step time.Duration
}

func (c *clock) now() time.Time {
	t := c.t
	c.t = c.t.Add(c.step)
	return t
}

// playing is a player on s with its keys and a clock of its own.
type playing struct {
	t     *testing.T
	s     *lab.Session
	p     *player.Player
	keys  action.List
	clock *clock
}

func newPlaying(t *testing.T, o lab.Options) *playing {
	s := tuitest.Session(t, o)
	pl := &playing{t: t, s: s, p: player.New(s), clock: &clock{t: time.Unix(1e9, 0)}}
	pl.p.Now = pl.clock.now
	pl.keys = pl.p.Actions()
	return pl
}

// press answers key as the program does and runs what it starts (the
// chunks of a run) to the end.
func (pl *playing) press(key string) {
	cmd, _, _ := pl.keys.Handle(tuitest.Key(key))
	for n := 0; cmd != nil; n++ {
		if n > 1_000_000 {
			pl.t.Fatal("the run never ends")
		}
		cmd = pl.p.Update(player.RunMsg{ID: pl.p.Tick})
	}
}

// tick is autoplay's next tick after d.
func (pl *playing) tick(d time.Duration) tea.Cmd {
	pl.clock.t = pl.clock.t.Add(d)
	return pl.p.Update(player.TickMsg{ID: pl.p.Tick})
}

// TestQuietStepsNarrateAsEveryStep: steps taken by a tick or a chunk are
// narrated only when shown, yet what the screen shows (the narration, the
// pass log) is what stepping one by one shows, and so is each step that b
// brings back.
func TestQuietStepsNarrateAsEveryStep(t *testing.T) {
	t.Parallel()
	for _, algo := range []string{"perceptron", "forgetron", "budget", "svm"} {
		t.Run(algo, func(t *testing.T) {
			t.Parallel()
			o := noisy(t, "moons", 150, 0.4)
			o.Config = o.Config.With("budget", 20).With("C", 1).With("tol", 1e-3)
			o.Config.Learner = algo
			fast := newPlaying(t, o)
			if algo != "svm" {
				fast.clock.step = time.Millisecond // chunks of a few steps
				fast.press("e")                    // chunks to the end of the pass
				fast.clock.step = 0
			}
			fast.p.Speed = len(player.Speeds) - 1
			fast.press("p")
			for range 5 {
				fast.tick(37 * time.Millisecond)
			}
			fast.press("p")
			quiet := 0
			for _, st := range fast.s.Steps() {
				if st.Quiet {
					quiet++
				}
			}
			T := fast.s.Learner().T
			if quiet < T()/2 {
				t.Fatalf("%d of %d steps were quiet", quiet, T())
			}
			slow := newPlaying(t, o)
			for slow.s.Learner().T() < T() {
				slow.press("space")
			}
			if T() < 80 {
				t.Fatalf("only %d steps", T())
			}
			for k := range 40 {
				if err := sameShown(fast.s, slow.s); err != nil {
					t.Fatalf("%d steps back: %v", k, err)
				}
				fast.press("b")
				slow.press("b")
			}
		})
	}
}

// sameShown compares what the narration and the pass log show.
func sameShown(a, b *lab.Session) error {
	if a.Learner().T() != b.Learner().T() {
		return fmt.Errorf("t %d and %d", a.Learner().T(), b.Learner().T())
	}
	a1, a2 := Describe(a)
	b1, b2 := Describe(b)
	if a1 != b1 || a2 != b2 {
		return fmt.Errorf("narration at t=%d:\n%s\n%s\nstepping one by one:\n%s\n%s", a.Learner().T(), a1, a2, b1, b2)
	}
	ap, ag := a.Passes().Groups()
	bp, bg := b.Passes().Groups()
	if fmt.Sprint(a.Passes().Ends()) != fmt.Sprint(b.Passes().Ends()) || ap != bp || fmt.Sprint(ag) != fmt.Sprint(bg) {
		return fmt.Errorf("pass log %v in groups of %d %v, stepping one by one %v in groups of %d %v", a.Passes().Ends(), ap, ag, b.Passes().Ends(), bp, bg)
	}
	for j := range a.Learner().N() {
		if a.Learner().Alpha(j) != b.Learner().Alpha(j) {
			return fmt.Errorf("α%d = %v, stepping one by one %v", j+1, a.Learner().Alpha(j), b.Learner().Alpha(j))
		}
	}
	return nil
}

// TestNarrationCountsInWords: a count of one takes the singular. Without
// a bias no line through 0 puts (1, 0) on the +1 side and (2, 0) on the
// −1 side; with (0, 1) as well, worked by hand (tie rule mistake, α from
// 0, in order): pass 1 is three mistakes (f = x₁, −x₁, −x₁ + x₂), pass 2
// two (f = x₂, −2x₁ + x₂) and pass 3 one, at (1, 0) (f = −x₁ + x₂). With a
// cap of 3 passes the narration says "with 1 mistake in the last pass".
func TestNarrationCountsInWords(t *testing.T) {
	t.Parallel()
	o := lab.Options{
		Points: []datasets.Point{{X1: 1, X2: 0, Y: 1}, {X1: 2, X2: 0, Y: -1}, {X1: 0, X2: 1, Y: 1}},
		Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 3},
	}
	s := trained(t, o, -1)
	p := s.Passer()
	if p.State() != learn.Capped || p.EpochMistakes() != 1 || p.Mistakes() != 6 {
		t.Fatalf("state %v, %d mistakes in the last pass, %d in all; want capped, 1, 6", p.State(), p.EpochMistakes(), p.Mistakes())
	}
	if _, second := Describe(s); !strings.Contains(second, "stopped at the cap of 3 passes with 1 mistake in the last pass.") {
		t.Errorf("the narration %q does not count the one mistake in the singular", second)
	}
}

// TestNarrationScaleHint: income in dollars beside age in years (their
// root mean squares ≈ 44436 and ≈ 42.73, a ratio ≈ 1039.9, computed
// apart) stops the perceptron at its cap of 5 passes, and the narration
// says the columns differ in scale and that u gives z-scores; in z-scores
// there is no such hint.
func TestNarrationScaleHint(t *testing.T) {
	t.Parallel()
	rows := [][3]float64{{32000, 23, -1}, {45000, 52, 1}, {38000, 61, 1}, {51000, 29, -1}, {29000, 48, 1},
		{60000, 35, -1}, {41000, 58, 1}, {55000, 44, 1}, {36000, 31, -1}, {47000, 26, -1}}
	var pts []datasets.Point
	for _, r := range rows {
		pts = append(pts, datasets.Point{X1: r[0], X2: r[1], Y: int(r[2])})
	}
	o := lab.Options{File: "people.csv", Header: []string{"income", "age", "buys"}, Points: pts,
		Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 5}}
	s := trained(t, o, -1)
	if s.Learner().State() != learn.Capped {
		t.Fatalf("state %v, want capped", s.Learner().State())
	}
	if _, second := Describe(s); !strings.Contains(second, "The columns differ in scale ×1040: try u (z-scores") {
		t.Errorf("the narration at the cap %q gives no hint", second)
	}
	o.Points, o.Standardized = datasets.Standardize(pts), true
	s = trained(t, o, -1)
	if _, second := Describe(s); strings.Contains(second, "differ in scale") {
		t.Errorf("in z-scores the narration %q still hints", second)
	}
}
