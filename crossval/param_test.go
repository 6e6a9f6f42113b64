package crossval_test

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"kernelscope/crossval"
	"kernelscope/learn"
)

func TestParseParam(t *testing.T) {
	tests := map[string]crossval.Param{
		"sigma": crossval.Sigma, "σ": crossval.Sigma, "s": crossval.Sigma, "width": crossval.Sigma, "Σ": crossval.Sigma,
		"degree": crossval.Degree, "d": crossval.Degree, "deg": crossval.Degree, "D": crossval.Degree,
		"coef0": crossval.Coef0, "offset": crossval.Coef0,
		"c":     crossval.Coef0, // the kernels' offset, not the SVM's C
		"C":     crossval.C,
		"gamma": crossval.Gamma, "γ": crossval.Gamma, "g": crossval.Gamma,
	}
	for in, want := range tests {
		if got, err := crossval.ParseParam(in); err != nil || got != want {
			t.Errorf("ParseParam(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "x", "sigmas", "cost"} {
		_, err := crossval.ParseParam(in)
		if err == nil || !strings.Contains(err.Error(), "sigma, degree, coef0, gamma, C") {
			t.Errorf("ParseParam(%q) error = %v, want one listing the parameters", in, err)
		}
	}
	// Every parameter reads back from its own name.
	for _, p := range crossval.Params {
		if got, err := crossval.ParseParam(p.String()); err != nil || got != p {
			t.Errorf("ParseParam(%v.String()) = %v, %v", p, got, err)
		}
	}
	if got := crossval.ParamNames(); got != "sigma, degree, coef0, gamma, C, eta, lambda" {
		t.Errorf("ParamNames = %q", got)
	}
}

func TestParamKinds(t *testing.T) {
	tests := []struct {
		p            crossval.Param
		symbol       string
		log, integer bool
	}{
		{crossval.Sigma, "σ", true, false},
		{crossval.Degree, "d", false, true},
		{crossval.Coef0, "c", false, false},
		{crossval.Gamma, "γ", true, false},
		{crossval.C, "C", true, false},
		{crossval.Eta, "η", true, false},
		{crossval.Lambda, "λ", true, false},
	}
	for _, tt := range tests {
		if tt.p.Symbol() != tt.symbol || tt.p.Log() != tt.log || tt.p.Integer() != tt.integer {
			t.Errorf("%v: symbol %q log %v integer %v; want %q %v %v", tt.p, tt.p.Symbol(), tt.p.Log(), tt.p.Integer(), tt.symbol, tt.log, tt.integer)
		}
	}
}

func TestParamCurrent(t *testing.T) {
	perceptron := func(k learn.Kernel) learn.Config { return learn.Config{Kernel: k} }
	svm := func(k learn.Kernel, c float64) learn.Config {
		cfg := learn.Config{Kernel: k, Learner: "svm"}
		if c != 0 { // 0: C's default
			cfg = cfg.With("C", c)
		}
		return cfg
	}
	tests := []struct {
		name string
		cfg  learn.Config
		want map[crossval.Param]float64 // the parameters it has, with their values
	}{
		{"rbf", perceptron(learn.RBF{Sigma: 0.7}), map[crossval.Param]float64{crossval.Sigma: 0.7, crossval.Eta: 1}},
		{"poly", perceptron(learn.Poly{D: 3, C: 0.5}), map[crossval.Param]float64{crossval.Degree: 3, crossval.Coef0: 0.5, crossval.Eta: 1}},
		{"sigmoid", perceptron(learn.Sigmoid{Gamma: 2, C: -1}), map[crossval.Param]float64{crossval.Gamma: 2, crossval.Coef0: -1, crossval.Eta: 1}},
		{"linear", perceptron(learn.Linear{}), map[crossval.Param]float64{crossval.Eta: 1}},
		{"rbf + poly", perceptron(learn.Sum{learn.RBF{Sigma: 0.7}, learn.Poly{D: 3, C: 0.5}}),
			map[crossval.Param]float64{crossval.Sigma: 0.7, crossval.Degree: 3, crossval.Coef0: 0.5, crossval.Eta: 1}},
		// Current is the first part's value.
		{"poly · sigmoid", perceptron(learn.Product{learn.Poly{D: 2, C: 1}, learn.Sigmoid{Gamma: 0.5, C: 0.25}}),
			map[crossval.Param]float64{crossval.Degree: 2, crossval.Coef0: 1, crossval.Gamma: 0.5, crossval.Eta: 1}},
		{"2·rbf + rbf", perceptron(learn.Sum{learn.Scaled{A: 2, K: learn.RBF{Sigma: 0.3}}, learn.RBF{Sigma: 0.9}}),
			map[crossval.Param]float64{crossval.Sigma: 0.3, crossval.Eta: 1}},
		{"svm linear, C unset", svm(learn.Linear{}, 0), map[crossval.Param]float64{crossval.C: learn.DefaultC}},
		{"svm rbf, C = 5", svm(learn.RBF{Sigma: 2}, 5), map[crossval.Param]float64{crossval.Sigma: 2, crossval.C: 5}},
		{"svm hard margin", svm(learn.Linear{}, math.Inf(1)), map[crossval.Param]float64{crossval.C: math.Inf(1)}},
	}
	for _, tt := range tests {
		for _, p := range crossval.Params {
			want, has := tt.want[p]
			got, ok := p.Current(tt.cfg)
			if ok != has || got != want || p.Has(tt.cfg) != has {
				t.Errorf("%s: %v.Current = %v, %v (Has %v); want %v, %v", tt.name, p, got, ok, p.Has(tt.cfg), want, has)
			}
		}
	}
}

func TestParamSet(t *testing.T) {
	base := learn.Config{Bias: true, Tie: learn.TieNeg, Epochs: 7, Params: learn.NewParams("eta", 0.5)}
	with := func(k learn.Kernel) learn.Config { c := base; c.Kernel = k; return c }
	tests := []struct {
		name string
		p    crossval.Param
		k    learn.Kernel
		v    float64
		want learn.Kernel
	}{
		{"sigma sets the rbf part", crossval.Sigma, learn.Sum{learn.RBF{Sigma: 1}, learn.Poly{D: 2, C: 1}}, 0.5,
			learn.Sum{learn.RBF{Sigma: 0.5}, learn.Poly{D: 2, C: 1}}},
		{"sigma sets every rbf part", crossval.Sigma, learn.Sum{learn.RBF{Sigma: 1}, learn.Product{learn.RBF{Sigma: 2}, learn.Linear{}}}, 0.5,
			learn.Sum{learn.RBF{Sigma: 0.5}, learn.Product{learn.RBF{Sigma: 0.5}, learn.Linear{}}}},
		{"coef0 sets poly and sigmoid", crossval.Coef0, learn.Sum{learn.Poly{D: 2, C: 1}, learn.Sigmoid{Gamma: 1, C: 0}}, 3,
			learn.Sum{learn.Poly{D: 2, C: 3}, learn.Sigmoid{Gamma: 1, C: 3}}},
		{"degree in a product", crossval.Degree, learn.Product{learn.Poly{D: 2, C: 1}, learn.RBF{Sigma: 1}}, 4,
			learn.Product{learn.Poly{D: 4, C: 1}, learn.RBF{Sigma: 1}}},
		{"degree under a scale", crossval.Degree, learn.Scaled{A: 2, K: learn.Poly{D: 2, C: 1}}, 3,
			learn.Scaled{A: 2, K: learn.Poly{D: 3, C: 1}}},
		{"gamma", crossval.Gamma, learn.Sigmoid{Gamma: 1, C: 0}, -0.5, learn.Sigmoid{Gamma: -0.5, C: 0}},
		{"rbf alone", crossval.Sigma, learn.RBF{Sigma: 1}, 1e-100, learn.RBF{Sigma: 1e-100}},
	}
	for _, tt := range tests {
		cfg := with(tt.k)
		got, err := tt.p.Set(cfg, tt.v)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		want := with(tt.want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Set = %+v, want %+v", tt.name, got, want)
		}
		if v, _ := tt.p.Current(got); v != tt.v {
			t.Errorf("%s: Current after Set = %v, want %v", tt.name, v, tt.v)
		}
		if !reflect.DeepEqual(cfg, with(tt.k)) {
			t.Errorf("%s: Set changed its argument to %+v", tt.name, cfg)
		}
	}

	svm := learn.Config{Kernel: learn.RBF{Sigma: 1}, Learner: "svm"}
	for _, c := range []float64{10, 1e-3, math.Inf(1)} {
		got, err := crossval.C.Set(svm, c)
		if err != nil || got.Param("C") != c || got.Kernel != svm.Kernel {
			t.Errorf("C.Set(%v) = %+v, %v", c, got, err)
		}
	}
}

func TestParamSetErrors(t *testing.T) {
	perceptron := func(k learn.Kernel) learn.Config { return learn.Config{Kernel: k} }
	svm := learn.Config{Kernel: learn.Linear{}, Learner: "svm"}
	tests := []struct {
		name string
		p    crossval.Param
		cfg  learn.Config
		v    float64
		want string
	}{
		{"sigma on poly", crossval.Sigma, perceptron(learn.Poly{D: 2, C: 1}), 1, "the kernel poly(d=2,c=1) has no sigma (sigma is rbf's)"},
		{"degree on rbf", crossval.Degree, perceptron(learn.RBF{Sigma: 1}), 2, "has no degree (degree is poly's)"},
		{"gamma on poly", crossval.Gamma, perceptron(learn.Poly{D: 2, C: 1}), 1, "has no gamma (gamma is sigmoid's)"},
		{"coef0 on rbf", crossval.Coef0, perceptron(learn.RBF{Sigma: 1}), 1, "has no coef0 (coef0 is poly's and sigmoid's)"},
		{"C on the perceptron", crossval.C, perceptron(learn.RBF{Sigma: 1}), 1, "C is read by svm and pa; the perceptron learner has none (use --algo svm)"},
		{"C on the averaged perceptron", crossval.C, learn.Config{Kernel: learn.Linear{}, Learner: "averaged"}, 1, "the averaged learner has none"},
		{"sigma 0", crossval.Sigma, perceptron(learn.RBF{Sigma: 1}), 0, "sigma must be at least"},
		{"sigma NaN", crossval.Sigma, perceptron(learn.RBF{Sigma: 1}), math.NaN(), "must be a finite number"},
		{"degree 2.5", crossval.Degree, perceptron(learn.Poly{D: 2, C: 1}), 2.5, "degree d must be a whole number from 1 to 30"},
		{"degree 31", crossval.Degree, perceptron(learn.Poly{D: 2, C: 1}), 31, "degree d must be a whole number"},
		{"degree 0", crossval.Degree, perceptron(learn.Poly{D: 2, C: 1}), 0, "degree d must be a whole number"},
		{"coef0 inf", crossval.Coef0, perceptron(learn.Poly{D: 2, C: 1}), math.Inf(1), "coef0 must be a finite number"},
		{"gamma -inf", crossval.Gamma, perceptron(learn.Sigmoid{Gamma: 1}), math.Inf(-1), "gamma must be a finite number"},
		{"C 0", crossval.C, svm, 0, "C must be > 0"},
		{"C negative", crossval.C, svm, -1, "C must be > 0"},
		{"C NaN", crossval.C, svm, math.NaN(), "C must be > 0"},
	}
	for _, tt := range tests {
		got, err := tt.p.Set(tt.cfg, tt.v)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Set error = %v, want one containing %q", tt.name, err, tt.want)
		}
		if !reflect.DeepEqual(got, tt.cfg) {
			t.Errorf("%s: Set returned %+v with its error, want the config unchanged", tt.name, got)
		}
	}
}

func TestMainParam(t *testing.T) {
	perceptron := func(k learn.Kernel) learn.Config { return learn.Config{Kernel: k} }
	svm := func(k learn.Kernel) learn.Config { return learn.Config{Kernel: k, Learner: "svm"} }
	tests := []struct {
		name string
		cfg  learn.Config
		want crossval.Param
		ok   bool
	}{
		{"rbf", perceptron(learn.RBF{Sigma: 1}), crossval.Sigma, true},
		{"poly", perceptron(learn.Poly{D: 2, C: 1}), crossval.Degree, true},
		{"sigmoid", perceptron(learn.Sigmoid{Gamma: 1, C: 0}), crossval.Gamma, true},
		{"linear perceptron", perceptron(learn.Linear{}), 0, false},
		{"linear voted", learn.Config{Kernel: learn.Linear{}, Learner: "voted"}, 0, false},
		{"linear svm", svm(learn.Linear{}), crossval.C, true},
		{"rbf svm", svm(learn.RBF{Sigma: 1}), crossval.Sigma, true},
		{"2·linear + linear svm", svm(learn.Sum{learn.Scaled{A: 2, K: learn.Linear{}}, learn.Linear{}}), crossval.C, true},
		{"rbf · linear", perceptron(learn.Product{learn.Linear{}, learn.RBF{Sigma: 1}}), crossval.Sigma, true},
	}
	for _, tt := range tests {
		got, ok := crossval.Main(tt.cfg)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: Main = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
		if ok && !got.Has(tt.cfg) {
			t.Errorf("%s: Main is %v, which the config does not have", tt.name, got)
		}
	}
}
