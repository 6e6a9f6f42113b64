package cli

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kernelscope/learn"
)

// featuresOut is the JSON of `kernelscope features`, as a script reads it.
type featuresOut struct {
	Kernel     string    `json:"kernel"`
	Explicit   bool      `json:"explicit"`
	Names      []string  `json:"names"`
	W          []float64 `json:"w"`
	NormW      *float64  `json:"norm_w"`
	Indefinite bool      `json:"indefinite"`
	Steps      int       `json:"steps"`
	State      string    `json:"state"`
	Projected  int       `json:"projected"`
	Subsampled bool      `json:"subsampled"`
	Sample     string    `json:"sample"`
	NoMap      *struct {
		Kind string `json:"kind"`
	} `json:"no_map"`
	Mercer struct {
		Run            bool      `json:"run"`
		PSD            *bool     `json:"psd"`
		MinEigenvalue  float64   `json:"min_eigenvalue"`
		Lowest         []float64 `json:"lowest_eigenvalues"`
		Tol            float64   `json:"tol"`
		Counterexample *struct {
			Points        []int       `json:"points"`
			Submatrix     [][]float64 `json:"submatrix"`
			MinEigenvalue float64     `json:"min_eigenvalue"`
		} `json:"counterexample"`
	} `json:"mercer"`
	Points []struct {
		I     int         `json:"i"`
		X     [2]float64  `json:"x"`
		Y     int         `json:"y"`
		Alpha float64     `json:"alpha"`
		F     float64     `json:"f"`
		Phi   []float64   `json:"phi"`
		U     *[3]float64 `json:"u"`
	} `json:"points"`
}

// features runs `kernelscope features args…` and decodes its one object,
// both as featuresOut and as plain JSON values (to see which keys are there).
func features(t *testing.T, args ...string) (featuresOut, map[string]any) {
	t.Helper()
	out, stderr, code := runCLI(append([]string{"features"}, args...)...)
	if code != 0 {
		t.Fatalf("features %v: exit %d: %s", args, code, stderr)
	}
	if strings.Count(out, "\n") != 1 || strings.Contains(out, "NaN") || strings.Contains(out, "+Inf") || strings.Contains(out, "-Inf") {
		t.Errorf("features %v: not one finite object: %.300s", args, out)
	}
	var f featuresOut
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &f); err != nil {
		t.Fatalf("features %v: %v", args, err)
	}
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	return f, raw
}

