package learn

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestFamilies pins the registry down entry by entry: names, aliases,
// parameters with their defaults, ranges and key steps, and the kernels a
// bare name and the TUI's k cycle start at. Where the values come from:
// the name tables, defaults and range checks of spec.go and kernel.go, and
// changeParam and kernelKinds in tui/model.go, as they were before the
// registry (commit 57f4902).
func TestFamilies(t *testing.T) {
	inf := math.Inf(1)
	free := KeyStep{Series: true, Min: 0.01, Max: 50}
	cases := []struct {
		name, formula    string
		aliases          []string
		params           []Param
		defaults, starts string
	}{
		{"linear", "K(x, z) = x·z", []string{"lin"}, nil, "linear", "linear"},
		{"poly", "K(x, z) = (x·z + c)^d", []string{"polynomial"}, []Param{
			{Name: "d", Symbol: "d", Aliases: []string{"degree"}, Doc: "degree", Default: 2, Integer: true, Min: 1, Max: MaxDegree,
				Key: KeyStep{By: 1, Digits: 0, Min: 1, Max: 10}},
			{Name: "c", Symbol: "c", Aliases: []string{"coef0"}, Doc: "offset", Default: 1, Min: -inf, Max: inf,
				Key: KeyStep{By: 0.5, Digits: 2, Min: -inf, Max: inf}},
		}, "poly(d=2,c=1)", "poly(d=2,c=1)"},
		{"rbf", "K(x, z) = exp(−‖x − z‖²/(2σ²))", []string{"gaussian", "gauss"}, []Param{
			{Name: "sigma", Symbol: "σ", Aliases: []string{"s", "σ"}, Doc: "width", Default: 1, Min: MinSigma, Max: inf, Key: free},
		}, "rbf(sigma=1)", "rbf(sigma=0.5)"},
		{"sigmoid", "K(x, z) = tanh(γ x·z + c)", []string{"tanh"}, []Param{
			{Name: "gamma", Symbol: "γ", Aliases: []string{"g", "γ"}, Doc: "slope", Default: 1, Min: -inf, Max: inf, Key: free},
			{Name: "c", Symbol: "c", Aliases: []string{"coef0"}, Doc: "offset", Default: 0, Min: -inf, Max: inf,
				Key: KeyStep{By: 0.25, Digits: 2, Min: -inf, Max: inf}},
		}, "sigmoid(gamma=1,c=0)", "sigmoid(gamma=1,c=0)"},
	}
	fams := Families()
	if len(fams) != len(cases) {
		t.Fatalf("%d families, want %d", len(fams), len(cases))
	}
	for i, c := range cases {
		f := fams[i]
		if f.Name() != c.name || f.Formula() != c.formula || !slices.Equal(f.Aliases(), c.aliases) || f.Doc() == "" {
			t.Errorf("family %d = %s %q %v %q; want %s %q %v and a description", i, f.Name(), f.Formula(), f.Aliases(), f.Doc(), c.name, c.formula, c.aliases)
		}
		ps := f.Params()
		if len(ps) != len(c.params) {
			t.Errorf("%s: %d params, want %d", c.name, len(ps), len(c.params))
			continue
		}
		for j, want := range c.params {
			got := ps[j]
			got.noun, got.minWhy = "", "" // message wording: TestParamMessages
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s param %d = %+v, want %+v", c.name, j, got, want)
			}
		}
		if got := f.Default().Spec(); got != c.defaults {
			t.Errorf("%s: Default() = %s, want %s", c.name, got, c.defaults)
		}
		if got := f.Start().Spec(); got != c.starts {
			t.Errorf("%s: Start() = %s, want %s", c.name, got, c.starts)
		}
	}
}

// TestFamilyRoundTrip holds every registered family, whatever it is, to
// what the parser, Validate, the TUI's keys and FamilyOf promise together:
// its start kernel reads back from its spec, its values rebuild it, a step
// up and down comes back within the step's rounding, a bare name is its
// defaults, and every alias of the family and of each parameter reads as
// the canonical name does.
func TestFamilyRoundTrip(t *testing.T) {
	for _, f := range Families() {
		t.Run(f.Name(), func(t *testing.T) { checkFamily(t, f) })
	}
}

