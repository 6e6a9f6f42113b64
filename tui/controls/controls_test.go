package controls

import (
	"math"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/action"
	"kernelscope/tui/internal/tuitest"
)

// The controls draw nothing: these tests press their keys on a real
// session and check what changed, what the program was told, and why a
// key that does nothing now does nothing.

// harness is the controls alone on a session, their host recording what
// they say and applying the configurations they ask for, as the program
// does.
type harness struct {
	t    *testing.T
	s    *lab.Session
	c    *Model
	host *tuitest.Host
	why  string // why the last key did nothing ("" when it acted)
}

func newHarness(t *testing.T, o lab.Options) *harness {
	t.Helper()
	return on(t, tuitest.Session(t, o))
}

// on is a harness on s.
func on(t *testing.T, s *lab.Session) *harness {
	h := &harness{t: t, s: s, host: &tuitest.Host{S: s}}
	h.c = New(s, h.host)
	return h
}

// actions are the controls' keys in the order the program lists them.
func (h *harness) actions() action.List {
	l := append(action.List{}, h.c.DataActions()...)
	l = append(l, h.c.KernelActions()...)
	return append(l, h.c.LearnerActions()...)
}

// press answers keys as the program does: the first action of the key
// that acts now does, or the first one's reason is why; a key the
// controls do not have fails the test.
func (h *harness) press(keys ...string) {
	h.t.Helper()
	for _, k := range keys {
		h.host.Said, h.host.Stopped = "", false
		_, why, ok := h.actions().Handle(tuitest.Key(k))
		if !ok {
			h.t.Fatalf("the controls have no key %s", k)
		}
		h.why = why
	}
}

// step takes n steps of the session's learner.
func (h *harness) step(n int) {
	for range n {
		h.s.Step()
	}
}

// cfg is the session's configuration.
func (h *harness) cfg() learn.Config { return h.s.Options().Config }

// fileOptions opens points as the command line opens a --data file: the
// kernel given, tie rule mistake.
func fileOptions(t *testing.T, name string, pts []datasets.Point, spec string) lab.Options {
	t.Helper()
	k, err := learn.ParseKernel(spec)
	if err != nil {
		t.Fatal(err)
	}
	return lab.Options{File: name, Points: pts, Config: learn.Config{Kernel: k, Tie: learn.TieMistake, Epochs: 100, Seed: 1}}
}

// TestKernelKeys: on worked4 (poly(d=2,c=0), bias off, tie neg, its
// preset) after two steps, k goes to rbf with the registry's σ = 0.5 and
// α from 0; ] steps σ to 0.7 (the 1-1.5-2-3-5-7 series); a, t and s turn
// the bias on, the tie rule to mistake (after neg in learn.Ties) and the
// shuffle on, each saying what changed and stopping the player.
func TestKernelKeys(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	h.step(2)
	h.press("k")
	if k, ok := h.cfg().Kernel.(learn.RBF); !ok || k.Sigma != 0.5 || h.s.Learner().T() != 0 {
		t.Fatalf("k: kernel %v, T = %d; want rbf(sigma=0.5) and α reset", h.cfg().Kernel.Spec(), h.s.Learner().T())
	}
	if !h.host.Stopped || !strings.HasPrefix(h.host.Said, "kernel K(x,z) = exp(−‖x−z‖²/(2·0.5²)): α reset") {
		t.Errorf("k: player stopped %v, said %q", h.host.Stopped, h.host.Said)
	}
	h.press("]")
	if k := h.cfg().Kernel.(learn.RBF); k.Sigma != 0.7 {
		t.Errorf("] on σ = 0.5 gives %v, want 0.7 (the 1-1.5-2-3-5-7 series)", k.Sigma)
	}
	for _, c := range []struct{ key, said string }{
		{"a", "bias on: x̃ = (1, x₁, x₂)"},
		{"t", "tie rule mistake"},
		{"s", "shuffle on: a fresh order each epoch"},
	} {
		h.step(1)
		h.press(c.key)
		if !h.host.Stopped || !strings.HasPrefix(h.host.Said, c.said) || h.s.Learner().T() != 0 {
			t.Errorf("%s: player stopped %v, T = %d, said %q; want %q… and α reset", c.key, h.host.Stopped, h.s.Learner().T(), h.host.Said, c.said)
		}
	}
	if cfg := h.cfg(); !cfg.Bias || cfg.Tie != learn.TieMistake || !cfg.Shuffle {
		t.Errorf("a t s: bias %v tie %v shuffle %v; want on, mistake, on", cfg.Bias, cfg.Tie, cfg.Shuffle)
	}
	h.press("a", "t", "t", "s")
	if cfg := h.cfg(); cfg.Bias || cfg.Tie != learn.TieNeg || cfg.Shuffle {
		t.Errorf("a t t s again: bias %v tie %v shuffle %v; want off, neg (three rules round), off", cfg.Bias, cfg.Tie, cfg.Shuffle)
	}
}

