package tui

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"gonum.org/v1/gonum/mat"

	"kernelscope/datasets"
	"kernelscope/internal/safetext"
	"kernelscope/learn"
)

// Minimum sizes: below tooSmall only a message fits; below wide the side
// panels fold away behind the g key.
const (
	tooSmallW, tooSmallH = 20, 6
	wideW, wideH         = 100, 24
)

// Panels shown in the main area when the terminal is too narrow for all.
const (
	showRegion = iota
	showAlpha
	showGram
	numShows
)

// Model is the root Bubble Tea model.
type Model struct {
	s      *session
	keys   KeyMap
	help   help.Model
	th     *Theme
	region region
	alpha  *alphaView
	gram   *gramView
	// kernels is this model's k cycle: each family with the parameters
	// it was last used with.
	kernels kernelCycle

	width, height int
	dark, mono    bool

	player *player

	cursorOn      bool
	cursorX, curY int
	show          int // what the main area shows when narrow
	showHelp      bool
	message       string
	// confirm is the action a second press of its key confirms ("quit",
	// "edit"), when the first press would have lost unsaved points.
	confirm        string
	plotX0, plotY0 int // screen position of the plot's top-left cell
	plotW, plotH   int
	quitting       bool
}

type (
	savedMsg struct {
		path    string
		n       int
		version int // the edit version of the points written
		err     error
	}
)

// New makes the root model for the given options.
func New(o Options) *Model {
	mono := os.Getenv("NO_COLOR") != ""
	s, err := newSession(o)
	m := &Model{
		s:      s,
		keys:   DefaultKeyMap(),
		help:   help.New(),
		dark:   true,
		mono:   mono,
		player: newPlayer(s),
	}
	m.alpha, m.gram = &alphaView{s: s}, newGramView(s, nil)
	m.kernels = newKernelCycle()
	m.setTheme()
	m.syncKeys()
	if err != nil {
		m.message = "could not open that data, so this is an empty plane: " + err.Error()
	}
	return m
}

func (m *Model) setTheme() {
	m.th = NewTheme(m.dark, m.mono)
	m.help.Styles = m.th.Help
	m.alpha.th, m.gram.th = m.th, m.th
}

// Init asks the terminal for its background color.
func (m *Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

// Update routes messages: size and background first, then keys and the
// mouse, then the timers of autoplay and runs, then the results of work
// done off the UI path. Afterwards the panels get their sizes and the Gram
// panel, when on screen, starts its Mercer check if the data or kernel
// changed.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.route(msg)
	m.syncKeys()
	m.sizePanels()
	l := m.computeLayout()
	check := m.gram.check(l.sideW > 0 || m.show == showGram)
	switch {
	case check == nil:
		return m, cmd
	case cmd == nil:
		return m, check
	}
	return m, tea.Batch(cmd, check)
}

// sizePanels gives the α and Gram panels their sizes: beside the region
// when the terminal is wide, in its place when not.
func (m *Model) sizePanels() {
	l := m.computeLayout()
	if l.sideW > 0 {
		m.alpha.SetSize(l.sideW, l.alphaH)
		m.gram.SetSize(l.sideW, l.regionH-l.alphaH)
		return
	}
	m.alpha.SetSize(l.regionW, l.regionH)
	m.gram.SetSize(l.regionW, l.regionH)
}

