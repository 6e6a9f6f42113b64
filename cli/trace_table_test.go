package cli

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kernelscope/notation"
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

// markdownTable returns the cells of every row of out's table, header
// first, and fails unless each row is a valid GitHub table row: as many
// unescaped | as the header's, which is followed by the |---| row.
func markdownTable(t *testing.T, out string) [][]string {
	t.Helper()
	var rows [][]string
	bars := -1
	lines := strings.Split(out, "\n")
	for n, l := range lines {
		if !strings.HasPrefix(l, "|") {
			continue
		}
		count := len(unescapedBar.FindAllString(l, -1))
		if bars < 0 {
			bars = count
			if n+1 >= len(lines) || !regexp.MustCompile(`^(\|-{3,}:?|\|:?-{3,}:?)+\|$`).MatchString(lines[n+1]) {
				t.Fatalf("the header %q is not followed by a |---| row", l)
			}
		}
		if count != bars {
			t.Errorf("row %q has %d unescaped |, the header %d", l, count, bars)
		}
		if strings.HasPrefix(l, "|-") {
			continue
		}
		cells := unescapedBar.Split(strings.TrimSuffix(l, "|"), -1)[1:]
		for k, c := range cells {
			cells[k] = strings.TrimSpace(c)
		}
		rows = append(rows, cells)
	}
	if bars != 8 {
		t.Errorf("the header has %d unescaped |, want 8 (7 columns)", bars)
	}
	return rows
}

