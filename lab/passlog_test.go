package lab

import (
	"runtime"
	"slices"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// TestPassLogWorked4: seed 003's worked example takes one mistake in its
// first pass (x₁, sign(0) = −1 ≠ +1; α₁ = 1 then gives f = 4, 0, 4, 0 at
// x₁…x₄, all four right under sign(0) = −1) and none in its second, so
// the log is two passes, ending at steps 4 and 8, each with training
// accuracy 1 and no test accuracy.
func TestPassLogWorked4(t *testing.T) {
	t.Parallel()
	s := open(t, builtin(t, "worked4", 0))
	for k := range 8 {
		if n := len(s.Passes().Ends()); n != k/4 {
			t.Fatalf("after %d steps %d passes logged, want %d", k, n, k/4)
		}
		s.Step()
	}
	want := []PassEnd{{T: 4, Mistakes: 1, Train: 1}, {T: 8, Mistakes: 0, Train: 1}}
	if !slices.Equal(s.Passes().Ends(), want) {
		t.Fatalf("pass log %+v, want %+v", s.Passes().Ends(), want)
	}
}

// TestPassLogFollowsSteps: stepping one step at a time through held-out
// moons (30 rows drawn from split seed 7; 3 passes of 70 steps), every
// pass end is logged at the step that ends it, with the mistakes the
// narration shows in that pass and the training and test accuracy counted
// here from Decide. Stepping back to the start drops the entries one by
// one as their steps are undone; running again logs the same entries.
func TestPassLogFollowsSteps(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	o.Holdout = Holdout{Fraction: 0.3, Shuffled: true, Seed: 7}
	s := open(t, o)
	p := s.Learner()
	for p.State() == learn.Running {
		before := len(s.Passes().Ends())
		s.Step()
		ends := s.Passes().Ends()
		if len(ends) == before {
			if p.T()%70 == 0 {
				t.Fatalf("step %d ends pass %d but nothing was logged", p.T(), p.T()/70)
			}
			continue
		}
		if len(ends) != before+1 || p.T()%70 != 0 {
			t.Fatalf("step %d logged %d passes (had %d)", p.T(), len(ends), before)
		}
		e := ends[len(ends)-1]
		mistakes := 0
		for _, st := range s.Steps() {
			if st.Step.T > p.T()-70 && st.Step.Mistake {
				mistakes++
			}
		}
		train, test := countRight(p, trainingExamples(p)), countRight(p, s.Test().Points())
		want := PassEnd{T: p.T(), Mistakes: mistakes, Train: float64(train) / 70, Test: float64(test) / 30, HasTest: true}
		if e != want {
			t.Fatalf("pass %d logged %+v, want %+v", len(ends), e, want)
		}
	}
	full := slices.Clone(s.Passes().Ends())
	if p.State() != learn.Converged || len(full) != s.Passer().Epoch() || len(full) != 3 {
		t.Fatalf("%v after %d passes, %d logged; want converged after 3", p.State(), s.Passer().Epoch(), len(full))
	}
	sum := 0
	for _, e := range full {
		sum += e.Mistakes
	}
	if last := full[len(full)-1]; sum != p.Mistakes() || last.Mistakes != 0 || last.Train != 1 {
		t.Errorf("mistakes sum to %d (want %d); last pass %+v (want 0 mistakes, train 1)", sum, p.Mistakes(), last)
	}

	for p.T() > 0 {
		s.Back()
		kept := 0
		for _, e := range full {
			if e.T <= p.T() {
				kept++
			}
		}
		if !slices.Equal(s.Passes().Ends(), full[:kept]) {
			t.Fatalf("back to step %d: %d passes logged, want the first %d", p.T(), len(s.Passes().Ends()), kept)
		}
	}
	runOut(s)
	if !slices.Equal(s.Passes().Ends(), full) {
		t.Errorf("running again logs %+v, want %+v", s.Passes().Ends(), full)
	}
}

// TestPassLogCapped: moons with a linear kernel and no bias is not
// separable, so a run with a cap of 4 passes logs 4 entries, one every
// 100 steps (in a fresh order each pass with shuffle on), each with a
// mistake and training accuracy below 1; raising the cap and running on
// logs after the four already there.
func TestPassLogCapped(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	o.Config.Kernel, o.Config.Epochs, o.Config.Shuffle = learn.Linear{}, 4, true
	s := open(t, o)
	runOut(s)
	ends := slices.Clone(s.Passes().Ends())
	if s.Learner().State() != learn.Capped || len(ends) != 4 {
		t.Fatalf("%v with %d passes logged; want capped with 4", s.Learner().State(), len(ends))
	}
	for k, e := range ends {
		if e.T != 100*(k+1) || e.Mistakes == 0 || e.Train >= 1 || e.HasTest {
			t.Errorf("pass %d: %+v; want ending at step %d with a mistake, training accuracy < 1, no test", k+1, e, 100*(k+1))
		}
	}
	if msg := s.RaiseCap(); msg != "the cap is now 8 passes: training goes on from the current α" {
		t.Errorf("raising the cap: %q", msg)
	}
	runOut(s)
	if got := s.Passes().Ends(); len(got) != 8 || !slices.Equal(got[:4], ends) {
		t.Errorf("raised and run on: %d passes logged (the first four kept: %v); want 8", len(got), len(got) >= 4 && slices.Equal(got[:4], ends))
	}
}

// TestPassLogCleared: a reset, a new kernel, holding rows out and a new
// dataset each start the log again with α (a cap of 3 passes keeps every
// run short).
func TestPassLogCleared(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	o.Config.Epochs = 3
	s := open(t, o)
	circles, _ := datasets.Lookup("circles")
	for _, c := range []struct {
		what   string
		change func() error
	}{
		{"reset", func() error { s.Reset(); return nil }},
		{"a new kernel", func() error {
			cfg := s.Options().Config
			cfg.Kernel = learn.Poly{D: 2, C: 1}
			return s.SetConfig(cfg)
		}},
		{"rows held out", s.ToggleHoldout},
		{"a new dataset", func() error { return s.UseBuiltin(circles, false) }},
	} {
		runOut(s)
		if len(s.Passes().Ends()) == 0 {
			t.Fatalf("before %s: no pass logged after a run", c.what)
		}
		if err := c.change(); err != nil {
			t.Fatal(err)
		}
		if n := len(s.Passes().Ends()); n != 0 || s.Learner().T() != 0 {
			t.Errorf("%s: %d passes logged at step %d, want none at 0", c.what, n, s.Learner().T())
		}
	}
}

// TestPassLogSVM: the SVM makes no passes: its run logs none.
func TestPassLogSVM(t *testing.T) {
	t.Parallel()
	o := builtin(t, "moons", 0)
	o.Config.Learner = "svm"
	s := open(t, o)
	runOut(s)
	if s.Learner().State() != learn.Converged || len(s.Passes().Ends()) != 0 {
		t.Errorf("the SVM: %v, %d passes logged", s.Learner().State(), len(s.Passes().Ends()))
	}
}

// opposite is issue 34's four points: (0, 0) with both labels, and two that
// a line through the origin separates. No function of x separates them, so
// the perceptron makes two mistakes every pass (on one of the two at the
// origin, and as it swings back on a point beside it) and, with a cap of
// 10⁹ passes, never stops: 70 000 passes a second in the terminal program.
func opposite(undo int64) Options {
	return Options{
		File:   "opp.csv",
		Points: []datasets.Point{{X1: 0, X2: 0, Y: 1}, {X1: 0, X2: 0, Y: -1}, {X1: 1, X2: 1, Y: 1}, {X1: -1, X2: -1, Y: -1}},
		Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 1_000_000_000, RunOptions: learn.RunOptions{UndoBytes: undo}},
	}
}

