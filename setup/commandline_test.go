package setup

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"kernelscope/learn"
)

// rootFlags are the terminal program's flags, bound as main.go binds them,
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
func resolveLine(t *testing.T, args []string) Options {
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
		sameOptions(t, back, o)
		a, err := Open(o, learn.RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Open(back, learn.RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sameLearner(t, a, b, 5)
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
	for name, change := range map[string]func(*Options){
		"edited":   func(o *Options) { o.Edited = true },
		"appended": func(o *Options) { o.Replay.AppendedAt = []int{3} },
		"two seeds": func(o *Options) {
			o.Config.Seed = 2 // the data's seed is 1, the shuffle's 2: one --seed cannot say both
		},
		"no source": func(o *Options) { o.Dataset = "" },
	} {
		o := resolveLine(t, []string{"--dataset", "moons", "--shuffle"})
		change(&o)
		if args, ok := CommandLine(o); ok {
			t.Errorf("%s: %q", name, args)
		}
	}
}