// TestKernelCyclePerModel: σ changed in one program's controls is not the
// σ another's k cycle gives (the cycle used to be a package variable),
// and K comes back to the σ its own cycle remembers.
func TestKernelCyclePerModel(t *testing.T) {
	t.Parallel()
	a := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	b := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	a.press("k", "]", "]", "k") // poly → rbf, σ 0.5 → 0.7 → 1, → sigmoid
	if _, ok := a.cfg().Kernel.(learn.Sigmoid); !ok {
		t.Fatalf("k ] ] k: %s, want the sigmoid kernel after rbf", a.cfg().Kernel.Spec())
	}
	b.press("k") // poly → rbf
	if k, ok := b.cfg().Kernel.(learn.RBF); !ok || k.Sigma != 0.5 {
		t.Errorf("b's k gives %v, want rbf(sigma=0.5), the registry's start", b.cfg().Kernel.Spec())
	}
	a.press("K") // back to rbf in a: it remembers its own σ
	if k, ok := a.cfg().Kernel.(learn.RBF); !ok || k.Sigma != 1 {
		t.Errorf("a's K gives %v, want rbf(sigma=1)", a.cfg().Kernel.Spec())
	}
	if got := a.c.NextKernel(learn.Poly{D: 2, C: 1}); got.Spec() != "rbf(sigma=1)" {
		t.Errorf("NextKernel(poly) = %s, want the rbf kernel a's cycle remembers", got.Spec())
	}
}

// TestCompositeKernelCycle: k from a sum of kernels (--kernel
// 'rbf(sigma=0.5)+poly(d=2,c=1)') goes round every family and comes back
// to it, and so does K; [ ] { } say its parameters are in the spec.
func TestCompositeKernelCycle(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "moons", 0)
	k, err := learn.ParseKernel("rbf(sigma=0.5)+poly(d=2,c=1)")
	if err != nil {
		t.Fatal(err)
	}
	o.Config.Kernel = k
	h := newHarness(t, o)
	for _, key := range []string{"[", "]", "{", "}"} {
		h.press(key)
		if !strings.HasPrefix(h.why, "a sum or product of kernels: its parameters are in the spec (--kernel)") {
			t.Errorf("%s on %s: %q", key, k.Spec(), h.why)
		}
	}
	if !strings.Contains(h.c.KernelActions()[2].Why(), "k cycles to the simple kernels") {
		t.Errorf("[ on a composite kernel does not say k cycles to the simple ones: %q", h.c.KernelActions()[2].Why())
	}
	for _, key := range []string{"k", "K"} {
		for range len(learn.Families()) + 1 {
			h.press(key)
		}
		if got := h.cfg().Kernel.Spec(); got != k.Spec() {
			t.Errorf("%s around the whole cycle from %s comes back to %s", key, k.Spec(), got)
		}
	}
}

