package learn

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// A Family is one kind of named kernel of the spec language (linear, poly,
// rbf, sigmoid): its names, its parameters, and how to build a kernel from
// parameter values and read them back. The spec parser, Validate, Overrides,
// the help texts, Function and the TUI's kernel keys all loop over the
// registry (Families), so adding a kind of kernel is one entry in it plus
// the kernel type itself (Eval, String, Spec). Sums, products and scaled
// kernels are not families: they combine kernels, and stay structural.
//
// A Family is immutable; its accessors return copies.
type Family struct {
	name    string   // canonical spec name
	aliases []string // other names a spec may use, lower case
	doc     string   // one line: what the kernel is for
	formula string   // K(x, z) written out
	params  []Param
	start   []float64 // the values the TUI's k cycle starts the family at; nil for the defaults

	// build makes the kernel with these values, in the order of params,
	// without checking them.
	build func(v []float64) Kernel
	// values reads the parameter values of k, and false if k is not of this
	// family.
	values func(k Kernel) ([]float64, bool)
	// at writes K(z, x) as a function of x for a fixed z (as seed 003 writes
	// K([1,1], x) = (x₁ + x₂)²), x̃₀ = 1 with bias augmentation and 0
	// without; nil or false when the family is not written out.
	at func(v []float64, z Vec, bias bool) (string, bool)
	// expand writes K(z, x) as a polynomial in (x₁, x₂); nil or false when
	// the family is not a polynomial of small degree.
	expand func(v []float64, z Vec, bias bool) (polynomial, bool)
}

// A Param is one parameter of a kernel family.
type Param struct {
	Name    string   // in specs and messages: "d", "c", "sigma", "gamma"
	Symbol  string   // on screen: "d", "c", "σ", "γ"
	Aliases []string // other names a spec (or an Overrides flag) may use, lower case: "degree", "coef0", "σ"…
	Doc     string   // what it is, in a word or two: "degree", "offset", "width", "slope"
	Default float64  // its value when a spec names the family bare: poly is poly(d=2,c=1)

	// The valid values: whole numbers only if Integer, from Min to Max
	// inclusive (±Inf for no bound), always finite.
	Integer  bool
	Min, Max float64

	// Key is how an interactive key steps it.
	Key KeyStep

	noun   string // how messages name it when not by Name ("degree d")
	minWhy string // why Min is what it is, for the message: " (2σ² would underflow)"
}

// Default kernel parameters for a bare name (the command line's defaults).
const (
	DefaultDegree = 2
	DefaultPolyC  = 1.0
	DefaultSigma  = 1.0
	DefaultGamma  = 1.0
	DefaultSigC   = 0.0
)

// Interactive steps, as the TUI's [ ] { } keys have always made them.
var (
	// factorStep steps scales (σ and γ) along 1-1.5-2-3-5-7 in each decade,
	// where ×1.25 gave 0.4, 0.32, 0.256, 0.205 (issue 8).
	factorStep = KeyStep{Series: true, Min: 0.01, Max: 50}
	// degreeStep adds 1, and keeps d to degrees whose boundary one can still
	// read.
	degreeStep = KeyStep{By: 1, Digits: 0, Min: 1, Max: 10}
)

