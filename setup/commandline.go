package setup

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/learn"
)

// CommandLine is the command line of the terminal program that recreates
// o: the same points, the same configuration, the same held-out rows, and
// --steps for o.Replay.Steps. It names the data (--dataset or --data, with
// --columns, --label, --positive and --standardize) and then only the flags
// whose values differ from what the data's preset and the flags' defaults
// give, so the line stays short: kernelscope --dataset moons --kernel
// 'rbf(sigma=0.7)' --steps 57.
//
// It reports false when no command line can recreate o, and a session
// file must: points edited by hand or appended while training went on,
// data from neither a built-in nor a file, or a generated dataset whose
// seed differs from the training's (one --seed sets both). A session's
// points that say they came from a file are the session's: kernelscope
// never read that file, so --data naming it would vouch for a path that
// may hold anything, or be anywhere (data.file "../../etc/…").
func CommandLine(o lab.Options) ([]string, bool) {
	cfg := o.Config
	if o.Edited || len(o.Replay.AppendedAt) > 0 || o.Seed != cfg.Seed || o.Session != "" && o.File != "" {
		return nil, false
	}
	args := []string{"kernelscope"}
	add := func(flag string, value ...string) {
		switch {
		case len(value) == 0:
			args = append(args, "--"+flag)
		case strings.HasPrefix(value[0], "-"):
			args = append(args, "--"+flag+"="+value[0]) // not read as a flag
		default:
			args = append(args, "--"+flag, value[0])
		}
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	// What Resolve gives without a flag: the preset, for --data linear.
	kernel, bias, tie := "linear", false, learn.TieMistake
	switch {
	case o.File != "":
		add("data", o.File)
		if c := o.Columns; !c.IsZero() {
			if c.OneD {
				add("columns", strconv.Itoa(c.X1.Number))
			} else {
				add("columns", strconv.Itoa(c.X1.Number)+","+strconv.Itoa(c.X2.Number))
			}
			add("label", strconv.Itoa(c.Label.Number))
			if c.HasPositive {
				add("positive", c.Positive)
			}
		}
	case o.Dataset != "":
		b, ok := datasets.Lookup(o.Dataset)
		if !ok {
			return nil, false
		}
		add("dataset", b.Name)
		if b.Generated && o.N != b.DefaultN {
			add("n", strconv.Itoa(o.N))
		}
		if b.Generated && o.Noise != b.DefaultNoise {
			add("noise", num(o.Noise))
		}
		k, err := learn.ParseKernel(b.Preset.Kernel)
		if err != nil {
			return nil, false
		}
		kernel, bias, tie = k.Spec(), b.Preset.Bias, b.Preset.Tie
	default:
		return nil, false
	}
	if o.Standardized {
		add("standardize")
	}
	if cfg.Seed != 1 {
		add("seed", strconv.FormatUint(cfg.Seed, 10))
	}
	if spec := cfg.Kernel.Spec(); spec != kernel {
		add("kernel", spec)
	}
	if cfg.Bias != bias {
		add("bias=" + strconv.FormatBool(cfg.Bias))
	}
	if cfg.Tie != tie {
		add("tie", cfg.Tie.String())
	}
	if cfg.Epochs != 100 {
		add("epochs", strconv.Itoa(cfg.Epochs))
	}
	if cfg.Shuffle {
		add("shuffle")
	}
	if name := cfg.Kind().Name; name != learn.DefaultLearner {
		add("algo", name)
	}
	// Every setting that differs from its default, the learner's or not:
	// the terminal program keeps them across its l cycle.
	for _, s := range learn.Settings() {
		v, given := cfg.Params.Lookup(s.Name)
		if d, common := learn.CommonDefault(s.Name); given && (!common || v != d) {
			add(s.Name, s.Text(v))
		}
	}
	if h := o.Holdout; h.On() {
		add("test", num(h.Fraction))
		if h.Shuffled {
			add("split-seed", strconv.FormatUint(h.Seed, 10))
		}
	}
	if o.Replay.Steps > 0 {
		add("steps", strconv.Itoa(o.Replay.Steps))
	}
	return args, true
}

// ShellQuote joins args for a POSIX shell: an argument with anything but
// letters, digits and _ . / = : , + - @ % in it is put in single quotes.
// One that holds a character a terminal would act on or hide (a control
// character, a bidi override, a zero-width one, invalid UTF-8: see
// safetext.Hidden) is put in ANSI-C quotes instead, $'…', with each such
// byte written out (\e, \n, \t, …, or three octal digits, \342\200\256
// for U+202E), so the line holds only characters that print as they read:
// what a terminal shows of it is all of it, and it pastes as the same bytes
// into bash, zsh, ksh and a POSIX.1-2024 sh. (An older sh without $'…'
// reads a word that names no file, never another file.)
func ShellQuote(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		safe, hidden := a != "", false
		for _, r := range a {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./=:,+-@%", r)) {
				safe = false
			}
			hidden = hidden || safetext.Hidden(r)
		}
		switch {
		case safe:
			out[i] = a
		case hidden:
			out[i] = ansiCQuote(a)
		default:
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// ansiCQuote puts a in $'…' with every byte of a hidden character written
// as an escape: named where the escape has a name, else three octal digits
// (never \xHH, whose length some shells read greedily).
func ansiCQuote(a string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(a); {
		r, size := utf8.DecodeRuneInString(a[i:])
		switch {
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		case safetext.Hidden(r):
			for _, c := range []byte(a[i : i+size]) {
				if e := namedEscape(c); e != "" {
					b.WriteString(e)
				} else {
					fmt.Fprintf(&b, `\%03o`, c)
				}
			}
		default:
			b.WriteString(a[i : i+size])
		}
		i += size
	}
	b.WriteByte('\'')
	return b.String()
}

// namedEscape is c's $'…' escape with a name, POSIX.1-2024's ("" for a
// byte that has none).
func namedEscape(c byte) string {
	switch c {
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\t':
		return `\t`
	case '\n':
		return `\n`
	case '\v':
		return `\v`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	case 0x1b:
		return `\e`
	}
	return ""
}
