package figure

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// worked4 is seed 003's example trained to convergence: x¹ = (1, 1) and
// x³ = (−1, −1) are +1, x² = (−1, 1) and x⁴ = (1, −1) are −1, and α =
// [1, 0, 0, 0] (seed 003: "Converged!!! y = … = K(x¹, x) = (x₁ + x₂)²").
func worked4(t *testing.T) (Spec, learn.Learner) {
	t.Helper()
	pts := []datasets.Point{{X1: 1, X2: 1, Y: 1}, {X1: -1, X2: 1, Y: -1}, {X1: -1, X2: -1, Y: 1}, {X1: 1, X2: -1, Y: -1}}
	l, err := learn.NewLearner(learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieNeg, Eta: 1, Epochs: 100}, datasets.Examples(pts))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.(*learn.Perceptron).Run(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(l.SupportVectors(), []int{0}) {
		t.Fatalf("support vectors %v, want [0] (α = [1, 0, 0, 0], seed 003)", l.SupportVectors())
	}
	spec := Spec{F: learn.Freeze(l), Train: pts, View: ViewOf(pts), Next: -1}
	spec.Title, spec.Subtitle = Describe(l, "")
	return spec, l
}

// render draws spec as build and Write do and returns the image with the
// map from data to pixel coordinates, through the plot's own transforms.
func render(t *testing.T, spec Spec, size Size) (image.Image, func(x1, x2 float64) (int, int)) {
	t.Helper()
	p, err := build(spec)
	if err != nil {
		t.Fatal(err)
	}
	inch := func(px int) vg.Length { return vg.Length(px) / vg.Length(size.DPI) * vg.Inch }
	c := vgimg.NewWith(vgimg.UseWH(inch(size.Width), inch(size.Height)), vgimg.UseDPI(size.DPI), vgimg.UseBackgroundColor(color.White))
	dc := draw.New(c)
	p.Draw(dc)
	area := p.DataCanvas(dc)
	trX, trY := p.Transforms(&area)
	scale := float64(size.DPI) / float64(vg.Inch)
	at := func(x1, x2 float64) (int, int) {
		return int(math.Round(float64(trX(x1)) * scale)), size.Height - int(math.Round(float64(trY(x2))*scale))
	}
	return c.Image(), at
}

// TestPNG: the PNG decodes at the requested size, is not blank, and at
// each training point's centre has that class's ink (the glyph's fill),
// exactly: the centre is far from any anti-aliased edge.
func TestPNG(t *testing.T) {
	spec, _ := worked4(t)
	size := Size{Width: 640, Height: 480, DPI: 96}
	var buf bytes.Buffer
	if err := Write(&buf, "png", spec, size); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 480 {
		t.Fatalf("size %v, want 640×480", b)
	}
	colours := map[color.RGBA]bool{}
	for y := 0; y < 480; y += 3 {
		for x := 0; x < 640; x += 3 {
			colours[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)] = true
		}
	}
	if len(colours) < 50 {
		t.Errorf("%d colours: the figure looks blank", len(colours))
	}
	drawn, at := render(t, spec, size)
	for _, p := range spec.Train {
		x, y := at(p.X1, p.X2)
		want := NegativeInk
		if p.Y > 0 {
			want = PositiveInk
		}
		for _, im := range []image.Image{img, drawn} {
			if got := color.RGBAModel.Convert(im.At(x, y)).(color.RGBA); got != want {
				t.Errorf("pixel (%d, %d) at (%g, %g), y = %+d: %v, want the class ink %v", x, y, p.X1, p.X2, p.Y, got, want)
			}
		}
	}
}

// TestVectorFormats: the SVG is well-formed XML with an <svg> root; the
// PDF starts with %PDF.
func TestVectorFormats(t *testing.T) {
	spec, _ := worked4(t)
	var svg bytes.Buffer
	if err := Write(&svg, "svg", spec, DefaultSize); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(&svg)
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not valid XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Errorf("the SVG's root element is %q", root)
	}
	var pdf bytes.Buffer
	if err := Write(&pdf, "pdf", spec, DefaultSize); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF")) {
		t.Errorf("the PDF starts %q", pdf.Bytes()[:min(8, pdf.Len())])
	}
}

