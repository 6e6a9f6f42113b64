package learn

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// svmReference is one problem of testdata/svm_reference.json: an SVM dual
// solved independently, by scikit-learn's SVC (LIBSVM) on a Gram matrix
// computed in numpy from the same kernel definitions, its objective
// cross-checked by scipy's SLSQP (docs/bench/svm_reference.py writes the
// file; its "how" says exactly how).
type svmReference struct {
	Name        string
	Kernel      string
	Bias        bool
	C           json.RawMessage // a number, or "inf"
	Points      [][3]float64
	Alpha       []float64
	B           float64
	Objective   float64
	Decision    []float64
	Free        bool
	AlphaUnique bool `json:"alpha_unique"`
}

// TestSVMAgainstReference solves each reference problem to tol 1e-9 and
// compares. Tolerances: the objective to 1e-9 relative (both sides are
// within about tol² of the optimum, and the reference agrees with SLSQP to
// 3e-14); decision values, α (where the optimum's α is unique) and b (where
// some α is free, so b is unique) to 1e-6, the reference's own accuracy
// after its float64 polish being about 1e-12 and ours about tol·(1 + ‖α‖).
func TestSVMAgainstReference(t *testing.T) {
	raw, err := os.ReadFile("testdata/svm_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Problems []svmReference }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Problems) < 8 {
		t.Fatalf("%d reference problems, want the 10 of the file", len(file.Problems))
	}
	for _, p := range file.Problems {
		k, err := ParseKernel(p.Kernel)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		c := math.Inf(1)
		if string(p.C) != `"inf"` {
			if err := json.Unmarshal(p.C, &c); err != nil {
				t.Fatalf("%s: C %s: %v", p.Name, p.C, err)
			}
		}
		data := make([]Example, len(p.Points))
		for i, q := range p.Points {
			data[i] = Example{q[0], q[1], int(q[2])}
		}
		cfg := svmConfig(k, c)
		cfg.Bias, cfg = p.Bias, cfg.With("tol", 1e-9)
		s := mustSVM(t, cfg, data)
		if err := s.Run(); err != nil || s.State() != Converged {
			t.Fatalf("%s: %v, state %v", p.Name, err, s.State())
		}
		if d := s.Objective(); math.Abs(d-p.Objective) > 1e-9*max(1, math.Abs(p.Objective)) {
			t.Errorf("%s: D(α) = %.15g, reference %.15g", p.Name, d, p.Objective)
		}
		for i := range data {
			if f := s.Score(i); math.Abs(f-p.Decision[i]) > 1e-6 {
				t.Errorf("%s: f(x%d) = %.12g, reference %.12g", p.Name, i+1, f, p.Decision[i])
			}
			if a := s.Alpha(i); p.AlphaUnique && math.Abs(a-p.Alpha[i]) > 1e-6 {
				t.Errorf("%s: α%d = %.12g, reference %.12g", p.Name, i+1, a, p.Alpha[i])
			}
		}
		if b := s.Offset(); p.Free && math.Abs(b-p.B) > 1e-6 {
			t.Errorf("%s: b = %.12g, reference %.12g", p.Name, b, p.B)
		}
	}
}
