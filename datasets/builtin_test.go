package datasets

import (
	"math"
	"slices"
	"testing"

	"kernelscope/learn"
)

func TestBuiltinsOrder(t *testing.T) {
	var names []string
	for _, b := range Builtins() {
		names = append(names, b.Name)
	}
	want := []string{"worked4", "worked3", "interval", "xor", "circles", "moons", "blobs", "spiral", "linear"}
	if !slices.Equal(names, want) {
		t.Errorf("Builtins() names = %v, want %v", names, want)
	}
}

func TestBuiltinsFields(t *testing.T) {
	for _, b := range Builtins() {
		if b.Description == "" {
			t.Errorf("%s: no description", b.Name)
		}
		if b.DefaultN <= 0 {
			t.Errorf("%s: DefaultN = %d", b.Name, b.DefaultN)
		}
		if b.Generated != (b.DefaultNoise > 0) {
			t.Errorf("%s: Generated = %v but DefaultNoise = %v", b.Name, b.Generated, b.DefaultNoise)
		}
		if b.Generated && b.DefaultN > 200 {
			t.Errorf("%s: DefaultN = %d, want at most 200 for teaching", b.Name, b.DefaultN)
		}
	}
}

func TestBuiltinsIsACopy(t *testing.T) {
	bs := Builtins()
	bs[0].Name = "changed"
	if Builtins()[0].Name != "worked4" {
		t.Error("changing the slice from Builtins changed the built-ins")
	}
}

func TestLookup(t *testing.T) {
	for _, b := range Builtins() {
		got, ok := Lookup(b.Name)
		if !ok || got != b {
			t.Errorf("Lookup(%q) = %+v, %v; want %+v, true", b.Name, got, ok, b)
		}
	}
	for _, name := range []string{"", "XOR", "Circles", "xor ", "nope"} {
		if _, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) found a built-in", name)
		}
	}
}

func mustLookup(t testing.TB, name string) Builtin {
	t.Helper()
	b, ok := Lookup(name)
	if !ok {
		t.Fatalf("Lookup(%q) failed", name)
	}
	return b
}

func TestWorkedSets(t *testing.T) {
	tests := []struct {
		name   string
		pts    []Point
		preset Preset
	}{
		// Lecture notes seed 003: the table x1 x2 y and K(u, v) = (u·v)², sign(0) = −1.
		{"worked4", []Point{{1, 1, 1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, -1}},
			Preset{Kernel: "poly(d=2,c=0)", Bias: false, Tie: learn.TieNeg}},
		// Lecture notes seed 004: D = {((2, −1), 1), ((2, 1), 1), ((1, 3), −1)},
		// x̃ = (1, x1, x2), sig(0) = 1.
		{"worked3", []Point{{2, -1, 1}, {2, 1, 1}, {1, 3, -1}},
			Preset{Kernel: "linear", Bias: true, Tie: learn.TiePos}},
	}
	for _, tt := range tests {
		b := mustLookup(t, tt.name)
		if b.Generated || b.DefaultNoise != 0 || b.DefaultN != len(tt.pts) {
			t.Errorf("%s: Generated %v, DefaultNoise %v, DefaultN %d; want false, 0, %d",
				tt.name, b.Generated, b.DefaultNoise, b.DefaultN, len(tt.pts))
		}
		if b.Preset != tt.preset {
			t.Errorf("%s: preset %+v, want %+v", tt.name, b.Preset, tt.preset)
		}
		// n, noise and seed are ignored for fixed sets.
		for _, args := range []struct {
			n     int
			noise float64
			seed  uint64
		}{{0, 0, 0}, {100, 0.5, 7}, {-3, -1, 1}} {
			got := b.Generate(args.n, args.noise, args.seed)
			if !slices.Equal(got, tt.pts) {
				t.Errorf("%s.Generate(%d, %v, %d) = %v, want %v", tt.name, args.n, args.noise, args.seed, got, tt.pts)
			}
		}
		// The caller may change what it gets without changing the built-in.
		b.Generate(0, 0, 0)[0].X1 = 99
		if got := b.Generate(0, 0, 0); !slices.Equal(got, tt.pts) {
			t.Errorf("%s: changing a returned point changed the built-in: %v", tt.name, got)
		}
	}
}

