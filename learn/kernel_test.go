package learn

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestKernelValues(t *testing.T) {
	x, z := Vec{0, 1, 2}, Vec{0, 3, -1} // x·z = 1, ‖x−z‖² = 13
	cases := []struct {
		k    Kernel
		want float64
		tol  float64
		from string
	}{
		{Linear{}, 1, 0, "x·z = 3 − 2"},
		{Poly{D: 2, C: 0}, 1, 0, "(x·z)²"},
		{Poly{D: 3, C: 1}, 8, 0, "(1 + 1)³"},
		{RBF{Sigma: 2}, math.Exp(-13.0 / 8), 1e-15, "exp(−13/(2·2²))"},
		{Sigmoid{Gamma: 0.5, C: -1}, math.Tanh(-0.5), 1e-15, "tanh(0.5·1 − 1)"},
		{Sum{Linear{}, Poly{D: 2, C: 1}}, 5, 0, "1 + 2²"},
		{Product{Poly{D: 2, C: 1}, Poly{D: 3, C: 1}}, 32, 0, "4·8"},
		{Scaled{A: 3, K: Linear{}}, 3, 0, "3·1"},
	}
	for _, c := range cases {
		if got := c.k.Eval(x, z); math.Abs(got-c.want) > c.tol {
			t.Errorf("%s: K = %v, want %v (%s)", c.k.Spec(), got, c.want, c.from)
		}
		row := make([]float64, 1)
		KernelRow(c.k, row, x, []Vec{z})
		if row[0] != c.k.Eval(x, z) {
			t.Errorf("%s: KernelRow %v differs from Eval %v", c.k.Spec(), row[0], c.k.Eval(x, z))
		}
	}
	// Seed 003: K([1,1], [−1,1]) = (1·−1 + 1·1)² = 0.
	if got := (Poly{D: 2}).Eval(Vec{0, 1, 1}, Vec{0, -1, 1}); got != 0 {
		t.Errorf("seed 003 K(x¹, x²) = %v, want 0", got)
	}
	// Seed 004: x̃₃·x̃₂ = (1,1,3)·(1,2,1) = 6.
	if got := (Linear{}).Eval(Vec{1, 1, 3}, Vec{1, 2, 1}); got != 6 {
		t.Errorf("seed 004 x̃₃·x̃₂ = %v, want 6", got)
	}
	// Seed 001/003: (u·v)² = φ(u)·φ(v) with φ(x) = (x₁², x₂², √2x₁x₂).
	r := rand.New(rand.NewPCG(1, 1))
	for range 100 {
		u, v := Vec{0, r.NormFloat64(), r.NormFloat64()}, Vec{0, r.NormFloat64(), r.NormFloat64()}
		phi := func(x Vec) [3]float64 { return [3]float64{x.X1 * x.X1, x.X2 * x.X2, math.Sqrt2 * x.X1 * x.X2} }
		pu, pv := phi(u), phi(v)
		explicit := pu[0]*pv[0] + pu[1]*pv[1] + pu[2]*pv[2]
		if got := (Poly{D: 2}).Eval(u, v); math.Abs(got-explicit) > 1e-12*(1+math.Abs(explicit)) {
			t.Fatalf("(u·v)² = %v, φ(u)·φ(v) = %v", got, explicit)
		}
	}
}

func TestKernelStrings(t *testing.T) {
	cases := []struct {
		k    Kernel
		str  string
		spec string
	}{
		{Linear{}, "x·z", "linear"},
		{Poly{D: 2, C: 0}, "(x·z)²", "poly(d=2,c=0)"},
		{Poly{D: 3, C: 1}, "(x·z + 1)³", "poly(d=3,c=1)"},
		{Poly{D: 2, C: -0.5}, "(x·z − 0.5)²", "poly(d=2,c=-0.5)"},
		{RBF{Sigma: 0.5}, "exp(−‖x−z‖²/(2·0.5²))", "rbf(sigma=0.5)"},
		{Sigmoid{Gamma: 1, C: 0}, "tanh(x·z)", "sigmoid(gamma=1,c=0)"},
		{Sigmoid{Gamma: 2, C: -1}, "tanh(2·x·z − 1)", "sigmoid(gamma=2,c=-1)"},
		{Sum{RBF{Sigma: 1}, Poly{D: 2, C: 0}}, "exp(−‖x−z‖²/(2·1²)) + (x·z)²", "rbf(sigma=1)+poly(d=2,c=0)"},
		{Product{Linear{}, RBF{Sigma: 2}}, "x·z·exp(−‖x−z‖²/(2·2²))", "linear*rbf(sigma=2)"},
		{Product{Sum{Linear{}, Linear{}}, Linear{}}, "(x·z + x·z)·x·z", "(linear+linear)*linear"},
		{Scaled{A: 0.5, K: RBF{Sigma: 1}}, "0.5·exp(−‖x−z‖²/(2·1²))", "0.5*rbf(sigma=1)"},
	}
	for _, c := range cases {
		if got := c.k.String(); got != c.str {
			t.Errorf("String() = %q, want %q", got, c.str)
		}
		if got := c.k.Spec(); got != c.spec {
			t.Errorf("Spec() = %q, want %q", got, c.spec)
		}
		back, err := ParseKernel(c.k.Spec())
		if err != nil || back.Spec() != c.k.Spec() {
			t.Errorf("ParseKernel(%q) = %v, %v; want it back", c.k.Spec(), back, err)
		}
	}
}