// route hands a message to the part of the program it is for.
func (m *Model) route(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = max(0, msg.Width), max(0, msg.Height)
		return m.layout()
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.setTheme()
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseClickMsg:
		confirm := m.confirm
		m.confirm = ""
		m.handleClick(msg.Mouse(), confirm)
	case tickMsg, runMsg:
		return m.player.Update(msg)
	case mercerMsg:
		return m.gram.Update(msg)
	case fieldMsg:
		m.s.fieldReady(fieldResult(msg))
	case savedMsg:
		if msg.err != nil {
			m.message = "save failed, nothing was written: " + msg.err.Error()
		} else {
			m.s.saved(msg.version)
			m.message = fmt.Sprintf("saved %d points to %s", msg.n, safetext.Clean(msg.path))
		}
	}
	return nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	s := m.s
	m.message = ""
	confirm := m.confirm
	m.confirm = ""
	switch {
	case key.Matches(msg, k.Quit):
		if s.unsaved && confirm != "quit" {
			m.player.stop()
			m.confirm = "quit"
			m.message = fmt.Sprintf("%d points of yours are not saved: press %s again to quit without them, or w to save them first", len(s.yours.Points), msg.String())
			return nil
		}
		m.quitting = true
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.showHelp = !m.showHelp
	case key.Matches(msg, k.Cancel):
		switch {
		case m.showHelp:
			m.showHelp = false
		case m.player.busy():
			m.player.stop()
		default:
			m.cursorOn = false
		}
	case key.Matches(msg, k.Step):
		m.player.stop()
		m.player.step(1)
	case key.Matches(msg, k.Epoch):
		return m.player.toggleFinish()
	case key.Matches(msg, k.Converge):
		return m.player.toggleConverge()
	case key.Matches(msg, k.Play):
		return m.player.togglePlay()
	case key.Matches(msg, k.Faster):
		m.player.faster()
	case key.Matches(msg, k.Slower):
		m.player.slower()
	case key.Matches(msg, k.Back):
		m.player.stop()
		if !s.back() {
			m.message = "nothing to step back"
		}
	case key.Matches(msg, k.Reset):
		m.player.stop()
		s.reset()
		m.player.flash = -1
		m.message = "α reset to 0"
	case key.Matches(msg, k.Dataset), key.Matches(msg, k.PrevDataset):
		m.player.stop()
		m.cycleDataset(key.Matches(msg, k.Dataset))
	case key.Matches(msg, k.FewerPoints), key.Matches(msg, k.MorePoints):
		m.player.stop()
		m.changeN(key.Matches(msg, k.MorePoints))
	case key.Matches(msg, k.LessNoise), key.Matches(msg, k.MoreNoise):
		m.player.stop()
		m.changeNoise(key.Matches(msg, k.MoreNoise))
	case key.Matches(msg, k.Reseed):
		m.player.stop()
		m.reseed()
	case key.Matches(msg, k.Kernel), key.Matches(msg, k.PrevKernel):
		m.player.stop()
		m.cycleKernel(key.Matches(msg, k.Kernel))
	case key.Matches(msg, k.ParamUp), key.Matches(msg, k.ParamDown):
		m.player.stop()
		m.changeParam(true, key.Matches(msg, k.ParamUp))
	case key.Matches(msg, k.Param2Up), key.Matches(msg, k.Param2Down):
		m.player.stop()
		m.changeParam(false, key.Matches(msg, k.Param2Up))
	case key.Matches(msg, k.Bias):
		m.player.stop()
		cfg := s.opts.Config
		cfg.Bias = !cfg.Bias
		m.setConfig(cfg, fmt.Sprintf("bias %s", map[bool]string{true: "on: x̃ = (1, x₁, x₂)", false: "off"}[cfg.Bias]))
	case key.Matches(msg, k.Tie):
		m.player.stop()
		cfg := s.opts.Config
		cfg.Tie = learn.Ties[(int(cfg.Tie)+1)%len(learn.Ties)]
		m.setConfig(cfg, fmt.Sprintf("tie rule %s (%s)", cfg.Tie, cfg.Tie.Describe()))
	case key.Matches(msg, k.Shuffle):
		m.player.stop()
		cfg := s.opts.Config
		cfg.Shuffle = !cfg.Shuffle
		m.setConfig(cfg, fmt.Sprintf("shuffle %s", map[bool]string{true: "on: a fresh order each epoch", false: "off: dataset order"}[cfg.Shuffle]))
	case key.Matches(msg, k.Up), key.Matches(msg, k.Down), key.Matches(msg, k.Left), key.Matches(msg, k.Right):
		m.moveCursor(msg)
	case key.Matches(msg, k.AddPos), key.Matches(msg, k.AddNeg):
		m.player.stop()
		if m.askBeforeEdit(confirm, "press "+msg.String()+" again") {
			return nil
		}
		m.addAtCursor(map[bool]int{true: 1, false: -1}[key.Matches(msg, k.AddPos)])
	case key.Matches(msg, k.Delete):
		m.player.stop()
		if m.cursorOn && m.askBeforeEdit(confirm, "press "+msg.String()+" again") {
			return nil
		}
		m.deleteAtCursor()
	case key.Matches(msg, k.Save):
		return m.save()
	case key.Matches(msg, k.Panel):
		m.show = (m.show + 1) % numShows
	case key.Matches(msg, k.Mono):
		m.mono = !m.mono
		m.setTheme()
		m.message = map[bool]string{true: "color-free mode: + − are classes, ⊕ ⊖ support vectors, · the +1 side, • the boundary", false: "colors on"}[m.mono]
	}
	return nil
}

