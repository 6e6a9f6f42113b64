package tui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"kernelscope/learn"
)

// PlayerKeys are the player's own keys: stepping, runs, autoplay, undo.
type PlayerKeys struct {
	Step     key.Binding
	Epoch    key.Binding
	Converge key.Binding
	Play     key.Binding
	Faster   key.Binding
	Slower   key.Binding
	Back     key.Binding
	Reset    key.Binding
	RaiseCap key.Binding
}

// DefaultPlayerKeys returns the player's bindings (the program's first
// keys, fixed by the issue that specified it).
func DefaultPlayerKeys() PlayerKeys {
	return PlayerKeys{
		Step:     bind([]string{"space"}, "space", "step"),
		Epoch:    bind([]string{"e"}, "e", "finish epoch"),
		Converge: bind([]string{"c"}, "c", "run to convergence"),
		Play:     bind([]string{"p"}, "p", "play/pause"),
		Faster:   bind([]string{"+", "="}, "+", "faster"),
		Slower:   bind([]string{"-", "_"}, "-", "slower"),
		Back:     bind([]string{"b"}, "b", "step back"),
		Reset:    bind([]string{"r"}, "r", "reset α"),
		RaiseCap: bind([]string{"E"}, "E", "double the pass cap"),
	}
}

// ShortHelp is the player's keys a lecture uses most.
func (k PlayerKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Step, k.Epoch, k.Converge, k.Play, k.Faster, k.Slower, k.Back, k.Reset}
}

// all is every key of the player, for the full help and for matching.
func (k PlayerKeys) all() []key.Binding { return append(k.ShortHelp(), k.RaiseCap) }

// FullHelp is the player's keys in one column.
func (k PlayerKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.all()} }

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// KeyMap is every key the root answers to (the player has its own,
// PlayerKeys). Help is generated from both, and bindings that do nothing
// in the current state are disabled (Model.syncKeys, player.syncKeys), so
// help never lies.
type KeyMap struct {
	Dataset     key.Binding
	PrevDataset key.Binding
	FewerPoints key.Binding
	MorePoints  key.Binding
	LessNoise   key.Binding
	MoreNoise   key.Binding
	Reseed      key.Binding
	Standardize key.Binding
	Holdout     key.Binding
	CrossVal    key.Binding
	Passes      key.Binding

	Kernel     key.Binding
	PrevKernel key.Binding
	ParamDown  key.Binding
	ParamUp    key.Binding
	Param2Down key.Binding
	Param2Up   key.Binding
	Bias       key.Binding
	Tie        key.Binding
	Shuffle    key.Binding
	// Approx overlays the approximate boundary f̃ = 0 (~); ApproxFewer and
	// ApproxMore halve and double its D (, .).
	Approx      key.Binding
	ApproxFewer key.Binding
	ApproxMore  key.Binding

	Learner     key.Binding
	CDown       key.Binding
	CUp         key.Binding
	BudgetDown  key.Binding
	BudgetUp    key.Binding
	Ensemble    key.Binding
	Compare     key.Binding
	CompareWhat key.Binding

	Up        key.Binding
	Down      key.Binding
	Left      key.Binding
	Right     key.Binding
	NextSV    key.Binding
	Goto      key.Binding
	AddPos    key.Binding
	AddNeg    key.Binding
	Delete    key.Binding
	Save      key.Binding
	Reproduce key.Binding

	Panel    key.Binding
	OnlySV   key.Binding
	Big      key.Binding
	Update   key.Binding
	Feature  key.Binding
	Spectrum key.Binding
	Mono     key.Binding
	Figure   key.Binding
	Quiz     key.Binding
	Cancel   key.Binding
	Help     key.Binding
	Quit     key.Binding
}