func checkFamily(t *testing.T, f *Family) {
	t.Helper()
	start := f.Start()
	k, err := ParseKernel(start.Spec())
	if err != nil || !sameKernel(k, start) {
		t.Fatalf("ParseKernel(%q) = %v, %v; want the start kernel back", start.Spec(), k, err)
	}
	checkRoundTrip(t, start.Spec(), k)
	if g, ok := FamilyOf(k); !ok || g != f {
		t.Fatalf("FamilyOf(%s) = %v, %v; want %s", k.Spec(), g, ok, f.Name())
	}
	values := f.Values(k)
	back, err := f.New(values)
	if err != nil || !sameKernel(back, k) {
		t.Fatalf("New(Values(%s)) = %v, %v", k.Spec(), back, err)
	}
	ps := f.Params()
	for i, p := range ps {
		up, ok := f.StepParam(k, i, true)
		if !ok {
			t.Fatalf("StepParam(%s, %d) = false", k.Spec(), i)
		}
		down, _ := f.StepParam(up, i, false)
		if err := Validate(up); err != nil {
			t.Errorf("%s stepped %s up: %v", k.Spec(), p.Name, err)
		}
		got, want := f.Values(down)[i], values[i]
		// A step rounds to Digits (decimals, or significant digits after a
		// factor): half a unit of the last digit kept, on each of two steps.
		tol := math.Pow10(-p.Key.Digits)
		if p.Key.Factor > 0 {
			tol = math.Abs(want) * math.Pow10(1-p.Key.Digits)
		}
		if math.Abs(got-want) > tol {
			t.Errorf("%s: %s up then down = %v, want %v within %v", k.Spec(), p.Name, got, want, tol)
		}
	}
	if _, ok := f.StepParam(k, len(ps), true); ok {
		t.Errorf("StepParam(%s, %d) = true past the last parameter", k.Spec(), len(ps))
	}
	bare := f.Default()
	for _, name := range append([]string{f.Name(), strings.ToUpper(f.Name())}, f.Aliases()...) {
		for _, spec := range []string{name, name + "()"} {
			if k, err := ParseKernel(spec); err != nil || !sameKernel(k, bare) {
				t.Errorf("ParseKernel(%q) = %v, %v; want %s", spec, k, err, bare.Spec())
			}
		}
	}
	for i, p := range ps {
		for _, name := range append([]string{p.Name}, p.Aliases...) {
			v := p.Default
			if p.Integer {
				v = math.Min(p.Max, v+1)
			} else {
				v += 0.25
			}
			spec := f.Name() + "(" + name + "=" + specNum(v) + ")"
			want := f.Values(bare)
			want[i] = v
			wantK, err := f.New(want)
			if err != nil {
				t.Fatalf("New(%v): %v", want, err)
			}
			if k, err := ParseKernel(spec); err != nil || !sameKernel(k, wantK) {
				t.Errorf("ParseKernel(%q) = %v, %v; want %s", spec, k, err, wantK.Spec())
			}
		}
	}
}

