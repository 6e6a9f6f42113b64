package learn

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// sameKernel reports whether a and b are the same tree with the same numbers
// bit for bit. reflect.DeepEqual alone compares floats with ==, which takes
// −0 for 0; equal Specs close that gap, since specNum writes the shortest
// text that parses back to the very same float64 (and writes −0 as -0).
func sameKernel(a, b Kernel) bool {
	return reflect.DeepEqual(a, b) && a.Spec() == b.Spec()
}

// evalPoints are a few inputs at which a kernel and its re-parsed copy must
// agree bit for bit; with x ≠ z, x·z ≠ 0 and ‖x − z‖² ≠ 0, so no part of a
// kernel evaluates to a constant that would hide a difference.
var evalPoints = [][2]Vec{
	{{1, 0.5, -0.25}, {1, 2, 1}},
	{{0, 3, -1}, {0, 1, 2}},
	{{1, -0.3, 0.7}, {1, 0.1, 0.9}},
}

// checkRoundTrip fails t unless k, read from in, is valid and its Spec parses
// back to the same kernel: the property of issue 6, which FuzzParseKernel and
// TestSpecRoundTrip both hold the parser to.
func checkRoundTrip(t *testing.T, in string, k Kernel) {
	t.Helper()
	if err := Validate(k); err != nil {
		t.Fatalf("ParseKernel(%q) accepted a kernel that Validate rejects: %v", in, err)
	}
	spec := k.Spec()
	back, err := ParseKernel(spec)
	if err != nil {
		t.Fatalf("ParseKernel(%q) = %#v with Spec %q, which does not parse back: %v", in, k, spec, err)
	}
	if !sameKernel(back, k) {
		t.Fatalf("ParseKernel(%q) = %#v with Spec %q, which parses back to a different kernel %#v with Spec %q",
			in, k, spec, back, back.Spec())
	}
	for _, p := range evalPoints {
		if a, b := k.Eval(p[0], p[1]), back.Eval(p[0], p[1]); math.Float64bits(a) != math.Float64bits(b) {
			t.Fatalf("ParseKernel(%q): K%v = %v, but its Spec %q parses back to a kernel with K = %v", in, p, a, spec, b)
		}
	}
}

