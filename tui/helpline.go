package tui

import (
	"charm.land/bubbles/v2/help"

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
		h.SetWidth(w)
		return []string{common.Fit(h.View(km), w)}
	})[0]
}