func generated(t testing.TB) []Builtin {
	var out []Builtin
	for _, b := range Builtins() {
		if b.Generated {
			out = append(out, b)
		}
	}
	if len(out) != 6 {
		t.Fatalf("%d generated built-ins, want 6", len(out))
	}
	return out
}

func TestGenerateDeterministic(t *testing.T) {
	for _, b := range generated(t) {
		a := b.Generate(b.DefaultN, b.DefaultNoise, 1)
		if c := b.Generate(b.DefaultN, b.DefaultNoise, 1); !slices.Equal(a, c) {
			t.Errorf("%s: seed 1 gave two different sets", b.Name)
		}
		if c := b.Generate(b.DefaultN, b.DefaultNoise, 2); slices.Equal(a, c) {
			t.Errorf("%s: seeds 1 and 2 gave the same set", b.Name)
		}
		if c := b.Generate(b.DefaultN, 2*b.DefaultNoise, 1); slices.Equal(a, c) {
			t.Errorf("%s: noise %v and %v gave the same set", b.Name, b.DefaultNoise, 2*b.DefaultNoise)
		}
	}
}

func TestGenerateSize(t *testing.T) {
	for _, b := range generated(t) {
		for _, n := range []int{0, 1, 2, 3, 10, 11, 57, 200, 1000} {
			pts := b.Generate(n, b.DefaultNoise, 5)
			if len(pts) != n {
				t.Errorf("%s.Generate(%d): %d points", b.Name, n, len(pts))
				continue
			}
			pos := 0
			for _, p := range pts {
				if p.Y == 1 {
					pos++
				} else if p.Y != -1 {
					t.Errorf("%s.Generate(%d): label %d", b.Name, n, p.Y)
				}
			}
			// Classes alternate before the shuffle: ⌈n/2⌉ of +1.
			if pos != (n+1)/2 {
				t.Errorf("%s.Generate(%d): %d points of +1, want %d", b.Name, n, pos, (n+1)/2)
			}
		}
		if pts := b.Generate(-4, b.DefaultNoise, 5); len(pts) != 0 {
			t.Errorf("%s.Generate(-4): %d points, want none", b.Name, len(pts))
		}
	}
}

// TestGenerateShuffled checks that the order does not give the labels away:
// neither sorted by label nor strictly alternating.
func TestGenerateShuffled(t *testing.T) {
	for _, b := range generated(t) {
		pts := b.Generate(b.DefaultN, b.DefaultNoise, 1)
		changes := 0
		for i := 1; i < len(pts); i++ {
			if pts[i].Y != pts[i-1].Y {
				changes++
			}
		}
		// A random order of n balanced labels changes label about n/2 times.
		if changes < len(pts)/4 || changes > 3*len(pts)/4 {
			t.Errorf("%s: label changes %d times in %d points; want a mixed order", b.Name, changes, len(pts))
		}
	}
}

func TestGenerateInRange(t *testing.T) {
	for _, b := range generated(t) {
		for seed := uint64(1); seed <= 5; seed++ {
			for i, p := range b.Generate(b.DefaultN, b.DefaultNoise, seed) {
				if !(math.Abs(p.X1) <= 2 && math.Abs(p.X2) <= 2) { // also catches NaN
					t.Errorf("%s seed %d: point %d = (%v, %v) outside [−2, 2]²", b.Name, seed, i, p.X1, p.X2)
				}
			}
		}
	}
}

// TestGenerateOddNoise checks that noise the caller should have rejected
// (negative, NaN, infinite) does not hang or panic, and still gives n points.
func TestGenerateOddNoise(t *testing.T) {
	for _, b := range generated(t) {
		for _, noise := range []float64{-0.5, math.NaN(), math.Inf(1), 0} {
			if got := len(b.Generate(20, noise, 1)); got != 20 {
				t.Errorf("%s.Generate(20, %v): %d points", b.Name, noise, got)
			}
		}
	}
}

