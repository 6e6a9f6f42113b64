package notation

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// LaTeX writes notation text (a sum, a kernel's formula, a summary line)
// as LaTeX that a stock pdflatex compiles with no package at all: the
// ASCII specials escaped, each symbol of the notes as its math command
// ("Σ αₖ" → "$\Sigma$ $\alpha$\textsubscript{k}"), runs of subscript and
// superscript characters as \textsubscript and \textsuperscript, a
// letter with a combining tilde or bar (x̃, f̄) as \tilde or \bar, and an
// accented letter of a name as its accent command ("é" → "\'{e}"). A rune
// with no LaTeX spelling here becomes "?", so the output always compiles.
func LaTeX(s string) string {
	t := latexTables()
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		// A letter and a combining accent: x̃ = x + U+0303, f̄ = f + U+0304.
		if next, n2 := utf8.DecodeRuneInString(s[i+size:]); next == '\u0303' || next == '\u0304' {
			accent := map[rune]string{'\u0303': `\tilde`, '\u0304': `\bar`}[next]
			base := t.symbols[r]
			if base == "" && r < utf8.RuneSelf {
				base = string(r)
			}
			if base != "" {
				b.WriteString("$" + accent + "{" + base + "}$")
				i += size + n2
				continue
			}
		}
		if script, cmd := t.scriptRun(s[i:]); script != "" {
			b.WriteString(cmd + "{" + script + "}")
			i += len(s[i:]) - len(strings.TrimLeftFunc(s[i:], func(c rune) bool { return t.scriptChar(c, cmd) }))
			continue
		}
		switch {
		case t.text[r] != "":
			b.WriteString(t.text[r])
		case t.letters[r] != "":
			b.WriteString(t.letters[r])
		case t.symbols[r] != "":
			b.WriteString("$" + t.symbols[r] + "$")
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		default:
			b.WriteByte('?')
		}
		i += size
	}
	return b.String()
}

// latexMaps are LaTeX's spellings of the characters the notation writes.
type latexMaps struct {
	text, letters, symbols map[rune]string
	sub, sup               map[rune]rune
}

// latexTables builds the maps on first use: a command that writes no
// LaTeX (most of them) does not build them at start.
var latexTables = sync.OnceValue(func() *latexMaps {
	return &latexMaps{text: latexText(), letters: latexLetters(), symbols: latexSymbols(), sub: subscripts(), sup: superscripts()}
})

// latexText are the characters written in text mode: the ASCII specials
// (and < > |, which the default OT1 encoding draws as other glyphs).
func latexText() map[rune]string {
	return map[rune]string{
		'\\': `\textbackslash{}`, '{': `\{`, '}': `\}`, '_': `\_`, '%': `\%`, '&': `\&`, '#': `\#`,
		'$': `\$`, '~': `\~{}`, '^': `\^{}`,
		'<': `$<$`, '>': `$>$`, '|': `$|$`, '…': `\ldots{}`, '–': `--`, '—': `---`, '°': `\ensuremath{^\circ}`,
	}
}

// latexLetters are the accented letters of European names (a data file
// "věta.csv", "données.csv"), each as the accent command OT1 composes.
func latexLetters() map[rune]string {
	m := map[rune]string{
		'ß': `{\ss}`, 'æ': `{\ae}`, 'Æ': `{\AE}`, 'œ': `{\oe}`, 'Œ': `{\OE}`, 'ø': `{\o}`, 'Ø': `{\O}`,
		'å': `{\aa}`, 'Å': `{\AA}`, 'ł': `{\l}`, 'Ł': `{\L}`, 'ı': `{\i}`,
	}
	// Each string pairs an accented letter with its base letter.
	for accent, pairs := range map[string]string{
		`\'`:  "áaéeíıóoúuýyÁAÉEÍIÓOÚUÝYćcńnśsźzĺlŕrĆCŃNŚSŹZĹLŔR",
		"\\`": "àaèeìıòoùuÀAÈEÌIÒOÙU",
		`\^`:  "âaêeîıôoûuÂAÊEÎIÔOÛU",
		`\"`:  "äaëeïıöoüuÿyÄAËEÏIÖOÜUŸY",
		`\~`:  "ãaõoñnÃAÕOÑN",
		`\v`:  "čcďděeňnřršsťtžzľlČCĎDĚEŇNŘRŠSŤTŽZĽL",
		`\r`:  "ůuŮU",
		`\c`:  "çcşsţtÇCŞSŢT",
		`\H`:  "őoűuŐOŰU",
		"":    "ąaęeĄAĘE", // the ogonek \k needs T1: the bare letter
		`\.`:  "żzŻZ",
	} {
		rs := []rune(pairs)
		for k := 0; k+1 < len(rs); k += 2 {
			base := string(rs[k+1])
			if rs[k+1] == 'ı' {
				base = `\i`
			}
			m[rs[k]] = accent + "{" + base + "}"
		}
	}
	return m
}

