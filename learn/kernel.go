// Package learn is the mathematics of kernelscope: kernels, the kernel
// perceptron stepper, Gram matrices and decision fields. It is pure: no
// terminal, no file I/O, and the same inputs always give the same outputs.
//
// The algorithm follows the lecture notes in shared/seeds (seed 000: "The
// Kernel Perceptron"; seed 001: "Algorithm KernelPerceptron"; seed 003: the
// 4-point worked example with K(u,v) = (u·v)²; seed 004: the 3-point
// augmented example).
package learn

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Vec is an input in augmented coordinates x̃ = (x₀, x₁, x₂). With bias
// augmentation on, x₀ = 1 (seed 004: "the augmented feature vector"); with it
// off, x₀ = 0, which leaves every kernel value exactly as on (x₁, x₂) alone.
type Vec struct{ X0, X1, X2 float64 }

// Dot is x·z, summed in coordinate order.
func Dot(x, z Vec) float64 { return x.X0*z.X0 + x.X1*z.X1 + x.X2*z.X2 }

// dist2 is ‖x − z‖².
func dist2(x, z Vec) float64 {
	d0, d1, d2 := x.X0-z.X0, x.X1-z.X1, x.X2-z.X2
	// float64(…) keeps each square rounded before the sum (no fused
	// multiply-add), as the vector RBF row computes it (rbfrow.go).
	return float64(d0*d0) + float64(d1*d1) + float64(d2*d2)
}

// Kernel is a function K with K(x, z) = φ(x)·φ(z) for some feature map φ
// (seed 000, "Kernels"), or at least a similarity the perceptron can use in
// its place (the sigmoid kernel is not positive semi-definite in general).
type Kernel interface {
	// Eval returns K(x, z).
	Eval(x, z Vec) float64
	// String writes the formula with its parameters, e.g. "(x·z + 1)²".
	String() string
	// Spec writes the kernel in the spec language that ParseKernel reads,
	// so that ParseKernel(k.Spec()) is k itself, the same tree with the same
	// numbers bit for bit, for every k that ParseKernel returns. (The
	// language has no way to write a one-part Sum or Product, or a Scaled
	// with a = 1; their specs read back as the kernel inside them.)
	Spec() string
}

// Linear is K(x, z) = x·z.
type Linear struct{}

// Poly is the polynomial kernel K(x, z) = (x·z + c)^d. C = 0 is the
// homogeneous kernel of seed 003; C = 1 the "degree up to d" kernel.
type Poly struct {
	D int
	C float64
}

// RBF is the Gaussian kernel K(x, z) = exp(−‖x − z‖² / (2σ²)) (seed 001,
// "Some kernel functions").
type RBF struct{ Sigma float64 }

// Sigmoid is K(x, z) = tanh(γ x·z + c). It is not positive semi-definite in
// general (seed 003 lists it among common kernels; Mercer's condition of
// seed 004 fails for many data sets).
type Sigmoid struct{ Gamma, C float64 }

// Sum is K(x, z) = Σ Kₖ(x, z). Sums of kernels are kernels (seed 000).
type Sum []Kernel

// Product is K(x, z) = Π Kₖ(x, z). Products of kernels are kernels (seed 000).
type Product []Kernel

// Scaled is K(x, z) = a·K'(x, z) with a > 0 (seed 004: "linear combination
// (i.e. multiply by a constant, or sum)").
type Scaled struct {
	A float64
	K Kernel
}

// Eval returns x·z.
func (Linear) Eval(x, z Vec) float64 { return Dot(x, z) }

// Eval returns (x·z + c)^d.
func (k Poly) Eval(x, z Vec) float64 { return ipow(Dot(x, z)+k.C, k.D) }

// Eval returns exp(−‖x − z‖² / (2σ²)).
func (k RBF) Eval(x, z Vec) float64 { return expFast(dist2(x, z) * k.factor()) }

// factor is −1/(2σ²); a multiplication by it is cheaper than the division.
func (k RBF) factor() float64 { return -1 / (2 * k.Sigma * k.Sigma) }

// Eval returns tanh(γ x·z + c).
func (k Sigmoid) Eval(x, z Vec) float64 { return math.Tanh(k.Gamma*Dot(x, z) + k.C) }