// worked4 is seed 003's data: x₁ = (1, 1), x₂ = (−1, 1), x₃ = (−1, −1),
// x₄ = (1, −1), y = (+1, −1, +1, −1).
var worked4 = [][2]float64{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// TestFeaturesWorked4: seed 003 after convergence ("w = (1, √2, 1)" on
// φ(x) = (x₁², √2·x₁x₂, x₂²), f(x) = (x₁ + x₂)²). ‖w‖ = √(1 + 2 + 1) = 2,
// φ of each point by hand, u₁ = f/‖w‖ (the perceptron has b = 0), and f is
// trace's: the last pass of a converged run makes no mistake, so its jsonl
// f values are the final scores.
func TestFeaturesWorked4(t *testing.T) {
	f, _ := features(t, "--dataset", "worked4")
	if f.Kernel != "poly(d=2,c=0)" || !f.Explicit || f.Steps != 8 || f.State != "converged" || f.NoMap != nil {
		t.Errorf("kernel %q explicit %t steps %d state %q no_map %v", f.Kernel, f.Explicit, f.Steps, f.State, f.NoMap)
	}
	if !slices.Equal(f.Names, []string{"x₁²", "√2·x₁x₂", "x₂²"}) {
		t.Errorf("names %q", f.Names)
	}
	wantW := []float64{1, math.Sqrt2, 1}
	if len(f.W) != 3 || !near(f.W[0], wantW[0], 1e-12) || !near(f.W[1], wantW[1], 1e-12) || !near(f.W[2], wantW[2], 1e-12) {
		t.Errorf("w = %v, want %v", f.W, wantW)
	}
	if f.NormW == nil || !near(*f.NormW, 2, 1e-12) {
		t.Fatalf("norm_w = %v, want 2", f.NormW)
	}
	trace := traceLastPass(t, "--dataset", "worked4")
	if len(f.Points) != 4 {
		t.Fatalf("%d points", len(f.Points))
	}
	for i, p := range f.Points {
		x1, x2 := worked4[i][0], worked4[i][1]
		phi := []float64{x1 * x1, math.Sqrt2 * x1 * x2, x2 * x2}
		if p.I != i+1 || p.X != worked4[i] || p.Y != []int{1, -1, 1, -1}[i] || p.Alpha != []float64{1, 0, 0, 0}[i] {
			t.Errorf("point %d: %+v", i+1, p)
		}
		if len(p.Phi) != 3 || !near(p.Phi[0], phi[0], 1e-15) || !near(p.Phi[1], phi[1], 1e-15) || !near(p.Phi[2], phi[2], 1e-15) {
			t.Errorf("φ(x%d) = %v, want %v", i+1, p.Phi, phi)
		}
		if want := (x1 + x2) * (x1 + x2); p.F != want || p.F != trace[i] {
			t.Errorf("f(x%d) = %v, want (x₁ + x₂)² = %v and trace's %v", i+1, p.F, want, trace[i])
		}
		if p.U == nil || !near(p.U[0]**f.NormW, p.F, 1e-12) {
			t.Errorf("x%d: u = %v, u₁·‖w‖ ≠ f = %v", i+1, p.U, p.F)
		}
	}
	// K = [[4,0,4,0],[0,4,0,4],[4,0,4,0],[0,4,0,4]] = 4·(two blocks 11ᵀ on
	// {1,3} and {2,4}): eigenvalues 0, 0, 8, 8.
	if f.Mercer.PSD == nil || !*f.Mercer.PSD || len(f.Mercer.Lowest) != 4 {
		t.Fatalf("mercer %+v", f.Mercer)
	}
	for k, want := range []float64{0, 0, 8, 8} {
		if !near(f.Mercer.Lowest[k], want, 1e-12) {
			t.Errorf("eigenvalue %d = %v, want %v", k+1, f.Mercer.Lowest[k], want)
		}
	}
}

// traceLastPass runs trace --format jsonl and returns f of the last n steps
// by example: the scores after a run that ended on a pass without mistakes.
func traceLastPass(t *testing.T, args ...string) map[int]float64 {
	t.Helper()
	out, stderr, code := runCLI(append([]string{"trace", "--format", "jsonl"}, args...)...)
	if code != 0 {
		t.Fatalf("trace: exit %d: %s", code, stderr)
	}
	var steps []jsonStep
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var s jsonStep
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatal(err)
		}
		steps = append(steps, s)
	}
	done := steps[len(steps)-1]
	if !done.Done || !done.Converged {
		t.Fatalf("trace did not converge: %+v", done)
	}
	n := len(done.Alpha)
	f := map[int]float64{}
	for _, s := range steps[len(steps)-1-n : len(steps)-1] {
		f[s.I-1] = s.F
	}
	return f
}

// TestFeaturesWorked3: seed 004 with x̃ = (1, x₁, x₂): α = (0, 1, 1), so
// w = x̃₂ − x̃₃ = (1, 2, 1) − (1, 1, 3) = (0, 1, −2) ("n⁽⁵⁾"), f(x) = x₁ − 2x₂
// (4, 0, −5 on the three points, as the notes' last pass computes) and
// ‖w‖ = √5.
func TestFeaturesWorked3(t *testing.T) {
	f, _ := features(t, "--dataset", "worked3")
	if !f.Explicit || !slices.Equal(f.Names, []string{"1", "x₁", "x₂"}) || !slices.Equal(f.W, []float64{0, 1, -2}) {
		t.Errorf("names %q, w = %v; want w = (0, 1, −2) on (1, x₁, x₂)", f.Names, f.W)
	}
	if f.NormW == nil || !near(*f.NormW, math.Sqrt(5), 1e-12) {
		t.Errorf("norm_w = %v, want √5", f.NormW)
	}
	for i, want := range []float64{4, 0, -5} {
		p := f.Points[i]
		if p.F != want || len(p.Phi) != 3 || p.Phi[0] != 1 || p.Phi[1] != p.X[0] || p.Phi[2] != p.X[1] {
			t.Errorf("x%d: f = %v (want %v), φ = %v, x = %v", i+1, p.F, want, p.Phi, p.X)
		}
	}
}