// TestStepParam checks the keys' steps at the values the issue names and at
// the ends of their ranges.
func TestStepParam(t *testing.T) {
	cases := []struct {
		k     Kernel
		param int
		up    bool
		want  string
	}{
		{RBF{Sigma: 0.5}, 0, true, "rbf(sigma=0.7)"},     // ] on rbf: the 1-1.5-2-3-5-7 series
		{RBF{Sigma: 0.5}, 0, false, "rbf(sigma=0.3)"},    // [
		{RBF{Sigma: 0.625}, 0, true, "rbf(sigma=0.7)"},   // off the series: to the next value up
		{RBF{Sigma: 45}, 0, true, "rbf(sigma=50)"},       // 56.2 clamped
		{RBF{Sigma: 50}, 0, true, "rbf(sigma=50)"},       // stays
		{RBF{Sigma: 0.011}, 0, false, "rbf(sigma=0.01)"}, // 0.0088 clamped
		{RBF{Sigma: 1e-50}, 0, true, "rbf(sigma=0.01)"},  // a spec's tiny σ comes back into range
		{Poly{D: 2, C: 1}, 0, true, "poly(d=3,c=1)"},
		{Poly{D: 10, C: 1}, 0, true, "poly(d=10,c=1)"}, // capped at 10
		{Poly{D: 20, C: 1}, 0, true, "poly(d=10,c=1)"}, // as changeParam did: min(10, 21)
		{Poly{D: 1, C: 1}, 0, false, "poly(d=1,c=1)"},
		{Poly{D: 2, C: 1}, 1, true, "poly(d=2,c=1.5)"},
		{Poly{D: 2, C: 1}, 1, false, "poly(d=2,c=0.5)"},
		{Poly{D: 2, C: 0.123}, 1, true, "poly(d=2,c=0.62)"}, // rounded to 2 decimals
		{Sigmoid{Gamma: 1, C: 0}, 0, true, "sigmoid(gamma=1.5,c=0)"},
		{Sigmoid{Gamma: -1, C: 0}, 0, true, "sigmoid(gamma=0.01,c=0)"}, // clamped to 0.01..50, sign and all
		{Sigmoid{Gamma: 1, C: 0}, 1, true, "sigmoid(gamma=1,c=0.25)"},
		{Sigmoid{Gamma: 1, C: 0}, 1, false, "sigmoid(gamma=1,c=-0.25)"},
	}
	for _, c := range cases {
		f, _ := FamilyOf(c.k)
		got, ok := f.StepParam(c.k, c.param, c.up)
		if !ok || got.Spec() != c.want {
			t.Errorf("StepParam(%s, %d, up=%v) = %v, %v; want %s", c.k.Spec(), c.param, c.up, got, ok, c.want)
		}
	}
	for _, c := range []struct {
		k     Kernel
		param int
	}{{Linear{}, 0}, {RBF{Sigma: 1}, 1}, {Poly{D: 2}, 2}, {Sigmoid{}, -1}} {
		f, _ := FamilyOf(c.k)
		if got, ok := f.StepParam(c.k, c.param, true); ok || !sameKernel(got, c.k) {
			t.Errorf("StepParam(%s, %d) = %v, %v; want the kernel unchanged and false", c.k.Spec(), c.param, got, ok)
		}
	}
}

// tuiChangeParam is changeParam and roundSig of tui/model.go as they were
// before the registry (commit 57f4902), kept verbatim but for the receiver:
// the reference StepParam must match bit for bit.
func tuiChangeParam(k Kernel, primary, up bool) (Kernel, bool) {
	step := map[bool]float64{true: 1, false: -1}[up]
	roundSig := func(v float64) float64 {
		if v == 0 {
			return 0
		}
		e := math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-2)
		return math.Round(v/e) * e
	}
	switch k := k.(type) {
	case Poly:
		if primary {
			k.D = max(1, min(10, k.D+int(step)))
		} else {
			k.C = math.Round((k.C+0.5*step)*100) / 100
		}
		return k, true
	case RBF:
		if !primary {
			return k, false
		}
		f := 1.25
		if !up {
			f = 1 / f
		}
		k.Sigma = math.Max(0.01, math.Min(50, roundSig(k.Sigma*f)))
		return k, true
	case Sigmoid:
		if primary {
			f := 1.25
			if !up {
				f = 1 / f
			}
			k.Gamma = math.Max(0.01, math.Min(50, roundSig(k.Gamma*f)))
		} else {
			k.C = math.Round((k.C+0.25*step)*100) / 100
		}
		return k, true
	}
	return k, false
}

// TestStepParamMatchesTUI walks random key presses from the start kernels
// and from odd values a spec can set, and compares every step with the
// TUI's old changeParam bit for bit.
func TestStepParamMatchesTUI(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	starts := []Kernel{Linear{}, Poly{D: 2, C: 1}, RBF{Sigma: 0.5}, Sigmoid{Gamma: 1, C: 0},
		Poly{D: 30, C: -0.123456}, Poly{D: 1, C: 1e-9}, RBF{Sigma: 1e-100}, RBF{Sigma: 1e10}, RBF{Sigma: 0.0123456},
		Sigmoid{Gamma: -3.3, C: 7.77}, Sigmoid{Gamma: 0, C: math.Copysign(0, -1)}, Sigmoid{Gamma: 1e-300, C: 1e300}}
	for _, k := range starts {
		f, _ := FamilyOf(k)
		for range 2000 {
			primary, up := r.IntN(2) == 0, r.IntN(2) == 0
			param := 0
			if !primary {
				param = 1
			}
			want, wantOK := tuiChangeParam(k, primary, up)
			got, gotOK := f.StepParam(k, param, up)
			if ps := f.Params(); param < len(ps) && ps[param].Key.Series {
				// σ and γ now step along a series (TestSeriesStep), on
				// purpose unlike the old ×1.25.
				k = got
				continue
			}
			if gotOK != wantOK || !sameKernel(got, want) {
				t.Fatalf("step %s param %d up=%v: StepParam = %#v, %v; changeParam = %#v, %v", k.Spec(), param, up, got, gotOK, want, wantOK)
			}
			k = got
		}
	}
}