// DefaultKeyMap returns the root's key bindings.
func DefaultKeyMap() KeyMap {
	b := bind
	return KeyMap{
		Dataset:     b([]string{"d"}, "d", "next dataset"),
		PrevDataset: b([]string{"D"}, "D", "previous dataset"),
		FewerPoints: b([]string{"n"}, "n", "fewer points"),
		MorePoints:  b([]string{"N"}, "N", "more points"),
		LessNoise:   b([]string{"z"}, "z", "less noise"),
		MoreNoise:   b([]string{"Z"}, "Z", "more noise"),
		Reseed:      b([]string{"S"}, "S", "new seed"),
		Standardize: b([]string{"u"}, "u", "z-scores on/off"),
		Holdout:     b([]string{"h"}, "h", "hold out test rows"),
		CrossVal:    b([]string{"X"}, "X", "cross-validation"),
		Passes:      b([]string{"P"}, "P", "passes chart"),

		Kernel:      b([]string{"k"}, "k", "next kernel"),
		PrevKernel:  b([]string{"K"}, "K", "previous kernel"),
		ParamDown:   b([]string{"["}, "[", paramSymbols(0)+" down"),
		ParamUp:     b([]string{"]"}, "]", paramSymbols(0)+" up"),
		Param2Down:  b([]string{"{"}, "{", paramSymbols(1)+" down"),
		Param2Up:    b([]string{"}"}, "}", paramSymbols(1)+" up"),
		Bias:        b([]string{"a"}, "a", "bias x̃=(1,x) on/off"),
		Tie:         b([]string{"t"}, "t", "cycle tie rule"),
		Shuffle:     b([]string{"s"}, "s", "shuffle on/off"),
		Approx:      b([]string{"~"}, "~", "approx. boundary f̃"),
		ApproxFewer: b([]string{","}, ",", "f̃: D ÷ 2"),
		ApproxMore:  b([]string{"."}, ".", "f̃: D × 2"),

		Learner:     b([]string{"l"}, "l", "next learner"),
		CDown:       b([]string{"<"}, "<", "SVM C down"),
		CUp:         b([]string{">"}, ">", "SVM C up (… ∞)"),
		BudgetDown:  b([]string{"("}, "(", "budget down"),
		BudgetUp:    b([]string{")"}, ")", "budget up"),
		Ensemble:    b([]string{"A"}, "A", "f / average / vote"),
		Compare:     b([]string{"|"}, "|", "comparison mode"),
		CompareWhat: b([]string{"L"}, "L", "what is compared"),

		Up:        b([]string{"up", "shift+up"}, "↑", "cursor up (⇧ ×5)"),
		Down:      b([]string{"down", "shift+down"}, "↓", "cursor down (⇧ ×5)"),
		Left:      b([]string{"left", "shift+left"}, "←", "cursor left (⇧ ×5)"),
		Right:     b([]string{"right", "shift+right"}, "→", "cursor right (⇧ ×5)"),
		NextSV:    b([]string{"v"}, "v", "cursor to next SV"),
		Goto:      b([]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}, "0–9", "jump to xᵢ (type i)"),
		AddPos:    b([]string{"o"}, "o", "add +1 point here"),
		AddNeg:    b([]string{"x"}, "x", "add −1 point here"),
		Delete:    b([]string{"delete", "backspace"}, "del", "delete nearest"),
		Save:      b([]string{"w"}, "w", "save data/session"),
		Reproduce: b([]string{"R"}, "R", "reproduce command"),

		Panel:    b([]string{"g"}, "g", "next panel"),
		OnlySV:   b([]string{"V"}, "V", "α: only SVs / all"),
		Big:      b([]string{"B"}, "B", "projector mode"),
		Update:   b([]string{"U"}, "U", "bump of a mistake"),
		Feature:  b([]string{"f"}, "f", "feature space φ(x)"),
		Spectrum: b([]string{"M"}, "M", "Mercer spectrum"),
		Mono:     b([]string{"m"}, "m", "color-free mode"),
		Figure:   b([]string{"F"}, "F", "write figure (PNG)"),
		Quiz:     b([]string{"Q"}, "Q", "quiz mode"),
		Cancel:   b([]string{"esc"}, "esc", "stop / hide cursor"),
		Help:     b([]string{"?"}, "?", "all keys"),
		Quit:     b([]string{"q", "ctrl+c"}, "q", "quit"),
	}
}

// helpKeys is every key of the program, for the help: the player's and the
// root's.
type helpKeys struct {
	player PlayerKeys
	root   KeyMap
}

// ShortHelp is the one-line help: the keys a lecture uses most (and, first,
// the panel key when a narrow terminal folds the panels away).
func (h helpKeys) ShortHelp() []key.Binding {
	k := h.root
	return append(append([]key.Binding{k.Panel}, h.player.ShortHelp()...), k.Dataset, k.Kernel, k.Help, k.Quit)
}

// FullHelp is every key, grouped in columns.
func (h helpKeys) FullHelp() [][]key.Binding {
	return append(h.player.FullHelp(), h.root.FullHelp()...)
}

