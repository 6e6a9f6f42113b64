package figure

import (
	"cmp"
	"context"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"

	"kernelscope/learn"
	"kernelscope/notation"
)

// The figure of points on a line (Spec.OneD: seed 003's "1D input", the
// built-in interval or one column of a file) is what the line holds: the
// graph of f along it, f(x) = f(x, 0), over the x axis, the area between
// the curve and 0 tinted with the class f gives (as the plane's heat map
// tints it), the points on the line f = 0 with their glyphs, and the
// stretches of the line where f > 0 as a bar in the +1 ink, each end
// labelled with where f crosses 0. There is no plane to keep square: x
// and f have units of their own.

// lineSamples is how many points of the line the curve is drawn through.
const lineSamples = 600

// linePlot is a line's figure ready to draw.
type linePlot struct {
	*frame
	xs, fs  []float64 // the curve
	pos     []learn.Interval
	margins bool
	points  []layer
}

// buildLine lays out the figure of a line: f sampled across spec.View's
// x (stopped with ctx's error once ctx is done), the frame over x and the
// range of f with 0 in it, the points' layers.
func buildLine(ctx context.Context, spec Spec, width, height vg.Length) (*linePlot, error) {
	v := spec.View
	if !(v.MaxX1 > v.MinX1) || math.IsInf(v.MaxX1-v.MinX1, 0) {
		return nil, fmt.Errorf("the view [%g, %g] of the line is empty or not finite", v.MinX1, v.MaxX1)
	}
	tf, err := newTypeface()
	if err != nil {
		return nil, err
	}
	p := &linePlot{margins: spec.Margins, points: pointLayers(spec)}
	lo, hi := 0.0, 0.0
	if spec.F != nil {
		for k := range lineSamples + 1 {
			if k%64 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			x := v.MinX1 + (v.MaxX1-v.MinX1)*float64(k)/lineSamples
			f := spec.F.Decide(x, 0)
			p.xs, p.fs = append(p.xs, x), append(p.fs, f)
			if !math.IsNaN(f) && !math.IsInf(f, 0) {
				lo, hi = math.Min(lo, f), math.Max(hi, f)
			}
		}
		p.pos = learn.PositiveOnLine(spec.F, v.MinX1, v.MaxX1).Set
	}
	if spec.Margins {
		lo, hi = math.Min(lo, -1), math.Max(hi, 1)
	}
	if hi-lo == 0 {
		lo, hi = -1, 1
	}
	pad := (hi - lo) / 10
	view := learn.Rect{MinX1: v.MinX1, MaxX1: v.MaxX1, MinX2: lo - pad, MaxX2: hi + pad}
	framed := spec
	framed.Axes = [2]string{cmp.Or(spec.Axes[0], "x"), "f(x)"}
	p.frame = newFrame(tf, framed, view, width, height, func(r learn.Rect) []glyphBox { return glyphBoxes(p.points, r) })
	return p, nil
}