// TestSpecRoundTrip holds the inputs of issue 6 and the common specs to the
// round-trip property, and pins down the text Spec writes for each. Where the
// expected Spec comes from: the tree ParseKernel builds (grammar in spec.go:
// numbers in a product multiply into one scale, parentheses make one factor)
// written with the fewest parentheses that keep that tree; the common forms
// are those of docs/kernels.md's kernel table and TestKernelStrings, unchanged.
func TestSpecRoundTrip(t *testing.T) {
	cases := []struct {
		in   string
		want Kernel
		spec string
	}{
		// Common forms: printed exactly as before issue 6.
		{"linear", Linear{}, "linear"},
		{"poly", Poly{D: 2, C: 1}, "poly(d=2,c=1)"},
		{"rbf(sigma=0.5)+poly(d=2,c=0)", Sum{RBF{Sigma: 0.5}, Poly{D: 2, C: 0}}, "rbf(sigma=0.5)+poly(d=2,c=0)"},
		{"linear*rbf(sigma=2)", Product{Linear{}, RBF{Sigma: 2}}, "linear*rbf(sigma=2)"},
		{"0.5*rbf", Scaled{A: 0.5, K: RBF{Sigma: 1}}, "0.5*rbf(sigma=1)"},
		{"2*(linear+rbf)", Scaled{A: 2, K: Sum{Linear{}, RBF{Sigma: 1}}}, "2*(linear+rbf(sigma=1))"},
		// A number anywhere in a product scales the whole product.
		{"linear*2*rbf", Scaled{A: 2, K: Product{Linear{}, RBF{Sigma: 1}}}, "2*linear*rbf(sigma=1)"},
		{"2*3*linear", Scaled{A: 6, K: Linear{}}, "6*linear"},

		// Issue 6: 2*(3*linear) printed as 2*3*linear, which reads as 6*linear.
		{"2*(3*linear)", Scaled{A: 2, K: Scaled{A: 3, K: Linear{}}}, "2*(3*linear)"},
		// Issue 6: lin*(2*lin) printed as linear*2*linear, which reads as
		// Scaled{2, Product{linear, linear}}.
		{"lin*(2*lin)", Product{Linear{}, Scaled{A: 2, K: Linear{}}}, "linear*(2*linear)"},
		// The same mix-ups one level over: a product or a scaled kernel as a
		// factor, a sum as a part of a sum (whose grouping changes the order
		// of the float additions).
		{"(2*linear)*3", Scaled{A: 3, K: Scaled{A: 2, K: Linear{}}}, "3*(2*linear)"},
		{"(lin*lin)*lin", Product{Product{Linear{}, Linear{}}, Linear{}}, "(linear*linear)*linear"},
		{"lin*(lin*lin)", Product{Linear{}, Product{Linear{}, Linear{}}}, "linear*(linear*linear)"},
		{"lin*(2*lin*lin)", Product{Linear{}, Scaled{A: 2, K: Product{Linear{}, Linear{}}}}, "linear*(2*linear*linear)"},
		{"2*lin*(3*lin)", Scaled{A: 2, K: Product{Linear{}, Scaled{A: 3, K: Linear{}}}}, "2*linear*(3*linear)"},
		{"lin+(lin+lin)", Sum{Linear{}, Sum{Linear{}, Linear{}}}, "linear+(linear+linear)"},
		{"(lin+lin)+lin", Sum{Sum{Linear{}, Linear{}}, Linear{}}, "(linear+linear)+linear"},
		{"lin+(2*lin)+(lin*lin)", Sum{Linear{}, Scaled{A: 2, K: Linear{}}, Product{Linear{}, Linear{}}}, "linear+2*linear+linear*linear"},
		// Numbers that need all 17 digits, and −0, come back bit for bit.
		// 0.1*0.2 rounded to float64 is 0.020000000000000004 (Python's
		// 0.1*0.2 prints it; a Go constant expression would be exact 0.02).
		{"0.1*0.2*poly(c=-0)", Scaled{A: 0.020000000000000004, K: Poly{D: 2, C: math.Copysign(0, -1)}}, "0.020000000000000004*poly(d=2,c=-0)"},
		// A scale that is subnormal but not 0 is a valid scale.
		{"1e-200*1e-120*linear", Scaled{A: 1e-200 * 1e-120, K: Linear{}}, "1e-320*linear"},
	}
	for _, c := range cases {
		k, err := ParseKernel(c.in)
		if err != nil {
			t.Errorf("ParseKernel(%q): %v", c.in, err)
			continue
		}
		if !sameKernel(k, c.want) {
			t.Errorf("ParseKernel(%q) = %#v, want %#v", c.in, k, c.want)
		}
		if got := c.want.Spec(); got != c.spec {
			t.Errorf("%#v.Spec() = %q, want %q", c.want, got, c.spec)
		}
		t.Run(c.in, func(t *testing.T) { checkRoundTrip(t, c.in, k) })
	}
}

// TestParseKernelRejectsInvalidScale checks that ParseKernel rejects, with a
// column, every scale Validate rejects. Columns are 1-based and counted by
// hand: the column of a scale is that of its first number.
func TestParseKernelRejectsInvalidScale(t *testing.T) {
	cases := []struct {
		in, msg string
		col     int
	}{
		// Issue 6: these parsed, then failed Validate without a column.
		{"1e-200*1e-200*linear", "the scale 1e-200*1e-200 underflows to 0", 1},
		{"1e200*1e200*linear", "the scale 1e200*1e200 overflows to +Inf", 1},
		// The numbers of a scale need not be next to each other.
		{"linear + lin*1e200*rbf*1e200", "the scale 1e200*1e200 overflows to +Inf", 14},
		{"(2*lin)*1e-300*1e-30*linear", "the scale 1e-300*1e-30 underflows to 0", 9},
		// One number that float64 cannot tell from 0.
		{"1e-400*linear", "the scale 1e-400 underflows to 0", 1},
		// Once the product leaves the floats it cannot come back: 1e400 is
		// +Inf whatever follows.
		{"1e200*1e200*1e-300*linear", "the scale 1e200*1e200 overflows to +Inf", 1},
	}
	for _, c := range cases {
		k, err := ParseKernel(c.in)
		var se *SpecError
		if !errors.As(err, &se) {
			t.Errorf("ParseKernel(%q) = %v, %v; want a *SpecError", c.in, k, err)
			continue
		}
		if !strings.Contains(se.Msg, c.msg) || !strings.Contains(se.Msg, "a kernel's scale must be a finite number > 0") || se.Pos+1 != c.col {
			t.Errorf("ParseKernel(%q): %v; want %q and what a scale must be, at column %d", c.in, err, c.msg, c.col)
		}
	}
}

