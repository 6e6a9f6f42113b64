package learn

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"kernelscope/internal/safetext"
)

// The learners are a registry, as the kernel families are (family.go): each
// learner is one file that declares a LearnerKind (its names, a summary, the
// settings it reads and how to build it) and one line in learnerKinds below.
// The flags, sessions, help texts, shell completion, the terminal program's
// l cycle and its keys for settings all loop over the registry; what a view
// needs beyond an Expansion it asks of the learner as a capability
// (capability.go), never by its kind.

// A LearnerKind is one learner: how the command line, the help and the
// screen name it, the settings it reads, and how to make one.
type LearnerKind struct {
	// Name is how --algo and session files spell it; Aliases are other
	// spellings --algo accepts.
	Name    string
	Aliases []string
	// Title is how messages name it ("the SVM", "the Forgetron"); Short how
	// the status line and panels do ("SVM", "Forgetron"), followed by the
	// settings marked InName ("SVM C = 1").
	Title, Short string
	// Summary is one line for --help and shell completion; Source the
	// paper or lecture note it follows.
	Summary, Source string
	// Intro is what the terminal program says on switching to it (l).
	Intro func(cfg Config) string
	// Settings are the learner's own settings, beyond the kernel, bias
	// and tie rule every learner reads.
	Settings []*Setting
	// Passes says it visits the examples pass by pass and so reads
	// Config.Epochs and Config.Shuffle (every learner but the SVM, which
	// picks a pair of examples a step).
	Passes bool
	// Appends says it takes new examples while it trains (it is an
	// Appender whose Append works): the terminal program's o and x add a
	// point to the run under way, and a session replays them.
	Appends bool
	// RunsAll says it runs exactly Config.Epochs passes: it has no
	// convergence of its own (Pegasos, logistic regression).
	RunsAll bool
	// Bump says a mistake adds the bump η·yᵢ·K(xᵢ, ·) to f and changes
	// nothing else (the terminal program's update view draws it).
	Bump bool
	// Alpha says what αᵢ is when it is not a count of steps of η: "Σσ",
	// the sum of the Forgetron's weights σ over xᵢ's elements ("": none).
	Alpha string
	// Quiz is the yes/no question the terminal program's quiz asks about a
	// step after the sign of f(xᵢ) (the zero value: the perceptron's "is
	// it a mistake?").
	Quiz Question
	// Versus is the learner comparison mode sets beside this one ("":
	// the SVM, which the notes lead to; the SVM's is the perceptron).
	Versus string
	// Joint reports a combination of its settings the learner cannot
	// train with, each valid alone (nil: none): logistic regression's
	// ηλ < 1.
	Joint func(cfg Config) error
	// New makes the learner with every α = 0.
	New func(cfg Config, data []Example) (Learner, error)
}

// A Question is a yes/no question about a step: how the quiz asks it
// about example x ("is the step on %s a mistake?", Long with x for %s;
// Short without), what yes and no say, the noun its score counts, and
// whether its answer is the step's Update rather than its Mistake.
type Question struct {
	Long, Short, Yes, No, Noun string
	Update                     bool
	// Truth answers it from the step's record when neither its Mistake
	// nor its Update does (logistic regression's g > ½); nil otherwise.
	Truth func(s Step) bool
}

// Answer is the question's answer about step s: Truth's, or the step's
// Update or Mistake.
func (q Question) Answer(s Step) bool {
	switch {
	case q.Truth != nil:
		return q.Truth(s)
	case q.Update:
		return s.Update
	}
	return s.Mistake
}

// Question is k's quiz question: its own, or the perceptron's.
func (k *LearnerKind) Question() Question {
	if k.Quiz.Short != "" {
		return k.Quiz
	}
	return Question{Long: "is the step on %s a mistake?", Short: "a mistake?", Yes: "a mistake", No: "not a mistake", Noun: "mistake"}
}

// Rival is the learner comparison mode sets beside k.
func (k *LearnerKind) Rival() string {
	if k.Versus != "" {
		return k.Versus
	}
	return "svm"
}

// Reads reports whether the learner reads setting name.
func (k *LearnerKind) Reads(name string) bool {
	_, ok := k.Setting(name)
	return ok
}

// Setting is the learner's own setting called name: its default, range
// and ladder, which may differ from another learner's setting of the same
// name (Pegasos's λ and logistic regression's share the flag, not the
// default).
func (k *LearnerKind) Setting(name string) (*Setting, bool) {
	for _, s := range k.Settings {
		if s.Name == name {
			return s, true
		}
	}
	return nil, false
}

