package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"kernelscope/notation"
	"kernelscope/tui/action"
	"kernelscope/tui/common"
	"kernelscope/tui/edit"
)

// The program's keys, each an action (package action): its binding, why
// it does nothing now, and what it does. The one-line help, the full
// help, the answer to a key that does nothing and the dispatch are all
// made from them.

// keyActions are the root's actions by name (the player's are its own,
// playerKeys), and the setting keys, a pair for each pair of keys the
// learners' settings name.
type keyActions struct {
	// Turns are the arrows while the feature view is on: they turn it.
	Turns [4]*action.Action

	Panel, OnlySV, Feature, Update, Spectrum, Passes, Big, Mono, Colors, Cancel, Help, Quit *action.Action
}

// flatWhy is why the arrows do nothing over the feature view of points on
// a line: its plane does not turn.
const flatWhy = "the plane (x, x²) of points on a line is flat: there is nothing to turn (f shows the region, where ← → move the cursor along the line)"

// newKeyActions declares the root's keys, and the rules by which the
// program holds its components' keys (approx: the region's ~ , .); the
// handlers and the reasons are the model's.
func newKeyActions(m *Model, approx action.List) *keyActions {
	k := &keyActions{}
	n := action.New

	// The arrows turn the feature view while it is on (before they move
	// the cursor).
	for i, d := range []struct{ name, help string }{{"up", "↑"}, {"down", "↓"}, {"left", "←"}, {"right", "→"}} {
		turn := n("", d.help, "turn the feature space", d.name, "shift+"+d.name)
		vertical := i < 2
		turn.Off = func() string {
			switch {
			case !m.featureOn && vertical && m.s.OneD():
				return edit.LineWhy // as the cursor's ↑ ↓ say, whose reason this comes before
			case !m.featureOn:
				return "the feature view is off"
			case m.feature.Flat():
				return flatWhy
			}
			return ""
		}
		turn.Do = func(msg tea.KeyPressMsg) tea.Cmd { m.feature.TurnKey(msg.String()); return nil }
		k.Turns[i] = turn
	}

	// The view.
	single := func() string {
		if !m.compare.On() {
			return ""
		}
		return "comparison mode shows two regions in place of the panels: | ends it"
	}
	k.Panel = n(action.GroupView, "g", "next panel", "g")
	k.Panel.Short = 1
	k.Panel.Off = func() string {
		switch {
		case m.compare.On():
			return single()
		case m.strip():
			return "α and the whole Gram matrix are beside the region (a small example); g shows one panel at a time in a narrower terminal and in projector mode (B)"
		case !m.narrow():
			return "every panel is on screen; g switches between them in a terminal narrower than 100×24 and in projector mode (B)"
		}
		return ""
	}
	k.Panel.Do = func(tea.KeyPressMsg) tea.Cmd { m.show = (m.show + 1) % numShows; return nil }
	k.Feature = n(action.GroupView, "f", "feature space φ(x)", "f")
	k.Feature.Off = single
	k.Feature.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.featureOn = !m.featureOn
		m.message = "the region again"
		switch {
		case m.featureOn && m.feature.Flat():
			m.message = "feature space: each point x lifted to (x, x²) on the parabola, the boundary w·φ = 0 a straight line in that plane; f shows the region again"
		case m.featureOn:
			m.message = "feature space: each point xᵢ as φ(xᵢ), the boundary as the plane w·φ = 0; ←→↑↓ or a mouse drag turn it, f shows the region again"
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
		case m.compare.On():
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
	k.OnlySV, k.Update, k.Spectrum = m.alpha.OnlySVAction(host{m}), m.region.UpdateAction(host{m}), m.gram.SpectrumAction(host{m})
	k.OnlySV.Guard(single)
	k.Spectrum.Guard(single)
	// In a narrow terminal the panel a key changes comes to the front
	// (M the spectrum in the Gram panel's place, V the α panel), and M
	// again goes back to the region.
	bringForward := func(a *action.Action, show int) {
		do := a.Do
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			cmd := do(msg)
			if m.narrow() {
				if m.show == show {
					m.show = showRegion
				} else {
					m.show = show
				}
			}
			return cmd
		}
	}
	bringForward(k.Spectrum, showGram)
	bringForward(k.OnlySV, showAlpha)
	k.Update.Guard(func() string {
		if m.compare.On() {
			return "comparison mode shows two regions in place of the update view: | ends it"
		}
		return ""
	})
	for i, a := range approx {
		why := "comparison mode shows two learners, and no approximate boundary: | ends it"
		if i == 0 {
			why = "comparison mode shows two learners: the approximate boundary f̃ overlays one region; | ends it"
		}
		a.Guard(func() string {
			if m.compare.On() {
				return why
			}
			return ""
		})
	}
	// Over the flat plane (x, x²) the arrows neither turn it nor move the
	// region's cursor behind it.
	for _, a := range m.edit.Actions()[:4] {
		a.Guard(func() string {
			if m.featureOn && m.feature.Flat() {
				return flatWhy
			}
			return ""
		})
	}
	m.controls.FewerPoints().Guard(func() string {
		if m.quiz.On() {
			return "n answers the quiz's question (no); Q leaves the quiz first"
		}
		return ""
	})
	m.controls.Ensemble().Guard(func() string {
		if m.compare.On() {
			return "comparison mode shows each learner's own function: | ends it"
		}
		return ""
	})
	k.Passes = n(action.GroupView, "P", "passes chart", "P")
	k.Passes.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.noPasses = !m.noPasses
		m.message = map[bool]string{true: "the chart of mistakes per pass is hidden (P shows it)", false: "mistakes per pass: bars reaching 0 is convergence; bars that never do, on data that is not separable, are the perceptron cycling"}[m.noPasses]
		if l := m.layout; !m.noPasses && l.sideW > 0 && l.passesH == 0 {
			m.message = "no room for the chart of mistakes per pass beside the α and Gram panels at this height: a taller terminal shows it"
			if m.s.Passer() == nil {
				m.message = m.s.Kind().Title + " makes no passes: each step updates a pair"
			}
		}
		return nil
	}
	k.Big = n(action.GroupView, "B", "projector mode", "B")
	k.Big.Do = func(tea.KeyPressMsg) tea.Cmd {
		m.big = !m.big
		m.message = map[bool]string{true: "projector mode: big markers, [+] [−] support vectors, a thick boundary; g shows α and Gram", false: "projector mode off"}[m.big]
		if m.big && m.controls.ShowsBoxed() {
			m.message = "projector mode: big markers, [+] [−] support vectors on the margin, {+} {−} at C, a thick boundary; g shows α and Gram"
		}
		return nil
	}
	k.Mono = n(action.GroupView, "m", "color-free mode", "m")
	k.Mono.Do = func(tea.KeyPressMsg) tea.Cmd {
		switch {
		case m.noColor:
			m.message = "color-free mode stays on: NO_COLOR is set (+ − are classes, ⊕ ⊖ support vectors, · the +1 side, • the boundary)"
			return nil
		case !common.HasColor(m.profile):
			m.message = "color-free mode stays on: the program draws in no colour (C tries 24-bit colour, then 256 and 16)"
			return nil
		}
		m.mono = !m.mono
		m.setTheme()
		m.message = map[bool]string{true: "color-free mode: + − are classes, ⊕ ⊖ support vectors, · the +1 side, • the boundary", false: "colors on"}[m.mono]
		if m.mono && m.controls.ShowsBoxed() {
			m.message = "color-free mode: + − are classes, ⊕ ⊖ support vectors on the margin, ⊞ ⊟ at C, · the +1 side, • the boundary f = 0, ○ the margin f = +1, ◇ f = −1"
		}
		return nil
	}
	// C tries the next colour profile, for this program only: what the
	// terminal said (its TERM, over SSH without COLORTERM) may be fewer
	// colours than it shows, or more. Bubble Tea's renderer draws in the
	// profile of the ColorProfileMsg it passes on, and the model follows
	// it (update.go). A view: a follower stays with the lecture.
	k.Colors = n(action.GroupView, "C", "next color profile", "C")
	// One line of the full help for both, which then fits 80×24.
	colors := &action.Line{Key: "m C", Desc: "no color / colors"}
	k.Mono.Line, k.Colors.Line = colors, colors
	k.Colors.Off = func() string {
		if m.noColor {
			return "NO_COLOR is set: the program stays color-free"
		}
		return ""
	}
	k.Colors.Do = func(tea.KeyPressMsg) tea.Cmd {
		next := common.NextColors(m.profile)
		m.message = next.Words + " now"
		switch {
		case !common.HasColor(next.Profile):
			m.message += " (color-free mode)"
		case m.mono:
			m.message += " (m ends color-free mode)"
		}
		if m.seat != nil {
			m.message += ", on your screen only"
		}
		m.message += "; C tries " + common.NextColors(next.Profile).Words + " next"
		return func() tea.Msg { return tea.ColorProfileMsg{Profile: next.Profile} }
	}
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
		if m.s.Unsaved() && m.confirmed != "quit" && !m.seat.Guest() {
			m.player.Stop()
			m.confirm = "quit"
			m.message = fmt.Sprintf("%s of yours %s not saved: press %s again to quit without them, or w to save them first", notation.Count(len(m.s.Yours().Points), "point"), map[bool]string{true: "is", false: "are"}[len(m.s.Yours().Points) == 1], msg.String())
			return nil
		}
		if cmd := m.files.FinishRecording(); cmd != nil {
			// What was recorded is written first (update.go quits then).
			m.player.Stop()
			m.quitAfterRec = true
			m.message = "writing the recording, then quitting"
			return cmd
		}
		m.quitting = true
		return tea.Quit
	}

	// The learner and comparison.
	m.compare.ToggleAction().Guard(quizzing)
	return k
}

// actions are every key of the program, in the order they are matched and
// listed: the open view's keys first (cross-validation, the quiz), then
// the player's, then the root's.
func (m *Model) actions() action.List {
	approx := m.region.Approx.Actions(m.s, host{m})
	k := newKeyActions(m, approx)
	m.keys = k
	list := append(action.List{}, m.player.Actions()...)
	list = append(list, m.quiz.ToggleAction())
	list = append(list, m.controls.DataActions()...)
	list = append(list, approx...)
	list = append(list, m.controls.KernelActions()...)
	list = append(list, k.Turns[:]...)
	list = append(list, m.edit.Actions()...)
	list = append(list, m.files.Actions()...)
	list = append(list, edit.MouseHelp()...)
	list = append(list, k.Panel, k.OnlySV, k.Feature, k.Update, k.Spectrum, m.cv.ToggleAction(), k.Passes, k.Big, k.Mono, k.Colors, m.quiz.EscAction(), k.Cancel, k.Help, k.Quit)
	list = append(list, m.controls.LearnerActions()...)
	list = append(list, m.seat.Actions()...)
	return append(list, m.compare.Actions()...)
}
