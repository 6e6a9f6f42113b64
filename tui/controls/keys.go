package controls

import (
	"fmt"
	"math"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
	"kernelscope/tui/action"
)

// keys are the controls' actions by name.
type keys struct {
	dataset, prevDataset, fewerPoints, morePoints, lessNoise, moreNoise *action.Action
	reseed, standardize, holdout                                        *action.Action

	kernel, prevKernel, paramDown, paramUp, param2Down, param2Up, bias, tie, shuffle *action.Action

	learner  *action.Action
	settings []settingKeys
	ensemble *action.Action
}

// newKeys declares the controls' keys.
func newKeys(c *Model) keys {
	var k keys
	n := action.New
	pair := func(key, desc string) *action.Line { return &action.Line{Key: key, Desc: desc} }

	// The data.
	gen := func() string {
		if c.s.Generated() {
			return ""
		}
		return fmt.Sprintf("n N z Z change a generated dataset's size and noise; %s is not one (d cycles to the generated sets)", c.s.Name())
	}
	datasets := pair("d D", "next / prev dataset")
	k.dataset = n(action.GroupData, "d", "next dataset", "d")
	k.prevDataset = n(action.GroupData, "D", "previous dataset", "D")
	k.dataset.Line, k.prevDataset.Line = datasets, datasets
	k.dataset.Short = 10
	for _, a := range []*action.Action{k.dataset, k.prevDataset} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			c.cycleDataset(k.dataset.Has(msg))
			return nil
		}
	}
	points := pair("n N", "fewer / more points")
	k.fewerPoints = n(action.GroupData, "n", "fewer points", "n")
	k.morePoints = n(action.GroupData, "N", "more points", "N")
	noise := pair("z Z", "less / more noise")
	k.lessNoise = n(action.GroupData, "z", "less noise", "z")
	k.moreNoise = n(action.GroupData, "Z", "more noise", "Z")
	k.fewerPoints.Line, k.morePoints.Line, k.lessNoise.Line, k.moreNoise.Line = points, points, noise, noise
	k.fewerPoints.Off, k.morePoints.Off, k.lessNoise.Off, k.moreNoise.Off = gen, gen, gen, gen
	for _, a := range []*action.Action{k.fewerPoints, k.morePoints} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			c.changeN(k.morePoints.Has(msg))
			return nil
		}
	}
	for _, a := range []*action.Action{k.lessNoise, k.moreNoise} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			c.changeNoise(k.moreNoise.Has(msg))
			return nil
		}
	}
	k.reseed = n(action.GroupData, "S", "new seed", "S")
	k.reseed.Do = func(tea.KeyPressMsg) tea.Cmd { c.host.StopPlayer(); c.reseed(); return nil }
	k.standardize = n(action.GroupData, "u", "z-scores on/off", "u")
	k.standardize.Do = func(tea.KeyPressMsg) tea.Cmd {
		c.host.StopPlayer()
		what, err := c.s.Standardize()
		if err != nil {
			what = err.Error()
		}
		c.host.Say(what)
		return nil
	}
	k.holdout = n(action.GroupData, "h", "hold out test rows", "h")
	k.holdout.Do = func(tea.KeyPressMsg) tea.Cmd { c.host.StopPlayer(); c.toggleHoldout(); return nil }

	// The kernel.
	kernels := pair("k K", "next / prev kernel")
	k.kernel = n(action.GroupKernel, "k", "next kernel", "k")
	k.prevKernel = n(action.GroupKernel, "K", "previous kernel", "K")
	k.kernel.Line, k.prevKernel.Line = kernels, kernels
	k.kernel.Short = 11
	for _, a := range []*action.Action{k.kernel, k.prevKernel} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			c.cycleKernel(k.kernel.Has(msg))
			return nil
		}
	}
	param1 := pair("[ ]", paramSymbols(0)+" down / up")
	k.paramDown = n(action.GroupKernel, "[", paramSymbols(0)+" down", "[")
	k.paramUp = n(action.GroupKernel, "]", paramSymbols(0)+" up", "]")
	param2 := pair("{ }", paramSymbols(1)+" down / up")
	k.param2Down = n(action.GroupKernel, "{", paramSymbols(1)+" down", "{")
	k.param2Up = n(action.GroupKernel, "}", paramSymbols(1)+" up", "}")
	k.paramDown.Line, k.paramUp.Line, k.param2Down.Line, k.param2Up.Line = param1, param1, param2, param2
	paramOff := func(i int) func() string {
		return func() string {
			kernel := c.s.Options().Config.Kernel
			if kernelParams(kernel) > i {
				return ""
			}
			f, ok := learn.FamilyOf(kernel)
			switch {
			case ok && i == 0:
				return fmt.Sprintf("the %s kernel has no parameter to step", f.Name())
			case ok:
				return fmt.Sprintf("the %s kernel has no second parameter ({ } step c of poly and sigmoid)", f.Name())
			case i == 0:
				return "a sum or product of kernels: its parameters are in the spec (--kernel); k cycles to the simple kernels"
			}
			return "a sum or product of kernels: its parameters are in the spec (--kernel)"
		}
	}
	k.paramDown.Off, k.paramUp.Off, k.param2Down.Off, k.param2Up.Off = paramOff(0), paramOff(0), paramOff(1), paramOff(1)
	for _, a := range []*action.Action{k.paramDown, k.paramUp, k.param2Down, k.param2Up} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			first := k.paramDown.Has(msg) || k.paramUp.Has(msg)
			c.changeParam(first, k.paramUp.Has(msg) || k.param2Up.Has(msg))
			return nil
		}
	}
	k.bias = n(action.GroupKernel, "a", "bias x̃=(1,x) on/off", "a")
	k.bias.Do = c.reconfigure(func(cfg *learn.Config) string {
		cfg.Bias = !cfg.Bias
		return fmt.Sprintf("bias %s", map[bool]string{true: "on: x̃ = (1, x₁, x₂)", false: "off"}[cfg.Bias])
	})
	k.tie = n(action.GroupKernel, "t", "cycle tie rule", "t")
	k.tie.Do = c.reconfigure(func(cfg *learn.Config) string {
		cfg.Tie = learn.Ties[(int(cfg.Tie)+1)%len(learn.Ties)]
		return fmt.Sprintf("tie rule %s (%s)", cfg.Tie, cfg.Tie.Describe())
	})
	k.shuffle = n(action.GroupKernel, "s", "shuffle on/off", "s")
	k.shuffle.Do = c.reconfigure(func(cfg *learn.Config) string {
		cfg.Shuffle = !cfg.Shuffle
		return fmt.Sprintf("shuffle %s", map[bool]string{true: "on: a fresh order each epoch", false: "off: dataset order"}[cfg.Shuffle])
	})

	k.learner = n(action.GroupLearner, "l", "next learner", "l")
	k.learner.Do = func(tea.KeyPressMsg) tea.Cmd { c.host.StopPlayer(); c.switchLearner(); return nil }
	k.settings = newSettingKeys(c)
	k.ensemble = n(action.GroupLearner, "A", "f / average / vote", "A")
	k.ensemble.Off = func() string {
		switch {
		case c.s.EnsembleOn():
			return ""
		case c.s.Averaging() != nil:
			return fmt.Sprintf("the average and the vote need every α⁽ᵏ⁾ since the start, and the undo history keeps only the mistakes after step %d: r starts again", c.s.Learner().UndoFloor())
		}
		return "A shows the averaged and voted perceptrons' functions: l cycles to them"
	}
	k.ensemble.Do = func(tea.KeyPressMsg) tea.Cmd { c.cycleShown(); return nil }
	return k
}

