package main

import (
	"bufio"
	"strings"
	"unicode/utf8"

	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/setup"
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
func writeMarkdown(w *bufio.Writer, s *setup.Options, p *learn.Perceptron) error {
	w.WriteString("**" + markdownCell(traceHeader(s, p)) + "**\n\n")
	writeMarkdownRow(w, notation.TableHeader)
	w.WriteString("|---:|---:|---:|---|---|---|---|\n")
	err := steps(p, func(st learn.Step) {
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
// table cell: the cell separator |, emphasis, code spans, HTML and a
// backslash; a line break becomes a space.
var markdownCell = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", ">", "&gt;", "\n", " ", "\r", " ",
).Replace

// latexLinesPerTable is how many lines of type one tabular of steps
// holds: a tabular does not break across pages, so a long run is written
// as several, each with the header, that pdflatex places page after page.
const latexLinesPerTable = 36

// latexLines estimates the lines a row takes once its wrapped cells
// (notation.Row's sum, prediction and α, in the p{} columns of
// latexTableStart) are set: about 1.8 characters a millimetre of
// footnotesize.
func latexLines(r notation.Row) int {
	lines := 1
	for _, c := range []struct {
		text  string
		chars int
	}{{r.Sum, 90}, {r.Prediction, 60}, {r.Alpha, 40}} {
		lines = max(lines, (utf8.RuneCountInString(c.text)+c.chars-1)/c.chars)
	}
	return lines
}

// writeLatex writes the run as a LaTeX document that a stock pdflatex
// compiles with booktabs as its only package: the header as a heading,
// the steps in tables of latexRowsPerTable rows, then the summary.
// Between the "% --- steps ---" and "% --- end ---" lines is what to paste
// into one's own notes.
func writeLatex(w *bufio.Writer, s *setup.Options, p *learn.Perceptron) error {
	w.WriteString(latexPreamble)
	w.WriteString(`\noindent\textbf{` + notation.LaTeX(traceHeader(s, p)) + "}\n\n% --- steps ---\n")
	rows, lines := 0, 0
	err := steps(p, func(st learn.Step) {
		row := notation.TableRow(p, st)
		if rows == 0 || lines+latexLines(row) > latexLinesPerTable {
			if rows > 0 {
				w.WriteString(latexTableEnd)
			}
			w.WriteString(latexTableStart)
			lines = 0
		}
		rows++
		lines += latexLines(row)
		cells := row.Cells()
		for k, c := range cells {
			cells[k] = notation.LaTeX(c)
		}
		w.WriteString(strings.Join(cells, " & ") + ` \\` + "\n")
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
	w.WriteString("\\end{itemize}\n% --- end ---\n\\end{document}\n")
	return nil
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
\footnotesize
`

// latexTableStart opens one table of steps: the sum, the prediction and
// α wrap within their columns.
var latexTableStart = "\\begin{tabular}{rrrp{5.1cm}p{3.5cm}lp{3.0cm}}\n\\toprule\n" +
	strings.Join(latexHeader(), " & ") + " \\\\\n\\midrule\n"

const latexTableEnd = "\\bottomrule\n\\end{tabular}\n\\par\\medskip\n"

func latexHeader() []string {
	out := make([]string, len(notation.TableHeader))
	for k, h := range notation.TableHeader {
		out[k] = notation.LaTeX(h)
	}
	return out
}
