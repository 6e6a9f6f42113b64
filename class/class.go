// Package class is one run shared by a class: the presenter's terminal
// programs publish its state, and every follower's program is woken by
// each change and draws that state itself, at its own size and in its own
// colours. A state is what a session file holds (lab.Session.Snapshot):
// the options and how far the run went, so a follower rebuilds it exactly
// (lab.Session.Track) instead of mirroring a screen of another size.
//
// Every seat's program runs on the server, yet its screen is a student's:
// a state names no path of the server's. A --data file is named by its
// base name (mydata.csv, never /home/lecturer/course/mydata.csv), and the
// session file a run came from (--session) not at all; the points are in
// the state, so no seat opens either.
//
// It knows nothing of SSH or of terminals: package serve seats each SSH
// connection, package tui is each seat's program. Every method is safe
// for concurrent use.
package class

import (
	"cmp"
	"path/filepath"
	"slices"
	"sync"
	"time"
	"unicode/utf8"

	"kernelscope/internal/safetext"
	"kernelscope/lab"
	"kernelscope/learn"
)

// Role is what a seat may do with the shared run.
type Role int

const (
	// Follower sees the presenter's run and may break away to a copy of
	// its own; it never changes the shared run.
	Follower Role = iota
	// Presenter changes the shared run: every key of theirs that changes
	// their run changes everyone's.
	Presenter
)

func (r Role) String() string {
	if r == Presenter {
		return "presenter"
	}
	return "follower"
}

// Member is one seat as the class lists it.
type Member struct {
	// ID is the seat's number, unique for the life of the class.
	ID int
	// Name is the SSH user name as the class keeps it (Name: cleaned, at
	// most MaxName characters), Fingerprint the SHA256 fingerprint of the
	// key the seat logged in with ("" without one).
	Name, Fingerprint string
	Role              Role
	// Joined is when the seat joined; Away reports a follower on a copy
	// of its own (broken away).
	Joined time.Time
	Away   bool
}

// State is the shared run as the presenter last published it.
type State struct {
	// Seq counts publications (0: the run the class started with, before
	// any presenter published).
	Seq uint64
	// Run is the presenter's session as a session file holds it
	// (lab.Session.Snapshot), naming no path of the server's (shared);
	// it is never changed once published.
	Run lab.Options
	// Mark tells the presenter's states apart (lab.SessionMark): two
	// states of one run (Mark.SameRun) differ only in their steps.
	Mark lab.SessionMark
	// Shown is which of the averaged and voted perceptrons' functions
	// the presenter's region draws (A): a view of the run that every
	// follower shows too.
	Shown learn.EnsembleMember
	// By is the presenter who published it ("" before any did), Seat
	// the ID of that presenter's seat (0 before any did). Marks are a
	// session's own: two states are of one run only when the same seat
	// published both.
	By   string
	Seat int
}

// SameRun reports whether st is a state of the run o is a state of: one
// seat published both, and they differ only in their steps.
func (st State) SameRun(o State) bool {
	return st.Seq > 0 && o.Seq > 0 && st.Seat == o.Seat && st.Mark.SameRun(o.Mark)
}

// Class is one shared run and the seats that watch it.
type Class struct {
	mu     sync.Mutex
	state  State
	seats  map[int]*Seat
	nextID int
	now    func() time.Time
	// quiz is the presenter's quiz (quiz.go).
	quiz quizState
	// left counts the times the last presenter seat left (Presence.Left).
	left uint64
}

// New opens a class on start, the run every seat sees until a presenter
// publishes one (lab.Session.Snapshot of the run the server opened).
func New(start lab.Options) *Class {
	return &Class{state: State{Run: shared(frozen(start))}, seats: map[int]*Seat{}, now: time.Now}
}

// A Seat is one program's place in the class: how it is told of changes,
// and how a presenter publishes.
type Seat struct {
	c      *Class
	member Member
	// wake holds one token when something changed since the seat last
	// looked: the state, or who is watching.
	wake chan struct{}
	left bool
}

// Join seats a program; its Member's ID and Joined are the class's, and
// its name is name as the class keeps it (Name: cleaned, and cut to
// MaxName characters), which every list, status and score then shows.
func (c *Class) Join(name, fingerprint string, role Role) *Seat {
	name = Name(name)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nextID++
	s := &Seat{c: c, wake: make(chan struct{}, 1)}
	s.member = Member{ID: c.nextID, Name: name, Fingerprint: fingerprint, Role: role, Joined: c.now()}
	c.seats[s.member.ID] = s
	c.wakeAll(nil)
	return s
}

// Leave takes the seat out of the class (its program ended); a seat left
// twice, or used after, does nothing.
func (s *Seat) Leave() {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.left {
		return
	}
	s.left = true
	c.dropAnswer(s)
	delete(c.seats, s.member.ID)
	if s.member.Role == Presenter && c.presenters() == 0 {
		c.left++
	}
	if c.quiz.On && c.quiz.Seat == s.member.ID {
		c.endQuiz() // its presenter's program ended (it wakes every seat)
		return
	}
	c.wakeAll(nil)
}

// Member is the seat as the class lists it.
func (s *Seat) Member() Member {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	return s.member
}

// Wake is signalled (one token, never blocking the sender) when the state
// or the seats changed since the seat last took the token.
func (s *Seat) Wake() <-chan struct{} { return s.wake }

