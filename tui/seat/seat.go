// Package seat is the program's place in a class over SSH (package
// class): a presenter's program publishes its run after every change; a
// follower's follows the presenter's, drawn at its own size, breaks away
// to a copy of its own at the first key that changes the run, and rejoins
// with j. It owns the keys of the class (j rejoins, W lists who watches),
// the line the status gives it, the banner of a follower on its own, and
// the presenter's list of who is watching (who.go).
package seat

import (
	"cmp"
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"kernelscope/class"
	"kernelscope/internal/heavy"
	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/tui/common"
)

// Session is what following needs of the training session.
type Session interface {
	Mark() lab.SessionMark
	Shown() learn.EnsembleMember
	Show(m learn.EnsembleMember)
	Snapshot() lab.Options
	Track(o lab.Options, sameRun bool) lab.Tracking
	Adopt(n *lab.Session) lab.FieldJob
	Confinement() lab.Confinement
	Peek() (learn.Step, bool)
	Last() (lab.Shown, bool)
}

// Host is the program around the seat: the message bar, the player (a
// follower's stops when the presenter's state comes), and how a field job
// runs.
type Host interface {
	Say(msg string)
	StopPlayer()
	Field(job lab.FieldJob) tea.Cmd
}

// FollowerFrame is the shortest time between two states a follower draws:
// ten a second, however fast the presenter's autoplay publishes; the
// presenter's program keeps its --fps.
const FollowerFrame = time.Second / 10

// Model is one program's seat; a nil *Model is a program that is in no
// class, and every method of it does nothing.
type Model struct {
	seat *class.Seat
	role class.Role
	s    Session
	q    Quiz
	host Host
	// done ends the command that waits for the class to change (the
	// program quit).
	ctx    context.Context
	cancel context.CancelFunc

	// A follower: the presenter's state it shows (Seq 0 before any
	// publish: the class's starting run), whether it is on its own, the
	// state being opened off the UI path (0: none), when it last showed
	// a state, and whether a tick for the next one is pending.
	followed  class.State
	away      bool
	opening   uint64
	shownAt   time.Time
	scheduled bool
	catching  bool // a chain of catch-up chunks is under way

	// The session's mark when it last published or followed a state (a
	// presenter publishes when it moves from there).
	published lab.SessionMark

	// The class's quiz (quiz.go). A presenter's: whether its quiz mode
	// is the class's, and the mark the open question is about (when
	// askedOK). A follower's: the quiz it follows (class.Quiz.ID; 0:
	// none), and the one it left with Q, not followed again.
	quizzing         bool
	asked            lab.SessionMark
	askedOK          bool
	inQuiz, declined uint64

	watching int
	// presence is who presented when the seat last looked: a follower
	// tells its student when the last presenter leaves, and when one
	// comes back.
	presence class.Presence
	// who is the presenter's list of who is watching (W).
	who  Who
	keys keys
	now  func() time.Time
}

// New seats a program's session s and its quiz mode q in the class
// through seat: followed is the state s was opened on (the class's at the
// time).
func New(seat *class.Seat, s Session, q Quiz, host Host, followed class.State) *Model {
	m := &Model{seat: seat, role: seat.Member().Role, s: s, q: q, host: host, followed: followed, now: time.Now}
	if m.role == class.Presenter {
		q.Present()
	}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.who = Who{seat: seat}
	m.who.keys = newWhoKeys(&m.who)
	m.keys = newKeys(m)
	m.watching, m.presence = seat.Watching(), seat.Presence()
	m.published = s.Mark()
	return m
}

// wakeMsg says the class changed (its state or its seats); dueMsg that a
// follower's next frame is due.
type (
	wakeMsg    struct{}
	dueMsg     struct{}
	catchUpMsg struct{}
)

// openedMsg is a state of the presenter's, opened off the UI path.
type openedMsg struct {
	st  class.State
	s   *lab.Session
	err error
}

// Init starts listening to the class; a presenter publishes the state it
// opened on, so that a class started before it joined shows its run.
func (m *Model) Init() tea.Cmd {
	if m == nil {
		return nil
	}
	if m.role == class.Presenter && m.seat.State().Seq == 0 {
		m.publish(true) // the first presenter's run is the class's
	}
	m.followQuiz() // a follower joining mid-quiz gets the open question
	return m.wait()
}

// wait is the command that waits for the class to change, until the
// program ends (Close).
func (m *Model) wait() tea.Cmd {
	wake, done := m.seat.Wake(), m.ctx.Done()
	return func() tea.Msg {
		select {
		case <-wake:
			return wakeMsg{}
		case <-done:
			return nil
		}
	}
}

