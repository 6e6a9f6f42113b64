package lab

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"kernelscope/datasets"
	"kernelscope/learn"
)

// moonsSession is a session on moons as the flags would make it, with
// every training setting away from its default.
func moonsSession(t testing.TB) Options {
	t.Helper()
	b, _ := datasets.Lookup("moons")
	k, err := learn.ParseKernel("rbf(sigma=0.5)+2*poly(d=2,c=0.1)")
	if err != nil {
		t.Fatal(err)
	}
	return Options{
		Dataset: "moons", N: 40, Noise: 0.1, Seed: 3,
		Points: b.Generate(40, 0.1, 3),
		Config: learn.Config{Kernel: k, Bias: true, Tie: learn.TiePos, Epochs: 7, Shuffle: true, Seed: 3,
			Learner: "budget", Params: learn.NewParams("eta", 0.5).With("budget", float64(4)).With("C", 2.5).With("tol", 0.01).With("max-iter", float64(9))},
		Holdout: Holdout{Fraction: 0.25, Shuffled: true, Seed: 9},
		Replay:  Replay{Steps: 30},
	}
}

// editedSession is a session on a file's columns, standardized, edited,
// with two points appended while training went on.
func editedSession(t testing.TB) Options {
	t.Helper()
	tenth, fifth := 0.1, 0.2 // variables: constants would sum exactly to 0.3
	return Options{
		File: "iris.csv", Seed: 5, Standardized: true, Edited: true,
		Columns: datasets.Columns{X1: datasets.Column{Number: 3, Name: "petal_length"}, X2: datasets.Column{Number: 4, Name: "petal_width"},
			Label: datasets.Column{Number: 5, Name: "species"}, Positive: "-1 or so", HasPositive: true},
		Header: []string{"petal_length", "petal_width", "species"},
		Points: []datasets.Point{{X1: tenth + fifth, X2: -1e-300, Y: 1}, {X1: math.Pi, X2: math.Copysign(0, -1), Y: -1}, {X1: 1e300, X2: 3, Y: 1},
			{X1: -2, X2: 5e-324, Y: -1}, {X1: 0.5, X2: 0.25, Y: 1}},
		Config: learn.Config{Kernel: learn.Linear{}, Tie: learn.TieMistake, Epochs: 100, Seed: 5,
			Learner: "perceptron", Params: learn.NewParams("budget", 10).With("C", math.Inf(1)).With("tol", learn.DefaultTol)},
		Replay: Replay{Steps: 12, AppendedAt: []int{3, 3}},
	}
}

// sameOptions fails unless got is want, field by field, floats bit for
// bit; the kernel is compared by its spec, which names it exactly.
func sameOptions(t testing.TB, got, want Options) {
	t.Helper()
	if got.Config.Kernel == nil || want.Config.Kernel == nil || got.Config.Kernel.Spec() != want.Config.Kernel.Spec() {
		t.Fatalf("kernel %v, want %v", got.Config.Kernel, want.Config.Kernel)
	}
	got.Config.Kernel, want.Config.Kernel = nil, nil
	if len(got.Points) != len(want.Points) {
		t.Fatalf("%d points, want %d", len(got.Points), len(want.Points))
	}
	for i := range got.Points {
		g, w := got.Points[i], want.Points[i]
		if math.Float64bits(g.X1) != math.Float64bits(w.X1) || math.Float64bits(g.X2) != math.Float64bits(w.X2) || g.Y != w.Y {
			t.Fatalf("point %d: %v, want %v", i+1, g, w)
		}
	}
	got.Points, want.Points = nil, nil
	// Settings compare by value: one given as its default is the default.
	if !got.Config.Params.Equal(want.Config.Params) {
		t.Fatalf("settings %s, want %s", got.Config.Params.Key(), want.Config.Params.Key())
	}
	got.Config.Params, want.Config.Params = learn.Params{}, learn.Params{}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
}

func writeSession(t testing.TB, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteSession(&b, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSessionRoundTrip: every field a session holds reads back as it was
// written, floats bit for bit (0.1+0.2, −0, 5e-324, 1e300).
func TestSessionRoundTrip(t *testing.T) {
	for name, o := range map[string]Options{"moons": moonsSession(t), "edited file": editedSession(t)} {
		file := writeSession(t, o)
		got, err := ReadSession(strings.NewReader(file), "s.json")
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, file)
		}
		sameOptions(t, got, o)
	}
	// The format as docs/sessions.md shows it: one field a line, a point a line.
	file := writeSession(t, editedSession(t))
	for _, line := range []string{`  "kernelscope_session": 1,`, `    [0.30000000000000004, -1e-300, 1],`, `    [3.141592653589793, -0, -1],`,
		`    "C": "inf",`, `      "positive": "-1 or so"`, `  "appended_at": [3, 3]`} {
		if !strings.Contains(file, "\n"+line+"\n") {
			t.Errorf("no line %q in\n%s", line, file)
		}
	}
}

