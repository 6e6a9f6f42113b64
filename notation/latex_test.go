package notation

import (
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"kernelscope/learn"
)

// pdflatexSafe reports the first character of s that a stock pdflatex
// (OT1, no inputenc beyond its UTF-8 default, no fonts but Computer
// Modern) could not set, and an odd count of unescaped $ (a math run left
// open).
func pdflatexSafe(t *testing.T, in, s string) {
	t.Helper()
	for _, r := range s {
		if r > 0x7e || (r < 0x20 && r != '\n') {
			t.Errorf("LaTeX(%q) = %q: character %q pdflatex cannot set", in, s, r)
			return
		}
	}
	inMath := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++ // a command's first character, \$ included
		case s[i] == '$' && !inMath && i+1 < len(s) && s[i+1] == '$':
			t.Errorf("LaTeX(%q) = %q: $$ opens display math", in, s)
			return
		case s[i] == '$':
			inMath = !inMath
		}
	}
	if inMath {
		t.Errorf("LaTeX(%q) = %q: a math run left open", in, s)
	}
}

// TestLaTeXExamples: each kind of character, written as it must be.
func TestLaTeXExamples(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// seed 003's kernel and the function it learns
		{"(x·z)²", `(x$\cdot$z)\textsuperscript{2}`},
		{"f(x) = Σⱼ αⱼ yⱼ K(xⱼ, x) = (x₁ + x₂)²", `f(x) = $\Sigma$\textsubscript{j} $\alpha$\textsubscript{j} y\textsubscript{j} K(x\textsubscript{j}, x) = (x\textsubscript{1} + x\textsubscript{2})\textsuperscript{2}`},
		// seed 004's augmentation, and a sign
		{"x̃ = (1, x₁, x₂)", `$\tilde{x}$ = (1, x\textsubscript{1}, x\textsubscript{2})`},
		{"sign(−6) = −1 ≠ y₂ = +1", `sign($-$6) = $-$1 $\neq$ y\textsubscript{2} = +1`},
		{"y₁·f = 0 ≤ 0", `y\textsubscript{1}$\cdot$f = 0 $\le$ 0`},
		// a run of subscripts is one \textsubscript, a minus inside as math
		{"α₁₂ = 3; x₋₁", `$\alpha$\textsubscript{12} = 3; x\textsubscript{$-$1}`},
		{"10⁻³", `10\textsuperscript{$-$3}`},
		// the specials of a file name
		{`a|b_c%d&e#f$g{h}i~j^k\l`, `a$|$b\_c\%d\&e\#f\$g\{h\}i\~{}j\^{}k\textbackslash{}l`},
		// accented letters of a name, and what has no spelling
		{"věta données", `v\v{e}ta donn\'{e}es`},
		{"☃", "?"},
	} {
		got := LaTeX(c.in)
		if got != c.want {
			t.Errorf("LaTeX(%q)\n got %s\nwant %s", c.in, got, c.want)
		}
		pdflatexSafe(t, c.in, got)
	}
}

// TestLaTeXKernels: every kernel family's formula, as learn's String
// writes it, becomes LaTeX a stock pdflatex sets, with nothing lost ("?").
func TestLaTeXKernels(t *testing.T) {
	kernels := []learn.Kernel{
		learn.Linear{},
		learn.Poly{D: 2}, learn.Poly{D: 3, C: 1}, learn.Poly{D: 12, C: -0.5}, learn.Poly{D: 1, C: 2},
		learn.RBF{Sigma: 0.5}, learn.RBF{Sigma: 1e-7},
		learn.Sigmoid{Gamma: 1, C: 0}, learn.Sigmoid{Gamma: 0.5, C: -1},
		learn.Sum{learn.Linear{}, learn.RBF{Sigma: 2}},
		learn.Product{learn.Sum{learn.Linear{}, learn.Poly{D: 2}}, learn.RBF{Sigma: 1}},
		learn.Scaled{A: 2.5, K: learn.Sum{learn.Linear{}, learn.Sigmoid{Gamma: 2, C: 1}}},
	}
	want := map[string]string{
		"exp(−‖x−z‖²/(2·0.5²))": `exp($-$$\|$x$-$z$\|$\textsuperscript{2}/(2$\cdot$0.5\textsuperscript{2}))`,
		"(x·z + 1)³":            `(x$\cdot$z + 1)\textsuperscript{3}`,
		"(x·z − 0.5)¹²":         `(x$\cdot$z $-$ 0.5)\textsuperscript{12}`,
		"tanh(0.5·x·z − 1)":     `tanh(0.5$\cdot$x$\cdot$z $-$ 1)`,
	}
	seen := 0
	for _, k := range kernels {
		in := k.String()
		got := LaTeX(in)
		if strings.Contains(got, "?") {
			t.Errorf("LaTeX(%q) = %q: a character left out", in, got)
		}
		pdflatexSafe(t, in, got)
		if w, ok := want[in]; ok {
			seen++
			if got != w {
				t.Errorf("LaTeX(%q)\n got %s\nwant %s", in, got, w)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d formulas checked by hand were written: learn's String changed", seen, len(want))
	}
}

// TestLaTeXEveryRune: every non-ASCII character in a string or rune
// literal of learn and notation (the packages whose text trace writes) has
// a LaTeX spelling, so nothing the notation can print becomes "?".
func TestLaTeXEveryRune(t *testing.T) {
	runes := map[rune]string{}
	for _, dir := range []string{"../learn", "."} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") || filepath.Base(path) == "latex.go" {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var s scanner.Scanner
			fset := token.NewFileSet()
			s.Init(fset.AddFile(path, -1, len(src)), src, nil, 0)
			for {
				pos, tok, lit := s.Scan()
				if tok == token.EOF {
					break
				}
				if tok != token.STRING && tok != token.CHAR {
					continue
				}
				text := lit
				if v, err := strconv.Unquote(lit); err == nil {
					text = v
				}
				for _, r := range text {
					if r >= utf8.RuneSelf {
						runes[r] = fset.Position(pos).String()
					}
				}
			}
		}
	}
	if len(runes) < 20 {
		t.Fatalf("only %d non-ASCII characters found: the scan is broken", len(runes))
	}
	for r, where := range runes {
		if unicode.Is(unicode.Mn, r) {
			// A combining accent is only ever written after its letter.
			if got := LaTeX("x" + string(r)); strings.Contains(got, "?") {
				t.Errorf("x%c (%U, %s): LaTeX %q", r, r, where, got)
			}
			continue
		}
		got := LaTeX(string(r))
		if strings.Contains(got, "?") {
			t.Errorf("%c (%U, first at %s) has no LaTeX spelling", r, r, where)
		}
		pdflatexSafe(t, string(r), got)
	}
}