// Eval returns the sum of the parts at (x, z).
func (s Sum) Eval(x, z Vec) float64 {
	v := 0.0
	for _, k := range s {
		v += k.Eval(x, z)
	}
	return v
}

// Eval returns the product of the factors at (x, z).
func (p Product) Eval(x, z Vec) float64 {
	v := 1.0
	for _, k := range p {
		v *= k.Eval(x, z)
	}
	return v
}

// Eval returns a·K'(x, z).
func (s Scaled) Eval(x, z Vec) float64 { return s.A * s.K.Eval(x, z) }

// ipow is b^d for d ≥ 1 by repeated squaring; exact whenever the
// intermediate products are (as in the worked examples' integers).
func ipow(b float64, d int) float64 {
	switch d {
	case 1:
		return b
	case 2:
		return b * b
	}
	r := 1.0
	for d > 0 {
		if d&1 == 1 {
			r *= b
		}
		b *= b
		d >>= 1
	}
	return r
}

// String writes "x·z".
func (Linear) String() string { return "x·z" }

// String writes "(x·z + c)^d" with the parameters filled in.
func (k Poly) String() string {
	inner := "x·z"
	if k.C != 0 {
		inner += signed(k.C)
	}
	if k.D == 1 {
		return inner
	}
	return "(" + inner + ")" + superscript(k.D)
}

// String writes "exp(−‖x−z‖²/(2·σ²))" with σ filled in.
func (k RBF) String() string {
	return "exp(−‖x−z‖²/(2·" + Num(k.Sigma) + "²))"
}

// String writes "tanh(γ·x·z + c)" with the parameters filled in.
func (k Sigmoid) String() string {
	inner := "x·z"
	if k.Gamma != 1 {
		inner = Num(k.Gamma) + "·x·z"
	}
	if k.C != 0 {
		inner += signed(k.C)
	}
	return "tanh(" + inner + ")"
}

// String writes the parts joined by " + ".
func (s Sum) String() string { return join(s, " + ", false) }

// String writes the factors joined by "·", sums in parentheses.
func (p Product) String() string { return join(p, "·", true) }

// String writes "a·K'".
func (s Scaled) String() string { return Num(s.A) + "·" + paren(s.K, true) }

// Spec writes "linear".
func (Linear) Spec() string { return "linear" }

// Spec writes "poly(d=D,c=C)".
func (k Poly) Spec() string { return "poly(d=" + strconv.Itoa(k.D) + ",c=" + specNum(k.C) + ")" }

// Spec writes "rbf(sigma=σ)".
func (k RBF) Spec() string { return "rbf(sigma=" + specNum(k.Sigma) + ")" }

// Spec writes "sigmoid(gamma=γ,c=C)".
func (k Sigmoid) Spec() string {
	return "sigmoid(gamma=" + specNum(k.Gamma) + ",c=" + specNum(k.C) + ")"
}

// Spec writes the parts joined by "+", a part that is itself a sum in
// parentheses: a+(b+c) adds in another order than a+b+c, so it is another
// kernel (its values can differ in the last bit), and must read back as one.
func (s Sum) Spec() string {
	parts := make([]string, len(s))
	for i, k := range s {
		parts[i] = specOperand(k, isSum)
	}
	return strings.Join(parts, "+")
}

// Spec writes the factors joined by "*", each factor that is not a single
// named kernel in parentheses. Bare, a sum would bind looser than the
// product, a product would merge into this one, and the number of a scaled
// factor would scale the whole product: linear*(2*linear) would read back as
// 2*(linear*linear).
func (p Product) Spec() string {
	parts := make([]string, len(p))
	for i, k := range p {
		parts[i] = specOperand(k, isCompound)
	}
	return strings.Join(parts, "*")
}

// Spec writes "a*K'", K' in parentheses if it is a sum or is scaled itself:
// the parser multiplies all the numbers of a product into one scale, so
// 2*3*linear reads back as 6*linear, not as 2*(3*linear). A product needs
// none: 2*linear*rbf reads back as 2*(linear*rbf).
func (s Scaled) Spec() string {
	return specNum(s.A) + "*" + specOperand(s.K, func(k Kernel) bool { return isSum(k) || isScaled(k) })
}

