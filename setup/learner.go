package setup

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"kernelscope/learn"
)

// learnerFlags are the flags that choose the learner and set its settings
// (BindLearner): --algo and one flag per setting of the registry
// (learn.Settings: --eta, --C, --tol, --max-iter, --budget, --lambda …).
type learnerFlags struct {
	bound bool
	// fixed is the learner of a command that trains one (the svm command);
	// "" when --algo chooses.
	fixed    string
	name     string
	settings []*settingFlag
	// cycles: the program switches learners (the terminal program's l),
	// so a setting of another learner is kept for its turn rather than
	// refused.
	cycles bool
}

// A settingFlag is one setting's flag: a pflag.Value that reads the
// setting's values (a number, or inf where it takes one).
type settingFlag struct {
	s    *learn.Setting
	text string
}

func (f *settingFlag) String() string {
	if f.text == "" {
		if v, ok := learn.CommonDefault(f.s.Name); ok {
			return f.s.Text(v)
		}
		// Each learner that reads it has a default of its own, which
		// the usage gives (λ).
		return ""
	}
	return f.text
}

// Type is what the help shows after the flag: "float" or "int", as
// pflag's own flags write it.
func (f *settingFlag) Type() string {
	if f.s.Integer {
		return "int"
	}
	if f.s.Inf {
		return "string"
	}
	return "float"
}

// Set keeps the value as written: Resolve reads and checks it, with the
// flag's name, so that every usage error reads alike.
func (f *settingFlag) Set(text string) error {
	f.text = text
	return nil
}

// BindLearner adds --algo, which chooses the learner, and a flag for each
// learner's setting, with the registry's help. Call it after Bind.
func (f *Flags) BindLearner() { f.bindLearner("") }

// BindFixedLearner adds the flags of a command that trains one learner
// (the svm command): its settings' flags; the flags of the other
// learners' settings and, for a learner that makes no passes, --epochs
// and --shuffle are hidden and refused by Resolve.
func (f *Flags) BindFixedLearner(name string) { f.bindLearner(name) }

func (f *Flags) bindLearner(fixed string) {
	l := &f.learner
	l.bound, l.fixed = true, fixed
	if fixed == "" {
		f.fs.StringVar(&l.name, "algo", learn.DefaultLearner, "the learner: "+learnerHelp())
	}
	var own *learn.LearnerKind
	if fixed != "" {
		own, _ = learn.LookupLearner(fixed)
	}
	for _, s := range learn.Settings() {
		sf := &settingFlag{s: s}
		l.settings = append(l.settings, sf)
		usage := settingUsage(s, fixed == "")
		f.fs.Var(sf, s.Name, usage)
		if own != nil && !own.Reads(s.Name) {
			hide(f.fs, s.Name)
		}
	}
	if own != nil && !own.Passes {
		hide(f.fs, "epochs")
		hide(f.fs, "shuffle")
	}
}

func hide(fs *pflag.FlagSet, name string) {
	// Only fails for a flag that does not exist.
	if err := fs.MarkHidden(name); err != nil {
		panic("setup: " + err.Error())
	}
}

// settingUsage is the help of setting s's flag: its usage, and with
// readers the learners that read it; where learners read a setting of
// that name each with its own default or range (λ), each one's usage
// and default, "; "-separated.
func settingUsage(s *learn.Setting, readers bool) string {
	vs := learn.Variants(s.Name)
	if len(vs) <= 1 {
		if readers {
			return s.Usage + " (" + learn.ReadBy(s) + ")"
		}
		return s.Usage
	}
	var parts []string
	for _, v := range vs {
		var who []string
		for _, k := range learn.Learners() {
			if own, ok := k.Setting(v.Name); ok && own == v {
				who = append(who, k.Name)
			}
		}
		parts = append(parts, v.Usage+", default "+v.Text(v.Default)+" ("+strings.Join(who, ", ")+")")
	}
	return strings.Join(parts, "; ")
}

// learnerHelp lists the learners with their summaries, for --algo's help.
func learnerHelp() string {
	var parts []string
	for _, k := range learn.Learners() {
		parts = append(parts, k.Name+" ("+k.Summary+")")
	}
	return strings.Join(parts, "; ")
}

// CycleLearners says the program switches learners as it runs: a setting
// of another learner than --algo's is then kept for when l reaches it.
func (f *Flags) CycleLearners() { f.learner.cycles = true }

// resolveLearner fills cfg.Learner and cfg.Params from the learner flags.
func (f *Flags) resolveLearner(cfg *learn.Config) error {
	l := f.learner
	if !l.bound {
		return nil
	}
	name := l.fixed
	if name == "" {
		var err error
		if name, err = learn.ParseLearner(l.name); err != nil {
			return Usagef("--algo: %v", err)
		}
	}
	kind, _ := learn.LookupLearner(name)
	cfg.Learner = kind.Name
	// A command that trains one learner names itself in the message.
	who := ""
	if l.fixed != "" {
		who = f.command + ": "
	}
	if !kind.Passes {
		for _, flag := range []string{"epochs", "shuffle"} {
			if f.set(flag) {
				return Usagef("%s--%s sets the perceptron and every learner that visits the examples pass by pass; %s picks a pair a step%s", who, flag, kind.Title, settingsOf(kind))
			}
		}
	}
	for _, sf := range l.settings {
		s := sf.s
		if !f.set(s.Name) {
			continue
		}
		switch {
		case !kind.Reads(s.Name) && l.fixed != "":
			return Usagef("%s--%s sets the %s%s", who, s.Name, learn.ReadBy(s), settingsOf(kind))
		case !kind.Reads(s.Name) && !l.cycles:
			return Usagef("--%s applies to --algo %s, not %s%s", s.Name, learn.ReadBy(s), kind.Name, settingsOf(kind))
		}
		if own, ok := kind.Setting(s.Name); ok {
			// The learner's own: its range (λ is Pegasos's and logistic
			// regression's, each with its own).
			s = own
		}
		v, err := s.Read(sf.text)
		if err != nil {
			return Usagef("--%s: %v", s.Name, err)
		}
		if !kind.Reads(s.Name) {
			// Kept for another learner's turn: one of those that read
			// it must take it.
			if learn.Accepts(s.Name, v) != nil {
				return Usagef("--%s must be %s, not %v", s.Name, s.Domain(), v)
			}
		} else if s.Check(v) != nil {
			return Usagef("--%s must be %s, not %v", s.Name, s.Domain(), v)
		}
		cfg.Params = cfg.Params.With(s.Name, v)
	}
	if kind.Joint != nil {
		if err := kind.Joint(*cfg); err != nil {
			return Usagef("%s%s: %v", who, kind.Title, err)
		}
	}
	return nil
}

// settingsOf names kind's settings for a message: "; the SVM's settings
// are --C, --tol and --max-iter".
func settingsOf(kind *learn.LearnerKind) string {
	var flags []string
	for _, s := range kind.Settings {
		flags = append(flags, "--"+s.Name)
	}
	switch len(flags) {
	case 0:
		return fmt.Sprintf("; %s has no settings", kind.Title)
	case 1:
		return fmt.Sprintf("; %s's setting is %s", kind.Title, flags[0])
	}
	return fmt.Sprintf("; %s's settings are %s and %s", kind.Title, strings.Join(flags[:len(flags)-1], ", "), flags[len(flags)-1])
}
