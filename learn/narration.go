package learn

// SetNarrate turns the narration of the following steps (Config.Narrate)
// on or off: with it on, each Step reports the terms αⱼ yⱼ K(xⱼ, xᵢ) with
// αⱼ ≠ 0 and F as their sum in dataset order, O(#SV) a step; with it off,
// F is the incrementally kept score, O(1) a step (summed exactly when it
// is within rounding of the tie), and Terms is nil. A step decides the
// same either way, so a program that shows one step in many (autoplay, a
// run to convergence) narrates only the step it shows.
//
// The SVM has no such switch: it reports each pair update in full
// whenever a field follows it, and formatting that report is the caller's
// choice.
func (p *Perceptron) SetNarrate(on bool) { p.cfg.Narrate = on }
