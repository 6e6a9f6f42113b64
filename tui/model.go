package tui

import (
	"context"
	"os"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"kernelscope/internal/progress"
	"kernelscope/lab"
	"kernelscope/tui/action"
	"kernelscope/tui/common"
	"kernelscope/tui/compare"
	"kernelscope/tui/controls"
	"kernelscope/tui/cv"
	"kernelscope/tui/edit"
	"kernelscope/tui/feature"
	"kernelscope/tui/files"
	"kernelscope/tui/panels"
	"kernelscope/tui/player"
	"kernelscope/tui/quiz"
	"kernelscope/tui/region"
	"kernelscope/tui/seat"
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

// The panels are components.
var (
	_ common.Component = (*region.RegionView)(nil)
	_ common.Component = (*panels.AlphaView)(nil)
	_ common.Component = (*panels.GramView)(nil)
	_ common.Component = (*panels.NarrationView)(nil)
	_ common.Component = (*panels.StatusView)(nil)
)

var (
	_ common.Component = (*feature.FeatureView)(nil)
	_ common.Component = (*panels.SpectrumView)(nil)
)

// Model is the root Bubble Tea model.
type Model struct {
	s         *lab.Session
	list      action.List // every key, in the order they are matched
	keys      *keyActions // the root's own actions by name
	help      help.Model
	helpLine  helpLine // the one-line help, drawn when the keys change
	th        *common.Theme
	region    *region.RegionView
	alpha     *panels.AlphaView
	gram      *panels.GramPanel // the Gram matrix, or the Mercer spectrum in its place (M)
	narration *panels.NarrationView
	status    *panels.StatusView
	feature   *feature.FeatureView
	// files writes the points, the session and figures (w, R, F).
	files *files.Model
	// cv is the cross-validation view (X), passes the chart of mistakes
	// per pass (P hides it).
	cv *cv.Model
	// edit is the cursor and editing the points by hand.
	edit     *edit.Model
	passes   *panels.PassesView
	noPasses bool
	// featureOn shows the feature view where the region was (f).
	featureOn bool
	// controls are the data, kernel and learner keys.
	controls *controls.Model
	// compare is comparison mode (|).
	compare *compare.Model
	// quiz is quiz mode (Q).
	quiz *quiz.Model
	// seat is the program's place in a class over SSH (nil outside one).
	seat *seat.Model
	// resolveC asks Update to solve the SVM again to the tolerance after
	// a change of C (an SVM that had converged converges again at once).
	resolveC bool

	width, height int
	dark, mono    bool
	big           bool // projector mode (B, --big)
	// profile is the colour profile the program draws in: the terminal's
	// (Bubble Tea detects it and says so at start), the class's (serve
	// --colors) or the one C chose; without colours (Ascii) the program is
	// color-free. noColor is NO_COLOR, which keeps it color-free whatever
	// the profile: m and C say so and change nothing.
	profile colorprofile.Profile
	noColor bool
	// profileSeen reports that the program was told its profile: a
	// seated program asks its terminal for 24-bit colour once, on the
	// first (over SSH, COLORTERM does not come), unless classColors says
	// the class set the colours (serve --colors).
	profileSeen, classColors bool

	player *player.Player
	frames player.Frames // draws at most once a frame while training runs by itself

	// narrationH is the lines the narration has needed since the size,
	// data or kernel (narrationKey) last changed.
	narrationH   int
	narrationKey [3]int
	// layout is where everything went at the last Update (View draws it).
	layout screenLayout

	show     int // what the main area shows when narrow
	showHelp bool
	message  string
	// confirm is the action a second press of its key confirms ("quit",
	// "save"), when the first press would have lost unsaved points;
	// confirmed is what the key being answered confirms.
	confirm, confirmed string
	quitting           bool
	// quitAfterRec is set by q while recording: the program quits when
	// the recording is written.
	quitAfterRec bool
	// openErr is why the session could not be replayed as saved (Run
	// refuses to start on it).
	openErr error
}

// New makes the root model for the given options.
func New(o Options) *Model { return open(context.Background(), o, nil) }

// open is New, replaying o.Replay with its progress on bar (nil: none)
// until ctx is done (see openSession).
func open(ctx context.Context, o Options, bar *progress.Bar) *Model {
	return openWith(ctx, o, bar, os.Getenv("NO_COLOR") != "")
}

// openWith is open with NO_COLOR given: the process's, or for a program
// served over SSH the session's (tea.EnvMsg says it again).
func openWith(ctx context.Context, o Options, bar *progress.Bar, noColor bool) *Model {
	s, err := lab.OpenSession(ctx, o, bar.Update)
	m := &Model{
		s:       s,
		help:    help.New(),
		dark:    true,
		noColor: noColor,
		profile: colorprofile.TrueColor,
		player:  player.New(s),
	}
	m.alpha, m.gram = &panels.AlphaView{S: s}, panels.NewGramPanel(s)
	m.region = &region.RegionView{S: s, Approx: region.NewApproxOverlay()}
	m.narration, m.status = &panels.NarrationView{S: s}, &panels.StatusView{S: s, Player: m.player}
	m.feature = feature.NewFeatureView(s)
	m.cv, m.quiz, m.passes = cv.New(s, host{m}), quiz.New(s, host{m}), &panels.PassesView{S: s}
	m.controls = controls.New(s, host{m})
	m.edit = edit.New(s, m.region, host{m})
	m.edit.TwinName = func() string {
		if m.compare.Twin() != nil {
			return m.compare.Twin().LearnerName()
		}
		return ""
	}
	m.controls.Twin = func() controls.Session {
		if m.compare.Twin() != nil {
			return m.compare.Twin()
		}
		return nil
	}
	m.controls.Resolve = func() { m.resolveC = true }
	m.files = files.New(s, host{m})
	m.files.Screen = func() (int, int) { return m.width, m.height }
	m.files.Now = func() time.Time { return m.player.Now() }
	m.compare = compare.New(s, host{m}, m.region, m.controls.NextKernel)
	m.list = m.actions()
	m.player.Hold = m.quiz.Hold
	m.setTheme()
	m.syncKeys()
	if err != nil {
		m.openErr = err
		m.message = "could not open that data, so this is an empty plane: " + err.Error()
	}
	return m
}

func (m *Model) setTheme() {
	m.th = common.NewTheme(m.dark, m.colorFree(), m.profile)
	m.help.Styles = m.th.Help
	m.alpha.Th, m.region.Th = m.th, m.th
	m.gram.SetTheme(m.th)
	m.narration.Th, m.status.Th, m.feature.Th = m.th, m.th, m.th
	charts := common.NewChartInks(m.th)
	m.cv.SetTheme(m.th, charts)
	m.quiz.SetTheme(m.th)
	m.seat.Who().SetTheme(m.th)
	m.passes.Th, m.passes.Inks = m.th, charts
}

// colorFree reports whether the program draws without colour: m, NO_COLOR
// or a profile without colours.
func (m *Model) colorFree() bool { return m.mono || m.noColor || !common.HasColor(m.profile) }

// Init asks the terminal for its background color (and, seated in a
// class, starts listening to it).
func (m *Model) Init() tea.Cmd { return common.Batch(tea.RequestBackgroundColor, m.seat.Init()) }

// Update routes messages: size and background first, then keys and the
// mouse, then the timers of autoplay and runs, then the results of work
// done off the UI path. Afterwards the panels get their sizes and the Gram
// panel, when on screen, starts its Mercer check if the data or kernel
// changed.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.seatedRoute(msg)
	if m.compare.Sync(); m.compare.On() {
		// The views that replace the region have no place beside two.
		m.featureOn, m.show = false, showRegion
	}
	m.syncKeys()
	m.narrate()
	cx, cy, cursorOn := m.region.Cursor()
	x1, x2 := m.region.At(cx, cy)
	plotW, plotH := m.region.PlotW, m.region.PlotH
	l := m.sizePanels()
	m.seat.Who().Keys().Sync() // its pages follow its size
	shown := !m.compare.On() && !m.featureOn && !m.regionHidden() && !m.cv.Open() && !m.seat.Who().Open()
	approx := m.region.Approx.Check(m.s, shown, m.player.Busy(), m.player.Now(), m.player.Frame)
	cmd = common.Batch(common.Batch(cmd, m.resizeFields()), approx)
	if cursorOn && plotW > 0 && plotH > 0 && (plotW != m.region.PlotW || plotH != m.region.PlotH) {
		// The plot changed size under the cursor (the narration took a
		// line): the cursor stays on the same place of the plane.
		if cx, cy, ok := m.region.CellOf(x1, x2); ok {
			m.region.PlaceCursor(cx, cy)
		}
	}
	if m.resolveC {
		m.resolveC = false
		if m.player.AnyRunning(false) {
			m.message += "; solving it again to the tolerance (esc stops)"
			cmd = common.Batch(cmd, m.player.ToggleConverge())
			m.syncKeys()
		}
	}
	if m.frames.Due(msg, m.player) {
		m.refreshPanels()
	}
	if m.status.Rec = m.files.Recording(); m.status.Rec {
		// The screen this message leads to, as the terminal will show it
		// (drawn here once more: only while recording).
		cmd = common.Batch(cmd, m.files.Record(m.View().Content, m.width, m.height, m.frames.Fresh()))
	}
	check := m.gram.Check(l.sideW > 0 || m.show == showGram)
	if m.featureOn && !m.regionHidden() {
		check = common.Batch(check, m.feature.Request())
		m.feature.Refresh()
	}
	return m, common.Batch(cmd, check)
}
