package tui

import (
	"cmp"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"kernelscope/internal/heavy"
	"kernelscope/lab"
	"kernelscope/tui/common"
	"kernelscope/tui/cv"
	"kernelscope/tui/feature"
	"kernelscope/tui/files"
	"kernelscope/tui/panels"
	"kernelscope/tui/player"
	"kernelscope/tui/region"
)

// refreshPanels brings what the panels draw up to date with the session:
// the region's cached drawing (both regions' in comparison mode), the
// narration's message and probe (the quiz's verdict and question while it
// is on), the status's note. Update calls it, so View only reads.
func (m *Model) refreshPanels() {
	m.region.Refresh()
	m.compare.Refresh()
	m.cv.Refresh()
	m.quiz.Refresh()
	m.narrate()
}

// narrate gives the narration the root's message and the cursor's probe
// (the quiz's verdict and question while it is on), and the status the
// quiz's score: the layout measures the narration's lines before drawing.
func (m *Model) narrate() {
	m.narration.Message, m.narration.Probe = m.message, m.edit.Probe()
	m.narration.Loud = m.quiz.On()
	m.status.Quiz, m.status.QuizShort = m.seat.QuizStatus()
	if m.status.Quiz == "" {
		m.status.Quiz, m.status.QuizShort = m.quiz.Status()
	}
	m.status.Class, m.status.ClassShort = m.seat.Status()
	m.status.Away = m.seat.Away() || m.seat.Left()
	m.status.Following = m.seat.Guest() && !m.seat.Away()
	if m.quiz.On() {
		m.narration.Message, m.narration.Probe = cmp.Or(m.message, m.quiz.Verdict()), m.quiz.View()
	}
}

// route hands a message to the part of the program it is for.
func (m *Model) route(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.seat.Update(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case tea.EnvMsg:
		// The session's environment: over SSH, the client's, not the
		// server's.
		if msg.Getenv("NO_COLOR") != "" && !m.noColor {
			m.noColor = true
			m.setTheme()
		}
	case tea.WindowSizeMsg:
		// Update sizes the panels and the fields after every message.
		m.width, m.height = max(0, msg.Width), max(0, msg.Height)
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.setTheme()
	case tea.ColorProfileMsg:
		// The terminal's profile at start, its upgrade to 24-bit colour,
		// or the one C chose (Bubble Tea's renderer draws in it from
		// now): a profile without colours is color-free mode, one with
		// them ends it (unless m or NO_COLOR holds it).
		first, changed := !m.profileSeen, msg.Profile != m.profile
		m.profileSeen, m.profile = true, msg.Profile
		m.setTheme()
		switch {
		case first && m.seat != nil && !m.classColors && common.HasColor(m.profile) && m.profile != colorprofile.TrueColor:
			// Over SSH the client's TERM comes, its COLORTERM does not:
			// ask the terminal itself whether it takes 24-bit colour
			// (Bubble Tea upgrades the profile on a yes and says so).
			// At the first profile only: asked after a C, a yes would
			// undo the student's choice.
			return tea.Batch(tea.RequestCapability("RGB"), tea.RequestCapability("Tc"))
		case !first && changed:
			// The renderer writes only the cells that changed, and a cell
			// of a lipgloss style is the same cell in any profile: drawn
			// whole again, the borders and text leave the old profile too.
			return tea.ClearScreen
		}
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseMotionMsg, tea.MouseReleaseMsg:
		if m.featureOn && !m.seat.Who().Open() {
			m.feature.Mouse(msg.(tea.MouseMsg))
		}
	case tea.MouseClickMsg:
		if m.showHelp || m.seat.Who().Open() {
			return nil // nothing behind the help or the list of who watches is clicked
		}
		if m.featureOn && !m.regionHidden() {
			m.feature.Mouse(msg)
			return nil
		}
		m.edit.Observe(msg)
		m.confirm = ""
		m.files.Forget()
		m.click(msg.Mouse())
	case player.TickMsg, player.RunMsg:
		return m.player.Update(msg)
	case feature.FeatureMsg:
		return m.feature.Update(msg)
	case cv.ProgressMsg, cv.DoneMsg:
		return m.cv.Update(msg)
	case panels.MercerMsg:
		return m.gram.Update(msg)
	case fieldMsg:
		if r := lab.FieldResult(msg); r.Owner() != nil {
			return fieldCmd(r.Owner().FieldReady(r))
		}
	case region.ApproxMsg:
		m.region.Approx.Ready(msg)
	case endedMsg:
		return m.ended(msg)
	case files.RecordingMsg:
		cmd := m.files.Update(msg)
		if m.quitAfterRec {
			// q while recording: quit once the recording is written (if
			// it could not be, the program stays, saying why).
			m.quitAfterRec = false
			if msg.Written() {
				m.quitting = true
				return tea.Quit
			}
		}
		return cmd
	case files.PointsSavedMsg, files.SessionSavedMsg, files.FigureMsg:
		return m.files.Update(msg)
	}
	return nil
}

