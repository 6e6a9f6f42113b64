package lab

import (
	"strings"
	"testing"
)

// TestLogisticSession: a session of logistic regression reads back with
// its λ: one given stays given (0.2, or 0 written out); one not given is
// left out of the file, since Pegasos's default (0.1) and logistic
// regression's (0) differ, and reads back not given, each learner's own
// default. A file whose η·λ is not < 1 is refused with the reason.
func TestLogisticSession(t *testing.T) {
	for _, c := range []struct {
		name   string
		lambda float64
		given  bool
	}{{"given", 0.2, true}, {"zero", 0, true}, {"not given", 0, false}} {
		o := moonsSession(t)
		o.Config.Learner = "logistic"
		o.Config.Params = o.Config.Params.With("eta", 1)
		if c.given {
			o.Config = o.Config.With("lambda", c.lambda)
		}
		file := writeSession(t, o)
		if strings.Contains(file, `"lambda"`) != c.given {
			t.Errorf("%s: λ in the file: %v\n%s", c.name, !c.given, file)
		}
		got, err := ReadSession(strings.NewReader(file), "s.json")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		v, given := got.Config.Params.Lookup("lambda")
		if given != c.given || got.Config.Param("lambda") != c.lambda || v != c.lambda {
			t.Errorf("%s: λ read back %v (given %v)", c.name, got.Config.Param("lambda"), given)
		}
		if peg := got.Config; !c.given {
			peg.Learner = "pegasos"
			if peg.Param("lambda") != 0.1 {
				t.Errorf("%s: Pegasos's λ after it: %v, want its default 0.1", c.name, peg.Param("lambda"))
			}
		}
	}
	o := moonsSession(t)
	o.Config.Learner = "logistic"
	file := strings.Replace(writeSession(t, o), `"algo": "logistic"`, `"algo": "logistic", "lambda": 3`, 1)
	if _, err := ReadSession(strings.NewReader(file), "s.json"); err == nil || !strings.Contains(err.Error(), "ηλ must be < 1") {
		t.Errorf("η·λ = 1.5: %v", err)
	}
}
