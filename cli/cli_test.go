package cli

import (
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// TestUnknownCommand: a word that is not a command is a usage error said
// once ("kernelscope: unknown command …", never "kernelscope: kernelscope:"),
// with the likeliest meaning as the hint; `help foo` says the same.
func TestUnknownCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"foo"}, []string{`unknown command "foo"`, "commands: trace, datasets, export", "see 'kernelscope --help'"}},
		{[]string{"help", "foo"}, []string{`help: unknown command "foo"`, "commands: trace"}},
		{[]string{"trac"}, []string{`unknown command "trac"`, "did you mean 'kernelscope trace'?"}},
		{[]string{"moons"}, []string{`unknown command "moons"`, "kernelscope --dataset moons"}},
		{[]string{"points.csv"}, []string{`unknown command "points.csv"`, "kernelscope --data FILE"}},
		{[]string{"version"}, []string{`unknown command "version"`, "did you mean --version?"}},
	} {
		out, stderr, code := runCLI(c.args...)
		if code != exitUsage || out != "" {
			t.Errorf("%v: exit %d, stdout %q; want exit 2 and no output", c.args, code, out)
		}
		if strings.Count(stderr, "kernelscope:") != 1 || !strings.HasPrefix(stderr, "kernelscope: ") ||
			strings.Contains(stderr, "kernelscope kernelscope") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: stderr %q is not one line with one prefix", c.args, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: stderr %q lacks %q", c.args, stderr, w)
			}
		}
	}
}

// TestUsageMessages: flag mistakes Cobra and pflag report are reworded, say
// which command, and point to its help.
func TestUsageMessages(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-dataset", "moons"}, "flags start with two dashes: --dataset, not -dataset (see 'kernelscope --help')"},
		{[]string{"trace", "-n", "5"}, "trace: flags start with two dashes: --n, not -n"},
		{[]string{"trace", "--dataset"}, "trace: --dataset needs a value"},
		{[]string{"trace", "--n", "1.5"}, `trace: invalid value "1.5" for --n (want a whole number; see 'kernelscope trace --help')`},
		{[]string{"trace", "moons"}, `trace: unexpected argument "moons" (to use that dataset: --dataset moons; see 'kernelscope trace --help')`},
		{[]string{"export", "--kernel", "rbf"}, "export: unknown flag kernel (--kernel is a flag of kernelscope, trace, features, svm, cv, plot, serve and record; see 'kernelscope export --help')"},
		{[]string{"datasets", "--n", "5"}, "datasets: unknown flag n"},
		{[]string{"trace", "--col\x1b[2Jour"}, `trace: unknown flag "col\x1b[2Jour"`},
		{[]string{"completion", "bash", "extra"}, `completion bash: unexpected argument "extra"`},
		{[]string{"man", "extra"}, `man: unexpected argument "extra"`},
	} {
		out, stderr, code := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "kernelscope:") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, stderr, c.want)
		}
	}
}

// TestCompletionShells: completion without a shell, or with one it writes
// no script for, is a usage error (exit 2, one line on stderr naming the
// shells, nothing on stdout), not its help on stdout with exit 0.
func TestCompletionShells(t *testing.T) {
	const shells = "(shells: bash, zsh, fish, powershell; see 'kernelscope completion --help')"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"completion", "tcsh"}, `kernelscope: completion: unknown shell "tcsh" ` + shells + "\n"},
		{[]string{"completion"}, "kernelscope: completion: no shell given " + shells + "\n"},
		{[]string{"completion", "tc\x1b]0;T\ash"}, `kernelscope: completion: unknown shell "tc\x1b]0;T\ash" ` + shells + "\n"},
	} {
		out, stderr, code := runCLI(c.args...)
		if code != exitUsage || out != "" || stderr != c.want {
			t.Errorf("%q: exit %d, stdout %.40q, stderr %q; want exit 2, no stdout and %q", c.args, code, out, stderr, c.want)
		}
	}
	// The shells it knows still get their scripts.
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		if out, stderr, code := runCLI("completion", sh); code != 0 || !strings.Contains(out, "kernelscope") || stderr != "" {
			t.Errorf("completion %s: exit %d, %d bytes, stderr %q", sh, code, len(out), stderr)
		}
	}
}

// TestExportHelp: export's help lists the data flags and --out, and none of
// the training flags it would ignore; datasets takes no flag but --help.
func TestExportHelp(t *testing.T) {
	out, stderr, code := runCLI("export", "--help")
	if code != 0 {
		t.Fatalf("export --help: exit %d, %s", code, stderr)
	}
	for _, want := range []string{"--dataset", "--data", "--n ", "--noise", "--seed", "--out"} {
		if !strings.Contains(out, want) {
			t.Errorf("export --help lacks %s:\n%s", want, out)
		}
	}
	for _, not := range []string{"--kernel", "--tie", "--eta", "--epochs", "--bias", "--memory", "--shuffle", "--format", "--sigma"} {
		if strings.Contains(out, not) {
			t.Errorf("export --help lists %s, which export ignores:\n%s", not, out)
		}
	}
	out, _, code = runCLI("datasets", "--help")
	_, flags, _ := strings.Cut(out, "FLAGS")
	if code != 0 || strings.Count(flags, "--") != 1 || !strings.Contains(flags, "--help") {
		t.Errorf("datasets --help: exit %d\n%s", code, out)
	}
	// help COMMAND is COMMAND --help.
	if via, _, _ := runCLI("help", "export"); via != func() string { s, _, _ := runCLI("export", "--help"); return s }() {
		t.Errorf("help export differs from export --help:\n%s", via)
	}
}

