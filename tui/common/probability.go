package common

import (
	"fmt"

	"kernelscope/learn"
)

// The panels' words for a learner that models P(y = +1 | x)
// (learn.Probabilistic) and gives every example weight (learn.Dense):
// logistic regression. Its figure is the mean log-loss beside the
// accuracy; its marks are the examples that hold half of Σα, not support
// vectors; its state says it runs every pass it is given.

// LossText is the mean log-loss of a learner that models P(y = +1 | x),
// "log-loss 0.213", and its short form, "loss 0.213"; "" for others.
func LossText(l learn.Learner) (full, short string) {
	p, ok := l.(learn.Probabilistic)
	if !ok {
		return "", ""
	}
	v := learn.Num(p.LogLoss())
	return "mean log-loss " + v, "loss " + v
}

// HeavyText is a Dense learner's count of the examples f leans on most,
// "half of Σα on 9/100", and its short form, "½Σα 9/100"; "" for others.
func HeavyText(l learn.Learner) (full, short string) {
	d, ok := l.(learn.Dense)
	if !ok {
		return "", ""
	}
	n := d.HeavyCount()
	return fmt.Sprintf("half of Σα on %d/%d", n, d.N()), fmt.Sprintf("½Σα %d/%d", n, d.N())
}

// GainText is the g = 1 − P(yᵢ | xᵢ) of step s of a learner that models
// P(y = +1 | x), "g = 1 − P(y₃ | x₃) = 0.6", and its short form,
// "g₃ = 0.6"; "" for others.
func GainText(l learn.Learner, s learn.Step) (full, short string) {
	p, ok := l.(learn.Probabilistic)
	if !ok {
		return "", ""
	}
	sub, g := learn.Sub(s.I+1), learn.Num(p.Gain(s))
	return fmt.Sprintf("g = 1 − P(y%s | x%s) = %s", sub, sub, g), "g" + sub + " = " + g
}
