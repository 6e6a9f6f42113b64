package controls

import (
	"fmt"
	"math"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// The data keys: d and D cycle through your data and the built-ins, n N z
// Z S change a generated set's size, noise and seed, u standardizes, h
// holds rows out.

// cycleDataset goes to the next (or previous) dataset: your data first,
// when there is some, then the built-ins with their preset kernels.
func (c *Model) cycleDataset(forward bool) {
	// The cycle: your data first (when there is some), then the built-ins.
	all := datasets.Builtins()
	first := 0
	if c.s.Yours() != nil {
		first = 1
	}
	cur := -1
	if c.s.OnYours() {
		cur = 0
	} else {
		for i, b := range all {
			if b.Name == c.s.Options().Dataset && c.s.Options().File == "" {
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
		if err := c.s.UseYours(); err != nil {
			c.host.Say(err.Error())
			return
		}
		c.host.Say(fmt.Sprintf("%s: K = %s, α reset", c.s.YoursName(), c.s.Options().Config.Kernel))
		return
	}
	b := all[next-first]
	if err := c.s.UseBuiltin(b, false); err != nil {
		c.host.Say(err.Error())
		return
	}
	what := fmt.Sprintf("%s: preset K = %s, %s, tie %s", b.Name, c.s.Options().Config.Kernel, map[bool]string{true: "bias on", false: "bias off"}[b.Preset.Bias], b.Preset.Tie)
	if c.s.Yours() != nil {
		what += "   (d/D cycles back to " + c.s.YoursName() + ")"
	}
	c.host.Say(what)
}

// pointSteps are the sizes n cycles through for generated sets.
var pointSteps = []int{4, 10, 20, 50, 100, 200, 500, 1000, 2000, 4000}

func (c *Model) changeN(more bool) {
	n := c.s.Options().N
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
	o := c.s.Options()
	c.regenerate(next, o.Noise, fmt.Sprintf("n = %d", next))
}

func (c *Model) changeNoise(more bool) {
	noise := c.s.Options().Noise
	if more {
		noise = math.Round((noise+0.05)*100) / 100
	} else {
		noise = math.Max(0, math.Round((noise-0.05)*100)/100)
	}
	c.regenerate(c.s.Options().N, noise, fmt.Sprintf("noise = %s", learn.Num(noise)))
}

func (c *Model) reseed() {
	regenerated, err := c.s.Reseed()
	seed := c.s.Options().Seed
	switch {
	case err != nil && regenerated:
		c.host.Say(err.Error())
	case err != nil:
		c.host.Say(fmt.Sprintf("seed = %d (shuffle order): cannot train with it, nothing changed: %v", seed, err))
	case regenerated:
		c.host.Say(fmt.Sprintf("seed = %d: new points and shuffle order: α reset", seed))
	default:
		c.host.Say(fmt.Sprintf("seed = %d (shuffle order): α reset (α belongs to one learner, kernel, bias and tie rule)", seed))
	}
}

// regenerate draws the generated data again with n points and the noise
// given; what says what changed.
func (c *Model) regenerate(n int, noise float64, what string) {
	if err := c.s.Regenerate(n, noise, c.s.Options().Seed); err != nil {
		c.host.Say(err.Error())
		return
	}
	c.host.Say(what + ": α reset")
}

// toggleHoldout holds out lab.DefaultTestFraction of the rows (or the
// --test fraction the program started with), or puts them back; α starts
// again from 0 either way, and z-scores are taken again from the rows
// that now train.
func (c *Model) toggleHoldout() {
	if err := c.s.ToggleHoldout(); err != nil {
		c.host.Say(err.Error())
		return
	}
	o := c.s.Options()
	what, z := "all rows are training data again", "z-scores of all rows, "
	if o.Holdout.On() {
		what, z = o.HoldoutText()+", drawn hollow (△ ▽); training never visits them", "z-scores of the training rows, "
	}
	if !o.Standardized {
		z = ""
	}
	c.host.Say(what + ": " + z + "α reset")
}
