package setup

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"kernelscope/internal/safetext"
)

// BindSession adds --session FILE, which opens a saved session (the
// terminal program's w then s): its points, training and steps. Call it
// after Bind.
func (f *Flags) BindSession() {
	f.fs.StringVar(&f.session, "session", "", "reopen a session file (the terminal program's w then s): its points, kernel, learner and steps; the data and training flags cannot be given with it")
}

// sessionKeeps are the flags that may go with --session: they say how to
// run or show the session, not what it is.
var sessionKeeps = map[string]bool{"session": true, "memory": true, "big": true, "out": true, "size": true, "dpi": true, "format": true, "help": true, "fps": true}

// resolveSession reads --session; any flag that would set the data or the
// training is a usage error, since the file sets them.
func (f *Flags) resolveSession() (Options, error) {
	var clash string
	f.fs.Visit(func(fl *pflag.Flag) {
		if !sessionKeeps[fl.Name] && clash == "" {
			clash = fl.Name
		}
	})
	if clash != "" {
		return Options{}, Usagef("--session sets the data and training; --%s cannot be combined with it", clash)
	}
	if f.session == "" {
		return Options{}, Usagef("--session needs a file name")
	}
	var budget int64
	if f.use == Train {
		b, err := f.rowBudget()
		if err != nil {
			return Options{}, err
		}
		budget = b
	}
	o, err := LoadSession(f.session)
	if err != nil {
		return Options{}, err
	}
	o.Config.RowCacheBytes = budget
	return o, nil
}

// SessionName is how a header names data that came from a session file:
// "session s.json (moons, edited)" for name "moons"; name itself for
// options that did not come from one.
func (o Options) SessionName(name string) string {
	if o.Session == "" {
		return name
	}
	var about []string
	if name != "" {
		about = append(about, name)
	}
	if o.Edited {
		about = append(about, "edited")
	}
	s := "session " + safetext.Name(o.Session)
	if len(about) > 0 {
		s += " (" + strings.Join(about, ", ") + ")"
	}
	return s
}

// TraceNote is what a trace of o, which trains from α = 0 on every point,
// says about a session that added points while it trained: that the trace
// does not; "" for any other options.
func (o Options) TraceNote() string {
	k := len(o.Replay.AppendedAt)
	if o.Session == "" || k == 0 {
		return ""
	}
	return fmt.Sprintf(" (the session added %s while it trained; this trace trains on all %d from α = 0)", plural(k, "point", "points"), len(o.Points))
}