// Close ends the seat: the waiting command returns and the class lists the
// seat no more.
func (m *Model) Close() {
	if m == nil {
		return
	}
	m.cancel()
	m.seat.Leave()
}

// Update takes the class's messages; it reports false for a message that
// is not one.
func (m *Model) Update(msg tea.Msg) (tea.Cmd, bool) {
	if m == nil {
		return nil, false
	}
	switch msg := msg.(type) {
	case wakeMsg:
		m.watching = m.seat.Watching()
		m.notePresence()
		switch {
		case m.away:
			return m.wait(), true
		case m.role == class.Presenter:
			m.who.refresh() // who joined, left, went their own way or answered
			return common.Batch(m.follow(), m.wait()), true
		}
		if due := m.shownAt.Add(FollowerFrame); m.now().Before(due) {
			m.scheduled = true
			return tea.Tick(due.Sub(m.now()), func(time.Time) tea.Msg { return dueMsg{} }), true
		}
		return common.Batch(m.catchUp(), m.wait()), true
	case dueMsg:
		m.scheduled = false
		if m.away {
			return m.wait(), true
		}
		return common.Batch(m.catchUp(), m.wait()), true
	case catchUpMsg:
		m.catching = false
		if m.away {
			return nil, true
		}
		return m.catchUp(), true
	case openedMsg:
		cmd := m.opened(msg)
		m.followQuiz()
		return cmd, true
	}
	return nil, false
}

// catchUp is a follower's follow, then its quiz following the
// presenter's (after the step that may reveal its answer).
func (m *Model) catchUp() tea.Cmd {
	cmd := m.follow()
	m.followQuiz()
	return cmd
}

// follow brings the session to the class's state: by steps when it is
// the same run a few steps on or back, else by opening it off the UI path
// (one opening at a time; the newest state is opened when it is back). A
// presenter follows the others' changes (several presenters share one
// run), and never publishes what it followed.
func (m *Model) follow() tea.Cmd {
	st := m.seat.State()
	if m.role == class.Follower {
		m.shownAt = m.now()
	}
	if st.Seq == m.followed.Seq || m.opening != 0 {
		return nil
	}
	if st.Seat == m.seat.Member().ID {
		m.followed = st // its own
		return nil
	}
	m.host.StopPlayer()
	switch m.s.Track(st.Run, st.SameRun(m.followed) || st.Seq == 0 && m.followed.Seq == 0) {
	case lab.Tracked:
		m.took(st)
		return nil
	case lab.Behind:
		// Far behind in the same run (the presenter ran to convergence):
		// catch up a chunk at a time, keys answered in between, one
		// chain of chunks however many wake-ups come meanwhile.
		if m.catching {
			return nil
		}
		m.catching = true
		return func() tea.Msg { return catchUpMsg{} }
	}
	m.opening = st.Seq
	ctx, confined := m.ctx, m.s.Confinement()
	return func() tea.Msg {
		release, ok := heavy.Acquire(ctx)
		defer release()
		if !ok {
			return nil // the program ended
		}
		s, err := lab.OpenFollowed(ctx, st.Run, confined)
		return openedMsg{st, s, err}
	}
}

// took records that the session now shows st: a presenter's publishes
// only what changes after it.
func (m *Model) took(st class.State) {
	m.s.Show(st.Shown)
	m.followed = st
	m.published = m.s.Mark()
}

// opened adopts a state opened off the UI path, unless the follower broke
// away or the class moved on meanwhile (then the newest state is followed).
func (m *Model) opened(msg openedMsg) tea.Cmd {
	m.opening = 0
	if m.away || m.ctx.Err() != nil {
		return nil
	}
	if cur := m.seat.State(); cur.Seq != msg.st.Seq && (msg.err != nil || !cur.SameRun(msg.st)) {
		// Another run since: open that one. (A state of the same run is
		// adopted and then tracked, or a presenter stepping faster than
		// a run opens would keep a follower opening forever.)
		return m.follow()
	}
	if msg.err != nil {
		m.host.Say("could not follow the presenter's run: " + msg.err.Error())
		m.followed = msg.st // not tried again until the presenter changes it
		return nil
	}
	m.host.StopPlayer()
	job := m.s.Adopt(msg.s)
	m.took(msg.st)
	return common.Batch(m.host.Field(job), m.follow())
}

