// Package figure draws a trained decision function for slides and
// handouts: f(x) = Σⱼ cⱼ K(xⱼ, x) + b (seed 001) as a heat map on a
// diverging, colour-blind-safe palette, the boundary f = 0 as a solid
// black line (and the SVM's margins f = ±1 dashed, seed 004), the points
// with class glyphs that differ in shape as well as colour, the support
// vectors ringed and the example the next step visits marked. It is laid
// out as gonum/plot lays a plot out (frame.go) and written as PNG, SVG or
// PDF by back ends of its own (backend.go).
//
// The figure reads the same in black and white: the palette is light, so
// the glyphs and lines are what the eye finds; the classes differ by shape
// (▲ for +1, ■ for −1), the sides of the boundary by shade, and the lines
// by dash.
package figure

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot/vg"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// Spec is what a figure shows.
type Spec struct {
	// F is the decision function; learn.Freeze it when the learner goes
	// on training in another goroutine.
	F learn.Expansion
	// Train are the training points, in the learner's order (F's X(j) is
	// Train[j]); Test the held-out points, drawn hollow.
	Train, Test []datasets.Point
	// View is the part of the plane to show, in data units; the figure
	// widens one side of it so that both axes have the same scale.
	View learn.Rect
	// Margins draws f = ±1 as well as f = 0 (the SVM's margins).
	Margins bool
	// Link, for a learner that models P(y = +1 | x) (logistic
	// regression, learn.Probabilistic), maps f to that probability: the
	// heat map shades P on a fixed scale away from ½, and the lines
	// P = 0.9 and P = 0.1 are dashed beside P = ½. Its methods are pure
	// (σ and its inverse).
	Link Link
	// Marked, when not nil, are the examples ringed in place of the
	// support vectors: a learner that gives every example weight
	// (learn.Dense) rings the fewest that hold half of Σα.
	Marked []int
	// AtC are the support vectors with α = C (the SVM's bounded ones,
	// inside the margin or on the wrong side), ringed dashed.
	AtC []int
	// Next is the training example the next step visits, marked when a
	// run stopped mid-pass; −1 for none.
	Next int
	// Title and Subtitle head the figure: the kernel's formula and the
	// run's numbers.
	Title, Subtitle string
	// Axes name the horizontal and the vertical axis after the data's
	// columns ("height (cm)", "z(height (cm))" for z-scores:
	// lab.Options.AxisNames); x₁ and x₂ where empty.
	Axes [2]string
	// OneD draws points on a line (lab.Options.OneD): the graph of f along
	// it over the x axis, in place of the plane (line.go); Axes[1] is
	// not used.
	OneD bool
}

// A Link maps f to P(y = +1 | x) and back (learn.Probabilistic's
// Probability and Logit).
type Link interface {
	Probability(f float64) float64
	Logit(p float64) float64
}

// Size is a figure's size: Width × Height pixels at DPI dots per inch (a
// vector format keeps the physical size, Width/DPI inches wide). Text and
// glyphs have sizes in points, so more dots per inch make them larger
// against the pixels.
type Size struct {
	Width, Height, DPI int
}

// DefaultSize is 1200×1200 pixels at 150 dpi (8 inches square).
var DefaultSize = Size{Width: 1200, Height: 1200, DPI: 150}

// Size limits: MinSide to MaxSide pixels a side, MinDPI to MaxDPI.
const (
	MinSide = 100
	MaxSide = 8000
	MinDPI  = 30
	MaxDPI  = 1200
)

// Check reports a size outside the limits.
func (s Size) Check() error {
	if s.Width < MinSide || s.Height < MinSide || s.Width > MaxSide || s.Height > MaxSide {
		return fmt.Errorf("%d×%d pixels: each side must be %d to %d", s.Width, s.Height, MinSide, MaxSide)
	}
	if s.DPI < MinDPI || s.DPI > MaxDPI {
		return fmt.Errorf("%d dpi: must be %d to %d", s.DPI, MinDPI, MaxDPI)
	}
	return nil
}

// points is the size in points (1/72 inch).
func (s Size) points() (w, h vg.Length) {
	inch := func(px int) vg.Length { return vg.Length(px) / vg.Length(s.DPI) * vg.Inch }
	return inch(s.Width), inch(s.Height)
}

// Formats are the file formats Write knows, by extension.
var Formats = []string{"png", "svg", "pdf"}

