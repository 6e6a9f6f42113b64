package datasets

import (
	"math/rand/v2"

	"kernelscope/learn"
)

// Preset is the training setting a built-in dataset comes with: a kernel that
// can learn the set at its defaults, and the conventions of its source.
type Preset struct {
	Kernel string    // a kernel spec such as "poly(d=2,c=0)", "rbf(sigma=0.5)", "linear"
	Bias   bool      // augment x̃ = (1, x1, x2)
	Tie    learn.Tie // what a score of exactly zero means
}

// Builtin describes one built-in dataset.
type Builtin struct {
	Name         string
	Description  string  // one line, for `kernelscope datasets`
	Generated    bool    // false for the fixed worked examples
	DefaultN     int     // number of points by default (fixed sets: their size)
	DefaultNoise float64 // 0 for fixed sets
	Preset       Preset
	// OneD marks points on a line: x₂ = 0 for every point, and the views
	// draw what there is, x₁ alone (the line with f along it, φ on the
	// plane (x, x²)).
	OneD bool
}

// generator draws n points of one generated set. It may return them in any
// order; Generate shuffles them.
type generator func(r *rand.Rand, n int, noise float64) []Point

// entry is a built-in with what it takes to produce its points: the fixed
// points of a worked example, or the generator of a generated set.
type entry struct {
	Builtin
	fixed []Point
	gen   generator
}

// registry is every built-in in the order `kernelscope datasets` lists them:
// the worked examples first, then the generated sets from hardest-looking to
// plainest.
var registry = []entry{
	{
		Builtin: Builtin{
			Name:        "worked4",
			Description: "XOR on the four corners (±1, ±1), K = (x·z)²: the lecture notes' worked example",
			DefaultN:    len(worked4),
			Preset:      Preset{Kernel: "poly(d=2,c=0)", Bias: false, Tie: learn.TieNeg},
		},
		fixed: worked4,
	},
	{
		Builtin: Builtin{
			Name:        "worked3",
			Description: "three points, linear with bias x̃ = (1, x₁, x₂): the notes' dual-perceptron example",
			DefaultN:    len(worked3),
			Preset:      Preset{Kernel: "linear", Bias: true, Tie: learn.TiePos},
		},
		fixed: worked3,
	},
	{
		Builtin: Builtin{
			Name:        "interval",
			Description: "20 points on a line, +1 where |x| < 0.5: no threshold separates them, (x, x²) does (the notes' 1-D input)",
			DefaultN:    len(interval),
			Preset:      Preset{Kernel: "poly(d=2,c=1)", Tie: learn.TieMistake},
			OneD:        true,
		},
		fixed: interval,
	},
	{
		Builtin: Builtin{
			Name:         "xor",
			Description:  "four quadrants, y = sign(x1·x2), with a gap around the axes",
			Generated:    true,
			DefaultN:     100,
			DefaultNoise: 0.03,
			Preset:       Preset{Kernel: "poly(d=2,c=1)", Tie: learn.TieMistake},
		},
		gen: genXOR,
	},
	{
		Builtin: Builtin{
			Name:         "circles",
			Description:  "a ring of radius 0.5 (+1) inside a ring of radius 1 (−1)",
			Generated:    true,
			DefaultN:     100,
			DefaultNoise: 0.05,
			Preset:       Preset{Kernel: "poly(d=2,c=1)", Tie: learn.TieMistake},
		},
		gen: genCircles,
	},
	{
		Builtin: Builtin{
			Name:         "moons",
			Description:  "two interleaving half-moons, as scikit-learn's make_moons",
			Generated:    true,
			DefaultN:     100,
			DefaultNoise: 0.1,
			Preset:       Preset{Kernel: "rbf(sigma=0.5)", Tie: learn.TieMistake},
		},
		gen: genMoons,
	},
	{
		Builtin: Builtin{
			Name:         "blobs",
			Description:  "two well-separated Gaussian blobs",
			Generated:    true,
			DefaultN:     60,
			DefaultNoise: 0.05,
			Preset:       Preset{Kernel: "linear", Bias: true, Tie: learn.TieMistake},
		},
		gen: genBlobs,
	},
	{
		Builtin: Builtin{
			Name:         "spiral",
			Description:  "two interleaved spirals, as in the TensorFlow Playground",
			Generated:    true,
			DefaultN:     200,
			DefaultNoise: 0.03,
			Preset:       Preset{Kernel: "rbf(sigma=0.3)", Tie: learn.TieMistake},
		},
		gen: genSpiral,
	},
	{
		Builtin: Builtin{
			Name:         "linear",
			Description:  "two half-planes split by the line 0.8·x1 − 0.6·x2 + 0.2 = 0",
			Generated:    true,
			DefaultN:     60,
			DefaultNoise: 0.01,
			Preset:       Preset{Kernel: "linear", Bias: true, Tie: learn.TieMistake},
		},
		gen: genLinear,
	},
}

// Builtins lists every built-in dataset in a stable order: worked4, worked3,
// interval, xor, circles, moons, blobs, spiral, linear. The slice is the caller's to
// keep or change.
func Builtins() []Builtin {
	out := make([]Builtin, len(registry))
	for i, e := range registry {
		out[i] = e.Builtin
	}
	return out
}

// Lookup finds a built-in by its exact, case-sensitive name.
func Lookup(name string) (Builtin, bool) {
	if e, ok := lookupEntry(name); ok {
		return e.Builtin, true
	}
	return Builtin{}, false
}

func lookupEntry(name string) (entry, bool) {
	for _, e := range registry {
		if e.Name == name {
			return e, true
		}
	}
	return entry{}, false
}

// Generate returns the points of the built-in. A fixed set ignores n, noise and
// seed and returns a fresh copy of its points in the order of its source. A
// generated set returns exactly n points (none if n ≤ 0) with about as many of
// each class, shuffled, and the same (name, n, noise, seed) always gives the
// same points in the same order. A Builtin that did not come from Builtins or
// Lookup has no points.
func (b Builtin) Generate(n int, noise float64, seed uint64) []Point {
	e, ok := lookupEntry(b.Name)
	if !ok {
		return nil
	}
	if e.gen == nil {
		return append([]Point(nil), e.fixed...)
	}
	r := rand.New(rand.NewPCG(seed, stream(e.Name)))
	pts := e.gen(r, max(n, 0), noise)
	// The generators emit the classes alternately (or one after the other);
	// shuffling keeps the order from giving the labels away.
	r.Shuffle(len(pts), func(i, j int) { pts[i], pts[j] = pts[j], pts[i] })
	return pts
}

// stream is the PCG stream of a generated set: a 64-bit FNV-1a hash of its
// name, so that seed 1 of xor and seed 1 of circles draw unrelated numbers.
func stream(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}

// label is the class of the i-th point a generator draws. Alternating gives
// ⌈n/2⌉ points of +1 and ⌊n/2⌋ of −1 for any n.
func label(i int) int {
	if i%2 == 0 {
		return 1
	}
	return -1
}

// BuiltinNames lists the built-in datasets' names in their order.
func BuiltinNames() []string {
	var names []string
	for _, b := range Builtins() {
		names = append(names, b.Name)
	}
	return names
}