// TestFeaturesSteps: --steps N stops after N steps. Seed 003's first step
// is a mistake on x₁ = (1, 1) (sign(0) = −1 ≠ +1), so α = (1, 0, 0, 0) and
// f(x) = K(x₁, x) = (x₁ + x₂)² already; 0 steps is w = 0; more steps than
// the run has stop where it converges.
func TestFeaturesSteps(t *testing.T) {
	f, _ := features(t, "--dataset", "worked4", "--steps", "1")
	if f.Steps != 1 || f.State != "running" {
		t.Errorf("--steps 1: steps %d, state %q", f.Steps, f.State)
	}
	for i, p := range f.Points {
		x1, x2 := worked4[i][0], worked4[i][1]
		if p.F != (x1+x2)*(x1+x2) || p.Alpha != []float64{1, 0, 0, 0}[i] {
			t.Errorf("--steps 1: x%d: f = %v, α = %v", i+1, p.F, p.Alpha)
		}
	}
	f, _ = features(t, "--dataset", "worked4", "--steps", "0")
	if f.Steps != 0 || !slices.Equal(f.W, []float64{0, 0, 0}) || f.NormW == nil || *f.NormW != 0 {
		t.Errorf("--steps 0: steps %d, w = %v, norm_w = %v", f.Steps, f.W, f.NormW)
	}
	for _, p := range f.Points {
		if p.F != 0 || p.U == nil {
			t.Errorf("--steps 0: %+v", p)
		}
	}
	if f, _ = features(t, "--dataset", "worked4", "--steps", "100"); f.Steps != 8 || f.State != "converged" {
		t.Errorf("--steps 100: steps %d, state %q; want 8, converged", f.Steps, f.State)
	}
}

// TestFeaturesRBF: the Gaussian kernel has no finite φ (seed 003), so no
// names, w or φ; ‖w‖ = √(cᵀKc) and u are still there, every value is a
// finite number, and f is trace's up to the rounding of incremental sums.
func TestFeaturesRBF(t *testing.T) {
	f, raw := features(t, "--dataset", "moons")
	if f.Explicit || f.NoMap == nil || f.NoMap.Kind != "infinite" || f.NormW == nil || *f.NormW <= 0 {
		t.Errorf("explicit %t, no_map %v, norm_w %v", f.Explicit, f.NoMap, f.NormW)
	}
	for _, key := range []string{"names", "w"} {
		if _, ok := raw[key]; ok {
			t.Errorf("key %q present without an explicit map", key)
		}
	}
	if path := nullIn(raw, ""); path != "" {
		t.Errorf("null at %s", path)
	}
	trace := traceLastPass(t, "--dataset", "moons")
	for i, p := range f.Points {
		if p.Phi != nil || p.U == nil {
			t.Errorf("x%d: φ %v, u %v", i+1, p.Phi, p.U)
		}
		if !near(p.F, trace[i], 1e-12) {
			t.Errorf("x%d: f = %v, trace's %v", i+1, p.F, trace[i])
		}
	}
	if f.Mercer.PSD == nil || !*f.Mercer.PSD || f.Mercer.Counterexample != nil {
		t.Errorf("the Gaussian Gram matrix is PSD: %+v", f.Mercer)
	}
}

// nullIn returns the path of the first null in v, or "".
func nullIn(v any, path string) string {
	switch v := v.(type) {
	case nil:
		return path
	case map[string]any:
		for k, x := range v {
			if p := nullIn(x, path+"."+k); p != "" {
				return p
			}
		}
	case []any:
		for i, x := range v {
			if p := nullIn(x, path+"["+strconv.Itoa(i)+"]"); p != "" {
				return p
			}
		}
	}
	return ""
}

