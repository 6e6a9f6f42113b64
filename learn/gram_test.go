package learn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestMercer: Gram matrices of linear, polynomial and RBF kernels are
// positive semi-definite on any data (seed 004, Mercer's theorem; seed 000:
// sums and products of kernels are kernels), and the sigmoid kernel's need not
// be (seed 003 lists it; it is not a Mercer kernel in general).
func TestMercer(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	psd := []Kernel{Linear{}, Poly{D: 2, C: 0}, Poly{D: 3, C: 1}, RBF{Sigma: 0.3}, RBF{Sigma: 2},
		Sum{RBF{Sigma: 1}, Poly{D: 2, C: 0}}, Product{Linear{}, RBF{Sigma: 2}}, Scaled{A: 2, K: Linear{}}}
	for trial := range 20 {
		xs := make([]Vec, 5+r.IntN(40))
		for i := range xs {
			xs[i] = Vec{float64(trial % 2), r.NormFloat64(), r.NormFloat64()}
		}
		for _, k := range psd {
			m, err := CheckMercer(Gram(k, xs))
			if err != nil {
				t.Fatal(err)
			}
			if !m.PSD {
				t.Errorf("%s: smallest eigenvalue %g < −%g; a Mercer kernel's Gram matrix is PSD", k.Spec(), m.Eigenvalues[0], m.Tol)
			}
		}
	}
	// Two points, sigmoid γ=1 c=0: det = tanh(1)·tanh(4) − tanh(2)² ≈ −0.169 < 0.
	xs := []Vec{{0, 1, 0}, {0, 2, 0}}
	m, err := CheckMercer(Gram(Sigmoid{Gamma: 1, C: 0}, xs))
	if err != nil {
		t.Fatal(err)
	}
	det := math.Tanh(1)*math.Tanh(4) - math.Tanh(2)*math.Tanh(2)
	if m.PSD || math.Abs(m.Eigenvalues[0]*m.Eigenvalues[1]-det) > 1e-12 {
		t.Errorf("sigmoid Gram: PSD=%v eigenvalues %v (product want %v)", m.PSD, m.Eigenvalues, det)
	}
}

// TestGramWorked4 checks the eigenvalues of seed 003's Gram matrix: it is
// 4·[[1,0,1,0],[0,1,0,1],…], two blocks with eigenvalues 8 and 0 each.
func TestGramWorked4(t *testing.T) {
	xs := []Vec{{0, 1, 1}, {0, -1, 1}, {0, -1, -1}, {0, 1, -1}}
	m, err := CheckMercer(Gram(Poly{D: 2}, xs))
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{0, 0, 8, 8}
	for i, v := range m.Eigenvalues {
		if math.Abs(v-want[i]) > 1e-12 {
			t.Errorf("eigenvalues %v, want %v", m.Eigenvalues, want)
			break
		}
	}
	if !m.PSD {
		t.Error("seed 003 Gram matrix reported not PSD")
	}
}
