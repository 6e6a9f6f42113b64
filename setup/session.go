package setup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
)

// A session file is a whole run, saved so that it reopens exactly where it
// was (`kernelscope --session FILE`, the terminal program's w then s): the
// points, where they came from, how to train, and how far training went.
// It is JSON, versioned by its first field:
//
//	{
//	  "kernelscope_session": 1,
//	  "data": {"dataset": "moons", "n": 100, "noise": 0.1, "seed": 1},
//	  "points": [[0.5, -0.2, 1], …],
//	  "training": {"algo": "perceptron", "kernel": "rbf(sigma=0.5)", "bias": false,
//	               "tie": "mistake", "eta": 1, "epochs": 100, "shuffle": false, "seed": 1,
//	               "budget": 10, "C": "1", "tol": 0.001, "max_iter": 0},
//	  "holdout": {"fraction": 0.3, "shuffled": false, "seed": 0},
//	  "steps": 57,
//	  "appended_at": [12]
//	}
//
// Replaying it builds the learner on the points but the last
// len(appended_at), steps to each appended_at[k] and appends the next
// point there (as the terminal program's o and x do while training), then
// steps to "steps": α, the position in the pass and the undo floor come
// out as they were, bit for bit.

// SessionFormat is the session file format this kernelscope writes and
// reads; a file of a later format is refused, never half read.
const SessionFormat = 1

// Replay is how far a session's training went: Steps steps in all, the
// last len(AppendedAt) points appended mid-run at those step counts
// (ascending), the rest trained on from α = 0.
type Replay struct {
	Steps      int
	AppendedAt []int
	// Edited reports points changed by hand after they came from the
	// dataset or file: only a session file recreates them.
	Edited bool
}

type sessionFile struct {
	Format     *int             `json:"kernelscope_session"`
	Data       *sessionData     `json:"data"`
	Points     *[][]float64     `json:"points"`
	Training   *sessionTraining `json:"training"`
	Holdout    *sessionHoldout  `json:"holdout,omitempty"`
	Steps      *int             `json:"steps"`
	AppendedAt []int            `json:"appended_at"`
}

type sessionData struct {
	Dataset      string   `json:"dataset,omitempty"`
	File         string   `json:"file,omitempty"`
	N            int      `json:"n,omitempty"`
	Noise        float64  `json:"noise,omitempty"`
	Seed         uint64   `json:"seed"`
	Standardized bool     `json:"standardized,omitempty"`
	Edited       bool     `json:"edited,omitempty"`
	Header       []string `json:"header,omitempty"`
}

type sessionTraining struct {
	Algo    string  `json:"algo"`
	Kernel  string  `json:"kernel"`
	Bias    bool    `json:"bias"`
	Tie     string  `json:"tie"`
	Eta     float64 `json:"eta"`
	Epochs  int     `json:"epochs"`
	Shuffle bool    `json:"shuffle"`
	Seed    uint64  `json:"seed"`
	Budget  int     `json:"budget"`
	C       string  `json:"C"`
	Tol     float64 `json:"tol"`
	MaxIter int     `json:"max_iter"`
}

type sessionHoldout struct {
	Fraction float64 `json:"fraction"`
	Shuffled bool    `json:"shuffled"`
	Seed     uint64  `json:"seed"`
}