// TestFeaturesSigmoid: tanh(x·z) is not PSD on the moons (seed 004:
// Mercer's condition fails), so there is no ‖w‖ (null, never NaN), and the
// counter-example is a pair whose 2×2 Gram submatrix [[a, b], [b, d]],
// recomputed here from the points, has ad − b² < 0 and the eigenvalue
// (a+d)/2 − √(((a−d)/2)² + b²) < 0. With c = −1, tanh(‖x‖² − 1) < 0 for a
// point inside the unit circle: one point is enough.
func TestFeaturesSigmoid(t *testing.T) {
	f, raw := features(t, "--dataset", "moons", "--kernel", "sigmoid(gamma=1,c=0)")
	if v, ok := raw["norm_w"]; !ok || v != nil || f.Explicit || f.NoMap.Kind != "indefinite" {
		t.Errorf("norm_w %v (present %t), explicit %t, no_map %v", v, ok, f.Explicit, f.NoMap)
	}
	m := f.Mercer
	if m.PSD == nil || *m.PSD || m.MinEigenvalue >= 0 || m.Counterexample == nil {
		t.Fatalf("mercer %+v", m)
	}
	ce := m.Counterexample
	if len(ce.Points) != 2 {
		t.Fatalf("counter-example of %d points, want a pair: %+v", len(ce.Points), ce)
	}
	x := func(k int) [2]float64 { return f.Points[ce.Points[k]-1].X }
	k := func(a, b int) float64 { return math.Tanh(x(a)[0]*x(b)[0] + x(a)[1]*x(b)[1]) }
	a, b, d := k(0, 0), k(0, 1), k(1, 1)
	if !near(ce.Submatrix[0][0], a, 1e-15) || !near(ce.Submatrix[0][1], b, 1e-15) || !near(ce.Submatrix[1][0], b, 1e-15) || !near(ce.Submatrix[1][1], d, 1e-15) {
		t.Errorf("submatrix %v, want [[%v %v] [%v %v]]", ce.Submatrix, a, b, b, d)
	}
	if det := a*d - b*b; det >= 0 {
		t.Errorf("det = %v ≥ 0", det)
	}
	if eig := (a+d)/2 - math.Hypot((a-d)/2, b); eig >= 0 || !near(ce.MinEigenvalue, eig, 1e-12) {
		t.Errorf("min eigenvalue %v, want %v < 0", ce.MinEigenvalue, eig)
	}
	for i, p := range f.Points {
		if p.U == nil {
			t.Errorf("x%d has no u", i+1)
		}
	}
	delete(raw, "norm_w")
	delete(raw, "plane_at")
	if path := nullIn(raw, ""); path != "" {
		t.Errorf("null at %s", path)
	}

	f, _ = features(t, "--dataset", "moons", "--kernel", "sigmoid(gamma=1,c=-1)")
	if ce := f.Mercer.Counterexample; ce == nil || len(ce.Points) != 1 {
		t.Fatalf("c = −1: counter-example %+v", ce)
	}
	ce = f.Mercer.Counterexample
	p := f.Points[ce.Points[0]-1].X
	if want := math.Tanh(p[0]*p[0] + p[1]*p[1] - 1); want >= 0 || !near(ce.MinEigenvalue, want, 1e-15) {
		t.Errorf("c = −1: K(x, x) = %v, want tanh(‖x‖² − 1) = %v < 0", ce.MinEigenvalue, want)
	}
}

