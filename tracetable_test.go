package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *updateGolden {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to write it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// seed003Rows are the worked example's steps as seed 003 writes them
// ("t=1, i=1 / Σₖ aᵏ K(xᵏ, x¹) = 0x4 + 0x0 + 0x4 + 0x0 = 0, sign(0) = −1 /
// a¹ += y¹ → a¹ += 1, new a = [1,0,0,0]", then "t=1, i=2 … 1x0 + 0x4 +
// 0x0 + 0x4 = 0", "t=1, i=3 … 1x4 + … = 4, sign(4) = 1", "t=1, i=4 … = 0",
// "t=2, i=1 … 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1", then "..." and
// "Converged!!!"): t, i, the sum's terms with × written ·, f, the sign,
// and whether α changed. The notes stop at t=2, i=1; the rest of the pass
// repeats pass 1's sums with α unchanged.
var seed003Rows = []struct {
	t, i    int
	terms   string
	sign    string
	mistake bool
}{
	{1, 1, "0·4 + 0·0 + 0·4 + 0·0 = 0", "sign(0) = −1", true},
	{1, 2, "1·0 + 0·4 + 0·0 + 0·4 = 0", "sign(0) = −1", false},
	{1, 3, "1·4 + 0·0 + 0·4 + 0·0 = 4", "sign(4) = +1", false},
	{1, 4, "1·0 + 0·4 + 0·0 + 0·4 = 0", "sign(0) = −1", false},
	{2, 1, "1·4 + 0·0 + 0·4 + 0·0 = 4", "sign(4) = +1", false},
	{2, 2, "1·0 + 0·4 + 0·0 + 0·4 = 0", "sign(0) = −1", false},
	{2, 3, "1·4 + 0·0 + 0·4 + 0·0 = 4", "sign(4) = +1", false},
	{2, 4, "1·0 + 0·4 + 0·0 + 0·4 = 0", "sign(0) = −1", false},
}

// unescapedBar matches a | that is not escaped as \|.
var unescapedBar = regexp.MustCompile(`(^|[^\\])\|`)

// TestTraceMarkdownWorked4: the Markdown table of seed 003's worked
// example, row for row as the notes compute it, a valid GitHub table (every
// row has the header's number of cells), then the summary with the notes'
// "y = … = K(x¹, x) … = (x₁ + x₂)²".
func TestTraceMarkdownWorked4(t *testing.T) {
	out, stderr, code := runCLI("trace", "--dataset", "worked4", "--format", "markdown")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden(t, "trace_worked4.md", out)
	lines := strings.Split(out, "\n")
	var rows [][]string
	for _, l := range lines {
		if strings.HasPrefix(l, "| ") {
			rows = append(rows, strings.Split(strings.Trim(l, "| "), " | "))
		}
	}
	if len(rows) != 1+len(seed003Rows) {
		t.Fatalf("%d table rows, want the header and %d steps:\n%s", len(rows), len(seed003Rows), out)
	}
	for k, want := range seed003Rows {
		r := rows[k+1]
		if r[1] != itoa(want.t) || r[2] != itoa(want.i) || r[3] != want.terms || !strings.HasPrefix(r[4], want.sign) {
			t.Errorf("step %d: %q, want t=%d i=%d %q %q", k+1, r, want.t, want.i, want.terms, want.sign)
		}
		if got := r[5] == "✗ yes"; got != want.mistake {
			t.Errorf("step %d: mistake cell %q, want mistake %t", k+1, r[5], want.mistake)
		}
		// "new a = [1,0,0,0]" after step 1, and α stays so.
		if r[6] != "α = [1, 0, 0, 0]" {
			t.Errorf("step %d: α after %q, want α = [1, 0, 0, 0]", k+1, r[6])
		}
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "|") && len(unescapedBar.FindAllString(l, -1)) != 8 {
			t.Errorf("row %q has not the header's 7 cells", l)
		}
	}
	if !strings.Contains(out, "- f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = 1·K(x₁, x) = (x₁ + x₂)²") {
		t.Errorf("no learned function (x₁ + x₂)² in:\n%s", out)
	}
}

