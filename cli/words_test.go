package cli

import (
	"bytes"
	"compress/gzip"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// seedCitation is how the code's comments cite the lecture notes' files
// ("seed 003", "seeds 001, 004"). A user cannot know what it means, and
// "seed" already means the random seed (--seed), so no text a user sees
// may say it.
var seedCitation = regexp.MustCompile(`(?i)\bseeds? 0\d\d`)

// TestNoSeedCitations: every command's --help and `help` output (each
// subcommand of the tree, Cobra's own included), the manual page, the
// dataset list and the runs that quote the notes (features on an RBF and
// a sigmoid kernel, whose feature maps the notes explain) name the notes
// by what they are, never as "seed 00N".
func TestNoSeedCitations(t *testing.T) {
	root := newRoot()
	prepare(root)
	var paths [][]string
	walk(root, func(c *cobra.Command) {
		var path []string
		for p := c; p.HasParent(); p = p.Parent() {
			path = append([]string{p.Name()}, path...)
		}
		paths = append(paths, path)
	})
	if len(paths) < 9 {
		t.Fatalf("only %d commands found: %v", len(paths), paths)
	}
	var runs [][]string
	for _, p := range paths {
		runs = append(runs, append(append([]string(nil), p...), "--help"), append([]string{"help"}, p...))
	}
	runs = append(runs,
		[]string{"man"},
		[]string{"datasets"},
		[]string{"features", "--dataset", "moons", "--format", "text"},
		[]string{"features", "--dataset", "xor", "--kernel", "sigmoid", "--format", "text"},
		[]string{"svm", "--dataset", "worked3"},
		[]string{"trace", "--dataset", "worked3"},
		[]string{"cv", "--dataset", "moons", "--param", "sigma", "--values", "0.1,1"},
	)
	for _, args := range runs {
		out, stderr, code := runCLI(args...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		for _, text := range []string{out, stderr} {
			if m := seedCitation.FindAllStringIndex(text, -1); m != nil {
				at := text[max(0, m[0][0]-60):min(len(text), m[0][1]+20)]
				t.Errorf("kernelscope %s says %q (%d in all), as in %q", strings.Join(args, " "), text[m[0][0]:m[0][1]], len(m), at)
			}
		}
	}
}

// packagePrefix is a Go package's name where a message starts a clause
// ("datasets: bad.csv: …", "learn: the SVM needs …"), and Go's words for
// an interrupt: a user knows neither.
var packagePrefix = regexp.MustCompile(`\b(learn|datasets|figure|crossval|lab|setup|notation|safetext|inputguard): |context canceled`)

// TestNoPackagePrefixes: the errors of data, numbers and files that reach
// a user say what is wrong without Go's package names (issue 34: "datasets:
// bad.csv: line 2: …", "learn: K(x₁, x₁) = 1e+308: …").
func TestNoPackagePrefixes(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, "bad.csv", "1,2,1\n3,4\n")
	one := writeFile(t, "one.csv", "1,2,1\n3,4,1\n")
	for _, args := range [][]string{
		{"trace", "--data", bad},
		{"features", "--data", bad},
		{"trace", "--data", dir + "/none.csv"},
		{"trace", "--data", dir},
		{"svm", "--data", one},
		{"trace", "--kernel", "1e308*rbf", "--dataset", "moons"},
		{"svm", "--kernel", "1e308*rbf", "--dataset", "moons"},
		{"trace", "--algo", "pegasos", "--kernel", "1e300*rbf", "--dataset", "moons"},
		{"export", "--dataset", "moons", "--out", dir + "/none/x.csv"},
		{"plot", "--dataset", "moons", "--out", dir + "/none/x.png"},
	} {
		_, stderr, code := runCLI(args...)
		if code != exitData || packagePrefix.MatchString(stderr) {
			t.Errorf("%q: exit %d, %q; want exit 1 and no package's name", args, code, stderr)
		}
	}
}

// TestDataCompressed: --data of a gzip file says it is compressed and how
// to decompress it, for every command that reads --data. It used to read
// as "line 1: want 3 fields x1,x2,y, got 1".
func TestDataCompressed(t *testing.T) {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte("1,2,1\n-1,-2,-1\n"))
	w.Close()
	gz := writeFile(t, "points.csv.gz", b.String())
	want := "kernelscope: " + gz + " is compressed (gzip): decompress it first, e.g. gunzip " + gz + "\n"
	for _, cmd := range [][]string{{"trace"}, {"svm"}, {"features"}, {"trace", "--columns", "1,2"}} {
		out, stderr, code := runCLI(append(cmd, "--data", gz)...)
		if code != exitData || out != "" || stderr != want {
			t.Errorf("%q: exit %d, stdout %.80q, stderr %q; want exit 1 and %q", cmd, code, out, stderr, want)
		}
	}
}
