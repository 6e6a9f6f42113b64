package tui

import (
	"context"
	"fmt"
	"os"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"kernelscope/internal/progress"
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
	showPasses
	numShows
)

// Model is the root Bubble Tea model.
type Model struct {
	s         *session
	keys      KeyMap
	help      help.Model
	helpLine  helpLine // the one-line help, drawn when the keys change
	th        *Theme
	region    *regionView
	alpha     *alphaView
	gram      *gramView
	narration *narrationView
	status    *statusView
	feature   *featureView
	spectrum  *spectrumView
	// cv is the cross-validation view (X), passes the chart of mistakes
	// per pass (P hides it); charts their inks, built with the theme.
	cv       *cvView
	passes   *passesView
	charts   *chartInks
	noPasses bool
	// showSpectrum puts the Mercer spectrum where the Gram matrix was (M).
	showSpectrum bool
	// featureOn shows the feature view where the region was (f).
	featureOn bool
	// kernels is this model's k cycle: each family with the parameters
	// it was last used with.
	kernels kernelCycle
	// cmp is comparison mode (|), nil when it is off; compareWhat is what
	// it compares (L), kept while it is off.
	cmp         *comparison
	compareWhat int
	// quiz is quiz mode (Q), nil when it is off.
	quiz *quiz
	// resolveC asks Update to solve the SVM again to the tolerance after
	// a change of C (an SVM that had converged converges again at once).
	resolveC bool

	width, height int
	dark, mono    bool
	big           bool // projector mode (B, --big)
	// profile is the terminal's colour profile (Bubble Tea detects it and
	// says so at start); noColor is true under NO_COLOR or in a terminal
	// without colours, where color-free mode is the only readable one.
	profile colorprofile.Profile
	noColor bool

	player *player
	frames frames // draws at most once a frame while training runs by itself

	show     int // what the main area shows when narrow
	showHelp bool
	message  string
	// typed is the example number typed so far with 0–9 (see goTo).
	typed string
	// confirm is the action a second press of its key confirms ("quit",
	// "edit"), when the first press would have lost unsaved points.
	confirm  string
	quitting bool
	// openErr is why the session could not be replayed as saved (Run
	// refuses to start on it).
	openErr error
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
func New(o Options) *Model { return open(context.Background(), o, nil) }

// open is New, replaying o.Replay with its progress on bar (nil: none)
// until ctx is done (see openSession).
func open(ctx context.Context, o Options, bar *progress.Bar) *Model {
	noColor := os.Getenv("NO_COLOR") != ""
	s, err := openSession(ctx, o, bar)
	m := &Model{
		s:       s,
		keys:    DefaultKeyMap(),
		help:    help.New(),
		dark:    true,
		mono:    noColor,
		noColor: noColor,
		profile: colorprofile.TrueColor,
		player:  newPlayer(s),
	}
	m.alpha, m.gram = &alphaView{s: s}, newGramView(s, nil)
	m.region = &regionView{s: s, approx: newApproxOverlay()}
	m.narration, m.status = &narrationView{s: s}, &statusView{s: s, player: m.player}
	m.feature, m.spectrum = newFeatureView(s), &spectrumView{}
	m.cv, m.passes = newCVView(nil), &passesView{s: s}
	m.kernels = newKernelCycle(s.opts.Config.Kernel)
	m.setTheme()
	m.syncKeys()
	if err != nil {
		m.openErr = err
		m.message = "could not open that data, so this is an empty plane: " + err.Error()
	}
	return m
}

func (m *Model) setTheme() {
	m.th = NewTheme(m.dark, m.mono || m.noColor, m.profile)
	m.help.Styles = m.th.Help
	m.alpha.th, m.gram.th, m.region.th, m.spectrum.th = m.th, m.th, m.th, m.th
	m.narration.th, m.status.th, m.feature.th = m.th, m.th, m.th
	m.charts = newChartInks(m.th)
	m.cv.th, m.passes.th = m.th, m.th
	m.cv.ink, m.passes.inks = m.charts, m.charts
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
	m.syncTwin()
	m.syncKeys()
	l := m.sizePanels()
	cmd = batch(batch(cmd, m.resizeFields()), m.approxCheck())
	if m.resolveC {
		m.resolveC = false
		if m.player.anyRunning(false) {
			m.message += "; solving it again to the tolerance (esc stops)"
			cmd = batch(cmd, m.player.toggleConverge())
			m.syncKeys()
		}
	}
	if m.frames.due(msg, m.player) {
		m.refreshPanels()
	}
	check := m.gram.check(l.sideW > 0 || m.show == showGram)
	if m.featureOn && !m.regionHidden() {
		check = batch(check, m.feature.request())
		m.feature.refresh()
	}
	return m, batch(cmd, check)
}

// sizePanels gives the panels their sizes and the region its place (the
// α and Gram panels go beside the region when the terminal is wide, in its
// place when not), and brings the region's drawing up to date.
func (m *Model) sizePanels() screenLayout {
	l := m.computeLayout()
	m.region.big = m.big
	m.region.compare = m.cmp != nil
	if m.cmp != nil {
		m.sizeCompare(l.cmp)
	} else {
		m.region.SetSize(l.regionW, l.regionH)
		m.region.SetOrigin(l.regionX, l.regionY)
	}
	m.region.narrow = l.sideW == 0
	m.narration.SetSize(m.width, l.narrationLines)
	m.status.SetSize(m.width, l.statusLines)
	m.cv.SetSize(l.regionW, l.regionH)
	if l.sideW > 0 {
		m.feature.SetSize(l.regionW, l.regionH)
		m.alpha.SetSize(l.sideW, l.alphaH)
		m.passes.SetSize(l.sideW, l.passesH)
		m.gram.SetSize(l.sideW, l.regionH-l.alphaH-l.passesH)
		m.spectrum.SetSize(l.sideW, l.regionH-l.alphaH-l.passesH)
		m.setSpectrum()
		return l
	}
	m.alpha.SetSize(l.regionW, l.regionH)
	m.passes.SetSize(l.regionW, l.regionH)
	m.gram.SetSize(l.regionW, l.regionH)
	m.spectrum.SetSize(l.regionW, l.regionH)
	m.setSpectrum()
	m.feature.SetSize(l.regionW, l.regionH)
	return l
}

// refreshPanels brings what the panels draw up to date with the session:
// the region's cached drawing (both regions' in comparison mode), the
// narration's message and probe, the status's note. Update calls it, so
// View only reads.
func (m *Model) refreshPanels() {
	m.region.refresh()
	m.refreshCompare()
	m.cv.stale = m.cv.report != nil && m.cv.reportFor != m.s.built
	m.narration.message = m.message
	m.narration.probe = ""
	if m.region.cursorOn && m.region.hasPlot() {
		m.narration.probe = m.probe()
	}
	m.refreshQuiz()
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
	case tea.ColorProfileMsg:
		m.profile = msg.Profile
		if !hasColor(m.profile) {
			m.noColor, m.mono = true, true
		}
		m.setTheme()
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseMotionMsg, tea.MouseReleaseMsg:
		if m.featureOn {
			m.feature.mouse(msg.(tea.MouseMsg))
		}
	case tea.MouseClickMsg:
		if m.featureOn && !m.regionHidden() {
			m.feature.mouse(msg)
			return nil
		}
		confirm := m.confirm
		m.confirm = ""
		m.handleClick(msg.Mouse(), confirm)
	case tickMsg, runMsg:
		return m.player.Update(msg)
	case featureMsg:
		return m.feature.Update(msg)
	case cvProgressMsg, cvDoneMsg:
		return m.cvUpdate(msg)
	case mercerMsg:
		return m.gram.Update(msg)
	case fieldMsg:
		if r := fieldResult(msg); r.owner != nil {
			return fieldCmd(r.owner.fieldReady(r))
		}
	case approxMsg:
		m.approxReady(msg)
	case figureMsg:
		m.figureWritten(msg)
	case sessionSavedMsg:
		return m.sessionSaved(msg)
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
	if !key.Matches(msg, k.Goto) {
		m.typed = ""
	}
	if confirm == "save" {
		return m.saveChoice(msg)
	}
	if m.cv.open && m.cv.handles(msg) {
		return m.cvKey(msg)
	}
	if m.quiz != nil {
		if cmd, took := m.quizKey(msg); took {
			return cmd
		}
	}
	if why := m.whyNot(msg); why != "" {
		m.message = why
		return nil
	}
	if m.player.handles(msg) {
		cmd := m.player.Update(msg)
		m.message = m.player.takeNote()
		return cmd
	}
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
			m.region.cursorOn = false
		}
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
	case key.Matches(msg, k.NextSV):
		if j := m.region.toNextSupportVector(); j >= 0 {
			m.message = fmt.Sprintf("cursor on support vector x%s (α%s = %s)", learn.Sub(j+1), learn.Sub(j+1), learn.Num(m.s.p.Alpha(j)))
		} else {
			m.message = "no support vector in view yet"
		}
	case key.Matches(msg, k.Goto):
		m.goTo(msg.String())
	case m.featureOn && (key.Matches(msg, k.Up) || key.Matches(msg, k.Down) || key.Matches(msg, k.Left) || key.Matches(msg, k.Right)):
		m.feature.turnKey(msg.String())
	case key.Matches(msg, k.Up), key.Matches(msg, k.Down), key.Matches(msg, k.Left), key.Matches(msg, k.Right):
		m.region.moveCursor(msg.String())
	case key.Matches(msg, k.AddPos), key.Matches(msg, k.AddNeg):
		m.player.stop()
		if m.askBeforeEdit(confirm, "press "+msg.String()+" again") {
			return nil
		}
		m.addAtCursor(map[bool]int{true: 1, false: -1}[key.Matches(msg, k.AddPos)])
	case key.Matches(msg, k.Delete):
		m.player.stop()
		if m.region.cursorOn && m.askBeforeEdit(confirm, "press "+msg.String()+" again") {
			return nil
		}
		m.deleteAtCursor()
	case key.Matches(msg, k.Save):
		m.askSave()
	case key.Matches(msg, k.Reproduce):
		return m.reproduce()
	case key.Matches(msg, k.Figure):
		return m.writeFigure()
	case key.Matches(msg, k.Quiz):
		m.toggleQuiz()
	case key.Matches(msg, k.Panel):
		m.show = (m.show + 1) % numShows
	case key.Matches(msg, k.Learner), key.Matches(msg, k.CDown), key.Matches(msg, k.CUp):
		m.player.stop()
		if key.Matches(msg, k.Learner) {
			m.switchLearner()
		} else {
			m.changeC(key.Matches(msg, k.CUp))
		}
	case key.Matches(msg, k.BudgetDown), key.Matches(msg, k.BudgetUp):
		m.player.stop()
		m.changeBudget(key.Matches(msg, k.BudgetUp))
	case key.Matches(msg, k.Ensemble):
		m.cycleShown()
	case key.Matches(msg, k.Compare), key.Matches(msg, k.CompareWhat):
		m.player.stop()
		m.compareKey(key.Matches(msg, k.CompareWhat))
	case key.Matches(msg, k.CrossVal):
		return m.toggleCV()
	case key.Matches(msg, k.Passes):
		m.noPasses = !m.noPasses
		m.message = map[bool]string{true: "the chart of mistakes per pass is hidden (P shows it)", false: "mistakes per pass: bars reaching 0 is convergence; bars that never do, on data that is not separable, are the perceptron cycling"}[m.noPasses]
		cmd := m.layout()
		if l := m.computeLayout(); !m.noPasses && l.sideW > 0 && l.passesH == 0 {
			m.message = "no room for the chart of mistakes per pass beside the α and Gram panels at this height: a taller terminal shows it"
			if m.s.svm() != nil {
				m.message = "the SVM makes no passes: each step updates a pair"
			}
		}
		return cmd
	case key.Matches(msg, k.Holdout):
		m.player.stop()
		m.toggleHoldout()
	case key.Matches(msg, k.Standardize):
		m.player.stop()
		what, err := m.s.standardize()
		if err != nil {
			m.message = err.Error()
			break
		}
		m.afterDataChange(what)
	default:
		return m.viewKey(msg)
	}
	return nil
}

