// Package edit is the cursor on the region and editing the points by hand:
// the arrows (⇧ ×5), v (the next support vector), 0–9 (the example typed),
// o and x (a +1 or −1 point at the cursor), del, and the mouse (a click
// adds a +1 point, a right click a −1 point, a middle click deletes the
// nearest). Edited points become the user's own data (lab.Session).
package edit

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"kernelscope/lab"
	"kernelscope/learn"
	"kernelscope/notation"
	"kernelscope/tui/action"
	"kernelscope/tui/common"
)

// Session is what editing reads and changes of the training session.
type Session interface {
	Options() lab.Options
	Learner() learn.Learner
	View() learn.Rect
	Yours() *lab.Options
	Full() bool
	ErrFullNow() error
	WouldReplaceYours() bool
	AddPoint(x1, x2 float64, y int) (kept bool, err error)
	DeletePoint(x1, x2, radius float64) bool
}

// Region is the region's plot as editing sees it: its cursor and the
// input point of each cell.
type Region interface {
	HasPlot() bool
	PlotWidth() int
	Cursor() (cx, cy int, on bool)
	PlaceCursor(cx, cy int)
	// ShowCursor shows the cursor where it was and reports whether it was
	// hidden.
	ShowCursor() bool
	MoveCursor(dir string)
	ToNextSupportVector() int
	ToExample(j int) bool
	Under() []int
	At(cx, cy int) (x1, x2 float64)
}

// holdoutWhy says why points cannot be added or deleted while rows are
// held out.
const holdoutWhy = "rows are held out as test data: an added or deleted point would move rows across the split; h puts them back first"

// Model is the cursor and editing: the session's points, the region's
// cursor, and what was typed and asked so far.
type Model struct {
	s      Session
	region Region
	host   common.Host
	keys   keys
	// typed is the example number typed so far with 0–9 (see goTo).
	typed string
	// armed: an edit that would drop unsaved points of yours asked for a
	// second press; confirmed: this key is that press.
	armed, confirmed bool
	// TwinName is the learner beside this one in comparison mode ("": none),
	// which an added point starts again from α = 0.
	TwinName func() string
}

// New makes the editing of s's points on region; host says what happened.
func New(s Session, region Region, host common.Host) *Model {
	e := &Model{s: s, region: region, host: host}
	e.keys = newKeys(e)
	return e
}

// Observe sees every key and click before it is answered: a press that
// follows a question about dropping your points answers it, any other
// input drops the question, and any key but a digit ends a number typed.
func (e *Model) Observe(msg tea.Msg) {
	e.confirmed, e.armed = e.armed, false
	if k, ok := msg.(tea.KeyPressMsg); ok && !e.keys.Goto.Has(k) {
		e.typed = ""
	}
}

// askBeforeEdit asks for a second press before an edit that would
// replace unsaved points of other data (editing makes the shown data
// yours), and reports whether it asked.
func (e *Model) askBeforeEdit(again string) bool {
	if !e.s.WouldReplaceYours() || e.confirmed {
		return false
	}
	e.armed = true
	e.host.Say(fmt.Sprintf("editing these points makes them yours and drops your %s: %s to go on, or d/D to go back to them and w to save", notation.Count(len(e.s.Yours().Points), "unsaved point"), again))
	return true
}

func (e *Model) addAtCursor(y int) {
	if !e.region.HasPlot() {
		return
	}
	e.region.ShowCursor()
	cx, cy, _ := e.region.Cursor()
	e.addAt(cx, cy, y)
}

func (e *Model) addAt(cx, cy, y int) {
	x1, x2 := e.region.At(cx, cy)
	x1, x2 = roundCoord(x1), roundCoord(x2)
	kept, err := e.s.AddPoint(x1, x2, y)
	if err != nil {
		e.host.Say("could not add the point: " + err.Error())
		return
	}
	what := "α kept, training goes on and visits it this pass"
	if !kept {
		what = "α reset: the SVM solves its problem anew for the new data (c solves it)"
	}
	if e.TwinName != nil {
		if twin := e.TwinName(); twin != "" {
			what += "; the " + twin + " beside it starts again from α = 0"
		}
	}
	at := fmt.Sprintf("(%s, %s)", learn.Num(x1), learn.Num(x2))
	if e.s.Options().OneD() {
		at = "x = " + learn.Num(x1) // on the line
	}
	e.host.Say(fmt.Sprintf("added %s with y = %s (n = %d): %s", at, learn.Sign(y), len(e.s.Options().Points), what))
}

// roundCoord rounds a clicked coordinate to 3 decimals, so saved points
// read tidily, where that is still a change far below the cell size.
func roundCoord(v float64) float64 {
	if math.Abs(v) > 1e12 {
		return v
	}
	return math.Round(v*1000) / 1000
}

