package controls

import (
	"math"
	"slices"
	"strings"

	"kernelscope/learn"
	"kernelscope/tui/common"
)

// The learner as a setting, like the kernel: any registered learner
// (learn.Learners, the l cycle), with its settings stepped by their keys.

// readsSetting reports whether the program shows a learner that reads
// setting s: the learner, or in comparison mode either pane's (the
// perceptron beside the SVM takes < and > for the SVM's C).
func (c *Model) readsSetting(s *learn.Setting) bool { return c.ownSetting(s) != nil }

// ownSetting is the setting called s's name as the learner shown reads it
// (in comparison mode, the pane's that reads it): its own default, range
// and ladder (λ is Pegasos's and logistic regression's, each with its
// own); nil when neither reads it.
func (c *Model) ownSetting(s *learn.Setting) *learn.Setting {
	if own, ok := c.s.Kind().Setting(s.Name); ok {
		return own
	}
	if t := c.twin(); t != nil {
		if own, ok := t.Kind().Setting(s.Name); ok {
			return own
		}
	}
	return nil
}

// ShowsBoxed reports whether the program shows a learner that bounds α
// by C (the SVM), whose support vectors at C have marks of their own: the
// learner, or in comparison mode either pane's.
func (c *Model) ShowsBoxed() bool {
	if c.s.Boxed() != nil {
		return true
	}
	t := c.twin()
	return t != nil && t.Boxed() != nil
}

// switchLearner cycles the learner (l) along the registry: the data,
// kernel, bias, tie rule and every setting stay, α starts again from 0.
func (c *Model) switchLearner() {
	cfg := c.s.Options().Config
	kinds := learn.Learners()
	at := slices.Index(kinds, cfg.Kind())
	next := kinds[(at+1)%len(kinds)]
	cfg, changed := next.Fit(cfg)
	intro := next.Intro(cfg)
	if len(changed) > 0 {
		// A value kept for another learner that this one cannot take
		// (Pegasos's λ = 5 with η = 1, where ηλ must be < 1).
		intro += " (" + strings.Join(changed, ", ") + ": the value kept was out of its range)"
	}
	c.host.SetConfig(cfg, intro)
}

// stepSetting steps setting st along its ladder (its keys): α starts
// again from 0, since a setting changes what every step does. A learner
// that does not read it keeps it for when l reaches one that does (the
// SVM beside the perceptron in comparison mode changes at once). An SVM
// that had converged is solved again to the tolerance at once (in chunks,
// as c does), so the region and the margin show the new optimum.
func (c *Model) stepSetting(st *learn.Setting, up bool) {
	cfg := c.s.Options().Config
	v, ok := st.Step(cfg.Params.Value(st), up)
	if !ok {
		return
	}
	solved := false
	for _, s := range []Session{c.s, c.twin()} {
		if s == nil {
			continue
		}
		if d := s.Dual(); d != nil && s.Kind().Reads(st.Name) && d.State() == learn.Converged && d.T() > 0 {
			solved = true
		}
	}
	cfg = cfg.With(st.Name, v)
	what := st.Symbol + " = " + st.Format(v)
	if math.IsInf(v, 1) {
		what += " (" + st.InfWord + ")"
	}
	if !c.s.Kind().Reads(st.Name) {
		// This learner does not read it: only the one beside it changes.
		c.s.KeepConfig(cfg)
		if t := c.twin(); t != nil {
			c.host.Say(what + ": the " + t.Kind().Short + "'s α reset")
		} else {
			c.host.Say(what + ": α reset beside")
		}
	} else if err := c.s.SetConfig(cfg); err != nil {
		c.host.Say(what + ": cannot train with it, nothing changed: " + err.Error())
		return
	} else {
		c.host.Say(what + ": α reset (" + st.Symbol + " changes what every step does)")
	}
	if solved && c.Resolve != nil {
		c.Resolve()
	}
}

// cycleShown moves the region on to the next of the three functions (A).
func (c *Model) cycleShown() {
	s := c.s
	s.CycleShown()
	what := map[learn.EnsembleMember]string{
		learn.FinalMember:    "the final perceptron: the α training ends with",
		learn.AveragedMember: "the averaged perceptron: α averaged over every step, a boundary with more room on both sides",
		learn.VotedMember:    "the voted perceptron: every α⁽ᵏ⁾ votes sign fₖ(x), weighted by the steps it survived",
	}[s.Shown()]
	c.host.Say("region: " + what + "; the other two boundaries are drawn faintly (" + common.OtherGlyphs(s.Shown()) + ")")
}