// TestRootHelp: the root's help names every command and the exit codes.
func TestRootHelp(t *testing.T) {
	out, _, code := runCLI("--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	for _, want := range []string{"trace", "datasets", "export", "completion", "man", "--dataset", "--kernel", "--version", "Exit codes: 0 done"} {
		if !strings.Contains(out, want) {
			t.Errorf("--help lacks %q:\n%s", want, out)
		}
	}
	if v, _, _ := runCLI("--version"); v != "kernelscope "+version+"\n" {
		t.Errorf("--version: %q", v)
	}
}

// TestCompletion: `completion SHELL` writes a script for kernelscope, and
// the script's callback (`__complete`) completes flag values from the
// registries the flags read.
func TestCompletion(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		out, stderr, code := runCLI("completion", shell)
		if code != 0 || !strings.Contains(out, "kernelscope") || !strings.Contains(out, "__complete") {
			t.Errorf("completion %s: exit %d, stderr %q, script starts %q", shell, code, stderr, firstLine(out))
		}
	}
	complete := func(args ...string) []string {
		t.Helper()
		out, stderr, code := runCLI(append([]string{"__complete"}, args...)...)
		if code != 0 {
			t.Fatalf("__complete %v: exit %d, %s", args, code, stderr)
		}
		var names []string
		for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			if !strings.HasPrefix(line, ":") && !strings.HasPrefix(line, "_activeHelp_") {
				name, _, _ := strings.Cut(line, "\t")
				names = append(names, name)
			}
		}
		return names
	}
	if got := complete("trace", "--dataset", ""); !slices.Equal(got, datasets.BuiltinNames()) {
		t.Errorf("--dataset completes to %v, want %v", got, datasets.BuiltinNames())
	}
	if got := complete("--dataset", "mo"); !slices.Contains(got, "moons") {
		t.Errorf("kernelscope --dataset mo completes to %v", got)
	}
	if got := complete("trace", "--kernel", ""); !slices.Equal(got, []string{"linear", "poly", "rbf", "sigmoid"}) {
		t.Errorf("--kernel completes to %v", got)
	}
	if got := complete("trace", "--tie", ""); !slices.Equal(got, []string{"mistake", "pos", "neg"}) {
		t.Errorf("--tie completes to %v", got)
	}
	if got := complete("trace", "--format", ""); !slices.Equal(got, []string{"text", "jsonl", "csv", "summary", "markdown", "latex"}) {
		t.Errorf("--format completes to %v", got)
	}
	var learners []string
	for _, k := range learn.Learners() {
		learners = append(learners, k.Name)
	}
	if got := complete("trace", "--algo", ""); !slices.Equal(got, learners) || !slices.Contains(got, "pegasos") {
		t.Errorf("--algo completes to %v, want the registry's %v", got, learners)
	}
	if got := complete("cv", "--algo", "pe"); !slices.Contains(got, "pegasos") {
		t.Errorf("cv --algo pe completes to %v", got)
	}
	if got := complete("export", "--"); slices.Contains(got, "--kernel") || !slices.Contains(got, "--out") {
		t.Errorf("export's flags complete to %v", got)
	}
}

// TestMan: `man` writes a roff manual page of every command and flag.
func TestMan(t *testing.T) {
	out, stderr, code := runCLI("man")
	if code != 0 {
		t.Fatalf("man: exit %d, %s", code, stderr)
	}
	for _, want := range []string{".TH KERNELSCOPE 1", ".SH NAME", "trace", "export", `\fB--kernel\fP`, "Exit codes"} {
		if !strings.Contains(out, want) {
			t.Errorf("man page lacks %q", want)
		}
	}
}

// TestPanicInACommand: a panic inside a command, under Cobra and fang, is
// one line and exit 3 too (TestPanicIsOneLine replaces the whole dispatch).
func TestPanicInACommand(t *testing.T) {
	saved := dispatchFn
	defer func() { dispatchFn = saved }()
	dispatchFn = func(args []string, stdout, stderr io.Writer) error {
		root := newRoot()
		root.AddCommand(&cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error { panic("boom") }})
		return execute(root, args, stdout, stderr)
	}
	out, stderr, code := runCLI("boom")
	if code != exitBug || out != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "internal error: boom") {
		t.Errorf("panic in a command: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

// TestHeadlessImports: the headless commands depend on setup, lab, learn,
// datasets and notation (and what those use, and the progress bar), never on the terminal
// program: trace.go, datasets.go, export.go, svm.go, cv.go and formats.go
// do not import tui, nor does anything of this module they import.
func TestHeadlessImports(t *testing.T) {
	allowed := []string{"kernelscope/setup", "kernelscope/lab", "kernelscope/learn", "kernelscope/crossval", "kernelscope/datasets", "kernelscope/notation", "kernelscope/internal/safetext", "kernelscope/internal/progress"}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	var visit func(pkg string)
	visit = func(pkg string) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		if !slices.Contains(allowed, pkg) {
			t.Errorf("a headless command depends on %s", pkg)
			return
		}
		p, err := build.ImportDir(filepath.Join("..", strings.TrimPrefix(pkg, "kernelscope/")), 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, "kernelscope/") {
				visit(imp)
			}
		}
	}
	for _, file := range []string{"trace.go", "trace_table.go", "trace_approx.go", "datasets.go", "export.go", "svm.go", "formats.go", "jsonout.go", "table.go", "cv.go", "cv_text.go"} {
		f, err := parser.ParseFile(fset, filepath.Join(".", file), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "kernelscope/") {
				visit(path)
			}
		}
	}
	if !seen["kernelscope/setup"] {
		t.Error("the headless commands do not resolve their flags with setup")
	}
}