// families is the registry, in the order of the TUI's k cycle. It is not
// exported, and nothing in the package writes to it (tests swap it to prove
// that one entry is all a family takes).
var families = []*Family{
	{
		name: "linear", aliases: []string{"lin"},
		doc:     "the dot product: a straight boundary",
		formula: "K(x, z) = x·z",
		build:   func([]float64) Kernel { return Linear{} },
		values: func(k Kernel) ([]float64, bool) {
			if _, ok := k.(Linear); !ok {
				return nil, false
			}
			return []float64{}, true
		},
		at: func(_ []float64, z Vec, bias bool) (string, bool) {
			q := linearPoly(z, bias, 0)
			q.prune() // no stray "+ 0" without bias
			return "(" + q.String() + ")", true
		},
		expand: func(_ []float64, z Vec, bias bool) (polynomial, bool) {
			return linearPoly(z, bias, 0), true
		},
	},
	{
		name: "poly", aliases: []string{"polynomial"},
		doc:     "polynomial: boundaries that are curves of degree d",
		formula: "K(x, z) = (x·z + c)^d",
		params: []Param{
			{Name: "d", Symbol: "d", Aliases: []string{"degree"}, Doc: "degree", Default: DefaultDegree,
				Integer: true, Min: 1, Max: MaxDegree, Key: degreeStep, noun: "degree d"},
			{Name: "c", Symbol: "c", Aliases: []string{"coef0"}, Doc: "offset", Default: DefaultPolyC,
				Min: math.Inf(-1), Max: math.Inf(1), Key: KeyStep{By: 0.5, Digits: 2, Min: math.Inf(-1), Max: math.Inf(1)}},
		},
		start: []float64{2, 1},
		build: func(v []float64) Kernel { return Poly{D: int(v[0]), C: v[1]} },
		values: func(k Kernel) ([]float64, bool) {
			p, ok := k.(Poly)
			if !ok {
				return nil, false
			}
			return []float64{float64(p.D), p.C}, true
		},
		at: func(v []float64, z Vec, bias bool) (string, bool) {
			inner := linearPoly(z, bias, v[1])
			inner.prune()
			if d := int(v[0]); d != 1 {
				return "(" + inner.String() + ")" + superscript(d), true
			}
			return "(" + inner.String() + ")", true
		},
		expand: func(v []float64, z Vec, bias bool) (polynomial, bool) {
			d := int(v[0])
			if d > maxExpandDegree {
				return nil, false
			}
			base := linearPoly(z, bias, v[1])
			out := polynomial{{0, 0}: 1}
			for range d {
				out = out.mul(base)
			}
			return out, true
		},
	},
	{
		name: "rbf", aliases: []string{"gaussian", "gauss"},
		doc:     "Gaussian: a bump of width σ around each support vector",
		formula: "K(x, z) = exp(−‖x − z‖²/(2σ²))",
		params: []Param{
			{Name: "sigma", Symbol: "σ", Aliases: []string{"s", "σ"}, Doc: "width", Default: DefaultSigma,
				Min: MinSigma, Max: math.Inf(1), Key: factorStep, minWhy: " (2σ² would underflow)"},
		},
		start: []float64{0.5},
		build: func(v []float64) Kernel { return RBF{Sigma: v[0]} },
		values: func(k Kernel) ([]float64, bool) {
			r, ok := k.(RBF)
			if !ok {
				return nil, false
			}
			return []float64{r.Sigma}, true
		},
		at: func(v []float64, z Vec, _ bool) (string, bool) {
			return "exp(−‖x − (" + Num(z.X1) + ", " + Num(z.X2) + ")‖²/(2·" + Num(v[0]) + "²))", true
		},
	},
	{
		name: "sigmoid", aliases: []string{"tanh"},
		doc:     "tanh of a scaled dot product; not positive semi-definite in general",
		formula: "K(x, z) = tanh(γ x·z + c)",
		params: []Param{
			{Name: "gamma", Symbol: "γ", Aliases: []string{"g", "γ"}, Doc: "slope", Default: DefaultGamma,
				Min: math.Inf(-1), Max: math.Inf(1), Key: factorStep},
			{Name: "c", Symbol: "c", Aliases: []string{"coef0"}, Doc: "offset", Default: DefaultSigC,
				Min: math.Inf(-1), Max: math.Inf(1), Key: KeyStep{By: 0.25, Digits: 2, Min: math.Inf(-1), Max: math.Inf(1)}},
		},
		start: []float64{1, 0},
		build: func(v []float64) Kernel { return Sigmoid{Gamma: v[0], C: v[1]} },
		values: func(k Kernel) ([]float64, bool) {
			s, ok := k.(Sigmoid)
			if !ok {
				return nil, false
			}
			return []float64{s.Gamma, s.C}, true
		},
		// Neither at nor expand: Function writes a sigmoid kernel as K(xⱼ, x).
	},
}

