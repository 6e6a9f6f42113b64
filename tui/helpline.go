package tui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

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
		h.SetWidth(0) // fitKeys decides what fits
		return []string{common.Fit(h.ShortHelpView(fitKeys(h, km.ShortHelp(), w)), w)}
	})[0]
}

// fitKeys is the layout rule for the key line: the enabled keys that fit
// in w cells, each whole, in their order, the last two (? all keys, q
// quit) always among them, so the line never ends in a cut word.
func fitKeys(h help.Model, bindings []key.Binding, w int) []key.Binding {
	var on []key.Binding
	for _, b := range bindings {
		if b.Enabled() {
			on = append(on, b)
		}
	}
	sepW := ansi.StringWidth(h.ShortSeparator)
	width := func(b key.Binding) int {
		return ansi.StringWidth(b.Help().Key) + 1 + ansi.StringWidth(b.Help().Desc)
	}
	// The anchors are the last two keys; the others go before them while
	// they fit.
	anchors := on[max(0, len(on)-2):]
	used := 0
	for i, b := range anchors {
		if i > 0 {
			used += sepW
		}
		used += width(b)
	}
	var out []key.Binding
	for _, b := range on[:len(on)-len(anchors)] {
		if used+width(b)+sepW > w {
			break
		}
		out = append(out, b)
		used += width(b) + sepW
	}
	return append(out, anchors...)
}
