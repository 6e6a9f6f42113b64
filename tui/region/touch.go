package region

import "kernelscope/learn"

// touchingZeros marks the lattice points next to which f reaches 0 without
// changing sign (learn.TouchingZeros, which plot's figures use too): a
// zero set that only touches 0, such as the anti-diagonal of seed 003's
// f(x) = (x₁ + x₂)² after the first step, where the −1 points sit.
func touchingZeros(fd *learn.Field, e learn.Expansion) []bool {
	touch := make([]bool, len(fd.Values))
	for _, z := range learn.TouchingZeros(fd, e, maxTouchWork) {
		touch[z.At] = true
	}
	return touch
}

// maxTouchWork bounds the kernel evaluations spent on touching zeros per
// redraw: a few milliseconds.
const maxTouchWork = 1_000_000
