package crossval

import (
	"fmt"
	"math"
	"strings"

	"kernelscope/learn"
)

// Param is a setting cross-validation sweeps: a kernel parameter, or a
// learner's setting (the SVM's C, the step η, logistic regression's λ).
type Param int

const (
	// Sigma is the Gaussian kernel's width σ.
	Sigma Param = iota
	// Degree is the polynomial kernel's degree d.
	Degree
	// Coef0 is the offset c of the polynomial and sigmoid kernels.
	Coef0
	// Gamma is the sigmoid kernel's slope γ.
	Gamma
	// C is the SVM's bound on every αᵢ (seed 004).
	C
	// Eta is the step η (the perceptron's, logistic regression's).
	Eta
	// Lambda is the penalty λ of λ/2·‖w‖² (Pegasos's, logistic
	// regression's).
	Lambda
)

// Params lists the parameters in the order a user cycles through them.
var Params = []Param{Sigma, Degree, Coef0, Gamma, C, Eta, Lambda}

// Setting reports whether the parameter is a learner's setting (C, η, λ)
// rather than the kernel's.
func (p Param) Setting() bool { return p == C || p == Eta || p == Lambda }

// String is the parameter's name as --param spells it.
func (p Param) String() string {
	switch p {
	case Sigma:
		return "sigma"
	case Degree:
		return "degree"
	case Coef0:
		return "coef0"
	case Gamma:
		return "gamma"
	case C:
		return "C"
	case Eta:
		return "eta"
	case Lambda:
		return "lambda"
	}
	return fmt.Sprintf("Param(%d)", int(p))
}

// Symbol is how the screen writes it: σ, d, c, γ, C.
func (p Param) Symbol() string {
	switch p {
	case Sigma:
		return "σ"
	case Degree:
		return "d"
	case Coef0:
		return "c"
	case Gamma:
		return "γ"
	case Eta:
		return "η"
	case Lambda:
		return "λ"
	}
	return p.String()
}

// Log reports whether the parameter is a scale, swept on a log axis (σ, γ,
// C, η, λ), rather than a count or an offset (d, c).
func (p Param) Log() bool { return p != Degree && p != Coef0 }

// Integer reports whether only whole values make sense (the degree).
func (p Param) Integer() bool { return p == Degree }

// ParamNames is "sigma, degree, coef0, gamma, C".
func ParamNames() string {
	names := make([]string, len(Params))
	for k, p := range Params {
		names[k] = p.String()
	}
	return strings.Join(names, ", ")
}

// ParseParam reads a parameter's name, in any case but C's: c is the
// kernels' offset (coef0), C the SVM's bound.
func ParseParam(s string) (Param, error) {
	if s == "C" {
		return C, nil
	}
	switch strings.ToLower(s) {
	case "sigma", "σ", "s", "width":
		return Sigma, nil
	case "degree", "d", "deg":
		return Degree, nil
	case "coef0", "c", "offset":
		return Coef0, nil
	case "gamma", "γ", "g":
		return Gamma, nil
	case "eta", "η":
		return Eta, nil
	case "lambda", "λ":
		return Lambda, nil
	}
	return 0, fmt.Errorf("unknown parameter %q (want one of %s)", s, ParamNames())
}

// override is the learn.Overrides that sets the kernel parameter p to v.
func (p Param) override(v float64) learn.Overrides {
	var o learn.Overrides
	switch p {
	case Sigma:
		o.Sigma = &v
	case Degree:
		d := int(v)
		o.Degree = &d
	case Coef0:
		o.Coef0 = &v
	case Gamma:
		o.Gamma = &v
	}
	return o
}

// Has reports whether cfg has the parameter: a kernel with a part that
// takes it, or a learner that reads it (the SVM for C).
func (p Param) Has(cfg learn.Config) bool {
	_, ok := p.Current(cfg)
	return ok
}

// Current is the parameter's value in cfg (the first part of the kernel
// that takes it), and false when cfg has no such parameter.
func (p Param) Current(cfg learn.Config) (float64, bool) {
	if p.Setting() {
		if !cfg.Kind().Reads(p.String()) {
			return 0, false
		}
		return cfg.Param(p.String()), true
	}
	return p.find(cfg.Kernel)
}

func (p Param) find(k learn.Kernel) (float64, bool) {
	parts, composite := partsOf(k)
	if !composite {
		f, ok := learn.FamilyOf(k)
		if !ok {
			return 0, false
		}
		values := f.Values(k)
		for i, q := range f.Params() {
			if q.Name == p.String() || containsFold(q.Aliases, p.String()) {
				return values[i], true
			}
		}
		return 0, false
	}
	for _, part := range parts {
		if v, ok := p.find(part); ok {
			return v, true
		}
	}
	return 0, false
}

