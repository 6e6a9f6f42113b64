package cli

import (
	"bufio"
	"context"
	"strings"
	"sync"
	"unicode/utf8"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
)

// Traces for a handout: `trace --format markdown` and `--format latex`
// write the steps as a table of notation.Row, one row a step, then the
// summary and the learned function, in the notes' notation.

// writeMarkdown writes the run as a GitHub table:
//
//	**worked4: 4 points; K(x,z) = (x·z)²; …**
//
//	| step | t | i | Σₖ αₖ yₖ K(xₖ, xᵢ) = f(xᵢ) | prediction | mistake | α after |
//	|---:|---:|---:|---|---|---|---|
//	| 1 | 1 | 1 | 0·4 + 0·0 + 0·4 + 0·0 = 0 | sign(0) = −1 ≠ y₁ = +1 (tie rule neg) | ✗ yes | α = [1, 0, 0, 0] |
//
// then the summary as a list.
func writeMarkdown(ctx context.Context, w *bufio.Writer, s *lab.Options, p learn.Passer) error {
	w.WriteString("**" + markdownCell(traceHeader(s, p)) + "**\n\n")
	writeMarkdownRow(w, notation.TableHeader)
	w.WriteString("|---:|---:|---:|---|---|---|---|\n")
	err := steps(ctx, p, func(st learn.Step) {
		writeMarkdownRow(w, notation.TableRow(p, st).Cells())
	})
	if err != nil {
		return err
	}
	tail, err := traceSummary(s, p)
	if err != nil {
		return err
	}
	w.WriteByte('\n')
	for _, line := range strings.Split(strings.TrimSuffix(tail, "\n"), "\n") {
		w.WriteString("- " + markdownCell(line) + "\n")
	}
	return nil
}

func writeMarkdownRow(w *bufio.Writer, cells []string) {
	w.WriteString("|")
	for _, c := range cells {
		w.WriteString(" " + markdownCell(c) + " |")
	}
	w.WriteByte('\n')
}

// markdownCell escapes what GitHub's Markdown would read as markup in a
// table cell: the cell separator |, emphasis, code spans, HTML and its
// entities, and a backslash; a line break becomes a space.
func markdownCell(s string) string { return markdownEscaper().Replace(s) }

