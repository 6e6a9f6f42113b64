package learn

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// BenchmarkProject is one projection (Gram matrix given) at n = 200 and at
// n = ProjectionLimit: random points in [−1.5, 1.5]², the RBF kernel with
// σ = 0.5 and random coefficients. The eigendecomposition (mat.EigenSym,
// O(n³)) is nearly all of it.
func BenchmarkProject(b *testing.B) {
	// 400 is the feature view's limit (tui.featureLimit).
	for _, n := range []int{200, 400, ProjectionLimit} {
		r := rand.New(rand.NewPCG(31, uint64(n)))
		g := Gram(RBF{Sigma: 0.5}, planeVecs(r, n, 0))
		c := make([]float64, n)
		for j := range c {
			c[j] = r.NormFloat64()
		}
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Project(g, c, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
