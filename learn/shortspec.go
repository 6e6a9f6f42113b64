package learn

import "strings"

// ShortSpec writes k in the spec language with every number as Num writes
// it, to four significant digits (an ASCII minus, so it can still be
// typed): the kernel as a screen or a report shows it. σ = 0.5·10^¼ from
// cross-validation's grid reads rbf(sigma=0.8891), not
// rbf(sigma=0.8891397050194613). Spec is the exact form, for session files
// and anything that must read back bit for bit; ShortSpec reads back as a
// kernel within rounding of k. Named kernels are written from their
// family's parameters (the registry), so a new family needs nothing here.
func ShortSpec(k Kernel) string {
	operand := func(k Kernel, needParens func(Kernel) bool) string {
		if needParens(k) {
			return "(" + ShortSpec(k) + ")"
		}
		return ShortSpec(k)
	}
	switch k := k.(type) {
	case Sum:
		parts := make([]string, len(k))
		for i, p := range k {
			parts[i] = operand(p, isSum)
		}
		return strings.Join(parts, "+")
	case Product:
		parts := make([]string, len(k))
		for i, p := range k {
			parts[i] = operand(p, isCompound)
		}
		return strings.Join(parts, "*")
	case Scaled:
		return shortNum(k.A) + "*" + operand(k.K, func(k Kernel) bool { return isSum(k) || isScaled(k) })
	}
	f, ok := FamilyOf(k)
	if !ok {
		return k.Spec()
	}
	if len(f.params) == 0 {
		return f.name
	}
	vals := f.Values(k)
	parts := make([]string, len(f.params))
	for i, p := range f.params {
		parts[i] = p.Name + "=" + shortNum(vals[i])
	}
	return f.name + "(" + strings.Join(parts, ",") + ")"
}

// shortNum is Num with an ASCII minus, for a spec.
func shortNum(v float64) string { return strings.Replace(Num(v), "−", "-", 1) }