func (e *Model) deleteAtCursor() {
	if e.region.ShowCursor() {
		e.host.Say("move the cursor to a point and press del again")
		return
	}
	cx, cy, _ := e.region.Cursor()
	e.deleteAt(cx, cy)
}

func (e *Model) deleteAt(cx, cy int) {
	x1, x2 := e.region.At(cx, cy)
	// Within two cells of the cursor.
	v := e.s.View()
	radius := 2 * (v.MaxX1 - v.MinX1) / float64(max(1, e.region.PlotWidth()))
	if e.s.DeletePoint(x1, x2, radius) {
		e.host.Say(fmt.Sprintf("deleted the point nearest (%s, %s): α reset (n = %d)", learn.Num(x1), learn.Num(x2), len(e.s.Options().Points)))
	} else {
		e.host.Say("no point within two cells of the cursor")
	}
}

// Click answers a mouse button at cell (cx, cy) of the plot: the left
// button adds a +1 point, the right a −1 point, the middle deletes the
// nearest.
func (e *Model) Click(button tea.MouseButton, cx, cy int) {
	if e.s.Options().Holdout.On() {
		// An edit would move rows across the split, as the keys say.
		e.host.Say(holdoutWhy)
		return
	}
	e.host.StopPlayer()
	if e.askBeforeEdit("click again") {
		return
	}
	e.region.PlaceCursor(cx, cy)
	switch button {
	case tea.MouseLeft:
		e.addAt(cx, cy, 1)
	case tea.MouseRight:
		e.addAt(cx, cy, -1)
	case tea.MouseMiddle:
		e.deleteAt(cx, cy)
	}
}

// goTo answers a digit key: the digits typed in a row name an example, and
// the cursor jumps to it at once, so "1" then "2" visits x₁ and then x₁₂.
// A digit that would name an example past the last starts a new number, and
// any other key ends it (Observe).
func (e *Model) goTo(digit string) {
	l := e.s.Learner()
	n := l.N()
	typed := e.typed + digit
	if i, err := strconv.Atoi(typed); err != nil || i < 1 || i > n {
		typed = digit
	}
	i, err := strconv.Atoi(typed)
	if err != nil || i < 1 || i > n {
		e.typed = ""
		e.host.Say(fmt.Sprintf("no example %s: they are numbered 1 to %d", digit, n))
		return
	}
	e.typed = typed
	j := i - 1
	x, sub := l.X(j), learn.Sub(i)
	if !e.region.ToExample(j) {
		e.host.Say(fmt.Sprintf("x%s = (%s, %s) is outside the plot's view", sub, learn.Num(x.X1), learn.Num(x.X2)))
		return
	}
	msg := fmt.Sprintf("cursor on x%s = (%s, %s), y = %s, α%s = %s",
		sub, learn.Num(x.X1), learn.Num(x.X2), learn.Sign(l.Y(j)), sub, learn.Num(l.Alpha(j)))
	if i*10 <= n {
		msg += fmt.Sprintf("; another digit goes on to x%s…", learn.Sub(i*10))
	}
	e.host.Say(msg)
}

// Probe answers "what does it predict here, and why?" for the cursor's
// cell: its point, f there as the sum of the notes (notation.Probe), the
// prediction, and which examples share the cell; "" when the cursor is
// hidden or there is no plot.
func (e *Model) Probe() string {
	cx, cy, on := e.region.Cursor()
	if !on || !e.region.HasPlot() {
		return ""
	}
	x1, x2 := e.region.At(cx, cy)
	l := e.s.Learner()
	text := "cursor: " + notation.Probe(l, l.Config().Tie, x1, x2)
	if e.s.Options().OneD() {
		text = "cursor: " + notation.ProbeLine(l, l.Config().Tie, x1) // on the line, f(x)
	}
	if here := e.region.Under(); len(here) > 0 {
		names := make([]string, len(here))
		for k, i := range here {
			names[k] = "x" + learn.Sub(i+1)
		}
		text += "   here: " + strings.Join(names, ", ")
	}
	return text
}

// Actions are the cursor and editing keys, in the full help's order.
func (e *Model) Actions() action.List {
	k := e.keys
	return action.List{k.up, k.down, k.left, k.right, k.nextSV, k.Goto, k.addPos, k.addNeg, k.Delete}
}

// MouseHelp are the full help's lines for the mouse, which no key does:
// new actions each call, since the help enables and dims a program's own.
func MouseHelp() []*action.Action {
	var out []*action.Action
	for _, h := range [][2]string{{"click", "add a +1 point"}, {"r-click", "add a −1 point"}, {"m-click", "delete nearest"}} {
		out = append(out, action.New(action.GroupEdit, h[0], h[1], "mouse:"+h[0]))
	}
	return out
}