// settingKeys step the learners' settings that share a pair of keys (C and
// λ share < >) down and up along each setting's ladder.
type settingKeys struct {
	down, up *action.Action
	settings []*learn.Setting
}

// read is the setting of p the learner of c reads (in comparison mode,
// the one either pane's learner does), or nil.
func (p settingKeys) read(c *Model) *learn.Setting {
	for _, st := range p.settings {
		if own := c.ownSetting(st); own != nil {
			return own
		}
	}
	return nil
}

// newSettingKeys makes a pair of keys for each pair the registry's
// settings name, in the registry's order ("<" ">" step C or λ, whichever
// the learner reads).
func newSettingKeys(c *Model) []settingKeys {
	var out []settingKeys
	at := map[string]int{}
	for _, st := range learn.Settings() {
		if st.Ladder == nil {
			continue
		}
		i, ok := at[st.Keys[0]]
		if !ok {
			i = len(out)
			at[st.Keys[0]] = i
			out = append(out, settingKeys{})
		}
		out[i].settings = append(out[i].settings, st)
	}
	for i := range out {
		p := &out[i]
		syms := make([]string, len(p.settings))
		for j, s := range p.settings {
			syms[j] = s.Symbol
		}
		sym := strings.Join(syms, "/")
		keys := p.settings[0].Keys
		line := &action.Line{Key: keys[0] + " " + keys[1], Desc: sym + " down / up"}
		p.down = action.New(action.GroupLearner, keys[0], sym+" down", keys[0])
		p.up = action.New(action.GroupLearner, keys[1], sym+" up", keys[1])
		p.down.Line, p.up.Line = line, line
		off := func(up bool) func() string {
			return func() string {
				st := p.read(c)
				if st == nil {
					var who []string
					for _, s := range p.settings {
						who = append(who, s.Symbol+" is read by "+learn.ReadBy(s))
					}
					return strings.Join(who, "; ") + ": l cycles to them"
				}
				v := c.s.Options().Config.Params.Value(st)
				if _, ok := st.Step(v, up); ok {
					return ""
				}
				end := "the lowest"
				if up {
					end = "the top"
				}
				what := fmt.Sprintf("%s = %s is %s of the ladder", st.Symbol, st.Format(v), end)
				if math.IsInf(v, 1) && st.InfWord != "" {
					what += ": " + st.InfWord
				}
				return what
			}
		}
		p.down.Off, p.up.Off = off(false), off(true)
		for _, a := range []*action.Action{p.down, p.up} {
			a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
				if st := p.read(c); st != nil {
					c.host.StopPlayer()
					c.stepSetting(st, p.up.Has(msg))
				}
				return nil
			}
		}
	}
	return out
}

// paramSymbols names parameter i of every kernel family that has one, in
// the registry's order, e.g. "d/σ/γ" for the first and "c" for the second.
func paramSymbols(i int) string {
	var syms []string
	for _, f := range learn.Families() {
		if ps := f.Params(); i < len(ps) && !strings.Contains("/"+strings.Join(syms, "/")+"/", "/"+ps[i].Symbol+"/") {
			syms = append(syms, ps[i].Symbol)
		}
	}
	return strings.Join(syms, "/")
}

// reconfigure is a key that changes the training configuration: the
// player stops, change edits a copy of it and says what it did, and the
// program trains with it (α resets).
func (c *Model) reconfigure(change func(cfg *learn.Config) string) func(tea.KeyPressMsg) tea.Cmd {
	return func(tea.KeyPressMsg) tea.Cmd {
		c.host.StopPlayer()
		cfg := c.s.Options().Config
		what := change(&cfg)
		c.host.SetConfig(cfg, what)
		return nil
	}
}
