// Package figure draws a trained decision function for slides and
// handouts: f(x) = Σⱼ cⱼ K(xⱼ, x) + b (seed 001) as a heat map on a
// diverging, colour-blind-safe palette, the boundary f = 0 as a solid
// black contour (and the SVM's margins f = ±1 dashed, seed 004), the
// points with class glyphs that differ in shape as well as colour, the
// support vectors ringed and the example the next step visits marked. It
// is drawn with gonum/plot and written as PNG, SVG or PDF.
//
// The figure reads the same in black and white: the palette is light, so
// the glyphs and lines are what the eye finds; the classes differ by shape
// (▲ for +1, ■ for −1) and the lines by dash.
package figure

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

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
	// View is the plotted rectangle, in data units.
	View learn.Rect
	// Margins draws f = ±1 as well as f = 0 (the SVM's margins).
	Margins bool
	// Next is the training example the next step visits, marked when a
	// run stopped mid-pass; −1 for none.
	Next int
	// Title and Subtitle head the figure: the kernel's formula and the
	// run's numbers.
	Title, Subtitle string
}

// Size is a figure's size: Width × Height pixels at DPI dots per inch (a
// vector format keeps the physical size, Width/DPI inches wide).
type Size struct {
	Width, Height, DPI int
}

// DefaultSize is 1200×1200 pixels at 150 dpi (8 inches square).
var DefaultSize = Size{Width: 1200, Height: 1200, DPI: 150}

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

// gridCells is the heat map's resolution along its longer side: fine
// enough that the raster's cells do not show at 1200 pixels.
const gridCells = 240

// Write draws spec and writes it to w in format ("png", "svg" or "pdf").
func Write(w io.Writer, format string, spec Spec, size Size) error {
	p, err := build(spec)
	if err != nil {
		return err
	}
	inch := func(px int) vg.Length { return vg.Length(px) / vg.Length(size.DPI) * vg.Inch }
	width, height := inch(size.Width), inch(size.Height)
	var canvas interface {
		vg.CanvasSizer
		io.WriterTo
	}
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(size.DPI), vgimg.UseBackgroundColor(color.White))
		p.Draw(draw.New(c))
		canvas = vgimg.PngCanvas{Canvas: c}
	case "svg":
		c := vgsvg.New(width, height)
		p.Draw(draw.New(c))
		canvas = c
	case "pdf":
		c := vgpdf.New(width, height)
		p.Draw(draw.New(c))
		canvas = c
	default:
		return fmt.Errorf("figure: unknown format %q (want png, svg or pdf)", format)
	}
	if _, err := canvas.WriteTo(w); err != nil {
		return fmt.Errorf("writing the figure: %w", err)
	}
	return nil
}

// build makes the plot: heat map, contours, points, rings, marks.
func build(spec Spec) (*plot.Plot, error) {
	v := spec.View
	if !(v.MaxX1 > v.MinX1) || !(v.MaxX2 > v.MinX2) || math.IsInf(v.MaxX1-v.MinX1, 0) || math.IsInf(v.MaxX2-v.MinX2, 0) {
		return nil, fmt.Errorf("figure: the view [%g, %g] × [%g, %g] is empty or not finite", v.MinX1, v.MaxX1, v.MinX2, v.MaxX2)
	}
	p := plot.New()
	p.Title.Text = spec.Title
	if spec.Subtitle != "" {
		p.Title.Text += "\n" + spec.Subtitle
	}
	p.Title.Text += "\n" + key(spec)
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.X.Label.Text, p.Y.Label.Text = "x₁", "x₂"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = v.MinX1, v.MaxX1, v.MinX2, v.MaxX2

	g := newGrid(spec.F, v)
	if g.scale > 0 {
		hm := plotter.NewHeatMap(g, diverging{})
		hm.Min, hm.Max = -g.scale, g.scale
		hm.Rasterized = true
		p.Add(hm)
		p.Add(contours(g, spec.Margins))
	}
	for _, l := range pointLayers(spec) {
		p.Add(l)
	}
	return p, nil
}

