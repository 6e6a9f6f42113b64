package lab

import "kernelscope/datasets"

// OneD reports whether the data are points on a line, x₂ = 0 for every
// one (seed 003, "Non-linear features: 1D input"): the built-in interval,
// or a --data file read from one column (--columns 2). It is where the
// points came from that says so, not their values: a plane of points that
// happen to have x₂ = 0 stays a plane, and the 1-D data's edits and
// session files keep them on their line (AddPoint, sessionOnLine).
func (o Options) OneD() bool {
	if o.File != "" {
		return o.Columns.OneD
	}
	b, ok := datasets.Lookup(o.Dataset)
	return ok && b.OneD
}

// OneD reports whether the session's data are points on a line
// (Options.OneD).
func (s *Session) OneD() bool { return s.opts.OneD() }