// where is "line L, column C" of the first occurrence of s in file.
func where(t *testing.T, file, s string) string {
	t.Helper()
	i := strings.Index(file, s)
	if i < 0 {
		t.Fatalf("%q is not in the file", s)
	}
	line, col := position([]byte(file), int64(i))
	return fmt.Sprintf("line %d, column %d", line, col)
}

// TestSessionErrors: each bad file is an error that says where (the line
// and column of the field at fault, or of the section that lacks it) and
// what, and gives no options at all.
func TestSessionErrors(t *testing.T) {
	good := writeSession(t, moonsSession(t))
	edited := writeSession(t, editedSession(t))
	sub := func(file, old, new string) string {
		if !strings.Contains(file, old) {
			t.Fatalf("%q is not in the file", old)
		}
		return strings.Replace(file, old, new, 1)
	}
	// The first point labelled −1, as the file writes it.
	var neg string
	for _, p := range moonsSession(t).Points {
		if p.Y == -1 {
			neg = "[" + jsonFloat(p.X1) + ", " + jsonFloat(p.X2) + ", -1]"
			break
		}
	}
	negAt := strings.Count(good[strings.Index(good, `"points"`):strings.Index(good, neg)], "\n    [")
	for _, tc := range []struct {
		name, file string
		at         string // where the error is: the first occurrence of at in file ("": nowhere)
		want       string
	}{
		{"future", sub(good, `"kernelscope_session": 1`, `"kernelscope_session": 2`), `"kernelscope_session"`,
			`"kernelscope_session": written by a newer kernelscope (format 2; this one reads format 1): update kernelscope to open it`},
		{"format 0", sub(good, `"kernelscope_session": 1`, `"kernelscope_session": 0`), `"kernelscope_session"`,
			`"kernelscope_session": format 0 is not one kernelscope wrote (this one reads format 1)`},
		{"not a session", `{"points": []}`, "", `not a kernelscope session: no "kernelscope_session" field`},
		{"empty", "", "", `empty or cut short: not a whole session`},
		{"cut short", good[:len(good)/2], "", `empty or cut short: not a whole session`},
		{"two objects", good + "{}", "", `more after the session's closing }: not one JSON object`},
		{"syntax", sub(good, `"tie": "pos",`, `"tie": "pos"`), `"epochs"`, `not valid JSON: invalid character '"' after object key:value pair`},
		{"type", sub(good, `"epochs": 7`, `"epochs": "seven"`), `"epochs"`, `"training.epochs": wants a whole number, not a JSON string`},
		{"too large", sub(good, `"epochs": 7`, `"epochs": 1e400`), `"epochs"`, `"training.epochs": 1e400 is not a whole number kernelscope can hold`},
		{"tie", sub(good, `"tie": "pos"`, `"tie": "maybe"`), `"tie"`, `"training.tie": unknown tie rule "maybe" (want mistake, pos or neg)`},
		{"kernel", sub(good, `rbf(sigma=0.5)`, `rbf(sigma=-1)`), `"kernel"`, `"training.kernel": `},
		{"algo", sub(good, `"algo": "budget"`, `"algo": "boosting"`), `"algo"`, `"training.algo": unknown learner "boosting"`},
		{"unknown", sub(good, `"bias": true`, `"bias": true, "colour": 1`), `"colour"`, `"training.colour": is not a field of a session (format 1)`},
		{"case", sub(good, `"bias": true`, `"Bias": true`), `"Bias"`, `"training.Bias": is not a field of a session (format 1); field names are lower case`},
		{"missing eta", sub(good, `"eta": 0.5,`, ``), `"training"`, `"training.eta": missing`},
		{"missing steps", sub(good, `"steps": 30,`, ``), "", `"steps": missing`},
		{"null training", good[:strings.Index(good, `"training": {`)] + `"training": null,` + good[strings.Index(good, `"holdout"`)-2:], `"training"`,
			`"training": missing`},
		{"label", sub(good, neg, strings.Replace(neg, ", -1]", ", 0]", 1)), neg[:10], fmt.Sprintf(`"points[%d]": point %d has label 0; labels are 1 or -1`, negAt, negAt+1)},
		{"short point", sub(good, neg, strings.Replace(neg, ", -1]", "]", 1)), neg[:10], fmt.Sprintf(`"points[%d]": point %d has 2 numbers; each is [x1, x2, y]`, negAt, negAt+1)},
		{"point type", sub(good, neg, strings.Replace(neg, ", -1]", `, "-1"]`, 1)), neg[:10], fmt.Sprintf(`"points[%d]": wants a number, not a JSON string`, negAt)},
		{"eta", sub(good, `"eta": 0.5`, `"eta": 0`), `"eta"`, `"training.eta": 0; η must be a finite number > 0`},
		{"C", sub(good, `"C": 2.5`, `"C": 0`), `"C"`, `"training.C": 0; C must be > 0 (or inf for the hard margin)`},
		{"C word", sub(good, `"C": 2.5`, `"C": "lots"`), `"C"`, `"training.C": want a number > 0 or inf, not "lots"`},
		{"budget", sub(good, `"budget": 4`, `"budget": -4`), `"budget":`, `"training.budget": -4; the budget must be at least 1`},
		{"lambda", sub(good, `"algo": "budget"`, `"algo": "budget", "lambda": 1e308`), `"lambda"`, `"training.lambda": 1e308; λ must be from 1e-12 to 1e12`},
		{"steps", sub(good, `"steps": 30`, `"steps": -3`), `"steps"`, `"steps": -3; steps count from 0`},
		{"steps beyond the cap", sub(good, `"steps": 30`, `"steps": 281`), `"steps"`, `"steps": 281, but 7 passes over 40 points take at most 280 steps`},
		{"appends descend", sub(edited, `[3, 3]`, `[4, 3]`), `"appended_at"`, `"appended_at": [4 3] must ascend from 0 to steps (12)`},
		{"appends beyond steps", sub(edited, `[3, 3]`, `[3, 13]`), `"appended_at"`, `"appended_at": [3 13] must ascend from 0 to steps (12)`},
		{"too many appends", sub(edited, `[3, 3]`, `[0, 0, 0, 0, 0, 0]`), `"appended_at"`, `"appended_at": 6 appends, but only 5 points`},
		{"appends to the SVM", sub(edited, `"algo": "perceptron"`, `"algo": "svm"`), `"appended_at"`,
			`"appended_at": the svm learner starts again on new points; it has no appends while training`},
		{"appends held out", sub(edited, `"steps"`, `"holdout": {"fraction": 0.4}, "steps"`), `"appended_at"`,
			`"appended_at": points are not added while rows are held out`},
		{"holdout", sub(good, `"fraction": 0.25`, `"fraction": 1.5`), `"fraction"`, `"holdout.fraction": 1.5 is not a fraction from 0 to below 1`},
		{"missing fraction", sub(good, `"fraction": 0.25,`, ``), `"holdout"`, `"holdout.fraction": missing`},
		{"dataset", sub(good, `"dataset": "moons"`, `"dataset": "mooons"`), `"dataset"`, `"data.dataset": "mooons" is not a built-in dataset (built-ins: worked4,`},
		{"dataset and file", sub(good, `"dataset": "moons",`, `"dataset": "moons", "file": "x.csv",`), `"data"`, `"data": names both a dataset and a file`},
		{"edited", sub(good, `"seed": 3,`, `"seed": 4,`), `"edited"`,
			`"data.edited": false, but the points are not moons's (n 40, noise 0.1, seed 4): say "edited": true for points changed by hand`},
		{"header", sub(edited, `"species"`, `"species", "more"`), `"header"`, `"data.header": has 4 names; a header names x1, x2 and y`},
		{"columns", sub(edited, `"x1": 3`, `"x1": 0`), `"columns"`, `"data.columns": columns are numbered from 1, not 0`},
	} {
		want := "s.json: " + tc.want
		if tc.at != "" {
			want = "s.json: " + where(t, tc.file, tc.at) + ": " + tc.want
		}
		o, err := ReadSession(strings.NewReader(tc.file), "s.json")
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.name, err, want)
		}
		if !reflect.DeepEqual(o, Options{}) {
			t.Errorf("%s: options %+v, want none", tc.name, o)
		}
	}
}

