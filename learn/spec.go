package learn

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SpecError is a kernel spec that ParseKernel could not read: what is wrong,
// and where (Pos is a 0-based byte offset into Spec).
type SpecError struct {
	Spec string
	Pos  int
	Msg  string
}

func (e *SpecError) Error() string {
	return fmt.Sprintf("kernel %q: at column %d: %s", e.Spec, e.Pos+1, e.Msg)
}

// The spec language, in EBNF:
//
//	expr   = term { "+" term } .
//	term   = factor { "*" factor } .
//	factor = number | name [ "(" [ param { "," param } ] ")" ] | "(" expr ")" .
//	param  = ident "=" number .
//
// Names: linear; poly (d, c; defaults d=2, c=1); rbf (sigma; default 1);
// sigmoid (gamma, c; defaults 1, 0). A number in a product scales it and
// must be > 0; all the numbers of a product, wherever they stand, multiply
// into one scale, which must not round to 0 or +Inf. A product needs at
// least one kernel. ParseKernel rejects whatever Validate would.
//
// Examples: linear, poly(d=2,c=0), rbf(sigma=0.5), rbf(sigma=1)+poly(d=2,c=0),
// linear*rbf(sigma=2), 0.5*rbf.

// kernelNames maps each accepted name to its canonical one.
var kernelNames = map[string]string{
	"linear": "linear", "lin": "linear",
	"poly": "poly", "polynomial": "poly",
	"rbf": "rbf", "gaussian": "rbf", "gauss": "rbf",
	"sigmoid": "sigmoid", "tanh": "sigmoid",
}

// paramNames maps each kernel's accepted parameter names to canonical ones.
var paramNames = map[string]map[string]string{
	"linear":  {},
	"poly":    {"d": "d", "degree": "d", "c": "c", "coef0": "c"},
	"rbf":     {"sigma": "sigma", "s": "sigma", "σ": "sigma"},
	"sigmoid": {"gamma": "gamma", "g": "gamma", "γ": "gamma", "c": "c", "coef0": "c"},
}

// paramList says, for error messages, which parameters a kernel takes.
var paramList = map[string]string{
	"linear":  "no parameters",
	"poly":    "d and c",
	"rbf":     "sigma",
	"sigmoid": "gamma and c",
}

// Default kernel parameters for a bare name (the command line's defaults).
const (
	DefaultDegree = 2
	DefaultPolyC  = 1.0
	DefaultSigma  = 1.0
	DefaultGamma  = 1.0
	DefaultSigC   = 0.0
)

// ParseKernel reads a kernel spec. Errors are *SpecError.
func ParseKernel(spec string) (Kernel, error) {
	p := &specParser{src: spec}
	p.skip()
	if p.pos == len(p.src) {
		return nil, p.fail(p.pos, "empty kernel spec (try linear, poly(d=2,c=1), rbf(sigma=1) or sigmoid(gamma=1,c=0))")
	}
	k, err := p.expr()
	if err != nil {
		return nil, err
	}
	p.skip()
	if p.pos < len(p.src) {
		return nil, p.fail(p.pos, fmt.Sprintf("unexpected %q (join kernels with + or *)", p.rest()))
	}
	return k, nil
}

type specParser struct {
	src string
	pos int
}

func (p *specParser) fail(pos int, msg string) *SpecError {
	return &SpecError{Spec: p.src, Pos: pos, Msg: msg}
}

func (p *specParser) skip() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// rest is the next token-ish piece of input, for error messages.
func (p *specParser) rest() string {
	r := []rune(p.src[p.pos:])
	if len(r) > 12 {
		r = append(r[:12], '…')
	}
	return string(r)
}

func (p *specParser) peek() byte {
	p.skip()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *specParser) expr() (Kernel, error) {
	var parts Sum
	for {
		k, err := p.term()
		if err != nil {
			return nil, err
		}
		parts = append(parts, k)
		if p.peek() != '+' {
			break
		}
		p.pos++
	}
	if len(parts) == 1 {
		return parts[0], nil
	}
	return parts, nil
}

