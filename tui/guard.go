package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
)

// PanicError is a panic caught in the terminal program: a bug, ended
// cleanly (terminal restored, one line said) instead of with a stack trace.
type PanicError struct{ Value any }

func (e *PanicError) Error() string {
	return fmt.Sprintf("internal error: %v (the terminal program stopped; please report this with the command you ran)", e.Value)
}

// guard wraps the root model: a panic in Update, View or a command it
// returned is caught, remembered, and ends the program through tea.Quit, so
// Bubble Tea restores the terminal and Run returns a *PanicError. Bubble
// Tea's own catcher would print a stack trace to the terminal instead.
type guard struct {
	m    tea.Model
	err  *PanicError
	quit func() // asks the program to quit from outside the event loop
}

// panicMsg carries a panic out of a command.
type panicMsg struct{ value any }

func (g *guard) Init() tea.Cmd { return guardCmd(g.m.Init()) }

func (g *guard) Update(msg tea.Msg) (model tea.Model, cmd tea.Cmd) {
	if g.err != nil {
		return g, tea.Quit
	}
	if pm, ok := msg.(panicMsg); ok {
		g.err = &PanicError{pm.value}
		return g, tea.Quit
	}
	defer func() {
		if r := recover(); r != nil {
			g.err = &PanicError{r}
			model, cmd = g, tea.Quit
		}
	}()
	_, cmd = g.m.Update(msg)
	return g, guardCmd(cmd)
}

func (g *guard) View() (v tea.View) {
	if g.err != nil {
		return tea.NewView("")
	}
	defer func() {
		if r := recover(); r != nil {
			g.err = &PanicError{r}
			v = tea.NewView("")
			if g.quit != nil {
				// View runs in the event loop: quit from outside it.
				go g.quit()
			}
		}
	}()
	return g.m.View()
}

// guardCmd runs cmd, turning a panic into a panicMsg; the commands of a
// batch it returns are guarded too. (The program uses no tea.Sequence,
// whose message type Bubble Tea keeps unexported.)
func guardCmd(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				msg = panicMsg{r}
			}
		}()
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			for i, c := range msg {
				msg[i] = guardCmd(c)
			}
			return msg
		default:
			return msg
		}
	}
}