// latexSymbols are the notes' symbols, each written in math mode.
func latexSymbols() map[rune]string {
	return map[rune]string{
		'Σ': `\Sigma`, 'Φ': `\Phi`, 'Δ': `\Delta`, 'Ω': `\Omega`, 'Π': `\Pi`,
		'α': `\alpha`, 'γ': `\gamma`, 'δ': `\delta`, 'ε': `\varepsilon`, 'η': `\eta`, 'θ': `\theta`,
		'κ': `\kappa`, 'λ': `\lambda`, 'ℓ': `\ell`, 'μ': `\mu`, 'π': `\pi`, 'ρ': `\rho`, 'σ': `\sigma`, 'τ': `\tau`,
		'φ': `\varphi`, 'ϕ': `\phi`, 'ᾱ': `\bar\alpha`,
		'·': `\cdot`, '−': `-`, '×': `\times`, '±': `\pm`, '∓': `\mp`, '≠': `\neq`, '≤': `\le`, '≥': `\ge`,
		'≈': `\approx`, '≪': `\ll`, '→': `\to`, '←': `\gets`, '⇒': `\Rightarrow`, '∈': `\in`, '∞': `\infty`,
		'‖': `\|`, '√': `\surd`, '∇': `\nabla`, '⟨': `\langle`, '⟩': `\rangle`, '⌊': `\lfloor`, '⌋': `\rfloor`,
		'⌈': `\lceil`, '⌉': `\rceil`, '′': `'`, '✓': `\surd`, '✗': `\times`, '½': `\frac12`, '¼': `\frac14`,
		'⅓': `\frac13`, '⅔': `\frac23`,
	}
}

// subscripts and superscripts map the Unicode script characters the
// notation writes (learn.Sub, exponents) to what they raise or lower.
func subscripts() map[rune]rune {
	return map[rune]rune{
		'₀': '0', '₁': '1', '₂': '2', '₃': '3', '₄': '4', '₅': '5', '₆': '6', '₇': '7', '₈': '8', '₉': '9',
		'₋': '-', '₊': '+', 'ₖ': 'k', 'ᵢ': 'i', 'ⱼ': 'j', 'ₜ': 't', 'ₐ': 'a', 'ₗ': 'l',
	}
}

func superscripts() map[rune]rune {
	return map[rune]rune{
		'⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9',
		'⁻': '-', '⁺': '+', '⁽': '(', '⁾': ')', 'ᵀ': 'T', 'ᵏ': 'k', 'ⁱ': 'i', 'ʲ': 'j', 'ˡ': 'l', 'ᵃ': 'a',
		'ᵇ': 'b', 'ˣ': 'x', 'ʳ': 'r',
	}
}

// scriptRun reads the run of subscript (or superscript) characters that
// starts s, as plain characters, and the command that sets them; "" when
// s does not start with one. A − inside is written as math.
func (t *latexMaps) scriptRun(s string) (string, string) {
	first, _ := utf8.DecodeRuneInString(s)
	cmd, table := `\textsubscript`, t.sub
	if _, ok := t.sup[first]; ok {
		cmd, table = `\textsuperscript`, t.sup
	} else if _, ok := t.sub[first]; !ok {
		return "", ""
	}
	var b strings.Builder
	for _, r := range s {
		c, ok := table[r]
		if !ok {
			break
		}
		if c == '-' {
			b.WriteString("$-$")
			continue
		}
		b.WriteRune(c)
	}
	return b.String(), cmd
}

// scriptChar reports whether r belongs to the run cmd sets.
func (t *latexMaps) scriptChar(r rune, cmd string) bool {
	if cmd == `\textsubscript` {
		_, ok := t.sub[r]
		return ok
	}
	_, ok := t.sup[r]
	return ok
}
