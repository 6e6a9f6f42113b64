package tui

import (
	"kernelscope/tui/region"

	"fmt"
	"math"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/action"
)

// The program's keys, each an action (package action): its binding, why
// it does nothing now, and what it does. The one-line help, the full
// help, the answer to a key that does nothing and the dispatch are all
// made from them.

// keyActions are the root's actions by name (the player's are its own,
// playerKeys), and the setting keys, a pair for each pair of keys the
// learners' settings name.
type keyActions struct {
	Dataset, PrevDataset, FewerPoints, MorePoints, LessNoise, MoreNoise *action.Action
	Reseed, Standardize, Holdout                                        *action.Action

	Approx, ApproxFewer, ApproxMore *action.Action

	Kernel, PrevKernel, ParamDown, ParamUp, Param2Down, Param2Up, Bias, Tie, Shuffle *action.Action

	Up, Down, Left, Right, NextSV, Goto, AddPos, AddNeg, Delete *action.Action
	Save, Reproduce, Figure                                     *action.Action
	// Turns are the arrows while the feature view is on: they turn it.
	Turns [4]*action.Action

	Panel, OnlySV, Feature, Update, Spectrum, Passes, Big, Mono, Cancel, Help, Quit *action.Action

	Learner                        *action.Action
	Settings                       []settingKeys
	Ensemble, Compare, CompareWhat *action.Action
}

// settingKeys step the learners' settings that share a pair of keys (C and
// λ share < >) down and up along each setting's ladder.
type settingKeys struct {
	Down, Up *action.Action
	Settings []*learn.Setting
}

// read is the setting of p the learner of m reads (in comparison mode,
// the one either pane's learner does), or nil.
func (p settingKeys) read(m *Model) *learn.Setting {
	for _, st := range p.Settings {
		if m.readsSetting(st) {
			return st
		}
	}
	return nil
}

