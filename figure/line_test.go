package figure

import (
	"bytes"
	"context"
	"image/png"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// interval is the built-in interval trained to convergence with its
// preset: f(x) = 2 − 6x² on the line, > 0 for |x| < 1/√3 (learn's
// TestIntervalConverges), as plot describes it.
func interval(t *testing.T) Spec {
	t.Helper()
	b, _ := datasets.Lookup("interval")
	pts := b.Generate(0, 0, 0)
	l, err := learn.NewLearner(learn.Config{Kernel: learn.Poly{D: 2, C: 1}, Tie: learn.TieMistake, Epochs: 100}, datasets.Examples(pts))
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := l.Step(); err != nil {
			break
		}
	}
	spec, err := Of(context.Background(), l, pts, nil, datasets.ViewOf(pts), "interval")
	if err != nil {
		t.Fatal(err)
	}
	spec.Axes, spec.OneD = [2]string{"x", "x₂"}, true
	return spec
}

// TestLine: the figure of points on a line is f's graph over x: the axes
// are x and f(x) (not x₁ and x₂), the key and the bar's ends say where
// f > 0, ±0.5774; in the PNG the points are on the line f = 0, the area
// between f and 0 is tinted +1 over the middle (at x = 0, f(0) = 2) and
// −1 out at the sides (x = ±1.1, f = −5.26), and white beyond the curve.
func TestLine(t *testing.T) {
	spec := interval(t)
	p, err := buildLine(context.Background(), spec, 8*vg.Inch, 8*vg.Inch)
	if err != nil {
		t.Fatal(err)
	}
	if p.view.MinX2 > -7.375 || p.view.MaxX2 < 2 || p.view.MinX1 != -1.25 || p.view.MaxX1 != 1.25 {
		t.Errorf("view %+v: want x over [−1.25, 1.25] and f's range [−7.375, 2] in it", p.view)
	}
	c := &textCanvas{canvas: &svgCanvas{w: 8 * vg.Inch, h: 8 * vg.Inch}}
	p.draw(c, &drawing{ctx: context.Background()})
	for _, want := range []string{"x", "f(x)", "−0.5774", "0.5774"} {
		if !slices.Contains(c.texts, want) {
			t.Errorf("no %q among the figure's text %q", want, c.texts)
		}
	}
	if slices.Contains(c.texts, "x₂") || slices.Contains(c.texts, "x₁") {
		t.Errorf("a line's figure names a plane's axis: %q", c.texts)
	}
	if k := key(spec); !strings.Contains(k, "bar: f > 0 for −0.5774 < x < 0.5774") {
		t.Errorf("key %q", k)
	}

	var buf bytes.Buffer
	size := Size{Width: 600, Height: 600, DPI: 75}
	if err := Write(context.Background(), &buf, "png", spec, size, nil); err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	pw, ph := size.points()
	q, err := buildLine(context.Background(), spec, pw, ph)
	if err != nil {
		t.Fatal(err)
	}
	scale := float64(size.DPI) / float64(vg.Inch)
	at := func(x, f float64) (int, int) {
		pt := q.at(x, f)
		return int(math.Round(float64(pt.X) * scale)), size.Height - int(math.Round(float64(pt.Y)*scale))
	}
	for _, pt := range spec.Train {
		x, y := at(pt.X1, 0)
		want := NegativeInk
		if pt.Y > 0 {
			want = PositiveInk
		}
		if got := rgba(im, x, y); got != want {
			t.Errorf("the point at x = %v is drawn %v at (%d, %d), want its class's ink %v", pt.X1, got, x, y, want)
		}
	}
	// Probes away from the curve and the glyphs: f(x) = 2 − 6x².
	scaleF := robustScale(q.fs)
	pos, neg, white := rgbaOf(tint(scaleF, scaleF)), rgbaOf(tint(-scaleF, scaleF)), [4]uint8{0xff, 0xff, 0xff, 0xff}
	for _, c := range []struct {
		x, f float64
		want [4]uint8
	}{
		{0.2, 1, pos},     // between 0 and f(0.2) = 1.76
		{-0.3, 0.5, pos},  // between 0 and f(−0.3) = 1.46
		{0.2, 1.9, white}, // above the curve
		{0, -1, white},    // below 0 where f > 0
		{1, -2, neg},      // between f(1) = −4 and 0
		{-1, -2, neg},     // the same on the left
		{1, -5, white},    // below the curve
		{-1, 0.5, white},  // above 0 where f < 0
	} {
		x, y := at(c.x, c.f)
		if got := rgba(im, x, y); [4]uint8{got.R, got.G, got.B, got.A} != c.want {
			t.Errorf("at x = %v, f = %v: %v, want %v", c.x, c.f, got, c.want)
		}
	}
}

func rgbaOf(c interface{ RGBA() (r, g, b, a uint32) }) [4]uint8 {
	r, g, b, a := c.RGBA()
	return [4]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}