// syncKeys enables exactly the bindings that do something now, so the
// generated help never offers a key that does nothing.
func (m *Model) syncKeys() {
	k := &m.keys
	s := m.s
	running := s.p.State() == learn.Running && s.err == nil
	k.Step.SetEnabled(running)
	k.Epoch.SetEnabled(running || m.player.finishing)
	k.Converge.SetEnabled(running || m.player.converging)
	k.Play.SetEnabled(running || m.player.playing)
	k.Back.SetEnabled(s.p.CanUndo())
	k.Reset.SetEnabled(s.p.T() > 0)
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
	k.Faster.SetEnabled(m.player.speed < len(speeds)-1)
	k.Slower.SetEnabled(m.player.speed > 0)
	cursor := m.plotW > 0 && m.plotH > 0
	k.AddPos.SetEnabled(cursor)
	k.AddNeg.SetEnabled(cursor)
	k.Delete.SetEnabled(cursor && len(s.opts.Points) > 0)
	k.Up.SetEnabled(cursor)
	k.Down.SetEnabled(cursor)
	k.Left.SetEnabled(cursor)
	k.Right.SetEnabled(cursor)
	k.Panel.SetEnabled(m.width < wideW || m.height < wideH)
}

// askBeforeEdit asks for a second press before an edit that would replace
// unsaved points of other data (editing makes the shown data yours), and
// reports whether it asked. confirm is what the previous key asked for.
func (m *Model) askBeforeEdit(confirm, again string) bool {
	if !m.s.wouldReplaceYours() || confirm == "edit" {
		return false
	}
	m.confirm = "edit"
	m.message = fmt.Sprintf("editing these points makes them yours and drops your %d unsaved points: %s to go on, or d/D to go back to them and w to save", len(m.s.yours.Points), again)
	return true
}

// setConfig applies a new training configuration; α resets.
func (m *Model) setConfig(cfg learn.Config, what string) {
	if err := m.s.setConfig(cfg); err != nil {
		m.message = what + ": cannot train with it, nothing changed: " + err.Error()
		return
	}
	m.player.flash = -1
	m.message = what + ": α reset (α belongs to one kernel, bias and tie rule)"
}

func (m *Model) cycleDataset(forward bool) {
	// The cycle: your data first (when there is some), then the built-ins.
	all := datasets.Builtins()
	first := 0
	if m.s.yours != nil {
		first = 1
	}
	cur := -1
	if m.s.onYours {
		cur = 0
	} else {
		for i, b := range all {
			if b.Name == m.s.opts.Dataset && m.s.opts.File == "" {
				cur = first + i
			}
		}
	}
	size := first + len(all)
	next := (cur + 1) % size
	if !forward {
		next = (cur - 1 + size) % size
		if cur < 0 {
			next = size - 1
		}
	}
	if next < first {
		if err := m.s.useYours(); err != nil {
			m.message = err.Error()
			return
		}
		m.afterDataChange(fmt.Sprintf("%s: K = %s, α reset", m.s.yoursName(), m.s.opts.Config.Kernel))
		return
	}
	b := all[next-first]
	if err := m.s.useBuiltin(b, false); err != nil {
		m.message = err.Error()
		return
	}
	what := fmt.Sprintf("%s: preset K = %s, %s, tie %s", b.Name, m.s.opts.Config.Kernel, map[bool]string{true: "bias on", false: "bias off"}[b.Preset.Bias], b.Preset.Tie)
	if m.s.yours != nil {
		what += "   (d/D cycles back to " + m.s.yoursName() + ")"
	}
	m.afterDataChange(what)
}