// draw draws the line's figure: the frame, the tinted areas, the line
// f = 0 (and the SVM's f = ±1 dashed), the curve, the bar of f > 0 with
// its ends, and the points on top.
func (p *linePlot) draw(c canvas, d *drawing) {
	p.drawFrame(c)
	scale := robustScale(p.fs)
	// The area between f and 0, a polygon for each stretch of one sign,
	// closed along f = 0 at the crossings (linear between samples).
	var run []xy
	sign := 0
	flush := func(xEnd float64) {
		if len(run) > 0 && sign != 0 {
			poly := append([]xy{{run[0].x1, 0}}, run...)
			poly = append(poly, xy{xEnd, 0})
			var path vg.Path
			for k, q := range poly {
				if k == 0 {
					path.Move(p.at(q.x1, q.x2))
				} else {
					path.Line(p.at(q.x1, q.x2))
				}
			}
			path.Close()
			c.fill(path, tint(float64(sign)*scale, scale))
		}
		run, sign = nil, 0
	}
	for k, f := range p.fs {
		s := sgn(f)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			flush(p.xs[k])
			continue
		}
		if s != sign && k > 0 && sign != 0 {
			// The crossing between sample k−1 and k.
			x0, f0 := p.xs[k-1], p.fs[k-1]
			xc := x0 + (p.xs[k]-x0)*f0/(f0-f)
			run = append(run, xy{xc, 0})
			flush(xc)
			run = []xy{{xc, 0}}
		}
		sign = s
		run = append(run, xy{p.xs[k], f})
	}
	if len(p.xs) > 0 {
		flush(p.xs[len(p.xs)-1])
	}
	// The line the points lie on, f = 0, and the SVM's margins.
	hline := func(y float64, st lineStyle) {
		var path vg.Path
		path.Move(p.at(p.view.MinX1, y))
		path.Line(p.at(p.view.MaxX1, y))
		c.stroke(path, st)
	}
	hline(0, lineStyle{Color: inkBlack, Width: vg.Points(0.8)})
	if p.margins {
		hline(1, marginStyle)
		hline(-1, marginStyle)
	}
	// The curve f(x).
	var curve vg.Path
	open := false
	for k, f := range p.fs {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			open = false
			continue
		}
		if pt := p.at(p.xs[k], math.Max(p.view.MinX2, math.Min(p.view.MaxX2, f))); open {
			curve.Line(pt)
		} else {
			curve.Move(pt)
			open = true
		}
	}
	if len(curve) > 0 {
		c.stroke(curve, lineStyle{Color: inkBlack, Width: vg.Points(1.8)})
	}
	// Where f > 0: a bar along the line, each end at a crossing ticked
	// and labelled with its x.
	barHalf := vg.Points(3.5)
	for _, iv := range p.pos {
		a, b := math.Max(iv.Lo, p.view.MinX1), math.Min(iv.Hi, p.view.MaxX1)
		if !(b > a) {
			continue
		}
		pa, pb := p.at(a, 0), p.at(b, 0)
		var bar vg.Path
		bar.Move(vg.Point{X: pa.X, Y: pa.Y - barHalf})
		bar.Line(vg.Point{X: pb.X, Y: pb.Y - barHalf})
		bar.Line(vg.Point{X: pb.X, Y: pb.Y + barHalf})
		bar.Line(vg.Point{X: pa.X, Y: pa.Y + barHalf})
		bar.Close()
		c.fill(bar, color.RGBA{PositiveInk.R, PositiveInk.G, PositiveInk.B, 0xff})
		_, td, _ := p.tf.extents(tickPoints)
		for _, end := range []float64{iv.Lo, iv.Hi} {
			if math.IsInf(end, 0) || end < p.view.MinX1 || end > p.view.MaxX1 {
				continue
			}
			at := p.at(end, 0)
			var tick vg.Path
			tick.Move(vg.Point{X: at.X, Y: at.Y - 3*barHalf})
			tick.Line(vg.Point{X: at.X, Y: at.Y + 3*barHalf})
			c.stroke(tick, lineStyle{Color: PositiveInk, Width: vg.Points(1.6)})
			p.text(c, learn.Num(end), tickPoints, vg.Point{X: at.X, Y: at.Y - 3*barHalf - td - vg.Points(tickPoints)}, 0, false)
		}
	}
	d.drawLayers(c, p.frame, p.points)
}

func sgn(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// lineKey is the key line of a line's figure, as key writes the plane's.
func lineKey(spec Spec) []string {
	parts := []string{"▲ y = +1", "■ y = −1"}
	if rings := ringsKey(spec); rings != "" {
		parts = append(parts, rings)
	}
	if len(spec.Test) > 0 {
		parts = append(parts, "hollow: held out")
	}
	lines := "curve: f(x) on the line"
	if spec.F != nil {
		lines += ", bar: f > 0"
		if pos := learn.PositiveOnLine(spec.F, spec.View.MinX1, spec.View.MaxX1); pos.Exact {
			lines = "curve: f(x) on the line, bar: f > 0 for " + notation.Where(pos.Set, "x")
		}
	}
	if spec.Next >= 0 && spec.Next < len(spec.Train) {
		parts = append(parts, fmt.Sprintf("□ next step: example %d", spec.Next+1))
	}
	if spec.Margins {
		lines += ", f = ±1 dashed"
	}
	return append(parts, lines)
}
