package lab

import (
	"bytes"
	"encoding/json"
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
// It is JSON, versioned by its first field, one field a line and one
// point a line:
//
//	{
//	  "kernelscope_session": 1,
//	  "data": {
//	    "dataset": "moons",
//	    "n": 100,
//	    …
//	  },
//	  "points": [
//	    [0.5, -0.2, 1],
//	    …
//	  ],
//	  "training": {
//	    "algo": "perceptron",
//	    "kernel": "rbf(sigma=0.5)",
//	    …
//	  },
//	  "steps": 57,
//	  "appended_at": [12]
//	}
//
// Replaying it (ReplayOn) builds the learner on the points but the last
// len(appended_at), steps to each appended_at[k] and appends the next
// point there (as the terminal program's o and x do while training), then
// steps to "steps": α, the position in the pass and the undo floor come
// out as they were, bit for bit. README's "Sessions that reopen" lists
// every field.

// SessionFormat is the session file format this kernelscope writes and
// reads; a file of a later format is refused, never half read.
const SessionFormat = 1

// sessionFile is the file as JSON has it. The sections are decoded with
// unknown fields refused; which fields must be there is sessionRequired.
type sessionFile struct {
	Format     int             `json:"kernelscope_session"`
	Data       sessionData     `json:"data"`
	Points     [][]float64     `json:"points"`
	Training   sessionTraining `json:"training"`
	Holdout    *sessionHoldout `json:"holdout,omitempty"`
	Steps      int             `json:"steps"`
	AppendedAt []int           `json:"appended_at"`
}

type sessionData struct {
	Dataset      string          `json:"dataset,omitempty"`
	File         string          `json:"file,omitempty"`
	N            int             `json:"n,omitempty"`
	Noise        float64         `json:"noise,omitempty"`
	Seed         uint64          `json:"seed"`
	Columns      *sessionColumns `json:"columns,omitempty"`
	Header       []string        `json:"header,omitempty"`
	Standardized bool            `json:"standardized"`
	Edited       bool            `json:"edited"`
}

// sessionColumns are the columns of a wider CSV file the points were read
// from (--columns, --label, --positive), by number; x2 is left out (0)
// for points on a line, read from one column (datasets.Columns.OneD).
type sessionColumns struct {
	X1       int     `json:"x1"`
	X2       int     `json:"x2,omitempty"`
	Label    int     `json:"label"`
	Positive *string `json:"positive,omitempty"`
}

// sessionTraining is the training section: how every learner trains, and
// the learners' settings (learn.Settings: eta, budget, C, tol, max_iter,
// lambda …), each under its name with "-" written "_", as a number or, for
// a setting that takes it, "inf".
type sessionTraining struct {
	trainingFields
	Settings map[string]json.RawMessage
}

type trainingFields struct {
	Algo    string `json:"algo"`
	Kernel  string `json:"kernel"`
	Bias    bool   `json:"bias"`
	Tie     string `json:"tie"`
	Epochs  int    `json:"epochs"`
	Shuffle bool   `json:"shuffle"`
	Seed    uint64 `json:"seed"`
}

// settingKey is setting s's key in the training section.
func settingKey(s *learn.Setting) string { return strings.ReplaceAll(s.Name, "-", "_") }

// MarshalJSON writes the fields, then the settings in the registry's order.
func (t sessionTraining) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(t.trainingFields)
	if err != nil {
		return nil, err
	}
	b = b[:len(b)-1]
	for _, s := range learn.Settings() {
		if v, ok := t.Settings[settingKey(s)]; ok {
			b = fmt.Appendf(b, ",%q:%s", settingKey(s), v)
		}
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads the fields strictly (an unknown key is an error)
// and keeps each setting's value as written, for sessionConfig to check.
func (t *sessionTraining) UnmarshalJSON(data []byte) error {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	rest := make(map[string]json.RawMessage, len(all))
	t.Settings = map[string]json.RawMessage{}
	for k, v := range all {
		if isSettingKey(k) {
			t.Settings[k] = v
		} else {
			rest[k] = v
		}
	}
	fields, err := json.Marshal(rest)
	if err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(fields))
	d.DisallowUnknownFields()
	return d.Decode(&t.trainingFields)
}

// isSettingKey reports whether key names a learner's setting.
func isSettingKey(key string) bool {
	for _, s := range learn.Settings() {
		if settingKey(s) == key {
			return true
		}
	}
	return false
}

type sessionHoldout struct {
	Fraction float64 `json:"fraction"`
	Shuffled bool    `json:"shuffled"`
	Seed     uint64  `json:"seed"`
}

// sessionRequired are the fields a session file must have; the others
// take the defaults of the flags (the settings but η: training.budget 10,
// C 1, tol 0.001, max_iter 0, lambda 0.1), or nothing (data's provenance,
// holdout, appended_at).
var sessionRequired = []string{"kernelscope_session", "data", "points", "training", "steps",
	"training.algo", "training.kernel", "training.bias", "training.tie", "training.eta",
	"training.epochs", "training.shuffle", "training.seed", "holdout.fraction"}

// WriteSession writes o as a session file: o.Points, their provenance,
// o.Config (not its RunOptions, which change no step), o.Holdout and
// o.Replay. Floats are written so that they read back exactly.
func WriteSession(w io.Writer, o Options) error {
	f, err := encodeSession(o)
	if err != nil {
		return fmt.Errorf("writing the session: %w", err)
	}
	var b bytes.Buffer
	b.WriteString("{\n")
	field := func(name string, v any, last bool) {
		var enc bytes.Buffer
		e := json.NewEncoder(&enc)
		e.SetEscapeHTML(false)
		e.SetIndent("  ", "  ")
		if err == nil {
			err = e.Encode(v)
		}
		fmt.Fprintf(&b, "  %q: %s", name, bytes.TrimSpace(enc.Bytes()))
		if !last {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	field("kernelscope_session", f.Format, false)
	field("data", f.Data, false)
	// The points one a line, [x1, x2, y].
	b.WriteString(`  "points": [`)
	for i, p := range o.Points {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n    [%s, %s, %d]", jsonFloat(p.X1), jsonFloat(p.X2), p.Y)
	}
	if len(o.Points) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("],\n")
	field("training", f.Training, false)
	if f.Holdout != nil {
		field("holdout", f.Holdout, false)
	}
	field("steps", f.Steps, false)
	// The appends on one line, as the points.
	at := make([]string, len(f.AppendedAt))
	for i, t := range f.AppendedAt {
		at[i] = strconv.Itoa(t)
	}
	fmt.Fprintf(&b, "  \"appended_at\": [%s]\n", strings.Join(at, ", "))
	b.WriteString("}\n")
	if err != nil {
		return fmt.Errorf("writing the session: %w", err)
	}
	_, err = w.Write(b.Bytes())
	return err
}

// encodeSession is o as the file holds it; an error for what the file
// cannot hold (a coordinate that is not finite, a label not ±1).
func encodeSession(o Options) (sessionFile, error) {
	for i, p := range o.Points {
		if !finite(p.X1) || !finite(p.X2) || (p.Y != 1 && p.Y != -1) {
			return sessionFile{}, fmt.Errorf("point %d (%v, %v, label %d) is not two finite numbers and a label ±1", i+1, p.X1, p.X2, p.Y)
		}
	}
	cfg := o.Config
	// Every setting, the learner's or not: the terminal program keeps
	// them across its l cycle.
	settings := map[string]json.RawMessage{}
	for _, s := range learn.Settings() {
		v, given := cfg.Params.Lookup(s.Name)
		if !given {
			d, common := learn.CommonDefault(s.Name)
			if !common {
				// Each learner that reads it has its own default (λ):
				// left out, it reads back as each one's.
				continue
			}
			v = d
		}
		if math.IsInf(v, 1) {
			settings[settingKey(s)] = json.RawMessage(`"inf"`)
		} else {
			settings[settingKey(s)] = json.RawMessage(jsonFloat(v))
		}
	}
	f := sessionFile{
		Format: SessionFormat,
		Data: sessionData{Dataset: o.Dataset, File: o.File, Seed: o.Seed, Header: o.Header,
			Standardized: o.Standardized, Edited: o.Edited || len(o.Replay.AppendedAt) > 0},
		Training: sessionTraining{trainingFields{Algo: cfg.Kind().Name, Kernel: cfg.Kernel.Spec(), Bias: cfg.Bias, Tie: cfg.Tie.String(),
			Epochs: cfg.Epochs, Shuffle: cfg.Shuffle, Seed: cfg.Seed}, settings},
		Steps:      o.Replay.Steps,
		AppendedAt: append([]int{}, o.Replay.AppendedAt...),
	}
	if o.Dataset != "" {
		f.Data.N, f.Data.Noise = o.N, o.Noise
	}
	if cols := o.Columns; !cols.IsZero() {
		f.Data.Columns = &sessionColumns{X1: cols.X1.Number, X2: cols.X2.Number, Label: cols.Label.Number}
		if cols.HasPositive {
			f.Data.Columns.Positive = &cols.Positive
		}
	}
	if h := o.Holdout; h.On() {
		f.Holdout = &sessionHoldout{Fraction: h.Fraction, Shuffled: h.Shuffled, Seed: h.Seed}
	}
	return f, nil
}

// jsonFloat writes a finite float so that it reads back exactly.
func jsonFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// maxSessionBytes bounds what ReadSession reads: the most points a run
// may have at about 50 bytes a point written out, and room to spare.
const maxSessionBytes = 64 * datasets.MaxRows

// LoadSession reads the session file at path (ReadSession); the options
// it returns name it as their Session. Its errors name path as every other
// error does (safetext.Name): quoted and escaped when it holds characters
// a terminal would act on, never raw.
func LoadSession(path string) (Options, error) {
	f, err := os.Open(path)
	if err != nil {
		// os's error repeats the path raw ("open <path>: …"): keep only
		// the reason.
		return Options{}, fmt.Errorf("cannot open the session file %s: %w", safetext.Name(path), datasets.UnwrapPath(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return Options{}, fmt.Errorf("cannot open the session file %s: it is a directory", safetext.Name(path))
	}
	o, err := ReadSession(f, path)
	if err != nil {
		return Options{}, err
	}
	o.Session = path
	return o, nil
}

// ReadSession reads a session file (UTF-8, with or without a byte order
// mark), named name in errors, and checks all of it before it returns
// anything: the options with their Replay, or a
// *SessionError that names the line, the column and the field at fault,
// and zero Options; never a part. The Replay itself is checked when it
// runs (ReplayOn): only training says where training stops.
func ReadSession(r io.Reader, name string) (Options, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxSessionBytes+1))
	if err != nil {
		return Options{}, fmt.Errorf("reading %s: %w", safetext.Name(name), datasets.UnwrapPath(err))
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
	// A byte order mark, which some editors put at the start of a UTF-8
	// file, is no part of the JSON (and the CSV reader skips one too).
	// Positions are then counted as an editor shows them, without it.
	data = bytes.TrimPrefix(data, []byte(datasets.UTF8BOM))
	fail := func(field, format string, args ...any) error {
		return at(data, name, field, fmt.Sprintf(format, args...))
	}
	// The format first, so a later one is named as such rather than by the
	// first field this kernelscope does not know.
	var head struct {
		Format json.RawMessage `json:"kernelscope_session"`
	}
	if json.Unmarshal(data, &head) == nil && head.Format != nil {
		var v float64
		if json.Unmarshal(head.Format, &v) == nil && v != SessionFormat {
			if v > SessionFormat {
				return Options{}, fail("kernelscope_session", "written by a newer kernelscope (format %s; this one reads format %d): update kernelscope to open it", head.Format, SessionFormat)
			}
			return Options{}, fail("kernelscope_session", "format %s is not one kernelscope wrote (this one reads format %d)", head.Format, SessionFormat)
		}
	}
	var f sessionFile
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		return Options{}, jsonError(data, name, err)
	}
	if _, err := d.Token(); err != io.EOF {
		return Options{}, &SessionError{File: name, Msg: "more after the session's closing }: not one JSON object"}
	}
	if key, second, first := duplicateKey(data); key != "" {
		// encoding/json keeps the last value; which one was meant is the
		// writer's to say.
		e := &SessionError{File: name, Field: key}
		e.Line, e.Col = position(data, second)
		firstLine, _ := position(data, first)
		e.Msg = fmt.Sprintf("is there twice (first on line %d); a key may appear once: delete one", firstLine)
		return Options{}, e
	}
	if field, problem := checkKeys(data); field != "" {
		if field == "kernelscope_session" {
			return Options{}, fail("", `not a kernelscope session: no "kernelscope_session" field`)
		}
		return Options{}, fail(field, "%s", problem)
	}
	var o Options
	if err := sessionPoints(&o, f, fail); err != nil {
		return Options{}, err
	}
	if err := sessionSource(&o, f.Data, fail); err != nil {
		return Options{}, err
	}
	if err := sessionOnLine(o, fail); err != nil {
		return Options{}, err
	}
	cfg, err := sessionConfig(f.Training, fail)
	if err != nil {
		return Options{}, err
	}
	o.Config = cfg
	if h := f.Holdout; h != nil && h.Fraction != 0 {
		if math.IsNaN(h.Fraction) || h.Fraction < 0 || h.Fraction >= 1 {
			return Options{}, fail("holdout.fraction", "%v is not a fraction from 0 to below 1", h.Fraction)
		}
		o.Holdout = Holdout{Fraction: h.Fraction, Shuffled: h.Shuffled}
		if h.Shuffled {
			o.Holdout.Seed = h.Seed
		}
		if err := CheckHoldout(&o); err != nil {
			return Options{}, fail("holdout", "%v", err)
		}
	}
	o.Replay = Replay{Steps: f.Steps, AppendedAt: f.AppendedAt}
	o.Edited = o.Edited || len(f.AppendedAt) > 0 // an appended point is an edit
	if len(f.AppendedAt) == 0 {
		o.Replay.AppendedAt = nil
	}
	if err := checkReplay(o, fail); err != nil {
		return Options{}, err
	}
	if !o.Edited {
		if err := checkUnedited(&o, f.Data, fail); err != nil {
			return Options{}, err
		}
	}
	return o, nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