func (p *specParser) term() (Kernel, error) {
	start := p.pos
	scale := 1.0
	scaleAt := -1          // where the first number of the scale is
	var scaleText []string // the numbers as written, for error messages
	var factors Product
	for {
		p.skip()
		if c := p.peek(); c == '.' || c == '-' || (c >= '0' && c <= '9') {
			at := p.pos
			v, err := p.number()
			if err != nil {
				return nil, err
			}
			text := p.src[at:p.pos]
			if math.Signbit(v) || v == 0 && !nonzeroDigits(text) {
				return nil, p.fail(at, fmt.Sprintf("a kernel's scale must be > 0, not %s", text))
			}
			if scaleAt < 0 {
				scaleAt = at
			}
			scaleText = append(scaleText, text)
			scale *= v
			// Validate asks a scale to be finite and > 0. Each number is, but
			// their product can round to 0 or +Inf (1e-200*1e-200, or 1e-400
			// alone), and no later number brings it back: fail here, at the
			// scale's first number, naming all of its numbers so far.
			if scale == 0 || math.IsInf(scale, 0) {
				what, hint := "underflows to 0", "larger"
				if scale != 0 {
					what, hint = "overflows to +Inf", "smaller"
				}
				return nil, p.fail(scaleAt, fmt.Sprintf("the scale %s %s; a kernel's scale must be a finite number > 0 (write a %s one, between %g and %g)",
					strings.Join(scaleText, "*"), what, hint, math.SmallestNonzeroFloat64, math.MaxFloat64))
			}
		} else {
			k, err := p.factor()
			if err != nil {
				return nil, err
			}
			factors = append(factors, k)
		}
		if p.peek() != '*' {
			break
		}
		p.pos++
	}
	var k Kernel
	switch len(factors) {
	case 0:
		return nil, p.fail(start, "a number alone is not a kernel (scale one: 2*rbf(sigma=1))")
	case 1:
		k = factors[0]
	default:
		k = factors
	}
	if scale != 1 {
		k = Scaled{A: scale, K: k}
	}
	return k, nil
}

func (p *specParser) factor() (Kernel, error) {
	p.skip()
	if p.pos == len(p.src) {
		return nil, p.fail(p.pos, "the spec ends where a kernel should be")
	}
	if p.src[p.pos] == '(' {
		open := p.pos
		p.pos++
		k, err := p.expr()
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			return nil, p.fail(open, "this ( is never closed")
		}
		p.pos++
		return k, nil
	}
	at := p.pos
	name := p.ident()
	if name == "" {
		return nil, p.fail(at, fmt.Sprintf("unexpected %q where a kernel name should be (linear, poly, rbf, sigmoid)", p.rest()))
	}
	canon, ok := kernelNames[strings.ToLower(name)]
	if !ok {
		return nil, p.fail(at, fmt.Sprintf("unknown kernel %q (want linear, poly, rbf or sigmoid)", name))
	}
	params := map[string]float64{}
	where := map[string]int{}
	if p.peek() == '(' {
		p.pos++
		if p.peek() == ')' {
			p.pos++
		} else {
			for {
				p.skip()
				pat := p.pos
				pname := p.ident()
				if pname == "" {
					return nil, p.fail(pat, fmt.Sprintf("want a parameter name=value, got %q", p.rest()))
				}
				pc, ok := paramNames[canon][strings.ToLower(pname)]
				if !ok {
					return nil, p.fail(pat, fmt.Sprintf("%s has no parameter %q (it takes %s)", canon, pname, paramList[canon]))
				}
				if _, dup := params[pc]; dup {
					return nil, p.fail(pat, fmt.Sprintf("%s is given twice", pc))
				}
				if p.peek() != '=' {
					return nil, p.fail(p.pos, fmt.Sprintf("want = after %s", pname))
				}
				p.pos++
				p.skip()
				where[pc] = p.pos
				v, err := p.number()
				if err != nil {
					return nil, err
				}
				params[pc] = v
				c := p.peek()
				if c == ',' {
					p.pos++
					continue
				}
				if c == ')' {
					p.pos++
					break
				}
				if c == 0 {
					return nil, p.fail(p.pos, "the parameter list is never closed: want )")
				}
				return nil, p.fail(p.pos, fmt.Sprintf("want , or ) after a parameter, got %q", p.rest()))
			}
		}
	}
	get := func(name string, def float64) float64 {
		if v, ok := params[name]; ok {
			return v
		}
		return def
	}
	var k Kernel
	switch canon {
	case "linear":
		k = Linear{}
	case "poly":
		d := get("d", DefaultDegree)
		if d != math.Trunc(d) || d < 1 || d > MaxDegree {
			return nil, p.fail(where["d"], fmt.Sprintf("degree d must be a whole number from 1 to %d, not %s", MaxDegree, specNum(d)))
		}
		k = Poly{D: int(d), C: get("c", DefaultPolyC)}
	case "rbf":
		s := get("sigma", DefaultSigma)
		if s <= 0 {
			return nil, p.fail(where["sigma"], fmt.Sprintf("sigma must be > 0, not %s", specNum(s)))
		}
		if s < MinSigma {
			return nil, p.fail(where["sigma"], fmt.Sprintf("sigma must be at least %g, not %s", MinSigma, specNum(s)))
		}
		k = RBF{Sigma: s}
	case "sigmoid":
		k = Sigmoid{Gamma: get("gamma", DefaultGamma), C: get("c", DefaultSigC)}
	}
	// The checks above point at the parameter at fault; this one keeps the
	// parser from accepting a kernel that Validate rejects should Validate
	// learn a rule they lack (ParseKernel's promise: what it returns is valid).
	if err := Validate(k); err != nil {
		return nil, p.fail(at, err.Error())
	}
	return k, nil
}

