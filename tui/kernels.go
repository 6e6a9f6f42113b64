package tui

import (
	"slices"

	"kernelscope/learn"
)

// kernelCycle is what k and K cycle through: one kernel per family of
// learn's registry, starting where the registry says and remembering the
// parameters each was last used with. Each model has its own, so one
// model's σ never leaks into another's.
type kernelCycle struct {
	kinds []learn.Kernel
}

func newKernelCycle() kernelCycle {
	var c kernelCycle
	for _, f := range learn.Families() {
		c.kinds = append(c.kinds, f.Start())
	}
	return c
}

// next returns the kernel after (or before) k in the cycle, remembering k
// as its family's. A kernel outside the registry (a sum or product) goes
// to the first family, or with !forward to the last.
func (c *kernelCycle) next(k learn.Kernel, forward bool) learn.Kernel {
	cur := -1
	if f, ok := learn.FamilyOf(k); ok {
		cur = slices.Index(learn.Families(), f)
		c.kinds[cur] = k
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

func (m *Model) cycleKernel(forward bool) {
	cfg := m.s.opts.Config
	cfg.Kernel = m.kernels.next(cfg.Kernel, forward)
	m.setConfig(cfg, "kernel K(x,z) = "+cfg.Kernel.String())
}

// changeParam steps the kernel's first (primary) or second parameter one
// key press up or down, as its family's registry entry says.
func (m *Model) changeParam(primary, up bool) {
	cfg := m.s.opts.Config
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
	m.setConfig(cfg, "kernel K(x,z) = "+cfg.Kernel.String())
}
