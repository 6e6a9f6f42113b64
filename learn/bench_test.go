package learn

import (
	"math/rand/v2"
	"testing"
)

var benchKernels = []struct {
	name string
	k    Kernel
}{
	{"linear", Linear{}},
	{"poly", Poly{D: 3, C: 1}},
	{"rbf", RBF{Sigma: 0.5}},
	{"sigmoid", Sigmoid{Gamma: 1, C: 0}},
	{"sum", Sum{RBF{Sigma: 1}, Poly{D: 2, C: 0}}},
	{"product", Product{Linear{}, RBF{Sigma: 2}}},
}

var sink float64

// BenchmarkKernel is one kernel evaluation per kind.
func BenchmarkKernel(b *testing.B) {
	x, z := Vec{1, 0.3, -0.7}, Vec{1, -0.2, 0.9}
	for _, bk := range benchKernels {
		b.Run(bk.name, func(b *testing.B) {
			for b.Loop() {
				sink += bk.k.Eval(x, z)
			}
		})
	}
}

// BenchmarkKernelRow is one kernel row over n = 2000 points: the cost of a
// mistake on a new support vector.
func BenchmarkKernelRow(b *testing.B) {
	data := randomData(rand.New(rand.NewPCG(1, 1)), 2000)
	xs := make([]Vec, len(data))
	for i, e := range data {
		xs[i] = Vec{0, e.X1, e.X2}
	}
	row := make([]float64, len(xs))
	for _, bk := range benchKernels {
		b.Run(bk.name, func(b *testing.B) {
			for b.Loop() {
				KernelRow(bk.k, row, xs[7], xs)
			}
		})
	}
}

// BenchmarkStep times one training step at n = 2000 with the RBF kernel:
// "correct" is an O(1) step on a trained model; "mistake" is a mistaken step
// on a support vector whose row is cached (an O(n) update of f);
// "mistake-new-sv" is a step that computes a new kernel row, timed together
// with the Undo that drops it again.
func BenchmarkStep(b *testing.B) {
	data := randomData(rand.New(rand.NewPCG(2, 2)), 2000)
	b.Run("correct", func(b *testing.B) {
		p, _ := New(Config{Kernel: RBF{Sigma: 0.5}, Epochs: 1 << 30, RunOptions: RunOptions{NoHistory: true}}, data)
		// Train until a pass is mostly right, then time steps that are correct.
		for range 3 * len(data) {
			_, _ = p.Step()
		}
		var correct []int
		for i := range data {
			if _, m := p.cfg.Tie.Predict(p.f[i], p.ys[i]); !m {
				correct = append(correct, i)
			}
		}
		b.ResetTimer()
		n := 0
		for b.Loop() {
			p.pos, p.state = correct[n%len(correct)], Running
			if s, _ := p.Step(); s.Mistake {
				b.Fatal("a correct step was a mistake")
			}
			n++
		}
	})
	b.Run("mistake", func(b *testing.B) {
		p, _ := New(Config{Kernel: RBF{Sigma: 0.5}, Epochs: 1 << 30, RunOptions: RunOptions{NoHistory: true}}, data)
		_ = p.update(0, 1, 1, true)
		for b.Loop() {
			_ = p.update(0, p.alpha[0]+1, 1, true)
		}
	})
	b.Run("mistake-new-sv", func(b *testing.B) {
		p, _ := New(Config{Kernel: RBF{Sigma: 0.5}, Tie: TieMistake, Epochs: 1 << 30}, data)
		for b.Loop() {
			if s, _ := p.Step(); !s.Mistake {
				b.Fatal("the first step under the mistake rule must be a mistake")
			}
			p.Undo()
		}
	})
}

// BenchmarkFieldUpdate is the incremental update of a 160×96 lattice after
// one mistake, per kernel.
func BenchmarkFieldUpdate(b *testing.B) {
	fd := NewField(Rect{-1.5, 1.5, -1.5, 1.5}, 160, 96)
	p, _ := New(Config{Kernel: RBF{Sigma: 0.5}, Epochs: 1}, nil)
	p.Attach(fd)
	for _, bk := range benchKernels[:4] {
		b.Run(bk.name, func(b *testing.B) {
			fd.kernel = bk.k
			for b.Loop() {
				fd.add(Vec{0, 0.2, 0.3}, 1)
			}
		})
	}
}