// Fit is cfg for the learner: each of its settings whose value another
// learner takes but it cannot (kept for that one: Pegasos's λ = 5, which
// logistic regression's range refuses) at the learner's own default
// instead, and its settings from the last while together they fail
// Joint (η·λ < 1); and the words of each change ("λ = 5 → 0"). A value no
// learner takes is left for NewLearner to refuse.
func (k *LearnerKind) Fit(cfg Config) (Config, []string) {
	cfg.Learner = k.Name
	var changed []string
	reset := func(s *Setting) {
		old := cfg.Params.Value(s)
		cfg = cfg.With(s.Name, s.Default)
		changed = append(changed, s.Symbol+" = "+s.Format(old)+" → "+s.Format(s.Default))
	}
	for _, s := range k.Settings {
		if v := cfg.Params.Value(s); s.Check(v) != nil && Accepts(s.Name, v) == nil {
			reset(s)
		}
	}
	for i := len(k.Settings) - 1; i >= 0 && k.Joint != nil && k.Joint(cfg) != nil; i-- {
		if s := k.Settings[i]; cfg.Params.Value(s) != s.Default {
			reset(s)
		}
	}
	return cfg, changed
}

// Check reports whether cfg's settings are ones the learner trains with:
// each in its own range, and together (Joint).
func (k *LearnerKind) Check(cfg Config) error {
	for _, s := range k.Settings {
		if err := s.Check(cfg.Params.Value(s)); err != nil {
			return err
		}
	}
	if k.Joint != nil {
		return k.Joint(cfg)
	}
	return nil
}

// Header writes the settings a header quotes, ", η = 1, B = 10".
func (k *LearnerKind) Header(cfg Config) string {
	var b strings.Builder
	for _, s := range k.Settings {
		if s.InHeader {
			b.WriteString(", " + s.Symbol + " = " + s.Format(cfg.Params.Value(s)))
		}
	}
	return b.String()
}

// Label is the learner as the status line and panels name it: Short and
// the settings marked InName, "SVM C = 1", "Forgetron B = 10".
func (k *LearnerKind) Label(cfg Config) string {
	label := k.Short
	for _, s := range k.Settings {
		if s.InName {
			label += " " + s.Symbol + " = " + s.Format(cfg.Param(s.Name))
		}
	}
	return label
}

// learnerKinds is the registry, in the order of the terminal program's l
// cycle: the perceptron and the SVM first, then the perceptron's relatives,
// then the online learners with a margin. Nothing writes to it.
var learnerKinds = []*LearnerKind{
	perceptronKind, svmKind,
	averagedKind, votedKind,
	stoptronKind, forgetronKind, budgetKind,
	paKind, pegasosKind,
	logisticKind,
}

// Learners are the registered learners, in the l cycle's order. The slice
// is a copy; the kinds are shared and must not be changed.
func Learners() []*LearnerKind { return slices.Clone(learnerKinds) }

// DefaultLearner is the learner of a Config whose Learner is "".
const DefaultLearner = "perceptron"

// LookupLearner finds a learner by its name or an alias, in any case.
func LookupLearner(name string) (*LearnerKind, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		name = DefaultLearner
	}
	for _, k := range learnerKinds {
		if strings.ToLower(k.Name) == name || slices.Contains(k.Aliases, name) {
			return k, true
		}
	}
	return nil, false
}

// ParseLearner reads a learner's name: its canonical Name, or an error
// that lists them.
func ParseLearner(name string) (string, error) {
	k, ok := LookupLearner(name)
	if !ok {
		return "", fmt.Errorf("unknown learner %q (want one of %s)", safetext.Short(name), LearnerNames())
	}
	return k.Name, nil
}