// TestParseKernelLimits: a spec past a limit of the language (its length,
// its nesting, its number of parts) is a *SpecError at the column where it
// goes past, in one short line however long the spec; one at the limit
// reads. Issue 28: 400 000 parentheses around rbf, from a session file,
// overflowed the stack of the recursive parser.
func TestParseKernelLimits(t *testing.T) {
	nest := func(d int, k string) string { return strings.Repeat("(", d) + k + strings.Repeat(")", d) }
	for _, c := range []struct {
		name, in string
		col      int // 1-based, counted from the limits: the first byte past
		msg      string
	}{
		{"400000 parentheses", nest(400_000, "rbf"), MaxSpecBytes + 1, "the spec is 800003 bytes long; a kernel spec has at most 4096"},
		{"spaces past the length", "rbf" + strings.Repeat(" ", MaxSpecBytes), MaxSpecBytes + 1, "at most 4096"},
		{"33 deep", nest(MaxSpecDepth+1, "rbf"), MaxSpecDepth + 1, "parentheses nest more than 32 deep"},
		{"33 deep inside a sum", "lin+" + nest(MaxSpecDepth+1, "rbf"), 4 + MaxSpecDepth + 1, "nest more than 32 deep"},
		{"33 kernels", strings.Repeat("rbf+", MaxSpecParts) + "rbf", 4*MaxSpecParts + 1, "more than 32 parts (kernels and scales)"},
		{"32 scales and a kernel", strings.Repeat("2*", MaxSpecParts) + "lin", 2*MaxSpecParts + 1, "more than 32 parts"},
		{"17 scaled kernels", strings.Repeat("2*lin+", 16) + "2*lin", 6*16 + 1, "more than 32 parts"},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := ParseKernel(c.in)
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("ParseKernel = %v, %v; want a *SpecError", k, err)
			}
			if se.Pos+1 != c.col || !strings.Contains(se.Msg, c.msg) {
				t.Errorf("column %d, %q; want column %d and %q", se.Pos+1, se.Msg, c.col, c.msg)
			}
			if msg := err.Error(); len(msg) > 200 || strings.Contains(msg, "\n") {
				t.Errorf("the error is %d bytes (want one line of at most 200): %.300s", len(msg), msg)
			}
		})
	}
	// At the limits: each reads, and its Spec reads back.
	long := "-2.2250738585072014e-308" // 24 bytes, the longest a float64 is written in
	sig := "sigmoid(gamma=" + long + ",c=" + long + ")"
	for _, in := range []string{
		nest(MaxSpecDepth, "rbf"),
		strings.Repeat("rbf+", MaxSpecParts-1) + "rbf",
		strings.Repeat("2*", MaxSpecParts-1) + "lin",
		"rbf" + strings.Repeat(" ", MaxSpecBytes-3),
		// The longest Spec within the limits: 32 of the longest named
		// kernels, each a part of a sum inside a product, 32 deep.
		nest(MaxSpecDepth-1, strings.Repeat("("+sig+"+"+sig+")*", MaxSpecParts/2-1)+"("+sig+"+"+sig+")"),
		// Scales that Spec writes longer than they were typed (3*.1 is
		// 0.30000000000000004), one a level.
		strings.Repeat("3*.1*(", MaxSpecParts/3) + "lin" + strings.Repeat(")", MaxSpecParts/3),
	} {
		k, err := ParseKernel(in)
		if err != nil {
			t.Errorf("ParseKernel(%.60q…) at the limits: %v", in, err)
			continue
		}
		if n := len(k.Spec()); n > 2304 {
			t.Errorf("ParseKernel(%.60q…).Spec() is %d bytes, past the bound 2304 spec.go gives", in, n)
		}
		checkRoundTrip(t, in, k)
	}
}