// Watch is called by the program after each message it handled, with the
// mark the session had and whether a run of the player's, the quiz or
// comparison mode was on before it: a presenter publishes a changed run
// (and runs the class's quiz); a follower whose own key or click changed
// the run (or started one) is on its own from then on, its quiz its own.
// A follower's answer to the presenter's quiz changes nothing: it stays.
func (m *Model) Watch(before lab.SessionMark, wasActive, active, fromUser bool) {
	if m == nil {
		return
	}
	if m.role == class.Presenter {
		m.publish(false)
		m.present()
		m.who.refresh() // a reveal scored the answers
		return
	}
	if m.away || !fromUser {
		return
	}
	// The presenter's quiz coming on (j during it, or the quiz following
	// the presenter's) is not the follower's own.
	if m.s.Mark() != before || active && !wasActive && !m.q.Following() {
		m.away = true
		m.seat.SetAway(true)
		m.q.Own()
		m.inQuiz = 0
		return
	}
	if m.inQuiz != 0 && !m.q.Following() {
		m.declined, m.inQuiz = m.inQuiz, 0 // it left the presenter's quiz (Q)
	}
}

// notePresence tells a follower's student that the last presenter left
// (the run stays as the presenter left it), and that a presenter came
// (back), when either happened since the seat last looked.
func (m *Model) notePresence() {
	was, now := m.presence, m.seat.Presence()
	m.presence = now
	if m.role != class.Follower {
		return
	}
	left := now.Left != was.Left // the last presenter left meanwhile
	switch {
	case now.Presenters == 0 && (was.Presenters > 0 || left):
		if m.away {
			m.host.Say("the presenter left; j shows the last state of the lecture")
		} else {
			m.host.Say("the presenter left; you see the last state of the lecture")
		}
	case now.Presenters > 0 && (was.Presenters == 0 || left):
		if now.Left > 0 {
			m.host.Say(now.Name + " is presenting again")
		} else {
			m.host.Say(now.Name + " is presenting")
		}
	}
}

// Left reports whether a follower's class has no presenter now, after
// it had one: the lecture stopped where the presenter left it.
func (m *Model) Left() bool {
	return m != nil && m.role == class.Follower && m.presence.Presenters == 0 && m.presence.Left > 0
}

// publish gives the class the presenter's run when it changed (always
// when first).
func (m *Model) publish(first bool) {
	mark, shown := m.s.Mark(), m.s.Shown()
	if !first && mark == m.published && shown == m.followed.Shown {
		return
	}
	if st, ok := m.seat.Publish(m.s.Snapshot(), mark, shown); ok {
		m.published, m.followed = mark, st
	}
}

// rejoin drops the follower's copy and shows the presenter's run as it is
// now.
func (m *Model) rejoin() tea.Cmd {
	m.away = false
	m.seat.SetAway(false)
	m.followed = class.State{Seq: ^uint64(0)} // whatever the class's, open it
	m.host.StopPlayer()
	m.host.Say("back with the lecture")
	return m.catchUp()
}

// Guest reports whether the program is a follower's: it touches no file of
// the server's and keeps a follower's limits.
func (m *Model) Guest() bool { return m != nil && m.role == class.Follower }

// Away reports whether a follower is on a copy of its own.
func (m *Model) Away() bool { return m != nil && m.away }

// Status is what the status line says of the class: who is followed and
// how many watch, that the presenter left, or that the follower is on
// its own; and its short form, which the status line takes when the full
// one does not fit.
func (m *Model) Status() (full, short string) {
	if m == nil {
		return "", ""
	}
	watching := fmt.Sprintf("%d watching", m.watching)
	switch {
	case m.role == class.Presenter:
		return "presenting · " + watching, fmt.Sprintf("presenting · %d", m.watching)
	case m.away:
		return "on your own — j rejoins the lecture", "on your own (j rejoins)"
	}
	by := safetext.Clean(m.followed.By)
	if m.Left() {
		who := cmp.Or(by, "the presenter")
		return who + " left · their last state · " + watching, who + " left"
	}
	name := cmp.Or(by, "the lecture")
	return "following " + name + " · " + watching, "following " + name
}

// Seq is the publication of the class's state the seat shows now.
func (m *Model) Seq() uint64 { return m.followed.Seq }

// Idle reports whether nothing of the seat's is under way: no frame due,
// no run being opened, no catch-up (tests wait for it).
func (m *Model) Idle() bool { return m == nil || !m.scheduled && m.opening == 0 && !m.catching }

// Who is the presenter's list of who is watching (W; nil outside a
// class): the program draws it over the screen while it is open, and
// gives it the keys first.
func (m *Model) Who() *Who {
	if m == nil {
		return nil
	}
	return &m.who
}
