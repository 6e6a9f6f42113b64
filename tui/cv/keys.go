package cv

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/action"
)

// keys are the view's actions: Toggle (X) is the program's, in its list;
// the others act while the view is open, before the program's keys.
type keys struct {
	toggle                                                                *action.Action
	run, apply, Close, param, lower, higher, narrower, wider, fewer, more *action.Action
}

// groupCV is the full help's heading of the view's keys.
const groupCV = "cross-validation"

func newKeys(v *Model) keys {
	n := action.New
	k := keys{
		toggle:   n(action.GroupView, "X", "cross-validation", "X"),
		run:      n(groupCV, "enter", "run", "enter"),
		apply:    n(groupCV, "a", "use the best", "a"),
		Close:    n(groupCV, "esc", "close (cancels)", "esc", "X"),
		param:    n(groupCV, "tab", "next parameter", "tab"),
		lower:    n(groupCV, "[", "range lower", "["),
		higher:   n(groupCV, "]", "range higher", "]"),
		narrower: n(groupCV, "{", "range narrower", "{"),
		wider:    n(groupCV, "}", "range wider", "}"),
		fewer:    n(groupCV, "-", "fewer folds", "-"),
		more:     n(groupCV, "+", "more folds", "+", "="),
	}
	k.toggle.Do = func(tea.KeyPressMsg) tea.Cmd { return v.toggle() }
	k.run.Do = func(tea.KeyPressMsg) tea.Cmd { return v.run() }
	k.apply.Do = func(tea.KeyPressMsg) tea.Cmd { v.apply(); return nil }
	k.Close.Do = func(tea.KeyPressMsg) tea.Cmd {
		v.close()
		v.host.Say("the region again")
		return nil
	}
	k.param.Do = func(tea.KeyPressMsg) tea.Cmd { return v.nextParam() }
	shift := func(msg tea.KeyPressMsg) tea.Cmd {
		v.values = shiftRange(v.param, v.values, k.higher.Has(msg))
		return v.run()
	}
	k.lower.Do, k.higher.Do = shift, shift
	scale := func(msg tea.KeyPressMsg) tea.Cmd {
		v.values = scaleRange(v.param, v.values, k.wider.Has(msg))
		return v.run()
	}
	k.narrower.Do, k.wider.Do = scale, scale
	folds := func(msg tea.KeyPressMsg) tea.Cmd {
		f := v.folds - 1
		if k.more.Has(msg) {
			f = v.folds + 1
		}
		v.folds = min(max(f, 2), 20)
		return v.run()
	}
	k.fewer.Do, k.more.Do = folds, folds
	for i, a := range k.open() {
		a.Short = i + 1
	}
	return k
}

// open are the keys the open view answers, in the one-line help's order.
func (k keys) open() action.List {
	return action.List{k.run, k.apply, k.Close, k.param, k.lower, k.higher, k.narrower, k.wider, k.fewer, k.more}
}

// ToggleAction is X, which opens and closes the view: the program lists
// it with its own keys.
func (v *Model) ToggleAction() *action.Action { return v.keys.toggle }

// Keys are the keys the open view answers before the program's; its
// one-line help while it is open.
func (v *Model) Keys() action.List { return v.keys.open() }