// contours are the lines f = 0 (solid) and, with margins, f = ±1 (dashed).
func contours(g *grid, margins bool) *plotter.Contour {
	solid := draw.LineStyle{Color: color.Black, Width: vg.Points(2.2)}
	dashed := draw.LineStyle{Color: color.Black, Width: vg.Points(1.3), Dashes: []vg.Length{vg.Points(6), vg.Points(4)}}
	c := plotter.NewContour(g, levels(margins), nil)
	c.LineStyles = []draw.LineStyle{solid}
	if margins {
		c.LineStyles = []draw.LineStyle{dashed, solid, dashed}
	}
	c.Min, c.Max = math.Inf(-1), math.Inf(1)
	return c
}

// levels are the contour levels, ascending (the order plotter.Contour
// pairs them with LineStyles).
func levels(margins bool) []float64 {
	if margins {
		return []float64{-1, 0, 1}
	}
	return []float64{0}
}

// grid is f on a lattice over the view, as plotter.GridXYZ: column c,
// row r at the centre of its cell, row 0 at the bottom.
type grid struct {
	fd    *learn.Field
	scale float64 // max |f| over the lattice (0 when f is 0 or not finite)
}

func newGrid(e learn.Expansion, v learn.Rect) *grid {
	w, h := gridCells, gridCells
	if ar := (v.MaxX1 - v.MinX1) / (v.MaxX2 - v.MinX2); ar > 1 {
		h = max(2, int(float64(gridCells)/ar))
	} else {
		w = max(2, int(float64(gridCells)*ar))
	}
	fd := learn.NewField(v, w, h)
	g := &grid{fd: fd}
	if e == nil {
		return g
	}
	fd.Recompute(e)
	for _, f := range fd.Values {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			g.scale = 0
			return g
		}
		g.scale = math.Max(g.scale, math.Abs(f))
	}
	return g
}

// Dims is the lattice's columns and rows.
func (g *grid) Dims() (c, r int) { return g.fd.W, g.fd.H }

// Z is f at column c, row r from the bottom (the Field's rows run from
// the top).
func (g *grid) Z(c, r int) float64 { return g.fd.At(c, g.fd.H-1-r) }

// X is the centre of column c.
func (g *grid) X(c int) float64 { x1, _ := g.fd.Point(c, 0); return x1 }

// Y is the centre of row r from the bottom.
func (g *grid) Y(r int) float64 { _, x2 := g.fd.Point(0, g.fd.H-1-r); return x2 }

// Describe writes a run's title and subtitle: the kernel's formula and the
// learner, then the numbers a slide quotes,
//
//	K(x,z) = (x·z)² · perceptron, tie neg, η = 1
//	step 3 · 1 mistake · #SV 1 · training accuracy 75%
//
// with the test accuracy appended when test is (an SVM counts SMO
// iterations, not steps, and quotes C).
func Describe(l learn.Learner, test string) (title, subtitle string) {
	cfg := l.Config()
	title = "K(x,z) = " + cfg.Kernel.String() + " · " + cfg.Algo.String()
	if cfg.Bias {
		title += ", bias x̃ = (1, x₁, x₂)"
	}
	svs := len(l.SupportVectors())
	acc := fmt.Sprintf("training accuracy %s%%", learn.Num(100*l.Accuracy()))
	if cfg.Algo == learn.AlgoSVM {
		title += ", C = " + learn.Num(cfg.SVM.EffectiveC())
		subtitle = fmt.Sprintf("SMO iteration %d · #SV %d · %s", l.T(), svs, acc)
	} else {
		title += fmt.Sprintf(", tie %s, η = %s", cfg.Tie, learn.Num(cfg.Eta))
		subtitle = fmt.Sprintf("step %d (pass %d) · %s · #SV %d · %s", l.T(), max(1, l.Epoch()), mistakes(l.Mistakes()), svs, acc)
	}
	if test != "" {
		subtitle += " · " + test
	}
	return title, subtitle
}

func mistakes(n int) string {
	if n == 1 {
		return "1 mistake"
	}
	return fmt.Sprintf("%d mistakes", n)
}

// key is the figure's legend as a line under the title, in the glyphs'
// own shapes (WGL4 characters, which the default Liberation fonts have),
// so it never covers a point:
//
//	▲ y = +1   ■ y = −1   ○ support vector   △▽ held out   □ next: x₄   f = 0 solid, f = ±1 dashed
func key(spec Spec) string {
	parts := []string{"▲ y = +1", "■ y = −1", "○ support vector"}
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
	return strings.Join(append(parts, lines), "   ")
}
