package figure

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/xml"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/plot/vg"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// worked4Points are seed 003's example: x¹ = (1, 1) and x³ = (−1, −1) are
// +1, x² = (−1, 1) and x⁴ = (1, −1) are −1.
var worked4Points = []datasets.Point{{X1: 1, X2: 1, Y: 1}, {X1: -1, X2: 1, Y: -1}, {X1: -1, X2: -1, Y: 1}, {X1: 1, X2: -1, Y: -1}}

// worked4 is seed 003's example after steps steps (all of them for −1):
// K = (x·z)², tie rule neg, converging to α = [1, 0, 0, 0] (seed 003:
// "Converged!!! y = … = K(x¹, x) = (x₁ + x₂)²").
func worked4(t testing.TB, steps int) (Spec, learn.Learner) {
	t.Helper()
	l, err := learn.NewLearner(learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieNeg, Epochs: 100}, datasets.Examples(worked4Points))
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; steps < 0 || k < steps; k++ {
		if _, err := l.Step(); err != nil {
			break
		}
	}
	if !slices.Equal(l.SupportVectors(), []int{0}) {
		t.Fatalf("support vectors %v, want [0] (α = [1, 0, 0, 0], seed 003)", l.SupportVectors())
	}
	spec, err := Of(context.Background(), l, worked4Points, nil, datasets.ViewOf(worked4Points), "worked4")
	if err != nil {
		t.Fatal(err)
	}
	return spec, l
}

// render draws spec as Write does into an RGBA image and returns it with
// the map from data to pixel coordinates, through the figure's own
// layout.
func render(t *testing.T, spec Spec, size Size) (image.Image, func(x1, x2 float64) (int, int)) {
	t.Helper()
	w, h := size.points()
	p, err := build(context.Background(), spec, w, h)
	if err != nil {
		t.Fatal(err)
	}
	c := newPNG(context.Background(), w, h, size.DPI)
	p.draw(c, &drawing{ctx: context.Background()})
	scale := float64(size.DPI) / float64(vg.Inch)
	at := func(x1, x2 float64) (int, int) {
		q := p.at(x1, x2)
		return int(math.Round(float64(q.X) * scale)), size.Height - int(math.Round(float64(q.Y)*scale))
	}
	return c.img, at
}

func rgba(im image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(im.At(x, y)).(color.RGBA)
}

// TestPNG: the PNG decodes at the requested size, is not blank, and at
// each training point's centre has that class's ink (the glyph's fill)
// exactly: the centre is 3 pt from the glyph's edges, far from any
// anti-aliasing. It is the same image render draws, pixel for pixel, and
// on the anti-diagonal between x² and x⁴, where f = (x₁ + x₂)² touches 0
// without changing sign, the boundary is drawn (black).
func TestPNG(t *testing.T) {
	for _, steps := range []int{-1, 3} {
		spec, _ := worked4(t, steps)
		size := Size{Width: 640, Height: 480, DPI: 96}
		var buf bytes.Buffer
		if err := Write(t.Context(), &buf, "png", spec, size, nil); err != nil {
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
				colours[rgba(img, x, y)] = true
			}
		}
		if len(colours) < 50 {
			t.Errorf("steps %d: %d colours: the figure looks blank", steps, len(colours))
		}
		drawn, at := render(t, spec, size)
		if !drawn.Bounds().Eq(img.Bounds()) {
			t.Fatalf("render drew %v, Write %v", drawn.Bounds(), img.Bounds())
		}
		for _, p := range spec.Train {
			x, y := at(p.X1, p.X2)
			want := NegativeInk
			if p.Y > 0 {
				want = PositiveInk
			}
			for _, im := range []image.Image{img, drawn} {
				if got := rgba(im, x, y); got != want {
					t.Errorf("steps %d: pixel (%d, %d) at (%g, %g), y = %+d: %v, want the class ink %v", steps, x, y, p.X1, p.X2, p.Y, got, want)
				}
			}
		}
		x, y := at(0.3, -0.3)
		if got := rgba(img, x, y); got.R > 60 || got.G > 60 || got.B > 60 {
			t.Errorf("steps %d: pixel (%d, %d) on the anti-diagonal is %v, want the boundary's black", steps, x, y, got)
		}
	}
}

