package tui

import (
	"strings"

	"charm.land/bubbles/v2/help"

	"kernelscope/lab"
	"kernelscope/learn"
)

// memo keeps a panel's drawing until what it is drawn from changes: a
// frame redraws every panel, but most frames change one or two of them
// (a correct step moves the cursor of the α panel, a paused screen none),
// and drawing the others again costs more than the rest of the frame.
// The key must hold everything the drawing reads.
type memo[K comparable] struct {
	key   K
	valid bool
	lines []string
}

// get returns the drawing for key, drawing it when the kept one is for
// another key.
func (c *memo[K]) get(key K, draw func() []string) []string {
	if !c.valid || c.key != key {
		c.key, c.lines, c.valid = key, draw(), true
	}
	return c.lines
}

// trained says which state of training a drawing shows: a step, an undo,
// a reset, a rebuild (data, kernel, learner), an edit of the points, a
// change of the field, a raised cap or an error each change it.
type trained struct {
	built, version, t, epochs int
	state                     learn.State
	failed                    bool
	shown                     learn.EnsembleMember // what the region shows of the averaged and voted perceptrons
	computing                 bool
	view                      learn.Rect
}

func trainedOf(s *lab.Session) trained {
	return trained{
		built: s.Built(), version: s.Version(), t: s.Learner().T(), epochs: s.Learner().Config().Epochs,
		state: s.Learner().State(), failed: s.Err() != nil || s.Learner().Err() != nil,
		shown: s.Shown(), computing: s.Computing(), view: s.View(),
	}
}

// panelKey is the key of a panel that follows training.
type panelKey struct {
	trained
	w, h int
	th   *Theme
}

// helpLine is the one-line help, kept until the keys' help or what is
// enabled changes (help.Model measures every binding each time).
type helpLine struct {
	memo[helpLineKey]
}

type helpLineKey struct {
	keys  uint64 // a hash of the bindings' help and enabled state
	w     int
	th    *Theme
	which int // whose keys: the root's, cross-validation's, the quiz's
}

// view is h.ShortHelpView of km, cut or padded to w cells.
func (l *helpLine) view(h help.Model, km help.KeyMap, which, w int, th *Theme) string {
	sum := uint64(fnvOffset)
	for _, b := range km.ShortHelp() {
		hp := b.Help()
		sum = fnvString(fnvString(fnvString(sum, hp.Key), "\x00"), hp.Desc)
		if b.Enabled() {
			sum = fnvString(sum, "\x01")
		}
	}
	key := helpLineKey{keys: sum, w: w, th: th, which: which}
	return l.get(key, func() []string {
		h.SetWidth(w)
		return []string{fit(h.View(km), w)}
	})[0]
}

// FNV-1a, 64 bits (hash/fnv's, without its allocation).
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnvString(h uint64, s string) uint64 {
	for i := range len(s) {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// cached is the region panel's lines, drawn again only when the field,
// the points, the markers or the panel changed.
func (r *regionView) cached() []string {
	key := regionKey{
		panelKey: panelKey{trainedOf(r.s), r.w, r.h, r.th},
		gen:      r.draw.gen, narrow: r.narrow, big: r.big, update: r.update, compare: r.compare,
		cursorOn: r.cursorOn, cursorX: r.cursorX, curY: r.curY, figures: r.figures,
		flash: r.s.Flashing(), held: len(r.s.Test().Points()), approx: r.approxState(),
	}
	key.focus, key.focus2 = r.s.FocusPair()
	return r.memo.get(key, func() []string { return nonEmpty(r.lines()) })
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
	key := alphaKey{panelKey{trainedOf(a.s), a.w, a.h, a.th}, a.onlySV}
	return a.memo.get(key, func() []string { return nonEmpty(a.lines()) })
}

type alphaKey struct {
	panelKey
	onlySV bool
}

// cached is the chart's lines.
func (v *passesView) cached() []string {
	key := passesKey{panelKey{trainedOf(v.s), v.w, v.h, v.th}, v.inks, len(v.s.Passes())}
	return v.memo.get(key, func() []string { return strings.Split(v.View(), "\n") })
}

type passesKey struct {
	panelKey
	inks *chartInks
	n    int
}

// gramOrSpectrumLines is gramOrSpectrum's lines, the Gram panel's kept
// until training, the panel or the Mercer check changes.
func (m *Model) gramOrSpectrumLines() []string {
	if m.showSpectrum {
		return strings.Split(m.spectrum.View(), "\n")
	}
	g := m.gram
	key := gramKey{panelKey{trainedOf(g.s), g.w, g.h, g.th}, g.mercerFor, g.asked, g.mercer.text}
	return g.memo.get(key, func() []string { return nonEmpty(g.lines()) })
}

type gramKey struct {
	panelKey
	mercerFor, asked int
	note             string
}

// nonEmpty is lines, or one empty line for none: what splitting the
// joined lines gives.
func nonEmpty(lines []string) []string {
	if len(lines) == 0 {
		return []string{""}
	}
	return lines
}