// TestSessionLongValues: a value of megabytes (a hostile or broken file)
// is quoted as a kernel spec is, its first 40 characters and its length,
// so the error is one short line; it used to hold the whole value (a field
// of 20 MiB made 20 MiB of error, issue 34).
func TestSessionLongValues(t *testing.T) {
	good := writeSession(t, moonsSession(t))
	edited := writeSession(t, editedSession(t))
	const n = 2 << 20
	long := strings.Repeat("x", n)
	digits := "1" + strings.Repeat("0", n-1)
	cut := fmt.Sprintf("… (%d bytes)", n)
	sub := func(file, old, new string) string {
		if !strings.Contains(file, old) {
			t.Fatalf("%q is not in the file", old)
		}
		return strings.Replace(file, old, new, 1)
	}
	// As many appends as points (more are refused first), out of order.
	var appends, points strings.Builder
	appends.WriteString("[4")
	points.WriteString(`"points": [[0, 0, 1]`)
	for range 100_000 {
		appends.WriteString(", 3")
		points.WriteString(", [0, 0, 1]")
	}
	appends.WriteString("]")
	points.WriteString("],\n")
	many := edited[:strings.Index(edited, `"points"`)] + points.String() + edited[strings.Index(edited, `  "training"`):]
	for _, tc := range []struct{ name, file, want string }{
		{"dataset", sub(good, `"dataset": "moons"`, `"dataset": "`+long+`"`), `"data.dataset": "xxxx`},
		{"file", sub(edited, `"file": "iris.csv"`, `"file": "`+long+`"`), `"data.file": "xxxx`},
		{"algo", sub(good, `"algo": "budget"`, `"algo": "`+long+`"`), `"training.algo": unknown learner "xxxx`},
		{"tie", sub(good, `"tie": "pos"`, `"tie": "`+long+`"`), `"training.tie": unknown tie rule "xxxx`},
		{"kernel", sub(good, `"kernel": "rbf(sigma=0.5)+2*poly(d=2,c=0.1)"`, `"kernel": "`+long+`"`), `"training.kernel": kernel "xxxx`},
		{"setting word", sub(good, `"C": 2.5`, `"C": "`+long+`"`), `"training.C": want a number > 0 or inf, not "xxxx`},
		{"setting object", sub(good, `"C": 2.5`, `"C": {"a": "`+long+`"}`), `"training.C": wants a number, not {"a": "xxxx`},
		{"setting number", sub(good, `"C": 2.5`, `"C": `+digits), `"training.C": want a number > 0 or inf, not "1000`},
		{"steps", sub(good, `"steps": 30`, `"steps": `+digits), `"steps": 1000`},
		{"key", sub(good, `"bias": true`, `"bias": true, "`+long+`": 1`), `"training.xxxx`},
		{"appends", sub(many, `[3, 3]`, appends.String()), `"appended_at": [4 3 3 3`},
	} {
		_, err := ReadSession(strings.NewReader(tc.file), "s.json")
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		msg := err.Error()
		if len(msg) > 300 || !strings.Contains(msg, tc.want) || !strings.Contains(msg, "… (") {
			t.Errorf("%s: %d bytes of error, want at most 300 with %q and the length: %.300q", tc.name, len(msg), tc.want, msg)
		}
		if tc.name != "appends" && tc.name != "key" && tc.name != "setting object" && !strings.Contains(msg, cut) {
			t.Errorf("%s: %q does not say %q", tc.name, msg, cut)
		}
	}
}

