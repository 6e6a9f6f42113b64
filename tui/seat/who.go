package seat

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"kernelscope/class"
	"kernelscope/tui/action"
	"kernelscope/tui/common"
)

// Who is the presenter's list of who is watching (W): one student a line
// (the name, the start of the key's fingerprint, whether they follow or
// are on their own, and their score in the quiz on or last ended), sorted
// by name or by score (s), a page at a time (← →). It covers the screen
// but the key line, as the full help does: the program gives it the keys
// first while it is open, and any key not its own closes it rather than
// act unseen behind it.
//
// The rows are read from the class when the list opens and whenever the
// class wakes the presenter's seat (a seat joined, left, went its own way
// or answered), so View only draws.
type Who struct {
	seat *class.Seat
	th   *common.Theme
	keys whoKeys
	w, h int
	open bool
	// page is the page shown (View shows the last one when fewer are
	// left); byScore sorts by score instead of by name.
	page    int
	byScore bool

	rows []whoRow
	// watching counts the followers (the rows of students still in the
	// class); quiz is the score column's heading ("quiz" while the quiz
	// is on, "last quiz" after it, "" with no scores).
	watching int
	quiz     string
}

// whoRow is one student of the list: a follower's seat, or a student
// who scored in the quiz and has left since.
type whoRow struct {
	name, fingerprint string
	away, gone        bool
	scored            bool
	right, asked      int
}

// label is the student's name, "(no name)" for an empty one (a user
// name of control characters only, cleaned away).
func (r whoRow) label() string { return cmp.Or(r.name, "(no name)") }

// state is what the row says of the student: following, on their own,
// or left.
func (r whoRow) state() string {
	switch {
	case r.gone:
		return "left"
	case r.away:
		return "on their own"
	}
	return "following"
}

// score is the row's score, "3/6" ("" with none).
func (r whoRow) score() string {
	if !r.scored {
		return ""
	}
	return fmt.Sprintf("%d/%d", r.right, r.asked)
}

// Open reports whether the list is on screen.
func (v *Who) Open() bool { return v != nil && v.open }

// Toggle opens the list (read afresh) or closes it.
func (v *Who) Toggle() {
	if v.open {
		v.Close()
		return
	}
	v.open, v.page = true, 0
	v.refresh()
}

// Close takes the list off the screen.
func (v *Who) Close() {
	if v != nil {
		v.open = false
	}
}

// Keys are the keys the open list answers, in its one-line help's order
// (none when it is closed).
func (v *Who) Keys() action.List {
	if !v.Open() {
		return nil
	}
	return v.keys.list()
}

// SetSize gives the list its size, border included: the screen but the
// key line.
func (v *Who) SetSize(w, h int) {
	if v != nil {
		v.w, v.h = max(0, w), max(0, h)
	}
}

// SetTheme gives the list the program's theme.
func (v *Who) SetTheme(th *common.Theme) {
	if v != nil {
		v.th = th
	}
}

// refresh reads the followers and the quiz's scores from the class and
// sorts them; a student's score is theirs by key (class.Member.Student),
// on every seat their key holds.
func (v *Who) refresh() {
	if !v.Open() {
		return
	}
	scores := v.seat.Scores()
	byStudent := make(map[string]class.Score, len(scores))
	for _, sc := range scores {
		byStudent[scoreStudent(sc)] = sc
	}
	seen := make(map[string]bool, len(scores))
	v.rows = v.rows[:0]
	for _, mb := range v.seat.Members() {
		if mb.Role != class.Follower {
			continue
		}
		r := whoRow{name: mb.Name, fingerprint: mb.Fingerprint, away: mb.Away}
		if sc, ok := byStudent[mb.Student()]; ok {
			r.scored, r.right, r.asked = true, sc.Right, sc.Asked
			seen[mb.Student()] = true
		}
		v.rows = append(v.rows, r)
	}
	v.watching = len(v.rows)
	for _, sc := range scores {
		if !seen[scoreStudent(sc)] {
			v.rows = append(v.rows, whoRow{name: sc.Name, fingerprint: sc.Fingerprint, gone: true, scored: true, right: sc.Right, asked: sc.Asked})
		}
	}
	v.quiz = ""
	if len(scores) > 0 {
		v.quiz = "last quiz"
		if v.seat.Quiz().On {
			v.quiz = "quiz"
		}
	}
	if v.quiz == "" {
		v.byScore = false
	}
	byName := func(a, b whoRow) int {
		return cmp.Or(strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name)),
			strings.Compare(a.name, b.name), strings.Compare(a.fingerprint, b.fingerprint))
	}
	order := byName
	if v.byScore {
		// Scored students first, best first: the most parts right, then
		// the fewest wrong (as class.Seat.Scores sorts them).
		order = func(a, b whoRow) int {
			if a.scored != b.scored {
				if a.scored {
					return -1
				}
				return 1
			}
			return cmp.Or(cmp.Compare(b.right, a.right), cmp.Compare(a.asked-a.right, b.asked-b.right), byName(a, b))
		}
	}
	slices.SortStableFunc(v.rows, order)
	other := "sort by score"
	if v.byScore {
		other = "sort by name"
	}
	v.keys.order.Binding.SetHelp("s", other)
	v.page = v.shownPage()
}

