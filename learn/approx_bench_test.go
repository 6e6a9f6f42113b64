package learn

// Test hooks for approx_test.go (package learn_test, which needs
// kernelscope/datasets and so cannot be package learn), and the benchmarks
// of the fused random-feature kernel.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// CosHalf is cosHalf, cos(πt) on the fast path.
var CosHalf = cosHalf

// RFFDotGo is the portable fused random-feature pass.
var RFFDotGo = rffDotGo

// RFFDot is the fused pass a map uses on this machine (assembly where
// there is one).
func RFFDot(z, w, ca, cb, ph []float64, x1, x2, scale float64) float64 {
	return rffDot(z, w, ca, cb, ph, x1, x2, scale)
}

// UsePortableRFF makes maps use rffDotGo until the returned func is called.
func UsePortableRFF() (restore func()) {
	old := rffDot
	rffDot = rffDotGo
	return func() { rffDot = old }
}

// BenchmarkRFFDot is one fused pass over D features, z(x) and w·z(x), on
// the portable kernel and on the one maps use.
func BenchmarkRFFDot(b *testing.B) {
	for _, d := range []int{100, 2000, 20000} {
		r := rand.New(rand.NewPCG(1, 2))
		ca, cb, ph, w, z := make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d)
		for k := range d {
			ca[k], cb[k], ph[k], w[k] = r.NormFloat64(), r.NormFloat64(), 2*r.Float64(), r.NormFloat64()
		}
		scale := math.Sqrt(2 / float64(d))
		for _, c := range []struct {
			name string
			f    func(z, w, ca, cb, ph []float64, x1, x2, scale float64) float64
		}{{"go", rffDotGo}, {"fast", rffDot}} {
			b.Run(fmt.Sprintf("D=%d/%s", d, c.name), func(b *testing.B) {
				s := 0.0
				x := 0.0
				for b.Loop() {
					x += 1e-3
					s += c.f(z, w, ca, cb, ph, x, -x, scale)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(d), "ns/feature")
				if math.IsNaN(s) {
					b.Fatal(s)
				}
			})
		}
	}
}