// setConfig applies a new training configuration; α resets.
func (m *Model) setConfig(cfg learn.Config, what string) {
	if err := m.s.setConfig(cfg); err != nil {
		m.message = what + ": cannot train with it, nothing changed: " + err.Error()
		return
	}
	m.message = what + ": α reset (α belongs to one learner, kernel, bias and tie rule)"
}

// fieldMsg is a field computed off the UI path.
type fieldMsg fieldResult

// layout sizes the panels and the fields to the plot area; a large field
// is computed by the command it returns.
func (m *Model) layout() tea.Cmd {
	m.sizePanels()
	return m.resizeFields()
}

// resizeFields sizes the field to the plot area (in comparison mode the
// twin's follows it, on the same grid); a large field is computed by the
// command it returns.
func (m *Model) resizeFields() tea.Cmd {
	cmd := fieldCmd(m.s.resize(m.region.plotW, 2*m.region.plotH))
	if m.cmp != nil && m.cmp.twin != nil {
		cmd = batch(cmd, fieldCmd(m.cmp.twin.follow(m.s)))
	}
	return cmd
}

// fieldCmd runs a field job off the UI path (nil for none).
func fieldCmd(job fieldJob) tea.Cmd {
	if job == nil {
		return nil
	}
	return func() tea.Msg { return fieldMsg(job()) }
}

// regionHidden reports whether the narrow layout shows a panel instead of
// the region.
func (m *Model) regionHidden() bool {
	return m.narrow() && m.show != showRegion
}

// narrow reports whether the α and Gram panels are folded away behind g:
// in a small terminal, and in projector mode, where the region takes the
// whole width.
func (m *Model) narrow() bool {
	return m.width < wideW || m.height < wideH || m.big
}