// TestLevels: the perceptron's figure draws f = 0; the SVM's f = −1, 0, 1
// (seed 004's margins), ascending as plotter.Contour pairs them with the
// dashed, solid, dashed styles.
func TestLevels(t *testing.T) {
	if got := levels(false); !slices.Equal(got, []float64{0}) {
		t.Errorf("levels %v, want [0]", got)
	}
	c := contours(&grid{fd: learn.NewField(learn.Rect{MinX1: 0, MaxX1: 1, MinX2: 0, MaxX2: 1}, 2, 2)}, true)
	if !slices.Equal(c.Levels, []float64{-1, 0, 1}) || len(c.LineStyles) != 3 || c.LineStyles[1].Dashes != nil || c.LineStyles[0].Dashes == nil {
		t.Errorf("SVM contours %v with styles %v, want −1 and 1 dashed around a solid 0", c.Levels, c.LineStyles)
	}
}

// TestDegenerate: no points, no function, one point, f = 0 everywhere:
// a figure all the same; an empty or infinite view is an error.
func TestDegenerate(t *testing.T) {
	one := []datasets.Point{{X1: 0.5, X2: 0.5, Y: -1}}
	l, err := learn.NewLearner(learn.Config{Kernel: learn.Linear{}, Eta: 1, Epochs: 10}, datasets.Examples(one))
	if err != nil {
		t.Fatal(err)
	}
	for name, spec := range map[string]Spec{
		"nothing":   {View: ViewOf(nil), Next: -1},
		"one point": {F: l, Train: one, View: ViewOf(one), Next: 0},
		"held out":  {F: l, Test: one, View: ViewOf(one), Next: 5},
	} {
		for _, f := range Formats {
			var buf bytes.Buffer
			if err := Write(&buf, f, spec, Size{Width: 200, Height: 200, DPI: 72}); err != nil || buf.Len() == 0 {
				t.Errorf("%s, %s: %v (%d bytes)", name, f, err, buf.Len())
			}
		}
	}
	for _, v := range []learn.Rect{{}, {MinX1: 0, MaxX1: math.Inf(1), MinX2: 0, MaxX2: 1}, {MinX1: math.NaN(), MaxX1: 1, MinX2: 0, MaxX2: 1}} {
		if err := Write(io.Discard, "png", Spec{View: v, Next: -1}, DefaultSize); err == nil {
			t.Errorf("view %v: no error", v)
		}
	}
}

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]string{"a.png": "png", "b.SVG": "svg", "dir.x/c.pdf": "pdf", "d.gif": "", "e": "", ".png.txt": ""} {
		got, err := FormatOf(path)
		if got != want || (want == "") != (err != nil) {
			t.Errorf("FormatOf(%q) = %q, %v; want %q", path, got, err, want)
		}
	}
}

// BenchmarkPNG is one 1200×1200 figure of 200 moons points, rbf σ = 0.4.
func BenchmarkPNG(b *testing.B) {
	moons, _ := datasets.Lookup("moons")
	pts := moons.Generate(200, 0.1, 1)
	l, err := learn.NewLearner(learn.Config{Kernel: learn.RBF{Sigma: 0.4}, Eta: 1, Epochs: 100}, datasets.Examples(pts))
	if err != nil {
		b.Fatal(err)
	}
	if err := l.(*learn.Perceptron).Run(); err != nil {
		b.Fatal(err)
	}
	spec := Spec{F: learn.Freeze(l), Train: pts, View: ViewOf(pts), Next: -1}
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(io.Discard, "png", spec, DefaultSize); err != nil {
			b.Fatal(err)
		}
	}
}