// FormatOf is the format a file name's extension names ("png" for
// fig.PNG), or an error naming the formats.
func FormatOf(path string) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	for _, f := range Formats {
		if ext == f {
			return f, nil
		}
	}
	return "", fmt.Errorf("%q: the figure's file name must end in .png, .svg or .pdf", path)
}

// gridCells is the heat map's and the contours' lattice along the longer
// side: cells of about 3 pixels at 1200, so the raster does not show and
// the lines are smooth.
const gridCells = 320

// Write draws spec and writes it to w in format ("png", "svg" or "pdf").
// A figure of a million points, or of 8000×8000 pixels, is seconds of
// work (the field, the heat map, a glyph at a time, then the encoding):
// Write stops with ctx's error once ctx is done, writing nothing while it
// draws and no more while it encodes (w then holds part of a file: write
// to one that is removed on error), and tells progress (when not nil) how
// many of the points' glyphs are drawn as it goes.
func Write(ctx context.Context, w io.Writer, format string, spec Spec, size Size, progress func(done, total int)) error {
	if err := size.Check(); err != nil {
		return err
	}
	width, height := size.points()
	c, err := newCanvas(ctx, format, width, height, size.DPI, titleText(spec), key(spec))
	if err != nil {
		return err
	}
	if err := drawOn(ctx, c, spec, width, height, progress); err != nil {
		return err
	}
	// An 8000×8000 PNG takes 2 s to encode, and writes every 32 KB of it
	// (every 0.1 s at most, for a blank page).
	if _, err := c.WriteTo(stopWriter{ctx, w}); err != nil {
		return fmt.Errorf("writing the figure: %w", err)
	}
	return nil
}

// stopWriter is a writer that fails with ctx's error once ctx is done, so
// that an encoder writing through it stops at its next write. It hands a
// long write on stopChunk bytes at a time, looking at ctx before each: a
// flip-book of a million points a page is written in one, and can be
// hundreds of megabytes.
type stopWriter struct {
	ctx context.Context
	w   io.Writer
}

// stopChunk is the most stopWriter writes at once: 64 KB go to a file in
// well under a millisecond.
const stopChunk = 64 << 10

func (s stopWriter) Write(p []byte) (n int, err error) {
	for len(p) > 0 {
		if err := s.ctx.Err(); err != nil {
			return n, err
		}
		k, err := s.w.Write(p[:min(len(p), stopChunk)])
		n += k
		if err != nil {
			return n, err
		}
		p = p[k:]
	}
	return n, nil
}