// TestFeaturesIndefiniteNorm: with a kernel that is not PSD, ‖w‖ is still
// √(cᵀKc) whenever cᵀKc ≥ 0, said to be of an indefinite kernel, and none
// only when cᵀKc < 0. tanh(x·z) on the moons after 20 steps: cᵀKc =
// Σᵢⱼ αᵢyᵢ αⱼyⱼ tanh(xᵢ·xⱼ), recomputed here from the points and α the
// output lists, is positive (1.18), so norm_w is its square root (to
// 1e-12, relative: sums of a few dozen terms in another order), and
// "indefinite" is true beside it, as Mercer's check finds; the text says
// ‖w‖ = √(cᵀKc) with the word indefinite. Trained to the end, cᵀKc < 0 and
// norm_w is null (TestFeaturesSigmoid).
func TestFeaturesIndefiniteNorm(t *testing.T) {
	args := []string{"--dataset", "moons", "--kernel", "sigmoid(gamma=1,c=0)", "--steps", "20"}
	f, _ := features(t, args...)
	q := 0.0
	for _, a := range f.Points {
		for _, b := range f.Points {
			q += a.Alpha * float64(a.Y) * b.Alpha * float64(b.Y) * math.Tanh(a.X[0]*b.X[0]+a.X[1]*b.X[1])
		}
	}
	if !(q > 0) {
		t.Fatalf("cᵀKc = %v: the case needs it positive", q)
	}
	if f.NormW == nil || !near(*f.NormW, math.Sqrt(q), 1e-12) {
		t.Errorf("norm_w = %v, want √(cᵀKc) = %v", f.NormW, math.Sqrt(q))
	}
	if !f.Indefinite || f.Mercer.PSD == nil || *f.Mercer.PSD {
		t.Errorf("indefinite %v, mercer.psd %v; want true beside norm_w, and Mercer failing", f.Indefinite, f.Mercer.PSD)
	}
	out, stderr, code := runCLI(append([]string{"features", "--format", "text"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := "\n‖w‖ = √(cᵀKc) = " + learn.Num(math.Sqrt(q)) + ", but the kernel is indefinite"; !strings.Contains(out, want) {
		t.Errorf("text lacks %q:\n%s", want, out)
	}
}

// TestFeaturesText: the notes' way of writing seed 003's result, then the
// RBF and sigmoid verdicts.
func TestFeaturesText(t *testing.T) {
	out, stderr, code := runCLI("features", "--dataset", "worked4", "--format", "text")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"\nkernel (x·z)²: φ(x) = (x₁², √2·x₁x₂, x₂²), 3 features\n",
		"\nw = (1, √2, 1) on (x₁², √2·x₁x₂, x₂²)\n",
		"\nf(x) = x₁² + 2·x₁x₂ + x₂²\n",
		"\n‖w‖ = 2\n",
		"\nMercer: the Gram matrix's eigenvalues are 0, 0, 8, 8; λmin ≈ 0 ≥ 0: positive semi-definite ✓\n",
		"\n  i   y  α  f  u₁  u₂  u₃\n  1  +1  1  4   2   1   0\n  2  −1  0  0   0  −1   0\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = runCLI("features", "--dataset", "moons", "--format", "text")
	if !strings.Contains(out, "φ has no finite form") || !strings.Contains(out, "infinite-dimensional") || strings.Contains(out, "NaN") {
		t.Errorf("RBF text:\n%s", out)
	}
	out, _, _ = runCLI("features", "--dataset", "moons", "--kernel", "sigmoid(gamma=1,c=0)", "--format", "text")
	for _, want := range []string{"not PSD: no feature space", "‖w‖: none", "counter-example: x", "Cauchy–Schwarz"} {
		if !strings.Contains(out, want) || strings.Contains(out, "NaN") {
			t.Errorf("sigmoid text lacks %q:\n%s", want, out)
		}
	}
}

// TestFeaturesSubsample: with --limit below n, u is given for the
// projected points only: every support vector and evenly spaced others.
func TestFeaturesSubsample(t *testing.T) {
	f, _ := features(t, "--dataset", "moons", "--limit", "20")
	if !f.Subsampled || f.Projected != 20 || f.Sample == "" {
		t.Errorf("subsampled %t, projected %d, sample %q", f.Subsampled, f.Projected, f.Sample)
	}
	withU := 0
	for i, p := range f.Points {
		if p.U != nil {
			withU++
		} else if p.Alpha > 0 {
			t.Errorf("support vector x%d has no u", i+1)
		}
	}
	if len(f.Points) != 100 || withU != 20 {
		t.Errorf("%d points, %d with u; want 100 and 20", len(f.Points), withU)
	}
}

// TestFeaturesUsage: flag mistakes are usage errors (exit 2), said before
// any work, with nothing on stdout.
func TestFeaturesUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--steps", "-1"}, "--steps must be ≥ 0, not -1"},
		{[]string{"--format", "bogus"}, `unknown --format "bogus" (want json or text)`},
		{[]string{"--format", "jsonl"}, "unknown --format"},
		{[]string{"--limit", "0"}, "--limit must be from 1 to"},
		{[]string{"--steps", "1.5"}, `invalid value "1.5" for --steps`},
		{[]string{"--steps", "-1", "--dataset", "nosuch"}, "--steps must be ≥ 0"},
		{[]string{"moons"}, "to use that dataset: --dataset moons"},
	} {
		out, stderr, code := runCLI(append([]string{"features"}, c.args...)...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, stderr, c.want)
		}
	}
}

// TestFeaturesImports: features is headless, as trace is: it imports
// neither the terminal program nor any Charm package (TestHeadlessImports
// follows what the packages it imports import).
func TestFeaturesImports(t *testing.T) {
	for _, file := range []string{"features.go", "features_text.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "kernelscope/tui" || strings.HasPrefix(path, "charm.land/") || strings.Contains(path, "charmbracelet") {
				t.Errorf("%s imports %s", file, path)
			}
		}
	}
}