// newKeyActions declares the root's keys; the handlers and the reasons
// are the model's.
func newKeyActions(m *Model) *keyActions {
	k := &keyActions{}
	n := action.New
	pair := func(key, desc string) *action.Line { return &action.Line{Key: key, Desc: desc} }

	// The data.
	gen := func() string {
		if m.s.Generated() {
			return ""
		}
		return fmt.Sprintf("n N z Z change a generated dataset's size and noise; %s is not one (d cycles to the generated sets)", m.s.Name())
	}
	datasets := pair("d D", "next / prev dataset")
	k.Dataset = n(action.GroupData, "d", "next dataset", "d")
	k.PrevDataset = n(action.GroupData, "D", "previous dataset", "D")
	k.Dataset.Line, k.PrevDataset.Line = datasets, datasets
	k.Dataset.Short = 10
	for _, a := range []*action.Action{k.Dataset, k.PrevDataset} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			m.player.Stop()
			m.cycleDataset(k.Dataset.Has(msg))
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
	k.FewerPoints.Off = func() string {
		if m.quiz.On() {
			return "n answers the quiz's question (no); Q leaves the quiz first"
		}
		return gen()
	}
	// The speed keys are the quiz's + and − while it is on.
	k.MorePoints.Off, k.LessNoise.Off, k.MoreNoise.Off = gen, gen, gen
	for _, a := range []*action.Action{k.FewerPoints, k.MorePoints} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			m.player.Stop()
			m.changeN(k.MorePoints.Has(msg))
			return nil
		}
	}
	for _, a := range []*action.Action{k.LessNoise, k.MoreNoise} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			m.player.Stop()
			m.changeNoise(k.MoreNoise.Has(msg))
			return nil
		}
	}
	k.Reseed = n(action.GroupData, "S", "new seed", "S")
	k.Reseed.Do = func(tea.KeyPressMsg) tea.Cmd { m.player.Stop(); m.reseed(); return nil }
	k.Standardize = n(action.GroupData, "u", "z-scores on/off", "u")
	k.Standardize.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.player.Stop()
		what, err := m.s.Standardize()
		if err != nil {
			m.message = err.Error()
			return nil
		}
		m.afterDataChange(what)
		return nil
	}
	k.Holdout = n(action.GroupData, "h", "hold out test rows", "h")
	k.Holdout.Do = func(tea.KeyPressMsg) tea.Cmd { m.player.Stop(); m.toggleHoldout(); return nil }

	// The approximate boundary.
	approx := pair("~ , .", "f̃ on/off, D ÷2 ×2")
	k.Approx = n(action.GroupApprox, "~", "approx. boundary f̃", "~")
	k.ApproxFewer = n(action.GroupApprox, ",", "f̃: D ÷ 2", ",")
	k.ApproxMore = n(action.GroupApprox, ".", "f̃: D × 2", ".")
	k.Approx.Line, k.ApproxFewer.Line, k.ApproxMore.Line = approx, approx, approx
	k.Approx.Off = func() string {
		if m.cmp != nil {
			return "comparison mode shows two learners: the approximate boundary f̃ overlays one region; | ends it"
		}
		return ""
	}
	k.Approx.Do = func(tea.KeyPressMsg) tea.Cmd { m.approxToggle(); return nil }
	stepD := func(up bool) func() string {
		return func() string {
			a := m.region.Approx
			if _, ok := region.StepApproxD(a.D, up); m.cmp == nil && a.On && ok {
				return ""
			}
			switch {
			case m.cmp != nil:
				return "comparison mode shows two learners, and no approximate boundary: | ends it"
			case !a.On:
				return "~ shows the approximate boundary f̃ first; , and . then halve and double its D"
			}
			return fmt.Sprintf("D = %d is the end of the ladder 1, 2, 4, …, %d", a.D, region.ApproxMaxD)
		}
	}
	k.ApproxFewer.Off, k.ApproxMore.Off = stepD(false), stepD(true)
	for _, a := range []*action.Action{k.ApproxFewer, k.ApproxMore} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd { m.approxStepD(k.ApproxMore.Has(msg)); return nil }
	}

	// The kernel.
	kernels := pair("k K", "next / prev kernel")
	k.Kernel = n(action.GroupKernel, "k", "next kernel", "k")
	k.PrevKernel = n(action.GroupKernel, "K", "previous kernel", "K")
	k.Kernel.Line, k.PrevKernel.Line = kernels, kernels
	k.Kernel.Short = 11
	for _, a := range []*action.Action{k.Kernel, k.PrevKernel} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			m.player.Stop()
			m.cycleKernel(k.Kernel.Has(msg))
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
			kernel := m.s.Options().Config.Kernel
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
			m.player.Stop()
			first := k.ParamDown.Has(msg) || k.ParamUp.Has(msg)
			m.changeParam(first, k.ParamUp.Has(msg) || k.Param2Up.Has(msg))
			return nil
		}
	}
	k.Bias = n(action.GroupKernel, "a", "bias x̃=(1,x) on/off", "a")
	k.Bias.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.player.Stop()
		cfg := m.s.Options().Config
		cfg.Bias = !cfg.Bias
		m.setConfig(cfg, fmt.Sprintf("bias %s", map[bool]string{true: "on: x̃ = (1, x₁, x₂)", false: "off"}[cfg.Bias]))
		return nil
	}
	k.Tie = n(action.GroupKernel, "t", "cycle tie rule", "t")
	k.Tie.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.player.Stop()
		cfg := m.s.Options().Config
		cfg.Tie = learn.Ties[(int(cfg.Tie)+1)%len(learn.Ties)]
		m.setConfig(cfg, fmt.Sprintf("tie rule %s (%s)", cfg.Tie, cfg.Tie.Describe()))
		return nil
	}
	k.Shuffle = n(action.GroupKernel, "s", "shuffle on/off", "s")
	k.Shuffle.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.player.Stop()
		cfg := m.s.Options().Config
		cfg.Shuffle = !cfg.Shuffle
		m.setConfig(cfg, fmt.Sprintf("shuffle %s", map[bool]string{true: "on: a fresh order each epoch", false: "off: dataset order"}[cfg.Shuffle]))
		return nil
	}

	// The cursor and editing.
	cursor := func() string {
		if m.region.PlotW > 0 && m.region.PlotH > 0 {
			return ""
		}
		return "no plot to put a point on at this size: make the terminal larger"
	}
	arrows := pair("↑↓←→", "move cursor (⇧ ×5)")
	for i, d := range []struct{ name, help, desc string }{
		{"up", "↑", "cursor up (⇧ ×5)"}, {"down", "↓", "cursor down (⇧ ×5)"},
		{"left", "←", "cursor left (⇧ ×5)"}, {"right", "→", "cursor right (⇧ ×5)"},
	} {
		turn := n("", d.help, "turn the feature space", d.name, "shift+"+d.name)
		turn.Off = func() string {
			if m.featureOn {
				return ""
			}
			return "the feature view is off"
		}
		turn.Do = func(msg tea.KeyPressMsg) tea.Cmd { m.feature.TurnKey(msg.String()); return nil }
		k.Turns[i] = turn
		a := n(action.GroupEdit, d.help, d.desc, d.name, "shift+"+d.name)
		a.Line, a.Off = arrows, cursor
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd { m.region.MoveCursor(msg.String()); return nil }
		switch i {
		case 0:
			k.Up = a
		case 1:
			k.Down = a
		case 2:
			k.Left = a
		default:
			k.Right = a
		}
	}
	k.NextSV = n(action.GroupEdit, "v", "cursor to next SV", "v")
	k.NextSV.Off = func() string {
		if why := cursor(); why != "" {
			return "no plot to put the cursor on at this size: make the terminal larger"
		}
		if len(m.s.Learner().SupportVectors()) == 0 {
			return "no support vectors yet: they appear with the first mistake"
		}
		return ""
	}
	k.NextSV.Do = func(tea.KeyPressMsg) tea.Cmd {
		if j := m.region.ToNextSupportVector(); j >= 0 {
			m.message = fmt.Sprintf("cursor on support vector x%s (α%s = %s)", learn.Sub(j+1), learn.Sub(j+1), learn.Num(m.s.Learner().Alpha(j)))
		} else {
			m.message = "no support vector in view yet"
		}
		return nil
	}
	k.Goto = n(action.GroupEdit, "0–9", "jump to xᵢ (type i)", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
	k.Goto.Off = func() string {
		switch {
		case m.s.Learner().N() == 0:
			return "no examples to put the cursor on"
		case cursor() != "":
			return "no plot to put the cursor on at this size: make the terminal larger"
		}
		return ""
	}
	k.Goto.Do = func(msg tea.KeyPressMsg) tea.Cmd { m.goTo(msg.String()); return nil }
	edit := func() string {
		if m.s.Options().Holdout.On() {
			return holdoutEditWhy
		}
		return cursor()
	}
	k.AddPos = n(action.GroupEdit, "o", "add +1 point here", "o")
	k.AddNeg = n(action.GroupEdit, "x", "add −1 point here", "x")
	add := func() string {
		if m.s.Options().Holdout.On() {
			return holdoutEditWhy
		}
		if m.s.Full() {
			return lab.ErrFull().Error()
		}
		return cursor()
	}
	k.AddPos.Off, k.AddNeg.Off = add, add
	for _, a := range []*action.Action{k.AddPos, k.AddNeg} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			m.player.Stop()
			if m.askBeforeEdit(m.confirmed, "press "+msg.String()+" again") {
				return nil
			}
			y := -1
			if k.AddPos.Has(msg) {
				y = 1
			}
			m.addAtCursor(y)
			return nil
		}
	}
	k.Delete = n(action.GroupEdit, "del", "delete nearest", "delete", "backspace")
	k.Delete.Off = func() string {
		if why := edit(); why != "" {
			return why
		}
		if len(m.s.Options().Points) == 0 {
			return "no points to delete"
		}
		return ""
	}
	k.Delete.Do = func(msg tea.KeyPressMsg) tea.Cmd {
		m.player.Stop()
		if m.region.CursorOn && m.askBeforeEdit(m.confirmed, "press "+msg.String()+" again") {
			return nil
		}
		m.deleteAtCursor()
		return nil
	}
	k.Save = n(action.GroupEdit, "w", "save data/session", "w")
	k.Save.Do = func(tea.KeyPressMsg) tea.Cmd { m.askSave(); return nil }
	k.Reproduce = n(action.GroupEdit, "R", "reproduce command", "R")
	k.Reproduce.Do = func(tea.KeyPressMsg) tea.Cmd { return m.reproduce() }
	k.Figure = n(action.GroupEdit, "F", "write figure (PNG)", "F")
	k.Figure.Do = func(tea.KeyPressMsg) tea.Cmd { return m.writeFigure() }

	// The view.
	single := func() string {
		if m.cmp == nil {
			return ""
		}
		return "comparison mode shows two regions in place of the panels: | ends it"
	}
	k.Panel = n(action.GroupView, "g", "next panel", "g")
	k.Panel.Short = 1
	k.Panel.Off = func() string {
		switch {
		case m.cmp != nil:
			return single()
		case !m.narrow():
			return "every panel is on screen; g switches between them in a terminal narrower than 100×24 and in projector mode (B)"
		}
		return ""
	}
	k.Panel.Do = func(tea.KeyPressMsg) tea.Cmd { m.show = (m.show + 1) % numShows; return nil }
	k.OnlySV = n(action.GroupView, "V", "α: only SVs / all", "V")
	k.OnlySV.Off = single
	k.OnlySV.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.alpha.OnlySV = !m.alpha.OnlySV
		m.message = map[bool]string{true: "α panel: the support vectors only", false: "α panel: every example"}[m.alpha.OnlySV]
		return nil
	}
	k.Feature = n(action.GroupView, "f", "feature space φ(x)", "f")
	k.Feature.Off = single
	k.Feature.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.featureOn = !m.featureOn
		m.message = "the region again"
		if m.featureOn {
			m.message = "feature space: each point xᵢ as φ(xᵢ), the boundary as the plane w·φ = 0; ←→↑↓ or a mouse drag turn it, f shows the region again"
		}
		return nil
	}
	k.Update = n(action.GroupView, "U", "bump of a mistake", "U")
	k.Update.Off = func() string {
		switch {
		case m.cmp != nil:
			return "comparison mode shows two regions in place of the update view: | ends it"
		case m.s.Kind().Bump:
			return ""
		case m.s.Budgeted() != nil:
			return "the update view shows the bump η·yᵢ·K(xᵢ, x) of a perceptron's mistake; a budget learner's mistake also forgets, and the narration writes that out"
		case m.s.Pairs() != nil:
			return "the update view shows the bump a perceptron's mistake adds to f; an SVM iteration moves two α at once, and the narration writes it out"
		}
		return "the update view shows the bump η·yᵢ·K(xᵢ, x) of a perceptron's mistake; " + m.s.Kind().Title + " updates by a rule of its own, and the narration writes it out"
	}
	k.Update.Do = func(tea.KeyPressMsg) tea.Cmd { m.toggleUpdateView(); return nil }
	k.Spectrum = n(action.GroupView, "M", "Mercer spectrum", "M")
	k.Spectrum.Off = single
	k.Spectrum.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.showSpectrum = !m.showSpectrum
		m.message = "the Gram matrix again"
		if m.showSpectrum {
			m.message = "Mercer's condition as a picture: the Gram matrix's eigenvalues, the verdict, and when it fails the smallest set of points that shows it (seed 004)"
		}
		return nil
	}
	// The quiz asks about one learner's next step: it holds the views of
	// more than one, and they hold it. esc closes the help or hides the
	// cursor, when either is up, before it leaves the quiz.
	quizzing := m.quiz.Quizzing
	m.cv.ToggleAction().Guard(quizzing)
	m.quiz.ToggleAction().Guard(func() string {
		switch {
		case m.cmp != nil:
			return "the quiz asks about one learner: | ends comparison mode, then Q starts the quiz"
		case m.cv.Open():
			return "esc closes the cross-validation view first, then Q starts the quiz"
		}
		return ""
	})
	m.quiz.EscAction().Guard(func() string {
		if m.region.CursorOn || m.showHelp {
			return "esc hides the cursor and closes the help first"
		}
		return ""
	})
	k.Passes = n(action.GroupView, "P", "passes chart", "P")
	k.Passes.Do = func(tea.KeyPressMsg) tea.Cmd { return m.togglePasses() }
	k.Big = n(action.GroupView, "B", "projector mode", "B")
	k.Big.Do = func(tea.KeyPressMsg) tea.Cmd { return m.toggleBig() }
	k.Mono = n(action.GroupView, "m", "color-free mode", "m")
	k.Mono.Do = func(tea.KeyPressMsg) tea.Cmd { m.toggleMono(); return nil }
	k.Cancel = n(action.GroupView, "esc", "stop / hide cursor", "esc")
	k.Cancel.Do = func(tea.KeyPressMsg) tea.Cmd {
		switch {
		case m.showHelp:
			m.showHelp = false
		case m.player.Busy():
			m.player.Stop()
		default:
			m.region.CursorOn = false
		}
		return nil
	}
	k.Help = n(action.GroupView, "?", "all keys", "?")
	k.Help.Short = 12
	k.Help.Do = func(tea.KeyPressMsg) tea.Cmd { m.showHelp = !m.showHelp; return nil }
	k.Quit = n(action.GroupView, "q", "quit", "q", "ctrl+c")
	k.Quit.Short = 13
	k.Quit.Do = func(msg tea.KeyPressMsg) tea.Cmd {
		if m.s.Unsaved() && m.confirmed != "quit" {
			m.player.Stop()
			m.confirm = "quit"
			m.message = fmt.Sprintf("%d points of yours are not saved: press %s again to quit without them, or w to save them first", len(m.s.Yours().Points), msg.String())
			return nil
		}
		m.quitting = true
		return tea.Quit
	}

	// The learner and comparison.
	k.Learner = n(action.GroupLearner, "l", "next learner", "l")
	k.Learner.Do = func(tea.KeyPressMsg) tea.Cmd { m.player.Stop(); m.switchLearner(); return nil }
	k.Settings = newSettingKeys(m)
	k.Ensemble = n(action.GroupLearner, "A", "f / average / vote", "A")
	k.Ensemble.Off = func() string {
		switch {
		case m.cmp != nil:
			return "comparison mode shows each learner's own function: | ends it"
		case m.s.EnsembleOn():
			return ""
		case m.s.Averaging() != nil:
			return fmt.Sprintf("the average and the vote need every α⁽ᵏ⁾ since the start, and the undo history keeps only the mistakes after step %d: r starts again", m.s.Learner().UndoFloor())
		}
		return "A shows the averaged and voted perceptrons' functions: l cycles to them"
	}
	k.Ensemble.Do = func(tea.KeyPressMsg) tea.Cmd { m.cycleShown(); return nil }
	k.Compare = n(action.GroupLearner, "|", "comparison mode", "|")
	k.Compare.Off = quizzing
	k.Compare.Do = func(tea.KeyPressMsg) tea.Cmd { m.player.Stop(); m.compareKey(false); return nil }
	k.CompareWhat = n(action.GroupLearner, "L", "what is compared", "L")
	k.CompareWhat.Off = func() string {
		if m.cmp != nil {
			return ""
		}
		return "L chooses what comparison mode compares (the perceptron with the SVM, or two kernels): | turns it on"
	}
	k.CompareWhat.Do = func(tea.KeyPressMsg) tea.Cmd { m.player.Stop(); m.compareKey(true); return nil }
	return k
}