// Families returns the kernel families in the order of the TUI's k cycle:
// linear, poly, rbf, sigmoid. The slice is a fresh copy; the families are
// the same pointers on every call, so == tells two apart.
func Families() []*Family { return slices.Clone(families) }

// LookupFamily returns the family a spec calls name (its canonical name or
// an alias, in any case), and false if there is none.
func LookupFamily(name string) (*Family, bool) {
	name = strings.ToLower(name)
	for _, f := range families {
		if f.name == name || slices.Contains(f.aliases, name) {
			return f, true
		}
	}
	return nil, false
}

// FamilyOf returns the family of a named kernel, and false for a sum, a
// product, a scaled kernel, nil, or a kernel type no family builds.
func FamilyOf(k Kernel) (*Family, bool) {
	for _, f := range families {
		if _, ok := f.values(k); ok {
			return f, true
		}
	}
	return nil, false
}

// Name is the family's name in specs: "poly".
func (f *Family) Name() string { return f.name }

// Aliases are the other names a spec may give the family: "polynomial".
func (f *Family) Aliases() []string { return slices.Clone(f.aliases) }

// Doc says in one line what the family's kernels are and do.
func (f *Family) Doc() string { return f.doc }

// Formula writes the family's kernel with its parameters as symbols:
// "K(x, z) = (x·z + c)^d".
func (f *Family) Formula() string { return f.formula }

// Params returns the family's parameters, in the order of Values and New;
// the TUI's [ ] keys step the first and { } the second. The slice and the
// aliases in it are fresh copies.
func (f *Family) Params() []Param {
	out := slices.Clone(f.params)
	for i := range out {
		out[i].Aliases = slices.Clone(out[i].Aliases)
	}
	return out
}

// Values returns the parameter values of k, in the order of Params. It
// panics if k is not of the family (FamilyOf says which one it is).
func (f *Family) Values(k Kernel) []float64 {
	v, ok := f.values(k)
	if !ok {
		panic(fmt.Sprintf("learn: Values of a %T kernel asked of the %s family", k, f.name))
	}
	return v
}

// New returns the family's kernel with these parameter values, in the order
// of Params, or an error that says which value is outside its range (the
// message of Validate).
func (f *Family) New(values []float64) (Kernel, error) {
	if len(values) != len(f.params) {
		return nil, fmt.Errorf("%s takes %s, not %d values", f.name, f.takes(), len(values))
	}
	if err := f.check(values); err != nil {
		return nil, err
	}
	return f.build(slices.Clone(values)), nil
}

// Default is the kernel a spec means by the family's bare name, each
// parameter at its Default: poly is poly(d=2,c=1).
func (f *Family) Default() Kernel { return f.build(f.defaults()) }

// Start is the kernel the TUI's k cycle starts the family at: linear,
// poly(d=2,c=1), rbf(sigma=0.5), sigmoid(gamma=1,c=0). A cycle that
// remembers the last kernel of each family keeps its own copy of these.
// A family whose entry names no start starts at its Default.
func (f *Family) Start() Kernel {
	if f.start == nil {
		return f.Default()
	}
	return f.build(slices.Clone(f.start))
}

// StepParam returns k with its i-th parameter stepped up or down as the
// TUI's keys do (Param.Key: σ 0.5 → 0.625 up; d 10 stays 10), and false
// when the family has no i-th parameter. The result is not validated: only
// a value at the far end of float64 (c of ±1e307) can step out of its
// range, and Validate then says so. It panics if k is not of the family.
func (f *Family) StepParam(k Kernel, i int, up bool) (Kernel, bool) {
	v := f.Values(k)
	if i < 0 || i >= len(f.params) {
		return k, false
	}
	v[i] = f.params[i].Key.Apply(v[i], up)
	return f.build(v), true
}