// TestTraceMarkdownWorked4: the Markdown table of seed 003's worked
// example, row for row as the notes compute it, a valid GitHub table, then
// the summary with the notes' "y = … = K(x¹, x) … = (x₁ + x₂)²".
func TestTraceMarkdownWorked4(t *testing.T) {
	out, stderr, code := runCLI("trace", "--dataset", "worked4", "--format", "markdown")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden(t, "trace_worked4.md", out)
	rows := markdownTable(t, out)
	if len(rows) != 1+len(seed003Rows) {
		t.Fatalf("%d table rows, want the header and %d steps:\n%s", len(rows), len(seed003Rows), out)
	}
	for k, want := range seed003Rows {
		r := rows[k+1]
		if r[0] != itoa(k+1) || r[1] != itoa(want.t) || r[2] != itoa(want.i) || r[3] != want.terms || !strings.HasPrefix(r[4], want.sign) {
			t.Errorf("step %d: %q, want t=%d i=%d %q %q", k+1, r, want.t, want.i, want.terms, want.sign)
		}
		if got := r[5] == "✗ yes"; got != want.mistake || (r[5] != "✗ yes" && r[5] != "✓ no") {
			t.Errorf("step %d: mistake cell %q, want mistake %t", k+1, r[5], want.mistake)
		}
		// "new a = [1,0,0,0]" after step 1, and α stays so.
		if r[6] != "α = [1, 0, 0, 0]" {
			t.Errorf("step %d: α after %q, want α = [1, 0, 0, 0]", k+1, r[6])
		}
	}
	for _, want := range []string{
		"**worked4: 4 points; K(x,z) = (x·z)²; no bias; tie neg (sign(0) = −1); η = 1; at most 100 passes**",
		"- converged after 2 passes (8 steps, 1 mistake)",
		"- support vectors: 1 of 4 (α₁ = 1)",
		// "y = Σₖ aᵏ K(xᵏ, x) = 1 × K(x¹, x) + … = (x₁ + x₂)²"
		"- f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = 1·K(x₁, x) = (x₁ + x₂)²",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

// TestTraceMarkdownWorked3: seed 004's example, "D = {((2, −1), 1),
// ((2, 1), 1), ((1, 3), −1)}" on x̃ = (1, x₁, x₂) with sig(0) = 1: the sums
// the notes write, the two updates n⁽³⁾ = (0, 0, 1) and n⁽⁵⁾ = (0, 1, 1),
// and "The result: x̃₂ − x̃₃".
func TestTraceMarkdownWorked3(t *testing.T) {
	out, stderr, code := runCLI("trace", "--dataset", "worked3", "--format", "markdown")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows := markdownTable(t, out)[1:]
	want := []struct{ sum, sign, mistake, alpha string }{
		{"= 0", "sign(0) = +1 = y₁", "✓ no", "α = [0, 0, 0]"},              // "= 0, thus sig(…) = 1 = y₁"
		{"= 0", "sign(0) = +1 = y₂", "✓ no", "α = [0, 0, 0]"},              // "= 0, thus sig(…) = 1 = y₂"
		{"= 0", "sign(0) = +1 ≠ y₃", "✗ yes", "α = [0, 0, 1]"},             // "= 0, thus sig(…) = 1 ≠ y₃. Hence, n⁽³⁾ = (0, 0, 1)"
		{"− 1·0 = 0", "sign(0) = +1 = y₁", "✓ no", "α = [0, 0, 1]"},        // "= −1 · 0 = 0 … = 1 = y₁"
		{"− 1·6 = −6", "sign(−6) = −1 ≠ y₂", "✗ yes", "α = [0, 1, 1]"},     // "= −1 · 6 = −6 … ≠ y₂. Hence, n⁽⁵⁾ = (0, 1, 1)"
		{"1·6 − 1·11 = −5", "sign(−5) = −1 = y₃", "✓ no", "α = [0, 1, 1]"}, // "1 · x̃₂·x̃₃ − 1 · x̃₃·x̃₃ = −5 … This is OK."
		{"1·4 − 1·0 = 4", "sign(4) = +1 = y₁", "✓ no", "α = [0, 1, 1]"},    // "1 · x̃₂·x̃₁ − 1 · x̃₃·x̃₁ = 4 … This is OK."
		{"1·6 − 1·6 = 0", "sign(0) = +1 = y₂", "✓ no", "α = [0, 1, 1]"},    // "1 · x̃₂·x̃₂ − 1 · x̃₃·x̃₂ = 0 … This is OK."
	}
	if len(rows) < len(want) {
		t.Fatalf("%d steps, want at least the notes' %d:\n%s", len(rows), len(want), out)
	}
	for k, w := range want {
		r := rows[k]
		if !strings.HasSuffix(r[3], w.sum) || !strings.HasPrefix(r[4], w.sign) || r[5] != w.mistake || r[6] != w.alpha {
			t.Errorf("step %d: %q, want a sum ending %q, %q, %q, %q", k+1, r, w.sum, w.sign, w.mistake, w.alpha)
		}
	}
	// x̃₂ − x̃₃ = (1, 2, 1) − (1, 1, 3): f(x) = x₁ − 2·x₂.
	if !strings.Contains(out, "- support vectors: 2 of 3 (α₂ = 1, α₃ = 1)") || !strings.Contains(out, "= x₁ − 2·x₂\n") {
		t.Errorf("not the notes' result x̃₂ − x̃₃:\n%s", out)
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
		`1 & 1 & 1 & \raggedright 0$\cdot$4 + 0$\cdot$0 + 0$\cdot$4 + 0$\cdot$0 = 0 & \raggedright sign(0) = $-$1 $\neq$ y\textsubscript{1} = +1 (tie rule neg) & $\times$ yes & \raggedright $\alpha$ = [1, 0, 0, 0] \tabularnewline`,
		// Step 5: "t=2, i=1 … 1x4 + 0x0 + 0x4 + 0x0 = 4, sign(4) = 1".
		`5 & 2 & 1 & \raggedright 1$\cdot$4 + 0$\cdot$0 + 0$\cdot$4 + 0$\cdot$0 = 4 & \raggedright sign(4) = +1 = y\textsubscript{1} & $\surd$ no`,
		// "y = … = K([1,1], x) = (x_1 + x_2)^2"
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

// tablesData writes a small data set to a file named with Markdown's
// and LaTeX's special characters (and an accent), and returns its path.
func tablesData(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "données a|b_c%d&e#f.csv")
	rows := "x1,x2,y\n"
	for k := range 12 {
		rows += strings.Join([]string{itoa(k), itoa(k % 3), map[bool]string{true: "1", false: "-1"}[k%2 == 0]}, ",") + "\n"
	}
	if err := os.WriteFile(path, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTraceTablesEscape: the file name comes out escaped for each format,
// and the summary is the text format's, line for line: with --test its
// held-out line, with --algo averaged the averaged and voted lines.
func TestTraceTablesEscape(t *testing.T) {
	path := tablesData(t)
	args := []string{"trace", "--data", path, "--kernel", "rbf(sigma=1)", "--test", "0.25", "--algo", "averaged"}
	text, stderr, code := runCLI(append(args, "--format", "text")...)
	if code != 0 {
		t.Fatalf("text: exit %d: %s", code, stderr)
	}
	md, stderr, code := runCLI(append(args, "--format", "markdown")...)
	if code != 0 {
		t.Fatalf("markdown: exit %d: %s", code, stderr)
	}
	tex, stderr, code := runCLI(append(args, "--format", "latex")...)
	if code != 0 {
		t.Fatalf("latex: exit %d: %s", code, stderr)
	}
	if !strings.Contains(md, `/données a\|b\_c%d&amp;e#f.csv: 9 points;`) {
		t.Errorf("file name not escaped for Markdown:\n%s", md)
	}
	if !strings.Contains(tex, `/donn\'{e}es a$|$b\_c\%d\&e\#f.csv: 9 points;`) {
		t.Errorf("file name not escaped for LaTeX:\n%s", tex)
	}
	markdownTable(t, md)
	checkLatex(t, tex)

	// The summary: the text trace's last lines, from "converged" or "not
	// converged" on, each a Markdown item and a LaTeX \item.
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	first := len(lines) - 1
	for first > 0 && !strings.Contains(lines[first], "converged") {
		first--
	}
	summary := lines[first:]
	for _, want := range []string{"averaged perceptron:", "voted perceptron:", "test accuracy "} {
		if !strings.Contains(strings.Join(summary, "\n"), want) {
			t.Errorf("text summary without %q:\n%s", want, text)
		}
	}
	for _, l := range summary {
		if !strings.Contains(md, "\n- "+l+"\n") {
			t.Errorf("Markdown without the summary line %q:\n%s", l, md)
		}
		if !strings.Contains(tex, "\n\\item "+notation.LaTeX(l)+"\n") {
			t.Errorf("LaTeX without the summary line %q:\n%s", l, tex)
		}
	}
}

// unescapedAmp matches a & that is not escaped as \&.
var unescapedAmp = regexp.MustCompile(`(^|[^\\])&`)

// TestTraceLatexLongRun: a long run is split into tables that each fit
// half a page (latexLinesPerTable), each opened and closed with its header,
// and holds one row of 7 cells for every step of the Markdown table.
func TestTraceLatexLongRun(t *testing.T) {
	args := []string{"trace", "--data", tablesData(t), "--kernel", "linear", "--epochs", "5"}
	md, stderr, code := runCLI(append(args, "--format", "markdown")...)
	if code != 0 {
		t.Fatalf("markdown: exit %d: %s", code, stderr)
	}
	tex, stderr, code := runCLI(append(args, "--format", "latex")...)
	if code != 0 {
		t.Fatalf("latex: exit %d: %s", code, stderr)
	}
	checkLatex(t, tex)
	cells := markdownTable(t, md)[1:] // the same rows, as text
	steps := len(cells)
	if steps != 60 {
		t.Fatalf("%d steps, want 5 passes over 12 points (not separable by a line)", steps)
	}
	rows, tables, lines := 0, 0, 0
	for _, l := range strings.Split(tex, "\n") {
		switch {
		case strings.HasPrefix(l, `\begin{tabular}`):
			tables++
			lines = 0
		case strings.HasPrefix(l, "step & "):
		case strings.HasSuffix(l, `\tabularnewline`):
			if n := len(unescapedAmp.FindAllString(l, -1)); n != 6 {
				t.Errorf("row %q has %d unescaped &, want 6 (7 cells)", l, n)
			}
			if rows < steps {
				lines += latexLines(cells[rows])
			}
			rows++
			if lines > latexLinesPerTable {
				t.Errorf("table %d runs to %d lines, more than %d", tables, lines, latexLinesPerTable)
			}
		}
	}
	if rows != steps {
		t.Errorf("%d rows for %d steps", rows, steps)
	}
	if tables < 2 || tables != strings.Count(tex, `\end{tabular}`) || tables != strings.Count(tex, `\toprule`) {
		t.Errorf("%d tables for %d steps: a long run must be split, and every table open and close with its rules", tables, steps)
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
