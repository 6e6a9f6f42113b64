package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"kernelscope/class"
	"kernelscope/internal/heavy"
	"kernelscope/lab"
	"kernelscope/setup"
	"kernelscope/tui/seat"
)

// Seated is the terminal program of one seat of a class served over SSH
// (package serve): opened on the class's run as it is now, drawn at the
// connection's size and in its colours, a presenter's publishing its
// changes and a follower's following them (package seat).
type Seated struct {
	prog *tea.Program
	g    *guard
	m    *Model
}

// NewSeated makes the program of cs's seat. opts connect it to the
// connection (input, output, environment, window size: wish's; the colour
// profile d.Colors, when the class set one); the frame rate is d.FPS for
// a presenter and seat.FollowerFrame's for a follower.
// A follower's program writes no file (files.Model.Guest), and its own
// copy of the run grows to lab.Follower.Points points at most.
func NewSeated(ctx context.Context, cs *class.Seat, d Display, opts ...tea.ProgramOption) (*Seated, error) {
	m, fps, err := seated(ctx, cs, d)
	if err != nil {
		return nil, err
	}
	g := &guard{m: m}
	// A follower draws the presenter's states at most ten a second
	// (seat.FollowerFrame), and its own autoplay as often (player.Frame);
	// its renderer looks for a new screen thirty times a second, so that
	// the step the presenter just took is on screen within 33 ms of being
	// followed. A renderer with nothing new sends nothing.
	prog := tea.NewProgram(g, append(opts, tea.WithFPS(max(fps, rendererFPS)))...)
	g.quit = prog.Quit
	return &Seated{prog: prog, g: g, m: m}, nil
}

// rendererFPS is the least a seated program's renderer looks for a new
// screen a second.
const rendererFPS = 30

// seated is the root model of cs's seat and the frames a second it draws.
func seated(ctx context.Context, cs *class.Seat, d Display) (*Model, int, error) {
	st := cs.State()
	o := st.Run // naming no path of the server's (package class)
	follower := cs.Member().Role == class.Follower
	if follower {
		o = lab.Follower.Apply(o)
	}
	// Opening replays the run's steps: heavy work, which sixty joiners
	// would otherwise do on every core at once.
	release, ok := heavy.Acquire(ctx)
	if !ok {
		cs.Leave()
		return nil, 0, ctx.Err()
	}
	m := openWith(ctx, o, nil, false) // NO_COLOR comes with the session's environment (tea.EnvMsg)
	release()
	if m.openErr != nil {
		cs.Leave()
		return nil, 0, m.openErr
	}
	m.seat = seat.New(cs, m.s, m.quiz, host{m}, st)
	m.files.Class = true // the data's file is the lecturer's (class.State.Run)
	m.seat.Who().SetTheme(m.th)
	m.big = d.Big
	m.classColors = d.Colors != colorprofile.Unknown
	fps := d.FPS
	if fps <= 0 {
		fps = setup.DefaultFPS
	}
	if follower {
		m.files.Guest = true
		m.s.Confine(lab.Follower)
		fps = int(time.Second / seat.FollowerFrame)
	}
	m.list = m.actions()
	m.syncKeys()
	m.player.Frame = time.Second / time.Duration(fps)
	return m, fps, nil
}

// seatedRoute routes msg, and in a class tells the seat what it did
// (seat.Model.Watch: a presenter publishes, a follower's own change
// breaks it away); outside one it is route.
func (m *Model) seatedRoute(msg tea.Msg) tea.Cmd {
	if m.seat == nil {
		return m.route(msg)
	}
	before, wasActive := m.s.Mark(), m.active()
	cmd := m.route(msg)
	_, key := msg.(tea.KeyPressMsg)
	_, click := msg.(tea.MouseClickMsg)
	m.seat.Watch(before, wasActive, m.active(), key || click)
	return cmd
}

// active reports whether something of the learner's own runs or asks: the
// player, the quiz or comparison mode (a follower who starts one goes its
// own way).
func (m *Model) active() bool { return m.player.Busy() || m.quiz.On() || m.compare.On() }

// Program is the program, to send it messages (a window's new size).
func (s *Seated) Program() *tea.Program { return s.prog }

// Run runs the program until it quits or is killed, then takes the seat
// out of the class. A panic inside comes back as a *PanicError, and ends
// this program only.
func (s *Seated) Run() error {
	defer s.m.seat.Close()
	_, err := s.prog.Run()
	s.m.files.EndRecording() // a recording going when the session ended (O, a presenter's)
	if s.g.err != nil {
		return s.g.err
	}
	return err
}