// nonzeroDigits reports whether a number's mantissa, as written, has a digit
// other than 0: whether a float64 of 0 read from it is an underflow.
func nonzeroDigits(text string) bool {
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		text = text[:i]
	}
	return strings.ContainsAny(text, "123456789")
}

func (p *specParser) ident() string {
	start := p.pos
	for p.pos < len(p.src) {
		r := rune(p.src[p.pos])
		size := 1
		if r >= 0x80 {
			r, size = utf8.DecodeRuneInString(p.src[p.pos:])
		}
		if !(unicode.IsLetter(r) || r == '_' || (p.pos > start && unicode.IsDigit(r))) {
			break
		}
		p.pos += size
	}
	return p.src[start:p.pos]
}

// number reads a finite decimal number at the current position.
func (p *specParser) number() (float64, error) {
	p.skip()
	start := p.pos
	for p.pos < len(p.src) && strings.IndexByte("+-.0123456789eE", p.src[p.pos]) >= 0 {
		// A sign is part of the number only at its start or after an exponent.
		c := p.src[p.pos]
		if (c == '+' || c == '-') && p.pos > start && p.src[p.pos-1] != 'e' && p.src[p.pos-1] != 'E' {
			break
		}
		p.pos++
	}
	text := p.src[start:p.pos]
	if text == "" {
		return 0, p.fail(start, fmt.Sprintf("want a number, got %q", p.rest()))
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, p.fail(start, fmt.Sprintf("%q is not a finite number", text))
	}
	return v, nil
}

// Overrides are parameter values that replace those of every part of a
// kernel that takes them (the command line's --degree, --coef0, --sigma,
// --gamma). A nil field overrides nothing.
type Overrides struct {
	Degree *int
	Coef0  *float64 // c of poly and sigmoid parts
	Sigma  *float64
	Gamma  *float64
}

// Apply returns k with the overrides applied to every part that takes them.
// It fails when an override applies to no part of k, since the user then
// asked for something that cannot happen.
func (o Overrides) Apply(k Kernel) (Kernel, error) {
	used := map[string]bool{}
	out := o.apply(k, used)
	for _, f := range []struct {
		set  bool
		name string
		kind string
	}{
		{o.Degree != nil, "degree", "poly"},
		{o.Coef0 != nil, "coef0", "poly or sigmoid"},
		{o.Sigma != nil, "sigma", "rbf"},
		{o.Gamma != nil, "gamma", "sigmoid"},
	} {
		if f.set && !used[f.name] {
			return nil, fmt.Errorf("--%s applies to %s kernels, and the kernel is %s", f.name, f.kind, k.Spec())
		}
	}
	return out, Validate(out)
}

func (o Overrides) apply(k Kernel, used map[string]bool) Kernel {
	switch k := k.(type) {
	case Poly:
		if o.Degree != nil {
			k.D, used["degree"] = *o.Degree, true
		}
		if o.Coef0 != nil {
			k.C, used["coef0"] = *o.Coef0, true
		}
		return k
	case RBF:
		if o.Sigma != nil {
			k.Sigma, used["sigma"] = *o.Sigma, true
		}
		return k
	case Sigmoid:
		if o.Gamma != nil {
			k.Gamma, used["gamma"] = *o.Gamma, true
		}
		if o.Coef0 != nil {
			k.C, used["coef0"] = *o.Coef0, true
		}
		return k
	case Sum:
		out := make(Sum, len(k))
		for i, part := range k {
			out[i] = o.apply(part, used)
		}
		return out
	case Product:
		out := make(Product, len(k))
		for i, part := range k {
			out[i] = o.apply(part, used)
		}
		return out
	case Scaled:
		k.K = o.apply(k.K, used)
		return k
	}
	return k
}
