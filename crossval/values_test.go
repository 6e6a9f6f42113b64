package crossval_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"kernelscope/crossval"
)

// numpy's values, printed by numpy 1.24.2 as repr(float(v)) for each v of
//
//	numpy.geomspace(0.1, 10, 9), numpy.geomspace(0.01, 100, 9),
//	numpy.geomspace(0.05, 5, 9), numpy.linspace(0.1, 0.9, 5),
//	numpy.linspace(-1, 3, 9), numpy.linspace(-3, 1, 9), numpy.linspace(-2, 2, 9).
var (
	npGeom01to10   = []float64{0.1, 0.1778279410038923, 0.31622776601683794, 0.5623413251903491, 1.0, 1.7782794100389228, 3.162277660168379, 5.62341325190349, 10.0}
	npGeom001to100 = []float64{0.01, 0.03162277660168379, 0.09999999999999999, 0.31622776601683794, 1.0, 3.162277660168379, 10.0, 31.622776601683796, 100.0}
	npGeom005to5   = []float64{0.05, 0.08891397050194613, 0.15811388300841894, 0.2811706625951745, 0.49999999999999994, 0.8891397050194613, 1.5811388300841893, 2.8117066259517447, 5.0}
	npLin01to09    = []float64{0.1, 0.30000000000000004, 0.5, 0.7000000000000001, 0.9}
	npLinM1to3     = []float64{-1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0}
	npLinM3to1     = []float64{-3.0, -2.5, -2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0}
	npLinM2to2     = []float64{-2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0}
)

// closeTo reports whether got matches want to rel relative (absolute
// near 0), element by element, with the first and last exactly equal.
func closeTo(got, want []float64, rel float64) bool {
	if len(got) != len(want) || len(got) == 0 {
		return false
	}
	if got[0] != want[0] || got[len(got)-1] != want[len(want)-1] {
		return false
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > rel*max(math.Abs(want[i]), 1e-300) && got[i] != want[i] {
			return false
		}
	}
	return true
}

// TestGeomspaceLinspace compares with numpy to 1e-15 relative (numpy and
// Go compute 10^(i·s + log₁₀a) with different pow functions, so the
// interior may differ by an ulp or two); the ends are exact.
func TestGeomspaceLinspace(t *testing.T) {
	tests := []struct {
		name      string
		got, want []float64
	}{
		{"geomspace(0.1, 10, 9)", crossval.Geomspace(0.1, 10, 9), npGeom01to10},
		{"geomspace(0.01, 100, 9)", crossval.Geomspace(0.01, 100, 9), npGeom001to100},
		{"geomspace(0.05, 5, 9)", crossval.Geomspace(0.05, 5, 9), npGeom005to5},
		{"geomspace(1, 1000, 4)", crossval.Geomspace(1, 1000, 4), []float64{1, 10, 100, 1000}},
		{"geomspace(2, 3, 1)", crossval.Geomspace(2, 3, 1), []float64{2}},
		{"geomspace(10, 0.1, 3)", crossval.Geomspace(10, 0.1, 3), []float64{10, 1, 0.1}},
		{"linspace(0.1, 0.9, 5)", crossval.Linspace(0.1, 0.9, 5), npLin01to09},
		{"linspace(-1, 3, 9)", crossval.Linspace(-1, 3, 9), npLinM1to3},
		{"linspace(0, 1, 5)", crossval.Linspace(0, 1, 5), []float64{0, 0.25, 0.5, 0.75, 1}},
		{"linspace(2, 3, 1)", crossval.Linspace(2, 3, 1), []float64{2}},
	}
	for _, tt := range tests {
		if !closeTo(tt.got, tt.want, 1e-15) {
			t.Errorf("%s = %v, want (numpy) %v", tt.name, tt.got, tt.want)
		}
	}
}