func TestParseKernel(t *testing.T) {
	good := map[string]string{
		"linear":                     "linear",
		"poly":                       "poly(d=2,c=1)",
		"poly(d=3)":                  "poly(d=3,c=1)",
		"poly(degree=2, coef0=0)":    "poly(d=2,c=0)",
		" rbf ( sigma = 0.5 ) ":      "rbf(sigma=0.5)",
		"rbf":                        "rbf(sigma=1)",
		"sigmoid":                    "sigmoid(gamma=1,c=0)",
		"sigmoid(gamma=1,c=0)":       "sigmoid(gamma=1,c=0)",
		"rbf(sigma=1)+poly(d=2,c=0)": "rbf(sigma=1)+poly(d=2,c=0)",
		"linear*rbf(sigma=2)":        "linear*rbf(sigma=2)",
		"2*rbf(sigma=1)":             "2*rbf(sigma=1)",
		"(linear+rbf)*poly(d=2)":     "(linear+rbf(sigma=1))*poly(d=2,c=1)",
		"RBF(Sigma=1e-1)":            "rbf(sigma=0.1)",
		"poly()":                     "poly(d=2,c=1)",
		"poly(d=2.0)":                "poly(d=2,c=1)",
	}
	for in, want := range good {
		k, err := ParseKernel(in)
		if err != nil {
			t.Errorf("ParseKernel(%q): %v", in, err)
			continue
		}
		if k.Spec() != want {
			t.Errorf("ParseKernel(%q) = %s, want %s", in, k.Spec(), want)
		}
	}
	bad := []struct {
		in, msg string
		col     int
	}{
		{"", "empty", 1},
		{"cubic", `unknown kernel "cubic"`, 1},
		{"rbf(sigma=0)", "sigma must be > 0", 11},
		{"rbf(sigma=-1)", "sigma must be > 0", 11},
		{"poly(d=2.5)", "whole number", 8},
		{"poly(d=0)", "whole number", 8},
		{"poly(d=-2)", "whole number", 8},
		{"rbf(d=2)", `rbf has no parameter "d"`, 5},
		{"poly(d=2,d=3)", "given twice", 10},
		{"rbf(sigma=1", "never closed", 12},
		{"rbf(sigma)", "want = after sigma", 10},
		{"rbf(sigma=x)", "want a number", 11},
		{"rbf(sigma=nan)", "want a number", 11},
		{"rbf(sigma=1e999)", "not a finite number", 11},
		{"linear+", "ends where a kernel should be", 8},
		{"linear linear", "unexpected", 8},
		{"(linear", "never closed", 1},
		{"2", "a number alone", 1},
		{"-1*rbf", "scale must be > 0", 1},
		{"0*linear", "scale must be > 0", 1},
		{"rbf(sigma=1;", "want , or )", 12},
	}
	for _, b := range bad {
		_, err := ParseKernel(b.in)
		var se *SpecError
		if !errors.As(err, &se) {
			t.Errorf("ParseKernel(%q) = %v, want a *SpecError", b.in, err)
			continue
		}
		if !strings.Contains(se.Msg, b.msg) || se.Pos+1 != b.col {
			t.Errorf("ParseKernel(%q): %v; want %q at column %d", b.in, err, b.msg, b.col)
		}
	}
}

func TestOverrides(t *testing.T) {
	two, half, zero := 3, 0.5, 0.0
	k, err := Overrides{Degree: &two, Coef0: &zero}.Apply(Poly{D: 2, C: 1})
	if err != nil || k.Spec() != "poly(d=3,c=0)" {
		t.Errorf("poly overrides: %v, %v", k, err)
	}
	k, err = Overrides{Sigma: &half}.Apply(Sum{RBF{Sigma: 1}, Product{Linear{}, RBF{Sigma: 2}}})
	if err != nil || k.Spec() != "rbf(sigma=0.5)+linear*rbf(sigma=0.5)" {
		t.Errorf("nested sigma override: %v, %v", k, err)
	}
	if _, err := (Overrides{Sigma: &half}).Apply(Poly{D: 2}); err == nil || !strings.Contains(err.Error(), "--sigma applies to rbf") {
		t.Errorf("sigma on poly: err = %v, want a --sigma error", err)
	}
	neg := -1.0
	if _, err := (Overrides{Sigma: &neg}).Apply(RBF{Sigma: 1}); err == nil {
		t.Errorf("sigma −1 accepted")
	}
}

// FuzzParseKernel holds ParseKernel to its promises: an error is a
// *SpecError with a column inside the spec, and a kernel it returns is valid
// and prints as a spec that reads back as the very same kernel (checked by
// checkRoundTrip in spec_test.go: same tree, numbers and values bit for bit).
func FuzzParseKernel(f *testing.F) {
	for _, s := range []string{"linear", "poly(d=2,c=1)", "rbf(sigma=0.5)", "sigmoid(gamma=1,c=0)",
		"rbf(sigma=1)+poly(d=2,c=0)", "linear*rbf(sigma=2)", "2*(linear+rbf)", "poly(d=", "((((", "σ", "rbf(σ=1)",
		// Issue 6: specs that did not read back as themselves, and scales
		// that parsed but failed Validate.
		"2*(3*linear)", "lin*(2*lin)", "1e-200*1e-200*linear", "1e200*1e200*linear",
		"(lin+lin)+lin", "lin*(lin*lin)", "0.1*0.2*poly(c=-0)", "1e-200*1e-120*linear"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, err := ParseKernel(s)
		if err != nil {
			var se *SpecError
			if !errors.As(err, &se) || se.Pos < 0 || se.Pos > len(s) || se.Msg == "" {
				t.Fatalf("ParseKernel(%q): error %v has no valid position and message", s, err)
			}
			return
		}
		checkRoundTrip(t, s, k)
		_ = k.String()
	})
}
