package figure

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"math/rand/v2"
	"regexp"
	"testing"
	"time"

	"gonum.org/v1/plot/vg"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// worked4Frames are seed 003's run a frame a step: the start and each of
// its 8 steps to convergence.
func worked4Frames(t testing.TB) []Spec {
	t.Helper()
	l, err := learn.NewLearner(learn.Config{Kernel: learn.Poly{D: 2}, Tie: learn.TieNeg, Epochs: 100}, datasets.Examples(worked4Points))
	if err != nil {
		t.Fatal(err)
	}
	var specs []Spec
	for {
		spec, err := Of(context.Background(), l, worked4Points, nil, datasets.ViewOf(worked4Points), "worked4")
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
		if _, err := l.Step(); err != nil {
			break
		}
	}
	if len(specs) != 9 {
		t.Fatalf("%d frames; want 9 (seed 003 converges after 8 steps)", len(specs))
	}
	return specs
}

// TestPalette: the GIF's palette holds the figure's own colours exactly
// (white, the lines' black, the two classes' inks), has at most 256
// entries, none twice, and ends in the one transparent entry.
func TestPalette(t *testing.T) {
	p := Palette()
	if len(p) > 256 {
		t.Fatalf("%d colours; a GIF has at most 256", len(p))
	}
	seen := map[color.Color]bool{}
	for i, c := range p {
		if seen[c] {
			t.Errorf("entry %d, %v, is there twice", i, c)
		}
		seen[c] = true
		if _, _, _, a := c.RGBA(); a == 0 && i != len(p)-1 {
			t.Errorf("entry %d is transparent; only the last may be", i)
		}
	}
	if _, _, _, a := p[len(p)-1].RGBA(); a != 0 {
		t.Errorf("the last entry %v is not transparent", p[len(p)-1])
	}
	for _, c := range []color.RGBA{{0xff, 0xff, 0xff, 0xff}, inkBlack, PositiveInk, NegativeInk} {
		if !seen[c] {
			t.Errorf("%v is not in the palette", c)
		}
	}
}

