package lab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
)

// The checks of a session file's fields, each as Resolve checks the flag
// that sets the same thing; every one names the field it is about.

// checkKeys finds the first field the file lacks (or has as null) that
// it must have, and the first key that differs from a field only in case
// (encoding/json would take it for the field): the field and what is
// wrong with it, or "" when nothing is.
func checkKeys(data []byte) (field, problem string) {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return "", "" // Decode has said what is wrong
	}
	sections := map[string]map[string]json.RawMessage{"": top}
	for _, s := range []string{"data", "training", "holdout", "data.columns"} {
		sec, key, _ := strings.Cut(s, ".")
		raw := top[sec]
		if key != "" {
			raw = sections[sec][key]
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) == nil && m != nil {
			sections[s] = m
		}
	}
	for sec, m := range sections {
		for key := range m {
			if sec != "" {
				key = sec + "." + key
			}
			if !knownFields()[key] && (field == "" || key < field) {
				field = key
			}
		}
	}
	if field != "" {
		return field, "is not a field of a session (format " + strconv.Itoa(SessionFormat) + "); field names are lower case"
	}
	for _, f := range sessionRequired {
		sec, key, nested := strings.Cut(f, ".")
		if !nested {
			sec, key = "", f
		}
		m, ok := sections[sec]
		if !ok {
			continue // an optional section that is not there
		}
		if v, ok := m[key]; !ok || string(bytes.TrimSpace(v)) == "null" {
			return f, "missing"
		}
	}
	return "", ""
}

// sessionPoints checks the points as the CSV reader checks rows: at most
// datasets.MaxRows of them, two coordinates and a label ±1 each (JSON has no NaN
// or infinity, and a number beyond float64 is an error of Decode's).
func sessionPoints(o *Options, f sessionFile, fail func(field, format string, args ...any) error) error {
	if len(f.Points) > datasets.MaxRows {
		return fail("points", "%d points; kernelscope trains on at most %d", len(f.Points), datasets.MaxRows)
	}
	o.Points = make([]datasets.Point, len(f.Points))
	for i, p := range f.Points {
		where := fmt.Sprintf("points[%d]", i)
		if len(p) != 3 {
			return fail(where, "point %d has %d numbers; each is [x1, x2, y]", i+1, len(p))
		}
		if p[2] != 1 && p[2] != -1 {
			return fail(where, "point %d has label %v; labels are 1 or -1", i+1, p[2])
		}
		o.Points[i] = datasets.Point{X1: p[0], X2: p[1], Y: int(p[2])}
	}
	return nil
}