// TestSessionDuplicateKeys: a key an object holds twice is refused with
// its name and the line of the second, and the first's line: encoding/json
// kept the last value without a word (issue 34), so which one the writer
// meant was a guess. The same key in two objects is no duplicate.
func TestSessionDuplicateKeys(t *testing.T) {
	good := writeSession(t, moonsSession(t))
	edited := writeSession(t, editedSession(t))
	sub := func(file, old, new string) string {
		if !strings.Contains(file, old) {
			t.Fatalf("%q is not in the file", old)
		}
		return strings.Replace(file, old, new, 1)
	}
	line := func(file, s string) int {
		l, _ := position([]byte(file), int64(strings.Index(file, s)))
		return l
	}
	for _, tc := range []struct {
		name, file, second, first, field string
	}{
		{"training", sub(good, `"tie": "pos",`, `"tie": "pos",`+"\n"+`    "tie": "neg",`), `"tie": "neg"`, `"tie": "pos"`, "training.tie"},
		{"a setting", sub(good, `"C": 2.5,`, `"C": 2.5,`+"\n"+`    "C": "inf",`), `"C": "inf"`, `"C": 2.5`, "training.C"},
		{"top level", sub(good, `"steps": 30,`, `"steps": 30,`+"\n"+`  "steps": 3,`), `"steps": 3,`, `"steps": 30`, "steps"},
		{"data", sub(good, `"seed": 3,`, `"seed": 3,`+"\n"+`    "seed": 4,`), `"seed": 4`, `"seed": 3`, "data.seed"},
		{"columns", sub(edited, `"x1": 3,`, `"x1": 3,`+"\n"+`      "x1": 4,`), `"x1": 4`, `"x1": 3`, "data.columns.x1"},
		{"escaped", sub(good, `"tie": "pos",`, `"tie": "pos",`+"\n"+`    "ti\u0065": "neg",`), `"ti\u0065"`, `"tie": "pos"`, "training.tie"},
	} {
		_, err := ReadSession(strings.NewReader(tc.file), "s.json")
		want := fmt.Sprintf("s.json: %s: %q: is there twice (first on line %d); a key may appear once: delete one",
			where(t, tc.file, tc.second), tc.field, line(tc.file, tc.first))
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", tc.name, err, want)
		}
	}
	// "seed" in data, training and holdout: three objects, once each.
	if strings.Count(good, `"seed"`) != 3 {
		t.Fatalf("the session has %d seeds, want 3 (one a section)", strings.Count(good, `"seed"`))
	}
	if _, err := ReadSession(strings.NewReader(good), "s.json"); err != nil {
		t.Errorf("a key in three sections: %v", err)
	}
}

