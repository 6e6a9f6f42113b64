package panels

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"gonum.org/v1/gonum/mat"

	"kernelscope/internal/heavy"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/common"
)

// GramView is the Gram panel: K(xᵢ, xⱼ) for a window of rows and columns
// that follows the current example, with heat shading and the current row
// lit, and the outcome of Mercer's condition (seed 004) on the whole Gram
// matrix, checked off the UI path whenever the data or kernel change.
type GramView struct {
	s    Session
	th   *common.Theme
	w, h int
	// mercer is the Mercer note for the data and kernel of session.built
	// mercerFor; asked is the session.built a check was last started for.
	mercer           mercerNote
	MercerFor, Asked int
	memo             common.Memo[gramKey]
	box              common.BoxCache
	// known is the entries of the window being drawn (scratch: a draw
	// reads each three times, and keeping the map keeps its storage).
	known map[[2]int]float64
}

func newGramView(s Session, th *common.Theme) *GramView {
	return &GramView{s: s, th: th, MercerFor: -1, Asked: -1}
}

// SetSize sets the panel's size, border included.
func (g *GramView) SetSize(w, h int) { g.w, g.h = w, h }

// View draws the panel in exactly its size.
func (g *GramView) View() string { return strings.Join(g.lines(), "\n") }

// MercerMsg is the outcome of a Mercer check for session.built built.
type MercerMsg struct {
	Built int
	Note  mercerNote
}

// Update takes the outcome of a Mercer check, unless the data or kernel
// changed since it was asked for.
func (g *GramView) Update(msg tea.Msg) tea.Cmd {
	if mm, ok := msg.(MercerMsg); ok && mm.Built == g.s.Built() {
		g.mercer, g.MercerFor = mm.Note, mm.Built
	}
	return nil
}

// Check starts the Mercer check for the current data and kernel, when the
// panel is on screen and no check for them was asked for yet. The Gram
// matrix is built here (n ≤ mercerMaxN: 20,100 kernel evaluations at most)
// and decomposed in the command.
func (g *GramView) Check(visible bool) tea.Cmd {
	built := g.s.Built()
	if !visible || g.MercerFor == built || g.Asked == built {
		return nil
	}
	g.Asked = built
	n := g.s.Learner().N()
	switch {
	case n == 0:
		g.mercer, g.MercerFor = mercerNote{}, built
		return nil
	case n > mercerMaxN:
		g.mercer, g.MercerFor = mercerNote{text: fmt.Sprintf("Mercer check not run: n = %d > %d (an n×n eigendecomposition; try a smaller n)", n, mercerMaxN)}, built
		return nil
	}
	gram := g.s.Learner().Gram()
	return func() tea.Msg { return MercerMsg{built, heavy.Do(func() mercerNote { return MercerOf(gram) })} }
}