// WriteSession writes o as a session file.
func WriteSession(w io.Writer, o Options) error {
	edited := o.Replay.Edited
	cfg := o.Config
	format, steps := SessionFormat, o.Replay.Steps
	pts := make([][]float64, len(o.Points))
	for i, p := range o.Points {
		pts[i] = []float64{p.X1, p.X2, float64(p.Y)}
	}
	c := "inf"
	if eff := cfg.SVM.EffectiveC(); !math.IsInf(eff, 1) {
		c = strconv.FormatFloat(eff, 'g', -1, 64)
	}
	tol := cfg.SVM.Tol
	if tol == 0 {
		tol = learn.DefaultTol
	}
	f := sessionFile{
		Format: &format,
		Data: &sessionData{Dataset: o.Dataset, File: o.File, N: o.N, Noise: o.Noise, Seed: o.Seed,
			Standardized: o.Standardized, Edited: edited, Header: o.Header},
		Points: &pts,
		Training: &sessionTraining{Algo: cfg.Algo.String(), Kernel: cfg.Kernel.Spec(), Bias: cfg.Bias, Tie: cfg.Tie.String(),
			Eta: cfg.Eta, Epochs: cfg.Epochs, Shuffle: cfg.Shuffle, Seed: cfg.Seed, Budget: max(cfg.Budget, 1),
			C: c, Tol: tol, MaxIter: cfg.SVM.MaxIter},
		Steps:      &steps,
		AppendedAt: append([]int{}, o.Replay.AppendedAt...),
	}
	if o.Holdout.On() {
		f.Holdout = &sessionHoldout{Fraction: o.Holdout.Fraction, Shuffled: o.Holdout.Shuffled, Seed: o.Holdout.Seed}
	}
	// The points one a line, [x1, x2, y], not five lines each.
	placeholder := [][]float64{}
	f.Points = &placeholder
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("writing the session: %w", err)
	}
	var rows bytes.Buffer
	rows.WriteString("[")
	for i, p := range pts {
		if i > 0 {
			rows.WriteString(",")
		}
		fmt.Fprintf(&rows, "\n    [%s, %s, %d]", jsonNum(p[0]), jsonNum(p[1]), int(p[2]))
	}
	if len(pts) > 0 {
		rows.WriteString("\n  ")
	}
	rows.WriteString("]")
	b = bytes.Replace(b, []byte(`"points": []`), append([]byte(`"points": `), rows.Bytes()...), 1)
	_, err = w.Write(append(b, '\n'))
	return err
}

// jsonNum writes a finite float so that it reads back exactly.
func jsonNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// A SessionError says what is wrong with a session file, and where.
type SessionError struct {
	File       string
	Line, Col  int // 0 when the problem has no one place
	Field, Msg string
}

func (e *SessionError) Error() string {
	where := safetext.Name(e.File)
	if e.Line > 0 {
		where += fmt.Sprintf(": line %d, column %d", e.Line, e.Col)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %q: %s", where, e.Field, e.Msg)
	}
	return where + ": " + e.Msg
}

// maxSessionBytes bounds what ReadSession reads: the most points a run
// may have, at about 60 bytes a point written out, and room to spare.
const maxSessionBytes = 64 * datasets.MaxRows

// LoadSession reads the session file at path (ReadSession).
func LoadSession(path string) (Options, error) {
	f, err := os.Open(path)
	if err != nil {
		return Options{}, fmt.Errorf("cannot open the session: %w", err)
	}
	defer f.Close()
	return ReadSession(f, path)
}

// ReadSession reads a session file, named name in errors, and checks all
// of it: it returns the options with their Replay, or a *SessionError
// that names the line and field at fault and zero Options; never a part.
func ReadSession(r io.Reader, name string) (Options, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxSessionBytes+1))
	if err != nil {
		return Options{}, fmt.Errorf("reading %s: %w", safetext.Name(name), err)
	}
	if len(data) > maxSessionBytes {
		return Options{}, &SessionError{File: name, Msg: fmt.Sprintf("more than %d bytes: not a session kernelscope wrote", maxSessionBytes)}
	}
	o, err := decodeSession(data, name)
	if err != nil {
		return Options{}, err
	}
	return o, nil
}