// TestLoadSession: a file names itself as the options' Session; a file
// that is not there says so.
func TestLoadSession(t *testing.T) {
	path := t.TempDir() + "/s.json"
	o := moonsSession(t)
	if err := os.WriteFile(path, []byte(writeSession(t, o)), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LoadSession(path)
	if err != nil || got.Session != path {
		t.Fatalf("%v, session %q", err, got.Session)
	}
	got.Session = ""
	sameOptions(t, got, o)
	if _, err := LoadSession(path + ".gone"); err == nil || !strings.Contains(err.Error(), "cannot open the session file") {
		t.Errorf("missing file: %v", err)
	}
}

// FuzzReadSession: no input panics, and whatever ReadSession accepts
// writes out and reads back as the same options.
func FuzzReadSession(f *testing.F) {
	f.Add(writeSession(f, moonsSession(f)))
	f.Add(writeSession(f, editedSession(f)))
	f.Add(`{"kernelscope_session": 1, "data": {}, "points": [[0, 0, 1], [1, 1, -1]], "training": {"algo": "svm", "kernel": "linear",
		"bias": false, "tie": "neg", "eta": 1, "epochs": 3, "shuffle": true, "seed": 0, "C": "inf"}, "steps": 0}`)
	f.Add(`{"kernelscope_session": 1, "data": {"dataset": "worked4", "seed": 1}, "points": [[1, 1, 1], [-1, 1, -1], [-1, -1, 1], [1, -1, -1]],
		"training": {"algo": "perceptron", "kernel": "poly(d=2,c=0)", "bias": false, "tie": "neg", "eta": 1, "epochs": 100,
		"shuffle": false, "seed": 1}, "steps": 5, "appended_at": [2]}`)
	f.Add(`{"kernelscope_session": 1, "data": {"columns": {"x1": 1}}, "points": [], "training": null, "steps": 1e3}`)
	f.Fuzz(func(t *testing.T, file string) {
		o, err := ReadSession(strings.NewReader(file), "f.json")
		if err != nil {
			if !reflect.DeepEqual(o, Options{}) {
				t.Fatalf("an error and options: %v", err)
			}
			return
		}
		again := writeSession(t, o)
		back, err := ReadSession(strings.NewReader(again), "f.json")
		if err != nil {
			t.Fatalf("accepted, written, refused: %v\n%s", err, again)
		}
		sameOptions(t, back, o)
	})
}

// TestSessionBOM: a session file that an editor saved with a UTF-8 byte
// order mark reads as the same file without it, and an error in it is
// placed where an editor shows it, the mark not counted. Issue 28: it was
// refused as "not valid JSON", though the CSV reader accepts one.
func TestSessionBOM(t *testing.T) {
	file := writeSession(t, moonsSession(t))
	got, err := ReadSession(strings.NewReader("\ufeff"+file), "s.json")
	if err != nil {
		t.Fatalf("a session with a byte order mark: %v", err)
	}
	sameOptions(t, got, moonsSession(t))
	bad := strings.Replace(file, `"kernelscope_session": 1`, `"kernelscope_session": 2`, 1)
	_, err = ReadSession(strings.NewReader("\ufeff"+bad), "s.json")
	if want := "s.json: line 2, column 3: \"kernelscope_session\": written by a newer kernelscope"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("a later format after a byte order mark: %v; want %q", err, want)
	}
	// Only one mark, and only at the start, is not data.
	for _, in := range []string{"\ufeff\ufeff" + file, " \ufeff" + file} {
		if _, err := ReadSession(strings.NewReader(in), "s.json"); err == nil || !strings.Contains(err.Error(), "not valid JSON") {
			t.Errorf("%.8q…: %v; want not valid JSON", in, err)
		}
	}
}