// TestParamKeysOff: the parameter keys are off, with the reason, where the
// kernel has no such parameter, and step both of poly's.
func TestParamKeysOff(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "xor", 0)
	o.Config.Kernel = learn.Linear{}
	h := newHarness(t, o)
	h.press("[")
	if !strings.Contains(h.why, "linear kernel has no parameter") || h.cfg().Kernel.Spec() != "linear" {
		t.Errorf("[ on linear: %q, kernel %s", h.why, h.cfg().Kernel.Spec())
	}
	h.press("k", "k", "{")
	if !strings.Contains(h.why, "kernel has no second parameter ({ } step c of poly and sigmoid)") {
		t.Errorf("{ on %s: %q", h.cfg().Kernel.Spec(), h.why)
	}
	h.press("K")
	before := h.cfg().Kernel.(learn.Poly)
	h.press("]", "}")
	if k := h.cfg().Kernel.(learn.Poly); h.why != "" || k.D <= before.D || k.C <= before.C {
		t.Errorf("] } on %s: %s (%q); want d and c stepped up", before.Spec(), k.Spec(), h.why)
	}
}

// TestDataKeys: d goes from worked4 to the next built-in, worked3, with
// its preset (linear, bias on, tie pos); from there d reaches interval,
// the 1-D example, and then xor, where
// N takes n = 100 to the next size, 200; Z raises the noise by 0.05 from
// xor's 0.03 to 0.08 and S takes seed 2; n, z and S go back down. n on a
// worked example does nothing, and says why.
func TestDataKeys(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	h.press("n")
	if !strings.Contains(h.why, "worked4 is not one") {
		t.Errorf("n on a worked example: %q", h.why)
	}
	h.press("d")
	o := h.s.Options()
	if o.Dataset != "worked3" || o.Config.Tie != learn.TiePos || !o.Config.Bias || o.Config.Kernel.Spec() != "linear" {
		t.Fatalf("d: %s tie %v bias %v K %s; want worked3 with its preset", o.Dataset, o.Config.Tie, o.Config.Bias, o.Config.Kernel.Spec())
	}
	if !h.host.Stopped || h.host.Said != "worked3: preset K = x·z, bias on, tie pos" {
		t.Errorf("d: player stopped %v, said %q", h.host.Stopped, h.host.Said)
	}
	h.press("d")
	if o := h.s.Options(); o.Dataset != "interval" || len(o.Points) != 20 || o.Config.Kernel.Spec() != "poly(d=2,c=1)" {
		t.Fatalf("d d: %s, %d points, K %s; want interval, the notes' 1-D input, with its preset", o.Dataset, len(o.Points), o.Config.Kernel.Spec())
	}
	h.press("d")
	xor, _ := datasets.Lookup("xor")
	if o := h.s.Options(); o.Dataset != "xor" || o.N != xor.DefaultN || o.Noise != 0.03 || len(o.Points) != xor.DefaultN {
		t.Fatalf("d d d: %s n = %d noise %v; want xor as it opens", o.Dataset, o.N, o.Noise)
	}
	h.step(3)
	h.press("N")
	if o := h.s.Options(); len(o.Points) != 200 || o.N != 200 || h.s.Learner().T() != 0 || h.host.Said != "n = 200: α reset" {
		t.Errorf("N: %d points (n = %d), T = %d, said %q; want 200 from α = 0", len(o.Points), o.N, h.s.Learner().T(), h.host.Said)
	}
	h.press("Z")
	if o := h.s.Options(); o.Noise != 0.08 || h.host.Said != "noise = 0.08: α reset" {
		t.Errorf("Z: noise %v, said %q; want 0.08", o.Noise, h.host.Said)
	}
	before := h.s.Options().Points
	h.press("S")
	if o := h.s.Options(); o.Seed != 2 || o.Config.Seed != 2 || o.Noise != 0.08 || len(o.Points) != 200 || o.Points[0] == before[0] {
		t.Errorf("S: seed %d (shuffle %d), noise %v, %d points; want seed 2 drawing 200 new points at noise 0.08", o.Seed, o.Config.Seed, o.Noise, len(o.Points))
	}
	if h.host.Said != "seed = 2: new points and shuffle order: α reset" {
		t.Errorf("S: said %q", h.host.Said)
	}
	h.press("n", "z", "z")
	if o := h.s.Options(); o.N != 100 || o.Noise != 0 {
		t.Errorf("n z z: n = %d, noise %v; want 100 and 0 (noise stops at 0)", o.N, o.Noise)
	}
	h.press("z")
	if h.s.Options().Noise != 0 {
		t.Errorf("z at noise 0: %v", h.s.Options().Noise)
	}
	h.press("D", "D", "D")
	if h.s.Options().Dataset != "worked4" {
		t.Errorf("D D D from xor: %s, want worked4 back", h.s.Options().Dataset)
	}
}