func TestParseValues(t *testing.T) {
	whole := func(a, b int) []float64 {
		var out []float64
		for v := a; v <= b; v++ {
			out = append(out, float64(v))
		}
		return out
	}
	tests := []struct {
		in   string
		p    crossval.Param
		want []float64
	}{
		{"0.1:10:log:9", crossval.Sigma, npGeom01to10},
		{"1e-2:1e2:LOG:9", crossval.C, npGeom001to100},
		{"1:6", crossval.Degree, []float64{1, 2, 3, 4, 5, 6}},
		{"0:1:lin:5", crossval.Coef0, []float64{0, 0.25, 0.5, 0.75, 1}},
		{"0.1:0.9:lin:5", crossval.Sigma, npLin01to09},
		{"0.5,1:3", crossval.Sigma, []float64{0.5, 1, 2, 3}},
		{" 0.1 , 1 ,10 ", crossval.Sigma, []float64{0.1, 1, 10}},
		{"-2:2", crossval.Coef0, []float64{-2, -1, 0, 1, 2}},
		{"-1,0,1", crossval.Gamma, []float64{-1, 0, 1}},
		{"3:3", crossval.Degree, []float64{3}},
		{"5:7:log:1", crossval.Sigma, []float64{5}},
		{"1:30", crossval.Degree, whole(1, 30)},
		{"1:1000", crossval.Coef0, whole(1, 1000)},
		{"2,1,2", crossval.Sigma, []float64{2, 1, 2}}, // kept as given
	}
	for _, tt := range tests {
		got, err := crossval.ParseValues(tt.in, tt.p)
		if err != nil {
			t.Errorf("ParseValues(%q, %v): %v", tt.in, tt.p, err)
			continue
		}
		if !closeTo(got, tt.want, 1e-15) {
			t.Errorf("ParseValues(%q, %v) = %v, want %v", tt.in, tt.p, got, tt.want)
		}
	}
}

func TestParseValuesErrors(t *testing.T) {
	tests := []struct {
		in   string
		p    crossval.Param
		want string
	}{
		{"", crossval.Sigma, "no values"},
		{"  ", crossval.Sigma, "no values"},
		{"1,,2", crossval.Sigma, "an empty item"},
		{"1,", crossval.Sigma, "an empty item"},
		{"1:2.5", crossval.Coef0, "whole numbers"},
		{"3:1", crossval.Degree, "runs backwards"},
		{"0:1:log:3", crossval.Coef0, "a log range needs ends > 0"},
		{"-1:1:log:3", crossval.Coef0, "a log range needs ends > 0"},
		{"1:2:cubic:3", crossval.Sigma, "the spacing must be log or lin"},
		{"a", crossval.Sigma, `"a" is not a finite number`},
		{"1:b", crossval.Sigma, `"b" is not a finite number`},
		{"inf", crossval.C, "not a finite number"},
		{"NaN", crossval.Coef0, "not a finite number"},
		{"1e400", crossval.Sigma, "not a finite number"},
		{"1:2:log:0", crossval.Sigma, "the count must be a whole number from 1 to 1000"},
		{"1:2:log:x", crossval.Sigma, "the count must be a whole number"},
		{"1:2:lin:1001", crossval.Sigma, "the count must be a whole number from 1 to 1000"},
		{"1:2:log", crossval.Sigma, "want a number, a:b, a:b:log:m or a:b:lin:m"},
		{"1:2:log:3:4", crossval.Sigma, "want a number"},
		{"0", crossval.Sigma, "sigma must be at least"},
		{"-1", crossval.Sigma, "sigma must be at least"},
		{"0.5,-1:1:lin:3", crossval.Sigma, "sigma must be at least"},
		{"2.5", crossval.Degree, "degree d must be a whole number from 1 to 30"},
		{"0:3", crossval.Degree, "degree d must be a whole number"},
		{"1:31", crossval.Degree, "degree d must be a whole number from 1 to 30"},
		{"0", crossval.C, "C must be > 0"},
		{"1:1001", crossval.Coef0, "more than 1000 values"},
		{"1:600,1:600", crossval.Coef0, "more than 1000 values"},
		{"1:2:lin:1000,3", crossval.Coef0, "more than 1000 values"},
	}
	for _, tt := range tests {
		got, err := crossval.ParseValues(tt.in, tt.p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseValues(%q, %v) = %v, %v; want an error containing %q", tt.in, tt.p, got, err, tt.want)
		}
	}
}

