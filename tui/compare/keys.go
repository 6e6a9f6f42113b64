package compare

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/tui/action"
)

// keys are comparison mode's actions, both in the program's list: Toggle
// (|) turns it on and off, What (L) chooses what it compares.
type keys struct {
	toggle, what *action.Action
}

func newKeys(v *Model) keys {
	k := keys{
		toggle: action.New(action.GroupLearner, "|", "comparison mode", "|"),
		what:   action.New(action.GroupLearner, "L", "what is compared", "L"),
	}
	k.toggle.Do = func(tea.KeyPressMsg) tea.Cmd { v.host.StopPlayer(); v.toggle(); return nil }
	k.what.Off = func() string {
		if v.on {
			return ""
		}
		return "L chooses what comparison mode compares (the perceptron with the SVM, or two kernels): | turns it on"
	}
	k.what.Do = func(tea.KeyPressMsg) tea.Cmd { v.host.StopPlayer(); v.switchWhat(); return nil }
	return k
}

// ToggleAction is |, which turns comparison mode on and off.
func (v *Model) ToggleAction() *action.Action { return v.keys.toggle }

// Actions are | and L, in the order the program lists them.
func (v *Model) Actions() action.List { return action.List{v.keys.toggle, v.keys.what} }