// pointSteps are the sizes n cycles through for generated sets.
var pointSteps = []int{4, 10, 20, 50, 100, 200, 500, 1000, 2000, 4000}

func (m *Model) changeN(more bool) {
	n := m.s.opts.N
	next := n
	for _, v := range pointSteps {
		if more && v > n {
			next = v
			break
		}
		if !more && v < n {
			next = v
		}
	}
	if next == n {
		return
	}
	m.s.opts.N = next
	m.regenerate(fmt.Sprintf("n = %d", next))
}

func (m *Model) changeNoise(more bool) {
	noise := m.s.opts.Noise
	if more {
		noise = math.Round((noise+0.05)*100) / 100
	} else {
		noise = math.Max(0, math.Round((noise-0.05)*100)/100)
	}
	m.s.opts.Noise = noise
	m.regenerate(fmt.Sprintf("noise = %s", learn.Num(noise)))
}

func (m *Model) reseed() {
	m.s.opts.Seed++
	cfg := m.s.opts.Config
	cfg.Seed = m.s.opts.Seed
	m.s.opts.Config = cfg
	if m.s.generated() {
		m.regenerate(fmt.Sprintf("seed = %d: new points and shuffle order", m.s.opts.Seed))
		return
	}
	m.setConfig(cfg, fmt.Sprintf("seed = %d (shuffle order)", m.s.opts.Seed))
}

func (m *Model) regenerate(what string) {
	b, ok := datasets.Lookup(m.s.opts.Dataset)
	if !ok || !b.Generated {
		return
	}
	if err := m.s.useBuiltin(b, true); err != nil {
		m.message = err.Error()
		return
	}
	m.afterDataChange(what + ": α reset")
}

func (m *Model) afterDataChange(what string) {
	m.player.flash = -1
	m.layout()
	m.message = what
}

func (m *Model) moveCursor(msg tea.KeyPressMsg) {
	if m.plotW <= 0 || m.plotH <= 0 {
		return
	}
	if !m.cursorOn {
		m.cursorOn = true
		m.cursorX, m.curY = m.plotW/2, m.plotH/2
		return
	}
	switch msg.String() {
	case "up":
		m.curY--
	case "down":
		m.curY++
	case "left":
		m.cursorX--
	case "right":
		m.cursorX++
	}
	m.cursorX = max(0, min(m.plotW-1, m.cursorX))
	m.curY = max(0, min(m.plotH-1, m.curY))
}

func (m *Model) addAtCursor(y int) {
	if m.plotW <= 0 || m.plotH <= 0 {
		return
	}
	if !m.cursorOn {
		m.cursorOn = true
		m.cursorX, m.curY = m.plotW/2, m.plotH/2
	}
	m.addAt(m.cursorX, m.curY, y)
}

func (m *Model) addAt(cx, cy, y int) {
	x1, x2 := cellAt(m.s.view, m.plotW, m.plotH, cx, cy)
	x1, x2 = roundCoord(x1), roundCoord(x2)
	if err := m.s.addPoint(x1, x2, y); err != nil {
		m.message = "could not add the point: " + err.Error()
		return
	}
	m.message = fmt.Sprintf("added (%s, %s) with y = %s (n = %d): α kept, training goes on and visits it this pass", learn.Num(x1), learn.Num(x2), learn.Sign(y), len(m.s.opts.Points))
}