// TestParamMessages pins down the words of every range check, from the
// parser (with the column of the value at fault) and from Validate and New
// (for kernels built in code). They are the messages of spec.go and
// kernel.go before the registry, but for one: the parser now gives the
// reason for σ's lower bound as Validate always has.
func TestParamMessages(t *testing.T) {
	specs := []struct {
		in, msg string
		col     int
	}{
		{"poly(d=2.5)", "degree d must be a whole number from 1 to 30, not 2.5", 8},
		{"poly(c=1, d=31)", "degree d must be a whole number from 1 to 30, not 31", 13},
		{"rbf(s=0)", "sigma must be > 0, not 0", 7},
		{"rbf(σ=-0)", "sigma must be > 0, not -0", 8},
		{"rbf(sigma=1e-200)", "sigma must be at least 1e-100 (2σ² would underflow), not 1e-200", 11},
		{"linear(c=1)", `linear has no parameter "c" (it takes no parameters)`, 8},
		{"poly(sigma=1)", `poly has no parameter "sigma" (it takes d and c)`, 6},
		{"rbf(d=2)", `rbf has no parameter "d" (it takes sigma)`, 5},
		{"tanh(d=2)", `sigmoid has no parameter "d" (it takes gamma and c)`, 6},
		{"poly(degree=2,d=3)", "d is given twice", 15},
		{"gauss(s=1,SIGMA=2)", "sigma is given twice", 11},
		{"cubic", `unknown kernel "cubic" (want linear, poly, rbf or sigmoid)`, 1},
		{"2*()", `unexpected ")" where a kernel name should be (linear, poly, rbf, sigmoid)`, 4},
		{"  ", "empty kernel spec (try linear, poly(d=2,c=1), rbf(sigma=1) or sigmoid(gamma=1,c=0))", 3},
	}
	for _, c := range specs {
		_, err := ParseKernel(c.in)
		var se *SpecError
		if !errors.As(err, &se) || se.Msg != c.msg || se.Pos+1 != c.col {
			t.Errorf("ParseKernel(%q): %v; want %q at column %d", c.in, err, c.msg, c.col)
		}
	}
	kernels := []struct {
		k   Kernel
		msg string
	}{
		{Poly{D: 0, C: 1}, "degree d must be a whole number from 1 to 30, not 0"},
		{Poly{D: 31, C: 1}, "degree d must be a whole number from 1 to 30, not 31"},
		{Poly{D: 2, C: math.NaN()}, "c must be a finite number, not NaN"},
		{RBF{Sigma: math.Inf(1)}, "sigma must be a finite number, not +Inf"},
		{RBF{Sigma: -1}, "sigma must be > 0, not -1"},
		{RBF{Sigma: 1e-101}, "sigma must be at least 1e-100 (2σ² would underflow), not 1e-101"},
		{Sigmoid{Gamma: math.Inf(-1)}, "gamma must be a finite number, not -Inf"},
		{Sigmoid{Gamma: 1, C: math.NaN()}, "c must be a finite number, not NaN"},
		{Sum{Linear{}, Product{RBF{Sigma: 0}}}, "sigma must be > 0, not 0"},
		{Scaled{A: 0, K: Linear{}}, "a kernel's scale must be > 0, not 0"},
		{Scaled{A: math.NaN(), K: Linear{}}, "scale must be a finite number, not NaN"},
		{Sum{}, "an empty sum or product of kernels"},
		{nil, "no kernel"},
	}
	for _, c := range kernels {
		if err := Validate(c.k); err == nil || err.Error() != c.msg {
			t.Errorf("Validate(%#v) = %v, want %q", c.k, err, c.msg)
		}
		f, ok := FamilyOf(c.k)
		if !ok {
			continue
		}
		if _, err := f.New(f.Values(c.k)); err == nil || err.Error() != c.msg {
			t.Errorf("%s.New(%v) = %v, want %q", f.Name(), f.Values(c.k), err, c.msg)
		}
	}
	poly, _ := LookupFamily("poly")
	if _, err := poly.New([]float64{2}); err == nil || err.Error() != "poly takes d and c, not 1 values" {
		t.Errorf("poly.New([2]) = %v", err)
	}
}

