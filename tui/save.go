package tui

import (
	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
)

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