// roundCoord rounds a clicked coordinate to 3 decimals, so saved points
// read tidily, where that is still a change far below the cell size.
func roundCoord(v float64) float64 {
	if math.Abs(v) > 1e12 {
		return v
	}
	return math.Round(v*1000) / 1000
}

func (m *Model) deleteAtCursor() {
	if !m.cursorOn {
		m.cursorOn = true
		m.cursorX, m.curY = m.plotW/2, m.plotH/2
		m.message = "move the cursor to a point and press del again"
		return
	}
	m.deleteAt(m.cursorX, m.curY)
}

func (m *Model) deleteAt(cx, cy int) {
	x1, x2 := cellAt(m.s.view, m.plotW, m.plotH, cx, cy)
	// Within two cells of the cursor.
	radius := 2 * (m.s.view.MaxX1 - m.s.view.MinX1) / float64(max(1, m.plotW))
	if m.s.deletePoint(x1, x2, radius) {
		m.player.flash = -1
		m.message = fmt.Sprintf("deleted the point nearest (%s, %s): α reset (n = %d)", learn.Num(x1), learn.Num(x2), len(m.s.opts.Points))
	} else {
		m.message = "no point within two cells of the cursor"
	}
}

// handleClick adds a +1 point (left button) or a −1 point (right button) at
// the clicked cell of the plot; the middle button deletes the nearest.
func (m *Model) handleClick(ms tea.Mouse, confirm string) {
	cx, cy := ms.X-m.plotX0, ms.Y-m.plotY0
	if m.plotW <= 0 || cx < 0 || cy < 0 || cx >= m.plotW || cy >= m.plotH || m.regionHidden() {
		return
	}
	m.player.stop()
	if m.askBeforeEdit(confirm, "click again") {
		return
	}
	m.cursorOn, m.cursorX, m.curY = true, cx, cy
	switch ms.Button {
	case tea.MouseLeft:
		m.addAt(cx, cy, 1)
	case tea.MouseRight:
		m.addAt(cx, cy, -1)
	case tea.MouseMiddle:
		m.deleteAt(cx, cy)
	}
}

// save writes the current points to a new CSV file in the working
// directory, kernelscope-NAME.csv or the first free kernelscope-NAME-k.csv,
// in a command so the UI does not wait. It never replaces a file: the name
// is taken by creating it exclusively (datasets.SaveNew).
func (m *Model) save() tea.Cmd {
	pts := append([]datasets.Point(nil), m.s.opts.Points...)
	base := strings.TrimSuffix(filepath.Base(m.s.name()), "*")
	base = strings.TrimSuffix(base, filepath.Ext(base))
	version := m.s.editVersion
	return func() tea.Msg {
		path, err := datasets.SaveNew(".", base, pts)
		return savedMsg{path: path, n: len(pts), version: version, err: err}
	}
}

// fieldMsg is a field computed off the UI path.
type fieldMsg fieldResult

// layout sizes the field to the plot area; a large field is computed by the
// command it returns.
func (m *Model) layout() tea.Cmd {
	l := m.computeLayout()
	m.plotX0, m.plotY0 = l.regionX+1+gutter, l.regionY+1
	m.plotW, m.plotH = plotSize(max(0, l.regionW-2), max(0, l.regionH-2))
	if l.regionW <= 0 {
		m.plotW, m.plotH = 0, 0
	}
	job := m.s.resize(m.plotW, 2*m.plotH)
	if m.cursorOn {
		m.cursorX = max(0, min(m.plotW-1, m.cursorX))
		m.curY = max(0, min(m.plotH-1, m.curY))
	}
	if job == nil {
		return nil
	}
	return func() tea.Msg { return fieldMsg(job()) }
}

// mercerNote is the line the Gram panel writes about Mercer's condition;
// warn marks a result to look at (not PSD, or no result because K
// overflowed).
type mercerNote struct {
	text string
	warn bool
}

