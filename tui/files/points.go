package files

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/notation"
)

// PointsSavedMsg reports the points written by w c.
type PointsSavedMsg struct {
	path    string
	n       int
	version int // the edit version of the points written
	err     error
}

// savePoints writes the current points to a new CSV file in the working
// directory, kernelscope-NAME.csv or the first free kernelscope-NAME-k.csv,
// in a command so the UI does not wait. It never replaces a file: the name
// is taken by creating it exclusively (datasets.SaveNew).
func (f *Model) savePoints() tea.Cmd {
	pts := append([]datasets.Point(nil), f.s.Options().Points...)
	base := f.s.FileStem()
	version := f.s.EditVersion()
	return func() tea.Msg {
		path, err := datasets.SaveNew(".", base, pts)
		return PointsSavedMsg{path: path, n: len(pts), version: version, err: err}
	}
}

// pointsSaved says where the points went; they count as saved (q no
// longer asks) unless they were edited since.
func (f *Model) pointsSaved(msg PointsSavedMsg) {
	if msg.err != nil {
		f.host.Say("save failed, nothing was written: " + msg.err.Error())
		return
	}
	f.s.Saved(msg.version)
	f.host.Say(fmt.Sprintf("saved %s to %s", notation.Count(msg.n, "point"), safetext.Clean(msg.path)))
}