// scoreStudent is who a score belongs to, as class.Member.Student names
// a seat's student.
func scoreStudent(sc class.Score) string {
	return class.Member{Name: sc.Name, Fingerprint: sc.Fingerprint}.Student()
}

// top is the lines above the rows in a box of ih inner lines: the
// header, and the column headings when there is room for a row below.
func top(ih int) int {
	if ih >= 3 {
		return 2
	}
	return 1
}

// perPage is the rows a page holds (at least one).
func (v *Who) perPage() int {
	_, ih := common.Inner(v.w, v.h)
	return max(1, ih-top(ih))
}

// pages counts the pages (at least one, for an empty list).
func (v *Who) pages() int {
	per := v.perPage()
	return max(1, (len(v.rows)+per-1)/per)
}

// shownPage is the page View shows: the one paged to, or the last when
// the list got shorter or the screen taller since.
func (v *Who) shownPage() int { return min(max(0, v.page), v.pages()-1) }

// The list's columns, a gap apart: the name, the key, the state and the
// score, each as wide as its widest cell; a name is at most class.MaxName
// characters, and its column at most as many cells (a name of wide
// characters is cut).
const whoGap = 2

// whoColumns are the columns' widths at inner width iw (0: left out).
// When the columns do not fit, the names give up width down to 12 cells,
// then the key, the state and the score are left out, in that order
// (the names taking back the room they leave); the name is cut (with …)
// last.
type whoColumns struct{ name, key, state, score int }

func (v *Who) columns(iw int) whoColumns {
	c := whoColumns{name: ansi.StringWidth("name"), key: ansi.StringWidth("key")}
	for _, r := range v.rows {
		c.name = max(c.name, min(class.MaxName, ansi.StringWidth(r.label())))
		c.key = max(c.key, ansi.StringWidth(ShortKey(r.fingerprint)))
		c.state = max(c.state, ansi.StringWidth(r.state()))
		if r.scored {
			c.score = max(c.score, ansi.StringWidth(v.quiz), ansi.StringWidth(r.score()))
		}
	}
	width := func() int {
		w := c.name
		for _, x := range []int{c.key, c.state, c.score} {
			if x > 0 {
				w += whoGap + x
			}
		}
		return w
	}
	natural := c.name
	if over := width() - iw; over > 0 {
		c.name = max(min(c.name, 12), c.name-over)
	}
	for _, drop := range []*int{&c.key, &c.state, &c.score} {
		if width() <= iw {
			break
		}
		*drop = 0
	}
	// The names take back what a column left out gave up.
	c.name = max(1, min(natural, iw-(width()-c.name)))
	return c
}

// header is the list's first line: how many watch, how many scored and
// left, the order and the page; the order, then those who left, give way
// when it does not fit in iw cells.
func (v *Who) header(iw int) string {
	count := fmt.Sprintf("%d watching", v.watching)
	left := ""
	if gone := len(v.rows) - v.watching; gone > 0 {
		left = fmt.Sprintf("%d left", gone)
	}
	order := "by name"
	if v.byScore {
		order = "by quiz score"
	}
	page := fmt.Sprintf("page %d/%d", v.shownPage()+1, v.pages())
	for _, parts := range [][]string{{count, left, order, page}, {count, left, page}, {count, page}} {
		line := strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " · ")
		if ansi.StringWidth(line) <= iw {
			return line
		}
	}
	return count + " · " + page // cut to the width by the box
}

// View draws the list in a box of the size it was given.
func (v *Who) View() string {
	if !v.Open() || v.w <= 0 || v.h <= 0 || v.th == nil {
		return strings.Join(common.Blank(v.w, v.h), "\n")
	}
	iw, ih := common.Inner(v.w, v.h)
	c := v.columns(iw)
	lines := []string{v.th.Bold.Render(common.Fit(v.header(iw), iw))}
	cell := func(s string, w int, right bool) string {
		if w == 0 {
			return ""
		}
		gap := strings.Repeat(" ", whoGap)
		if right {
			return gap + common.PadLeft(s, w)
		}
		return gap + common.Fit(s, w)
	}
	if top(ih) == 2 {
		head := common.Fit("name", c.name) + cell("key", c.key, false) + cell("", c.state, false) + cell(v.quiz, c.score, true)
		lines = append(lines, v.th.Dim.Render(common.Fit(head, iw)))
	}
	if len(v.rows) == 0 {
		lines = append(lines, common.Fit("nobody is watching yet", iw))
	}
	per := v.perPage()
	first := v.shownPage() * per
	for _, r := range v.rows[first:min(len(v.rows), first+per)] {
		state := cell(r.state(), c.state, false)
		switch {
		case r.gone:
			state = v.th.Dim.Render(state)
		case r.away:
			state = v.th.Warn.Render(state)
		}
		line := common.Fit(r.label(), c.name) + cell(ShortKey(r.fingerprint), c.key, false) + state + cell(r.score(), c.score, true)
		lines = append(lines, common.Fit(line, iw))
	}
	title := " who is watching (W or esc closes) "
	if ansi.StringWidth(title) > iw-2 {
		title = " who is watching " // the key line says how to close it
	}
	return strings.Join(common.Box(v.th, title, lines, v.w, v.h), "\n")
}