// TestTraceLatexWorked4: the LaTeX document holds the same rows as math
// that pdflatex sets without packages beyond booktabs, and nothing a stock
// pdflatex would refuse: no raw Unicode, balanced $.
func TestTraceLatexWorked4(t *testing.T) {
	out, stderr, code := runCLI("trace", "--dataset", "worked4", "--format", "latex")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden(t, "trace_worked4.tex", out)
	for _, want := range []string{
		`\usepackage{booktabs}`, `\begin{document}`, `\end{document}`, `\toprule`, `\bottomrule`,
		// Step 1: seed 003's "0x4 + 0x0 + 0x4 + 0x0 = 0, sign(0) = −1", a mistake, new a = [1,0,0,0].
		`1 & 1 & 1 & 0$\cdot$4 + 0$\cdot$0 + 0$\cdot$4 + 0$\cdot$0 = 0 & sign(0) = $-$1 $\neq$ y\textsubscript{1} = +1 (tie rule neg) & $\times$ yes & $\alpha$ = [1, 0, 0, 0] \\`,
		// Step 5: "t=2, i=1 … 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1".
		`5 & 2 & 1 & 1$\cdot$4 + 0$\cdot$0 + 0$\cdot$4 + 0$\cdot$0 = 4 & sign(4) = +1 = y\textsubscript{1} & $\surd$ no`,
		`(x\textsubscript{1} + x\textsubscript{2})\textsuperscript{2}`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	checkLatex(t, out)
	if strings.Count(out, `\usepackage`) != 1 {
		t.Errorf("packages beyond booktabs:\n%s", out)
	}
}

// checkLatex fails on what would stop pdflatex: a non-ASCII character, or
// an odd number of unescaped $ on a line.
func checkLatex(t *testing.T, out string) {
	t.Helper()
	for n, line := range strings.Split(out, "\n") {
		for _, r := range line {
			if r > 0x7e || (r < 0x20 && r != '\t') {
				t.Errorf("line %d: character %q that pdflatex cannot set: %s", n+1, r, line)
				break
			}
		}
		if strings.Count(strings.ReplaceAll(line, `\$`, ""), "$")%2 != 0 {
			t.Errorf("line %d: unbalanced $: %s", n+1, line)
		}
	}
}

// TestTraceTablesEscape: a file name with Markdown's and LaTeX's special
// characters comes out escaped, a larger run's learners and held-out rows
// add their lines, and the rows of a long run are split into tables.
func TestTraceTablesEscape(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a|b_c%d&e#f.csv")
	rows := "x1,x2,y\n"
	for k := range 12 {
		rows += strings.Join([]string{itoa(k), itoa(k % 3), map[bool]string{true: "1", false: "-1"}[k%2 == 0]}, ",") + "\n"
	}
	if err := os.WriteFile(path, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	md, stderr, code := runCLI("trace", "--data", path, "--kernel", "rbf(sigma=1)", "--format", "markdown", "--test", "0.25", "--algo", "averaged")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(md, `a\|b\_c%d&e#f.csv`) {
		t.Errorf("file name not escaped for Markdown:\n%s", md)
	}
	for _, want := range []string{"- averaged perceptron:", "- test accuracy "} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in:\n%s", want, md)
		}
	}
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "|") && len(unescapedBar.FindAllString(l, -1)) != 8 {
			t.Errorf("row %q has not the header's 7 cells", l)
		}
	}
	tex, stderr, code := runCLI("trace", "--data", path, "--kernel", "linear", "--format", "latex", "--epochs", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(tex, `a$|$b\_c\%d\&e\#f.csv`) {
		t.Errorf("file name not escaped for LaTeX:\n%s", tex)
	}
	checkLatex(t, tex)
	steps := strings.Count(tex, `\\`) - strings.Count(tex, `\toprule`) // less the header rows
	if tables := strings.Count(tex, `\begin{tabular}`); tables < 2 || tables != strings.Count(tex, `\end{tabular}`) {
		t.Errorf("%d steps in %d tables: a long run must be split, and every table closed", steps, tables)
	}
}

// TestTraceTablesSVM: the SVM has no steps of the perceptron to tabulate,
// as with the text format.
func TestTraceTablesSVM(t *testing.T) {
	for _, f := range []string{"markdown", "latex"} {
		out, stderr, code := runCLI("trace", "--dataset", "worked4", "--algo", "svm", "--format", f)
		if code != 2 || out != "" || !strings.Contains(stderr, "kernelscope svm") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q: want a usage error naming kernelscope svm", f, code, out, stderr)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