// perFor is the passes to a group when k passes are grouped in at most
// groups groups of a power of two.
func perFor(k, groups int) int {
	per := 1
	for k > per*groups {
		per *= 2
	}
	return per
}

// TestPassLogBounded: on issue 34's four points with --undo-memory 64K,
// once the undo history is full (100 000 steps), 400 000 more steps
// (100 000 passes) taken as c takes them grow the session's live heap by
// less than 256 KiB. The log used to keep a 40-byte entry a pass for ever
// (4 MB more here, 1.6 GB after a minute of c in the terminal program); it
// keeps exactly only the passes undo can reach (a few thousand here), and
// the whole run in groups.
func TestPassLogBounded(t *testing.T) {
	const warm, steps, bound = 100_000, 400_000, 256 << 10
	s := open(t, opposite(64<<10))
	take := func(n int) {
		for range n {
			if !s.Take(false) {
				t.Fatalf("stopped at step %d: %v", s.Learner().T(), s.Err())
			}
		}
	}
	take(warm)
	before := heapAlloc()
	take(steps)
	grown := int64(heapAlloc()) - int64(before)
	t.Logf("the session grew by %.1f KB in %d steps after %d", float64(grown)/1e3, steps, warm)
	if grown > bound {
		t.Errorf("the session grew by %.2f MB in %d steps after %d, more than %d KiB", float64(grown)/1e6, steps, warm, bound>>10)
	}
	runtime.KeepAlive(s)
}