// mercerOf checks Mercer's condition on a Gram matrix g (seed 004). A
// matrix with an entry that is not a finite number has no eigenvalues: that
// is said as an overflow of K, never as a failure of the condition.
func mercerOf(g *mat.SymDense) mercerNote {
	n := g.SymmetricDim()
	if n == 0 {
		return mercerNote{}
	}
	for i := range n {
		for j := i; j < n; j++ {
			if k := g.At(i, j); !isFinite(k) {
				return mercerNote{fmt.Sprintf("K(x%s,x%s) = %s overflows: no Mercer check (rescale data or lower d)", learn.Sub(i+1), learn.Sub(j+1), learn.Num(k)), true}
			}
		}
	}
	mc, err := learn.CheckMercer(g)
	if err == nil {
		for _, v := range mc.Eigenvalues {
			if !isFinite(v) {
				err = fmt.Errorf("the eigenvalues overflow float64 (K is too large: rescale the data)")
				break
			}
		}
	}
	switch {
	case err != nil:
		return mercerNote{"Mercer check failed: " + err.Error(), true}
	case mc.PSD && mc.Eigenvalues[0] <= mc.Tol:
		return mercerNote{"λmin ≈ 0 ≥ 0: PSD ✓ (Mercer)", false}
	case mc.PSD:
		return mercerNote{fmt.Sprintf("λmin = %s ≥ 0: PSD ✓ (Mercer)", learn.Num(mc.Eigenvalues[0])), false}
	}
	return mercerNote{fmt.Sprintf("λmin = %s < 0: not PSD, not a Mercer kernel here", learn.Num(mc.Eigenvalues[0])), true}
}

// mercerMaxN is the largest n whose Gram matrix is decomposed for the
// Mercer note (an n×n eigendecomposition, a few ms at n = 200).
const mercerMaxN = 200

// regionHidden reports whether the narrow layout shows a panel instead of
// the region.
func (m *Model) regionHidden() bool {
	return (m.width < wideW || m.height < wideH) && m.show != showRegion
}

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "kernelscope"
	return v
}

// render draws the screen as a string of exactly height lines.
func (m *Model) render() string {
	w, h := m.width, m.height
	if m.quitting || w <= 0 || h <= 0 {
		return ""
	}
	if w < tooSmallW || h < tooSmallH {
		// Word-wrapped, so it reads even in a sliver of a terminal.
		words := strings.Fields(fmt.Sprintf("terminal too small (%d×%d): needs at least %d×%d", w, h, tooSmallW, tooSmallH))
		var msg []string
		for _, word := range words {
			if n := len(msg); n > 0 && ansi.StringWidth(msg[n-1]+" "+word) <= w {
				msg[n-1] += " " + word
			} else {
				msg = append(msg, word)
			}
		}
		lines := blank(w, h)
		for i, l := range msg {
			if i < h {
				lines[i] = fit(l, w)
			}
		}
		return strings.Join(lines, "\n")
	}
	l := m.computeLayout()
	screen := blank(0, 0)
	var main []string
	if m.showHelp {
		// A copy: View reads the model, never writes it.
		full := m.help
		full.ShowAll = true
		iw, _ := inner(l.regionW, l.regionH)
		full.SetWidth(iw)
		main = box(m.th, " keys (? closes) ", strings.Split(full.View(m.keys), "\n"), l.regionW, l.regionH)
	} else {
		switch {
		case l.sideW == 0 && m.show == showAlpha:
			main = m.alpha.lines()
		case l.sideW == 0 && m.show == showGram:
			main = m.gram.lines()
		default:
			main = m.regionPanel(l.regionW, l.regionH)
		}
	}
	if l.sideW > 0 {
		side := append(m.alpha.lines(), m.gram.lines()...)
		for i := range main {
			screen = append(screen, main[i]+side[i])
		}
	} else {
		screen = append(screen, main...)
	}
	// Bottom lines: narration, status, help; long text wraps into the
	// lines the layout gives it.
	first, second := m.narration()
	bottom := textBlock(l.narrationLines, w, first, m.th.Dim.Render(second))
	bottom = append(bottom, textBlock(l.statusLines, w, m.statusLine())...)
	short := m.help
	short.SetWidth(w)
	bottom = append(bottom, fit(short.View(m.keys), w))
	screen = append(screen, bottom...)
	if len(screen) > h {
		screen = screen[:h]
	}
	for len(screen) < h {
		screen = append(screen, strings.Repeat(" ", w))
	}
	return strings.Join(screen, "\n")
}