// markdownEscaper is markdownCell's replacer, built on first use.
var markdownEscaper = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer(
		`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", ">", "&gt;", "&", "&amp;", "\n", " ", "\r", " ",
	)
})

// latexLinesPerTable is how many lines of type one tabular of steps
// holds. A tabular does not break across pages, so a long run is written
// as several, each with the header, that pdflatex places one after another:
// a page of \footnotesize holds about 68 lines, so two such tables fit on
// a page, and one still does if latexLines underestimates a table by half.
const latexLinesPerTable = 28

// latexColumns are the wrapping columns of latexTableStart: the width of
// each and how many characters of footnotesize a line of it holds (about
// 7.3 a centimetre in a pdflatex proof of the moons run, 6.8 here to err on
// the side of more lines).
var latexColumns = []struct {
	cell  int // index in notation.Row.Cells
	width string
	chars int
}{{3, "6.6cm", 44}, {4, "3.5cm", 23}, {6, "2.7cm", 18}}

// latexLines is how many lines row takes once its wrapping cells are set
// ragged right, each wrapped greedily at spaces as TeX would.
func latexLines(cells []string) int {
	lines := 1
	for _, c := range latexColumns {
		lines = max(lines, wrappedLines(cells[c.cell], c.chars))
	}
	return lines
}

// wrappedLines is how many lines of width characters text takes when
// wrapped greedily at spaces (a word longer than a line takes one).
func wrappedLines(text string, width int) int {
	lines, used := 1, 0
	for _, word := range strings.Fields(text) {
		n := utf8.RuneCountInString(word)
		switch {
		case used == 0:
			used = n
		case used+1+n <= width:
			used += 1 + n
		default:
			lines++
			used = n
		}
	}
	return lines
}

// writeLatex writes the run as a LaTeX document that a stock pdflatex
// compiles with booktabs as its only package: the header as a heading, the
// steps in tables of at most latexLinesPerTable lines, then the summary.
// Between the "% --- steps ---" and "% --- end ---" lines is what to paste
// into one's own notes (with \usepackage{booktabs}), in a group that
// sets its type size.
func writeLatex(ctx context.Context, w *bufio.Writer, s *lab.Options, p learn.Passer) error {
	w.WriteString(latexPreamble)
	w.WriteString(`\noindent\textbf{` + notation.LaTeX(traceHeader(s, p)) + "}\n\\par\\medskip\n% --- steps ---\n" + latexGroup)
	rows, lines := 0, 0
	start := latexTableStart()
	err := steps(ctx, p, func(st learn.Step) {
		cells := notation.TableRow(p, st).Cells()
		n := latexLines(cells)
		if rows == 0 || lines+n > latexLinesPerTable {
			if rows > 0 {
				w.WriteString(latexTableEnd)
			}
			w.WriteString(start)
			lines = 0
		}
		rows++
		lines += n
		writeLatexRow(w, cells)
	})
	if err != nil {
		return err
	}
	if rows > 0 {
		w.WriteString(latexTableEnd)
	}
	tail, err := traceSummary(s, p)
	if err != nil {
		return err
	}
	w.WriteString("\\begin{itemize}\n")
	for _, line := range strings.Split(strings.TrimSuffix(tail, "\n"), "\n") {
		w.WriteString(`\item ` + notation.LaTeX(line) + "\n")
	}
	w.WriteString("\\end{itemize}\n\\endgroup\n% --- end ---\n\\end{document}\n")
	return nil
}

// writeLatexRow writes one row of a table: the wrapping cells set ragged
// right (justified, a narrow column stretches its spaces), and the row
// ended by \tabularnewline, since \raggedright takes \\ for itself.
func writeLatexRow(w *bufio.Writer, cells []string) {
	out := make([]string, len(cells))
	for k, c := range cells {
		out[k] = notation.LaTeX(c)
	}
	for _, c := range latexColumns {
		if out[c.cell] != "" {
			out[c.cell] = `\raggedright ` + out[c.cell]
		}
	}
	w.WriteString(strings.Join(out, " & ") + " \\tabularnewline\n")
}

// latexPreamble sets an A4 or letter page with 2 cm margins (pdfTeX's own
// lengths: no geometry package) and a small type that fits the sums.
const latexPreamble = `\documentclass[10pt]{article}
% kernelscope trace --format latex; compiles with pdflatex and booktabs only.
\usepackage{booktabs}
\setlength{\textwidth}{17cm}
\setlength{\oddsidemargin}{-0.54cm}
\setlength{\textheight}{23cm}
\setlength{\topmargin}{-1.5cm}
\setlength{\parindent}{0pt}
\begin{document}
`

// latexGroup opens what is pasted with the table: a small type and narrow
// column gaps, so the columns of latexColumns fit a 17 cm text width.
const latexGroup = "\\begingroup\\footnotesize\\setlength{\\tabcolsep}{4pt}\n"

// latexTableStart opens one table of steps: the sum, the prediction and
// α wrap within their columns (latexColumns). A function, not a variable:
// its header is notation.LaTeX's work, which a run that writes no LaTeX
// does not do.
func latexTableStart() string {
	return "\\begin{tabular}{rrr" + "p{" + latexColumns[0].width + "}p{" + latexColumns[1].width + "}lp{" +
		latexColumns[2].width + "}}\n\\toprule\n" + strings.Join(latexHeader(), " & ") + " \\tabularnewline\n\\midrule\n"
}

const latexTableEnd = "\\bottomrule\n\\end{tabular}\n\\par\\medskip\n"

func latexHeader() []string {
	out := make([]string, len(notation.TableHeader))
	for k, h := range notation.TableHeader {
		out[k] = notation.LaTeX(h)
	}
	return out
}
