package learn

import (
	"math"
	"testing"
)

// TestShortSpec: the kernel as the screen shows it, numbers to four
// significant digits; it reads back as a kernel within that rounding
// (K to 1e-3 at a pair of points), written the same again. σ = 0.5·10^¼ is the
// value cross-validation's grid around 0.5 puts next (crossval.Around).
func TestShortSpec(t *testing.T) {
	sigma := 0.5 * math.Pow(10, 0.25) // 0.8891397050194613
	for _, c := range []struct {
		k    Kernel
		want string
	}{
		{RBF{Sigma: sigma}, "rbf(sigma=0.8891)"},
		{RBF{Sigma: 0.5}, "rbf(sigma=0.5)"},
		{Linear{}, "linear"},
		{Poly{D: 2, C: -1.0 / 3}, "poly(d=2,c=-0.3333)"},
		{Poly{D: 3, C: 1}, "poly(d=3,c=1)"},
		{Sigmoid{Gamma: 1e-5, C: 0}, "sigmoid(gamma=1e-05,c=0)"},
		{Sum{Linear{}, Scaled{A: 2.0 / 3, K: RBF{Sigma: sigma}}}, "linear+0.6667*rbf(sigma=0.8891)"},
		{Product{Sum{Linear{}, Poly{D: 2, C: 1}}, RBF{Sigma: 1}}, "(linear+poly(d=2,c=1))*rbf(sigma=1)"},
	} {
		got := ShortSpec(c.k)
		if got != c.want {
			t.Errorf("ShortSpec(%s) = %q, want %q", c.k.Spec(), got, c.want)
			continue
		}
		back, err := ParseKernel(got)
		if err != nil {
			t.Errorf("%q does not read back: %v", got, err)
			continue
		}
		x, z := Vec{X1: 0.3, X2: -0.7}, Vec{X1: -0.2, X2: 0.9}
		if a, b := c.k.Eval(x, z), back.Eval(x, z); math.Abs(a-b) > 1e-3*math.Max(1, math.Abs(a)) {
			t.Errorf("%q: K = %v, read back %v", got, a, b)
		}
		if again := ShortSpec(back); again != got {
			t.Errorf("%q read back is written %q", got, again)
		}
	}
}