// TestPointSteps: n and N step along pointSteps and stop at its ends.
func TestPointSteps(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "xor", 4))
	h.press("n")
	if h.s.Options().N != 4 || h.host.Said != "" {
		t.Errorf("n at 4 points: n = %d, said %q; want nothing changed", h.s.Options().N, h.host.Said)
	}
	for _, want := range pointSteps[1:4] {
		h.press("N")
		if got := len(h.s.Options().Points); got != want {
			t.Fatalf("N: %d points, want %d", got, want)
		}
	}
}

// TestReseedKeepsPoints: S on data that is not generated keeps the
// points and takes the next shuffle seed.
func TestReseedKeepsPoints(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	pts := h.s.Options().Points
	h.step(2)
	h.press("S")
	o := h.s.Options()
	if o.Seed != 2 || o.Config.Seed != 2 || len(o.Points) != len(pts) || o.Points[0] != pts[0] || h.s.Learner().T() != 0 {
		t.Errorf("S on worked4: seed %d, %d points, T = %d; want seed 2, the same points, α reset", o.Seed, len(o.Points), h.s.Learner().T())
	}
	if !strings.HasPrefix(h.host.Said, "seed = 2 (shuffle order): α reset") {
		t.Errorf("S on worked4: said %q", h.host.Said)
	}
}

// TestLearnerCycle: l goes through every learner of the registry in order
// and back to the perceptron, keeping the data and kernel, α from 0; a
// budget learner starts with the default budget, 10.
func TestLearnerCycle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	spec := h.cfg().Kernel.Spec()
	kinds := learn.Learners()
	for k := 1; k <= len(kinds); k++ {
		h.step(1)
		h.press("l")
		want := kinds[k%len(kinds)]
		if got := h.s.Learner().Config().Learner; got != want.Name || h.s.Learner().T() != 0 || h.cfg().Kernel.Spec() != spec || len(h.s.Options().Points) != 100 {
			t.Fatalf("l #%d: %v at T = %d with %s on %d points; want %v from α = 0 with %s on 100", k, got, h.s.Learner().T(), h.cfg().Kernel.Spec(), len(h.s.Options().Points), want.Name, spec)
		}
		if !h.host.Stopped || !strings.HasPrefix(h.host.Said, want.Intro(h.cfg())) {
			t.Errorf("l to %s: player stopped %v, said %q", want.Name, h.host.Stopped, h.host.Said)
		}
		if h.s.Budgeted() != nil && h.cfg().Param("budget") != 10 {
			t.Errorf("%v: budget %v, want the default 10", want.Name, h.cfg().Param("budget"))
		}
	}
}

// budgeted is a built-in dataset with learner algo and budget b.
func budgeted(t *testing.T, name, algo string, b int) lab.Options {
	o := tuitest.Builtin(t, name, 0)
	o.Config = o.Config.With("budget", float64(b))
	o.Config.Learner = algo
	return o
}