func containsFold(names []string, s string) bool {
	for _, n := range names {
		if strings.EqualFold(n, s) {
			return true
		}
	}
	return false
}

// Check reports a value outside the parameter's range, in the words of
// learn's checks: σ > 0, d a whole number from 1 to learn.MaxDegree, C > 0
// (or +Inf, the hard margin), γ and c finite, η and λ in the range of some
// learner that reads them (Set checks the learner's own).
func (p Param) Check(v float64) error {
	if p == C {
		if math.IsNaN(v) || !(v > 0) {
			return fmt.Errorf("C must be > 0, not %v", v)
		}
		return nil
	}
	if p.Setting() {
		return learn.Accepts(p.String(), v)
	}
	if p == Degree && (v != math.Trunc(v) || v < 1 || v > learn.MaxDegree) {
		return fmt.Errorf("degree d must be a whole number from 1 to %d, not %v", learn.MaxDegree, v)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%s must be a finite number, not %v", p, v)
	}
	if p == Sigma && !(v >= learn.MinSigma) {
		return fmt.Errorf("sigma must be at least %g, not %v", learn.MinSigma, v)
	}
	return nil
}

// Set returns cfg with the parameter at v: every part of the kernel that
// takes it (as the command line's --sigma does), or the SVM's C. It fails
// when cfg has no such parameter or v is outside its range.
func (p Param) Set(cfg learn.Config, v float64) (learn.Config, error) {
	if !p.Has(cfg) {
		return cfg, p.missing(cfg)
	}
	if err := p.Check(v); err != nil {
		return cfg, err
	}
	if p.Setting() {
		// The learner's own range (λ is Pegasos's and logistic
		// regression's, each with its own), and its joint one (ηλ < 1).
		kind := cfg.Kind()
		s, _ := kind.Setting(p.String())
		if err := s.Check(v); err != nil {
			return cfg, err
		}
		cfg = cfg.With(p.String(), v)
		if kind.Joint != nil {
			if err := kind.Joint(cfg); err != nil {
				return cfg, err
			}
		}
		return cfg, nil
	}
	k, err := p.override(v).Apply(cfg.Kernel)
	if err != nil {
		return cfg, err
	}
	if err := learn.Validate(k); err != nil {
		return cfg, err
	}
	cfg.Kernel = k
	return cfg, nil
}

// missing says why cfg has no such parameter.
func (p Param) missing(cfg learn.Config) error {
	if p == C {
		s, _ := learn.LookupSetting(p.String())
		return fmt.Errorf("C is read by %s; the %s learner has none (use --algo svm)", learn.ReadBy(s), cfg.Kind().Name)
	}
	if p.Setting() {
		s, _ := learn.LookupSetting(p.String())
		return fmt.Errorf("%s is read by %s; the %s learner has none", p, learn.ReadBy(s), cfg.Kind().Name)
	}
	return fmt.Errorf("the kernel %s has no %s (%s)", cfg.Kernel.Spec(), p, whoHas(p))
}

func whoHas(p Param) string {
	switch p {
	case Sigma:
		return "sigma is rbf's"
	case Degree:
		return "degree is poly's"
	case Coef0:
		return "coef0 is poly's and sigmoid's"
	}
	return "gamma is sigmoid's"
}

// Main is the parameter a sweep of cfg starts at: the first parameter of
// the kernel's first part that has one (σ of rbf, d of poly, γ of sigmoid;
// the parts of a sum or product in order), else C for the SVM, and false
// for a perceptron with a linear kernel, which has nothing to sweep.
func Main(cfg learn.Config) (Param, bool) {
	if p, ok := first(cfg.Kernel); ok {
		return p, true
	}
	if C.Has(cfg) {
		return C, true
	}
	return 0, false
}

// first is the first parameter of k's first part that has one.
func first(k learn.Kernel) (Param, bool) {
	parts, composite := partsOf(k)
	if !composite {
		f, ok := learn.FamilyOf(k)
		if !ok || len(f.Params()) == 0 {
			return 0, false
		}
		for _, p := range []Param{Sigma, Degree, Gamma, Coef0} {
			q := f.Params()[0]
			if q.Name == p.String() || containsFold(q.Aliases, p.String()) {
				return p, true
			}
		}
		return 0, false
	}
	for _, part := range parts {
		if p, ok := first(part); ok {
			return p, true
		}
	}
	return 0, false
}

// partsOf is the kernels a sum, product or scaled kernel combines, in
// order, and false for a kernel of one family.
func partsOf(k learn.Kernel) ([]learn.Kernel, bool) {
	switch k := k.(type) {
	case learn.Sum:
		return k, true
	case learn.Product:
		return k, true
	case learn.Scaled:
		return []learn.Kernel{k.K}, true
	}
	return nil, false
}