func TestGenerateShapes(t *testing.T) {
	// Without noise each set lies exactly where its description says.
	for _, p := range mustLookup(t, "xor").Generate(500, 0, 1) {
		if math.Abs(p.X1) < xorGap || math.Abs(p.X2) < xorGap || math.Abs(p.X1) > 1 || math.Abs(p.X2) > 1 {
			t.Fatalf("xor: point %v in the gap or outside [−1, 1]²", p)
		}
		if (p.X1*p.X2 > 0) != (p.Y > 0) {
			t.Fatalf("xor: point %v has the wrong label", p)
		}
	}
	for _, p := range mustLookup(t, "circles").Generate(500, 0, 1) {
		want := circlesOuter
		if p.Y > 0 {
			want = circlesInner
		}
		if r := math.Hypot(p.X1, p.X2); math.Abs(r-want) > 1e-12 {
			t.Fatalf("circles: point %v at radius %v, want %v", p, r, want)
		}
	}
	for _, p := range mustLookup(t, "linear").Generate(500, 0, 1) {
		d := 0.8*p.X1 - 0.6*p.X2 + 0.2
		if math.Abs(d) < linearMargin || (d > 0) != (p.Y > 0) || math.Abs(p.X1) > 1 || math.Abs(p.X2) > 1 {
			t.Fatalf("linear: point %v (distance %v) in the margin, mislabelled or outside [−1, 1]²", p, d)
		}
	}
	for _, p := range mustLookup(t, "moons").Generate(500, 0, 1) {
		// Undo the centring and scaling; the upper moon is the unit circle
		// about (0, 0), the lower one the unit circle about (1, 0.5).
		x1, x2 := p.X1/moonsScale+0.5, p.X2/moonsScale+0.25
		cx, cy := 0.0, 0.0
		if p.Y < 0 {
			cx, cy = 1, 0.5
		}
		if r := math.Hypot(x1-cx, x2-cy); math.Abs(r-1) > 1e-12 {
			t.Fatalf("moons: point %v off its moon (radius %v)", p, r)
		}
	}
	for _, p := range mustLookup(t, "spiral").Generate(500, 0, 1) {
		if r := math.Hypot(p.X1, p.X2); r < spiralR0-1e-12 || r > spiralR1 {
			t.Fatalf("spiral: point %v at radius %v, outside [%v, %v]", p, r, spiralR0, spiralR1)
		}
	}
	// Blob means lie near their centres.
	var sum [2][2]float64
	pts := mustLookup(t, "blobs").Generate(2000, 0, 1)
	for _, p := range pts {
		c := 0
		if p.Y > 0 {
			c = 1
		}
		sum[c][0] += p.X1
		sum[c][1] += p.X2
	}
	for c, centre := range [2][2]float64{blobNeg, blobPos} {
		for k := range 2 {
			// 1000 points with σ = 0.2: the mean is within 0.05 (7.9 standard errors).
			if m := sum[c][k] / 1000; math.Abs(m-centre[k]) > 0.05 {
				t.Errorf("blobs: class %d mean x%d = %v, want about %v", 2*c-1, k+1, m, centre[k])
			}
		}
	}
}

// TestPresetsConverge checks the promise each preset makes: at the default
// size and noise, seed 1, the perceptron with that kernel learns the set.
func TestPresetsConverge(t *testing.T) {
	for _, b := range Builtins() {
		pts := b.Generate(b.DefaultN, b.DefaultNoise, 1)
		epochs := trainEpochs(t, pts, b.Preset, 100)
		if epochs == 0 {
			t.Errorf("%s: %s did not converge within 100 epochs", b.Name, b.Preset.Kernel)
			continue
		}
		t.Logf("%s: %s converged in epoch %d", b.Name, b.Preset.Kernel, epochs)
	}
}

func BenchmarkGenerateCircles(b *testing.B) {
	c := mustLookup(b, "circles")
	b.ReportAllocs()
	for b.Loop() {
		c.Generate(4000, c.DefaultNoise, 1)
	}
}
