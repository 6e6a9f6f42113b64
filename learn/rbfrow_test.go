package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// withSIMD runs fn with the vector path on or off, restoring it after.
func withSIMD(on bool, fn func()) {
	was := useSIMD
	useSIMD = on && was
	defer func() { useSIMD = was }()
	fn()
}

// paths are the RBF row's code paths the processor can run: scalar, four
// lanes, eight lanes.
func paths() []struct {
	name         string
	simd, lanes8 bool
} {
	ps := []struct {
		name         string
		simd, lanes8 bool
	}{{"scalar", false, false}}
	if useSIMD {
		ps = append(ps, struct {
			name         string
			simd, lanes8 bool
		}{"4 lanes", true, false})
	}
	if useSIMD && use512 {
		ps = append(ps, struct {
			name         string
			simd, lanes8 bool
		}{"8 lanes", true, true})
	}
	return ps
}

// withPath runs fn on one of paths(), restoring the choice after.
func withPath(simd, lanes8 bool, fn func()) {
	was := use512
	use512 = lanes8 && was
	defer func() { use512 = was }()
	withSIMD(simd, fn)
}

// TestRBFRowBitIdentical checks the vector RBF row (and its fused score
// update) against the scalar definition, expFast(dist2(x, zⱼ)·c) and
// f[j] + w·vⱼ, bit for bit: the contract is the same IEEE operations in the
// same order, so the tolerance is zero. Points come at scales from 10⁻³ to
// 10³ (so some arguments fall below expMinArg and take the scalar path
// inside a row), with X0 both 0 and 1, for row lengths around the block
// size and a long row, and σ from 10⁻² to 10².
func TestRBFRowBitIdentical(t *testing.T) {
	if !useSIMD {
		t.Log("no AVX2 here: only the scalar path is compared with the definition")
	}
	r := rand.New(rand.NewPCG(14, 1))
	point := func(scale float64) Vec {
		return Vec{float64(r.IntN(2)), scale * r.NormFloat64(), scale * r.NormFloat64()}
	}
	for _, n := range []int{0, 1, 3, 4, 5, 7, 8, 9, 31, 1000} {
		for _, scale := range []float64{1e-3, 1, 30, 1e3} {
			for _, sigma := range []float64{0.01, 0.5, 3, 100} {
				name := fmt.Sprintf("n=%d/scale=%g/sigma=%g", n, scale, sigma)
				zs := make([]Vec, n)
				for j := range zs {
					zs[j] = point(scale)
				}
				x, c, w := point(scale), RBF{Sigma: sigma}.factor(), r.NormFloat64()
				want, wantF := make([]float64, n), make([]float64, n)
				f0 := make([]float64, n)
				for j, z := range zs {
					want[j] = expFast(dist2(x, z) * c)
					f0[j] = r.NormFloat64()
					wantF[j] = f0[j] + float64(w*want[j])
				}
				pts := makeCoords(zs)
				for _, path := range paths() {
					simd := path.name
					got, gotF, row := make([]float64, n), append([]float64(nil), f0...), make([]float64, n)
					withPath(path.simd, path.lanes8, func() {
						rbfRow(got, gotF, x, &pts, c, w)
						KernelRow(RBF{Sigma: sigma}, row, x, zs)
					})
					for j := range n {
						if math.Float64bits(got[j]) != math.Float64bits(want[j]) || math.Float64bits(row[j]) != math.Float64bits(want[j]) {
							t.Fatalf("%s %s: K(x, z%d) = %v (row) %v (KernelRow), want %v", name, simd, j, got[j], row[j], want[j])
						}
						if math.Float64bits(gotF[j]) != math.Float64bits(wantF[j]) {
							t.Fatalf("%s %s: f[%d] = %v, want %v", name, simd, j, gotF[j], wantF[j])
						}
					}
				}
			}
		}
	}
}

// TestRBFRowUnderflow: a row whose points are all far away (every argument
// below expMinArg) is left wholly to the scalar path, block by block, and
// gives math.Exp's subnormals and zeros.
func TestRBFRowUnderflow(t *testing.T) {
	zs := make([]Vec, 11)
	for j := range zs {
		zs[j] = Vec{0, 40 + float64(j), 0}
	}
	c := RBF{Sigma: 1}.factor() // −1/2: arguments −800 and below
	pts := makeCoords(zs)
	got := make([]float64, len(zs))
	rbfRow(got, nil, Vec{}, &pts, c, 0)
	for j, z := range zs {
		if want := math.Exp(dist2(Vec{}, z) * c); got[j] != want {
			t.Fatalf("K(0, z%d) = %v, want math.Exp's %v", j, got[j], want)
		}
	}
}

// BenchmarkRBFRow is one kernel row of n = 8000 points, the cost of a new
// support vector: the scalar path and the vector path, storing the row and
// fusing the score update. ns/op ÷ 8000 is the time per kernel value.
func BenchmarkRBFRow(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 8000
	zs := make([]Vec, n)
	for j := range zs {
		zs[j] = Vec{0, r.NormFloat64(), r.NormFloat64()}
	}
	pts := makeCoords(zs)
	dst, f := make([]float64, n), make([]float64, n)
	c := RBF{Sigma: 0.5}.factor()
	for _, path := range paths() {
		b.Run(path.name+"/row", func(b *testing.B) {
			withPath(path.simd, path.lanes8, func() {
				for b.Loop() {
					rbfRow(dst, nil, zs[7], &pts, c, 1)
				}
			})
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/value")
		})
		b.Run(path.name+"/row+update", func(b *testing.B) {
			withPath(path.simd, path.lanes8, func() {
				for b.Loop() {
					rbfRow(dst, f, zs[7], &pts, c, 1e-9)
				}
			})
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/value")
		})
	}
	b.Run("axpy", func(b *testing.B) {
		for b.Loop() {
			axpy(f, dst, 1e-9)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/value")
	})
}

// TestAxpyBitIdentical checks the vector axpy against f[k] + w·row[k]
// rounded twice (a product, then a sum), for lengths around its block of
// eight. Tolerance zero: the same operations in the same order.
func TestAxpyBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 2))
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 1001} {
		row, f0 := make([]float64, n), make([]float64, n)
		for k := range n {
			row[k], f0[k] = r.NormFloat64(), 1e3*r.NormFloat64()
		}
		w := r.NormFloat64()
		for _, simd := range []bool{false, true} {
			f := append([]float64(nil), f0...)
			withSIMD(simd, func() { axpy(f, row, w) })
			for k := range n {
				if want := f0[k] + float64(w*row[k]); math.Float64bits(f[k]) != math.Float64bits(want) {
					t.Fatalf("n=%d simd=%v: f[%d] = %v, want %v", n, simd, k, f[k], want)
				}
			}
		}
	}
}

// BenchmarkAxpyStream is the score update f += w·row when the rows do not
// fit in the caches: n = 4000 scores (in cache) and 2048 rows of 4000
// (64 MiB) taken in turn, as a noisy run's cached rows come back. ns/value
// is t_fma for rows that stream from main memory (docs/bench/speed.md).
func BenchmarkAxpyStream(b *testing.B) {
	const n, rows = 4000, 2048
	f, slab := make([]float64, n), make([]float64, n*rows)
	for i := range slab {
		slab[i] = 1e-3
	}
	r := 0
	for b.Loop() {
		axpy(f, slab[r*n:(r+1)*n], 1e-9)
		r = (r + 997) % rows
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/value")
}