// TestWriteGIF: one frame a spec, 0.5 s apart and the last held 2 s,
// looping; the frames laid one on another end on the last figure exactly
// as it quantizes on its own (the frames after the first keep only what
// changed), and the class inks and the black of the boundary and the rings
// are in it, exactly.
func TestWriteGIF(t *testing.T) {
	specs := worked4Frames(t)
	size := Size{Width: 300, Height: 300, DPI: 72}
	var buf bytes.Buffer
	var seen []int
	if err := WriteGIF(context.Background(), &buf, specs, size, 500*time.Millisecond, func(done, total int) { seen = append(seen, done) }); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(specs) || g.LoopCount != 0 || g.Config.Width != 300 || g.Config.Height != 300 {
		t.Fatalf("%d frames, loop %d, %d×%d; want %d frames, looping (0), 300×300", len(g.Image), g.LoopCount, g.Config.Width, g.Config.Height, len(specs))
	}
	for k, d := range g.Delay {
		want := 50 // hundredths of a second
		if k == len(g.Delay)-1 {
			want = 200 // HoldLast(0.5 s): 4 × 0.5 s
		}
		if d != want {
			t.Errorf("frame %d: delay %d/100 s, want %d", k+1, d, want)
		}
	}
	if len(seen) != len(specs) || seen[len(seen)-1] != len(specs) {
		t.Errorf("progress heard %v; want 1 to %d", seen, len(specs))
	}
	screen := image.NewRGBA(image.Rect(0, 0, 300, 300))
	for _, fr := range g.Image {
		draw.Draw(screen, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
	}
	w, h := size.points()
	c := newPNG(context.Background(), w, h, size.DPI)
	if err := drawOn(context.Background(), c, specs[len(specs)-1], w, h, nil); err != nil {
		t.Fatal(err)
	}
	want := newQuantizer(Palette()).paletted(context.Background(), c.img)
	counts := map[color.RGBA]int{}
	for y := range 300 {
		for x := range 300 {
			got, w := screen.RGBAAt(x, y), color.RGBAModel.Convert(want.At(x, y)).(color.RGBA)
			if got != w {
				t.Fatalf("(%d, %d): the frames end on %v, the last figure is %v", x, y, got, w)
			}
			counts[got]++
		}
	}
	for _, c := range []color.RGBA{inkBlack, PositiveInk, NegativeInk} {
		if counts[c] < 20 {
			t.Errorf("%v: %d pixels of it exactly; want the glyphs' and lines' many", c, counts[c])
		}
	}
}

// TestWritePages: a page a spec, each a /Type /Page object listed in the
// page tree, and a cross-reference table readers can trust.
func TestWritePages(t *testing.T) {
	specs := worked4Frames(t)
	var buf bytes.Buffer
	if err := WritePages(context.Background(), &buf, specs, Size{Width: 300, Height: 300, DPI: 72}, nil); err != nil {
		t.Fatal(err)
	}
	doc := buf.Bytes()
	checkPDF(t, doc)
	if n := len(regexp.MustCompile(`/Type /Page\b`).FindAll(doc, -1)); n != len(specs) {
		t.Errorf("%d /Type /Page objects; want %d", n, len(specs))
	}
	if !bytes.Contains(doc, []byte("/Count 9 >>")) {
		t.Errorf("the page tree does not count 9 pages")
	}
}

// TestFramesRefused: no frames, more than MaxFrames, or a context done
// write nothing.
func TestFramesRefused(t *testing.T) {
	specs := worked4Frames(t)
	size := Size{Width: 200, Height: 200, DPI: 40}
	many := make([]Spec, MaxFrames+1)
	for i := range many {
		many[i] = specs[0]
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name  string
		ctx   context.Context
		specs []Spec
	}{
		{"none", context.Background(), nil},
		{"too many", context.Background(), many},
		{"cancelled", done, specs},
	} {
		for _, write := range []func(context.Context, io.Writer) error{
			func(ctx context.Context, w io.Writer) error {
				return WriteGIF(ctx, w, tc.specs, size, time.Second, nil)
			},
			func(ctx context.Context, w io.Writer) error { return WritePages(ctx, w, tc.specs, size, nil) },
		} {
			var buf bytes.Buffer
			err := write(tc.ctx, &buf)
			if err == nil || buf.Len() > 0 {
				t.Errorf("%s: error %v, %d bytes written; want an error and nothing", tc.name, err, buf.Len())
			}
			if tc.ctx == done && !errors.Is(err, context.Canceled) {
				t.Errorf("%s: %v; want context.Canceled", tc.name, err)
			}
		}
	}
}

// BenchmarkGIFFrame is one 640×640 GIF frame of worked4.
func BenchmarkGIFFrame(b *testing.B) {
	specs := worked4Frames(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteGIF(b.Context(), io.Discard, specs[len(specs)-1:], Size{Width: 640, Height: 640, DPI: 80}, time.Second, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestScaleBilinear: an image scaled by scaleBilinear is the one gg
// draws (through golang.org/x/image/draw.BiLinear) to within 1 of 255 in
// every channel, away from the rectangle's edges, where the two may
// differ by which pixels they take in: a 9×7 image of random opaque
// colours (far sharper than a heat map) into a rectangle at scales that
// are not whole.
func TestScaleBilinear(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 9, 7))
	rng := rand.New(rand.NewPCG(27, 1))
	for i := range src.Pix {
		src.Pix[i] = uint8(rng.IntN(256))
		if i%4 == 3 {
			src.Pix[i] = 0xff
		}
	}
	size := Size{Width: 437, Height: 389, DPI: 61}
	w, h := size.points()
	r := vg.Rectangle{Min: vg.Point{X: 0.13 * w, Y: 0.21 * h}, Max: vg.Point{X: 0.87 * w, Y: 0.77 * h}}
	fast, slow := newPNG(context.Background(), w, h, size.DPI), newPNG(context.Background(), w, h, size.DPI)
	slow.scale = false
	fast.drawImage(r, src)
	slow.drawImage(r, src)
	px := image.Rect(int(fast.dots(r.Min.X)), 389-int(fast.dots(r.Max.Y)), int(fast.dots(r.Max.X)), 389-int(fast.dots(r.Min.Y))).Inset(2)
	worst := 0
	for y := px.Min.Y; y < px.Max.Y; y++ {
		for x := px.Min.X; x < px.Max.X; x++ {
			a, b := fast.img.RGBAAt(x, y), slow.img.RGBAAt(x, y)
			for _, d := range []int{int(a.R) - int(b.R), int(a.G) - int(b.G), int(a.B) - int(b.B)} {
				worst = max(worst, d, -d)
			}
		}
	}
	if worst > 1 {
		t.Errorf("scaleBilinear differs from gg's by up to %d of 255 inside %v; want at most 1", worst, px)
	}
}