// TestBudgetKeys: ( and ) step B along its ladder for a budget learner,
// α from 0; for the perceptron, which reads no B, they do nothing and say
// which learners read it.
func TestBudgetKeys(t *testing.T) {
	t.Parallel()
	h := newHarness(t, budgeted(t, "xor", "forgetron", 5))
	h.step(1)
	h.press(")")
	if b := h.s.Learner().Config().Param("budget"); b != 7 || h.s.Learner().T() != 0 || !h.host.Stopped {
		t.Fatalf(") from 5: B = %v at T = %d (player stopped %v); want 7 (the ladder's next rung) from α = 0", b, h.s.Learner().T(), h.host.Stopped)
	}
	h.press("(", "(")
	if b := h.s.Learner().Config().Param("budget"); b != 4 {
		t.Fatalf("( ( from 7: B = %v, want 4", b)
	}
	if h.host.Said != "B = 4: α reset (B changes what every step does)" {
		t.Errorf("(: said %q", h.host.Said)
	}

	p := newHarness(t, tuitest.Builtin(t, "xor", 0))
	p.press(")")
	if p.cfg().Param("budget") != 10 || p.why != "B is read by stoptron, forgetron and budget: l cycles to them" || p.host.Said != "" {
		t.Errorf(") with the perceptron: B = %v, why %q, said %q; want nothing changed and a why", p.cfg().Param("budget"), p.why, p.host.Said)
	}
}

// TestSettingLadderEnds: a setting key at the end of its ladder is off and
// says so; C = ∞ is the top, the hard margin.
func TestSettingLadderEnds(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "blobs", 0)
	o.Config.Learner = "svm"
	o.Config = o.Config.With("C", math.Inf(1))
	h := newHarness(t, o)
	h.press(">")
	if h.why != "C = ∞ is the top of the ladder: the hard margin" {
		t.Errorf("> at C = ∞: %q", h.why)
	}
	h.press("<")
	if c := h.cfg().Param("C"); h.why != "" || math.IsInf(c, 1) || h.host.Said == "" {
		t.Errorf("< from C = ∞: C = %v, why %q, said %q", c, h.why, h.host.Said)
	}
	for range 100 {
		if h.press("<"); h.why != "" {
			break
		}
	}
	if !strings.HasSuffix(h.why, "is the lowest of the ladder") {
		t.Errorf("< down the ladder never stops: %q", h.why)
	}
}

// TestSettingResolves: a setting changed for an SVM that had converged
// asks the program to solve it again at once; one that had not does not.
func TestSettingResolves(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "blobs", 0)
	o.Config.Learner = "svm"
	h := newHarness(t, o)
	resolved := 0
	h.c.Resolve = func() { resolved++ }
	h.step(1)
	h.press(">")
	if resolved != 0 {
		t.Fatalf("> on an SVM that had not converged asked to solve again")
	}
	for h.s.Step() {
	}
	if h.s.Learner().State() != learn.Converged {
		t.Fatalf("the SVM on blobs did not converge: %v", h.s.Learner().State())
	}
	c := h.cfg().Param("C")
	h.press("<")
	if resolved != 1 || h.cfg().Param("C") >= c || h.s.Learner().T() != 0 {
		t.Errorf("< on a converged SVM: %d asks to solve again, C %v → %v, T = %d; want 1, lower, α reset", resolved, c, h.cfg().Param("C"), h.s.Learner().T())
	}
}

// TestSettingBeside: in comparison mode the perceptron beside an SVM
// takes < and > for the SVM's C: the perceptron keeps training (its
// learner reads no C), the configuration both read changes, and the
// message says whose α was reset.
func TestSettingBeside(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Learner = "svm"
	twin := tuitest.Session(t, o)
	if h.c.ShowsBoxed() {
		t.Error("the perceptron alone shows α bounded by C")
	}
	h.press(">")
	if !strings.HasPrefix(h.why, "C is read by svm and pa") {
		t.Errorf("> beside no SVM: %q", h.why)
	}
	h.c.Twin = func() Session { return twin }
	if !h.c.ShowsBoxed() {
		t.Error("the perceptron beside the SVM: no α bounded by C shown")
	}
	h.step(3)
	c := h.cfg().Param("C")
	h.press(">")
	if h.why != "" || h.cfg().Param("C") <= c || h.s.Learner().T() != 3 {
		t.Errorf("> beside the SVM: C %v → %v, T = %d, why %q; want C up and the perceptron's α kept", c, h.cfg().Param("C"), h.s.Learner().T(), h.why)
	}
	if !strings.HasSuffix(h.host.Said, ": the SVM's α reset") {
		t.Errorf("> beside the SVM said %q", h.host.Said)
	}
}

// averaged is moons with the averaged perceptron.
func averaged(t *testing.T) lab.Options {
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Learner = "averaged"
	return o
}

