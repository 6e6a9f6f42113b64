package setup

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/learn"
)

// rootFlags are the terminal program's flags, bound as cli/root.go binds them,
// and its --steps.
func rootFlags() (*pflag.FlagSet, *Flags, *int) {
	fs := pflag.NewFlagSet("kernelscope", pflag.ContinueOnError)
	f := Bind(fs, "the terminal program", Train)
	f.BindLearner()
	f.CycleLearners()
	f.BindSplit()
	f.BindSession()
	return fs, f, fs.Int("steps", 0, "")
}

// resolveLine resolves a command line as the terminal program does.
func resolveLine(t *testing.T, args []string) lab.Options {
	t.Helper()
	fs, f, steps := rootFlags()
	if err := fs.Parse(args); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	o, err := f.Resolve()
	if err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	o.Replay.Steps = *steps
	o.Config.RowCacheBytes = 0
	return o
}

// TestCommandLineRoundTrip: the command line R shows parses, through the
// terminal program's flags, back to the same options (points, provenance,
// configuration, held-out rows, steps), and the run it replays has the
// same α; it names only what differs from the preset; and a POSIX shell
// reads the quoted line back as the same words.
func TestCommandLineRoundTrip(t *testing.T) {
	dir := t.TempDir()
	iris := filepath.Join(dir, "it's a file.csv")
	if err := os.WriteFile(iris, []byte("a,b,c,cls\n1,2,3,-1\n4,5,6,7\n7,8,9,-1\n2,2,2,7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args  []string
		steps int
		want  string // the whole line, when given
	}{
		{[]string{"--dataset", "moons"}, 57, "kernelscope --dataset moons --steps 57"},
		{[]string{"--dataset", "worked4"}, 0, "kernelscope --dataset worked4"},
		{[]string{"--dataset", "worked3", "--bias=false", "--tie", "neg"}, 2, "kernelscope --dataset worked3 --bias=false --tie neg --steps 2"},
		{[]string{"--dataset", "moons", "--n", "60", "--noise", "0.2", "--seed", "3", "--kernel", "rbf(sigma=0.7)+linear", "--bias",
			"--tie", "pos", "--eta", "0.5", "--epochs", "7", "--shuffle", "--algo", "budget", "--budget", "4", "--C", "inf", "--tol", "0.01",
			"--max-iter", "9", "--test", "0.25", "--split-seed", "9", "--standardize"}, 20,
			"kernelscope --dataset moons --n 60 --noise 0.2 --standardize --seed 3 --kernel 'rbf(sigma=0.7)+linear' --bias=true --tie pos " +
				"--epochs 7 --shuffle --algo budget --eta 0.5 --C inf --tol 0.01 --max-iter 9 --budget 4 --test 0.25 --split-seed 9 --steps 20"},
		{[]string{"--dataset", "circles", "--algo", "svm", "--C", "2.5", "--kernel", "rbf", "--sigma", "0.25"}, 11, ""},
		{[]string{"--data", iris, "--columns", "2,1", "--label", "cls", "--positive", "-1", "--kernel", "poly", "--degree", "3"}, 3, ""},
		{[]string{"--data", iris, "--columns", "c", "--positive", "7"}, 0, ""}, // one column: points on a line
		{[]string{"--dataset", "interval"}, 5, "kernelscope --dataset interval --steps 5"},
	} {
		o := resolveLine(t, tc.args)
		o.Replay.Steps = tc.steps
		args, ok := CommandLine(o)
		if !ok {
			t.Fatalf("%q: no command line", tc.args)
		}
		line := ShellQuote(args)
		if tc.want != "" && line != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.args, line, tc.want)
		}
		back := resolveLine(t, args[1:])
		// The same options write the same session file, byte for byte.
		var wa, wb bytes.Buffer
		if err := lab.WriteSession(&wa, o); err != nil {
			t.Fatal(err)
		}
		if err := lab.WriteSession(&wb, back); err != nil {
			t.Fatal(err)
		}
		if wa.String() != wb.String() {
			t.Fatalf("%q: the line's options differ:\n%s\nwant\n%s", tc.args, wb.String(), wa.String())
		}
		a, err := lab.Open(o, learn.RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := lab.Open(back, learn.RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		// The same state, and the same next steps.
		for k := 0; k <= 5; k++ {
			if a.T() != b.T() || a.State() != b.State() || !slices.Equal(a.Alphas(), b.Alphas()) {
				t.Fatalf("%q, +%d steps: T %d/%d, %v/%v, α %v/%v", tc.args, k, a.T(), b.T(), a.State(), b.State(), a.Alphas(), b.Alphas())
			}
			a.Step()
			b.Step()
		}
		// The shell reads the quoted line as the same words.
		if sh, err := exec.LookPath("sh"); err == nil {
			out, err := exec.Command(sh, "-c", `printf '%s\n' `+line).Output()
			if err != nil || strings.TrimSuffix(string(out), "\n") != strings.Join(args, "\n") {
				t.Errorf("sh reads %s as %q (%v)", line, out, err)
			}
		}
	}
}

// TestCommandLineRefuses: what no flags recreate needs a session file.
func TestCommandLineRefuses(t *testing.T) {
	for name, change := range map[string]func(*lab.Options){
		"edited":   func(o *lab.Options) { o.Edited = true },
		"appended": func(o *lab.Options) { o.Replay.AppendedAt = []int{3} },
		"two seeds": func(o *lab.Options) {
			o.Config.Seed = 2 // the data's seed is 1, the shuffle's 2: one --seed cannot say both
		},
		"no source": func(o *lab.Options) { o.Dataset = "" },
		// A session's points that name a file kernelscope never read:
		// --data would vouch for that path.
		"session's file": func(o *lab.Options) { o.Dataset, o.File, o.Session = "", "../../etc/passwd", "s.json" },
	} {
		o := resolveLine(t, []string{"--dataset", "moons", "--shuffle"})
		change(&o)
		if args, ok := CommandLine(o); ok {
			t.Errorf("%s: %q", name, args)
		}
	}
}

// TestShellQuoteHidden: an argument with characters a terminal would act
// on or hide is written in $'…' with those bytes as escapes, so the line is
// all printable (what is shown is what is copied) and bash reads it back as
// the same bytes; other arguments keep POSIX single quotes.
func TestShellQuoteHidden(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain.csv", "plain.csv"},
		{"it's a file.csv", `'it'\''s a file.csv'`},
		{"höhe m.csv", "'höhe m.csv'"},
		{"evil\x1b]0;TITLE\a.csv", `$'evil\e]0;TITLE\a.csv'`},
		{"evil\x1b]52;c;cm0gLXJmIH4K\a.csv", `$'evil\e]52;c;cm0gLXJmIH4K\a.csv'`},
		{"x\u202etxt.exe", `$'x\342\200\256txt.exe'`},       // the right-to-left override, its UTF-8 bytes
		{"it's\\\n\x7f1", `$'it\'s\\\n\1771'`},              // the octal escape has three digits: the 1 after it stays a 1
		{"bad\xff\u200b.csv", `$'bad\377\342\200\213.csv'`}, // invalid UTF-8; a zero-width space
		{"c1\u009b2J", `$'c1\302\2332J'`},                   // a C1 CSI
	} {
		got := ShellQuote([]string{c.in})
		if got != c.want {
			t.Errorf("ShellQuote(%q) = %s, want %s", c.in, got, c.want)
		}
		if safetext.Clean(got) != got {
			t.Errorf("ShellQuote(%q) = %q holds hidden characters", c.in, got)
		}
		bash, err := exec.LookPath("bash")
		if err != nil {
			continue
		}
		out, err := exec.Command(bash, "-c", `printf '%s' `+got).Output()
		if err != nil || string(out) != c.in {
			t.Errorf("bash reads %s as %q (%v), want %q", got, out, err, c.in)
		}
	}
}
