package controls

import (
	"slices"

	"kernelscope/learn"
)

// kernelCycle is what k and K cycle through: one kernel per family of
// learn's registry, starting where the registry says and remembering the
// parameters each was last used with; and first, when the program opened
// on a sum or product (--kernel 'rbf+poly'), that kernel, so k can come
// back to it. Each model has its own, so one model's σ never leaks into
// another's.
type kernelCycle struct {
	kinds     []learn.Kernel
	composite bool // kinds[0] is the composite kernel the program opened on
}

func newKernelCycle(start learn.Kernel) kernelCycle {
	var c kernelCycle
	if _, ok := learn.FamilyOf(start); !ok && start != nil {
		c.kinds, c.composite = []learn.Kernel{start}, true
	}
	for _, f := range learn.Families() {
		c.kinds = append(c.kinds, f.Start())
	}
	return c
}

// next returns the kernel after (or before) k in the cycle, remembering k
// as its family's. Another composite kernel goes to the first entry, or
// with !forward to the last.
func (c *kernelCycle) next(k learn.Kernel, forward bool) learn.Kernel {
	first := 0
	if c.composite {
		first = 1
	}
	cur := -1
	if f, ok := learn.FamilyOf(k); ok {
		cur = first + slices.Index(learn.Families(), f)
		c.kinds[cur] = k
	} else if c.composite && k.Spec() == c.kinds[0].Spec() {
		cur = 0
	}
	n := len(c.kinds)
	next := (cur + 1) % n
	if !forward {
		next = (cur - 1 + n) % n
		if cur < 0 {
			next = n - 1
		}
	}
	return c.kinds[next]
}

// kernelParams is how many parameters the keys [ ] (the first) and { }
// (the second) can step for k: none for a sum or product.
func kernelParams(k learn.Kernel) int {
	if f, ok := learn.FamilyOf(k); ok {
		return len(f.Params())
	}
	return 0
}

func (c *Model) cycleKernel(forward bool) {
	cfg := c.s.Options().Config
	cfg.Kernel = c.kernels.next(cfg.Kernel, forward)
	c.host.SetConfig(cfg, "kernel K(x,z) = "+cfg.Kernel.String())
}

// changeParam steps the kernel's first (primary) or second parameter one
// key press up or down, as its family's registry entry says.
func (c *Model) changeParam(primary, up bool) {
	cfg := c.s.Options().Config
	f, ok := learn.FamilyOf(cfg.Kernel)
	if !ok {
		return
	}
	i := 0
	if !primary {
		i = 1
	}
	k, ok := f.StepParam(cfg.Kernel, i, up)
	if !ok {
		return
	}
	cfg.Kernel = k
	c.host.SetConfig(cfg, "kernel K(x,z) = "+cfg.Kernel.String())
}