// specOperand writes k's spec, in parentheses if needParens(k).
func specOperand(k Kernel, needParens func(Kernel) bool) string {
	if needParens(k) {
		return "(" + k.Spec() + ")"
	}
	return k.Spec()
}

func isSum(k Kernel) bool    { _, ok := k.(Sum); return ok }
func isScaled(k Kernel) bool { _, ok := k.(Scaled); return ok }

// isCompound reports whether k is built of other kernels with an operator,
// and so is not a single factor when written bare.
func isCompound(k Kernel) bool {
	switch k.(type) {
	case Sum, Product, Scaled:
		return true
	}
	return false
}

func join[K ~[]Kernel](ks K, sep string, parenSums bool) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = paren(k, parenSums)
	}
	return strings.Join(parts, sep)
}

func paren(k Kernel, parenSums bool) string {
	if _, ok := k.(Sum); ok && parenSums {
		return "(" + k.String() + ")"
	}
	return k.String()
}

// Num formats a number for people: integers without a decimal point, others
// with up to 4 significant digits, and a true minus sign (−).
func Num(v float64) string {
	s := strconv.FormatFloat(v, 'g', 4, 64)
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		s = strconv.FormatFloat(v, 'f', -1, 64)
	}
	if strings.HasPrefix(s, "-") {
		s = "−" + s[1:]
	}
	if s == "−0" {
		s = "0"
	}
	return s
}

// signed writes " + v" or " − |v|".
func signed(v float64) string {
	if v < 0 {
		return " − " + Num(-v)
	}
	return " + " + Num(v)
}

// specNum writes a number so that ParseKernel reads it back exactly.
func specNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func superscript(d int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	sup := []rune(digits)
	var b strings.Builder
	for _, c := range strconv.Itoa(d) {
		b.WriteRune(sup[c-'0'])
	}
	return b.String()
}

// KernelRow writes K(x, zⱼ) into dst[j] for every j. The common kernels get
// loops of their own so the hot path pays no interface call per entry. This
// is the one switch on the families' kernel types outside the registry
// (family.go), kept on purpose as a specialisation: a new family needs no
// case here (the default loop is right for any kernel), and each case
// computes exactly what its Eval does, bit for bit (TestKernelValues checks).
func KernelRow(k Kernel, dst []float64, x Vec, zs []Vec) {
	dst = dst[:len(zs)]
	switch k := k.(type) {
	case Linear:
		for j, z := range zs {
			dst[j] = Dot(x, z)
		}
	case Poly:
		for j, z := range zs {
			dst[j] = ipow(Dot(x, z)+k.C, k.D)
		}
	case RBF:
		// expFast(dist2(x, z)·c), four points at a time (rbfrow.go)
		rbfKernelRow(dst, x, zs, k.factor())
	default:
		for j, z := range zs {
			dst[j] = k.Eval(x, z)
		}
	}
}

// Validate reports a kernel whose parameters are outside their domain:
// each named kernel's parameters within their family's range (d a whole
// number from 1 to MaxDegree, σ ≥ MinSigma, every number finite; see
// Families), a > 0 and finite, sums and products non-empty.
func Validate(k Kernel) error {
	switch k := k.(type) {
	case Sum:
		return validateAll(k)
	case Product:
		return validateAll(k)
	case Scaled:
		if math.IsNaN(k.A) || math.IsInf(k.A, 0) {
			return fmt.Errorf("scale must be a finite number, not %v", k.A)
		}
		if k.A <= 0 {
			return fmt.Errorf("a kernel's scale must be > 0, not %s", specNum(k.A))
		}
		return Validate(k.K)
	case nil:
		return fmt.Errorf("no kernel")
	}
	if f, ok := FamilyOf(k); ok {
		return f.check(f.Values(k))
	}
	return nil
}

func validateAll(ks []Kernel) error {
	if len(ks) == 0 {
		return fmt.Errorf("an empty sum or product of kernels")
	}
	for _, k := range ks {
		if err := Validate(k); err != nil {
			return err
		}
	}
	return nil
}

// MinSigma is the smallest RBF σ accepted: below about 1e-154, 2σ²
// underflows to 0 and K(x, x) becomes 0/0.
const MinSigma = 1e-100

// MaxDegree is the largest polynomial degree accepted. Beyond it (x·z + c)^d
// overflows float64 for any data worth plotting.
const MaxDegree = 30
