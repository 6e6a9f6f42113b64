package cv

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/action"
)

// keys are the view's actions: Toggle (X) is the program's, in its list;
// the others act while the view is open, before the program's keys.
type keys struct {
	Toggle                                                                *action.Action
	Run, Apply, Close, Param, Lower, Higher, Narrower, Wider, Fewer, More *action.Action
}

// GroupCV is the full help's heading of the view's keys.
const GroupCV = "cross-validation"

func newKeys(v *Model) keys {
	n := action.New
	k := keys{
		Toggle:   n(action.GroupView, "X", "cross-validation", "X"),
		Run:      n(GroupCV, "enter", "run", "enter"),
		Apply:    n(GroupCV, "a", "use the best", "a"),
		Close:    n(GroupCV, "esc", "close (cancels)", "esc", "X"),
		Param:    n(GroupCV, "tab", "next parameter", "tab"),
		Lower:    n(GroupCV, "[", "range lower", "["),
		Higher:   n(GroupCV, "]", "range higher", "]"),
		Narrower: n(GroupCV, "{", "range narrower", "{"),
		Wider:    n(GroupCV, "}", "range wider", "}"),
		Fewer:    n(GroupCV, "-", "fewer folds", "-"),
		More:     n(GroupCV, "+", "more folds", "+", "="),
	}
	k.Toggle.Do = func(tea.KeyPressMsg) tea.Cmd { return v.toggle() }
	k.Run.Do = func(tea.KeyPressMsg) tea.Cmd { return v.run() }
	k.Apply.Do = func(tea.KeyPressMsg) tea.Cmd { v.apply(); return nil }
	k.Close.Do = func(tea.KeyPressMsg) tea.Cmd {
		v.close()
		v.host.Say("the region again")
		return nil
	}
	k.Param.Do = func(tea.KeyPressMsg) tea.Cmd { return v.nextParam() }
	shift := func(msg tea.KeyPressMsg) tea.Cmd {
		v.values = shiftRange(v.param, v.values, k.Higher.Has(msg))
		return v.run()
	}
	k.Lower.Do, k.Higher.Do = shift, shift
	scale := func(msg tea.KeyPressMsg) tea.Cmd {
		v.values = scaleRange(v.param, v.values, k.Wider.Has(msg))
		return v.run()
	}
	k.Narrower.Do, k.Wider.Do = scale, scale
	folds := func(msg tea.KeyPressMsg) tea.Cmd {
		f := v.folds - 1
		if k.More.Has(msg) {
			f = v.folds + 1
		}
		v.folds = min(max(f, 2), 20)
		return v.run()
	}
	k.Fewer.Do, k.More.Do = folds, folds
	for i, a := range k.open() {
		a.Short = i + 1
	}
	return k
}

// open are the keys the open view answers, in the one-line help's order.
func (k keys) open() action.List {
	return action.List{k.Run, k.Apply, k.Close, k.Param, k.Lower, k.Higher, k.Narrower, k.Wider, k.Fewer, k.More}
}

// ToggleAction is X, which opens and closes the view: the program lists
// it with its own keys.
func (v *Model) ToggleAction() *action.Action { return v.keys.Toggle }

// Keys are the keys the open view answers before the program's; its
// one-line help while it is open.
func (v *Model) Keys() action.List { return v.keys.open() }
