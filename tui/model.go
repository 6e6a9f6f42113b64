package tui

import (
	"fmt"
	"os"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

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
	s         *session
	keys      KeyMap
	help      help.Model
	th        *Theme
	region    *regionView
	alpha     *alphaView
	gram      *gramView
	narration *narrationView
	status    *statusView
	feature   *featureView
	spectrum  *spectrumView
	// showSpectrum puts the Mercer spectrum where the Gram matrix was (M).
	showSpectrum bool
	// featureOn shows the feature view where the region was (f).
	featureOn bool
	// kernels is this model's k cycle: each family with the parameters
	// it was last used with.
	kernels kernelCycle

	width, height int
	dark, mono    bool
	big           bool // projector mode (B, --big)
	// profile is the terminal's colour profile (Bubble Tea detects it and
	// says so at start); noColor is true under NO_COLOR or in a terminal
	// without colours, where color-free mode is the only readable one.
	profile colorprofile.Profile
	noColor bool

	player *player

	show     int // what the main area shows when narrow
	showHelp bool
	message  string
	// typed is the example number typed so far with 0–9 (see goTo).
	typed string
	// confirm is the action a second press of its key confirms ("quit",
	// "edit"), when the first press would have lost unsaved points.
	confirm  string
	quitting bool
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
	noColor := os.Getenv("NO_COLOR") != ""
	s, err := newSession(o)
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
	m.region = &regionView{s: s, player: m.player}
	m.narration, m.status = &narrationView{s: s}, &statusView{s: s, player: m.player}
	m.feature, m.spectrum = newFeatureView(s), &spectrumView{}
	m.kernels = newKernelCycle(s.opts.Config.Kernel)
	m.setTheme()
	m.syncKeys()
	if err != nil {
		m.message = "could not open that data, so this is an empty plane: " + err.Error()
	}
	return m
}

func (m *Model) setTheme() {
	m.th = NewTheme(m.dark, m.mono || m.noColor, m.profile)
	m.help.Styles = m.th.Help
	m.alpha.th, m.gram.th, m.region.th, m.spectrum.th = m.th, m.th, m.th, m.th
	m.narration.th, m.status.th, m.feature.th = m.th, m.th, m.th
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
	l := m.sizePanels()
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
	m.region.SetSize(l.regionW, l.regionH)
	m.region.SetOrigin(l.regionX, l.regionY)
	m.region.narrow = l.sideW == 0
	m.region.refresh()
	m.narration.SetSize(m.width, l.narrationLines)
	m.status.SetSize(m.width, l.statusLines)
	m.narration.message = m.message
	m.narration.probe = ""
	if m.region.cursorOn && m.region.hasPlot() {
		m.narration.probe = m.probe()
	}
	if l.sideW > 0 {
		m.feature.SetSize(l.regionW, l.regionH)
		m.alpha.SetSize(l.sideW, l.alphaH)
		m.gram.SetSize(l.sideW, l.regionH-l.alphaH)
		m.spectrum.SetSize(l.sideW, l.regionH-l.alphaH)
		m.setSpectrum()
		return l
	}
	m.alpha.SetSize(l.regionW, l.regionH)
	m.gram.SetSize(l.regionW, l.regionH)
	m.spectrum.SetSize(l.regionW, l.regionH)
	m.setSpectrum()
	m.feature.SetSize(l.regionW, l.regionH)
	return l
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
	if !key.Matches(msg, k.Goto) {
		m.typed = ""
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
		return m.save()
	case key.Matches(msg, k.Panel):
		m.show = (m.show + 1) % numShows
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

// syncKeys enables exactly the bindings that do something now, so the
// generated help never offers a key that does nothing.
func (m *Model) syncKeys() {
	k := &m.keys
	s := m.s
	m.player.syncKeys()
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
	k.AddPos.SetEnabled(cursor)
	k.AddNeg.SetEnabled(cursor)
	k.Delete.SetEnabled(cursor && len(s.opts.Points) > 0)
	k.Up.SetEnabled(cursor)
	k.Down.SetEnabled(cursor)
	k.Left.SetEnabled(cursor)
	k.Right.SetEnabled(cursor)
	k.NextSV.SetEnabled(cursor && len(s.p.SupportVectors()) > 0)
	k.Goto.SetEnabled(cursor && s.p.N() > 0)
	k.Panel.SetEnabled(m.narrow())
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

// fieldMsg is a field computed off the UI path.
type fieldMsg fieldResult

// layout sizes the field to the plot area; a large field is computed by the
// command it returns.
func (m *Model) layout() tea.Cmd {
	m.sizePanels()
	job := m.s.resize(m.region.plotW, 2*m.region.plotH)
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
	var main string
	if m.showHelp {
		// Every key, on the whole screen but the last line (the panels,
		// narration and status step aside).
		iw, ih := inner(w, h-1)
		keys := fullHelp(m.th, helpKeys{m.player.keys, m.keys}.groups(), iw, ih)
		box := box(m.th, " keys (? or esc closes; dimmed: does nothing now) ", keys, w, h-1)
		short := m.help
		short.SetWidth(w)
		return strings.Join(append(box, fit(short.View(helpKeys{m.player.keys, m.keys}), w)), "\n")
	} else {
		switch {
		case l.sideW == 0 && m.show == showAlpha:
			main = m.alpha.View()
		case l.sideW == 0 && m.show == showGram:
			main = m.gramOrSpectrum()
		case m.featureOn:
			main = m.feature.View()
		default:
			main = m.region.View()
		}
	}
	if l.sideW > 0 && !m.showHelp {
		main = joinBeside(main, m.alpha.View()+"\n"+m.gramOrSpectrum())
	}
	// Bottom lines: narration, status, help; long text wraps into the
	// lines the layout gives it.
	var bottom []string
	if l.narrationLines > 0 {
		bottom = strings.Split(m.narration.View(), "\n")
	}
	bottom = append(bottom, strings.Split(m.status.View(), "\n")...)
	short := m.help
	short.SetWidth(w)
	bottom = append(bottom, fit(short.View(helpKeys{m.player.keys, m.keys}), w))
	screen := append(strings.Split(main, "\n"), bottom...)
	if main == "" {
		screen = bottom
	}
	if len(screen) > h {
		screen = screen[:h]
	}
	for len(screen) < h {
		screen = append(screen, strings.Repeat(" ", w))
	}
	return strings.Join(screen, "\n")
}
