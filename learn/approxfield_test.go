package learn_test

import (
	"math"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// trainedOn trains a learner of algo with kernel k on 60 moons to the end.
func trainedOn(t *testing.T, algo string, k learn.Kernel) learn.Learner {
	t.Helper()
	b, _ := datasets.Lookup("moons")
	cfg := learn.Config{Kernel: k, Tie: learn.TieMistake, Epochs: 20, Seed: 3, Learner: algo}
	l, err := learn.NewLearner(cfg, datasets.Examples(b.Generate(60, 0.1, 3)))
	if err != nil {
		t.Fatal(err)
	}
	for l.State() == learn.Running {
		if _, err := l.Step(); err != nil {
			break
		}
	}
	if len(l.SupportVectors()) == 0 {
		t.Fatal("no support vectors")
	}
	return l
}

// TestApproxMachineIsWeights: f̃(x) = w·z(x) + b with w from
// ApproxMap.Weights (cⱼ = αⱼ yⱼ), for rff and Nyström, the perceptron and
// the SVM (whose b is not 0); Fill writes Decide at every lattice point.
func TestApproxMachineIsWeights(t *testing.T) {
	rbf := learn.RBF{Sigma: 0.5}
	for _, c := range []struct {
		name string
		algo string
		a    learn.Approx
	}{
		{"perceptron rff", "perceptron", learn.Approx{Kind: learn.ApproxRFF, D: 257}},
		{"svm rff", "svm", learn.Approx{Kind: learn.ApproxRFF, D: 64}},
		{"perceptron nystrom", "perceptron", learn.Approx{Kind: learn.ApproxNystrom, D: 20}},
		{"svm nystrom", "svm", learn.Approx{Kind: learn.ApproxNystrom, D: 60}},
	} {
		l := trainedOn(t, c.algo, rbf)
		xs, ys, alpha := make([]learn.Vec, l.N()), make([]int, l.N()), make([]float64, l.N())
		for i := range xs {
			xs[i], ys[i], alpha[i] = l.X(i), l.Y(i), l.Alpha(i)
		}
		m, err := learn.NewApproxMap(c.a, rbf, xs, 7)
		if err != nil {
			t.Fatal(err)
		}
		w := m.Weights(alpha, ys, xs)
		f := learn.NewApproxMachine(m, learn.Freeze(l))
		z := make([]float64, m.Dim())
		fd := learn.NewField(learn.Rect{MinX1: -2, MaxX1: 3, MinX2: -1.5, MaxX2: 2}, 13, 7)
		got := make([]float64, len(fd.Values))
		f.Fill(got, fd, 3)
		for r := range fd.H {
			for col := range fd.W {
				x1, x2 := fd.Point(col, r)
				m.Map(z, l.Embed(x1, x2))
				want := l.Offset()
				for k, v := range w {
					want += v * z[k]
				}
				// |f̃| ≤ Σ|cⱼ|·‖z‖² ≈ Σ αⱼ ≲ 100: 1e-10 is far above rounding,
				// far below any real difference.
				if d := f.Decide(x1, x2); math.Abs(d-want) > 1e-10*max(1, math.Abs(want)) || got[r*fd.W+col] != d {
					t.Fatalf("%s at (%v, %v): Decide %v, Fill %v, w·z(x) + b = %v", c.name, x1, x2, d, got[r*fd.W+col], want)
				}
			}
		}
	}
}

// TestApproxMachineNoSupportVectors: with every c = 0, f̃ ≡ b = 0.
func TestApproxMachineNoSupportVectors(t *testing.T) {
	l, err := learn.New(learn.Config{Kernel: learn.RBF{Sigma: 1}, Epochs: 1}, []learn.Example{{X1: 1, X2: 0, Y: 1}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := learn.NewApproxMap(learn.Approx{Kind: learn.ApproxRFF, D: 8}, learn.RBF{Sigma: 1}, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if v := learn.NewApproxMachine(m, l).Decide(0.3, -2); v != 0 {
		t.Errorf("f̃ = %v with no support vectors, want 0", v)
	}
}

// TestSignAgreement: same class under the tie rule, over finite values
// only, and only where |f| ≥ away when that is given (values chosen by
// hand).
func TestSignAgreement(t *testing.T) {
	exact := []float64{1, -2, 0, 3, math.NaN(), 5}
	approx := []float64{2, 1, 0, math.Inf(1), 1, 0.5}
	// Finite pairs: (1, 2) same, (−2, 1) differ, (0, 0) same, (5, 0.5) same.
	if got, n := learn.SignAgreement(exact, approx, learn.TieMistake, 0); got != 0.75 || n != 4 {
		t.Errorf("SignAgreement = %v over %d, want 0.75 over 4", got, n)
	}
	// Under pos, sign(0) = +1: (0, 0) still agrees; (−2, 1) still not.
	if got, _ := learn.SignAgreement([]float64{0, -1}, []float64{1e-300, 0}, learn.TiePos, 0); got != 0.5 {
		t.Errorf("SignAgreement under pos = %v, want 0.5", got)
	}
	// away = 1: of the finite pairs only (−2, 1), (5, 0.5) and (1, 2) have
	// |f| ≥ 1; two of the three agree.
	if got, n := learn.SignAgreement(exact, approx, learn.TieMistake, 1); math.Abs(got-2.0/3) > 1e-15 || n != 3 {
		t.Errorf("SignAgreement away from 0 = %v over %d, want 2/3 over 3", got, n)
	}
	if got, n := learn.SignAgreement(nil, nil, learn.TieMistake, 0); !math.IsNaN(got) || n != 0 {
		t.Errorf("SignAgreement of nothing = %v over %d, want NaN over 0", got, n)
	}
}