// TestEnsembleKey: A moves the averaged perceptron's region from the
// average to the vote, to the final perceptron and back, saying which and
// which glyphs mark the other two; for the perceptron it is off.
func TestEnsembleKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, averaged(t))
	if h.s.Shown() != learn.AveragedMember {
		t.Fatalf("the averaged perceptron opens showing %v", h.s.Shown())
	}
	for _, c := range []struct {
		want learn.EnsembleMember
		said string
	}{
		{learn.VotedMember, "region: the voted perceptron: every α⁽ᵏ⁾ votes sign fₖ(x)"},
		{learn.FinalMember, "region: the final perceptron: the α training ends with"},
		{learn.AveragedMember, "region: the averaged perceptron: α averaged over every step"},
	} {
		h.press("A")
		if h.s.Shown() != c.want || !strings.HasPrefix(h.host.Said, c.said) || !strings.Contains(h.host.Said, "the other two boundaries are drawn faintly") {
			t.Errorf("A: shown %v, said %q; want %v, %q…", h.s.Shown(), h.host.Said, c.want, c.said)
		}
	}
	p := newHarness(t, tuitest.Builtin(t, "moons", 0))
	p.press("A")
	if p.why != "A shows the averaged and voted perceptrons' functions: l cycles to them" {
		t.Errorf("A with the perceptron: %q", p.why)
	}
}

// TestStandardizeKey: u switches unscaled data (income against age) to
// z-scores (datasets.Standardize), and u again brings the original points
// back.
func TestStandardizeKey(t *testing.T) {
	t.Parallel()
	pts := []datasets.Point{{X1: 30000, X2: 25, Y: 1}, {X1: 40000, X2: 61, Y: -1}, {X1: 52000, X2: 33, Y: 1}, {X1: 61000, X2: 47, Y: -1}}
	o := fileOptions(t, "people.csv", pts, "rbf(sigma=1)")
	o.Header = []string{"income", "age", "y"}
	h := newHarness(t, o)
	h.press("u")
	if a, b := h.s.Columns(); !h.s.Options().Standardized || a != "z(income)" || b != "z(age)" {
		t.Fatalf("u: standardized %v, axes %s %s", h.s.Options().Standardized, a, b)
	}
	if got, want := h.s.Options().Points[0], datasets.Standardize(pts)[0]; got != want || !h.host.Stopped || !strings.HasPrefix(h.host.Said, "standardized") {
		t.Errorf("u: first point %v, want its z-scores %v; said %q", got, want, h.host.Said)
	}
	h.press("u")
	if h.s.Options().Standardized || h.s.Options().Points[0] != pts[0] || h.host.Said != "original scale: α reset" {
		t.Errorf("u again: standardized %v, first point %v, said %q; want the original %v", h.s.Options().Standardized, h.s.Options().Points[0], h.host.Said, pts[0])
	}
}

// TestHoldoutKey: h holds out the last ⌈0.3·100⌉ = 30 rows of moons in
// order (lab.DefaultTestFraction), α from 0, and says so; h puts them
// back. One row cannot be split, and h says so.
func TestHoldoutKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	all := datasets.Examples(h.s.Options().Points)
	h.step(5)
	h.press("h")
	if n, held := h.s.Learner().N(), h.s.Test().Points(); n != 70 || len(held) != 30 || held[0] != all[70] || held[29] != all[99] || h.s.Learner().T() != 0 {
		t.Fatalf("h: %d rows trained on, %d held out, T = %d; want 70 and rows 71–100, α reset", n, len(held), h.s.Learner().T())
	}
	if !h.host.Stopped || !strings.HasSuffix(h.host.Said, "drawn hollow (△ ▽); training never visits them: α reset") {
		t.Errorf("h: said %q", h.host.Said)
	}
	h.press("h")
	if h.s.Learner().N() != 100 || len(h.s.Test().Points()) != 0 || h.host.Said != "all rows are training data again: α reset" {
		t.Errorf("h again: N = %d, %d held out, said %q", h.s.Learner().N(), len(h.s.Test().Points()), h.host.Said)
	}
	one := tuitest.Builtin(t, "worked3", 0)
	one.Points = one.Points[:1]
	few := newHarness(t, one)
	few.press("h")
	if few.s.Learner().N() != 1 || few.host.Said != "cannot hold rows out: a train/test split needs at least 2 examples, not 1" {
		t.Errorf("h on 1 row: N = %d, said %q", few.s.Learner().N(), few.host.Said)
	}
}