// FuzzParseValues checks that whatever ParseValues accepts is a sweep Run
// can use: 1 to MaxValues values, each in the parameter's range.
func FuzzParseValues(f *testing.F) {
	for _, s := range []string{"0.1:10:log:9", "1:6", "0:1:lin:5", "0.5,1:3", "", "1:2.5", "3:1",
		"1:2:cubic:3", "-1e308:1e308:lin:3", "5e-324:1:log:3", "1:1000", ",", "1:2:log:1000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range crossval.Params {
			vs, err := crossval.ParseValues(s, p)
			if err != nil {
				continue
			}
			if len(vs) == 0 || len(vs) > crossval.MaxValues {
				t.Fatalf("ParseValues(%q, %v): %d values", s, p, len(vs))
			}
			for _, v := range vs {
				if err := p.Check(v); err != nil {
					t.Fatalf("ParseValues(%q, %v) accepted %v: %v", s, p, v, err)
				}
			}
		}
	})
}

// TestAround checks the sweeps a view starts with, against numpy's
// geomspace and linspace above and the whole numbers by hand.
func TestAround(t *testing.T) {
	tests := []struct {
		p    crossval.Param
		v    float64
		want []float64
	}{
		{crossval.Sigma, 1, npGeom01to10},
		{crossval.Sigma, 0.5, npGeom005to5},
		{crossval.Gamma, 1, npGeom01to10},
		{crossval.C, 1, npGeom01to10},
		{crossval.C, math.Inf(1), npGeom001to100},
		{crossval.Degree, 1, []float64{1, 2, 3, 4, 5, 6}},
		{crossval.Degree, 2, []float64{1, 2, 3, 4, 5, 6}},
		{crossval.Degree, 5, []float64{1, 2, 3, 4, 5, 6, 7}},
		{crossval.Degree, 29, crossval.Linspace(1, 30, 30)}, // capped at MaxDegree
		{crossval.Coef0, 1, npLinM1to3},
		{crossval.Gamma, -1, npLinM3to1},
		{crossval.Gamma, 0, npLinM2to2},
	}
	for _, tt := range tests {
		got := crossval.Around(tt.p, tt.v)
		if !closeTo(got, tt.want, 1e-15) {
			t.Errorf("Around(%v, %v) = %v, want %v", tt.p, tt.v, got, tt.want)
		}
		for _, v := range got {
			if err := tt.p.Check(v); err != nil {
				t.Errorf("Around(%v, %v) has %v: %v", tt.p, tt.v, v, err)
			}
		}
	}
	if d := crossval.Around(crossval.Degree, 29); d[29] != 30 || d[10] != 11 {
		t.Errorf("Around(degree, 29) = %v, want 1…30", d)
	}
}

// TestParseValuesHugeWholeRange is a range a:b past 2⁵³, where v + 1 rounds
// back to v: stepping v++ up to b never ended (and grew the slice without
// bound). Counting the b − a + 1 values ends; 1e16 + 100 is exact in
// float64 (its spacing there is 2).
func TestParseValuesHugeWholeRange(t *testing.T) {
	type result struct {
		vs  []float64
		err error
	}
	ch := make(chan result, 1)
	go func() {
		vs, err := crossval.ParseValues("1e16:10000000000000100", crossval.Coef0)
		ch <- result{vs, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil || len(r.vs) != 101 || r.vs[0] != 1e16 || r.vs[100] != 1e16+100 {
			t.Errorf("ParseValues(1e16:1e16+100) = %d values (%v … ), %v; want 101 from 1e16 to 1e16+100", len(r.vs), r.vs[:min(3, len(r.vs))], r.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ParseValues(1e16:1e16+100) did not return: the range loop does not end")
	}
}
