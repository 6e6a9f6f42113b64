package tui

import (
	"kernelscope/tui/common"

	"strings"

	"charm.land/bubbles/v2/help"
)

// panelKey is the key of a panel that follows training.
type panelKey struct {
	common.Trained
	w, h int
	th   *common.Theme
}

// helpLine is the one-line help, kept until the keys' help or what is
// enabled changes (help.Model measures every binding each time).
type helpLine struct {
	common.Memo[helpLineKey]
}

type helpLineKey struct {
	keys  uint64 // a hash of the bindings' help and enabled state
	w     int
	th    *common.Theme
	which int // whose keys: the root's, cross-validation's, the quiz's
}

// view is h.ShortHelpView of km, cut or padded to w cells.
func (l *helpLine) view(h help.Model, km help.KeyMap, which, w int, th *common.Theme) string {
	sum := uint64(common.FnvOffset)
	for _, b := range km.ShortHelp() {
		hp := b.Help()
		sum = common.FnvString(common.FnvString(common.FnvString(sum, hp.Key), "\x00"), hp.Desc)
		if b.Enabled() {
			sum = common.FnvString(sum, "\x01")
		}
	}
	key := helpLineKey{keys: sum, w: w, th: th, which: which}
	return l.Get(key, func() []string {
		h.SetWidth(w)
		return []string{common.Fit(h.View(km), w)}
	})[0]
}

// cached is the region panel's lines, drawn again only when the field,
// the points, the markers or the panel changed.
func (r *regionView) cached() []string {
	key := regionKey{
		panelKey: panelKey{common.TrainedOf(r.s), r.w, r.h, r.th},
		gen:      r.draw.gen, narrow: r.narrow, big: r.big, update: r.update, compare: r.compare,
		cursorOn: r.cursorOn, cursorX: r.cursorX, curY: r.curY, figures: r.figures,
		flash: r.s.Flashing(), held: len(r.s.Test().Points()), approx: r.approxState(),
	}
	key.focus, key.focus2 = r.s.FocusPair()
	return r.memo.Get(key, func() []string { return common.NonEmpty(r.lines()) })
}

type regionKey struct {
	panelKey
	gen                          int
	narrow, big, update, compare bool
	cursorOn                     bool
	cursorX, curY, flash, held   int
	focus, focus2                int
	figures                      string
	approx                       approxState
}

// cached is the α panel's lines.
func (a *alphaView) cached() []string {
	key := alphaKey{panelKey{common.TrainedOf(a.s), a.w, a.h, a.th}, a.onlySV}
	return a.memo.Get(key, func() []string { return common.NonEmpty(a.lines()) })
}

type alphaKey struct {
	panelKey
	onlySV bool
}

// cached is the chart's lines.
func (v *passesView) cached() []string {
	key := passesKey{panelKey{common.TrainedOf(v.s), v.w, v.h, v.th}, v.inks, len(v.s.Passes())}
	return v.memo.Get(key, func() []string { return strings.Split(v.View(), "\n") })
}

type passesKey struct {
	panelKey
	inks *common.ChartInks
	n    int
}

// gramOrSpectrumLines is gramOrSpectrum's lines, the Gram panel's kept
// until training, the panel or the Mercer check changes.
func (m *Model) gramOrSpectrumLines() []string {
	if m.showSpectrum {
		return strings.Split(m.spectrum.View(), "\n")
	}
	g := m.gram
	key := gramKey{panelKey{common.TrainedOf(g.s), g.w, g.h, g.th}, g.mercerFor, g.asked, g.mercer.text}
	return g.memo.Get(key, func() []string { return common.NonEmpty(g.lines()) })
}

type gramKey struct {
	panelKey
	mercerFor, asked int
	note             string
}
