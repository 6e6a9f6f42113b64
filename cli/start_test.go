package cli

import (
	"io"
	"os"
	"slices"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestShortRunsAllocateLittle: --version and a worked4 summary build only
// the commands they run (rootFor), not every command's flags: their
// allocation counts, which are the same on any machine, stay under
// bounds that the whole tree (1206 and 1276 allocations, every command's
// flags bound) does not meet. Measured after: 344 and 658.
func TestShortRunsAllocateLittle(t *testing.T) {
	for _, c := range []struct {
		args []string
		max  float64
	}{
		{[]string{"--version"}, 600},
		{[]string{"trace", "--dataset", "worked4", "--format", "summary"}, 1000},
	} {
		if n := testing.AllocsPerRun(3, func() { Run(c.args, io.Discard, io.Discard) }); n > c.max {
			t.Errorf("kernelscope %v: %v allocations, more than %v", c.args, n, c.max)
		}
	}
}

// TestRootFor: a command line that runs a subcommand gets that command
// built as newRoot builds it (every flag) and the others as placeholders;
// one that runs the root gets placeholders only; help, completion and the
// manual get every command built.
func TestRootFor(t *testing.T) {
	full := newRoot()
	flags := func(c *cobra.Command) []string {
		var out []string
		c.Flags().VisitAll(func(f *pflag.Flag) { out = append(out, f.Name) })
		return out
	}
	// A placeholder has only its name.
	built := func(root *cobra.Command) []string {
		var out []string
		for _, c := range root.Commands() {
			if c.Short != "" {
				out = append(out, c.Name())
			}
		}
		slices.Sort(out)
		return out
	}
	for _, s := range subcommands {
		if s.name == "man" {
			continue
		}
		root := rootFor([]string{s.name, "--seed", "3"})
		c, _, err := root.Find([]string{s.name})
		if err != nil || c.Name() != s.name {
			t.Fatalf("%s: found %v, %v", s.name, c, err)
		}
		want, _, _ := full.Find([]string{s.name})
		if got, w := flags(c), flags(want); !slices.Equal(got, w) || c.Short != want.Short {
			t.Errorf("%s: flags %v, want %v", s.name, got, w)
		}
		if b := built(root); !slices.Equal(b, []string{s.name}) {
			t.Errorf("%s: built %v, want only it", s.name, b)
		}
	}
	if b := built(rootFor([]string{"--version"})); len(b) != 0 {
		t.Errorf("--version: built %v, want none", b)
	}
	all := built(full)
	for _, args := range [][]string{{"--help"}, {"trace", "-h"}, {"help", "trace"}, {"completion", "bash"}, {"__complete", "trace", "--dataset", ""}, {"man"}} {
		if b := built(rootFor(args)); !slices.Equal(b, all) {
			t.Errorf("%v: built %v, want every command %v", args, b, all)
		}
	}
}

// TestRootNeedsTerminal: the terminal program with stdout a pipe exits 1
// at once with one line that says what works instead, "kernelscope" once
// (the message names it: errorHandler adds no prefix). It used to draw a
// blank screen into the pipe, or print Bubble Tea's "could not open TTY".
func TestRootNeedsTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	was := os.Stdout
	os.Stdout = w // what the program draws on
	defer func() { os.Stdout = was }()
	out, stderr, code := runCLI("--dataset", "moons")
	os.Stdout = was
	w.Close()
	drawn, _ := io.ReadAll(r)
	const want = "kernelscope needs a terminal (stdout is not one); `kernelscope trace` or `kernelscope record` work without one\n"
	if code != exitData || out != "" || stderr != want || len(drawn) != 0 {
		t.Errorf("exit %d, stdout %q, drawn %.40q, stderr %q; want exit 1 and %q", code, out, drawn, stderr, want)
	}
}
