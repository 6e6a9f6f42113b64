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
	Dataset, PrevDataset, FewerPoints, MorePoints, LessNoise, MoreNoise *action.Action
	Reseed, Standardize, Holdout                                        *action.Action

	Kernel, PrevKernel, ParamDown, ParamUp, Param2Down, Param2Up, Bias, Tie, Shuffle *action.Action

	Learner  *action.Action
	Settings []settingKeys
	Ensemble *action.Action
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
	k.Dataset = n(action.GroupData, "d", "next dataset", "d")
	k.PrevDataset = n(action.GroupData, "D", "previous dataset", "D")
	k.Dataset.Line, k.PrevDataset.Line = datasets, datasets
	k.Dataset.Short = 10
	for _, a := range []*action.Action{k.Dataset, k.PrevDataset} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			c.cycleDataset(k.Dataset.Has(msg))
			return nil
		}
	}
	points := pair("n N", "fewer / more points")
	k.FewerPoints = n(action.GroupData, "n", "fewer points", "n")
	k.MorePoints = n(action.GroupData, "N", "more points", "N")
	noise := pair("z Z", "less / more noise")
	k.LessNoise = n(action.GroupData, "z", "less noise", "z")
	k.MoreNoise = n(action.GroupData, "Z", "more noise", "Z")
	k.FewerPoints.Line, k.MorePoints.Line, k.LessNoise.Line, k.MoreNoise.Line = points, points, noise, noise
	k.FewerPoints.Off, k.MorePoints.Off, k.LessNoise.Off, k.MoreNoise.Off = gen, gen, gen, gen
	for _, a := range []*action.Action{k.FewerPoints, k.MorePoints} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			c.changeN(k.MorePoints.Has(msg))
			return nil
		}
	}
	for _, a := range []*action.Action{k.LessNoise, k.MoreNoise} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			c.changeNoise(k.MoreNoise.Has(msg))
			return nil
		}
	}
	k.Reseed = n(action.GroupData, "S", "new seed", "S")
	k.Reseed.Do = func(tea.KeyPressMsg) tea.Cmd { c.host.StopPlayer(); c.reseed(); return nil }
	k.Standardize = n(action.GroupData, "u", "z-scores on/off", "u")
	k.Standardize.Do = func(tea.KeyPressMsg) tea.Cmd {
		c.host.StopPlayer()
		what, err := c.s.Standardize()
		if err != nil {
			what = err.Error()
		}
		c.host.Say(what)
		return nil
	}
	k.Holdout = n(action.GroupData, "h", "hold out test rows", "h")
	k.Holdout.Do = func(tea.KeyPressMsg) tea.Cmd { c.host.StopPlayer(); c.toggleHoldout(); return nil }

	// The kernel.
	kernels := pair("k K", "next / prev kernel")
	k.Kernel = n(action.GroupKernel, "k", "next kernel", "k")
	k.PrevKernel = n(action.GroupKernel, "K", "previous kernel", "K")
	k.Kernel.Line, k.PrevKernel.Line = kernels, kernels
	k.Kernel.Short = 11
	for _, a := range []*action.Action{k.Kernel, k.PrevKernel} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			c.cycleKernel(k.Kernel.Has(msg))
			return nil
		}
	}
	param1 := pair("[ ]", paramSymbols(0)+" down / up")
	k.ParamDown = n(action.GroupKernel, "[", paramSymbols(0)+" down", "[")
	k.ParamUp = n(action.GroupKernel, "]", paramSymbols(0)+" up", "]")
	param2 := pair("{ }", paramSymbols(1)+" down / up")
	k.Param2Down = n(action.GroupKernel, "{", paramSymbols(1)+" down", "{")
	k.Param2Up = n(action.GroupKernel, "}", paramSymbols(1)+" up", "}")
	k.ParamDown.Line, k.ParamUp.Line, k.Param2Down.Line, k.Param2Up.Line = param1, param1, param2, param2
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
	k.ParamDown.Off, k.ParamUp.Off, k.Param2Down.Off, k.Param2Up.Off = paramOff(0), paramOff(0), paramOff(1), paramOff(1)
	for _, a := range []*action.Action{k.ParamDown, k.ParamUp, k.Param2Down, k.Param2Up} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			c.host.StopPlayer()
			first := k.ParamDown.Has(msg) || k.ParamUp.Has(msg)
			c.changeParam(first, k.ParamUp.Has(msg) || k.Param2Up.Has(msg))
			return nil
		}
	}
	k.Bias = n(action.GroupKernel, "a", "bias x̃=(1,x) on/off", "a")
	k.Bias.Do = func(tea.KeyPressMsg) tea.Cmd {
		c.host.StopPlayer()
		cfg := c.s.Options().Config
		cfg.Bias = !cfg.Bias
		c.host.SetConfig(cfg, fmt.Sprintf("bias %s", map[bool]string{true: "on: x̃ = (1, x₁, x₂)", false: "off"}[cfg.Bias]))
		return nil
	}
	k.Tie = n(action.GroupKernel, "t", "cycle tie rule", "t")
	k.Tie.Do = func(tea.KeyPressMsg) tea.Cmd {
		c.host.StopPlayer()
		cfg := c.s.Options().Config
		cfg.Tie = learn.Ties[(int(cfg.Tie)+1)%len(learn.Ties)]
		c.host.SetConfig(cfg, fmt.Sprintf("tie rule %s (%s)", cfg.Tie, cfg.Tie.Describe()))
		return nil
	}
	k.Shuffle = n(action.GroupKernel, "s", "shuffle on/off", "s")
	k.Shuffle.Do = func(tea.KeyPressMsg) tea.Cmd {
		c.host.StopPlayer()
		cfg := c.s.Options().Config
		cfg.Shuffle = !cfg.Shuffle
		c.host.SetConfig(cfg, fmt.Sprintf("shuffle %s", map[bool]string{true: "on: a fresh order each epoch", false: "off: dataset order"}[cfg.Shuffle]))
		return nil
	}

	k.Learner = n(action.GroupLearner, "l", "next learner", "l")
	k.Learner.Do = func(tea.KeyPressMsg) tea.Cmd { c.host.StopPlayer(); c.switchLearner(); return nil }
	k.Settings = newSettingKeys(c)
	k.Ensemble = n(action.GroupLearner, "A", "f / average / vote", "A")
	k.Ensemble.Off = func() string {
		switch {
		case c.s.EnsembleOn():
			return ""
		case c.s.Averaging() != nil:
			return fmt.Sprintf("the average and the vote need every α⁽ᵏ⁾ since the start, and the undo history keeps only the mistakes after step %d: r starts again", c.s.Learner().UndoFloor())
		}
		return "A shows the averaged and voted perceptrons' functions: l cycles to them"
	}
	k.Ensemble.Do = func(tea.KeyPressMsg) tea.Cmd { c.cycleShown(); return nil }
	return k
}