// TestHelpTexts pins the help the registry writes for the command line; the
// --kernel text is the one options.go carried by hand.
func TestHelpTexts(t *testing.T) {
	if got, want := SpecHelp(), "linear, poly(d=2,c=1), rbf(sigma=1), sigmoid(gamma=1,c=0), sums with +, products with *"; got != want {
		t.Errorf("SpecHelp() = %q, want %q", got, want)
	}
	for flag, want := range map[string]string{
		"degree": "d (degree) of the poly kernel, a whole number from 1 to 30 (default 2)",
		"coef0":  "c (offset) of the poly or sigmoid kernel (defaults: poly 1, sigmoid 0)",
		"sigma":  "σ (width) of the rbf kernel, > 0 (default 1)",
		"gamma":  "γ (slope) of the sigmoid kernel (default 1)",
		"eta":    "",
	} {
		if got := OverrideHelp(flag); got != want {
			t.Errorf("OverrideHelp(%q) = %q, want %q", flag, got, want)
		}
	}
}

// TestOverrideMessages: each flag names the families that take it, from the
// registry.
func TestOverrideMessages(t *testing.T) {
	d, c, s, g := 3, 0.5, 2.0, 0.5
	cases := []struct {
		o   Overrides
		k   Kernel
		msg string
	}{
		{Overrides{Degree: &d}, RBF{Sigma: 1}, "--degree applies to poly kernels, and the kernel is rbf(sigma=1)"},
		{Overrides{Coef0: &c}, Linear{}, "--coef0 applies to poly or sigmoid kernels, and the kernel is linear"},
		{Overrides{Sigma: &s}, Sigmoid{Gamma: 1}, "--sigma applies to rbf kernels, and the kernel is sigmoid(gamma=1,c=0)"},
		{Overrides{Gamma: &g, Sigma: &s}, RBF{Sigma: 1}, "--gamma applies to sigmoid kernels, and the kernel is rbf(sigma=1)"},
	}
	for _, c := range cases {
		if _, err := c.o.Apply(c.k); err == nil || err.Error() != c.msg {
			t.Errorf("Apply(%s) = %v, want %q", c.k.Spec(), err, c.msg)
		}
	}
	k, err := Overrides{Degree: &d, Coef0: &c, Gamma: &g}.Apply(Sum{Scaled{A: 2, K: Poly{D: 2, C: 1}}, Product{Sigmoid{Gamma: 1, C: 0}, Linear{}}})
	if err != nil || k.Spec() != "2*poly(d=3,c=0.5)+sigmoid(gamma=0.5,c=0.5)*linear" {
		t.Errorf("Apply = %v, %v", k, err)
	}
}

// TestRegistryImmutable: what the accessors hand out is a copy.
func TestRegistryImmutable(t *testing.T) {
	fams := Families()
	fams[0] = nil
	ps := fams[1].Params()
	ps[0].Aliases[0] = "changed"
	ps[0].Default = 99
	fams[1].Aliases()[0] = "changed"
	v := []float64{3, 1}
	k, _ := fams[1].New(v)
	v[0] = 5
	if f := Families()[0]; f == nil || f.Name() != "linear" {
		t.Errorf("Families()[0] = %v after writing to a copy", f)
	}
	if p := fams[1].Params()[0]; p.Aliases[0] != "degree" || p.Default != 2 || fams[1].Aliases()[0] != "polynomial" {
		t.Errorf("poly's d = %+v after writing to a copy", p)
	}
	if k.Spec() != "poly(d=3,c=1)" || fams[1].Default().Spec() != "poly(d=2,c=1)" {
		t.Errorf("New kept its argument: %s", k.Spec())
	}
	defer func() {
		if recover() == nil {
			t.Errorf("poly.Values(rbf) did not panic")
		}
	}()
	fams[1].Values(RBF{Sigma: 1})
}

