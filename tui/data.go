package tui

import (
	"fmt"
	"math"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// The data keys: d and D cycle through your data and the built-ins, n N z
// Z S change a generated set's size, noise and seed.

func (m *Model) cycleDataset(forward bool) {
	// The cycle: your data first (when there is some), then the built-ins.
	all := datasets.Builtins()
	first := 0
	if m.s.yours != nil {
		first = 1
	}
	cur := -1
	if m.s.onYours {
		cur = 0
	} else {
		for i, b := range all {
			if b.Name == m.s.opts.Dataset && m.s.opts.File == "" {
				cur = first + i
			}
		}
	}
	size := first + len(all)
	next := (cur + 1) % size
	if !forward {
		next = (cur - 1 + size) % size
		if cur < 0 {
			next = size - 1
		}
	}
	if next < first {
		if err := m.s.useYours(); err != nil {
			m.message = err.Error()
			return
		}
		m.afterDataChange(fmt.Sprintf("%s: K = %s, α reset", m.s.yoursName(), m.s.opts.Config.Kernel))
		return
	}
	b := all[next-first]
	if err := m.s.useBuiltin(b, false); err != nil {
		m.message = err.Error()
		return
	}
	what := fmt.Sprintf("%s: preset K = %s, %s, tie %s", b.Name, m.s.opts.Config.Kernel, map[bool]string{true: "bias on", false: "bias off"}[b.Preset.Bias], b.Preset.Tie)
	if m.s.yours != nil {
		what += "   (d/D cycles back to " + m.s.yoursName() + ")"
	}
	m.afterDataChange(what)
}

// pointSteps are the sizes n cycles through for generated sets.
var pointSteps = []int{4, 10, 20, 50, 100, 200, 500, 1000, 2000, 4000}

func (m *Model) changeN(more bool) {
	n := m.s.opts.N
	next := n
	for _, v := range pointSteps {
		if more && v > n {
			next = v
			break
		}
		if !more && v < n {
			next = v
		}
	}
	if next == n {
		return
	}
	m.s.opts.N = next
	m.regenerate(fmt.Sprintf("n = %d", next))
}

func (m *Model) changeNoise(more bool) {
	noise := m.s.opts.Noise
	if more {
		noise = math.Round((noise+0.05)*100) / 100
	} else {
		noise = math.Max(0, math.Round((noise-0.05)*100)/100)
	}
	m.s.opts.Noise = noise
	m.regenerate(fmt.Sprintf("noise = %s", learn.Num(noise)))
}

func (m *Model) reseed() {
	m.s.opts.Seed++
	cfg := m.s.opts.Config
	cfg.Seed = m.s.opts.Seed
	m.s.opts.Config = cfg
	if m.s.generated() {
		m.regenerate(fmt.Sprintf("seed = %d: new points and shuffle order", m.s.opts.Seed))
		return
	}
	m.setConfig(cfg, fmt.Sprintf("seed = %d (shuffle order)", m.s.opts.Seed))
}

func (m *Model) regenerate(what string) {
	b, ok := datasets.Lookup(m.s.opts.Dataset)
	if !ok || !b.Generated {
		return
	}
	if err := m.s.useBuiltin(b, true); err != nil {
		m.message = err.Error()
		return
	}
	m.afterDataChange(what + ": α reset")
}

func (m *Model) afterDataChange(what string) {
	m.layout()
	m.message = what
}