// settingKeys step the learners' settings that share a pair of keys (C and
// λ share < >) down and up along each setting's ladder.
type settingKeys struct {
	Down, Up *action.Action
	Settings []*learn.Setting
}

// read is the setting of p the learner of c reads (in comparison mode,
// the one either pane's learner does), or nil.
func (p settingKeys) read(c *Model) *learn.Setting {
	for _, st := range p.Settings {
		if c.readsSetting(st) {
			return st
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
		out[i].Settings = append(out[i].Settings, st)
	}
	for i := range out {
		p := &out[i]
		syms := make([]string, len(p.Settings))
		for j, s := range p.Settings {
			syms[j] = s.Symbol
		}
		sym := strings.Join(syms, "/")
		keys := p.Settings[0].Keys
		line := &action.Line{Key: keys[0] + " " + keys[1], Desc: sym + " down / up"}
		p.Down = action.New(action.GroupLearner, keys[0], sym+" down", keys[0])
		p.Up = action.New(action.GroupLearner, keys[1], sym+" up", keys[1])
		p.Down.Line, p.Up.Line = line, line
		off := func(up bool) func() string {
			return func() string {
				st := p.read(c)
				if st == nil {
					var who []string
					for _, s := range p.Settings {
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
		p.Down.Off, p.Up.Off = off(false), off(true)
		for _, a := range []*action.Action{p.Down, p.Up} {
			a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
				if st := p.read(c); st != nil {
					c.host.StopPlayer()
					c.stepSetting(st, p.Up.Has(msg))
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
