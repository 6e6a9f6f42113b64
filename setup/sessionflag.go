package setup

import (
	"slices"

	"github.com/spf13/pflag"

	"kernelscope/lab"
)

// BindSession adds --session FILE, which opens a saved session (the
// terminal program's w then s): its points, training and steps. Call it
// after Bind.
func (f *Flags) BindSession() {
	f.fs.StringVar(&f.session, "session", "", "reopen a session file (the terminal program's w then s): its points, kernel, learner and steps; the data and training flags cannot be given with it")
}

// sessionKeeps are the flags that may go with --session: they say how to
// run or show the session, not what it is (serve's: how to serve it).
var sessionKeeps = []string{"session", "memory", "big", "out", "size", "dpi", "format", "help", "fps", "undo-memory",
	"listen", "host-key", "presenter-keys", "max-sessions", "max-per-key", "idle", "max-time",
	"keys", "colors", "theme", "marks", "pace", "hold", "timestamp"}

// resolveSession reads --session; any flag that would set the data or the
// training is a usage error, since the file sets them.
func (f *Flags) resolveSession() (lab.Options, error) {
	var clash string
	f.fs.Visit(func(fl *pflag.Flag) {
		if !slices.Contains(sessionKeeps, fl.Name) && clash == "" {
			clash = fl.Name
		}
	})
	if clash != "" {
		return lab.Options{}, Usagef("--session sets the data and training; --%s cannot be combined with it", clash)
	}
	if f.session == "" {
		return lab.Options{}, Usagef("--session needs a file name")
	}
	var budget int64
	if f.use == Train {
		b, err := f.rowBudget()
		if err != nil {
			return lab.Options{}, err
		}
		budget = b
	}
	undo, err := f.undoBudget()
	if err != nil {
		return lab.Options{}, err
	}
	o, err := lab.LoadSession(f.session)
	if err != nil {
		return lab.Options{}, err
	}
	o.Config.RowCacheBytes, o.Config.UndoBytes = budget, undo
	return o, nil
}