// TestVectorFormats: the SVG is well-formed XML with an <svg> root, its
// heat map a PNG that says so, its text drawn (no <text> elements, which
// viewers set in whatever font they have) and its title in <title>; the
// PDF starts with %PDF.
func TestVectorFormats(t *testing.T) {
	spec, _ := worked4(t, 3)
	var svg bytes.Buffer
	if err := Write(t.Context(), &svg, "svg", spec, DefaultSize, nil); err != nil {
		t.Fatal(err)
	}
	text := svg.String()
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
	for _, want := range []string{"data:image/png;base64,", "<title>worked4 · K(x,z) = (x·z)² · perceptron, tie neg, η = 1 — step 3 (pass 1) · 1 mistake · #SV 1 · training accuracy 100%</title>", "<desc>▲ y = +1   ■ y = −1   ○ support vector   □ next step: example 4   f = 0 solid</desc>"} {
		if !strings.Contains(text, want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	if strings.Contains(text, "image/jpg") || strings.Contains(text, "<text") {
		t.Errorf("the SVG labels its PNG image/jpg, or has text a viewer would set in its own font")
	}
	var pdf bytes.Buffer
	if err := Write(t.Context(), &pdf, "pdf", spec, DefaultSize, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF")) {
		t.Errorf("the PDF starts %q", pdf.Bytes()[:min(8, pdf.Len())])
	}
	checkPDF(t, pdf.Bytes())
}

// checkPDF checks a PDF's cross-reference table, which readers trust:
// startxref gives the offset of the "xref" line, and each object's entry
// the offset of its "n 0 obj" line.
func checkPDF(t *testing.T, doc []byte) {
	t.Helper()
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(doc)
	if m == nil {
		t.Fatalf("the PDF does not end in startxref and %%%%EOF")
	}
	at, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(doc[at:], []byte("xref\n0 ")) {
		t.Fatalf("startxref %d points at %q", at, doc[at:min(len(doc), at+10)])
	}
	entries := regexp.MustCompile(`(\d{10}) 00000 n `).FindAllSubmatch(doc[at:], -1)
	if len(entries) < 5 {
		t.Fatalf("%d objects in the cross-reference table", len(entries))
	}
	for k, e := range entries {
		off, _ := strconv.Atoi(string(e[1]))
		if want := strconv.Itoa(k+1) + " 0 obj\n"; !bytes.HasPrefix(doc[off:], []byte(want)) {
			t.Errorf("object %d: offset %d holds %q", k+1, off, doc[off:min(len(doc), off+12)])
		}
	}
}

// TestTextOutlines: the figure's text is drawn as the font's glyph
// outlines, in every format, so the notes' characters draw whatever fonts
// a viewer has (vgpdf, which drew the figures before, wrote text in the
// Windows-1252 code page: −, ‖, η, σ, ₁ and the key's ▲ ■ ○ came out as
// mojibake). Liberation Sans has a glyph for each of them, the outlines
// of "x₁ −" are three glyphs' (the space has none), and the PDF has no
// text object and no font.
func TestTextOutlines(t *testing.T) {
	tf, err := newTypeface()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range "−‖ησ₁²·▲■○□±" {
		if g, err := tf.f.GlyphIndex(&tf.buf, r); err != nil || g == 0 {
			t.Errorf("Liberation Sans has no glyph for %q (%v)", r, err)
		}
	}
	contours := func(s string) int {
		n := 0
		for _, c := range tf.path(s, 12, vg.Point{X: 10, Y: 10}, false) {
			if c.Type == vg.MoveComp {
				n++
			}
		}
		return n
	}
	x, sub, minus, space := contours("x"), contours("₁"), contours("−"), contours(" ")
	if x == 0 || sub == 0 || minus == 0 || space != 0 || contours("x₁ −") != x+sub+minus {
		t.Errorf("contours: x %d, ₁ %d, − %d, space %d; \"x₁ −\" %d, want their sum", x, sub, minus, space, contours("x₁ −"))
	}
	spec, _ := worked4(t, 3)
	var pdf bytes.Buffer
	if err := Write(t.Context(), &pdf, "pdf", spec, DefaultSize, nil); err != nil {
		t.Fatal(err)
	}
	content := pdfStream(t, pdf.Bytes(), "4 0 obj")
	if bytes.Contains(content, []byte("BT")) || bytes.Contains(pdf.Bytes(), []byte("/Font")) {
		t.Errorf("the PDF sets text in a font")
	}
	if n := bytes.Count(content, []byte("\nf\n")); n < 100 {
		t.Errorf("the PDF fills %d paths; its text alone is hundreds of glyphs", n)
	}
}

// pdfStream is the inflated stream of the object that starts with head.
func pdfStream(t *testing.T, doc []byte, head string) []byte {
	t.Helper()
	i := bytes.Index(doc, []byte("\n"+head+"\n"))
	if i < 0 {
		t.Fatalf("the PDF has no %q", head)
	}
	rest := doc[i:]
	s := bytes.Index(rest, []byte("stream\n"))
	e := bytes.Index(rest, []byte("\nendstream"))
	if s < 0 || e < s {
		t.Fatalf("%q has no stream", head)
	}
	z, err := zlib.NewReader(bytes.NewReader(rest[s+len("stream\n") : e]))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPDFImage: the PDF's heat map is the image's pixels row by row from
// the top (PDF draws an image's first row at the top of its square, so
// no flip), RGB, scaled onto its rectangle by a cm with positive
// factors. (vgpdf drew images upside down, and had to be handed them
// flipped.)
func TestPDFImage(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 2, 3))
	img.SetRGBA(1, 0, PositiveInk)
	c := &pdfCanvas{w: 100, h: 100}
	c.drawImage(vg.Rectangle{Min: vg.Point{X: 10, Y: 20}, Max: vg.Point{X: 50, Y: 80}}, img)
	var doc bytes.Buffer
	if _, err := c.WriteTo(&doc); err != nil {
		t.Fatal(err)
	}
	checkPDF(t, doc.Bytes())
	if content := pdfStream(t, doc.Bytes(), "4 0 obj"); !bytes.Contains(content, []byte("q 40 0 0 60 10 20 cm /Im1 Do Q")) {
		t.Errorf("the image is placed by %q", content)
	}
	px := pdfStream(t, doc.Bytes(), "6 0 obj")
	if len(px) != 2*3*3 || !bytes.Equal(px[3:6], []byte{PositiveInk.R, PositiveInk.G, PositiveInk.B}) || px[0] != 0 {
		t.Errorf("the image's samples %v: want 2×3 RGB, (1, 0) the +1 ink", px)
	}
}

// TestLevels: the perceptron's figure draws f = 0; the SVM's f = −1 and
// f = 1 dashed (seed 004's margins), then f = 0 solid on top.
func TestLevels(t *testing.T) {
	if got := levels(false); !slices.Equal(got, []float64{0}) {
		t.Errorf("levels %v, want [0]", got)
	}
	if got := levels(true); !slices.Equal(got, []float64{-1, 0, 1}) {
		t.Errorf("SVM levels %v, want [−1 0 1]", got)
	}
	fd := learn.NewField(learn.Rect{MinX1: -1, MaxX1: 1, MinX2: -1, MaxX2: 1}, 4, 4)
	for _, margins := range []bool{false, true} {
		cs := contours(fd, Spec{Margins: margins})
		if n := 1 + 2*btoi(margins); len(cs) != n {
			t.Fatalf("margins %t: %d contours, want %d", margins, len(cs), n)
		}
		for k, c := range cs {
			if last := k == len(cs)-1; last != (c.style.Dashes == nil) || last != (c.style.Width == boundaryStyle.Width) {
				t.Errorf("margins %t: contour %d has style %v", margins, k, c.style)
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// field is a w×h lattice over [−1, 1]² holding f.
func field(w, h int, f func(x1, x2 float64) float64) *learn.Field {
	fd := learn.NewField(learn.Rect{MinX1: -1, MaxX1: 1, MinX2: -1, MaxX2: 1}, w, h)
	for r := range h {
		for c := range w {
			fd.Values[r*w+c] = f(fd.Point(c, r))
		}
	}
	return fd
}

// TestLevelSet: marching squares on functions whose level sets are known.
// f = x₁ − 0.3: one open line, x₁ = 0.3 exactly (linear interpolation of
// a linear function), from the lattice's bottom row to its top. f = x₁² +
// x₂² − 0.5: one closed loop of radius √0.5 within 2e-3 (linear
// interpolation of a quadratic along an edge of length h errs by at most
// h²/8 · f″/|f′| = 0.05²/8 · 2/(2·0.5) ≈ 6e-4 at radius ≥ 0.5), and
// levels ±1 of 1.5·x₁: the lines x₁ = ±2/3. Near a saddle, f = x₁·x₂ +
// 0.001: two open lines (the hyperbola's branches), which the cells at
// the saddle must not join.
func TestLevelSet(t *testing.T) {
	lines := levelSet(field(40, 30, func(x1, _ float64) float64 { return x1 - 0.3 }), 0)
	if len(lines) != 1 || lines[0].closed || len(lines[0].pts) != 30 {
		t.Fatalf("x₁ = 0.3: %d lines %+v", len(lines), lines)
	}
	for _, q := range lines[0].pts {
		if math.Abs(q.x1-0.3) > 1e-12 {
			t.Errorf("x₁ = 0.3: point %v", q)
		}
	}
	lines = levelSet(field(40, 40, func(x1, x2 float64) float64 { return x1*x1 + x2*x2 - 0.5 }), 0)
	if len(lines) != 1 || !lines[0].closed || len(lines[0].pts) < 40 {
		t.Fatalf("circle: %d lines, closed %t", len(lines), len(lines) > 0 && lines[0].closed)
	}
	for _, q := range lines[0].pts {
		if d := math.Hypot(q.x1, q.x2) - math.Sqrt(0.5); math.Abs(d) > 2e-3 {
			t.Errorf("circle: point %v off by %g", q, d)
		}
	}
	fd := field(30, 30, func(x1, _ float64) float64 { return 1.5 * x1 })
	for _, level := range []float64{-1, 1} {
		lines := levelSet(fd, level)
		if len(lines) != 1 || math.Abs(lines[0].pts[0].x1-level/1.5) > 1e-12 {
			t.Errorf("1.5·x₁ = %g: %+v", level, lines)
		}
	}
	lines = levelSet(field(41, 41, func(x1, x2 float64) float64 { return x1*x2 + 1e-3 }), 0)
	if len(lines) != 2 {
		t.Errorf("saddle: %d lines, want 2", len(lines))
	}
	for _, l := range lines {
		if l.closed {
			t.Errorf("saddle: a closed line")
		}
	}
}

// TestTouchingZeros: f = (x₁ + x₂)² touches 0 on the anti-diagonal, which
// no sign change shows. Over views where the lattice falls on it and
// where it does not, the points found lie on it and run along it from end
// to end; f = x₁, which crosses 0, has none, and neither has f = 0. "On
// it" is within 2e-4: a point counts where f ≤ 1e-9·max|f| (rounding), and
// max|f| ≤ (1.17 + 1.4)² here, so (x₁ + x₂)² ≤ 6.6e-9 and |x₁ + x₂| ≤
// 8.1e-5.
func TestTouchingZeros(t *testing.T) {
	_, l := worked4(t, -1)
	e := learn.Freeze(l)
	for _, v := range []learn.Rect{datasets.ViewOf(worked4Points), {MinX1: -1.3, MaxX1: 1.17, MinX2: -1.1, MaxX2: 1.4}} {
		fd := learn.NewField(v, 90, 70)
		fd.Recompute(e)
		pts, at := touchingZeros(fd, e)
		if len(pts) < 60 || len(at) != len(pts) {
			t.Fatalf("view %v: %d touching zeros", v, len(pts))
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, q := range pts {
			if math.Abs(q.x1+q.x2) > 2e-4 {
				t.Errorf("view %v: %v is not on x₁ + x₂ = 0", v, q)
			}
			lo, hi = math.Min(lo, q.x1), math.Max(hi, q.x1)
		}
		if want := math.Min(v.MaxX1, -v.MinX2) - 0.1; lo > -1.1 || hi < want {
			t.Errorf("view %v: the points span x₁ ∈ [%g, %g]", v, lo, hi)
		}
		if lines := touchLines(fd.W, pts, at); len(lines) < len(pts)-1 {
			t.Errorf("view %v: %d segments join %d points", v, len(lines), len(pts))
		}
	}
	x1 := learn.Freeze(mustLearner(t, []datasets.Point{{X1: 1, X2: 0, Y: 1}, {X1: -1, X2: 0, Y: -1}}, learn.Linear{}))
	fd := learn.NewField(learn.Rect{MinX1: -2, MaxX1: 2, MinX2: -2, MaxX2: 2}, 50, 50)
	fd.Recompute(x1)
	if pts, _ := touchingZeros(fd, x1); len(pts) != 0 {
		t.Errorf("f = x₁: %d touching zeros, want none", len(pts))
	}
	zero := learn.NewField(learn.Rect{MinX1: -2, MaxX1: 2, MinX2: -2, MaxX2: 2}, 50, 50)
	if pts, _ := touchingZeros(zero, learn.Freeze(mustLearner(t, worked4Points, learn.Linear{}))); len(pts) != 0 {
		t.Errorf("f = 0: %d touching zeros, want none", len(pts))
	}
}

// mustLearner is a perceptron on pts, trained to the end.
func mustLearner(t *testing.T, pts []datasets.Point, k learn.Kernel) learn.Learner {
	t.Helper()
	l, err := learn.NewLearner(learn.Config{Kernel: k, Tie: learn.TieMistake, Epochs: 10}, datasets.Examples(pts))
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) == 2 {
		for {
			if _, err := l.Step(); err != nil {
				break
			}
		}
	}
	return l
}

// TestTicks: round steps of 1, 2 or 5 times a power of ten, labels with
// the step's decimals and a true minus sign, never "−0".
func TestTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   []string
	}{
		{-1.25, 1.25, []string{"−1.0", "−0.5", "0.0", "0.5", "1.0"}},
		{-0.1, 2.1, []string{"0.0", "0.5", "1.0", "1.5", "2.0"}},
		{-3, 17, []string{"0", "5", "10", "15"}},
		{0, 1000, []string{"0", "200", "400", "600", "800", "1000"}},
		{1e6, 9e6, []string{"1e+06", "2e+06", "3e+06", "4e+06", "5e+06", "6e+06", "7e+06", "8e+06", "9e+06"}},
	} {
		var got []string
		for _, tk := range (ticks{}).Ticks(c.lo, c.hi) {
			if tk.label != "" && strings.Contains(tk.label, "-") && !strings.Contains(tk.label, "e") {
				t.Errorf("[%g, %g]: label %q has a hyphen for a minus", c.lo, c.hi, tk.label)
			}
			if tk.value < c.lo || tk.value > c.hi {
				t.Errorf("[%g, %g]: tick %g outside", c.lo, c.hi, tk.value)
			}
			if tk.label != "" {
				got = append(got, tk.label)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("[%g, %g]: labels %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
	for x, want := range map[float64]float64{0.31: 0.5, 1: 1, 1.01: 2, 3: 5, 0.0007: 0.001, 42: 50} {
		if got := niceStep(x); math.Abs(got-want) > 1e-12*want {
			t.Errorf("niceStep(%g) = %g, want %g", x, got, want)
		}
	}
	if got := (ticks{}).Ticks(1, 1); got != nil {
		t.Errorf("an empty range has ticks %v", got)
	}
	// A wide figure: both axes step by the shorter side's 0.5.
	v := learn.Rect{MinX1: -2.6, MaxX1: 2.6, MinX2: -1.25, MaxX2: 1.25}
	if s := sharedStep(v); s != 0.5 {
		t.Errorf("shared step %g, want 0.5", s)
	}
	if s := sharedStep(learn.Rect{MinX1: 0, MaxX1: 50, MinX2: 0, MaxX2: 1}); s != 0 {
		t.Errorf("50:1: shared step %g, want none (too many labels)", s)
	}
	var labels []string
	for _, tk := range (ticks{step: 0.5}).Ticks(-2.6, 2.6) {
		if tk.label != "" {
			labels = append(labels, tk.label)
		}
	}
	if want := []string{"−2.5", "−2.0", "−1.5", "−1.0", "−0.5", "0.0", "0.5", "1.0", "1.5", "2.0", "2.5"}; !slices.Equal(labels, want) {
		t.Errorf("ticks at 0.5 over [−2.6, 2.6]: %q, want %q", labels, want)
	}
}

// TestFitAspect: a view is widened on one side, about its centre, to the
// area's proportions.
func TestFitAspect(t *testing.T) {
	area := vg.Rectangle{Max: vg.Point{X: 400, Y: 200}}
	got := fitAspect(learn.Rect{MinX1: 0, MaxX1: 2, MinX2: 0, MaxX2: 2}, area)
	if want := (learn.Rect{MinX1: -1, MaxX1: 3, MinX2: 0, MaxX2: 2}); got != want {
		t.Errorf("wide area: %v, want %v", got, want)
	}
	got = fitAspect(learn.Rect{MinX1: 0, MaxX1: 8, MinX2: 0, MaxX2: 2}, area)
	if want := (learn.Rect{MinX1: 0, MaxX1: 8, MinX2: -1, MaxX2: 3}); got != want {
		t.Errorf("wide view: %v, want %v", got, want)
	}
}

// TestGrey: printed in grey, the two sides of the boundary still differ:
// the +1 tint is darker than the −1 tint by at least 10 levels of 255
// (Rec. 601 luma) from |f| = 0.3·scale on (nearer the boundary both are
// almost white, and the black line parts them), and both glyph inks are
// darker than any tint by at least 40, so the points stand out.
func TestGrey(t *testing.T) {
	luma := func(c color.RGBA) float64 { return float64(color.GrayModel.Convert(c).(color.Gray).Y) }
	for _, f := range []float64{1e-3, 0.3, 1, 3, 1e3} {
		pos, neg := luma(tint(f, 1)), luma(tint(-f, 1))
		if f >= 0.3 && neg-pos < 10 {
			t.Errorf("|f| = %g: +1 side luma %g, −1 side %g", f, pos, neg)
		}
		for _, ink := range []color.RGBA{PositiveInk, NegativeInk} {
			if d := math.Min(pos, neg) - luma(ink); d < 40 {
				t.Errorf("|f| = %g: ink %v only %g darker than the tint", f, ink, d)
			}
		}
	}
	if tint(math.Inf(1), 1) != overflowTint || tint(math.NaN(), 1) != overflowTint {
		t.Errorf("values that are not numbers are not marked")
	}
}

// TestOf: an SVM's figure draws its margins and dashes the rings of the
// support vectors at α = C; a perceptron stopped mid-pass marks the next
// example, one stopped at a pass's end does not.
func TestOf(t *testing.T) {
	moons, _ := datasets.Lookup("moons")
	pts := moons.Generate(60, 0.3, 1)
	m, err := learn.NewLearner(learn.Config{Learner: "svm", Kernel: learn.RBF{Sigma: 0.5}, Params: learn.NewParams("C", 1).With("tol", 1e-3)}, datasets.Examples(pts))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.(*learn.SVM).Run(); err != nil {
		t.Fatal(err)
	}
	spec, err := Of(t.Context(), m, pts, nil, datasets.ViewOf(pts), "moons")
	if err != nil {
		t.Fatal(err)
	}
	var atC []int
	for _, j := range m.SupportVectors() {
		if m.Alpha(j) >= m.(*learn.SVM).C() {
			atC = append(atC, j)
		}
	}
	if !spec.Margins || spec.Next != -1 || !slices.Equal(spec.AtC, atC) || len(atC) == 0 || !strings.HasPrefix(spec.Title, "moons · K(x,z) = exp(") {
		t.Errorf("SVM: margins %t, next %d, at C %v (want %v), title %q", spec.Margins, spec.Next, spec.AtC, atC, spec.Title)
	}
	for steps, next := range map[int]int{3: 3, 4: -1, 6: 2} {
		spec, _ := worked4(t, steps)
		if spec.Next != next || spec.Margins {
			t.Errorf("worked4 after %d steps: next %d, want %d", steps, spec.Next, next)
		}
	}
}

// TestDegenerate: no points, no function, one point, f = 0 everywhere,
// f not finite over part of the view: a figure all the same, in every
// format; an empty or infinite view and a size out of bounds are errors.
func TestDegenerate(t *testing.T) {
	one := []datasets.Point{{X1: 0.5, X2: 0.5, Y: -1}}
	l := mustLearner(t, one, learn.Linear{})
	// (x·z + 1)³⁰ with |x|² = a² = 10^9.9 is about 1e297 at the points,
	// and ±Inf (so f = Inf − Inf = NaN too) where x·z passes 1.9e10.
	a := math.Pow(10, 4.95)
	far := []datasets.Point{{X1: a, X2: 0, Y: 1}, {X1: -a, X2: 0, Y: -1}}
	inf := mustLearner(t, far, learn.Poly{D: 30, C: 1})
	for name, spec := range map[string]Spec{
		"nothing":      {View: datasets.ViewOf(nil), Next: -1},
		"one point":    {F: l, Train: one, View: datasets.ViewOf(one), Next: 0},
		"held out":     {F: l, Test: one, View: datasets.ViewOf(one), Next: 5},
		"f = 0":        {F: learn.Freeze(mustLearner(t, worked4Points, learn.Linear{})), Train: worked4Points, View: datasets.ViewOf(worked4Points), Next: -1},
		"not finite":   {F: learn.Freeze(inf), Train: far, View: learn.Rect{MinX1: -4 * a, MaxX1: 4 * a, MinX2: -4 * a, MaxX2: 4 * a}, Next: -1, Margins: true},
		"tiny and far": {View: learn.Rect{MinX1: 1e300, MaxX1: 1e300 * (1 + 1e-9), MinX2: -1e-300, MaxX2: 1e-300}, Next: -1},
	} {
		for _, f := range Formats {
			var buf bytes.Buffer
			if err := Write(t.Context(), &buf, f, spec, Size{Width: 200, Height: 200, DPI: 72}, nil); err != nil || buf.Len() == 0 {
				t.Errorf("%s, %s: %v (%d bytes)", name, f, err, buf.Len())
			}
		}
	}
	for _, v := range []learn.Rect{{}, {MinX1: 0, MaxX1: math.Inf(1), MinX2: 0, MaxX2: 1}, {MinX1: math.NaN(), MaxX1: 1, MinX2: 0, MaxX2: 1}} {
		if err := Write(t.Context(), io.Discard, "png", Spec{View: v, Next: -1}, DefaultSize, nil); err == nil {
			t.Errorf("view %v: no error", v)
		}
	}
	for _, s := range []Size{{99, 200, 96}, {200, 8001, 96}, {200, 200, 29}, {200, 200, 1201}} {
		if err := Write(t.Context(), io.Discard, "png", Spec{View: datasets.ViewOf(nil), Next: -1}, s, nil); err == nil {
			t.Errorf("size %v: no error", s)
		}
	}
	if err := Write(t.Context(), io.Discard, "gif", Spec{View: datasets.ViewOf(nil), Next: -1}, DefaultSize, nil); err == nil {
		t.Errorf("gif: no error")
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
	l, err := learn.NewLearner(learn.Config{Kernel: learn.RBF{Sigma: 0.4}, Epochs: 100}, datasets.Examples(pts))
	if err != nil {
		b.Fatal(err)
	}
	if err := l.(*learn.Perceptron).Run(); err != nil {
		b.Fatal(err)
	}
	spec := Spec{F: learn.Freeze(l), Train: pts, View: datasets.ViewOf(pts), Next: -1}
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(b.Context(), io.Discard, "png", spec, DefaultSize, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWriteCancelled: a figure whose context is done writes nothing and
// says so, whether it was done before (the field is not computed) or
// while the points are drawn (the glyphs left are skipped: progress hears
// nothing more); run to the end, progress hears every glyph drawn.
func TestWriteCancelled(t *testing.T) {
	moons, _ := datasets.Lookup("moons")
	pts := moons.Generate(2500, 0.2, 1) // more glyphs than a report of progress
	l, err := learn.NewLearner(learn.Config{Kernel: learn.RBF{Sigma: 0.5}, Tie: learn.TieMistake, Params: learn.NewParams("eta", 1), Epochs: 1}, datasets.Examples(pts))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.(*learn.Perceptron).Run(); err != nil || len(l.SupportVectors()) == 0 {
		t.Fatalf("training: %v, %d support vectors", err, len(l.SupportVectors()))
	}
	spec, err := Of(t.Context(), l, pts, nil, datasets.ViewOf(pts), "moons")
	if err != nil {
		t.Fatal(err)
	}
	small := Size{Width: 400, Height: 400, DPI: 72}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	var buf bytes.Buffer
	if err := Write(ctx, &buf, "png", spec, small, nil); !errors.Is(err, context.Canceled) || buf.Len() != 0 {
		t.Errorf("cancelled before: %v, %d bytes written", err, buf.Len())
	}
	ctx, cancel = context.WithCancel(t.Context())
	defer cancel()
	reports := 0
	err = Write(ctx, &buf, "svg", spec, small, func(done, total int) {
		reports++
		cancel()
	})
	if !errors.Is(err, context.Canceled) || buf.Len() != 0 || reports != 1 {
		t.Errorf("cancelled while drawing: %v, %d bytes written, %d reports of progress (want 1: the glyphs after it are skipped)", err, buf.Len(), reports)
	}
	last, total := 0, 0
	if err := Write(t.Context(), &buf, "png", spec, small, func(d, t int) { last, total = d, t }); err != nil || buf.Len() == 0 {
		t.Fatalf("to the end: %v, %d bytes", err, buf.Len())
	}
	// Each point a fill and an outline, and the support vectors' rings.
	if want := 2*len(pts) + len(l.SupportVectors()); total != want || last != total {
		t.Errorf("progress ends at %d of %d, want %d of %d", last, total, want, want)
	}
}

// textCanvas is a canvas that also keeps the strings drawn on it as
// outlines.
type textCanvas struct {
	canvas
	texts []string
}

func (c *textCanvas) text(s string) { c.texts = append(c.texts, s) }

// drawnText is every string the figure of spec sets, in the order drawn.
func drawnText(t *testing.T, spec Spec) []string {
	t.Helper()
	p, err := build(context.Background(), spec, 8*vg.Inch, 8*vg.Inch)
	if err != nil {
		t.Fatal(err)
	}
	c := &textCanvas{canvas: &svgCanvas{w: 8 * vg.Inch, h: 8 * vg.Inch}}
	p.draw(c, &drawing{ctx: context.Background()})
	return c.texts
}

// TestAxesNamed: the axes carry the names Spec.Axes gives them (the data's
// columns, as plot passes them), and x₁ and x₂ when it gives none.
func TestAxesNamed(t *testing.T) {
	spec, _ := worked4(t, -1)
	for _, c := range []struct {
		axes [2]string
		want []string
	}{
		{[2]string{}, []string{"x₁", "x₂"}},
		{[2]string{"height (cm)", "weight_kg"}, []string{"height (cm)", "weight_kg"}},
		{[2]string{"z(height (cm))", "z(weight_kg)"}, []string{"z(height (cm))", "z(weight_kg)"}},
	} {
		spec.Axes = c.axes
		got := drawnText(t, spec)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("Axes %q: no label %q among the figure's text %q", c.axes, w, got)
			}
		}
		if c.axes != [2]string{} && (slices.Contains(got, "x₁") || slices.Contains(got, "x₂")) {
			t.Errorf("Axes %q: the figure still labels an axis x₁ or x₂: %q", c.axes, got)
		}
	}
}

// TestSVGTitleEscaped: a title with XML's specials and a control
// character (a data file may be named anything) still makes a document
// an XML parser reads, with the title intact but for the control
// character.
func TestSVGTitleEscaped(t *testing.T) {
	spec := Spec{View: datasets.ViewOf(nil), Next: -1, Title: "a<b & c>d \x01 \"e\""}
	var svg bytes.Buffer
	if err := Write(t.Context(), &svg, "svg", spec, Size{Width: 200, Height: 200, DPI: 72}, nil); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Title string `xml:"title"`
	}
	if err := xml.Unmarshal(svg.Bytes(), &doc); err != nil {
		t.Fatalf("the SVG is not valid XML: %v", err)
	}
	if want := "a<b & c>d \uFFFD \"e\""; doc.Title != want {
		t.Errorf("title %q, want %q", doc.Title, want)
	}
}

// cancelWriter is a file that ctrl+c comes to as soon as the first bytes
// of the figure reach it: it cancels on its first write, and counts them.
type cancelWriter struct {
	cancel context.CancelFunc
	writes int
}

func (c *cancelWriter) Write(p []byte) (int, error) {
	c.writes++
	c.cancel()
	return len(p), nil
}

// TestWriteStopsEncoding: a context done while a figure is encoded (2 s
// for an 8000×8000 PNG) stops the encoding at its next write, with the
// context's error, for the still figure, the GIF and the flip-book. The
// encoders did not look at the context: plot went on for seconds after
// ctrl+c, exited 0 and replaced the file.
func TestWriteStopsEncoding(t *testing.T) {
	spec, _ := worked4(t, -1)
	frames := worked4Frames(t)
	for name, write := range map[string]func(ctx context.Context, w io.Writer) error{
		"png": func(ctx context.Context, w io.Writer) error {
			return Write(ctx, w, "png", spec, Size{Width: 2000, Height: 2000, DPI: 150}, nil)
		},
		"gif": func(ctx context.Context, w io.Writer) error {
			return WriteGIF(ctx, w, frames, Size{Width: 1000, Height: 1000, DPI: 100}, time.Second, nil)
		},
		"pages": func(ctx context.Context, w io.Writer) error {
			return WritePages(ctx, w, frames, Size{Width: 1000, Height: 1000, DPI: 100}, nil)
		},
	} {
		ctx, cancel := context.WithCancel(t.Context())
		w := &cancelWriter{cancel: cancel}
		if err := write(ctx, w); !errors.Is(err, context.Canceled) || w.writes != 1 {
			t.Errorf("%s: %v after %d writes; want context.Canceled after the first", name, err, w.writes)
		}
	}
}

// TestPNGHeatMapStops: the heat map, scaled into the page (2.6 s at
// 8000×8000 through gg, uninterruptible), stops before its next row once
// the drawing's context is done, leaving the page as it was.
func TestPNGHeatMapStops(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 4, 4)) // opaque grey, as a heat map is opaque
	for i := range src.Pix {
		src.Pix[i] = 0x40
		if i%4 == 3 {
			src.Pix[i] = 0xff
		}
	}
	size := Size{Width: 400, Height: 400, DPI: 72}
	w, h := size.points()
	r := vg.Rectangle{Max: vg.Point{X: w, Y: h}}
	done, cancel := context.WithCancel(t.Context())
	cancel()
	for _, c := range []struct {
		ctx  context.Context
		want color.RGBA
	}{{done, color.RGBA{0xff, 0xff, 0xff, 0xff}}, {t.Context(), color.RGBA{0x40, 0x40, 0x40, 0xff}}} {
		page := newPNG(t.Context(), w, h, size.DPI)
		page.stop = c.ctx // done once the page is white
		page.drawImage(r, src)
		if got := page.img.RGBAAt(200, 200); got != c.want {
			t.Errorf("context done %v: the page's middle is %v; want %v", c.ctx.Err() != nil, got, c.want)
		}
	}
}