// TestFamilyFunction pins down what the families' at and expand hooks write
// for Function: K(z, x) written out, and expanded into monomials, for each
// family and through sums, products and scales. The expected texts are
// those of function.go's type switches before the registry (commit
// 57f4902), captured and checked by hand against (z·x̃ + c)^d; a linear
// kernel writes its constant even when it is 0, as it always has.
func TestFamilyFunction(t *testing.T) {
	z1, z2 := Vec{X0: 1, X1: 1, X2: -2}, Vec{X0: 0, X1: 0.5, X2: 3}
	cases := []struct {
		k        Kernel
		z        Vec
		bias     bool
		at, poly string // "" when not written
	}{
		{Linear{}, z1, true, "(x₁ − 2·x₂ + 1)", "x₁ − 2·x₂ + 1"},
		{Linear{}, z1, false, "(x₁ − 2·x₂)", "x₁ − 2·x₂"},
		{Linear{}, z2, true, "(0.5·x₁ + 3·x₂)", "0.5·x₁ + 3·x₂"},
		{Poly{D: 2, C: 1}, z1, true, "(x₁ − 2·x₂ + 2)²", "x₁² − 4·x₁x₂ + 4·x₂² + 4·x₁ − 8·x₂ + 4"},
		{Poly{D: 2, C: 1}, z1, false, "(x₁ − 2·x₂ + 1)²", "x₁² − 4·x₁x₂ + 4·x₂² + 2·x₁ − 4·x₂ + 1"},
		{Poly{D: 2, C: 1}, z2, true, "(0.5·x₁ + 3·x₂ + 1)²", "0.25·x₁² + 3·x₁x₂ + 9·x₂² + x₁ + 6·x₂ + 1"},
		{Poly{D: 1, C: 0.5}, z1, true, "(x₁ − 2·x₂ + 1.5)", "x₁ − 2·x₂ + 1.5"},
		{Poly{D: 3, C: -1}, z1, true, "(x₁ − 2·x₂)³", "x₁³ − 6·x₁²x₂ + 12·x₁x₂² − 8·x₂³"},
		{Poly{D: 3, C: -1}, z1, false, "(x₁ − 2·x₂ − 1)³", "x₁³ − 6·x₁²x₂ + 12·x₁x₂² − 8·x₂³ − 3·x₁² + 12·x₁x₂ − 12·x₂² + 3·x₁ − 6·x₂ − 1"},
		{Poly{D: 7, C: 0}, z1, true, "(x₁ − 2·x₂ + 1)⁷", ""},
		{Poly{D: 7, C: 0}, z2, false, "(0.5·x₁ + 3·x₂)⁷", ""},
		{RBF{Sigma: 0.5}, z1, true, "exp(−‖x − (1, −2)‖²/(2·0.5²))", ""},
		{RBF{Sigma: 0.5}, z2, false, "exp(−‖x − (0.5, 3)‖²/(2·0.5²))", ""},
		{Sigmoid{Gamma: 2, C: -1}, z1, true, "", ""},
		{Sum{Linear{}, Poly{D: 2, C: 0}}, z1, true, "", "x₁² − 4·x₁x₂ + 4·x₂² + 3·x₁ − 6·x₂ + 2"},
		{Sum{Linear{}, Poly{D: 2, C: 0}}, z1, false, "", "x₁² − 4·x₁x₂ + 4·x₂² + x₁ − 2·x₂"},
		{Product{Linear{}, Poly{D: 2, C: 1}}, z1, true, "", "x₁³ − 6·x₁²x₂ + 12·x₁x₂² − 8·x₂³ + 5·x₁² − 20·x₁x₂ + 20·x₂² + 8·x₁ − 16·x₂ + 4"},
		{Product{Linear{}, Poly{D: 2, C: 1}}, z2, false, "", "0.125·x₁³ + 2.25·x₁²x₂ + 13.5·x₁x₂² + 27·x₂³ + 0.5·x₁² + 6·x₁x₂ + 18·x₂² + 0.5·x₁ + 3·x₂"},
		{Scaled{A: 2, K: Poly{D: 2, C: 0}}, z1, true, "", "2·x₁² − 8·x₁x₂ + 8·x₂² + 4·x₁ − 8·x₂ + 2"},
		{Scaled{A: 2, K: Poly{D: 2, C: 0}}, z2, false, "", "0.5·x₁² + 6·x₁x₂ + 18·x₂²"},
		{Sum{Linear{}, RBF{Sigma: 1}}, z1, true, "", ""},
		{Product{Poly{D: 3, C: 1}, Poly{D: 4, C: 0}}, z1, true, "", ""}, // degree 7 > maxExpandDegree
	}
	for _, c := range cases {
		at, ok := kernelAt(c.k, c.z, c.bias)
		if at != c.at || ok != (c.at != "") {
			t.Errorf("kernelAt(%s, %v, bias=%v) = %q, %v; want %q", c.k.Spec(), c.z, c.bias, at, ok, c.at)
		}
		q, ok := kernelPoly(c.k, c.z, c.bias)
		got := ""
		if ok {
			q.prune()
			got = q.String()
		}
		if got != c.poly {
			t.Errorf("kernelPoly(%s, %v, bias=%v) = %q, want %q", c.k.Spec(), c.z, c.bias, got, c.poly)
		}
	}
}