// newSettingKeys makes a pair of keys for each pair the registry's
// settings name, in the registry's order ("<" ">" step C or λ, whichever
// the learner reads).
func newSettingKeys(m *Model) []settingKeys {
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
				st := p.read(m)
				if st == nil {
					var who []string
					for _, s := range p.Settings {
						who = append(who, s.Symbol+" is read by "+learn.ReadBy(s))
					}
					return strings.Join(who, "; ") + ": l cycles to them"
				}
				v := m.s.Options().Config.Params.Value(st)
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
				if st := p.read(m); st != nil {
					m.player.Stop()
					m.stepSetting(st, p.Up.Has(msg))
				}
				return nil
			}
		}
	}
	return out
}

// actions are every key of the program, in the order they are matched and
// listed: the open view's keys first (cross-validation, the quiz), then
// the player's, then the root's.
func (m *Model) actions() action.List {
	k := m.act
	list := append(action.List{}, m.player.Actions()...)
	list = append(list, m.quiz.ToggleAction(),
		k.Dataset, k.PrevDataset, k.FewerPoints, k.MorePoints, k.LessNoise, k.MoreNoise, k.Reseed, k.Standardize, k.Holdout,
		k.Approx, k.ApproxFewer, k.ApproxMore,
		k.Kernel, k.PrevKernel, k.ParamDown, k.ParamUp, k.Param2Down, k.Param2Up, k.Bias, k.Tie, k.Shuffle)
	list = append(list, k.Turns[:]...)
	list = append(list, k.Up, k.Down, k.Left, k.Right, k.NextSV, k.Goto, k.AddPos, k.AddNeg, k.Delete, k.Save, k.Reproduce, k.Figure)
	list = append(list, mouseHelp...)
	list = append(list, k.Panel, k.OnlySV, k.Feature, k.Update, k.Spectrum, m.cv.ToggleAction(), k.Passes, k.Big, k.Mono, m.quiz.EscAction(), k.Cancel, k.Help, k.Quit, k.Learner)
	for _, p := range k.Settings {
		list = append(list, p.Down, p.Up)
	}
	return append(list, k.Ensemble, k.Compare, k.CompareWhat)
}

// mouseHelp are the full help's lines for the mouse, which no key does.
var mouseHelp = func() []*action.Action {
	var out []*action.Action
	for _, h := range [][2]string{{"click", "add a +1 point"}, {"r-click", "add a −1 point"}, {"m-click", "delete nearest"}} {
		out = append(out, action.New(action.GroupEdit, h[0], h[1], "mouse:"+h[0]))
	}
	return out
}()

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