// drawOn draws spec on c, a page of width × height points, as Write
// does: stopped with ctx's error, the glyphs counted to progress.
func drawOn(ctx context.Context, c canvas, spec Spec, width, height vg.Length, progress func(done, total int)) error {
	d := &drawing{ctx: ctx, progress: progress}
	if spec.OneD {
		p, err := buildLine(ctx, spec, width, height)
		if err != nil {
			return err
		}
		p.draw(c, d)
	} else {
		p, err := build(ctx, spec, width, height)
		if err != nil {
			return err
		}
		p.draw(c, d)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if progress != nil {
		progress(d.total, d.total)
	}
	return nil
}

// plot is a figure ready to draw: its frame, the field's heat map and
// contours, and the points.
type plot struct {
	*frame
	heat     *heatMap
	contours []*contour
	points   []layer
}

// build lays spec out on a page of width × height points: the view
// widened to the data area's proportions, the field computed over it
// (stopped with ctx's error once ctx is done), the heat map, the contours
// and the points' layers.
func build(ctx context.Context, spec Spec, width, height vg.Length) (*plot, error) {
	v := spec.View
	if !(v.MaxX1 > v.MinX1) || !(v.MaxX2 > v.MinX2) || math.IsInf(v.MaxX1-v.MinX1, 0) || math.IsInf(v.MaxX2-v.MinX2, 0) {
		return nil, fmt.Errorf("the view [%g, %g] × [%g, %g] is empty or not finite", v.MinX1, v.MaxX1, v.MinX2, v.MaxX2)
	}
	tf, err := newTypeface()
	if err != nil {
		return nil, err
	}
	layers := pointLayers(spec)
	boxes := func(v learn.Rect) []glyphBox { return glyphBoxes(layers, v) }
	// The data area depends on the tick labels, which depend on the
	// view: twice round is close enough (a pixel).
	for range 2 {
		v = fitAspect(spec.View, newFrame(tf, spec, v, width, height, boxes).area)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	p := &plot{frame: newFrame(tf, spec, v, width, height, boxes), points: layers}
	if spec.F != nil {
		w, h := gridCells, gridCells
		if ar := (v.MaxX1 - v.MinX1) / (v.MaxX2 - v.MinX2); ar > 1 {
			h = max(2, int(math.Round(gridCells/ar)))
		} else {
			w = max(2, int(math.Round(gridCells*ar)))
		}
		fd := learn.NewField(v, w, h)
		if err := fd.RecomputeChecked(spec.F, ctx.Err); err != nil {
			return nil, err
		}
		p.heat = newHeatMap(fd, robustScale(fd.Values), spec.Link)
		p.contours = contours(fd, spec)
	}
	return p, nil
}

// draw draws the figure: the frame, the heat map, the contours, then the
// points, counted and stopped by d.
func (p *plot) draw(c canvas, d *drawing) {
	p.drawFrame(c)
	if p.heat != nil {
		p.heat.draw(c, p.frame)
	}
	for _, k := range p.contours {
		k.draw(c, p.frame)
	}
	d.drawLayers(c, p.frame, p.points)
}

// Line widths: the boundary f = 0 and the SVM's margins f = ±1.
var (
	boundaryStyle = lineStyle{Color: inkBlack, Width: vg.Points(2.4)}
	marginStyle   = lineStyle{Color: inkBlack, Width: vg.Points(1.3), Dashes: []vg.Length{vg.Points(6), vg.Points(4)}}
)

// contours are the lines f = 0, solid (with its touching zeros), and with
// margins f = −1 and f = 1, dashed: in that order, the solid one last so
// it stays on top.
func contours(fd *learn.Field, spec Spec) []*contour {
	var out []*contour
	lv := levels(spec.Margins)
	if spec.Link != nil {
		// P = 0.1 and P = 0.9 (f = ∓ln 9 for σ), beside P = ½.
		lv = []float64{spec.Link.Logit(0.1), 0, spec.Link.Logit(0.9)}
	}
	for _, level := range lv {
		if level != 0 {
			out = append(out, &contour{lines: levelSet(fd, level), style: marginStyle})
		}
	}
	zero := &contour{lines: levelSet(fd, 0), style: boundaryStyle}
	dots, at := touchingZeros(fd, spec.F)
	zero.lines = append(zero.lines, touchLines(fd.W, dots, at)...)
	zero.dots = dots
	return append(out, zero)
}

// levels are the contour levels: f = 0, and the SVM's margins f = ±1.
func levels(margins bool) []float64 {
	if margins {
		return []float64{-1, 0, 1}
	}
	return []float64{0}
}

// Text sizes in points: the title's three lines (shrunk to fit the width),
// the axis labels, the tick labels.
const (
	titlePoints = 12
	labelPoints = 13
	tickPoints  = 11
	minPoints   = 6
)

// ringsKey says what the rings mark (marks.go): the support vectors, or
// for a learner that gives every example weight the fewest that hold half
// of Σα; "" when nothing is ringed.
func ringsKey(spec Spec) string {
	switch {
	case spec.Marked != nil && len(spec.Marked) > 0:
		return fmt.Sprintf("○ the %d that hold half of Σα", len(spec.Marked))
	case spec.Marked == nil && spec.F != nil && len(spec.F.SupportVectors()) > 0:
		if len(spec.AtC) > 0 {
			return "○ support vector (dashed: α = C)"
		}
		return "○ support vector"
	}
	return ""
}

// key is the figure's legend as a line under the title, in the glyphs'
// own shapes (characters the Liberation fonts have), so it never covers a
// point:
//
//	▲ y = +1   ■ y = −1   ○ support vector   □ next step: x₄   f = 0 solid, f = ±1 dashed
func key(spec Spec) string {
	if spec.OneD {
		return strings.Join(lineKey(spec), "   ")
	}
	parts := []string{"▲ y = +1", "■ y = −1"}
	if rings := ringsKey(spec); rings != "" {
		parts = append(parts, rings)
	}
	if len(spec.Test) > 0 {
		parts = append(parts, "hollow: held out")
	}
	if spec.Next >= 0 && spec.Next < len(spec.Train) {
		parts = append(parts, fmt.Sprintf("□ next step: example %d", spec.Next+1))
	}
	lines := "f = 0 solid"
	if spec.Margins {
		lines += ", f = ±1 dashed"
	}
	if spec.Link != nil {
		lines = "shaded P(y = +1 | x): P = ½ solid, 0.9 and 0.1 dashed"
	}
	return strings.Join(append(parts, lines), "   ")
}
