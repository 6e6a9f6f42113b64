package files

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/datasets"
	"kernelscope/figure"
	"kernelscope/internal/safetext"
)

// FigureMsg reports a figure written by F.
type FigureMsg struct {
	path string
	t    int
	err  error
}

// writeFigure draws the current state as `kernelscope plot` would (the
// same figure package: heat map, boundary, points, support vectors, the
// next example, framed as plot frames the data) to a new PNG in the
// working directory, kernelscope-NAME-stepT.png or the first free -k name,
// in a command so the UI does not wait. The learner is frozen first:
// training may go on while the figure is drawn.
func (f *Model) writeFigure() tea.Cmd {
	s := f.s
	l := s.Learner()
	o := s.Options()
	train, test := o.Split()
	acc, ok := s.TestAccuracy() // cached: no kernel sums here
	if !ok {
		acc = math.NaN()
	}
	spec := figure.OfScored(l, train, test, datasets.ViewOf(o.Points), s.Name(), acc)
	spec.Axes[0], spec.Axes[1] = s.Snapshot().AxisNames()
	spec.OneD = o.OneD()
	stem := strings.TrimSuffix(filepath.Base(s.Name()), "*")
	stem = strings.TrimSuffix(stem, filepath.Ext(stem)) + fmt.Sprintf("-step%d", l.T())
	t := l.T()
	return func() tea.Msg {
		path, err := datasets.SaveNewFile(".", stem, ".png", func(w io.Writer) error {
			return figure.Write(context.Background(), w, "png", spec, figure.DefaultSize, nil)
		})
		return FigureMsg{path: path, t: t, err: err}
	}
}

// figureWritten says where the figure went.
func (f *Model) figureWritten(msg FigureMsg) {
	if msg.err != nil {
		f.host.Say("the figure was not written: " + msg.err.Error())
		return
	}
	f.host.Say(fmt.Sprintf("figure of step %d written to %s (1200×1200 PNG; kernelscope plot writes SVG and PDF too)", msg.t, safetext.Clean(msg.path)))
}