// laplace is a kernel type of the test's own, K(x, z) = exp(−‖x − z‖₁/w),
// to show that a family is one registry entry (plus its type).
type laplace struct{ W float64 }

func (k laplace) Eval(x, z Vec) float64 {
	return math.Exp(-(math.Abs(x.X0-z.X0) + math.Abs(x.X1-z.X1) + math.Abs(x.X2-z.X2)) / k.W)
}
func (k laplace) String() string { return "exp(−‖x−z‖₁/" + Num(k.W) + ")" }
func (k laplace) Spec() string   { return "laplace(w=" + specNum(k.W) + ")" }

// laplaceFamily is the one entry. Its width answers to "sigma" too, so the
// command line's --sigma sets it.
var laplaceFamily = &Family{
	name: "laplace", aliases: []string{"lap"},
	doc:     "a sharper bump than rbf's",
	formula: "K(x, z) = exp(−‖x − z‖₁/w)",
	params: []Param{{Name: "w", Symbol: "w", Aliases: []string{"width", "sigma"}, Doc: "width", Default: 2,
		Min: 0.5, Max: 8, Key: KeyStep{By: 0.5, Digits: 1, Min: 0.5, Max: 4}}},
	start:  []float64{1},
	build:  func(v []float64) Kernel { return laplace{W: v[0]} },
	values: func(k Kernel) ([]float64, bool) { l, ok := k.(laplace); return []float64{l.W}, ok },
	at: func(v []float64, z Vec, _ bool) (string, bool) {
		return "exp(−‖x − (" + Num(z.X1) + ", " + Num(z.X2) + ")‖₁/" + Num(v[0]) + ")", true
	},
}