// TestHoldoutKeyRefitsZScores: with z-scores on, h takes them again from
// the rows that now train, and says so: over the 70 rows training visits
// each coordinate has mean 0 (to 1e-12), and after h again, over all 100.
func TestHoldoutKeyRefitsZScores(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "moons", 0))
	h.press("u")
	meanOfTrained := func() (m [2]float64) {
		l := h.s.Learner()
		for i := range l.N() {
			m[0] += l.X(i).X1 / float64(l.N())
			m[1] += l.X(i).X2 / float64(l.N())
		}
		return m
	}
	for _, want := range []struct {
		n    int
		said string
	}{
		{70, "training never visits them: z-scores of the training rows, α reset"},
		{100, "all rows are training data again: z-scores of all rows, α reset"},
	} {
		h.press("h")
		m := meanOfTrained()
		if h.s.Learner().N() != want.n || math.Abs(m[0]) > 1e-12 || math.Abs(m[1]) > 1e-12 || !strings.HasSuffix(h.host.Said, want.said) {
			t.Errorf("h: %d rows train, their mean %v, said %q; want %d rows, mean 0, %q", h.s.Learner().N(), m, h.host.Said, want.n, want.said)
		}
	}
}

// TestYourDataInTheCycle: points added by hand head the d/D cycle: d goes
// on to the first built-in as it was, D comes back to them.
func TestYourDataInTheCycle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, tuitest.Builtin(t, "worked4", 0))
	if _, err := h.s.AddPoint(0.3, -0.2, 1); err != nil {
		t.Fatal(err)
	}
	if !h.s.OnYours() || len(h.s.Options().Points) != 5 {
		t.Fatalf("after adding a point: on yours %v, %d points", h.s.OnYours(), len(h.s.Options().Points))
	}
	h.press("d")
	first := datasets.Builtins()[0]
	if h.s.OnYours() || h.s.Options().Dataset != first.Name || len(h.s.Options().Points) != 4 {
		t.Fatalf("d went to %q with %d points; want %s as it was", h.s.Options().Dataset, len(h.s.Options().Points), first.Name)
	}
	if !strings.HasSuffix(h.host.Said, "(d/D cycles back to "+h.s.YoursName()+")") {
		t.Errorf("d from your points: said %q", h.host.Said)
	}
	h.press("D")
	if !h.s.OnYours() || len(h.s.Options().Points) != 5 || !strings.HasPrefix(h.host.Said, h.s.YoursName()+": K = ") {
		t.Errorf("D did not come back to your points: %d points, said %q", len(h.s.Options().Points), h.host.Said)
	}
}

// TestFileInTheCycle: a --data file is the first entry of the d/D cycle,
// with its own kernel.
func TestFileInTheCycle(t *testing.T) {
	t.Parallel()
	pts := []datasets.Point{{X1: 0, X2: 0, Y: 1}, {X1: 1, X2: 1, Y: -1}}
	h := newHarness(t, fileOptions(t, "mine.csv", pts, "linear"))
	h.press("d")
	if o := h.s.Options(); o.File != "" || o.Dataset != datasets.Builtins()[0].Name {
		t.Fatalf("d from the file went to %q %q", o.File, o.Dataset)
	}
	h.press("D")
	if o := h.s.Options(); o.File != "mine.csv" || len(o.Points) != 2 || o.Config.Kernel.Spec() != "linear" {
		t.Fatalf("D did not return to the file: %q, %d points, K=%s", o.File, len(o.Points), o.Config.Kernel.Spec())
	}
	h.press("n")
	if !strings.Contains(h.why, "mine.csv is not one") {
		t.Errorf("n on a file: %q", h.why)
	}
}

