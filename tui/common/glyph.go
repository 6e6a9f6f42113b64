package common

import (
	"math"

	"kernelscope/lab"
	"kernelscope/learn"
)

// Glyphs of the points, on the region and wherever a point is named. They
// tell classes and support vectors apart without color: + and − for the
// two classes, ⊕ and ⊖ once a point is a support vector (α > 0).
const (
	GlyphPos   = "+"
	GlyphNeg   = "−"
	GlyphPosSV = "⊕"
	GlyphNegSV = "⊖"
	// The SVM's support vectors at the bound α = C: boxed, as α is held
	// by the box 0 ≤ α ≤ C (free ones are ⊕ ⊖).
	GlyphPosBound = "⊞"
	GlyphNegBound = "⊟"
	// A support vector a budget learner forgot: the class's circle
	// crossed out.
	GlyphPosForgotten = "⊗"
	GlyphNegForgotten = "⊘"
	// Held-out test points (h, --test) are hollow: training never visits
	// them.
	GlyphPosTest = "△"
	GlyphNegTest = "▽"
	GlyphCur     = "✛"
	// GlyphOverflow marks cells where f is not a finite number, in color
	// and without.
	GlyphOverflow = "░"
)

// PointGlyph is the glyph of a point of class pos (y = +1) that is, or is
// not, a support vector.
func PointGlyph(pos, sv bool) string {
	if sv {
		return KindGlyph(pos, lab.FreeSV)
	}
	return KindGlyph(pos, lab.NotSV)
}

// KindGlyph is the glyph of a point of class pos (y = +1) and kind (lab.NotSV,
// lab.FreeSV, lab.BoundSV, lab.ForgottenSV).
func KindGlyph(pos bool, kind int) string {
	switch {
	case pos && kind == lab.FreeSV:
		return GlyphPosSV
	case pos && kind == lab.BoundSV:
		return GlyphPosBound
	case pos && kind == lab.ForgottenSV:
		return GlyphPosForgotten
	case kind == lab.ForgottenSV:
		return GlyphNegForgotten
	case pos:
		return GlyphPos
	case kind == lab.FreeSV:
		return GlyphNegSV
	case kind == lab.BoundSV:
		return GlyphNegBound
	}
	return GlyphNeg
}

// A point on the SVM's margin, yᵢ f(xᵢ) = 1 (seed 004: the hyperplanes
// w·φ(x) + b = ±1), is drawn underlined, in color and without: it sits on
// its margin line. That is apart from α: every free support vector
// (0 < α < C) is on the margin, but a point can be on it with α = 0 (all
// four of worked4's are, with α = (0, 0, ¼, ¼)), and one at α = C can be
// too. The glyph says α (+ ⊕ ⊞), the underline says y·f = 1.
const SGRUnder = "\x1b[4m"

// OnMargin reports whether example i of the SVM d lies on its margin:
// |yᵢ f(xᵢ) − 1| ≤ tol, the solver's own tolerance (10⁻³ by default). Its
// stopping rule m − M ≤ tol leaves each free support vector's yᵢ f(xᵢ)
// only within about tol of 1, so a finer test would miss points that are
// on the margin, and a coarser one take points that are not. False for
// learners without one (d nil) and before any step (f ≡ 0).
func OnMargin(d learn.DualSolver, i int) bool {
	if d == nil || len(d.SupportVectors()) == 0 {
		return false
	}
	return math.Abs(float64(d.Y(i))*d.Score(i)-1) <= d.Tol()
}

// The region's color-free texture: the +1 side dotted, the −1 side
// blank, the boundary solid, the SVM's margins hollow.
const (
	MonoPos      = "·"
	MonoNeg      = " "
	MonoBoundary = "•"
	MonoMarginP  = "○" // f = +1
	MonoMarginN  = "◇" // f = −1
	MonoGhost    = "∘" // the update view's other boundary
)

// Without colour, a region that shades P(y = +1 | x) draws its strength
// |P − ½| by density, one glyph a shade level (Shades): the +1 side in
// dots, as MonoPos, the −1 side in dashes, blank where P is near ½, as
// MonoNeg.
var (
	MonoPosDensity = [Shades]string{"·", ":", "∴", "∷"}
	MonoNegDensity = [Shades]string{" ", "-", "=", "≡"}
)

// GlyphApprox marks the cells the approximate boundary f̃ = 0 crosses:
// "≋", approximately equal, drawn in ColApprox on the plain background,
// and in color-free mode by the glyph alone (no other mark of the region
// is a triple tilde). It is one cell wide everywhere (East Asian width
// neutral) and in DejaVu Sans Mono, as the wave ∿ is not.
const GlyphApprox = "≋"