// click answers a mouse button on the region (or comparison mode's right
// pane, on the same grid): editing adds or deletes a point there.
func (m *Model) click(ms tea.Mouse) {
	cx, cy, ok := m.region.Hit(ms.X, ms.Y)
	if !ok && m.compare.On() {
		cx, cy, ok = m.compare.Hit(ms.X, ms.Y)
	}
	if ok && !m.regionHidden() && !m.cv.Open() {
		m.edit.Click(ms.Button, cx, cy)
	}
}

// handleKey answers a key: a pending question (which save, the
// cross-validation view, the quiz) first, then the action the key is
// bound to (package action), or why that action does nothing now.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	m.message = ""
	m.confirmed, m.confirm = m.confirm, ""
	m.edit.Observe(msg)
	if m.files.Asking() {
		return m.files.Answer(msg)
	}
	if m.showHelp && !m.helpKey(msg) {
		// The help covers the screen: a key acts on nothing behind it
		// (the cursor would move unseen); it closes the help.
		m.showHelp = false
		return nil
	}
	if who := m.seat.Who(); who.Open() && !m.showHelp {
		// The list of who is watching covers the screen, as the help
		// does: its keys act, ? opens the help over it, q closes it and
		// quits as ever (or asks first, on screen), and any other key
		// closes it only (it would act unseen behind it).
		if cmd, _, ok := who.Keys().Handle(msg); ok {
			return cmd
		}
		if !key.Matches(msg, m.keys.Help.Binding) {
			who.Close()
			if !key.Matches(msg, m.keys.Quit.Binding) {
				return nil
			}
		}
	}
	if m.cv.Open() {
		if cmd, _, ok := m.cv.Keys().Handle(msg); ok {
			return cmd
		}
	}
	if m.quiz.On() {
		if cmd, why, ok := m.quiz.Keys().Handle(msg); ok {
			m.message = cmp.Or(why, m.message) // an answer refused says why
			return cmd
		}
	}
	cmd, why, _ := m.list.Handle(msg)
	if why != "" {
		m.message = why
	}
	if note := m.player.TakeNote(); note != "" {
		m.message = note
	}
	return cmd
}

// helpKey reports whether msg is one of the keys that act while the help
// is open: ? and esc close it, q quits.
func (m *Model) helpKey(msg tea.KeyPressMsg) bool {
	k := m.keys
	return key.Matches(msg, k.Help.Binding, k.Cancel.Binding, k.Quit.Binding)
}

// syncKeys enables exactly the keys that act now, so that help never
// offers one that does nothing; the quiz's keys follow its question.
func (m *Model) syncKeys() {
	m.list.Sync()
	m.quiz.Sync()
}

// fieldMsg is a field computed off the UI path.
type fieldMsg lab.FieldResult

// fieldCmd runs a field job off the UI path (nil for none).
func fieldCmd(job lab.FieldJob) tea.Cmd {
	if job == nil {
		return nil
	}
	return func() tea.Msg { return fieldMsg(heavy.Do(job)) }
}
