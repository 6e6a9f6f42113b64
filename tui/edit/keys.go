package edit

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"kernelscope/learn"
	"kernelscope/tui/action"
)

// LineWhy is why ↑ and ↓ do nothing on points on a line.
const LineWhy = "the points lie on a line: the cursor moves along it, ← →"

// keys are the cursor and editing actions by name.
type keys struct {
	up, down, left, right, nextSV, Goto, addPos, addNeg, Delete *action.Action
}

func newKeys(e *Model) keys {
	var k keys
	n := action.New
	cursor := func() string {
		if e.region.HasPlot() {
			return ""
		}
		return "no plot to put a point on at this size: make the terminal larger"
	}
	arrows := &action.Line{Key: "↑↓←→", Desc: "move cursor (⇧ ×5)"}
	dirs := []**action.Action{&k.up, &k.down, &k.left, &k.right}
	for i, d := range []struct{ name, help, desc string }{
		{"up", "↑", "cursor up (⇧ ×5)"}, {"down", "↓", "cursor down (⇧ ×5)"},
		{"left", "←", "cursor left (⇧ ×5)"}, {"right", "→", "cursor right (⇧ ×5)"},
	} {
		a := n(action.GroupEdit, d.help, d.desc, d.name, "shift+"+d.name)
		a.Line, a.Off = arrows, cursor
		if i < 2 {
			a.Off = func() string {
				if e.s.Options().OneD() {
					return LineWhy
				}
				return cursor()
			}
		}
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd { e.region.MoveCursor(msg.String()); return nil }
		*dirs[i] = a
	}
	k.nextSV = n(action.GroupEdit, "v", "cursor to next SV", "v")
	k.nextSV.Off = func() string {
		if why := cursor(); why != "" {
			return "no plot to put the cursor on at this size: make the terminal larger"
		}
		if len(e.s.Learner().SupportVectors()) == 0 {
			return "no support vectors yet: they appear with the first mistake"
		}
		return ""
	}
	k.nextSV.Do = func(tea.KeyPressMsg) tea.Cmd {
		if j := e.region.ToNextSupportVector(); j >= 0 {
			e.host.Say(fmt.Sprintf("cursor on support vector x%s (α%s = %s)", learn.Sub(j+1), learn.Sub(j+1), learn.Num(e.s.Learner().Alpha(j))))
		} else {
			e.host.Say("no support vector in view yet")
		}
		return nil
	}
	k.Goto = n(action.GroupEdit, "0–9", "jump to xᵢ (type i)", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
	k.Goto.Off = func() string {
		switch {
		case e.s.Learner().N() == 0:
			return "no examples to put the cursor on"
		case cursor() != "":
			return "no plot to put the cursor on at this size: make the terminal larger"
		}
		return ""
	}
	k.Goto.Do = func(msg tea.KeyPressMsg) tea.Cmd { e.goTo(msg.String()); return nil }
	k.addPos = n(action.GroupEdit, "o", "add +1 point here", "o")
	k.addNeg = n(action.GroupEdit, "x", "add −1 point here", "x")
	add := func() string {
		if e.s.Options().Holdout.On() {
			return holdoutWhy
		}
		if e.s.Full() {
			return e.s.ErrFullNow().Error()
		}
		return cursor()
	}
	k.addPos.Off, k.addNeg.Off = add, add
	for _, a := range []*action.Action{k.addPos, k.addNeg} {
		a.Do = func(msg tea.KeyPressMsg) tea.Cmd {
			e.host.StopPlayer()
			if e.askBeforeEdit("press " + msg.String() + " again") {
				return nil
			}
			y := -1
			if k.addPos.Has(msg) {
				y = 1
			}
			e.addAtCursor(y)
			return nil
		}
	}
	// ctrl+h is backspace where the terminal sends BS for it (PuTTY's
	// "Backspace key: Control-H").
	k.Delete = n(action.GroupEdit, "del", "delete nearest", "delete", "backspace", "ctrl+h")
	k.Delete.Off = func() string {
		switch {
		case e.s.Options().Holdout.On():
			return holdoutWhy
		case cursor() != "":
			return cursor()
		case len(e.s.Options().Points) == 0:
			return "no points to delete"
		}
		return ""
	}
	k.Delete.Do = func(msg tea.KeyPressMsg) tea.Cmd {
		e.host.StopPlayer()
		if _, _, on := e.region.Cursor(); on && e.askBeforeEdit("press "+msg.String()+" again") {
			return nil
		}
		e.deleteAtCursor()
		return nil
	}
	return k
}