// lines draws the panel. Entries come from the learner's cached rows or
// one kernel evaluation each: the n×n matrix is never built for it.
func (g *GramView) lines() []string {
	p, th, w, h := g.s.Learner(), g.th, g.w, g.h
	name, formula := "Gram K(xᵢ,xⱼ)", " = "+p.Kernel().String()
	if p.Config().Bias {
		// The values are those of the augmented x̃ = (1, x₁, x₂).
		name, formula = "Gram K(x̃ᵢ,x̃ⱼ)", " = "+augmented(p.Kernel().String())+", x̃ = (1, x)"
	}
	iw, ih := common.Inner(w, h)
	// The formula stays in the title when it fits there, and is the
	// panel's first lines when not.
	title, formulaLines := common.FitTitle(iw, name, formula)
	if ih <= 0 || iw <= 0 {
		return g.box.Box(th, title, nil, w, h)
	}
	for i := range formulaLines {
		formulaLines[i] = th.Dim.Render(formulaLines[i])
	}
	if len(formulaLines) >= ih-1 {
		formulaLines = nil // no room for it and a row: the matrix first
	}
	ih -= len(formulaLines)
	// Each entry is K(xᵢ, xⱼ) from a cached row or one kernel evaluation;
	// the window's entries are read three times (widths, heat scale,
	// cells), so they are evaluated once.
	if g.known == nil {
		g.known = map[[2]int]float64{}
	}
	clear(g.known)
	known := g.known
	kernel := func(i, j int) float64 {
		v, ok := known[[2]int{i, j}]
		if !ok {
			v = p.K(i, j)
			known[[2]int{i, j}] = v
		}
		return v
	}
	note := g.mercerWrapped(iw, ih)
	if p.N() <= ih-1 && p.N() > ih-1-len(note) {
		// The Mercer line would cost a row of a matrix that otherwise
		// shows whole (a small example in a short panel): the rows first.
		note = nil
	}
	rows := max(0, min(p.N(), ih-1-len(note)))
	focus := max(0, g.s.Focus())
	r0 := common.Window(p.N(), rows, focus)
	// A column is 6 cells, wider (up to 9) when an entry of the window
	// needs it: K of large data is huge, and a number is never cut.
	// The row labels are as wide as the largest index shown (x₁₀₀₀ needs
	// five cells), and every column at least as wide as its label.
	lw := max(4, 1+len(strconv.Itoa(r0+rows)))
	cw, cols, c0 := max(6, 2+len(strconv.Itoa(p.N()))), 0, 0
	// Narrow (the strip beside the region at 80 columns): when the whole
	// matrix fits with columns as wide as their labels, the widest columns
	// that let it; the entries widen them again below when they must.
	if least := max(3, 1+ansi.StringWidth("x"+learn.Sub(p.N()))); lw+1+p.N()*least <= iw {
		for cw > least && lw+1+p.N()*cw > iw {
			cw--
		}
	}
	for range 2 {
		cols = max(1, min(p.N(), (iw-lw-1)/cw))
		c0 = common.Window(p.N(), cols, focus)
		need := cw
		for i := r0; i < r0+rows; i++ {
			for j := c0; j < c0+cols; j++ {
				need = max(need, 1+utf8.RuneCountInString(common.Num(common.GramRound(kernel(i, j)), 8)))
			}
		}
		if need == cw {
			break
		}
		cw = need
	}
	// Heat scale: the largest finite |K| in the window. Entries that
	// overflowed (±Inf, NaN) are shown as such, on their own shade.
	big, overflow := 0.0, false
	for i := r0; i < r0+rows; i++ {
		for j := c0; j < c0+cols; j++ {
			if k := math.Abs(kernel(i, j)); common.IsFinite(k) {
				big = math.Max(big, k)
			} else {
				overflow = true
			}
		}
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", lw+1))
	for j := c0; j < c0+cols; j++ {
		b.WriteString(common.PadLeft("x"+learn.Sub(j+1), cw))
	}
	// Every line is written between the box's sides (DrawSided): the rows
	// change with every step, and boxing them would copy them again. A row
	// is lw + 1 + cols·cw cells, padded to iw where it is narrower.
	side, width := th.Side(), lw+1+cols*cw
	lines := make([]string, 0, ih)
	lines = append(lines, th.Sided(th.Dim.Render(b.String()), iw))
	for i := r0; i < r0+rows; i++ {
		// Rows are about as long as the one before: one allocation each.
		n := b.Len()
		b = strings.Builder{}
		b.Grow(n)
		b.WriteString(side)
		head := common.PadLeft("x"+learn.Sub(i+1), lw) + " "
		if i == focus {
			head = th.Current.Render(head)
		} else {
			head = th.Dim.Render(head)
		}
		b.WriteString(head)
		for j := c0; j < c0+cols; j++ {
			k := kernel(i, j)
			cellText := common.PadLeft(common.Num(common.GramRound(k), cw-1), cw)
			switch {
			case th.Mono:
			case !common.IsFinite(k):
				b.WriteString(th.HeatOverflow)
			case big > 0:
				level := int(min(common.HeatLevels-1, math.Abs(k)/big*float64(common.HeatLevels-1)+0.5))
				b.WriteString(th.Heat[level])
			}
			if i == focus {
				b.WriteString("\x1b[1m")
			}
			b.WriteString(cellText)
			b.WriteString(common.Reset)
		}
		if width > iw {
			// Too narrow for one column: cut as a box cuts.
			lines = append(lines, th.Sided(b.String()[len(side):], iw))
			continue
		}
		for range iw - width {
			b.WriteByte(' ')
		}
		b.WriteString(side)
		lines = append(lines, b.String())
	}
	if len(note) == 0 && overflow && ih >= 4 {
		note = common.WrapLines(overflowNote, iw, 2)
		note = note[:min(len(note), max(0, ih-1-len(lines)))]
		for i := range note {
			note[i] = th.Warn.Render(note[i])
		}
	}
	for _, l := range note {
		lines = append(lines, th.Sided(l, iw))
	}
	for i := range formulaLines {
		formulaLines[i] = th.Sided(formulaLines[i], iw)
	}
	return g.box.DrawSided(th, title, append(formulaLines, lines...), w, h)
}

// overflowNote explains entries shown as +Inf or NaN.
const overflowNote = "K overflows float64 for some pairs (+Inf/NaN): rescale the data or lower the degree"

// mercerWrapped is the Mercer note in at most two lines of width iw, styled,
// for a Gram panel with ih inner lines (none below 4).
func (g *GramView) mercerWrapped(iw, ih int) []string {
	note := g.mercer
	switch {
	case g.MercerFor != g.s.Built() && g.Asked == g.s.Built():
		note = mercerNote{text: "checking Mercer's condition…"}
	case g.MercerFor != g.s.Built():
		return nil
	}
	if note.text == "" || ih < 4 {
		return nil
	}
	// The verdict wraps whole; the matrix keeps at least two rows.
	lines := common.Wrap(iw, note.text)
	if len(lines) > ih-3 {
		lines = common.WrapLines(note.text, iw, ih-3)
	}
	for i := range lines {
		if note.warn {
			lines[i] = g.th.Warn.Render(lines[i])
		} else {
			lines[i] = g.th.Dim.Render(lines[i])
		}
	}
	return lines
}

// mercerNote is the line the Gram panel writes about Mercer's condition;
// warn marks a result to look at (not PSD, or no result because K
// overflowed).
type mercerNote struct {
	text string
	warn bool
	// mercer is the check's outcome and ce, when it fails, the smallest set
	// of points that shows it: what the spectrum panel draws.
	mercer *learn.Mercer
	ce     *learn.Counterexample
}

// MercerOf checks Mercer's condition on a Gram matrix g (seed 004):
// learn.DecideMercer, in the words of notation.MercerNote.
func MercerOf(g *mat.SymDense) mercerNote {
	v := learn.DecideMercer(g)
	note := mercerNote{ce: v.Counterexample}
	note.text, note.warn = notation.MercerNote(v)
	if v.Err == nil && len(v.Eigenvalues) > 0 {
		note.mercer = &v.Mercer
	}
	return note
}

// mercerMaxN is the largest n whose Gram matrix is decomposed for the
// Mercer note (an n×n eigendecomposition, a few ms at n = 200).
const mercerMaxN = 200

// augmented writes a kernel's formula over the augmented inputs: x·z as
// x̃·z̃ and ‖x−z‖ as ‖x̃−z̃‖ (the 1s cancel there, but the notation says
// what is computed).
func augmented(formula string) string {
	return strings.NewReplacer("x·z", "x̃·z̃", "x−z", "x̃−z̃").Replace(formula)
}

// Cached is the Gram panel's lines, kept until training, the panel or
// the Mercer check changes.
func (g *GramView) Cached() []string {
	key := gramKey{common.PanelKey{Trained: common.TrainedOf(g.s), W: g.w, H: g.h, Th: g.th}, g.MercerFor, g.Asked, g.mercer.text}
	return g.memo.Get(key, func() []string { return common.NonEmpty(g.lines()) })
}

type gramKey struct {
	common.PanelKey
	mercerFor, asked int
	note             string
}

// FeedSpectrum gives the spectrum panel sp the panel's last Mercer check,
// or says it is still being made.
func (g *GramView) FeedSpectrum(sp *SpectrumView) {
	n := g.s.Learner().N()
	if g.MercerFor != g.s.Built() {
		sp.Set(nil, nil, n, "checking Mercer's condition…")
		return
	}
	note := ""
	if g.mercer.mercer == nil {
		note = g.mercer.text
	}
	sp.Set(g.mercer.mercer, g.mercer.ce, n, note)
}
