package figure

import (
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"

	"kernelscope/learn"
)

// The heat map's colours are the terminal program's: Okabe & Ito's blue
// for f > 0 (+1) and orange for f < 0 (−1), a pair that stays apart under
// the common colour-vision deficiencies (Okabe & Ito 2008, "Color
// Universal Design"), and apart in grey too: blue is the darker (Rec. 601
// luma 87 against orange's 162). The glyphs take vermillion for −1, as the
// terminal program does on a light background, where orange glyphs on pale
// orange are too faint.
var (
	// PositiveInk fills the +1 glyphs and tints f > 0.
	PositiveInk = color.RGBA{0x00, 0x72, 0xB2, 0xff}
	// NegativeInk fills the −1 glyphs.
	NegativeInk = color.RGBA{0xD5, 0x5E, 0x00, 0xff}
	// negativeTint tints f < 0.
	negativeTint = color.RGBA{0xE6, 0x9F, 0x00, 0xff}
	// overflowTint marks lattice points where f is ±Inf or NaN: grey,
	// outside both classes' hues ("no number here").
	overflowTint = color.RGBA{0xC8, 0xC8, 0xC8, 0xff}
)

// The heat map mixes white with the class's hue by
//
//	a = tintMin + (tintMax − tintMin)·(1 − exp(−|f|/scale)):
//
// a hint of the hue next to the boundary, at most half of it, so black
// lines and the dark glyphs stay what the eye finds, in colour and in grey
// (the +1 side at most luma 171, the −1 side 208, white 255). The
// saturation is smooth: a clip at some |f| would draw a false contour
// there (a Mach band).
const (
	tintMin = 0.06
	tintMax = 0.5
)

// tint is the heat map's colour at f = v against scale.
func tint(v, scale float64) color.RGBA {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return overflowTint
	}
	if v == 0 {
		return color.RGBA{0xff, 0xff, 0xff, 0xff}
	}
	t := 1.0
	if scale > 0 {
		t = -math.Expm1(-math.Abs(v) / scale)
	}
	hue := negativeTint
	if v > 0 {
		hue = PositiveInk
	}
	return mix(hue, tintMin+(tintMax-tintMin)*t)
}

// mix is white mixed with c by a: (1 − a)·white + a·c, per channel.
func mix(c color.RGBA, a float64) color.RGBA {
	ch := func(x uint8) uint8 { return uint8(math.Round(255*(1-a) + float64(x)*a)) }
	return color.RGBA{ch(c.R), ch(c.G), ch(c.B), 0xff}
}

// robustScale is the |f| at which the shades are 63 % of the way to full
// (1 − 1/e): MeanAbs of the lattice (the terminal program saturates at
// twice that, tui/region.go), so one peak (a polynomial's corners) does
// not wash the rest out; 0 when f is 0 everywhere.
func robustScale(vals []float64) float64 { return MeanAbs(vals) }

// MeanAbs is the mean of |v| over the finite values (0 when there are
// none): values that overflowed (±Inf, NaN) take no part in it.
func MeanAbs(vals []float64) float64 {
	sum, n := 0.0, 0
	for _, v := range vals {
		if a := math.Abs(v); a <= math.MaxFloat64 {
			sum += a
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// heatMap is f over the view as a raster, one pixel a lattice point
// (learn.Field's row 0 is the top, as an image's), drawn into the view's
// rectangle: the back end scales it (smoothly, for PNG).
type heatMap struct {
	img  *image.RGBA
	view learn.Rect
}

func newHeatMap(fd *learn.Field, scale float64, link Link) *heatMap {
	img := image.NewRGBA(image.Rect(0, 0, fd.W, fd.H))
	for r := range fd.H {
		for c := range fd.W {
			if link != nil {
				img.SetRGBA(c, r, tintP(fd.At(c, r), link))
			} else {
				img.SetRGBA(c, r, tint(fd.At(c, r), scale))
			}
		}
	}
	return &heatMap{img: img, view: fd.Rect}
}

// tintP is the heat map's colour at f = v for a learner that models
// P(y = +1 | x): the class's hue by the side of ½, mixed in by
//
//	a = tintMin + (tintMax − tintMin)·|P − ½|/½,
//
// a fixed scale, so that one shade is one probability in every figure.
func tintP(v float64, link Link) color.RGBA {
	if math.IsNaN(v) {
		return overflowTint // ±Inf is P = 1 or 0, as sure as can be
	}
	p := link.Probability(v)
	if math.IsNaN(p) {
		return overflowTint
	}
	if p == 0.5 {
		return color.RGBA{0xff, 0xff, 0xff, 0xff}
	}
	hue := negativeTint
	if p > 0.5 {
		hue = PositiveInk
	}
	return mix(hue, tintMin+(tintMax-tintMin)*math.Abs(p-0.5)*2)
}

// draw draws the heat map into its view's rectangle on the page.
func (h *heatMap) draw(c canvas, f *frame) {
	c.drawImage(vg.Rectangle{Min: f.at(h.view.MinX1, h.view.MinX2), Max: f.at(h.view.MaxX1, h.view.MaxX2)}, h.img)
}