// sessionSource checks where the points came from: a built-in dataset, a
// file (with the columns picked from it), or neither.
func sessionSource(o *Options, dt sessionData, fail func(field, format string, args ...any) error) error {
	o.Dataset, o.File, o.Seed, o.Header = dt.Dataset, dt.File, dt.Seed, dt.Header
	o.Standardized, o.Edited = dt.Standardized, dt.Edited
	if len(o.Header) == 0 {
		o.Header = nil
	}
	switch {
	case dt.Dataset != "" && dt.File != "":
		return fail("data", "names both a dataset and a file; the points came from one")
	case len(dt.File) > maxPathBytes:
		// Shown whole wherever the session is (the trace's first line,
		// the terminal's title): no file was ever opened by such a name.
		return fail("data.file", "%q is longer than any path a system opens (at most %d bytes)", safetext.Short(dt.File), maxPathBytes)
	case dt.Dataset != "":
		b, ok := datasets.Lookup(dt.Dataset)
		if !ok {
			return fail("data.dataset", "%q is not a built-in dataset (built-ins: %s)", safetext.Short(dt.Dataset), strings.Join(datasets.BuiltinNames(), ", "))
		}
		o.Dataset = b.Name
		if dt.N < 0 || dt.N > datasets.MaxRows {
			return fail("data.n", "%d; a dataset has 0 to %d points", dt.N, datasets.MaxRows)
		}
		if !(dt.Noise >= 0) || math.IsInf(dt.Noise, 0) {
			return fail("data.noise", "%v; the noise is a finite number ≥ 0", dt.Noise)
		}
		o.N, o.Noise = dt.N, dt.Noise
	case dt.N != 0 || dt.Noise != 0:
		return fail("data", "n and noise describe a generated dataset; this session names none")
	}
	if len(dt.Header) != 0 && len(dt.Header) != 3 {
		return fail("data.header", "has %d names; a header names x1, x2 and y", len(dt.Header))
	}
	if c := dt.Columns; c != nil {
		if dt.File == "" {
			return fail("data.columns", "columns are picked from a file; this session names none")
		}
		// x2 is 0 (left out) for one column, points on a line.
		for k, n := range []int{c.X1, c.X2, c.Label} {
			if n < 1 && (k != 1 || n < 0) {
				return fail("data.columns", "columns are numbered from 1, not %d", n)
			}
		}
		name := func(i int) string {
			if len(o.Header) == 3 {
				return o.Header[i]
			}
			return ""
		}
		o.Columns = datasets.Columns{X1: datasets.Column{Number: c.X1, Name: name(0)}, X2: datasets.Column{Number: c.X2, Name: name(1)},
			Label: datasets.Column{Number: c.Label, Name: name(2)}}
		if c.X2 == 0 {
			// No x2: one column, points on a line.
			o.Columns.X2, o.Columns.OneD = datasets.Column{}, true
		}
		if c.Positive != nil {
			o.Columns.Positive, o.Columns.HasPositive = *c.Positive, true
		}
	}
	return nil
}

// maxPathBytes is PATH_MAX on Linux, the longest path any system opens.
const maxPathBytes = 4096

// sessionConfig checks the training part and makes the configuration, as
// Resolve would from the same flags.
func sessionConfig(t sessionTraining, fail func(field, format string, args ...any) error) (learn.Config, error) {
	var cfg learn.Config
	name, err := learn.ParseLearner(t.Algo)
	if err != nil {
		return cfg, fail("training.algo", "%v", err)
	}
	k, err := learn.ParseKernel(t.Kernel)
	if err != nil {
		return cfg, fail("training.kernel", "%v", err)
	}
	tie, err := learn.ParseTie(t.Tie)
	if err != nil {
		return cfg, fail("training.tie", "%v", err)
	}
	if t.Epochs < 0 {
		return cfg, fail("training.epochs", "%d; the cap on passes must be ≥ 0", t.Epochs)
	}
	cfg = learn.Config{Kernel: k, Bias: t.Bias, Tie: tie, Epochs: t.Epochs, Shuffle: t.Shuffle, Seed: t.Seed, Learner: name}
	kind := cfg.Kind()
	for _, s := range learn.Settings() {
		raw, ok := t.Settings[settingKey(s)]
		if !ok || string(bytes.TrimSpace(raw)) == "null" {
			continue // its default
		}
		text := string(raw)
		var str string
		var num json.Number
		switch {
		case json.Unmarshal(raw, &str) == nil:
			text = str // "inf", as written
		case json.Unmarshal(raw, &num) != nil:
			return cfg, fail("training."+settingKey(s), "wants a number, not %s", safetext.Short(string(raw)))
		}
		if own, ok := kind.Setting(s.Name); ok {
			s = own // the learner's own range (λ: Pegasos's or logistic regression's)
		}
		v, err := s.Read(text)
		if err != nil {
			return cfg, fail("training."+settingKey(s), "%v", err)
		}
		if kind.Reads(s.Name) && s.Check(v) != nil || !kind.Reads(s.Name) && learn.Accepts(s.Name, v) != nil {
			return cfg, fail("training."+settingKey(s), "%s; %s must be %s", safetext.Short(text), s.Noun, s.Domain())
		}
		cfg = cfg.With(s.Name, v)
	}
	if kind.Joint != nil {
		if err := kind.Joint(cfg); err != nil {
			return cfg, fail("training", "%s: %v", kind.Title, err)
		}
	}
	return cfg, nil
}

