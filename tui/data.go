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
	if m.s.Yours() != nil {
		first = 1
	}
	cur := -1
	if m.s.OnYours() {
		cur = 0
	} else {
		for i, b := range all {
			if b.Name == m.s.Options().Dataset && m.s.Options().File == "" {
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
		if err := m.s.UseYours(); err != nil {
			m.message = err.Error()
			return
		}
		m.afterDataChange(fmt.Sprintf("%s: K = %s, α reset", m.s.YoursName(), m.s.Options().Config.Kernel))
		return
	}
	b := all[next-first]
	if err := m.s.UseBuiltin(b, false); err != nil {
		m.message = err.Error()
		return
	}
	what := fmt.Sprintf("%s: preset K = %s, %s, tie %s", b.Name, m.s.Options().Config.Kernel, map[bool]string{true: "bias on", false: "bias off"}[b.Preset.Bias], b.Preset.Tie)
	if m.s.Yours() != nil {
		what += "   (d/D cycles back to " + m.s.YoursName() + ")"
	}
	m.afterDataChange(what)
}

// pointSteps are the sizes n cycles through for generated sets.
var pointSteps = []int{4, 10, 20, 50, 100, 200, 500, 1000, 2000, 4000}

func (m *Model) changeN(more bool) {
	n := m.s.Options().N
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
	o := m.s.Options()
	m.regenerate(next, o.Noise, fmt.Sprintf("n = %d", next))
}

func (m *Model) changeNoise(more bool) {
	noise := m.s.Options().Noise
	if more {
		noise = math.Round((noise+0.05)*100) / 100
	} else {
		noise = math.Max(0, math.Round((noise-0.05)*100)/100)
	}
	m.regenerate(m.s.Options().N, noise, fmt.Sprintf("noise = %s", learn.Num(noise)))
}

func (m *Model) reseed() {
	regenerated, err := m.s.Reseed()
	seed := m.s.Options().Seed
	switch {
	case err != nil && regenerated:
		m.message = err.Error()
	case err != nil:
		m.message = fmt.Sprintf("seed = %d (shuffle order): cannot train with it, nothing changed: %v", seed, err)
	case regenerated:
		m.afterDataChange(fmt.Sprintf("seed = %d: new points and shuffle order: α reset", seed))
	default:
		m.message = fmt.Sprintf("seed = %d (shuffle order): α reset (α belongs to one learner, kernel, bias and tie rule)", seed)
	}
}

// regenerate draws the generated data again with n points and the noise
// given; what says what changed.
func (m *Model) regenerate(n int, noise float64, what string) {
	if err := m.s.Regenerate(n, noise, m.s.Options().Seed); err != nil {
		m.message = err.Error()
		return
	}
	m.afterDataChange(what + ": α reset")
}

func (m *Model) afterDataChange(what string) {
	m.layout()
	m.message = what
}
