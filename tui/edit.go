package tui

import (
	"fmt"
	"math"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// Editing the points by hand: o, x and del at the cursor, clicks, and w,
// which saves them. Edited points become the user's own data (session.edit).

// askBeforeEdit asks for a second press before an edit that would replace
// unsaved points of other data (editing makes the shown data yours), and
// reports whether it asked. confirm is what the previous key asked for.
func (m *Model) askBeforeEdit(confirm, again string) bool {
	if !m.s.WouldReplaceYours() || confirm == "edit" {
		return false
	}
	m.confirm = "edit"
	m.message = fmt.Sprintf("editing these points makes them yours and drops your %d unsaved points: %s to go on, or d/D to go back to them and w to save", len(m.s.Yours().Points), again)
	return true
}

func (m *Model) addAtCursor(y int) {
	if !m.region.HasPlot() {
		return
	}
	m.region.ShowCursor()
	m.addAt(m.region.CursorX, m.region.CurY, y)
}

func (m *Model) addAt(cx, cy, y int) {
	x1, x2 := m.region.At(cx, cy)
	x1, x2 = roundCoord(x1), roundCoord(x2)
	kept, err := m.s.AddPoint(x1, x2, y)
	if err != nil {
		m.message = "could not add the point: " + err.Error()
		return
	}
	what := "α kept, training goes on and visits it this pass"
	if !kept {
		what = "α reset: the SVM solves its problem anew for the new data (c solves it)"
	}
	if t := m.compare.Twin(); t != nil {
		what += "; the " + t.LearnerName() + " beside it starts again from α = 0"
	}
	m.message = fmt.Sprintf("added (%s, %s) with y = %s (n = %d): %s", learn.Num(x1), learn.Num(x2), learn.Sign(y), len(m.s.Options().Points), what)
}

// roundCoord rounds a clicked coordinate to 3 decimals, so saved points
// read tidily, where that is still a change far below the cell size.
func roundCoord(v float64) float64 {
	if math.Abs(v) > 1e12 {
		return v
	}
	return math.Round(v*1000) / 1000
}

func (m *Model) deleteAtCursor() {
	if m.region.ShowCursor() {
		m.message = "move the cursor to a point and press del again"
		return
	}
	m.deleteAt(m.region.CursorX, m.region.CurY)
}

func (m *Model) deleteAt(cx, cy int) {
	x1, x2 := m.region.At(cx, cy)
	// Within two cells of the cursor.
	radius := 2 * (m.s.View().MaxX1 - m.s.View().MinX1) / float64(max(1, m.region.PlotW))
	if m.s.DeletePoint(x1, x2, radius) {
		m.message = fmt.Sprintf("deleted the point nearest (%s, %s): α reset (n = %d)", learn.Num(x1), learn.Num(x2), len(m.s.Options().Points))
	} else {
		m.message = "no point within two cells of the cursor"
	}
}

// handleClick adds a +1 point (left button) or a −1 point (right button) at
// the clicked cell of the plot; the middle button deletes the nearest.
func (m *Model) handleClick(ms tea.Mouse, confirm string) {
	cx, cy, ok := m.region.Hit(ms.X, ms.Y)
	if !ok {
		// The right pane of comparison mode is on the same grid.
		cx, cy, ok = m.compare.Hit(ms.X, ms.Y)
	}
	if !ok || m.regionHidden() || m.cv.Open() {
		return
	}
	if m.s.Options().Holdout.On() {
		// An edit would move rows across the split, as the keys say.
		m.message = holdoutEditWhy
		return
	}
	m.player.Stop()
	if m.askBeforeEdit(confirm, "click again") {
		return
	}
	m.region.CursorOn, m.region.CursorX, m.region.CurY = true, cx, cy
	switch ms.Button {
	case tea.MouseLeft:
		m.addAt(cx, cy, 1)
	case tea.MouseRight:
		m.addAt(cx, cy, -1)
	case tea.MouseMiddle:
		m.deleteAt(cx, cy)
	}
}

// save writes the current points to a new CSV file in the working
// directory, kernelscope-NAME.csv or the first free kernelscope-NAME-k.csv,
// in a command so the UI does not wait. It never replaces a file: the name
// is taken by creating it exclusively (datasets.SaveNew).
func (m *Model) save() tea.Cmd {
	pts := append([]datasets.Point(nil), m.s.Options().Points...)
	base := m.s.FileStem()
	version := m.s.EditVersion()
	return func() tea.Msg {
		path, err := datasets.SaveNew(".", base, pts)
		return savedMsg{path: path, n: len(pts), version: version, err: err}
	}
}
