package tui

import (
	"slices"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"kernelscope/tui/action"
	"kernelscope/tui/common"
)

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

// view is h.ShortHelpView of l's one-line help, cut or padded to w cells.
func (l *helpLine) view(h help.Model, list action.List, which, w int, th *common.Theme) string {
	acts := list.ShortActions()
	sum := uint64(common.FnvOffset)
	for _, a := range acts {
		hp := a.Binding.Help()
		sum = common.FnvString(common.FnvString(common.FnvString(common.FnvString(sum, hp.Key), "\x00"), hp.Desc), "\x00"+a.Brief)
		if a.Binding.Enabled() {
			sum = common.FnvString(sum, "\x01")
		}
		if a.Keep {
			sum = common.FnvString(sum, "\x02")
		}
	}
	key := helpLineKey{keys: sum, w: w, th: th, which: which}
	return l.Get(key, func() []string {
		h.SetWidth(0) // fitKeys decides what fits
		return []string{common.Fit(h.ShortHelpView(fitKeys(h, acts, w)), w)}
	})[0]
}

// fitKeys is the layout rule for the key line: the enabled keys that fit
// in w cells, each whole, in their order. The keys kept always show: those
// marked Keep (the quiz's answers, its reveal and Q), or in a line that
// marks none its last two (? all keys and q quit). When they do not fit
// with their help, they all take their brief help, so the line reads
// alike. The other keys go in, in their order, until one does not fit in
// the room left. The line never ends in a cut word, and never leaves out
// a key kept.
func fitKeys(h help.Model, acts []*action.Action, w int) []key.Binding {
	var on []*action.Action
	for _, a := range acts {
		if a.Binding.Enabled() {
			on = append(on, a)
		}
	}
	sepW := ansi.StringWidth(h.ShortSeparator)
	width := func(b key.Binding) int {
		return ansi.StringWidth(b.Help().Key) + 1 + ansi.StringWidth(b.Help().Desc)
	}
	anchors := max(0, len(on)-2)
	if slices.ContainsFunc(acts, func(a *action.Action) bool { return a.Keep }) {
		anchors = len(on)
	}
	kept := func(i int) bool { return i >= anchors || on[i].Keep }
	bindings := make([]key.Binding, len(on))
	for i, a := range on {
		bindings[i] = a.Binding
	}
	keptW := func() int {
		used, n := 0, 0
		for i, b := range bindings {
			if kept(i) {
				used += width(b)
				n++
			}
		}
		return used + max(0, n-1)*sepW
	}
	if keptW() > w {
		for i, a := range on {
			if kept(i) && a.Brief != "" {
				bindings[i].SetHelp(a.Binding.Help().Key, a.Brief)
			}
		}
	}
	used, full := keptW(), false
	var out []key.Binding
	for i, b := range bindings {
		switch {
		case kept(i):
			out = append(out, b)
		case !full && used+width(b)+sepW <= w:
			out = append(out, b)
			used += width(b) + sepW
		default:
			full = true // the keys after one that does not fit stay out too
		}
	}
	return out
}
