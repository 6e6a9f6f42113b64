package figure

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"runtime"
	"sync"
	"time"
)

// A run drawn frame by frame: an animated GIF for slides (WriteGIF) and a
// PDF flip-book for handouts (WritePages), each frame the figure Write
// draws of the run at that moment.

// MaxFrames is the most frames an animation or a flip-book has: 500 is
// four minutes of GIF at half a second a frame, and hundreds of megabytes
// of rasters to draw; a run with more events is drawn at a coarser event
// (a mistake, a pass) or fewer steps.
const MaxFrames = 500

// HoldLast is how much longer than the others the last frame of a GIF
// stays, so a slide that loops rests on the end of the run: 4 times the
// delay, at least 2 s.
func HoldLast(delay time.Duration) time.Duration { return max(4*delay, 2*time.Second) }

// Palette is the animation's 256 colours, built from the figure's own: the
// exact colours first (white, the black of the lines, the frame, the rings
// and the glyphs' outlines, the two classes' inks, the grey of overflow),
// then the heat map's two tints at 16 steps each of their range, greys
// and the inks mixed with white and black for anti-aliased edges, and last
// a transparent entry (the pixels a frame leaves as the one before). A
// pixel of an exact colour stays exact; any other takes the nearest
// entry, without dithering, so a frame's flat areas compress.
//
// The heat map is nearly all of a GIF's bytes, and its steps are what
// they cost: xor's 45 frames at 640×640 are 3.8 MB with 72 steps a side,
// 2.5 MB with 32 and 1.8 MB with 16, where the steps show as faint bands
// (the still figure has none: the PNG keeps every shade).
func Palette() color.Palette {
	p := color.Palette{}
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] && len(p) < 255 {
			seen[c] = true
			p = append(p, c)
		}
	}
	white := color.RGBA{0xff, 0xff, 0xff, 0xff}
	for _, c := range []color.RGBA{white, inkBlack, PositiveInk, NegativeInk, overflowTint} {
		add(c)
	}
	const ramp = 16
	for k := range ramp {
		a := tintMin + (tintMax-tintMin)*float64(k)/(ramp-1)
		add(mix(PositiveInk, a))
		add(mix(negativeTint, a))
	}
	for _, ink := range []color.RGBA{PositiveInk, NegativeInk} {
		for k := 1; k < 8; k++ {
			a := float64(k) / 8
			add(mix(ink, a)) // the ink on white
			ch := func(x uint8) uint8 { return uint8(math.Round(float64(x) * a)) }
			add(color.RGBA{ch(ink.R), ch(ink.G), ch(ink.B), 0xff}) // on black
		}
	}
	// Greys for text and lines on white, as many as there is room for.
	for g := 0; g <= 96 && len(p) < 255; g++ {
		v := uint8(math.Round(255 * float64(g) / 96))
		add(color.RGBA{v, v, v, 0xff})
	}
	return append(p, color.RGBA{})
}

