package common

// Cell is one character of a plot: its colors (palette indices), its
// glyph ("" is the half block ▀, FG above and BG below), weight and
// underline (the SVM's points on the margin: OnMargin).
type Cell struct {
	FG, BG uint8
	Glyph  string // "" is the half block
	Bold   bool
	Under  bool
}
