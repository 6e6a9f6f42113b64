package learn

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"kernelscope/internal/safetext"
)

// SpecError is a kernel spec that ParseKernel could not read: what is wrong,
// and where (Pos is a 0-based byte offset into Spec).
type SpecError struct {
	Spec string
	Pos  int
	Msg  string
}

func (e *SpecError) Error() string {
	return fmt.Sprintf("kernel %q: at column %d: %s", safetext.Short(e.Spec), e.Pos+1, e.Msg)
}

// The spec language's limits, far beyond any kernel worth writing (the
// README's have at most three parts), so that a spec from a file cannot
// exhaust the stack (the parser recurses once a parenthesis) or make every
// kernel value cost a walk over thousands of parts. They bound the tree, not
// only the text, so that the spec Spec writes for any kernel ParseKernel
// returns reads back too (the round trip FuzzParseKernel holds the parser
// to), however its numbers are written out: Spec adds no nesting, writes
// each named kernel in at most 66 bytes and each scale in at most 24 (the
// product 3*.1 is 0.30000000000000004), and adds at most an operator and a
// pair of parentheses for each of the at most 2·MaxSpecParts nodes of the
// tree, so the whole takes at most 32·66 + 64·3 = 2304 bytes.
const (
	// MaxSpecBytes is the longest spec ParseKernel reads.
	MaxSpecBytes = 4096
	// MaxSpecDepth is how deep parentheses may nest in a spec.
	MaxSpecDepth = 32
	// MaxSpecParts is the most parts one spec may hold: named kernels,
	// and the numbers that scale them.
	MaxSpecParts = 32
)

// The spec language, in EBNF:
//
//	expr   = term { "+" term } .
//	term   = factor { "*" factor } .
//	factor = number | name [ "(" [ param { "," param } ] ")" ] | "(" expr ")" .
//	param  = ident "=" number .
//
// Names are those of the kernel families (Families: linear; poly with d
// and c, defaults d=2, c=1; rbf with sigma, default 1; sigmoid with gamma
// and c, defaults 1, 0), each with its aliases, parameter aliases and
// defaults. A number in a product scales it and must be > 0; all the
// numbers of a product, wherever they stand, multiply into one scale, which
// must not round to 0 or +Inf. A product needs at least one kernel.
// ParseKernel rejects whatever Validate would.
//
// Examples: linear, poly(d=2,c=0), rbf(sigma=0.5), rbf(sigma=1)+poly(d=2,c=0),
// linear*rbf(sigma=2), 0.5*rbf.