// FullHelp is the root's keys, grouped in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Dataset, k.PrevDataset, k.FewerPoints, k.MorePoints, k.LessNoise, k.MoreNoise, k.Reseed, k.Holdout, k.Save, k.Reproduce},
		{k.Kernel, k.PrevKernel, k.ParamDown, k.ParamUp, k.Param2Down, k.Param2Up, k.Bias, k.Tie, k.Shuffle, k.Approx, k.ApproxFewer, k.ApproxMore},
		{k.Learner, k.CDown, k.CUp, k.BudgetDown, k.BudgetUp, k.Ensemble, k.Compare, k.CompareWhat},
		{k.Up, k.Down, k.Left, k.Right, k.NextSV, k.Goto, k.AddPos, k.AddNeg, k.Delete},
		{k.Panel, k.OnlySV, k.Feature, k.Update, k.Spectrum, k.CrossVal, k.Passes, k.Big, k.Mono, k.Figure, k.Quiz, k.Cancel, k.Help, k.Quit},
	}
}

// paramSymbols names parameter i of every kernel family that has one, in
// the registry's order, e.g. "d/σ/γ" for the first and "c" for the second.
func paramSymbols(i int) string {
	var syms []string
	for _, f := range learn.Families() {
		if ps := f.Params(); i < len(ps) && !slices.Contains(syms, ps[i].Symbol) {
			syms = append(syms, ps[i].Symbol)
		}
	}
	return strings.Join(syms, "/")
}

// syncKeys enables exactly the bindings that do something now, so the
// generated help never offers a key that does nothing.
func (m *Model) syncKeys() {
	k := &m.keys
	s := m.s
	m.player.syncKeys()
	defer m.syncQuizKeys() // after the rest: it overrides a few
	gen := s.generated()
	k.FewerPoints.SetEnabled(gen)
	k.MorePoints.SetEnabled(gen)
	k.LessNoise.SetEnabled(gen)
	k.MoreNoise.SetEnabled(gen)
	params := kernelParams(s.opts.Config.Kernel)
	k.ParamUp.SetEnabled(params >= 1)
	k.ParamDown.SetEnabled(params >= 1)
	k.Param2Up.SetEnabled(params >= 2)
	k.Param2Down.SetEnabled(params >= 2)
	cursor := m.region.plotW > 0 && m.region.plotH > 0
	// Editing would move rows across the held-out split: h puts them back
	// first.
	edit := cursor && !s.opts.Holdout.On()
	k.AddPos.SetEnabled(edit && !s.full())
	k.AddNeg.SetEnabled(edit && !s.full())
	k.Delete.SetEnabled(edit && len(s.opts.Points) > 0)
	k.Up.SetEnabled(cursor)
	k.Down.SetEnabled(cursor)
	k.Left.SetEnabled(cursor)
	k.Right.SetEnabled(cursor)
	k.NextSV.SetEnabled(cursor && len(s.p.SupportVectors()) > 0)
	k.Goto.SetEnabled(cursor && s.p.N() > 0)
	k.Panel.SetEnabled(m.narrow() && m.cmp == nil)
	svm := m.hasSVM()
	c := s.opts.Config.SVM.EffectiveC()
	_, down := stepC(c, false)
	_, up := stepC(c, true)
	k.CDown.SetEnabled(svm && down)
	k.CUp.SetEnabled(svm && up)
	k.CompareWhat.SetEnabled(m.cmp != nil)
	budgeted := s.p.Config().Algo.Budgeted()
	_, bDown := stepBudget(s.opts.Config.Budget, false)
	_, bUp := stepBudget(s.opts.Config.Budget, true)
	k.BudgetDown.SetEnabled(budgeted && bDown)
	k.BudgetUp.SetEnabled(budgeted && bUp)
	k.Ensemble.SetEnabled(m.cmp == nil && s.ensembleOn())
	// The views that replace the region or a panel have no place beside
	// two regions; the update view is the perceptron's.
	single := m.cmp == nil
	k.Feature.SetEnabled(single)
	k.Spectrum.SetEnabled(single)
	k.OnlySV.SetEnabled(single)
	// The update view's bump is η·yᵢ·K(xᵢ, ·): the perceptron's step, which
	// the averaged and voted perceptrons take too; a budget learner's
	// mistake also forgets or shrinks.
	a := s.p.Config().Algo
	k.Update.SetEnabled(single && (a == learn.AlgoPerceptron || a.Averaging()))
	m.syncApproxKeys(single)
}