func decodeSession(data []byte, name string) (Options, error) {
	fail := func(field, format string, args ...any) error {
		e := &SessionError{File: name, Field: field, Msg: fmt.Sprintf(format, args...)}
		e.Line, e.Col = fieldPosition(data, field)
		return e
	}
	// The version first, so a later format is named as such rather than
	// by the first field this one does not know.
	var head struct {
		Format *int `json:"kernelscope_session"`
	}
	if json.Unmarshal(data, &head) == nil && head.Format != nil && *head.Format != SessionFormat {
		if *head.Format > SessionFormat {
			return Options{}, fail("kernelscope_session", "written by a newer kernelscope (format %d; this one reads format %d): update kernelscope to open it", *head.Format, SessionFormat)
		}
		return Options{}, fail("kernelscope_session", "format %d is not one kernelscope wrote (this one reads format %d)", *head.Format, SessionFormat)
	}
	var f sessionFile
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		return Options{}, jsonError(data, name, err)
	}
	if d.More() {
		return Options{}, &SessionError{File: name, Msg: "more after the session's closing }"}
	}
	switch {
	case f.Format == nil:
		return Options{}, fail("", `not a kernelscope session: no "kernelscope_session" format field`)
	case f.Data == nil:
		return Options{}, fail("data", "missing")
	case f.Points == nil:
		return Options{}, fail("points", "missing")
	case f.Training == nil:
		return Options{}, fail("training", "missing")
	case f.Steps == nil:
		return Options{}, fail("steps", "missing")
	}
	var o Options
	dt := f.Data
	o.Dataset, o.File, o.N, o.Noise, o.Seed, o.Standardized, o.Header = dt.Dataset, dt.File, dt.N, dt.Noise, dt.Seed, dt.Standardized, dt.Header
	if o.Dataset != "" {
		if _, ok := datasets.Lookup(o.Dataset); !ok {
			return Options{}, fail("dataset", "%q is not a built-in dataset (built-ins: %s)", o.Dataset, strings.Join(BuiltinNames(), ", "))
		}
	}
	if len(*f.Points) > MaxTrainN {
		return Options{}, fail("points", "%d points; kernelscope trains on at most %d", len(*f.Points), MaxTrainN)
	}
	o.Points = make([]datasets.Point, len(*f.Points))
	for i, p := range *f.Points {
		if len(p) != 3 {
			return Options{}, fail("points", "point %d has %d numbers; each is [x1, x2, y]", i+1, len(p))
		}
		if !finite(p[0]) || !finite(p[1]) {
			return Options{}, fail("points", "point %d is not a pair of finite numbers", i+1)
		}
		if p[2] != 1 && p[2] != -1 {
			return Options{}, fail("points", "point %d has label %v; labels are 1 or -1", i+1, p[2])
		}
		o.Points[i] = datasets.Point{X1: p[0], X2: p[1], Y: int(p[2])}
	}
	cfg, err := sessionConfig(*f.Training, fail)
	if err != nil {
		return Options{}, err
	}
	o.Config = cfg
	if h := f.Holdout; h != nil {
		if math.IsNaN(h.Fraction) || h.Fraction < 0 || h.Fraction >= 1 {
			return Options{}, fail("fraction", "%v is not a fraction from 0 to below 1", h.Fraction)
		}
		o.Holdout = Holdout{Fraction: h.Fraction, Shuffled: h.Shuffled, Seed: h.Seed}
		if err := checkHoldout(&o); err != nil {
			return Options{}, fail("holdout", "%v", err)
		}
	}
	o.Replay = Replay{Steps: *f.Steps, AppendedAt: f.AppendedAt, Edited: dt.Edited || len(f.AppendedAt) > 0}
	if o.Replay.Steps < 0 {
		return Options{}, fail("steps", "%d; steps count from 0", o.Replay.Steps)
	}
	if err := checkAppends(o, fail); err != nil {
		return Options{}, err
	}
	return o, nil
}

