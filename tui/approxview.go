package tui

import (
	"kernelscope/tui/common"

	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/learn"
)

// approxShown reports whether the region draws the overlay: it is on, and
// this is not a pane of comparison mode (there it would overlay one
// learner of two).
func (r *regionView) approxShown() bool {
	return r.approx != nil && r.approx.on && !r.compare
}

// approxState is what the region's drawing reads of the overlay, for its
// memo key.
type approxState struct {
	on  bool
	d   int
	res *approxResult
}

func (r *regionView) approxState() approxState {
	if !r.approxShown() {
		return approxState{}
	}
	a := r.approx
	return approxState{on: true, d: a.d, res: a.current(r.s)}
}

// approxMask marks the plot cells whose pixels lie on f̃'s boundary: a
// lattice point whose predicted class is ±1 and the opposite one to its
// right or below, as the region marks f's (signEdge). The lattice maps to
// the pixels as region.paint maps it.
func (r *regionView) approxMask() []bool {
	res := r.approx.current(r.s)
	pw, ph := r.plotW, r.plotH
	if res == nil || res.vals == nil || pw <= 0 || ph <= 0 {
		return nil
	}
	fw, fh := res.key.fw, res.key.fh
	if fw <= 0 || fh <= 0 || len(res.vals) != fw*fh {
		return nil
	}
	lx := func(px int) int { return min(fw-1, px*fw/pw) }
	ly := func(py int) int { return min(fh-1, py*fh/(2*ph)) }
	mask := make([]bool, pw*ph)
	for cy := range ph {
		for cx := range pw {
			x := lx(cx)
			mask[cy*pw+cx] = signEdge(res.vals, fw, fh, res.key.tie, x, ly(2*cy)) || signEdge(res.vals, fw, fh, res.key.tie, x, ly(2*cy+1))
		}
	}
	return mask
}

// approxLegend is the overlay's line under the title: the glyph as drawn,
// what f̃ is, the map, and how close f̃ is to f, the longest of its
// forms that fits in w cells.
func (r *regionView) approxLegend(w int) string {
	a, th := r.approx, r.th
	glyph := "\x1b[1m" + common.GlyphApprox + common.Reset
	if !th.Mono {
		glyph = th.CellStyle(common.ColApprox, common.ColNeutral) + "\x1b[1m" + common.GlyphApprox + common.Reset
	}
	f := "f̃ = w·z(x)"
	if r.s.Dual() != nil {
		f += " + b"
	}
	res := a.current(r.s)
	if res == nil {
		spec, _ := approxSpec(r.s.Learner().Kernel(), a.d, r.s.Learner().N(), len(r.s.Learner().SupportVectors()))
		return fitFirst(w, glyph, []string{
			" " + f + ", " + spec.String() + " " + approxSource(spec) + ": computing…",
			" " + f + ", " + spec.String() + ": computing…",
			" f̃ " + spec.String() + "…",
		})
	}
	if res.err != nil {
		return fitFirst(w, glyph, []string{" f̃, " + res.spec.String() + ": " + strings.TrimPrefix(res.err.Error(), "learn: ")})
	}
	spec := res.spec.String()
	long := spec + " " + approxSource(res.spec)
	if res.spec.Kind == learn.ApproxNystrom && res.dim < res.spec.D {
		spec += fmt.Sprintf(" (rank %d)", res.dim)
		long += fmt.Sprintf(", rank %d", res.dim)
	}
	pct := percent(res.agree)
	agree, mid := "same sign as f on "+pct+" of the grid", "same sign as f on "+pct
	var notes []string
	if res.capped != "" {
		notes = append(notes, res.capped)
	}
	if res.key.d != a.d {
		notes = append(notes, fmt.Sprintf("D = %d computing…", a.d))
	}
	note := ""
	if len(notes) > 0 {
		note = " (" + strings.Join(notes, "; ") + ")"
	}
	return fitFirst(w, glyph, []string{
		" " + f + ", " + long + ": " + agree + note,
		" " + f + ", " + spec + ": " + agree + note,
		" " + f + ", " + spec + ": " + mid + note,
		" f̃ " + spec + ": " + mid + note,
		" f̃ " + spec + ": " + mid,
		" f̃ " + spec + " " + pct,
	})
}

// fitFirst is glyph followed by the first text that fits in w cells with
// it (the last when none does; the box cuts it).
func fitFirst(w int, glyph string, texts []string) string {
	for _, t := range texts {
		if 1+ansi.StringWidth(t) <= w {
			return glyph + t
		}
	}
	return glyph + texts[len(texts)-1]
}

// approxSource names the map in words with its source.
func approxSource(a learn.Approx) string {
	if a.Kind == learn.ApproxRFF {
		return "random features (Rahimi & Recht)"
	}
	return "Nyström landmarks (Williams & Seeger)"
}

// percent writes a share as a percentage to one decimal, rounded down so
// that 100.0% means every point ("—" for none).
func percent(v float64) string {
	if math.IsNaN(v) {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", math.Floor(v*1000)/10)
}

// syncApproxKeys enables ~ with one region on screen and , . while the
