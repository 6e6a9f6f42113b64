package crossval

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kernelscope/learn"
)

// MaxValues bounds a sweep: every value is k trainings.
const MaxValues = 1000

// ParseValues reads the values of a sweep, a comma-separated list whose
// items are numbers or ranges:
//
//	a:b          the whole numbers a, a+1, …, b   (1:6 is 1,2,3,4,5,6)
//	a:b:log:m    m values spaced evenly in log a … log b, as numpy.geomspace
//	a:b:lin:m    m values spaced evenly from a to b, as numpy.linspace
//
// A range's ends are its first and last values exactly. Every value is
// checked against p's range (Param.Check).
func ParseValues(s string, p Param) ([]float64, error) {
	var out []float64
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			if strings.TrimSpace(s) == "" {
				return nil, fmt.Errorf("no values: give numbers such as 0.1,1,10 or a range such as 0.1:10:log:9")
			}
			return nil, fmt.Errorf("an empty item in %q", s)
		}
		vs, err := parseItem(item)
		if err != nil {
			return nil, err
		}
		for _, v := range vs {
			if err := p.Check(v); err != nil {
				return nil, fmt.Errorf("%q: %v", item, err)
			}
		}
		out = append(out, vs...)
		if len(out) > MaxValues {
			return nil, fmt.Errorf("more than %d values", MaxValues)
		}
	}
	return out, nil
}

func parseItem(item string) ([]float64, error) {
	parts := strings.Split(item, ":")
	nums := make([]float64, 0, 2)
	for _, part := range parts[:min(2, len(parts))] {
		v, err := parseNumber(part)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", item, err)
		}
		nums = append(nums, v)
	}
	switch len(parts) {
	case 1:
		return nums, nil
	case 2:
		a, b := nums[0], nums[1]
		if a != math.Trunc(a) || b != math.Trunc(b) {
			return nil, fmt.Errorf("%q: a range a:b is of whole numbers; for other values say how many, e.g. %s:%s:lin:5", item, parts[0], parts[1])
		}
		if a > b {
			return nil, fmt.Errorf("%q: the range runs backwards (%v > %v)", item, a, b)
		}
		if b-a >= MaxValues {
			return nil, fmt.Errorf("%q: more than %d values", item, MaxValues)
		}
		// Count the values rather than step v++ up to b: past 2⁵³ v + 1
		// rounds back to v, and that loop would never end.
		out := make([]float64, 0, int(b-a)+1)
		for k := range int(b-a) + 1 {
			out = append(out, a+float64(k))
		}
		return out, nil
	case 4:
		a, b := nums[0], nums[1]
		m, err := strconv.Atoi(strings.TrimSpace(parts[3]))
		if err != nil || m < 1 || m > MaxValues {
			return nil, fmt.Errorf("%q: the count must be a whole number from 1 to %d, not %q", item, MaxValues, parts[3])
		}
		switch strings.ToLower(strings.TrimSpace(parts[2])) {
		case "log":
			if !(a > 0 && b > 0) {
				return nil, fmt.Errorf("%q: a log range needs ends > 0", item)
			}
			return Geomspace(a, b, m), nil
		case "lin":
			return Linspace(a, b, m), nil
		}
		return nil, fmt.Errorf("%q: the spacing must be log or lin, not %q", item, parts[2])
	}
	return nil, fmt.Errorf("%q: want a number, a:b, a:b:log:m or a:b:lin:m", item)
}

func parseNumber(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a finite number", strings.TrimSpace(s))
	}
	return v, nil
}

// Geomspace is m values from a to b (both > 0) evenly spaced on a log
// scale, numpy.geomspace(a, b, m): a·(b/a)^(i/(m−1)), computed as
// 10^(i·s + log₁₀a) with s = (log₁₀b − log₁₀a)/(m−1) as numpy does, with the ends a and b exactly.
func Geomspace(a, b float64, m int) []float64 {
	if m == 1 {
		return []float64{a}
	}
	la, lb := log10(a), log10(b)
	out := make([]float64, m)
	step := (lb - la) / float64(m-1)
	for i := range out {
		out[i] = math.Pow(10, float64(i)*step+la)
	}
	out[0], out[m-1] = a, b
	return out
}

// Linspace is m values from a to b evenly spaced, numpy.linspace(a, b, m):
// i·s + a with s = (b − a)/(m−1) as numpy does, and the ends a and b exactly.
func Linspace(a, b float64, m int) []float64 {
	if m == 1 {
		return []float64{a}
	}
	out := make([]float64, m)
	step := (b - a) / float64(m-1)
	for i := range out {
		out[i] = float64(i)*step + a
	}
	out[0], out[m-1] = a, b
	return out
}

// Around is the sweep a view starts with for p at its current value v: 9
// values from v/10 to 10·v on a log scale for σ, γ > 0, C, η and λ > 0
// (0.01 to 100 for the hard margin's C = ∞, 1e-4 to 0.1 for λ = 0), the degrees 1 to max(6, v + 2) (at most
// learn.MaxDegree), and 9 values from v − 2 to v + 2 for c or a γ ≤ 0.
func Around(p Param, v float64) []float64 {
	switch {
	case p == Degree:
		top := min(max(6, v+2), learn.MaxDegree)
		return Linspace(1, top, int(top))
	case p == C && math.IsInf(v, 1):
		return Geomspace(0.01, 100, 9)
	case p.Log() && v > 0:
		return Geomspace(v/10, v*10, 9)
	case p == Lambda:
		// No penalty yet: the small ones, where it starts to tell.
		return Geomspace(1e-4, 0.1, 9)
	}
	return Linspace(v-2, v+2, 9)
}

// log10 is math.Log10, exact at powers of ten: Go's is off by an ulp at
// some of them (log₁₀ 0.1 = −0.9999999999999999), which would make the
// middle of 0.1:10:log:9 1.0000000000000002 where numpy gives 1.
func log10(x float64) float64 {
	l := math.Log10(x)
	if r := math.Round(l); math.Pow(10, r) == x {
		return r
	}
	return l
}