// textBlock word-wraps texts into exactly n lines of width w: each text
// starts on a line of its own, the first gets the room the others leave,
// and text that does not fit ends in "…".
func textBlock(n, w int, texts ...string) []string {
	var parts [][]string
	for _, t := range texts {
		if t != "" {
			parts = append(parts, strings.Split(ansi.Wrap(t, w, " "), "\n"))
		}
	}
	out := make([]string, 0, n)
	for k, p := range parts {
		room := n - len(out) - (len(parts) - 1 - k) // leave a line for each later text
		if k == len(parts)-1 {
			room = n - len(out)
		}
		if room <= 0 {
			break
		}
		if len(p) > room {
			p = append(p[:room-1:room-1], ansi.Truncate(p[room-1], max(0, w-1), "")+"…")
		}
		out = append(out, p...)
	}
	for len(out) < n {
		out = append(out, "")
	}
	for i := range out {
		out[i] = fit(out[i], w)
	}
	return out
}

// screenLayout is where everything goes.
type screenLayout struct {
	regionX, regionY int
	regionW, regionH int
	sideW, alphaH    int
	narrationLines   int
	statusLines      int
}

func (m *Model) computeLayout() screenLayout {
	w, h := m.width, m.height
	var l screenLayout
	l.statusLines = 1
	switch {
	case h >= 20:
		l.narrationLines, l.statusLines = 3, 2
	case h >= 16:
		l.narrationLines = 2
	case h >= 10:
		l.narrationLines = 1
	}
	bottom := l.narrationLines + l.statusLines + 1 // and help
	l.regionH = max(0, h-bottom)
	l.regionW = w
	if w >= wideW && h >= wideH {
		l.sideW = max(36, min(64, w*36/100))
		l.regionW = w - l.sideW
		l.alphaH = l.regionH / 2
		if n := m.s.p.N(); n+3 < l.alphaH {
			l.alphaH = max(n+3, 6)
		}
	}
	return l
}

// regionPanel is the plot of f in its box.
func (m *Model) regionPanel(w, h int) []string {
	title := " f(x) = Σ αⱼ yⱼ K(xⱼ, x)   " + m.legend() + " "
	if m.width < wideW || m.height < wideH {
		title = " f(x) = Σ αⱼ yⱼ K(xⱼ, x) │ g: α and Gram panels │ " + m.legend() + " "
	}
	if m.s.computing {
		title = " f(x) = Σ αⱼ yⱼ K(xⱼ, x)   computing the field for the new size… "
	}
	iw, ih := max(0, w-2), max(0, h-2)
	cur := m.s.focus()
	ov := overlay{current: cur, flash: m.player.flashing(), cursorX: -1, curY: -1}
	ov.flashOn = ov.flash >= 0
	if m.cursorOn {
		ov.cursorX, ov.curY = m.cursorX, m.curY
	}
	lines := m.region.render(m.s, m.th, ov, iw, ih)
	return drawBox(m.th, title, lines, w, h, true)
}

func (m *Model) legend() string {
	return glyphPos + "/" + glyphNeg + " y=±1  " + glyphPosSV + "/" + glyphNegSV + " support vector"
}

// Run opens the terminal program and returns when the user quits. A panic
// inside it comes back as a *PanicError, with the terminal restored.
func Run(o Options) error {
	g := &guard{m: New(o)}
	prog := tea.NewProgram(g)
	g.quit = prog.Quit
	_, err := prog.Run()
	if g.err != nil {
		return g.err
	}
	return err
}