// checkReplay checks steps and appended_at as far as can be without
// training: steps ≥ 0 and within the cap on passes; appends ascending,
// within the steps, no more than the points, and only where the terminal
// program appends (the perceptron and the budget learners, with nothing
// held out). An appended point means the points were edited.
func checkReplay(o Options, fail func(field, format string, args ...any) error) error {
	r, cfg := o.Replay, o.Config
	if r.Steps < 0 {
		return fail("steps", "%d; steps count from 0", r.Steps)
	}
	// A pass visits each point at most once, and there are at most Epochs
	// passes (appends join the pass under way), so T ≤ Epochs·n.
	if n := len(o.Points); cfg.Kind().Passes && r.Steps > 0 && (n == 0 || (r.Steps-1)/n >= cfg.Epochs) {
		return fail("steps", "%d, but %s over %d points take at most %d steps", r.Steps, plural(cfg.Epochs, "pass", "passes"), n, cfg.Epochs*n)
	}
	if len(r.AppendedAt) == 0 {
		return nil
	}
	switch k := cfg.Kind(); {
	case !k.Appends:
		return fail("appended_at", "the %s learner starts again on new points; it has no appends while training", k.Name)
	case o.Holdout.On():
		return fail("appended_at", "points are not added while rows are held out")
	case len(r.AppendedAt) > len(o.Points):
		return fail("appended_at", "%d appends, but only %d points", len(r.AppendedAt), len(o.Points))
	}
	for k, t := range r.AppendedAt {
		if t < 0 || t > r.Steps || (k > 0 && t < r.AppendedAt[k-1]) {
			return fail("appended_at", "%s must ascend from 0 to steps (%d)", safetext.Short(fmt.Sprint(r.AppendedAt)), r.Steps)
		}
	}
	return nil
}

// checkUnedited checks that points said to be a built-in's, unedited,
// are that dataset's: otherwise the command line R shows would make other
// points than the session has. Standardized points are z-scores with the
// training rows' mean and sd (Options.Standardize), or, in a file written
// before those were the training rows', every row's (datasets.Standardize):
// both are the dataset's, and the data before standardizing becomes o.Raw.
func checkUnedited(o *Options, dt sessionData, fail func(field, format string, args ...any) error) error {
	if o.Dataset == "" {
		return nil
	}
	b, _ := datasets.Lookup(o.Dataset)
	raw := b.Generate(o.N, o.Noise, o.Seed)
	match := slices.Equal(raw, o.Points)
	if o.Standardized {
		z := *o
		z.Points = raw
		z.Standardize()
		match = slices.Equal(z.Points, o.Points) ||
			(o.Holdout.On() && slices.Equal(datasets.Standardize(raw), o.Points)) // a file from before
		if match {
			o.Raw = raw
		}
	}
	if !match {
		return fail("data.edited", "false, but the points are not %s's (n %d, noise %v, seed %d%s): say \"edited\": true for points changed by hand",
			b.Name, dt.N, dt.Noise, dt.Seed, map[bool]string{true: ", standardized"}[o.Standardized])
	}
	return nil
}

// plural is "1 pass" or "3 passes".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// sessionOnLine checks that the points of 1-D data (Options.OneD) lie on
// their line, x₂ = 0, as every edit and reading of such data keeps them.
func sessionOnLine(o Options, fail func(field, format string, args ...any) error) error {
	if !o.OneD() {
		return nil
	}
	for i, p := range o.Points {
		if p.X2 != 0 {
			return fail(fmt.Sprintf("points[%d]", i), "point %d has x2 = %v; the data are points on a line (1-D), x2 = 0", i+1, p.X2)
		}
	}
	return nil
}