// State is the shared run now.
func (s *Seat) State() State {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	return s.c.state
}

// Publish makes run (the presenter's lab.Session.Snapshot, at mark) the
// shared run, wakes every other seat and returns the state published. A
// follower's publish does nothing and reports false. The run is copied where the presenter's
// session may change it later (its points), so a state once published
// never changes.
func (s *Seat) Publish(run lab.Options, mark lab.SessionMark, shown learn.EnsembleMember) (State, bool) {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.member.Role != Presenter || s.left {
		return State{}, false
	}
	prev := c.state
	if prev.Seq > 0 && prev.Seat == s.member.ID && mark.SameRun(prev.Mark) {
		// Only the steps moved: the points are the ones published.
		run.Points, run.Raw, run.Header = prev.Run.Points, prev.Run.Raw, prev.Run.Header
	} else {
		run = frozen(run)
	}
	c.state = State{Seq: prev.Seq + 1, Run: shared(run), Mark: mark, Shown: shown, By: s.member.Name, Seat: s.member.ID}
	c.wakeAll(s)
	return c.state, true
}

// SetAway records whether a follower is on a copy of its own, for the
// presenter's list; one on its own answers the presenter's quiz no more
// (an answer it gave to the open question is dropped).
func (s *Seat) SetAway(away bool) {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.member.Away != away && !s.left {
		s.member.Away = away
		if away {
			c.dropAnswer(s) // its quiz is its own from now on
		}
		c.wakePresenters()
	}
}

// Members lists the seats, presenters first, then by when they joined.
func (s *Seat) Members() []Member {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.members()
}

func (c *Class) members() []Member {
	ms := make([]Member, 0, len(c.seats))
	for _, s := range c.seats {
		ms = append(ms, s.member)
	}
	slices.SortFunc(ms, func(a, b Member) int {
		return cmp.Or(cmp.Compare(b.Role, a.Role), cmp.Compare(a.ID, b.ID))
	})
	return ms
}

// Watching counts the followers (the seats that are not presenters).
func (s *Seat) Watching() int {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.watching()
}

func (c *Class) watching() int {
	n := 0
	for _, s := range c.seats {
		if s.member.Role == Follower {
			n++
		}
	}
	return n
}

// Presence is who presents the class now, as a follower tells its
// student: that the presenter left, and that one is back.
type Presence struct {
	// Presenters counts the presenter seats; Name is the name of the one
	// that joined first ("" with none).
	Presenters int
	Name       string
	// Left counts the times the last presenter seat left the class, so
	// that a follower that looks only after a presenter left and another
	// joined still learns that the lecture had stopped.
	Left uint64
}

// Presence is who presents now.
func (s *Seat) Presence() Presence {
	c := s.c
	c.mu.Lock()
	defer c.mu.Unlock()
	p := Presence{Left: c.left}
	first := 0
	for id, st := range c.seats {
		if st.member.Role != Presenter {
			continue
		}
		p.Presenters++
		if first == 0 || id < first {
			first, p.Name = id, st.member.Name
		}
	}
	return p
}

// presenters counts the presenter seats. c.mu is held.
func (c *Class) presenters() int {
	n := 0
	for _, s := range c.seats {
		if s.member.Role == Presenter {
			n++
		}
	}
	return n
}

// Seats counts every seat, presenters too.
func (c *Class) Seats() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.seats)
}

// wakeAll wakes every seat but except (nil: all). c.mu is held.
func (c *Class) wakeAll(except *Seat) {
	for _, s := range c.seats {
		if s != except {
			s.poke()
		}
	}
}

// wakePresenters wakes the presenters. c.mu is held.
func (c *Class) wakePresenters() {
	for _, s := range c.seats {
		if s.member.Role == Presenter {
			s.poke()
		}
	}
}

// poke leaves a token in the seat's wake, unless one waits there.
func (s *Seat) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// shared is o as the class shows it to every seat: its data file by its
// base name and no session file (the package's doc says why). A seat's
// program names its data from these options alone (lab.Session.Name, R's
// command line, the d cycle's "your file"), so what it names is this.
func shared(o lab.Options) lab.Options {
	if o.File != "" {
		o.File = filepath.Base(o.File)
	}
	o.Session = ""
	return o
}

// frozen is o with the slices a session may change later copied.
func frozen(o lab.Options) lab.Options {
	o.Points = slices.Clone(o.Points)
	o.Raw = slices.Clone(o.Raw)
	o.Header = slices.Clone(o.Header)
	o.Replay.AppendedAt = slices.Clone(o.Replay.AppendedAt)
	return o
}

// MaxName is the most characters of a user name a seat keeps: enough for
// any name a person types, while a name of 20 000 characters (SSH sets no
// limit) would fill the presenter's list and every follower's status.
const MaxName = 32

// Name is a user name as the class keeps it: cleaned of what must not
// reach a terminal (safetext.Clean), then cut to MaxName characters at a
// rune boundary, the last of them an ellipsis, when longer.
func Name(name string) string {
	name = safetext.Clean(name)
	if utf8.RuneCountInString(name) <= MaxName {
		return name
	}
	cut, n := 0, 0
	for i := range name {
		if n == MaxName-1 {
			cut = i
			break
		}
		n++
	}
	return name[:cut] + "…"
}