// TestOneEntryFamily registers laplace, and nothing else, and finds it
// everywhere a family is used: the parser and its messages, Validate,
// Overrides, the help texts, Function, and the keys' steps.
func TestOneEntryFamily(t *testing.T) {
	old := families
	families = append(slices.Clone(families), laplaceFamily)
	t.Cleanup(func() { families = old })

	checkFamily(t, laplaceFamily)
	k, err := ParseKernel("LAP(width=3)*rbf+linear")
	if err != nil || k.Spec() != "laplace(w=3)*rbf(sigma=1)+linear" {
		t.Fatalf("ParseKernel = %v, %v", k, err)
	}
	checkRoundTrip(t, "LAP(width=3)*rbf+linear", k)
	for _, c := range []struct{ in, msg string }{
		{"laplace(w=9)", "w must be at most 8, not 9"},
		{"laplace(w=0.25)", "w must be at least 0.5, not 0.25"},
		{"laplace(d=1)", `laplace has no parameter "d" (it takes w)`},
		{"cubic", `unknown kernel "cubic" (want linear, poly, rbf, sigmoid or laplace)`},
		{"", "empty kernel spec (try linear, poly(d=2,c=1), rbf(sigma=1), sigmoid(gamma=1,c=0) or laplace(w=2))"},
	} {
		var se *SpecError
		if _, err := ParseKernel(c.in); !errors.As(err, &se) || se.Msg != c.msg {
			t.Errorf("ParseKernel(%q): %v; want %q", c.in, err, c.msg)
		}
	}
	if err := Validate(Sum{laplace{W: 100}}); err == nil || err.Error() != "w must be at most 8, not 100" {
		t.Errorf("Validate(laplace{100}) = %v", err)
	}
	s := 4.0
	if k, err := (Overrides{Sigma: &s}).Apply(Sum{laplace{W: 1}, RBF{Sigma: 1}}); err != nil || k.Spec() != "laplace(w=4)+rbf(sigma=4)" {
		t.Errorf("--sigma 4 = %v, %v", k, err)
	}
	if got := OverrideHelp("sigma"); got != "σ (width) of the rbf or laplace kernel, > 0 (defaults: rbf 1, laplace 2)" {
		t.Errorf("OverrideHelp(sigma) = %q", got)
	}
	if got := SpecHelp(); !strings.Contains(got, "sigmoid(gamma=1,c=0), laplace(w=2), sums") {
		t.Errorf("SpecHelp() = %q", got)
	}
	if k, _ := laplaceFamily.StepParam(laplace{W: 3.8}, 0, true); k.Spec() != "laplace(w=4)" {
		t.Errorf("stepping w 3.8 up = %s, want the key's cap 4", k.Spec())
	}
	if got, ok := kernelAt(laplace{W: 2}, Vec{1, 3, -1}, true); !ok || got != "exp(−‖x − (3, −1)‖₁/2)" {
		t.Errorf("kernelAt(laplace) = %q, %v", got, ok)
	}
	if _, ok := kernelPoly(laplace{W: 2}, Vec{1, 3, -1}, true); ok {
		t.Errorf("kernelPoly(laplace) expanded a family without an expansion")
	}
	if fams := Families(); fams[len(fams)-1] != laplaceFamily {
		t.Errorf("Families() does not end with the new entry")
	}
}

// ExampleFamilies lists the registry as a help screen would, and steps a
// parameter as the TUI's ] key does.
func ExampleFamilies() {
	for _, f := range Families() {
		var params []string
		for _, p := range f.Params() {
			params = append(params, p.Symbol+" "+p.Doc)
		}
		fmt.Printf("%-8s %-32s %v\n", f.Name(), f.Formula(), params)
	}
	rbf, _ := LookupFamily("gaussian")
	k, _ := rbf.StepParam(rbf.Start(), 0, true)
	fmt.Println(rbf.Start().Spec(), "→", k.Spec())
	// Output:
	// linear   K(x, z) = x·z                    []
	// poly     K(x, z) = (x·z + c)^d            [d degree c offset]
	// rbf      K(x, z) = exp(−‖x − z‖²/(2σ²))   [σ width]
	// sigmoid  K(x, z) = tanh(γ x·z + c)        [γ slope c offset]
	// rbf(sigma=0.5) → rbf(sigma=0.7)
}

// TestSeriesStep: σ and γ step along 1-1.5-2-3-5-7 in each decade (issue
// 8: "not ×0.8 (0.4, 0.32, 0.256, 0.205)"); a value off the series goes to
// the next series value in the direction of the step.
func TestSeriesStep(t *testing.T) {
	up := []float64{0.5, 0.7, 1, 1.5, 2, 3, 5, 7, 10, 15}
	for i := 0; i+1 < len(up); i++ {
		if got := seriesStep(up[i], true); got != up[i+1] {
			t.Errorf("up from %v: %v, want %v", up[i], got, up[i+1])
		}
		if got := seriesStep(up[i+1], false); got != up[i] {
			t.Errorf("down from %v: %v, want %v", up[i+1], got, up[i])
		}
	}
	for _, c := range []struct{ v, up, down float64 }{{0.625, 0.7, 0.5}, {0.256, 0.3, 0.2}, {0.011, 0.015, 0.01}, {45, 50, 30}} {
		if got := seriesStep(c.v, true); got != c.up {
			t.Errorf("up from %v: %v, want %v", c.v, got, c.up)
		}
		if got := seriesStep(c.v, false); got != c.down {
			t.Errorf("down from %v: %v, want %v", c.v, got, c.down)
		}
	}
}