// SpecHelp writes the spec language in one line, for the --kernel flag:
// "linear, poly(d=2,c=1), rbf(sigma=1), sigmoid(gamma=1,c=0), sums with +,
// products with *".
func SpecHelp() string {
	return strings.Join(defaultSpecs(), ", ") + ", sums with +, products with *"
}

// OverrideHelp writes the help of the command-line flag that overrides a
// parameter (--degree, --coef0, --sigma, --gamma: see Overrides) from the
// families that take it: "σ (width) of the rbf kernel, > 0 (default 1)".
// It returns "" if no family takes a parameter by that name.
func OverrideHelp(flag string) string {
	flag = strings.ToLower(flag)
	var p *Param
	var kinds, defaults []string
	for _, f := range families {
		for i := range f.params {
			if f.params[i].answersTo(flag) {
				if p == nil {
					p = &f.params[i]
				}
				kinds = append(kinds, f.name)
				defaults = append(defaults, f.name+" "+Num(f.params[i].Default))
			}
		}
	}
	if p == nil {
		return ""
	}
	s := p.Symbol + " (" + p.Doc + ") of the " + orList(kinds) + " kernel"
	switch {
	case p.Integer:
		s += fmt.Sprintf(", a whole number from %g to %g", p.Min, p.Max)
	case p.Min > 0:
		s += ", > 0"
	}
	if len(kinds) == 1 {
		return s + " (default " + Num(p.Default) + ")"
	}
	return s + " (defaults: " + strings.Join(defaults, ", ") + ")"
}

// defaultSpecs writes each family's bare-name kernel as a spec.
func defaultSpecs() []string {
	out := make([]string, len(families))
	for i, f := range families {
		out[i] = f.Default().Spec()
	}
	return out
}

// familyNames lists the families' names.
func familyNames() []string {
	out := make([]string, len(families))
	for i, f := range families {
		out[i] = f.name
	}
	return out
}

// orList writes "a", "a or b", "a, b or c".
func orList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// defaults are the values of a bare name.
func (f *Family) defaults() []float64 {
	v := make([]float64, len(f.params))
	for i, p := range f.params {
		v[i] = p.Default
	}
	return v
}

// param returns the index of the parameter a spec calls name, or −1.
func (f *Family) param(name string) int {
	name = strings.ToLower(name)
	for i := range f.params {
		if f.params[i].answersTo(name) {
			return i
		}
	}
	return -1
}

// takes says, for messages, which parameters the family takes: "d and c",
// "sigma", "no parameters".
func (f *Family) takes() string {
	if len(f.params) == 0 {
		return "no parameters"
	}
	names := make([]string, len(f.params))
	for i, p := range f.params {
		names[i] = p.Name
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// check reports the first value outside its parameter's range.
func (f *Family) check(v []float64) error {
	for i := range f.params {
		if err := f.params[i].check(v[i]); err != nil {
			return err
		}
	}
	return nil
}

// answersTo reports whether a spec or flag may call the parameter name
// (already lower case).
func (p *Param) answersTo(name string) bool {
	return p.Name == name || slices.Contains(p.Aliases, name)
}

// check reports a value outside the parameter's range. The parser and
// Validate both call it, so a spec and a kernel built in code meet the same
// rule and the same words.
func (p *Param) check(v float64) error {
	noun := p.noun
	if noun == "" {
		noun = p.Name
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%s must be a finite number, not %v", noun, v)
	}
	if p.Integer {
		if v != math.Trunc(v) || v < p.Min || v > p.Max {
			return fmt.Errorf("%s must be a whole number from %g to %g, not %s", noun, p.Min, p.Max, specNum(v))
		}
		return nil
	}
	switch {
	case p.Min > 0 && v <= 0:
		return fmt.Errorf("%s must be > 0, not %s", noun, specNum(v))
	case v < p.Min:
		return fmt.Errorf("%s must be at least %g%s, not %s", noun, p.Min, p.minWhy, specNum(v))
	case v > p.Max:
		return fmt.Errorf("%s must be at most %g, not %s", noun, p.Max, specNum(v))
	}
	return nil
}