// checkAppends checks appended_at: ascending, within the steps, fewer
// than the points, and only where the program appends (the perceptron
// and the budget learners, nothing held out).
func checkAppends(o Options, fail func(field, format string, args ...any) error) error {
	at := o.Replay.AppendedAt
	if len(at) == 0 {
		return nil
	}
	a := o.Config.Algo
	switch {
	case a == learn.AlgoSVM || a.Averaging():
		return fail("appended_at", "the %v learner starts again on new points; it has no mid-run appends", a)
	case o.Holdout.On():
		return fail("appended_at", "points are not added while rows are held out")
	case len(at) >= len(o.Points):
		return fail("appended_at", "%d appends, but only %d points", len(at), len(o.Points))
	}
	for k, t := range at {
		if t < 0 || t > o.Replay.Steps || (k > 0 && t < at[k-1]) {
			return fail("appended_at", "%v must ascend from 0 to steps (%d)", at, o.Replay.Steps)
		}
	}
	return nil
}

// sessionConfig checks the training part and makes the configuration.
func sessionConfig(t sessionTraining, fail func(field, format string, args ...any) error) (learn.Config, error) {
	var cfg learn.Config
	a, err := learn.ParseAlgo(t.Algo)
	if err != nil {
		return cfg, fail("algo", "%v", err)
	}
	k, err := learn.ParseKernel(t.Kernel)
	if err != nil {
		return cfg, fail("kernel", "%v", err)
	}
	tie, err := learn.ParseTie(t.Tie)
	if err != nil {
		return cfg, fail("tie", "%v", err)
	}
	switch {
	case !(t.Eta > 0) || math.IsInf(t.Eta, 0):
		return cfg, fail("eta", "%v; η must be a finite number > 0", t.Eta)
	case t.Epochs < 0:
		return cfg, fail("epochs", "%d; the cap must be ≥ 0", t.Epochs)
	case t.Budget < 1:
		return cfg, fail("budget", "%d; the budget must be at least 1", t.Budget)
	case !(t.Tol > 0) || math.IsInf(t.Tol, 0):
		return cfg, fail("tol", "%v; the tolerance must be a finite number > 0", t.Tol)
	case t.MaxIter < 0:
		return cfg, fail("max_iter", "%d; must be ≥ 0", t.MaxIter)
	}
	c, err := ParseC(t.C)
	if err != nil {
		return cfg, fail("C", "%v", err)
	}
	cfg = learn.Config{Kernel: k, Bias: t.Bias, Tie: tie, Eta: t.Eta, Epochs: t.Epochs, Shuffle: t.Shuffle, Seed: t.Seed,
		Algo: a, Budget: t.Budget, SVM: learn.SVMOptions{C: c, Tol: t.Tol, MaxIter: t.MaxIter}}
	return cfg, nil
}

// jsonError turns encoding/json's error into a SessionError with the line
// and column of the offending byte.
func jsonError(data []byte, name string, err error) error {
	e := &SessionError{File: name}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		e.Line, e.Col = position(data, se.Offset)
		e.Msg = "not valid JSON: " + se.Error()
	case errors.As(err, &te):
		e.Line, e.Col = position(data, te.Offset)
		e.Field, e.Msg = te.Field, fmt.Sprintf("wants a %v, not a JSON %s", te.Type, te.Value)
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		e.Msg = "empty or cut short: not a whole session"
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		e.Line, e.Col = fieldPosition(data, field)
		e.Field, e.Msg = field, "is not a field of a session (format "+strconv.Itoa(SessionFormat)+")"
	default:
		e.Msg = err.Error()
	}
	return e
}

// fieldPosition is the line and column of the first "field": key in data
// (0, 0 when there is none).
func fieldPosition(data []byte, field string) (int, int) {
	if field == "" {
		return 0, 0
	}
	key, _ := json.Marshal(field)
	i := bytes.Index(data, append(key, ':'))
	if i < 0 {
		i = bytes.Index(data, key)
	}
	if i < 0 {
		return 0, 0
	}
	return position(data, int64(i))
}

// position is the 1-based line and column (in characters) of byte offset.
func position(data []byte, offset int64) (int, int) {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len([]rune(string(before[bytes.LastIndexByte(before, '\n')+1:]))) + 1
	return line, col
}