// TestPassLogGroups: however long the run, the log holds every pass: its
// groups count them all, their mistakes add up to the run's, every group
// but the last holds per passes, and each group's last state is that of
// the pass that ended it. With every step in reach of undo (the default
// budget), the exact ends are the whole run and the groups are them in
// consecutive runs of per passes (maxGroups 8 here, so per grows to 16 over
// 100 passes).
func TestPassLogGroups(t *testing.T) {
	defer func(m int) { maxGroups = m }(maxGroups)
	maxGroups = 8
	s := open(t, opposite(0))
	log, p := s.Passes(), s.Learner()
	for k := 1; k <= 100; k++ {
		for range 4 {
			s.Take(false)
		}
		ends := log.Ends()
		per, groups := log.Groups()
		if log.Len() != k || len(ends) != k {
			t.Fatalf("after %d passes: %d logged, %d ends", k, log.Len(), len(ends))
		}
		if want := perFor(k, 8); per != want {
			t.Fatalf("after %d passes: %d passes to a group, want %d", k, per, want)
		}
		var want []PassGroup
		for lo := 0; lo < k; lo += per {
			g := PassGroup{Last: ends[min(k, lo+per)-1]}
			for _, e := range ends[lo:min(k, lo+per)] {
				g.Passes++
				g.Mistakes += e.Mistakes
			}
			want = append(want, g)
		}
		if !slices.Equal(groups, want) {
			t.Fatalf("after %d passes the groups are\n%+v\nwant\n%+v", k, groups, want)
		}
		sum := 0
		for _, g := range groups {
			sum += g.Mistakes
		}
		if sum != p.Mistakes() || ends[k-1].T != p.T() {
			t.Fatalf("after %d passes: %d mistakes in the groups, %d in the run; last end at %d, step %d", k, sum, p.Mistakes(), ends[k-1].T, p.T())
		}
	}
}

// passView is what the chart is drawn from at one step.
type passView struct {
	n, per int
	last   PassEnd
	groups []PassGroup
}

func viewOf(l *PassLog) passView {
	per, groups := l.Groups()
	last, _ := l.Last()
	return passView{l.Len(), per, last, slices.Clone(groups)}
}

func (v passView) equal(w passView) bool {
	return v.n == w.n && v.per == w.per && v.last == w.last && slices.Equal(v.groups, w.groups)
}

// TestPassLogUndoExact: on issue 34's four points with an undo history of
// 2 KiB (a few hundred passes) and 8 groups to a level, a run of 40 000
// steps (10 000 passes: levels of 1 to 2048 passes a group, made and
// dropped as it goes) is stepped back one step at a time as far as undo
// reaches: at every step the log (the count, the last pass, the groups)
// is exactly what it was when the run was there; running forward again
// gives the same logs, step for step.
func TestPassLogUndoExact(t *testing.T) {
	defer func(m int) { maxGroups = m }(maxGroups)
	maxGroups = 8
	s := open(t, opposite(2<<10))
	p, log := s.Learner(), s.Passes()
	seen := map[int]passView{}
	for range 40_000 {
		s.Take(false)
		seen[p.T()] = viewOf(log)
	}
	top := p.T()
	floor := p.UndoFloor()
	if top-floor < 400 || floor == 0 {
		t.Fatalf("undo reaches back from %d to %d: want a floor above 0 and a few hundred steps", top, floor)
	}
	if ends := log.Ends(); len(ends) > (top-floor)/4+2 {
		t.Errorf("%d exact ends held; undo reaches back %d passes", len(ends), (top-floor)/4)
	}
	for p.T() > floor {
		if !s.Back() {
			t.Fatalf("no step back at %d, floor %d", p.T(), floor)
		}
		if got, want := viewOf(log), seen[p.T()]; !got.equal(want) {
			t.Fatalf("back to step %d: the log is\n%+v\nwant\n%+v", p.T(), got, want)
		}
	}
	for p.T() < top {
		s.Take(false)
		if got, want := viewOf(log), seen[p.T()]; !got.equal(want) {
			t.Fatalf("forward again to step %d: the log is\n%+v\nwant\n%+v", p.T(), got, want)
		}
	}
}

// TestPassLogAdopted: a session that adopts another (a follower taking the
// presenter's state) has a log whose version moved, so the chart drawn
// from it draws again, though both logs changed as often (three passes of
// worked4 each, one of them on another tie rule).
func TestPassLogAdopted(t *testing.T) {
	t.Parallel()
	s := open(t, builtin(t, "worked4", 0))
	o := builtin(t, "worked4", 0)
	o.Config.Tie = learn.TiePos
	n := open(t, o)
	for range 12 {
		s.Step()
		n.Step()
	}
	before := s.Passes().Version()
	if n.Passes().Version() != before {
		t.Fatalf("versions %d and %d: the test wants them equal", before, n.Passes().Version())
	}
	s.Adopt(n)
	if s.Passes().Version() == before {
		t.Errorf("the adopted log keeps version %d", before)
	}
}