// WriteGIF writes specs as an animated GIF of size (each frame the figure
// Write draws as PNG), looping, delay between frames and HoldLast(delay)
// on the last. Each frame after the first keeps only the rectangle that
// changed, its unchanged pixels transparent. It stops with ctx's error
// once ctx is done (w then holds part of a GIF: write to a file that is
// removed on error), and tells progress (when not nil) how many frames are
// drawn.
func WriteGIF(ctx context.Context, w io.Writer, specs []Spec, size Size, delay time.Duration, progress func(done, total int)) error {
	if err := checkFrames(specs, size); err != nil {
		return err
	}
	width, height := size.points()
	pal := Palette()
	q := newQuantizer(pal)
	var prev *image.Paletted
	raster := func(ctx context.Context, k int) (*image.RGBA, error) {
		c := newPNG(ctx, width, height, size.DPI)
		err := drawOn(ctx, c, specs[k], width, height, nil)
		return c.img, err
	}
	// A frame of 8000×8000 pixels is seconds of quantising, comparing and
	// encoding: each stops between two rows, or at its next write, once
	// ctx is done.
	w = stopWriter{ctx, w}
	err := inOrder(ctx, len(specs), raster, func(k int, img *image.RGBA) error {
		cur := q.paletted(ctx, img)
		frame := cur
		if prev != nil {
			frame = changed(ctx, prev, cur, uint8(len(pal)-1))
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		d := delay
		if k == len(specs)-1 {
			d = HoldLast(delay)
		}
		if err := writeGIFFrame(ctx, w, k == 0, cur.Bounds(), pal, frame, d); err != nil {
			return fmt.Errorf("writing the animation: %w", err)
		}
		prev = cur
		if progress != nil {
			progress(k+1, len(specs))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if _, err := w.Write([]byte{0x3b}); err != nil { // the trailer
		return fmt.Errorf("writing the animation: %w", err)
	}
	return nil
}

// WritePages writes specs as one PDF of size, a page a frame (each the
// page Write draws as PDF), under the run's title (the data, the kernel
// and the learner: the first line of every page's). It stops with
// ctx's error once ctx is done, and tells progress (when not nil) how many
// pages are drawn.
func WritePages(ctx context.Context, w io.Writer, specs []Spec, size Size, progress func(done, total int)) error {
	if err := checkFrames(specs, size); err != nil {
		return err
	}
	width, height := size.points()
	pages := make([]pdfPage, 0, len(specs))
	page := func(ctx context.Context, k int) (pdfPage, error) {
		c := &pdfCanvas{w: width, h: height}
		if err := drawOn(ctx, c, specs[k], width, height, nil); err != nil {
			return pdfPage{}, err
		}
		return c.page(), nil
	}
	err := inOrder(ctx, len(specs), page, func(k int, p pdfPage) error {
		pages = append(pages, p)
		if progress != nil {
			progress(k+1, len(specs))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if _, err := writePDF(stopWriter{ctx, w}, width, height, specs[0].Title, pages); err != nil {
		return fmt.Errorf("writing the figure: %w", err)
	}
	return nil
}

// checkFrames checks a sequence of frames: at least one, at most
// MaxFrames, of a size Write takes.
func checkFrames(specs []Spec, size Size) error {
	if err := size.Check(); err != nil {
		return err
	}
	if len(specs) == 0 {
		return errors.New("no frames to draw")
	}
	if len(specs) > MaxFrames {
		return fmt.Errorf("%d frames: at most %d", len(specs), MaxFrames)
	}
	return nil
}

// quantizer maps colours to the palette: an exact colour to its own
// entry, any other to the nearest (in RGB), remembered, since a figure has
// some thousands of colours and a frame hundreds of thousands of pixels.
type quantizer struct {
	pal  color.Palette
	rgb  [][3]int32
	seen map[uint32]uint8
}

func newQuantizer(pal color.Palette) *quantizer {
	q := &quantizer{pal: pal, seen: map[uint32]uint8{}}
	for i, c := range pal {
		r, g, b, a := c.RGBA()
		if a == 0 {
			continue // the transparent entry is for unchanged pixels only
		}
		q.rgb = append(q.rgb, [3]int32{int32(r >> 8), int32(g >> 8), int32(b >> 8)})
		q.seen[uint32(r>>8)<<16|uint32(g>>8)<<8|uint32(b>>8)] = uint8(i)
	}
	return q
}

// index is the entry of the opaque colour r, g, b.
func (q *quantizer) index(r, g, b uint8) uint8 {
	key := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
	if i, ok := q.seen[key]; ok {
		return i
	}
	best, bestD := 0, int32(math.MaxInt32)
	for i, c := range q.rgb {
		dr, dg, db := c[0]-int32(r), c[1]-int32(g), c[2]-int32(b)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
	}
	q.seen[key] = uint8(best)
	return uint8(best)
}

// paletted is img (opaque, on white) in the palette; once ctx is done it
// stops before the next row.
func (q *quantizer) paletted(ctx context.Context, img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	out := image.NewPaletted(b, q.pal)
	for y := b.Min.Y; y < b.Max.Y && ctx.Err() == nil; y++ {
		src := img.Pix[img.PixOffset(b.Min.X, y):]
		dst := out.Pix[out.PixOffset(b.Min.X, y):]
		last, lastIndex := -1, uint8(0) // a row is mostly runs of one colour
		for x := range b.Dx() {
			r, g, bl := src[4*x], src[4*x+1], src[4*x+2]
			if key := int(r)<<16 | int(g)<<8 | int(bl); key != last {
				last, lastIndex = key, q.index(r, g, bl)
			}
			dst[x] = lastIndex
		}
	}
	return out
}

// changed is the part of cur that differs from prev: the smallest
// rectangle holding every changed pixel (a pixel's rectangle when none
// did), with the pixels that did not change set to clear, the transparent
// entry, so the one before shows through. Once ctx is done it stops
// before the next row.
func changed(ctx context.Context, prev, cur *image.Paletted, clear uint8) *image.Paletted {
	b := cur.Bounds()
	r := image.Rectangle{}
	for y := b.Min.Y; y < b.Max.Y && ctx.Err() == nil; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			i := cur.PixOffset(x, y)
			if cur.Pix[i] != prev.Pix[i] {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if r.Empty() {
		r = image.Rect(b.Min.X, b.Min.Y, b.Min.X+1, b.Min.Y+1)
	}
	out := image.NewPaletted(r, cur.Palette)
	for y := r.Min.Y; y < r.Max.Y && ctx.Err() == nil; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i, o := cur.PixOffset(x, y), out.PixOffset(x, y)
			if cur.Pix[i] == prev.Pix[i] && !(r.Dx() == 1 && r.Dy() == 1) {
				out.Pix[o] = clear
			} else {
				out.Pix[o] = cur.Pix[i]
			}
		}
	}
	return out
}

// writeGIFFrame writes frame, a part of a screen of bounds in palette
// pal, shown for d and then left in place: image/gif encodes it as a GIF
// of its own, of which the first frame writes the header (the screen, the
// global palette) and a loop-forever extension, and every frame its
// graphic control, descriptor and data. The caller writes the trailer.
// The encoding stops at its next write once ctx is done (every 4 KB of
// it: LZW codes go to a buffered writer).
func writeGIFFrame(ctx context.Context, w io.Writer, first bool, bounds image.Rectangle, pal color.Palette, frame *image.Paletted, d time.Duration) error {
	var buf bytes.Buffer
	err := gif.EncodeAll(stopWriter{ctx, &buf}, &gif.GIF{
		Image:    []*image.Paletted{frame},
		Delay:    []int{int(d.Round(10*time.Millisecond) / (10 * time.Millisecond))},
		Disposal: []byte{gif.DisposalNone},
		Config:   image.Config{ColorModel: pal, Width: bounds.Dx(), Height: bounds.Dy()},
	})
	if err != nil {
		return err
	}
	data := buf.Bytes()
	// The header: "GIF89a", the logical screen descriptor (7 bytes, its
	// fifth the flags with the global table's size), the global table.
	head := 13
	if flags := data[10]; flags&0x80 != 0 {
		head += 3 << ((flags & 7) + 1)
	}
	if len(data) < head+1 || data[len(data)-1] != 0x3b {
		return errors.New("image/gif wrote an unexpected stream")
	}
	if first {
		if _, err := w.Write(data[:head]); err != nil {
			return err
		}
		// NETSCAPE2.0: loop forever (count 0).
		if _, err := w.Write([]byte("\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")); err != nil {
			return err
		}
	}
	_, err = w.Write(data[head : len(data)-1])
	return err
}

// inOrder makes n things with produce on a goroutine a core (the frames of
// an animation are independent, and drawing one is most of the work) and
// hands each to use in order, on the caller's goroutine. At most twice as
// many as there are workers are made ahead of use, so a long animation
// holds a few rasters, not all of them. The first error, produce's or use's,
// or ctx's once it is done, stops the rest and is returned (produce is
// handed a context that is done then).
func inOrder[T any](ctx context.Context, n int, produce func(ctx context.Context, k int) (T, error), use func(k int, v T) error) error {
	type result struct {
		v   T
		err error
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), n))
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	results := make([]chan result, n)
	for k := range results {
		results[k] = make(chan result, 1)
	}
	ahead := make(chan struct{}, 2*workers)
	next := make(chan int)
	wg.Go(func() {
		defer close(next)
		for k := range n {
			select {
			case ahead <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case next <- k:
			case <-ctx.Done():
				return
			}
		}
	})
	for range workers {
		wg.Go(func() {
			for k := range next {
				v, err := produce(ctx, k)
				results[k] <- result{v, err}
			}
		})
	}
	for k := range n {
		var r result
		select {
		case r = <-results[k]:
		case <-ctx.Done():
			return ctx.Err()
		}
		if r.err != nil {
			return r.err
		}
		if err := use(k, r.v); err != nil {
			return err
		}
		<-ahead
	}
	return nil
}