// ParseKernel reads a kernel spec. Errors are *SpecError.
func ParseKernel(spec string) (Kernel, error) {
	p := &specParser{src: spec}
	if len(spec) > MaxSpecBytes {
		return nil, p.fail(MaxSpecBytes, fmt.Sprintf("the spec is %d bytes long; a kernel spec has at most %d", len(spec), MaxSpecBytes))
	}
	p.skip()
	if p.pos == len(p.src) {
		return nil, p.fail(p.pos, "empty kernel spec (try "+orList(defaultSpecs())+")")
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
	// depth is how many parentheses around a kernel are open, parts how
	// many named kernels and scale numbers have been read.
	depth, parts int
}

func (p *specParser) fail(pos int, msg string) *SpecError {
	return &SpecError{Spec: p.src, Pos: pos, Msg: msg}
}

// part counts a named kernel or a scale number, at pos, against
// MaxSpecParts.
func (p *specParser) part(pos int) error {
	if p.parts++; p.parts > MaxSpecParts {
		return p.fail(pos, fmt.Sprintf("more than %d parts (kernels and scales) in one spec", MaxSpecParts))
	}
	return nil
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
			if err := p.part(at); err != nil {
				return nil, err
			}
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
		if p.depth == MaxSpecDepth {
			return nil, p.fail(open, fmt.Sprintf("parentheses nest more than %d deep", MaxSpecDepth))
		}
		p.depth++
		p.pos++
		k, err := p.expr()
		if err != nil {
			return nil, err
		}
		p.depth--
		if p.peek() != ')' {
			return nil, p.fail(open, "this ( is never closed")
		}
		p.pos++
		return k, nil
	}
	at := p.pos
	name := p.ident()
	if name == "" {
		return nil, p.fail(at, fmt.Sprintf("unexpected %q where a kernel name should be (%s)", p.rest(), strings.Join(familyNames(), ", ")))
	}
	fam, ok := LookupFamily(name)
	if !ok {
		return nil, p.fail(at, fmt.Sprintf("unknown kernel %q (want %s)", safetext.Short(name), orList(familyNames())))
	}
	if err := p.part(at); err != nil {
		return nil, err
	}
	values := fam.defaults()
	where := make([]int, len(values)) // where each value given starts; 0 for a default
	given := make([]bool, len(values))
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
				i := fam.param(pname)
				if i < 0 {
					return nil, p.fail(pat, fmt.Sprintf("%s has no parameter %q (it takes %s)", fam.name, pname, fam.takes()))
				}
				if given[i] {
					return nil, p.fail(pat, fmt.Sprintf("%s is given twice", fam.params[i].Name))
				}
				if p.peek() != '=' {
					return nil, p.fail(p.pos, fmt.Sprintf("want = after %s", pname))
				}
				p.pos++
				p.skip()
				where[i] = p.pos
				v, err := p.number()
				if err != nil {
					return nil, err
				}
				values[i], given[i] = v, true
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
	// Each value is checked where it stands, by the rule Validate applies.
	for i := range fam.params {
		if err := fam.params[i].check(values[i]); err != nil {
			return nil, p.fail(where[i], err.Error())
		}
	}
	k := fam.build(values)
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
// --gamma). A nil field overrides nothing. Each field is matched to the
// families' parameters by name (see overrides): Degree to poly's d (alias
// degree), Coef0 to the c of poly and sigmoid (alias coef0), Sigma to rbf's
// sigma, Gamma to sigmoid's gamma.
type Overrides struct {
	Degree *int
	Coef0  *float64 // c of poly and sigmoid parts
	Sigma  *float64
	Gamma  *float64
}

// override is one parameter value to set, with the name of its flag, which
// is a name or an alias of the parameters it sets.
type override struct {
	flag string
	v    float64
}

// list returns the overrides that are set, in flag order.
func (o Overrides) list() []override {
	var out []override
	if o.Degree != nil {
		out = append(out, override{"degree", float64(*o.Degree)})
	}
	if o.Coef0 != nil {
		out = append(out, override{"coef0", *o.Coef0})
	}
	if o.Sigma != nil {
		out = append(out, override{"sigma", *o.Sigma})
	}
	if o.Gamma != nil {
		out = append(out, override{"gamma", *o.Gamma})
	}
	return out
}

// Apply returns k with the overrides applied to every part that takes them.
// It fails when an override applies to no part of k, since the user then
// asked for something that cannot happen.
func (o Overrides) Apply(k Kernel) (Kernel, error) {
	ovs := o.list()
	used := make([]bool, len(ovs))
	out := applyOverrides(k, ovs, used)
	for i, ov := range ovs {
		if !used[i] {
			var kinds []string
			for _, f := range families {
				if f.param(ov.flag) >= 0 {
					kinds = append(kinds, f.name)
				}
			}
			return nil, fmt.Errorf("--%s applies to %s kernels, and the kernel is %s", ov.flag, orList(kinds), k.Spec())
		}
	}
	return out, Validate(out)
}

// applyOverrides sets, in every named kernel of k, each parameter that an
// override's flag names, and marks the overrides it used.
func applyOverrides(k Kernel, ovs []override, used []bool) Kernel {
	switch k := k.(type) {
	case Sum:
		out := make(Sum, len(k))
		for i, part := range k {
			out[i] = applyOverrides(part, ovs, used)
		}
		return out
	case Product:
		out := make(Product, len(k))
		for i, part := range k {
			out[i] = applyOverrides(part, ovs, used)
		}
		return out
	case Scaled:
		k.K = applyOverrides(k.K, ovs, used)
		return k
	}
	f, ok := FamilyOf(k)
	if !ok {
		return k
	}
	values, set := f.Values(k), false
	for j, ov := range ovs {
		if i := f.param(ov.flag); i >= 0 {
			values[i], used[j], set = ov.v, true, true
		}
	}
	if !set {
		return k
	}
	return f.build(values)
}
