package learn

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestOnlineQuietMatchesNarrated: a step that updates, or lies within
// rounding of the margin, is decided on the sum in dataset order; a step
// the kept sum puts clearly past the margin is taken from the kept sum,
// O(1). A quiet run (narration off, as Run and trace's summary go) must
// therefore grow α by exactly the bits a narrated run does, step for step,
// with the same decisions and f within rounding; and so after undoing
// steps. Random data of randomData, every propertyKernels kernel, PA at
// C = 1, 0.1 and ∞, Pegasos at λ = 0.1 and 0.01.
func TestOnlineQuietMatchesNarrated(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	data := randomData(r, 60)
	type setting struct {
		learner, name string
		v             float64
	}
	for _, st := range []setting{{"pa", "C", 1}, {"pa", "C", 0.1}, {"pa", "C", math.Inf(1)}, {"pegasos", "lambda", 0.1}, {"pegasos", "lambda", 0.01}} {
		for _, k := range propertyKernels {
			cfg := Config{Learner: st.learner, Kernel: k, Epochs: 8, Params: NewParams(st.name, st.v)}
			narrated, quiet := cfg, cfg
			narrated.Narrate = true
			a, err := NewLearner(narrated, data)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := NewLearner(quiet, data)
			for step := 0; a.State() == Running; step++ {
				sa, errA := a.Step()
				sb, errB := b.Step()
				if (errA == nil) != (errB == nil) {
					t.Fatalf("%s %s=%v %s: step %d errors %v and %v", st.learner, st.name, st.v, k.Spec(), step, errA, errB)
				}
				if errA != nil {
					break
				}
				if sa.Update != sb.Update || sa.Mistake != sb.Mistake || sa.Alpha != sb.Alpha || math.Abs(sa.F-sb.F) > 1e-9*(1+math.Abs(sa.F)) {
					t.Fatalf("%s %s=%v %s t=%d: narrated %+v, quiet %+v", st.learner, st.name, st.v, k.Spec(), sa.T, sa, sb)
				}
				if step%37 == 36 {
					a.Undo()
					b.Undo()
				}
			}
			if !slices.Equal(a.Alphas(), b.Alphas()) || a.State() != b.State() || a.T() != b.T() {
				t.Errorf("%s %s=%v %s: narrated ends α %v (%v, T %d), quiet %v (%v, T %d)", st.learner, st.name, st.v, k.Spec(), a.Alphas(), a.State(), a.T(), b.Alphas(), b.State(), b.T())
			}
		}
	}
}

// BenchmarkOnlineRun: PA and Pegasos run 10 passes over 2000 random
// points with the RBF kernel, narration off (Run, trace's summary).
func BenchmarkOnlineRun(b *testing.B) {
	data := randomData(rand.New(rand.NewPCG(3, 3)), 2000)
	for _, learner := range []string{"pa", "pegasos"} {
		b.Run(learner, func(b *testing.B) {
			for b.Loop() {
				l, err := NewLearner(Config{Learner: learner, Kernel: RBF{Sigma: 0.5}, Epochs: 10, RunOptions: RunOptions{NoHistory: true}}, data)
				if err != nil {
					b.Fatal(err)
				}
				if err := l.Run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