// TestFailedChangeSays: a change the session refuses leaves everything as
// it was and says why: N on moons at noise 1e308 would draw coordinates
// past float64.
func TestFailedChangeSays(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "moons", 0)
	o.Noise = 1e308 // the points were drawn at the default noise
	h := newHarness(t, o)
	h.step(2)
	pts := h.s.Options().Points
	h.press("N")
	if o := h.s.Options(); len(o.Points) != 100 || o.N != 100 || o.Points[0] != pts[0] || h.s.Learner().T() != 2 {
		t.Errorf("N that fails: %d points (n = %d), T = %d; want everything as it was", len(o.Points), o.N, h.s.Learner().T())
	}
	if !strings.HasPrefix(h.host.Said, "moons with noise 1e+308 makes point 1") || !strings.HasSuffix(h.host.Said, "lower the noise") {
		t.Errorf("N that fails said %q", h.host.Said)
	}
}

// TestHeldKeys: the program holds n during the quiz (its answer "no") and
// A in comparison mode through the actions the controls give it, so those
// must be the actions the keys n and A reach.
func TestHeldKeys(t *testing.T) {
	t.Parallel()
	h := newHarness(t, averaged(t))
	h.c.FewerPoints().Guard(func() string { return "the quiz holds n" })
	h.c.Ensemble().Guard(func() string { return "comparison mode holds A" })
	h.press("n")
	if h.why != "the quiz holds n" {
		t.Errorf("n held: %q", h.why)
	}
	h.press("A")
	if h.why != "comparison mode holds A" || h.s.Shown() != learn.AveragedMember {
		t.Errorf("A held: %q, shown %v", h.why, h.s.Shown())
	}
}

// TestLogisticLambda: < and > step logistic regression's own λ, from its
// default 0 (not Pegasos's 0.1) along 0, 1e-4, 2e-4 …; a rung where
// ηλ ≥ 1 is refused and says why; and l from Pegasos with λ = 5, which
// logistic regression cannot take at η = 1, reaches it with λ at its
// default and says so.
func TestLogisticLambda(t *testing.T) {
	t.Parallel()
	o := tuitest.Builtin(t, "moons", 0)
	o.Config.Learner = "logistic"
	h := newHarness(t, o)
	h.press(">")
	if l := h.cfg().Param("lambda"); l != 1e-4 {
		t.Fatalf("> from λ = 0: λ = %v, want 1e-4 (%q)", l, h.host.Said)
	}
	h.press("<")
	if l := h.cfg().Param("lambda"); l != 0 || !strings.HasPrefix(h.host.Said, "λ = 0: α reset") {
		t.Errorf("< from 1e-4: λ = %v, said %q", l, h.host.Said)
	}
	big := tuitest.Builtin(t, "moons", 0)
	big.Config.Learner = "logistic"
	big.Config = big.Config.With("eta", 4)
	h = newHarness(t, big)
	for range 11 { // up the ladder to 0.2: η·λ = 0.8
		h.press(">")
	}
	if l := h.cfg().Param("lambda"); l != 0.2 {
		t.Fatalf("λ = %v after 11 × >, want 0.2", l)
	}
	h.press(">") // 0.5: η·λ = 2
	if l := h.cfg().Param("lambda"); l != 0.2 || !strings.Contains(h.host.Said, "ηλ must be < 1") {
		t.Errorf("> to η·λ = 2: λ = %v, said %q", l, h.host.Said)
	}
	peg := tuitest.Builtin(t, "moons", 0)
	peg.Config.Learner = "pegasos"
	peg.Config = peg.Config.With("lambda", 5)
	h = newHarness(t, peg)
	h.press("l")
	if got := h.s.Learner().Config(); got.Learner != "logistic" || got.Param("lambda") != 0 || !strings.Contains(h.host.Said, "λ = 5 → 0") {
		t.Errorf("l from Pegasos with λ = 5: %s with λ = %v, said %q", got.Learner, got.Param("lambda"), h.host.Said)
	}
}