// LearnerNames is the learners' names, "perceptron, svm, …, pegasos".
func LearnerNames() string {
	names := make([]string, len(learnerKinds))
	for i, k := range learnerKinds {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

// NewLearner makes the learner cfg.Learner names, with every α = 0.
func NewLearner(cfg Config, data []Example) (Learner, error) {
	k, ok := LookupLearner(cfg.Learner)
	if !ok {
		return nil, fmt.Errorf("unknown learner %q (want one of %s)", safetext.Short(cfg.Learner), LearnerNames())
	}
	cfg.Learner = k.Name
	if err := k.Check(cfg); err != nil {
		return nil, err
	}
	return k.New(cfg, data)
}

// A Setting is one setting of one or more learners (η, C, the budget B, λ,
// the SVM's tolerance): one flag, one field of a session file, one symbol
// on screen. Learners that read the same setting share one Setting (C is
// the SVM's and PA-I's).
type Setting struct {
	// Name is the flag (--C, --budget) and, with "-" written "_", the key in
	// a session file's training section.
	Name string
	// Symbol is how the screen and the notes write it: "C", "B", "λ", "η".
	Symbol string
	// Usage is the flag's help, starting with a plain word.
	Usage string
	// Default is its value when not given.
	Default float64
	// The valid values: whole numbers only if Integer; at least Min (more
	// than Min when MinOpen); at most Max when it is not 0; +Inf too when
	// Inf ("inf": the hard margin, the classic PA); otherwise finite.
	Integer bool
	Min     float64
	MinOpen bool
	Max     float64
	Inf     bool
	// Noun names it in messages: "C", "the budget", "λ"; InfWord names
	// its value inf: "the hard margin". Range writes the valid values
	// when Domain's words are not the clearest ("at least 1 support
	// vector").
	Noun, InfWord, Range string
	// InName shows it beside the learner's name on screen ("SVM C = 1");
	// InHeader in the headers of traces and the titles of figures
	// ("η = 1"), which quote every setting that decides a step.
	InName, InHeader bool
	// Ladder is what the terminal program's keys step it through,
	// ascending (nil: no keys); Keys are the keys that step it down and up.
	Ladder []float64
	Keys   [2]string
}

// Check reports whether v is a valid value; the error says which are:
// "η must be a finite number > 0, not 0".
func (s *Setting) Check(v float64) error {
	ok := !math.IsNaN(v) && (!math.IsInf(v, 0) || s.Inf && v > 0) &&
		(!s.Integer || math.IsInf(v, 1) || v == math.Trunc(v)) &&
		(s.MinOpen && v > s.Min || !s.MinOpen && v >= s.Min) &&
		(s.Max == 0 || v <= s.Max)
	if ok {
		return nil
	}
	return fmt.Errorf("%s must be %s, not %v", s.Noun, s.Domain(), v)
}

// Domain writes the valid values: "a finite number > 0", "a whole number
// ≥ 1", "> 0 (or inf)".
func (s *Setting) Domain() string {
	if s.Range != "" {
		return s.Range
	}
	bound := "≥ " + s.Format(s.Min)
	if s.MinOpen {
		bound = "> " + s.Format(s.Min)
	}
	switch {
	case s.Inf:
		return bound + " (or inf)"
	case s.Integer:
		return "a whole number " + bound
	}
	return "a finite number " + bound
}

// Parse reads a value as the command line and session files write it (a
// number, or for a setting that takes one inf, also ∞ and infinity) and
// checks it.
func (s *Setting) Parse(text string) (float64, error) {
	v, err := s.Read(text)
	if err != nil {
		return 0, err
	}
	return v, s.Check(v)
}

// Read reads a value as Parse does, without checking its range.
func (s *Setting) Read(text string) (float64, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if s.Inf {
		switch t {
		case "inf", "+inf", "infinity", "∞":
			return math.Inf(1), nil
		}
	}
	var v float64
	var err error
	if s.Integer {
		var n int64
		n, err = strconv.ParseInt(t, 10, 64)
		v = float64(n)
	} else {
		v, err = strconv.ParseFloat(t, 64)
	}
	if err != nil {
		want := "a number "
		if s.Integer {
			want = "a whole number "
		}
		switch {
		case s.Max != 0:
			want += s.Domain()
		case s.MinOpen:
			want += "> " + s.Format(s.Min)
		default:
			want += "≥ " + s.Format(s.Min)
		}
		if s.Inf {
			want += " or inf"
		}
		return 0, fmt.Errorf("want %s, not %q", want, safetext.Short(text))
	}
	return v, nil
}

// Format writes a value as the screen shows it: ∞, a whole number, or
// learn's shortest form.
func (s *Setting) Format(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "∞"
	case s.Integer:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return Num(v)
}

// Text writes a value as the command line and session files take it back:
// "inf" or the shortest decimal that reads back exactly.
func (s *Setting) Text(v float64) string {
	if math.IsInf(v, 1) {
		return "inf"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// Step is the rung of the Ladder after (up) or before v; ok is false at
// either end. A value off the ladder goes to the next rung either way.
func (s *Setting) Step(v float64, up bool) (float64, bool) {
	if up {
		for _, r := range s.Ladder {
			if r > v*(1+1e-9) || (v == 0 && r > 0) {
				return r, true
			}
		}
		return v, false
	}
	for _, r := range slices.Backward(s.Ladder) {
		if r < v*(1-1e-9) || math.IsInf(v, 1) && !math.IsInf(r, 1) {
			return r, true
		}
	}
	return v, false
}

// Settings are every setting some learner reads, once each by name, in
// the order of the registry: one flag and one session key a name. Where
// learners read a setting of the same name with defaults or ranges of
// their own (λ), this is the first learner's; Variants has them all, and
// LearnerKind.Setting each learner's.
func Settings() []*Setting {
	var out []*Setting
	for _, k := range learnerKinds {
		for _, s := range k.Settings {
			if !slices.ContainsFunc(out, func(o *Setting) bool { return o.Name == s.Name }) {
				out = append(out, s)
			}
		}
	}
	return out
}

// Variants are the settings called name that learners read, once each, in
// the order of the registry: one, unless learners give it defaults or
// ranges of their own.
func Variants(name string) []*Setting {
	var out []*Setting
	for _, s := range allSettings() {
		if s.Name == name {
			out = append(out, s)
		}
	}
	return out
}

// allSettings are every Setting of every learner, once each.
func allSettings() []*Setting {
	var out []*Setting
	for _, k := range learnerKinds {
		for _, s := range k.Settings {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// CommonDefault is the default of setting name when every learner that
// reads it has the same one; ok is false when their defaults differ (λ:
// Pegasos's 0.1, logistic regression's 0), and a value not given then
// means each learner's own.
func CommonDefault(name string) (v float64, ok bool) {
	vs := Variants(name)
	if len(vs) == 0 {
		return 0, false
	}
	for _, s := range vs[1:] {
		if s.Default != vs[0].Default {
			return 0, false
		}
	}
	return vs[0].Default, true
}

// Accepts reports whether some learner that reads setting name takes the
// value v, and otherwise the error of the first that does not.
func Accepts(name string, v float64) error {
	var first error
	for _, s := range Variants(name) {
		err := s.Check(v)
		if err == nil {
			return nil
		}
		if first == nil {
			first = err
		}
	}
	return first
}

// LookupSetting finds a setting by name (the first learner's, where
// several read one: Settings).
func LookupSetting(name string) (*Setting, bool) {
	for _, s := range Settings() {
		if s.Name == name {
			return s, true
		}
	}
	return nil, false
}

// ReadBy names the learners that read a setting of s's name: "svm, pa".
func ReadBy(s *Setting) string {
	var names []string
	for _, k := range learnerKinds {
		if k.Reads(s.Name) {
			names = append(names, k.Name)
		}
	}
	return joinAnd(names)
}

// joinAnd writes "a", "a and b", "a, b and c".
func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// Params are the values of learners' settings, by Setting.Name. A setting
// without a value has its Default. A Params is never changed in place:
// With returns a new one, so that Configs copied by value never share a
// change.
type Params struct{ m map[string]float64 }

// With returns p with setting name at v.
func (p Params) With(name string, v float64) Params {
	m := make(map[string]float64, len(p.m)+1)
	maps.Copy(m, p.m)
	m[name] = v
	return Params{m}
}

// Lookup is the value given for setting name, if one was.
func (p Params) Lookup(name string) (float64, bool) {
	v, ok := p.m[name]
	return v, ok
}

// Equal reports whether p and q give every setting the same value, for
// every learner.
func (p Params) Equal(q Params) bool {
	for _, s := range allSettings() {
		if p.Value(s) != q.Value(s) {
			return false
		}
	}
	return true
}

// Value is setting s's value: the one given, or its Default.
func (p Params) Value(s *Setting) float64 {
	if v, ok := p.m[s.Name]; ok {
		return v
	}
	return s.Default
}

// Param is setting name's value in cfg: the one given, or the default of
// cfg's learner's own setting of that name (of the first learner's, when
// cfg's does not read it); it panics on a name no learner reads.
func (cfg Config) Param(name string) float64 {
	if k, ok := LookupLearner(cfg.Learner); ok {
		if s, ok := k.Setting(name); ok {
			return cfg.Params.Value(s)
		}
	}
	s, ok := LookupSetting(name)
	if !ok {
		panic("learn: no setting " + strconv.Quote(name))
	}
	return cfg.Params.Value(s)
}

// With returns cfg with setting name at v.
func (cfg Config) With(name string, v float64) Config {
	cfg.Params = cfg.Params.With(name, v)
	return cfg
}

// Key writes every setting's value, for a cache that must notice a
// change of any: "eta=1 C=inf …".
func (p Params) Key() string {
	var b strings.Builder
	for _, s := range allSettings() {
		fmt.Fprintf(&b, "%s=%s ", s.Name, s.Text(p.Value(s)))
	}
	return b.String()
}

// Kind is the registered learner cfg names; it panics on a name that is
// not registered (a Config is made from a parsed name).
func (cfg Config) Kind() *LearnerKind {
	k, ok := LookupLearner(cfg.Learner)
	if !ok {
		panic("learn: unknown learner " + strconv.Quote(cfg.Learner))
	}
	return k
}

// NewParams is the Params that give setting name the value v (and every
// other its default); With adds more.
func NewParams(name string, v float64) Params { return Params{}.With(name, v) }
